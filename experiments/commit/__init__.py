"""``mammoth commit``: how many figures to commit to the taming contest, and its rule of thumb."""
