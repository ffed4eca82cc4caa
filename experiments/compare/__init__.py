"""``mammoth compare``: a league of strategies (rotated seats, common seeds) and their profile."""
