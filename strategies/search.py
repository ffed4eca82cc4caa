"""``search``: flat Monte Carlo search over greedy's best few placements (and ``search-classic``).

At every placement turn with a real choice the seat takes greedy's ``candidates`` best places
(greedy's pick, then its pick with that place ruled out, and so on) and plays each on
``rollouts`` times to the end of the game (:mod:`strategies.search_core`): in a private copy of
the game whose hidden parts (the deck, the building tiles under the stack tops, the mammoth pile
but the next tile's public back) are re-dealt for every rollout, with every seat, itself
included, played by ``greedy + ev``. Every candidate meets the same rollouts (same re-deal, same
dice). A rollout's value is ``margin_weight`` times the seat's final score minus the best other
seat's, plus ``win_weight`` times its share of the win (defaults: the margin alone). The seat
leaves greedy's pick for the candidate with the best mean paired gain over it only if that gain
exceeds ``confidence`` standard errors (a guard against the winner's curse of few rollouts).
All other decisions are greedy's; its default taming policy ``search`` searches the commitment
the same way (:mod:`strategies.search_taming`).

Defaults (8 rollouts, 3 candidates, confidence 1) play about 24 four-player games per second
on one core with one search seat and three greedy seats, and win about 63% of them (seats
rotated; 25% is par). With ``horizon`` H > 0 a rollout stops after the current round and H
more, and its leaf is scored as if the game ended there
(:func:`strategies.search_core.final_outcome`).

``PARAMS`` is greedy's parameter row (same order; it steers the candidates and the seat's own
rollout play) followed by the search's own entries. ``rollouts`` 0 plays greedy exactly.

``search-classic`` (:mod:`strategies.search_classic`) is the same search over ``classic``: the
``search`` of 2026-11-30, kept as a fixed strong opponent.
"""

from __future__ import annotations

from sim.constants import MAX_ROUNDS
from sim.jit import splice
from strategies import greedy
from strategies.params import Limit
from strategies.search_core import (
    EVAL_FINAL,
    EVAL_PROJECTED,
    MODEL_GREEDY,
    N_GREEDY,
    SEARCH_PARAMS,
    search_place,
)

DESCRIPTION = (
    "flat Monte Carlo search: greedy's best few placements, each played to the end on re-dealt "
    "copies of the game by greedy+ev"
)
PARAMS = {**greedy.PARAMS, **SEARCH_PARAMS}
MAX_ROLLOUTS = 1_000
"""The most rollouts per candidate a name may ask for (a guard: 8 is the default)."""
SEARCH_LIMITS = {
    "rollouts": Limit(1, MAX_ROLLOUTS, whole=True),  # no search at all is the model: greedy
    "candidates": Limit(1, 8, whole=True),
    "win_weight": Limit(),
    "margin_weight": Limit(),
    "confidence": Limit(0),
    "horizon": Limit(0, MAX_ROUNDS, whole=True),
    "evaluator": Limit(choices=(EVAL_FINAL, EVAL_PROJECTED)),
}
"""The values the search's own parameters may take (:class:`strategies.params.Limit`)."""
LIMITS = {**greedy.LIMITS, **SEARCH_LIMITS}

QUICK = "search[rollouts=3,horizon=1,evaluator=1]+ev"
"""The quick search: 3 rollouts per candidate, each cut after the current round and one more and
scored by :func:`strategies.search_core.projected_outcome`; the commitment is ``ev``'s. Against
the default search (8 rollouts to the end, and the search taming policy) it was measured at about
11 times the 4-player games per second and a heads-up share within noise of 50%
(docs/strategies.md)."""

next_action = greedy.next_action
use_tools = greedy.use_tools
buy_card = greedy.buy_card
buy_building = greedy.buy_building
take_die = greedy.take_die
choose_resources = greedy.choose_resources
pay_resources = greedy.pay_resources
accept_starvation = greedy.accept_starvation
value_goods = greedy.value_goods
food_for_figures = greedy.food_for_figures


@splice
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """The candidate place with the best mean rollout value (greedy's pick without a choice)."""
    return search_place(
        st, g, seat, params, rng, lo, hi, herd_value, memo, greedy.place, MODEL_GREEDY, N_GREEDY
    )
