"""``mammoth tune``: a greedy-family strategy's weights tuned by the cross-entropy method."""
