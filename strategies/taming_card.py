"""``card``: commit exactly what the shipped advice card says for the situation.

The advice card (``strategies/models/card.json``: the card of the ``mammoth advise`` run its
provenance names, derived by :func:`experiments.analyses.situations.derive_card` from
counterfactual play-outs, issue 20) is a short list of rules. Each rule is a box over a few
readable features of the taming decision's situation (:data:`FEATURES`, computed from
:func:`sim.situation.fill_situation`: the numbers the advice records) and a commitment ``k``;
the first rule whose box holds the situation gives ``k``, capped at what the seat can move and
pay. A situation no rule covers commits the card's ``default``.

The situation's worth of the bonuses comes from the base strategy's valuation (``values``, as for
``ev``) and its clock is greedy's (:data:`strategies.play.CLOCK`). Placement (``herd_value``) and
the winner's bonus are ``ev``'s, so a ``card`` seat meets the decisions the ``greedy+ev`` fields
of the advice runs met; only the commitment follows the card. The card says nothing about
seeking the herd: ``herd_weight`` scales ``ev``'s placement estimate (``card[herd_weight=0]``
seeks it no more than ``fixed-K`` does) and ``seek_up_to`` seeks it only at tables of at most
that many players (``card[seek_up_to=3]``: not at 4). docs/answers.md's check measures both.

The card enters the kernel as data, not code: :data:`EXTRA` (the clock, then the rules as
numbers, :func:`card_row`) follows ``ev``'s parameters in the parameter row, as a learned model's
weights do (:mod:`strategies.learned`).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from sim.constants import MAX_PLAYERS, V_ALL, V_FIRST
from sim.jit import hot
from sim.situation import (
    N_SITUATION,
    S_ALL_WORTH,
    S_COMMITTED_MOST,
    S_FIRST_WORTH,
    S_KMAX,
    S_PLAYERS,
    S_ROUNDS_LEFT,
    S_TILES_LEADER,
    S_TILES_MINE,
    S_TO_DECIDE,
    fill_situation,
    prize_tile,
)
from sim.stack import stack_f64
from sim.state import I_PLAYERS
from strategies import taming_ev
from strategies.greedy_values import CLOCK
from strategies.params import Limit, Positions

DESCRIPTION = (
    "commits what the shipped advice card (strategies/models/card.json) says for the situation; "
    "placement and the winner's bonus as ev"
)
PARAMS = {
    **taming_ev.PARAMS,  # ev's row first: its herd_value and take_first_bonus read it
    "herd_weight": 1.0,  # times ev's estimate of the herd at placement (0: never seek the herd)
    "seek_up_to": 4.0,  # the herd is sought only at tables of at most this many players
}
LIMITS = {
    **taming_ev.LIMITS,
    "herd_weight": Limit(0),
    "seek_up_to": Limit(0, MAX_PLAYERS, whole=True),
}
_AT = Positions(PARAMS, shared=taming_ev.PARAMS)
HERD_WEIGHT = _AT["herd_weight"]
SEEK_UP_TO = _AT["seek_up_to"]
_AT.check_every_key()

CARD_PATH = Path(__file__).resolve().parent / "models" / "card.json"

FEATURES = (
    "committed_most",  # the most figures an earlier seat committed this round
    "kmax",  # the most figures the seat can commit (move and pay)
    "prize",  # points the better bonus is worth to the seat: max(first_worth, all_worth)
    "tile_gap",  # the seat's tiles minus the most any other seat holds
    "rounds_left",  # rounds left, this one included (greedy's clock)
    "to_decide",  # later seats with people on the herd's area, still to decide
    "players",
)
"""The readable features the card's rules test, in the order of the kernel's feature row."""
N_FEATURES = len(FEATURES)
OPEN = 1e9  # an open bound of a rule's box (the parameter row holds finite numbers)


def feature_columns(situation) -> dict[str, np.ndarray]:
    """The :data:`FEATURES` of situations given as columns (the advice table's names).

    Parameters
    ----------
    situation : mapping
        Columns ``committed_most, kmax, first_worth, all_worth, tiles_mine, tiles_leader,
        rounds_left, to_decide, players`` (arrays or pandas Series).

    Returns
    -------
    dict
        Feature name -> float64 array, in :data:`FEATURES` order.
    """

    def col(name):
        return np.asarray(situation[name], dtype=np.float64)

    return {
        "committed_most": col("committed_most"),
        "kmax": col("kmax"),
        "prize": np.maximum(col("first_worth"), col("all_worth")),
        "tile_gap": col("tiles_mine") - col("tiles_leader"),
        "rounds_left": col("rounds_left"),
        "to_decide": col("to_decide"),
        "players": col("players"),
    }


def card_row(card: dict) -> np.ndarray:
    """The card as the float row the kernel reads (:data:`EXTRA`).

    Layout: ``cards_per_round, stack_rate, default k, number of rules``, then per rule ``k`` and
    ``lo, hi`` for each of :data:`FEATURES` (the box is ``lo <= feature < hi``; open bounds are
    ``-OPEN`` and ``OPEN``).

    Parameters
    ----------
    card : dict
        A card as :meth:`experiments.analyses.situations.Card.to_dict` writes it: ``rules``, each
        with ``commit`` and ``when`` (a list of ``{"feature", "lo", "hi"}``, None for open), and
        ``default``.

    Returns
    -------
    numpy.ndarray
        float64.
    """
    rules = card["rules"]
    row = [CLOCK[0], CLOCK[1], float(card["default"]), float(len(rules))]
    for rule in rules:
        box = np.tile([-OPEN, OPEN], (N_FEATURES, 1))
        for cond in rule["when"]:
            f = FEATURES.index(cond["feature"])
            if cond.get("lo") is not None:
                box[f, 0] = max(box[f, 0], float(cond["lo"]))
            if cond.get("hi") is not None:
                box[f, 1] = min(box[f, 1], float(cond["hi"]))
        row.append(float(rule["commit"]))
        row.extend(box.ravel().tolist())
    return np.array(row, dtype=np.float64)


def load_card(path: Path = CARD_PATH) -> dict:
    """The shipped card (JSON) as a dict."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


EXTRA = card_row(load_card())
AT = len(PARAMS)  # where the card's row starts in the parameter row
RULE_WIDTH = 1 + 2 * N_FEATURES


@hot(inline=True)
def _features(sit, out):
    """:data:`FEATURES` of a situation block (``S_*`` of :mod:`sim.situation`) into ``out``."""
    out[0] = sit[S_COMMITTED_MOST]
    out[1] = sit[S_KMAX]
    out[2] = max(sit[S_FIRST_WORTH], sit[S_ALL_WORTH])
    out[3] = sit[S_TILES_MINE] - sit[S_TILES_LEADER]
    out[4] = sit[S_ROUNDS_LEFT]
    out[5] = sit[S_TO_DECIDE]
    out[6] = sit[S_PLAYERS]


@hot(inline=True)
def card_commit(params, feats):
    """The card's commitment for a feature row: the first rule whose box holds it, else the
    default (not yet capped)."""
    n_rules = int(params[AT + 3])
    for r in range(n_rules):
        base = AT + 4 + r * RULE_WIDTH
        inside = True
        for f in range(N_FEATURES):
            x = feats[f]
            if x < params[base + 1 + 2 * f] or x >= params[base + 2 + 2 * f]:
                inside = False
                break
        if inside:
            return int(params[base])
    return int(params[AT + 2])


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """The card's commitment for the situation, capped at what the seat can move and pay."""
    if prize_tile(st, g) < 0 or available <= 0:
        return 0
    sit = stack_f64(N_SITUATION)
    clock = stack_f64(2)
    feats = stack_f64(N_FEATURES)
    clock[0] = params[AT]
    clock[1] = params[AT + 1]
    fill_situation(st, g, seat, available, values[V_FIRST], values[V_ALL], clock, sit)
    _features(sit, feats)
    k = card_commit(params, feats)
    return max(0, min(k, int(sit[S_KMAX])))


@hot
def herd_value(st, g, seat, params, rng, values):
    """``ev``'s estimate of being on the herd's area times ``herd_weight`` (1: placement as the
    advice runs' fields; 0: the herd is not sought, as ``fixed-K``); 0 at a table of more than
    ``seek_up_to`` players."""
    weight = params[HERD_WEIGHT]
    if weight == 0.0 or st.game[g, I_PLAYERS] > params[SEEK_UP_TO]:
        return 0.0
    return weight * taming_ev.herd_value(st, g, seat, params, rng, values)


@hot
def take_first_bonus(st, g, seat, params, rng, values):
    """The "1." bonus iff it is worth at least the "all" bonus (as ``ev``)."""
    return taming_ev.take_first_bonus(st, g, seat, params, rng, values)
