"""``mammoth worth``: what the mammoth scoring is worth (points on against 0)."""
