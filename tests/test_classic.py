"""``classic`` plays exactly as ``greedy`` did up to 2026-11-30 (commit 3dfa9bb).

The digests below were taken from that commit's ``greedy`` (300 games per table, seed 5, seats
rotated) over the columns the per-seat table had then; ``classic`` must reproduce every one.
A change to the engine or to ``classic`` that moves a single decision changes a digest.
"""

from __future__ import annotations

import pytest
from play_digest import table_digest

LINEUPS = {
    "ev": ["classic+ev"],
    "majority": ["classic+majority"],
    "mixed": ["classic+ev", "classic+never", "classic+fixed-2", "classic+majority"],
}
GOLDEN = {
    "2p-herd-ev": "7d2707d8708b989f",
    "2p-herd-majority": "6ee2d8e8057bf39b",
    "2p-herd-mixed": "ae4bae5402c888ae",
    "2p-noherd-ev": "acf5fd787ca7ae5f",
    "2p-noherd-majority": "acf5fd787ca7ae5f",
    "2p-noherd-mixed": "5d9e89aabac5d1d9",
    "3p-herd-ev": "ed404449a5acaf8f",
    "3p-herd-majority": "4dc908e53f59dbf1",
    "3p-herd-mixed": "2667a195c42d5994",
    "3p-noherd-ev": "a696e276669790f0",
    "3p-noherd-majority": "a696e276669790f0",
    "3p-noherd-mixed": "5ca2b55390ccd915",
    "4p-herd-ev": "1d41ae11b01ff38e",
    "4p-herd-majority": "e421b6ead455ea31",
    "4p-herd-mixed": "03dca626eb5dd58d",
    "4p-noherd-ev": "cdf184c392944085",
    "4p-noherd-majority": "cdf184c392944085",
    "4p-noherd-mixed": "98a16d05ca354b26",
}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_classic_plays_as_greedy_did(key):
    assert table_digest(key, LINEUPS) == GOLDEN[key]
