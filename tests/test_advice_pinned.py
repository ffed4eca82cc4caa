"""The advice entry's play is pinned: the decision tables of three small advice batches, as
played at commit 69755ef (before the entries shared one game loop, ``sim.engine_entries``).

The golden games (``tests/test_engine_version.py``) pin the games ``play_rows`` plays; these
pin what ``advise_rows`` adds to them: every decision noted (commitments and placements), its
situation and each option's played-out win share and margin. A change meant only to be faster,
or to share code between the entries, must leave every digest as it is. A change of play (one
that raises ``sim.ENGINE_VERSION``) records them again with :func:`advice_digest`.
Tables: 2, 3 and 4 players of the golden ``mixed`` line-up, the herd, 4 games, seed 5, seats
rotated, 2 play-outs per option.
"""

from __future__ import annotations

import hashlib

import pytest

from strategies.play import advise_games

LINEUP = ["greedy+ev", "random", "classic+majority", "tuned"]
"""The golden games' ``mixed`` line-up: its first ``players`` strategies sit at a table."""
GOLDEN = {2: "bd4010762159d24a", 3: "93a6f9237311e652", 4: "b974c0280973fd3e"}
"""Each table's digest, by players."""


def advice_digest(players: int) -> str:
    """The digest of the advice's decision table at ``players`` (its text, every column)."""
    frame = advise_games(4, players, LINEUP[:players], 2, seed=5, rotate=True, placements=True)
    return hashlib.sha256(frame.to_csv(index=False).encode()).hexdigest()[:16]


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
@pytest.mark.parametrize("players", sorted(GOLDEN))
def test_the_advice_plays_as_pinned(players):
    assert advice_digest(players) == GOLDEN[players]
