"""General algorithms the questions use, none of them about Stone Age: the symmetric-game solver
(:mod:`~experiments.library.symmetric_game`), Bradley-Terry strengths
(:mod:`~experiments.library.bradley_terry`), a league's lineups and sufficient statistics
(:mod:`~experiments.library.league`) and the best-first situation tree
(:mod:`~experiments.library.situation_tree`).

A module here imports no other module of :mod:`experiments` than this package's, and each has
its tests in ``tests/test_<module>.py``.
"""
