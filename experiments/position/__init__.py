"""``mammoth position``: a position file written, checked and filled in on a page."""
