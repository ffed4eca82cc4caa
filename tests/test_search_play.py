"""``search``'s play is pinned: the digests of 9 small tables, as played at commit 7295fa3.

The searches' play-outs were rebuilt on the engine's public phases and one candidate-scoring
routine (:mod:`strategies.search_core`); these digests, taken before that change, hold the
searches to the same decisions. A change of the searches' play updates them on purpose.
Tables: 2-4 players with the herd, a searching seat (``search``, ``search-classic``, or greedy
with the ``search`` taming policy) against ``greedy``, 24 games each, seed 5, seats rotated.
"""

from __future__ import annotations

import pytest
from play_digest import table_digest

pytestmark = pytest.mark.heavy_kernel  # plays search: its own tier (tasks.py test --heavy)

LINEUPS = {
    "search": ["search", "greedy", "greedy", "greedy"],
    "searchclassic": ["search-classic", "greedy", "greedy", "greedy"],
    "searchtaming": ["greedy+search", "greedy", "greedy+search", "greedy"],
}
GOLDEN = {
    "2p-herd-search": "7cdf5eb9593d2b0b",
    "2p-herd-searchclassic": "625be28e35f03f3a",
    "2p-herd-searchtaming": "b0e8e3b20765c5ac",
    "3p-herd-search": "f3a52f0f39b748af",
    "3p-herd-searchclassic": "60180364fcee7a7a",
    "3p-herd-searchtaming": "d7d9d230f7186c76",
    "4p-herd-search": "d838f4b29882d541",
    "4p-herd-searchclassic": "f88f9253ffdbf350",
    "4p-herd-searchtaming": "02076d39dfe203af",
}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_search_plays_as_pinned(key):
    assert table_digest(key, LINEUPS, games=24) == GOLDEN[key]
