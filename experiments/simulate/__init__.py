"""``mammoth simulate``: complete games and their per-seat table."""
