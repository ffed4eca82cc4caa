"""``mammoth analyse``: every option of a position's herd decision played out."""
