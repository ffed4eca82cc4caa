"""The decision hooks: their fixed signatures, and the defaults a strategy may leave out.

A strategy module defines some of these functions (same names, same arguments, ``@njit``);
the kernel builder (:mod:`sim.kernel`) fills every hook a module leaves out with the default
here. Every hook receives the batch state ``st`` (read it, never write it), the game index ``g``,
the deciding ``seat``, the strategy's parameter row ``params`` (float64) and the seat's own
random stream ``rng`` (for :mod:`sim.rng` draws), then the hook's own arguments.

A hook may be compiled ``@hot(inline=True)`` (:mod:`sim.jit`): LLVM then inlines it where the
engine asks it, which saves a call that passes some 80 words (the state's arrays field by field).
``greedy`` and ``ev`` inline the hooks asked at every turn or action; in A/B runs (2026-11-30)
that took roughly a tenth off a base-game greedy game. Since LLVM, not numba, inlines (see
:mod:`sim.jit`), it costs the compile little.

Base hooks (the base strategy of a seat answers them):

``place(st, g, seat, params, rng, lo, hi, herd_value, memo) -> (area, count)``
    Where to put how many people. ``lo[a]``..``hi[a]`` is the legal count on area ``a``
    (``hi[a] == 0``: illegal). ``herd_value`` is the seat's taming policy's estimate, in points,
    of having people on the herd's area this round (0 without a herd). ``memo`` (float64,
    ``MEMO_WIDTH`` of :mod:`sim.constants`) is the seat's own scratch, kept between its turns of
    one placement phase: ``memo[0]`` is 0 at the phase's start, the rest holds whatever the
    strategy left there. Placement changes nothing but who is where (and the engine passes the
    same ``herd_value`` all phase), so values worked out at the first turn may be kept there.
``next_action(st, g, seat, params, rng, pending) -> area``
    Which of the seat's places to resolve next (``pending[a] != 0``).
``use_tools(st, g, seat, params, rng, good, dice_sum, people) -> mask``
    Tools on a roll for ``good`` after seeing ``dice_sum``: bits 0-2 tool slots, bits 3-6
    one-time tools (their values in ``st.seat[g, seat, ONE_TIME_TOOLS + i]``). 0 uses none.
``buy_card(st, g, seat, params, rng, space, pay) -> bool``
    Buy the card on ``space`` (cost ``space + 1``)? If so, fill ``pay`` (goods-indexed).
``buy_building(st, g, seat, params, rng, stack, pay) -> bool``
    Buy the top tile of ``stack``? If so, fill ``pay`` with a payment it accepts.
``take_die(st, g, seat, params, rng, dice) -> index``
    Dice for everyone: which die to take (``dice[i] == 0``: already taken).
``choose_resources(st, g, seat, params, rng, n, out)``
    Fill ``out`` (goods-indexed, food 0) with ``n`` resources of choice.
``pay_resources(st, g, seat, params, rng, amount, reason, pay)``
    Fill ``pay`` with ``amount`` resources the seat holds (``reason``: ``PAY_*``).
``accept_starvation(st, g, seat, params, rng, shortfall) -> bool``
    Feeding short by ``shortfall`` with enough resources to pay: take -10 instead?
``value_goods(st, g, seat, params, rng, values, most)``
    Fill ``values`` (float64, ``VALUES_WIDTH`` of :mod:`sim.constants`) with the seat's own
    valuation for the herd: ``values[V_FIGURES + k]`` the points the (k+1)-th figure on the tile
    would cost it, for ``k < most`` (the most figures it could move there now; -1.0 beyond, and
    where it cannot pay), ``values[V_FIRST]`` and ``values[V_ALL]`` the points this round's "1."
    and "all" bonuses are worth to it, ``values[V_HERD]`` the weight its ``place`` puts on
    the taming policy's ``herd_value`` at this table (the engine writes 1.0 first; a base that
    weighs it otherwise writes its weight). The engine asks it right before every
    taming hook and hands the row over, so the base strategy and the taming policy value food and
    resources one way; not for a policy that never reads the row (``READS_VALUES`` below). It
    must draw nothing from ``rng``, so that skipping it leaves the seat's stream as it was.
``food_for_figures(st, g, seat, params, rng, count) -> int``
    The seat moves ``count`` figures onto the tile: how many to pay with food? Each food may be
    replaced by a resource, at the player's choice (docs/rules.md B3); the rest is paid in
    resources chosen by ``pay_resources`` (``PAY_TAMING``). An answer out of range is clipped to
    what the seat can pay.

Taming hooks (the seat's taming policy answers them):

Each gets the base strategy's ``values`` row (see ``value_goods``) as its last argument.

``herd_value(st, g, seat, params, rng, values) -> float``
    Points the seat expects from having people on the herd's area this round. Asked once per
    round, at the seat's first placement turn with the herd's area open to it.
``herd_people(st, g, seat, params, rng, turn, most) -> count``
    People to put on the herd's area at this placement turn, in place of the base strategy's
    ``place``: the seat's ``turn``-th placement of the round (1 = its first), the herd's area
    open to it and taking at most ``most`` of its people. Asked at every such turn, before
    ``place``; 0 leaves the turn to ``place`` (which then weighs ``herd_value`` as usual). An
    answer above ``most`` places ``most``. A negative answer asks ``place`` and, when it
    answers a resource area other than the herd's, puts those people (as many as fit) on the
    herd's area instead. A person's card says "put 2 people there at your first placement" or
    "gather on the herd's area instead" this way (:mod:`strategies.taming_card`).
``commit_figures(st, g, seat, params, rng, available, values) -> count``
    How many of the ``available`` people on the herd's area to move onto the tile (0..available).
    ``st.seat[g, q, HERD + H_ON_TILE]`` shows the earlier seats' commitments this round.
``take_first_bonus(st, g, seat, params, rng, values) -> bool``
    The winner: take the "1." bonus (True) or the "all" bonus (False)?

A taming module whose hooks never read ``values`` says so with ``READS_VALUES = False``; the
engine then does not ask the base strategy's ``value_goods`` for it (``never``, ``fixed-K`` and
``random`` taming: at 4 players the valuation was about a sixth of a ``greedy+never`` game).
"""

from __future__ import annotations

from sim.board import best_building_payment, cheapest_payment, resources_held
from sim.constants import (
    FOOD,
    GOLD,
    MAX_TILE_FIGURES,
    N_AREAS,
    STACK_SIZE,
    V_ALL,
    V_FIGURES,
    V_FIRST,
    V_HERD,
)
from sim.jit import hot
from sim.state import GOODS, STACK_TAKEN, STACKS

BASE_HOOKS = (
    "place",
    "next_action",
    "use_tools",
    "buy_card",
    "buy_building",
    "take_die",
    "choose_resources",
    "pay_resources",
    "accept_starvation",
    "value_goods",
    "food_for_figures",
)

TAMING_HOOKS = ("herd_value", "herd_people", "commit_figures", "take_first_bonus")


@hot
def place(st, g, seat, params, rng, lo, hi, herd_value, memo):
    """Default: the first legal area, with as many people as allowed."""
    for a in range(N_AREAS):
        if hi[a] > 0:
            return a, hi[a]
    return -1, 0


@hot
def next_action(st, g, seat, params, rng, pending):
    """Default: in board order (gathering, village, cards, buildings)."""
    for a in range(N_AREAS):
        if pending[a] != 0:
            return a
    return -1


@hot
def use_tools(st, g, seat, params, rng, good, dice_sum, people):
    """Default: no tools."""
    return 0


@hot
def buy_card(st, g, seat, params, rng, space, pay):
    """Default: buy whenever affordable, paying the cheapest resources."""
    return cheapest_payment(st, g, seat, space + 1, pay)


@hot
def buy_building(st, g, seat, params, rng, stack, pay):
    """Default: buy whenever a payment exists, scoring as much as possible."""
    building = st.game[g, STACKS + stack * STACK_SIZE + st.game[g, STACK_TAKEN + stack]]
    return best_building_payment(st, g, seat, building, pay, True) >= 0


@hot
def take_die(st, g, seat, params, rng, dice):
    """Default: the first die left."""
    for i in range(dice.shape[0]):
        if dice[i] != 0:
            return i
    return -1


@hot
def choose_resources(st, g, seat, params, rng, n, out):
    """Default: gold."""
    for r in range(out.shape[0]):
        out[r] = 0
    out[GOLD] = n


@hot
def pay_resources(st, g, seat, params, rng, amount, reason, pay):
    """Default: the cheapest resources first."""
    cheapest_payment(st, g, seat, amount, pay)


@hot
def accept_starvation(st, g, seat, params, rng, shortfall):
    """Default: pay with resources whenever possible."""
    return resources_held(st, g, seat) < shortfall


@hot
def value_goods(st, g, seat, params, rng, values, most):
    """Default: every figure the seat can pay costs 1 point; the bonuses are worth nothing."""
    payable = min(most, st.seat[g, seat, GOODS + FOOD] + resources_held(st, g, seat))
    for k in range(MAX_TILE_FIGURES):
        values[V_FIGURES + k] = 1.0 if k < payable else -1.0
    values[V_FIRST] = 0.0
    values[V_ALL] = 0.0
    values[V_HERD] = 1.0


@hot
def food_for_figures(st, g, seat, params, rng, count):
    """Default: food first."""
    return min(count, st.seat[g, seat, GOODS + FOOD])


@hot
def herd_value(st, g, seat, params, rng, values):
    """Default: the herd is worth nothing."""
    return 0.0


@hot
def herd_people(st, g, seat, params, rng, turn, most):
    """Default: the base strategy places (0)."""
    return 0


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """Default: never commit."""
    return 0


@hot
def take_first_bonus(st, g, seat, params, rng, values):
    """Default: take the "1." bonus."""
    return True
