"""``card``: play the whole herd decision as the shipped advice card says.

The advice card (``strategies/models/card_default_champion.json``, derived by the command its
provenance names; the format is docs/card_format.md) has two parts, each a short list of rules:

- **seek**: whether to go to the herd's area for the herd this round. Each rule is a box over a
  few readable features of the seat's first placement turn with the area open to it
  (:data:`SEEK_FEATURES`) and an answer, seek or not; the first rule whose box holds the
  situation answers, else the part's ``default``. Seeking places as ``ev`` does (its estimate of
  the contest, ``herd_value``), weighted as the base strategy weighs it; with the part's
  ``weight`` (per player count) weighted so instead, whatever the base strategy's own herd
  weight (``values[V_HERD]``, which the card divides out): how hard "go for the herd" goes is
  then the card's, not the player's. Not seeking places as if there were no herd (as
  ``fixed-K``).
- **commit**: how many figures to commit. Each rule is a box over the taming decision's
  features (:data:`FEATURES`) and a commitment ``k``, capped at what the seat can move and pay;
  a situation no rule covers commits the ``default``. A rule (or the default) may answer
  :data:`COUNT`, "count it out": the count with the best expected points, from the contest's
  exact odds against the earlier seats' commitments and one figure for each later seat, what
  winning and taking part bring (the bonuses' worth to the seat, the tile by how much it raises
  the seat's chance of the most tiles: :func:`tile_worth`) and what the figures cost (the
  commitment of ``majority``, :func:`strategies.herd_values.commitment`, with its default
  parameters). It may answer :data:`COUNT_BY_GAP` instead, "count it out by the tile gap": the
  same count with the tile worth what ``ev`` gives it, a share of the mammoth points set by the
  seat's tile gap to the leader (:func:`strategies.taming_ev.tile_value`).

Both situations are :func:`sim.situation.fill_situation`'s numbers, which the advice records, so
the card is applied to exactly what it was learnt from. The worth of the bonuses comes from the
base strategy's valuation (``values``, as for ``ev``), the clock is greedy's
(:data:`strategies.play.CLOCK`) and the winner's bonus is ``ev``'s. ``card[seek=0]`` never seeks
the herd (the validation's "same player, never seeking") and ``card[commit_rules=0]`` always
commits the card's default (its commitment rules off); ``card[file=PATH]`` plays another card
file (:func:`load_card` checks it).

One table size's play can also be named, in place of the card's own at that size:
``card[seek_N=S,weight_N=W,commit_N=K]`` (``N`` the player count; ``S`` 0 never seek, 1 seek
unless another seat is on the herd's area already, 2 always; ``W`` the seek weight; ``K`` the
commitment, :data:`COUNT` to count it out, :data:`COUNT_BY_GAP` by the tile gap), and
``card[weight=W]`` the weight at every size.
``mammoth derive-card`` names its candidates so, and writes the winners as a card file
(:func:`card_of_plays`) that plays them move for move. The shipped cards are that command's
output (:func:`shipped_cards`).

The card enters the kernel as data, not code: :data:`EXTRA` (the clock, then both parts' rules
as numbers, :func:`card_row`) follows ``ev``'s parameters in the parameter row, as a learned
model's weights do (:mod:`strategies.learned`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.constants import (
    T_ALL_AMOUNT,
    T_ALL_EFFECT,
    T_ALL_RESOURCE,
    T_FIRST_AMOUNT,
    T_FIRST_EFFECT,
    T_FIRST_RESOURCE,
    V_ALL,
    V_FIRST,
)
from sim.errors import InputError
from sim.jit import hot
from sim.rules import Flag
from sim.situation import (
    N_SITUATION,
    S_ALL_WORTH,
    S_COMMITTED_MOST,
    S_FIRST_WORTH,
    S_KMAX,
    S_PLAYERS,
    S_RIVALS,
    S_ROUNDS_LEFT,
    S_TILES_LEADER,
    S_TILES_MINE,
    S_TO_DECIDE,
    fill_situation,
    prize_tile,
)
from sim.stack import stack_f64
from sim.state import FLAGS, I_PLAYERS, TILES
from strategies import taming_ev, taming_majority
from strategies.card_person import (
    MAX_WORTH,
    N_COMMIT_FEATURES,
    N_PLACE_FEATURES,
    N_WORTH,
    RICH_TURN,
    WORTH_NAMES,
    bonus_worth,
    commit_features,
    commit_part_at,
    first_bonus_worth,
    is_person,
    person_fault,
    person_row,
    place_features,
    place_part_at,
    rule_box,
    when_fault,
)
from strategies.greedy_values import CLOCK
from strategies.herd_values import commitment, weighed
from strategies.params import Limit, Positions

DESCRIPTION = (
    "seeks the herd and commits as the shipped advice card "
    "(strategies/models/card_default_champion.json) says; the winner's bonus as ev"
)
CARDS_OWN = -1.0  # a table size's seek or weight setting: the card's own answer
SEEK_NEVER, SEEK_UNLESS_THERE, SEEK_ALWAYS = 0.0, 1.0, 2.0
"""A table size's ``seek_N``: never seek the herd; seek it unless another seat is on its area
already; always seek it."""
COMMIT_CARDS_OWN = -2.0  # a table size's ``commit_N``: the card's commitment rules
PEOPLE_OWN = -2.0  # a table size's ``people_N``: the card's own play (-1: gather there instead)
WORTH_OWN = -1.0  # a ``worth_NAME``: the card's own conversion
PARAMS = {
    **taming_ev.PARAMS,  # ev's row first: its estimate and take_first_bonus read it
    "seek": 1.0,  # 1: seek the herd where the card says so; 0: never seek it
    "commit_rules": 1.0,  # 1: commit by the card's rules; 0: always its default commitment
    # one table size's play, in place of the card's (its derivation's candidates and their
    # neighbours are named so): whether to seek (-1 the card's rules, else SEEK_*), the seek
    # weight (-1 the card's), the commitment (-2 the card's rules, -1 count it out, -3 count it
    # out by the tile gap, else k)
    "seek_2": CARDS_OWN,
    "seek_3": CARDS_OWN,
    "seek_4": CARDS_OWN,
    "weight_2": CARDS_OWN,
    "weight_3": CARDS_OWN,
    "weight_4": CARDS_OWN,
    "commit_2": COMMIT_CARDS_OWN,
    "commit_3": COMMIT_CARDS_OWN,
    "commit_4": COMMIT_CARDS_OWN,
    # one table size's person's play (strategies.card_person.PersonPlay), in place of the
    # card's: people to put on the herd's area (-2: the card's own play; -1: gather there in
    # place of another resource area; 0: none), at which placement,
    # only when nobody else is there (1), and one figure over commit_N when an earlier player
    # committed that many (1), from what printed "1." bonus it goes before turn_N (0: never),
    # and from what printed "1." bonus it puts one person more there, from the second placement
    # on at the latest (0: never)
    "people_2": PEOPLE_OWN,
    "people_3": PEOPLE_OWN,
    "people_4": PEOPLE_OWN,
    "turn_2": 1.0,
    "turn_3": 1.0,
    "turn_4": 1.0,
    "alone_2": 0.0,
    "alone_3": 0.0,
    "alone_4": 0.0,
    "raise_2": 0.0,
    "raise_3": 0.0,
    "raise_4": 0.0,
    "early_2": 0.0,
    "early_3": 0.0,
    "early_4": 0.0,
    "rich_2": 0.0,
    "rich_3": 0.0,
    "rich_4": 0.0,
    # a person's play's conversion, in place of the card's (-1: the card's own, or the default
    # conversion where the card is not a person's): what one food, wood, brick, stone, gold,
    # point, tool step or agriculture step counts as, at every table size
    **{f"worth_{name}": WORTH_OWN for name in WORTH_NAMES},
}
LIMITS = {
    **taming_ev.LIMITS,
    "seek": Limit(0, 1, whole=True),
    "commit_rules": Limit(0, 1, whole=True),
    **{f"seek_{p}": Limit(choices=(-1, 0, 1, 2)) for p in (2, 3, 4)},
    **{f"weight_{p}": Limit(-1, 10) for p in (2, 3, 4)},
    **{f"commit_{p}": Limit(-3, 10, whole=True) for p in (2, 3, 4)},  # -3: COUNT_BY_GAP
    **{f"people_{p}": Limit(-2, 10, whole=True) for p in (2, 3, 4)},
    **{f"turn_{p}": Limit(1, 10, whole=True) for p in (2, 3, 4)},
    **{f"alone_{p}": Limit(0, 1, whole=True) for p in (2, 3, 4)},
    **{f"raise_{p}": Limit(0, 1, whole=True) for p in (2, 3, 4)},
    **{f"early_{p}": Limit(0, 100, whole=True) for p in (2, 3, 4)},
    **{f"rich_{p}": Limit(0, 100, whole=True) for p in (2, 3, 4)},
    **{f"worth_{name}": Limit(WORTH_OWN, MAX_WORTH, whole=True) for name in WORTH_NAMES},
}
_AT = Positions(PARAMS, shared=taming_ev.PARAMS)
SEEK = _AT["seek"]
COMMIT_RULES = _AT["commit_rules"]


def _first_of(name: str) -> int:
    """Where ``NAME_2`` sits; ``NAME_N`` sits at that plus ``N - 2`` (checked)."""
    at = [_AT[f"{name}_{p}"] for p in (2, 3, 4)]
    if at != list(range(at[0], at[0] + 3)):
        raise ImportError(f"{name}_2, {name}_3 and {name}_4 must follow each other in PARAMS")
    return at[0]


SEEK_AT = _first_of("seek")
WEIGHT_AT = _first_of("weight")
COMMIT_AT = _first_of("commit")
PEOPLE_AT = _first_of("people")
TURN_AT = _first_of("turn")
ALONE_AT = _first_of("alone")
RAISE_AT = _first_of("raise")
EARLY_AT = _first_of("early")
RICH_AT = _first_of("rich")
WORTH_AT = _AT[f"worth_{WORTH_NAMES[0]}"]
if [_AT[f"worth_{name}"] for name in WORTH_NAMES] != list(range(WORTH_AT, WORTH_AT + N_WORTH)):
    raise ImportError("the worth_NAME parameters must follow each other in PARAMS")
_AT.check_every_key()

CARD_PATH = Path(__file__).resolve().parent / "models" / "card_default_champion.json"

FEATURES = (
    "committed_most",  # the most figures an earlier seat committed this round
    "kmax",  # the most figures the seat can commit (move and pay)
    "prize",  # points the better bonus is worth to the seat: max(first_worth, all_worth)
    "tile_gap",  # the seat's tiles minus the most any other seat holds
    "rounds_left",  # rounds left, this one included (greedy's clock)
    "to_decide",  # later seats with people on the herd's area, still to decide
    "players",
)
"""The readable features the card's commitment rules test, in the order of the kernel's row."""
N_FEATURES = len(FEATURES)
SEEK_FEATURES = (
    "players",
    "prize",  # points the better bonus is worth to the seat
    "tile_gap",  # the seat's tiles minus the most any other seat holds
    "rounds_left",  # rounds left, this one included (greedy's clock)
    "rivals",  # other seats with people on the herd's area already
)
"""The readable features the card's seek rules test, in the order of the kernel's row."""
N_SEEK_FEATURES = len(SEEK_FEATURES)
COUNT = -1  # a commitment rule's answer "count it out": the k with the best expected points
COUNT_BY_GAP = -3
"""A commitment rule's answer "count it out by the tile gap": as :data:`COUNT`, but the tile is
worth a share of the mammoth points set by the seat's tile gap to the leader, as ``ev`` counts
it (:func:`strategies.taming_ev.tile_value`: ``tile_ahead``, ``tile_level``, ``tile_behind``,
``tile_far``)."""
COUNTS = (COUNT, COUNT_BY_GAP)
"""The commitments a card counts out rather than states."""
OPEN = 1e9  # an open bound of a rule's box (the parameter row holds finite numbers)
PLAYERS = (2, 3, 4)  # the player counts a seek part's weight names
MAX_WEIGHT = 10.0
MAX_RULES = 32  # rules per part of a card file
MAJORITY_BOX = taming_majority.PARAMS["box"]  # the tile's model when the card counts it out


def feature_columns(situation, features: tuple[str, ...] = FEATURES) -> dict[str, np.ndarray]:
    """The readable features of situations given as columns (the advice table's names).

    Parameters
    ----------
    situation : mapping
        Columns of :data:`sim.advising.SITUATION_COLUMNS` (arrays or pandas Series): at least
        those the features are computed from.
    features : tuple of str
        :data:`FEATURES` (a commitment's, the default) or :data:`SEEK_FEATURES`.

    Returns
    -------
    dict
        Feature name -> float64 array, in the order of ``features``.
    """

    def col(name):
        return np.asarray(situation[name], dtype=np.float64)

    derived = {
        "prize": lambda: np.maximum(col("first_worth"), col("all_worth")),
        "tile_gap": lambda: col("tiles_mine") - col("tiles_leader"),
    }
    return {f: derived[f]() if f in derived else col(f) for f in features}


def _rules_row(rules: list[dict], answer: str, features: tuple[str, ...]) -> list[float]:
    """One part's rules as numbers: per rule its answer, then ``lo, hi`` of each feature."""
    row = []
    for rule in rules:
        row.append(float(rule[answer]))
        row.extend(rule_box(rule, features).ravel().tolist())
    return row


def card_row(card: dict) -> np.ndarray:
    """The card as the float row the kernel reads (:data:`EXTRA`).

    Layout: ``cards_per_round, stack_rate``; the commitment part: ``default k, number of
    rules``, then per rule ``k`` and ``lo, hi`` for each of :data:`FEATURES` (the box is
    ``lo <= feature < hi``; open bounds are ``-OPEN`` and ``OPEN``; no rules for a person's
    card, whose commitment rules test what a player sees and are read from the person's part);
    the seek part: ``default (1 seek, 0 not), number of rules``, then per rule its answer and
    ``lo, hi`` for each of :data:`SEEK_FEATURES`; then ``1, w2, w3, w4`` for a seek part with a
    ``weight`` (its weight at 2, 3 and 4 players), else ``0, 0, 0, 0``; then the person's part
    (:func:`strategies.card_person.person_row`). A card without a seek part never seeks the
    herd by weight (a person's card places by its ``place`` part instead).

    Parameters
    ----------
    card : dict
        A card as :func:`load_card` returns it.

    Returns
    -------
    numpy.ndarray
        float64.
    """
    rules = [] if is_person(card) else card["rules"]  # a person's are in the person's part
    row = [CLOCK[0], CLOCK[1], float(card["default"]), float(len(rules))]
    row += _rules_row(rules, "commit", FEATURES)
    seek = card.get("seek") or {"rules": [], "default": False}
    row += [float(bool(seek["default"])), float(len(seek["rules"]))]
    row += _rules_row(seek["rules"], "seek", SEEK_FEATURES)
    weight = seek.get("weight")
    row += [1.0, *(float(weight[str(p)]) for p in PLAYERS)] if weight else [0.0] * 4
    row += person_row(card)
    return np.array(row, dtype=np.float64)


COMMITMENTS = (
    f"a whole number of figures, 0 to 10, {COUNT} (count it out) or {COUNT_BY_GAP} (count it "
    "out by the tile gap)"
)
"""What a card file's commitment may be, in words."""


def is_commitment(value) -> bool:
    """Whether ``value`` is a card file's commitment: 0 to 10 figures, or one of
    :data:`COUNTS`."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return 0 <= value <= 10 or value in COUNTS


def _fault(card) -> str | None:
    """What is wrong with a card read from a file, or None (docs/card_format.md)."""
    if not isinstance(card, dict) or "rules" not in card or "default" not in card:
        return "a card is a JSON object with 'rules' and 'default' (and optionally 'seek')"
    if is_person(card):
        return person_fault(card)
    parts = [("rules", card["rules"], "commit", FEATURES)]
    seek = card.get("seek")
    if seek is not None:
        if not isinstance(seek, dict) or "rules" not in seek or "default" not in seek:
            return "'seek' is an object with 'rules' and 'default'"
        if not isinstance(seek["default"], bool):
            return "seek.default must be true or false"
        weight = seek.get("weight")
        if weight is not None:
            keys = {str(p) for p in PLAYERS}
            if not isinstance(weight, dict) or set(weight) != keys:
                return 'seek.weight is an object with a weight for each of "2", "3" and "4"'
            for key, w in weight.items():
                if (
                    isinstance(w, bool)
                    or not isinstance(w, int | float)
                    or not 0 <= w <= MAX_WEIGHT
                ):
                    return f"seek.weight[{key}] must be a number from 0 to {MAX_WEIGHT:g}"
        parts.append(("seek.rules", seek["rules"], "seek", SEEK_FEATURES))
    if not is_commitment(card["default"]):
        return f"default must be {COMMITMENTS}"
    for where, rules, answer, features in parts:
        if not isinstance(rules, list) or len(rules) > MAX_RULES:
            return f"{where} must be a list of at most {MAX_RULES} rules"
        for n, rule in enumerate(rules, 1):
            if not isinstance(rule, dict) or answer not in rule or "when" not in rule:
                return f"{where}, rule {n}: give '{answer}' and 'when'"
            value = rule[answer]
            if answer == "seek" and not isinstance(value, bool):
                return f"{where}, rule {n}: seek must be true or false"
            if answer == "commit" and not is_commitment(value):
                return f"{where}, rule {n}: commit must be {COMMITMENTS}"
            fault = when_fault(f"{where}, rule {n}", rule["when"], features)
            if fault:
                return fault
    return None


def load_card(path: Path | str = CARD_PATH) -> dict:
    """A card file (JSON, docs/card_format.md) as a dict, checked.

    Raises
    ------
    InputError
        The file cannot be read, is not JSON, or is not a card (the line says what is wrong).
    """
    try:
        card = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"card file {path}: cannot read it ({exc.__class__.__name__})") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"card file {path}: not JSON ({exc.msg}, line {exc.lineno})") from None
    fault = _fault(card)
    if fault:
        raise InputError(f"card file {path}: {fault}")
    return card


EVERY_TABLE_PATH = CARD_PATH.parent / "card_every_table.json"
"""The person's card derived over every table at once (``card[file=...]`` plays it)."""


def shipped_cards() -> list[Path]:
    """The cards shipped for one table each: the one ``card`` plays (:data:`CARD_PATH`), then
    every other ``card_*.json`` of ``strategies/models/`` (a card for other tiles or another
    table, ``card[file=...]``), by name; the card for every table (:data:`EVERY_TABLE_PATH`) is
    not one of them."""
    others = sorted(
        p for p in CARD_PATH.parent.glob("card_*.json") if p not in (CARD_PATH, EVERY_TABLE_PATH)
    )
    return [CARD_PATH, *others]


def extra_for_file(path: str) -> np.ndarray:
    """The :data:`EXTRA` row of the card in file ``path`` (``card[file=PATH]``)."""
    return card_row(load_card(path))


EXTRA = card_row(load_card())
DATA_PARAMS = {"file": extra_for_file}
"""Parameters naming data, not numbers (:mod:`strategies.registry`): ``file`` picks the card."""
AT = len(PARAMS)  # where the card's row starts in the parameter row
RULE_WIDTH = 1 + 2 * N_FEATURES
SEEK_RULE_WIDTH = 1 + 2 * N_SEEK_FEATURES


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
def _seek_features(sit, out):
    """:data:`SEEK_FEATURES` of a situation block into ``out``."""
    out[0] = sit[S_PLAYERS]
    out[1] = max(sit[S_FIRST_WORTH], sit[S_ALL_WORTH])
    out[2] = sit[S_TILES_MINE] - sit[S_TILES_LEADER]
    out[3] = sit[S_ROUNDS_LEFT]
    out[4] = sit[S_RIVALS]


@hot(inline=True)
def first_rule(params, at, n_features, feats):
    """The answer of the first rule of the part at ``params[at:]`` (``default, number of
    rules, rules...``) whose box holds the feature row, else the part's default."""
    n_rules = int(params[at + 1])
    width = 1 + 2 * n_features
    for r in range(n_rules):
        base = at + 2 + r * width
        inside = True
        for f in range(n_features):
            x = feats[f]
            if x < params[base + 1 + 2 * f] or x >= params[base + 2 + 2 * f]:
                inside = False
                break
        if inside:
            return params[base]
    return params[at]


@hot(inline=True)
def card_commit(params, feats):
    """The card's commitment for a feature row (not yet capped); its default when
    ``commit_rules`` is 0."""
    if params[COMMIT_RULES] == 0.0:
        return int(params[AT + 2])
    return int(first_rule(params, AT + 2, N_FEATURES, feats))


@hot(inline=True)
def card_seeks(params, feats):
    """True iff the card's seek part says to seek the herd for this feature row."""
    at = AT + 4 + int(params[AT + 3]) * RULE_WIDTH  # after the commitment part
    return first_rule(params, at, N_SEEK_FEATURES, feats) != 0.0


@hot(inline=True)
def _situation(st, g, seat, params, available, values, sit):
    """The situation block (:func:`sim.situation.fill_situation`) on the card's clock, with the
    bonuses' worth of the base strategy's valuation ``values``, into ``sit``."""
    clock = stack_f64(2)  # used here only: it lives in this function's frame
    clock[0] = params[AT]
    clock[1] = params[AT + 1]
    fill_situation(st, g, seat, available, values[V_FIRST], values[V_ALL], clock, sit)


@hot
def commit_figures(st, g, seat, params, rng, available, values):
    """The card's commitment for the situation, capped at what the seat can move and pay."""
    if prize_tile(st, g) < 0 or available <= 0:
        return 0
    sit = stack_f64(N_SITUATION)
    _situation(st, g, seat, params, available, values, sit)
    players = int(st.game[g, I_PLAYERS])
    if plays_person(params, players):  # a deviation named by parameters may count it out
        k = person_commit(params, players, sit)
    else:
        feats = stack_f64(N_FEATURES)
        _features(sit, feats)
        own = params[COMMIT_AT + players - 2]
        k = card_commit(params, feats) if own == COMMIT_CARDS_OWN else int(own)
    if k == COUNT:
        return commitment(st, g, seat, params, available, values, tile_worth(st, g, seat))
    if k == COUNT_BY_GAP:
        tile = taming_ev.tile_value(st, g, seat, params)
        return commitment(st, g, seat, params, available, values, tile)
    return max(0, min(k, int(sit[S_KMAX])))


@hot(inline=True)
def person_at(params):
    """Where the person's part (:func:`strategies.card_person.person_row`) starts in the row."""
    return seek_weight_at(params) + 4


@hot(inline=True)
def plays_person(params, players):
    """Whether the seat plays a person's play at a table of ``players``: ``people_N`` set, or
    the card a person's card."""
    return params[PEOPLE_AT + players - 2] != PEOPLE_OWN or params[person_at(params)] != 0.0


@hot(inline=True)
def person_commit(params, players, sit):
    """A person's play's commitment (not yet capped): ``commit_N`` (one more with ``raise_N``
    when an earlier player committed that many) where ``people_N`` is set, else the first of
    the person's card's commitment rules that fits (its default with ``commit_rules`` 0)."""
    at = person_at(params)
    if params[PEOPLE_AT + players - 2] != PEOPLE_OWN:
        k = int(params[COMMIT_AT + players - 2])
        if k >= 0 and params[RAISE_AT + players - 2] != 0.0 and sit[S_COMMITTED_MOST] >= k:
            k += 1
        return k
    part = commit_part_at(params, at)
    if params[COMMIT_RULES] == 0.0:
        return int(params[part])
    feats = stack_f64(N_COMMIT_FEATURES)
    commit_features(params, at, WORTH_AT, sit, feats)
    return int(first_rule(params, part, N_COMMIT_FEATURES, feats))


@hot
def herd_people(st, g, seat, params, rng, turn, most):
    """A person's play: the people it puts on the herd's area at this placement turn (0: the
    base strategy places, valuing the herd at nothing; -1: it places, and its people for a
    resource area go to the herd's area instead). ``people_N`` at placement ``turn_N`` or
    later, or earlier when the printed "1." bonus counts ``early_N`` or more (not with another
    player there, with ``alone_N``; one person more, from placement
    :data:`~strategies.card_person.RICH_TURN` at the latest, when the bonus counts ``rich_N``
    or more) where ``people_N`` is set, else the first of the person's card's place rules that
    fits; 0 for a weight card, or with ``seek`` 0."""
    if params[SEEK] == 0.0 or prize_tile(st, g) < 0:
        return 0
    players = int(st.game[g, I_PLAYERS])
    if not plays_person(params, players):
        return 0
    sit = stack_f64(N_SITUATION)
    clock = stack_f64(2)
    fill_situation(st, g, seat, 0, 0.0, 0.0, clock, sit)
    size = players - 2
    people = params[PEOPLE_AT + size]
    at = person_at(params)
    if people != PEOPLE_OWN:
        if params[ALONE_AT + size] != 0.0 and sit[S_RIVALS] > 0:
            return 0
        count = int(people)
        start = params[TURN_AT + size]
        bonus = first_bonus_worth(params, at, WORTH_AT, sit)
        rich = params[RICH_AT + size]
        if rich > 0.0 and count > 0 and bonus >= rich:
            count += 1
            start = min(start, RICH_TURN)
        if turn >= start:
            return count
        early = params[EARLY_AT + size]
        if early > 0.0 and bonus >= early:
            return count
        return 0
    feats = stack_f64(N_PLACE_FEATURES)
    place_features(params, at, WORTH_AT, sit, turn, feats)
    return int(first_rule(params, place_part_at(at), N_PLACE_FEATURES, feats))


@hot(inline=True)
def tile_worth(st, g, seat):
    """Points of keeping this round's tile when the card counts a commitment out: how much it
    raises the seat's chance of the most tiles (``majority``'s model, its default parameters)
    times the mammoth points."""
    points = st.data[FLAGS, Flag.MAMMOTH_POINTS]
    if points == 0:
        return 0.0
    return points * taming_majority.majority_gain(st, g, seat, MAJORITY_BOX)


@hot(inline=True)
def seek_weight_at(params):
    """Where the seek part's weight (``has weight, w2, w3, w4``) starts in the row."""
    at = AT + 4 + int(params[AT + 3]) * RULE_WIDTH  # the seek part
    return at + 2 + int(params[at + 1]) * SEEK_RULE_WIDTH


@hot
def herd_value(st, g, seat, params, rng, values):
    """``ev``'s estimate of being on the herd's area where the card says to seek the herd at
    this table (``seek_N`` where it is set, else the card's seek part; and ``seek`` is 1), else
    0: placement as if there were no herd. The estimate is weighed
    (:func:`strategies.herd_values.weighed`) at ``weight_N`` where it is set, else ``weight``
    where that is, else the seek part's ``weight`` at this table where the card has one, else
    at the base strategy's own herd weight."""
    if params[SEEK] == 0.0 or prize_tile(st, g) < 0:
        return 0.0
    players = int(st.game[g, I_PLAYERS])
    if plays_person(params, players):
        return 0.0
    sit = stack_f64(N_SITUATION)
    feats = stack_f64(N_SEEK_FEATURES)
    _situation(st, g, seat, params, 0, values, sit)
    _seek_features(sit, feats)
    if not table_seeks(params, players, feats):
        return 0.0
    return weighed(
        taming_ev.estimate(st, g, seat, params, values), table_weight(params, players), values
    )


@hot(inline=True)
def table_seeks(params, players, feats):
    """Whether the card seeks the herd at a table of ``players``: ``seek_N`` where it is set,
    else the card's seek part, for the seek features ``feats``."""
    mode = params[SEEK_AT + players - 2]
    if mode == CARDS_OWN:
        return card_seeks(params, feats)
    if mode == SEEK_UNLESS_THERE:
        return feats[4] < 0.5  # rivals: nobody else on the herd's area yet
    return mode == SEEK_ALWAYS


@hot(inline=True)
def table_weight(params, players):
    """The seek weight at a table of ``players``: ``weight_N`` where it is set, else ``weight``
    where that is, else the card's own where it has one, else -1 (the base strategy's)."""
    weight = params[WEIGHT_AT + players - 2]
    if weight < 0.0:
        weight = params[taming_ev.WEIGHT]
    if weight < 0.0:
        at = seek_weight_at(params)
        if params[at] != 0.0:
            weight = params[at + players - 1]
    return weight


@hot
def take_first_bonus(st, g, seat, params, rng, values):
    """The "1." bonus iff it is worth at least the "all" bonus: by the card's printed conversion
    for a person's play, else by the base strategy's valuation (as ``ev``)."""
    if plays_person(params, int(st.game[g, I_PLAYERS])):
        tile = prize_tile(st, g)
        if tile < 0:
            return True
        row = TILES + tile
        at = person_at(params)
        first = bonus_worth(
            params, at, WORTH_AT, st.data[row, T_FIRST_EFFECT], st.data[row, T_FIRST_AMOUNT],
            st.data[row, T_FIRST_RESOURCE],
        )  # fmt: skip
        every = bonus_worth(
            params, at, WORTH_AT, st.data[row, T_ALL_EFFECT], st.data[row, T_ALL_AMOUNT],
            st.data[row, T_ALL_RESOURCE],
        )  # fmt: skip
        return first >= every
    return taming_ev.take_first_bonus(st, g, seat, params, rng, values)


SEEK_WORDS = {
    SEEK_NEVER: "never",
    SEEK_UNLESS_THERE: "unless someone is there",
    SEEK_ALWAYS: "always",
}
"""A table size's seeking (``seek_N``) in words."""


@dataclass(frozen=True, order=True)
class TablePlay:
    """The card's play at one table size: whether to seek the herd, how hard, how many figures.

    Attributes
    ----------
    seek : int
        ``SEEK_NEVER`` (0), ``SEEK_UNLESS_THERE`` (1: stay away when another seat is on the
        herd's area already) or ``SEEK_ALWAYS`` (2).
    weight : float
        The share of the contest's expected points the placement weighs it at.
    commit : int
        Figures to commit, or :data:`COUNT` (-1): count it out, or :data:`COUNT_BY_GAP` (-3):
        count it out by the tile gap.
    """

    seek: int
    weight: float
    commit: int

    def settings(self, players: int) -> str:
        """The card policy's parameters that play it at ``players``: ``seek_N=..,weight_N=..,
        commit_N=..``."""
        return (
            f"seek_{players}={self.seek},weight_{players}={self.weight:g},"
            f"commit_{players}={self.commit}"
        )

    def strategy(self, players: int) -> str:
        """The taming policy's name that plays it at ``players`` (``card[...]``)."""
        return f"card[{self.settings(players)}]"

    def words(self) -> str:
        """A short label: ``seek unless someone is there at 0.3, count it out``."""
        commit = {COUNT: "count it out", COUNT_BY_GAP: "count it out by the tile gap"}.get(
            self.commit, f"commit {self.commit}"
        )
        if self.seek == SEEK_NEVER:
            return f"never seek, {commit}"
        return f"seek {SEEK_WORDS[self.seek]} at {self.weight:g}, {commit}"


def _players_is(players: int) -> dict:
    """The condition "``players`` at the table" of a card rule."""
    return {"feature": "players", "lo": players - 0.5, "hi": players + 0.5}


def card_of_plays(plays: dict[int, TablePlay], fallback: dict | None = None) -> dict:
    """The card file that plays ``plays`` (table size -> :class:`TablePlay`), as
    :func:`load_card` reads it: ``card[file=...]`` of it plays every table size of ``plays``
    exactly as ``card[seek_N=..,weight_N=..,commit_N=..]`` does.

    Parameters
    ----------
    plays : dict
        Player count -> its play, for some of 2, 3 and 4.
    fallback : dict, optional
        A card (:func:`load_card`) whose play the sizes ``plays`` leaves out keep (default: the
        shipped card): its seek rules and commitment rules for those sizes, and its weight.

    Returns
    -------
    dict
        The card: ``seek`` (rules, default, weight), ``rules`` and ``default``.
    """
    missing = [p for p in PLAYERS if p not in plays]
    if missing and fallback is None:
        fallback = load_card()
    fallback = fallback or {"seek": None, "rules": [], "default": COUNT}
    seek_rules, commit_rules = [], []
    for players in sorted(plays):
        play = plays[players]
        if play.seek == SEEK_NEVER:
            when = [_players_is(players)]
            seek_rules.append({"when": when, "seek": False, "text": f"{players} players"})
        elif play.seek == SEEK_UNLESS_THERE:
            when = [_players_is(players), {"feature": "rivals", "lo": 0.5, "hi": None}]
            text = f"{players} players, someone is on the herd's area already"
            seek_rules.append({"when": when, "seek": False, "text": text})
        if play.seek != SEEK_NEVER:
            when = [_players_is(players)]
            seek_rules.append({"when": when, "seek": True, "text": f"{players} players"})
        commit_rules.append(
            {"when": [_players_is(players)], "commit": play.commit, "text": f"{players} players"}
        )
    old_seek = fallback.get("seek") or {"rules": [], "default": False}
    old_weight = old_seek.get("weight")
    if missing and not old_weight:
        raise ValueError("the fallback card gives no seek weight for the sizes left out")
    weight = {
        str(p): round(float(plays[p].weight), 6) if p in plays else old_weight[str(p)]
        for p in PLAYERS
    }
    if missing:  # the sizes not derived play the fallback card's rules
        seek_rules += list(old_seek["rules"])
        commit_rules += list(fallback["rules"])
    return {
        "seek": {
            "rules": seek_rules,
            "default": bool(old_seek["default"]) if missing else True,
            "weight": weight,
        },
        "rules": commit_rules,
        "default": int(fallback["default"]) if missing else COUNT,
    }
