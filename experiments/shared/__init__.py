"""The machinery every question shares (see :mod:`experiments`)."""
