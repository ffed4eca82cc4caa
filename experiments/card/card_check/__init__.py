"""``mammoth check-card``: a card against the other taming policies and one-seat deviations."""
