"""One profile of a meta-game played: its seats' strategies, rotated with the game index, on a
block of game indices; what each meta-game strategy won.

Shared by the meta-game (:mod:`experiments.metagame.kind`) and the card's derivation
(:mod:`experiments.card.card_derive.kind`), which solves the meta-game among its card and the
deviations that gain most against it; their statistics and tables are
:mod:`experiments.shared.analysis_metagame`'s.
"""

from __future__ import annotations

import numpy as np

from experiments.library.symmetric_game import profile_seats
from experiments.shared.analysis_metagame import seat_shares
from sim.run import Run
from sim.state import RANK
from strategies.play import play_lineup
from strategies.registry import resolve


def play_profile(
    names: list[str], counts, rules, seed: int, start: int, n: int, threads: int = 1
) -> np.ndarray:
    """Play one profile on game indices ``start ..`` with the seats rotated; return
    :func:`~experiments.shared.analysis_metagame.seat_shares` of its games, ``(n, K)``."""
    seats_of = profile_seats(counts)  # meta-game index of each seat in game 0
    players = len(seats_of)
    used = sorted(set(seats_of))
    slots = [resolve(names[k]).slot() for k in used]
    seats = [used.index(k) for k in seats_of]
    run = Run(
        slots, seats, rules=rules, seed=seed, first_game=start, n_games=n, rotate=True,
        threads=threads,
    )  # fmt: skip
    st = play_lineup(run)
    winner = st.seat[:, :players, RANK] == 1
    lineup = np.asarray(used, dtype=np.int64)[run.lineups()[:, :players]]  # meta-game indices
    return seat_shares(winner, lineup, len(names))
