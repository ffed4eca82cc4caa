"""``mammoth ladder``: every player rated on one scale and priced in games per second."""
