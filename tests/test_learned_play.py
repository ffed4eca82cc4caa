"""The learned player's play is pinned: the first model (``learned``), the self-play model
(``learned[model=selfplay]``) and the strongest self-play player
(``learned[model=selfplay3,herd_3_4=0.3,block=2,block_areas=6,gatherers=3]``), each against
``greedy`` and at a table of its own, with the herd.

What the README and docs/strategies.md say of either was measured with this play. A change meant
only to be faster must leave every digest as it is; a change of play, or a new model, updates
them on purpose and re-measures those figures. Tables: 2 and 4 players, 300 games each, seed 5,
seats rotated. The first model's digests are those of the commit before the self-play work
(a837179): its play did not move. The strongest player's digests are those it has had since it
kept people back on the ``selfplay3`` model (docs/strategies.md#it-keeps-people-back).
"""

from __future__ import annotations

import pytest
from play_digest import table_digest

STRONGEST = "learned[model=selfplay3,herd_3_4=0.3,block=2,block_areas=6,gatherers=3]"
LINEUPS = {
    "linear": ["learned", "greedy", "learned", "greedy"],
    "linearself": ["learned"],
    "selfplay": ["learned[model=selfplay]", "greedy", "learned[model=selfplay]", "greedy"],
    "selfplayself": ["learned[model=selfplay]"],
    "strongest": [STRONGEST, "greedy", STRONGEST, "greedy"],
    "strongestself": [STRONGEST],
}
GOLDEN = {
    "2p-herd-linear": "50ca2c830334645b",
    "2p-herd-selfplay": "1ebc6890184ac604",
    "4p-herd-linearself": "08297586e976f30f",
    "4p-herd-selfplayself": "576fd6ad8d5be17e",
    "2p-herd-strongest": "77d05c428af5e42c",
    "4p-herd-strongest": "d97000dce44820c1",
    "4p-herd-strongestself": "a5e97d5c0a738b9b",
}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_learned_plays_as_pinned(key):
    assert table_digest(key, LINEUPS) == GOLDEN[key]
