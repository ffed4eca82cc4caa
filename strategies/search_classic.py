"""``search-classic``: the flat Monte Carlo search of :mod:`strategies.search` over ``classic``.

``classic``'s best few placements, each played to the end on re-dealt copies of the game by
``classic + ev`` at every seat; every other decision is ``classic``'s, and its default taming
policy ``search-classic`` searches the commitment with the same rollouts. This is the ``search``
of 2026-11-30 (when ``classic`` was ``greedy``), kept as a fixed strong opponent to measure
progress against.

``PARAMS`` is classic's parameter row followed by the search's own entries (as in
:mod:`strategies.search`).
"""

from __future__ import annotations

from sim.jit import splice
from strategies import classic
from strategies.search import SEARCH_LIMITS, SEARCH_PARAMS
from strategies.search_core import MODEL_CLASSIC, N_CLASSIC, search_place

DESCRIPTION = (
    "the search of 2026-11-30: classic's best few placements, each played to the end on "
    "re-dealt copies of the game by classic+ev"
)
PARAMS = {**classic.PARAMS, **SEARCH_PARAMS}
LIMITS = {**classic.LIMITS, **SEARCH_LIMITS}

next_action = classic.next_action
use_tools = classic.use_tools
buy_card = classic.buy_card
buy_building = classic.buy_building
take_die = classic.take_die
choose_resources = classic.choose_resources
pay_resources = classic.pay_resources
accept_starvation = classic.accept_starvation
value_goods = classic.value_goods


@splice
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """The candidate place with the best mean rollout value (classic's pick without a choice)."""
    return search_place(
        st, g, seat, params, rng, lo, hi, herd_value, memo, classic.place, MODEL_CLASSIC, N_CLASSIC
    )
