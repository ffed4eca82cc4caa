"""``mammoth contest``: the taming contest alone, exact odds and Monte Carlo."""
