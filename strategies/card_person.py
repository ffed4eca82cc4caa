"""The person's card: a card whose every condition is something a player sees at the table and
whose every answer is a count (docs/card_format.md, "A card a person plays").

A weight card says "go for the herd, weighing it at 22% of its worth" and "commit the count
worth the most points": a model's valuation, which a person cannot carry out. A person's card
says instead **how many people to put on the herd's area, at which of your placements**, and
**how many figures to commit**, on conditions a player reads off the table:

- the round's tile as printed: ``bonus``, the "1." bonus counted by the card's own conversion
  (``worth``: what one food, wood, ..., point, tool step or agriculture step counts as, printed
  on the card);
- the tiles each player holds (``tile_gap``: yours minus the most another player holds) and the
  tiles left in the pile (``tiles_left``, this round's not counted);
- the people on the herd's area (``rivals``: other players with people there);
- your placement (``turn``: 1 at your first placement of the round, 2 at your second...);
- the figures committed before you (``committed_most``: the most one player committed), the
  players still to decide (``to_decide``) and what you can commit (``kmax``);
- the player count (``players``).

A card file is a person's card when it has a ``place`` part (and then no ``seek`` part): its
rules answer ``"people": n`` (put ``n`` people on the herd's area now; 0 leaves the turn to the
base strategy, placing as if there were no herd; :data:`GATHER`, -1, lets the base strategy
place and moves people it sends to a resource area onto the herd's area), and the commitment
rules answer ``"commit": k`` (never "count it out"). At most :data:`MAX_RULES_PER_SIZE` rules
apply at one table size. The winner takes the bonus that counts more by the card's conversion
(the "1." on a tie).

Here: the format's names and checks (:func:`person_fault`), its row for the kernel
(:func:`person_row`) and the kernel's readers of that row. :mod:`strategies.taming_card` plays
it, and plays the same by parameters (:class:`PersonPlay`, ``card[people_N=..,...]``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.constants import E_AGRICULTURE, E_FOOD, E_POINTS, E_RESOURCE, E_TOOL
from sim.jit import hot
from sim.situation import (
    S_COMMITTED_MOST,
    S_FIRST_AMOUNT,
    S_FIRST_EFFECT,
    S_FIRST_GOOD,
    S_KMAX,
    S_PLAYERS,
    S_RIVALS,
    S_TILES_LEADER,
    S_TILES_LEFT,
    S_TILES_MINE,
    S_TO_DECIDE,
)

WORTH_NAMES = ("food", "wood", "brick", "stone", "gold", "points", "tool", "agriculture")
"""What a bonus can give, in the order of the kernel's conversion row: food, the four resources
(a "back" bonus gives the resource of the tile's back), points, tool steps, agriculture steps."""
N_WORTH = len(WORTH_NAMES)
WORTH = {
    "food": 1,
    "wood": 1,
    "brick": 1,
    "stone": 2,
    "gold": 2,
    "points": 1,
    "tool": 2,
    "agriculture": 3,
}
"""The conversion a derived person's card prints: what one of each counts as."""
MAX_WORTH = 10
PLACE_FEATURES = ("players", "turn", "rivals", "bonus", "tile_gap", "tiles_left")
"""What a place rule may test, in the order of the kernel's row."""
COMMIT_FEATURES = (
    "players",
    "committed_most",
    "to_decide",
    "kmax",
    "rivals",
    "bonus",
    "tile_gap",
    "tiles_left",
)
"""What a person's commitment rule may test, in the order of the kernel's row."""
N_PLACE_FEATURES = len(PLACE_FEATURES)
N_COMMIT_FEATURES = len(COMMIT_FEATURES)
PLACE_RULE_WIDTH = 1 + 2 * N_PLACE_FEATURES
COMMIT_RULE_WIDTH = 1 + 2 * N_COMMIT_FEATURES
MAX_RULES_PER_SIZE = 4
"""The most rules (place and commitment together) that apply at one table size."""
MAX_PEOPLE = 10
GATHER = -1
"""A place rule's answer "gather on the herd's area instead": place as the base strategy
says, and when it sends people to a resource area, send them to the herd's area (as many as
fit)."""
MAX_FIGURES = 10
RICH_TURN = 2
"""The placement from which a person's play puts one person more on the herd's area at a rich
"1." bonus (:attr:`PersonPlay.rich`), unless its own placement is earlier."""
OPEN = 1e9  # an open bound (as strategies.taming_card.OPEN)
PLAYERS = (2, 3, 4)


def is_person(card: dict) -> bool:
    """Whether a card (a dict as read from its file) is a person's card: it has a ``place``
    part."""
    return isinstance(card, dict) and "place" in card


def rule_box(rule: dict, features: tuple[str, ...]) -> np.ndarray:
    """A rule's conditions as a box, ``lo`` and ``hi`` per feature (open sides at
    ``-OPEN``/``OPEN``), as the kernel's row holds them."""
    box = np.tile([-OPEN, OPEN], (len(features), 1))
    for cond in rule["when"]:
        f = features.index(cond["feature"])
        if cond.get("lo") is not None:
            box[f, 0] = max(box[f, 0], float(cond["lo"]))
        if cond.get("hi") is not None:
            box[f, 1] = min(box[f, 1], float(cond["hi"]))
    return box


def applies_at(rule: dict, players: int) -> bool:
    """Whether a rule can fit at a table of ``players`` (its ``players`` bounds admit it)."""
    for cond in rule["when"]:
        if cond.get("feature") != "players":
            continue
        lo, hi = cond.get("lo"), cond.get("hi")
        if (lo is not None and players < lo) or (hi is not None and players >= hi):
            return False
    return True


def _whole(x, low: int, high: int) -> bool:
    return not isinstance(x, bool) and isinstance(x, int) and low <= x <= high


def _rules_fault(where: str, rules, answer: str, features, high: int, low: int = 0) -> str | None:
    if not isinstance(rules, list):
        return f"{where} must be a list of rules"
    for n, rule in enumerate(rules, 1):
        if not isinstance(rule, dict) or answer not in rule or "when" not in rule:
            return f"{where}, rule {n}: give '{answer}' and 'when'"
        if not _whole(rule[answer], low, high):
            return f"{where}, rule {n}: {answer} must be a whole number from {low} to {high}"
        fault = when_fault(f"{where}, rule {n}", rule["when"], features, "what a player sees")
        if fault:
            return fault
    return None


def when_fault(where: str, when, features: tuple[str, ...], names: str = "a feature") -> str | None:
    """What is wrong with a rule's ``when`` (a list of conditions ``{"feature", "lo", "hi"}`` on
    ``features``), or None; the line starts with ``where``. Weight cards and persons' cards
    check their conditions alike."""
    if not isinstance(when, list):
        return f"{where}: 'when' must be a list of conditions"
    for cond in when:
        if not isinstance(cond, dict) or cond.get("feature") not in features:
            return f"{where}: each condition names {names}, one of {', '.join(features)}"
        for bound in ("lo", "hi"):
            x = cond.get(bound)
            if x is not None and (
                isinstance(x, bool) or not isinstance(x, int | float) or not abs(x) < OPEN
            ):
                return f"{where}: {bound} must be a number or null"
    return None


def person_fault(card: dict) -> str | None:
    """What is wrong with a person's card read from a file, or None.

    Parameters
    ----------
    card : dict
        A card with a ``place`` part (:func:`is_person`).

    Returns
    -------
    str or None
        One line naming the part and rule at fault.
    """
    if "seek" in card:
        return "a person's card (with 'place') has no 'seek' part: 'place' says where to go"
    worth = card.get("worth")
    if not isinstance(worth, dict) or set(worth) != set(WORTH_NAMES):
        return "a person's card gives 'worth', what one of each counts as: " + ", ".join(
            WORTH_NAMES
        )
    for name in WORTH_NAMES:
        if not _whole(worth[name], 0, MAX_WORTH):
            return f"worth.{name} must be a whole number from 0 to {MAX_WORTH}"
    place = card["place"]
    if not isinstance(place, dict) or "rules" not in place or "default" not in place:
        return "'place' is an object with 'rules' and 'default' (people to put there)"
    if not _whole(place["default"], GATHER, MAX_PEOPLE):
        return (
            f"place.default must be a whole number of people from 0 to {MAX_PEOPLE}, or "
            f"{GATHER} (gather on the herd's area instead)"
        )
    if not _whole(card["default"], 0, MAX_FIGURES):
        return f"default must be a whole number of figures from 0 to {MAX_FIGURES}"
    fault = _rules_fault(
        "place.rules", place["rules"], "people", PLACE_FEATURES, MAX_PEOPLE, low=GATHER
    )
    fault = fault or _rules_fault("rules", card["rules"], "commit", COMMIT_FEATURES, MAX_FIGURES)
    if fault:
        return fault
    for players in PLAYERS:
        count = sum(applies_at(r, players) for r in [*place["rules"], *card["rules"]])
        if count > MAX_RULES_PER_SIZE:
            return (
                f"{count} rules apply at {players} players; a person's card keeps to "
                f"{MAX_RULES_PER_SIZE} per table size"
            )
    return None


def _part(rules: list[dict], default: int, answer: str, features) -> list[float]:
    row = [float(default), float(len(rules))]
    for rule in rules:
        row.append(float(rule[answer]))
        row.extend(rule_box(rule, features).ravel().tolist())
    return row


def person_row(card: dict | None) -> list[float]:
    """The person's part of a card's kernel row: ``1`` (0 for a card that is not a person's),
    the conversion (:data:`WORTH_NAMES`' order; :data:`WORTH` for other cards), then the place
    part (default, number of rules, per rule its people and ``lo, hi`` of each of
    :data:`PLACE_FEATURES`) and the commitment part (likewise over :data:`COMMIT_FEATURES`).

    Parameters
    ----------
    card : dict or None
        A checked card; None or a weight card gives the empty part (the conversion kept, for the
        person's plays named by parameters).

    Returns
    -------
    list of float
    """
    if card is None or not is_person(card):
        return [0.0, *(float(WORTH[n]) for n in WORTH_NAMES), 0.0, 0.0, 0.0, 0.0]
    worth = card["worth"]
    row = [1.0, *(float(worth[n]) for n in WORTH_NAMES)]
    row += _part(card["place"]["rules"], card["place"]["default"], "people", PLACE_FEATURES)
    row += _part(card["rules"], card["default"], "commit", COMMIT_FEATURES)
    return row


# --- the kernel's readers of the row (``at``: where the person's part starts) ----------------


@hot(inline=True)
def bonus_worth(params, at, over, effect, amount, good):
    """What a printed bonus counts as by the card's conversion: its amount times the worth of
    one of what it gives (a "back" bonus is a resource: ``good``). The conversion is the
    parameters' from ``over`` on (:data:`WORTH_NAMES`' order) where one is set (0 or more),
    else the card's own."""
    code = -1
    if effect == E_FOOD:
        code = 0
    elif effect == E_RESOURCE:
        code = int(good)
    elif effect == E_POINTS:
        code = 5
    elif effect == E_TOOL:
        code = 6
    elif effect == E_AGRICULTURE:
        code = 7
    if code < 0 or amount <= 0:
        return 0.0
    worth = params[over + code]
    if worth < 0.0:
        worth = params[at + 1 + code]
    return amount * worth


@hot(inline=True)
def first_bonus_worth(params, at, over, sit):
    """The round's "1." bonus as the card counts it (the situation block ``sit``)."""
    return bonus_worth(
        params, at, over, sit[S_FIRST_EFFECT], sit[S_FIRST_AMOUNT], sit[S_FIRST_GOOD]
    )


@hot(inline=True)
def place_features(params, at, over, sit, turn, out):
    """:data:`PLACE_FEATURES` of a placement turn into ``out``."""
    out[0] = sit[S_PLAYERS]
    out[1] = turn
    out[2] = sit[S_RIVALS]
    out[3] = first_bonus_worth(params, at, over, sit)
    out[4] = sit[S_TILES_MINE] - sit[S_TILES_LEADER]
    out[5] = sit[S_TILES_LEFT]


@hot(inline=True)
def commit_features(params, at, over, sit, out):
    """:data:`COMMIT_FEATURES` of a commitment into ``out``."""
    out[0] = sit[S_PLAYERS]
    out[1] = sit[S_COMMITTED_MOST]
    out[2] = sit[S_TO_DECIDE]
    out[3] = sit[S_KMAX]
    out[4] = sit[S_RIVALS]
    out[5] = first_bonus_worth(params, at, over, sit)
    out[6] = sit[S_TILES_MINE] - sit[S_TILES_LEADER]
    out[7] = sit[S_TILES_LEFT]


@hot(inline=True)
def place_part_at(at):
    """Where the place part starts, from the person's part's start."""
    return at + 1 + N_WORTH


@hot(inline=True)
def commit_part_at(params, at):
    """Where the person's commitment part starts."""
    place = place_part_at(at)
    return place + 2 + int(params[place + 1]) * PLACE_RULE_WIDTH


@dataclass(frozen=True, order=True)
class PersonPlay:
    """A person's play at one table size, in counts.

    Attributes
    ----------
    people : int
        People to put on the herd's area (0: do not go for the herd; place as if there were
        none; :data:`GATHER`: place as if there were none, but gather on the herd's area in
        place of any other resource area).
    turn : int
        At which of your placements of the round: 1 your first, 2 your second... (or the first
        after it with the herd's area still open to you).
    alone : int
        1: only when no other player has people on the herd's area; 0: whoever is there.
    commit : int
        Figures to commit.
    raise_ : int
        1: one figure more when a player before you committed ``commit`` or more; 0: never.
    early : int
        From what count of the printed "1." bonus it goes before placement ``turn`` (at any
        earlier placement), 0: never.
    rich : int
        From what count of the printed "1." bonus it puts one person more there, from your
        second placement on (:data:`RICH_TURN`; from ``turn`` if that is earlier), 0: never.
        Only for a count of people (not 0 nor :data:`GATHER`).
    worth : tuple of (str, int)
        The card's conversion where it is not :data:`WORTH`: ``(name, value)`` pairs in
        :data:`WORTH_NAMES`' order (a card prints one conversion for every table size).
    """

    people: int
    turn: int
    alone: int
    commit: int
    raise_: int
    early: int = 0
    rich: int = 0
    worth: tuple[tuple[str, int], ...] = ()

    def settings(self, players: int) -> str:
        """The card policy's parameters that play it at ``players``."""
        n = players
        return (
            f"people_{n}={self.people},turn_{n}={self.turn},alone_{n}={self.alone},"
            f"commit_{n}={self.commit},raise_{n}={self.raise_},early_{n}={self.early}"
            + (f",rich_{n}={self.rich}" if self.rich else "")
            + "".join(f",worth_{name}={value}" for name, value in self.worth)
        )

    def strategy(self, players: int) -> str:
        """The taming policy's name that plays it at ``players`` (``card[...]``)."""
        return f"card[{self.settings(players)}]"

    def words(self) -> str:
        """A short label: ``2 people at placement 1 if alone, commit 1 (2 over 1)``."""
        if self.people == 0:
            go = "no people"
        elif self.people == GATHER:
            go = f"gather there from placement {self.turn}" + (" if alone" if self.alone else "")
        else:
            go = f"{self.people} at placement {self.turn}" + (" if alone" if self.alone else "")
            go += f" (earlier at a bonus of {self.early}+)" if self.early else ""
            if self.rich:
                start = min(self.turn, RICH_TURN)
                go += f" ({self.people + 1} from {start} at a bonus of {self.rich}+)"
        commit = f"commit {self.commit}" + (f" (+1 over {self.commit})" if self.raise_ else "")
        return f"{go}, {commit}"


def _players_is(players: int) -> dict:
    return {"feature": "players", "lo": players - 0.5, "hi": players + 0.5}


def person_card(plays: dict[int, PersonPlay], worth: dict | None = None) -> dict:
    """The person's card file that plays ``plays`` (table size -> :class:`PersonPlay`), rule for
    rule as ``card[people_N=..,turn_N=..,alone_N=..,commit_N=..,raise_N=..,early_N=..]`` (and
    ``rich_N``) plays it.

    Parameters
    ----------
    plays : dict
        Player count -> its play, for some of 2, 3 and 4 (a size left out has no rules: it stays
        away from the herd and commits the default, one figure).
    worth : dict, optional
        The conversion to print (default: :data:`WORTH` with the plays' own changes,
        :attr:`PersonPlay.worth`, which every play must share).

    Returns
    -------
    dict
        ``worth``, ``place`` (rules, default 0), ``rules`` and ``default``.
    """
    if worth is None:
        changes = {play.worth for play in plays.values()}
        if len(changes) > 1:
            raise ValueError("a card prints one conversion: its plays' worth differ")
        worth = {**WORTH, **dict(changes.pop() if changes else ())}
    place, commit = [], []
    for players in sorted(plays):
        play = plays[players]
        size = _players_is(players)
        if play.people != 0 and play.alone:
            place.append(
                {"when": [size, {"feature": "rivals", "lo": 0.5, "hi": None}], "people": 0}
            )
        rich = play.rich > 0 and play.people > 0
        if rich:
            start = min(play.turn, RICH_TURN)
            turn = [{"feature": "turn", "lo": start - 0.5, "hi": None}] if start > 1 else []
            bonus = {"feature": "bonus", "lo": play.rich - 0.5, "hi": None}
            place.append({"when": [size, *turn, bonus], "people": play.people + 1})
        if play.people != 0:
            turn = [{"feature": "turn", "lo": play.turn - 0.5, "hi": None}] if play.turn > 1 else []
            place.append({"when": [size, *turn], "people": play.people})
        if play.people != 0 and play.early:
            if rich:
                bonus = {"feature": "bonus", "lo": max(play.early, play.rich) - 0.5, "hi": None}
                place.append({"when": [size, bonus], "people": play.people + 1})
            bonus = {"feature": "bonus", "lo": play.early - 0.5, "hi": None}
            place.append({"when": [size, bonus], "people": play.people})
        if play.raise_:
            over = {"feature": "committed_most", "lo": play.commit - 0.5, "hi": None}
            commit.append({"when": [size, over], "commit": play.commit + 1})
        commit.append({"when": [size], "commit": play.commit})
    return {
        "worth": dict(worth),
        "place": {"rules": place, "default": 0},
        "rules": commit,
        "default": 1,
    }
