"""``mammoth metagame``: the herd decision as a game between the seats, and its equilibrium."""
