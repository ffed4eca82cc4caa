"""``mammoth serve``: a local web app to enter, check and analyse a position in one page."""
