"""Deriving the card: the candidates, their one-seat deviations, and the race between them.
Pure numpy and pandas, no I/O.

A candidate is the card's play at one table size (:class:`strategies.taming_card.TablePlay`:
whether to seek the herd, at what weight, how many figures to commit); each table size is derived
on its own, since the card's play at one size never meets another's. Its **exploitability** is
what the best one-seat deviation gains at a table where every seat plays it: the deviation's win
rate minus the same seat's as a card player, on the same game indices (pp). The deviations
(:data:`DEVIATIONS`) are fixed plays (``never``, ``fixed-K``, ``ev`` and ``majority`` at several
herd weights) and changes of the candidate itself (``~weight=W``, ``~seek=S``, ``~commit=K``: the
candidate with that one setting changed).

The race is successive halving (Jamieson and Talwalkar 2016) with racing's drop rule: every
candidate plays the same game indices (common random numbers); after each round the best
``1/eta`` of the candidates by exploitability go on (:func:`survivors`), except those clearly
worse than the best (the lower end of their exploitability above the upper end of the best's),
and the games per arm grow by ``eta``. The last one standing is certified on game indices the race
never played.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import replace

import pandas as pd

from experiments.shared.analysis_sweep import SWEEP_SCALE
from experiments.shared.paired import Moments
from sim.errors import InputError
from strategies.card_person import GATHER, MAX_RULES_PER_SIZE, PersonPlay, person_card
from strategies.taming_card import (
    COUNT,
    COUNT_BY_GAP,
    SEEK_ALWAYS,
    SEEK_UNLESS_THERE,
    TablePlay,
    is_commitment,
)

WEIGHTS = [0.1, 0.15, 0.22, 0.3, 0.45, 0.65, 1.0]
"""The seek weights a derivation tries by default (shares of the contest's expected points)."""
SEEKS = [int(SEEK_UNLESS_THERE), int(SEEK_ALWAYS)]
"""Whether to seek by default: unless another seat is on the herd's area already, or always."""
COMMITS = [COUNT, 1, 2]
"""The commitments tried by default: count it out, one figure, two figures."""
REFINED = "refined"
"""What a race row of the richer grid says in its ``space`` column."""
CHANGE = "~"
"""A deviation that changes one setting of the candidate starts with this: ``~weight=0.3``."""
DEVIATIONS = [
    "never",
    "fixed-1",
    "fixed-2",
    "ev",
    "ev[weight=0.15]",
    "ev[weight=0.4]",
    "ev[weight=1]",
    "majority",
    "majority[weight=0.15]",
    "majority[weight=0.4]",
    "majority[weight=1]",
    "~weight=0.1",
    "~weight=0.3",
    "~weight=0.6",
    "~weight=1",
    "~seek=1",
    "~seek=2",
    "~commit=-1",
    "~commit=1",
    "~commit=2",
]
"""The default one-seat deviations: the base player never committing, committing one or two,
``ev`` and ``majority`` at the base player's own herd weight and at 0.15, 0.4 and 1; and the
candidate at seek weights 0.1, 0.3, 0.6 and 1, seeking unless someone is there or always, and
committing by count, one or two (a change to what the candidate already plays is left out)."""
CHANGES = {"weight": float, "seek": int, "commit": int}
SPACES = ("weight", "person")
"""The spaces a card is derived in: a weight card (:class:`~strategies.taming_card.TablePlay`)
or a person's card (:class:`~strategies.card_person.PersonPlay`)."""
PEOPLE = [GATHER, 1, 2]
"""A person's play's people by default: gather on the herd's area in place of another resource
area, or put one or two people there."""
TURNS = [2, 3]
"""At which placement a person's play puts its people there, by default."""
ALONE = [0, 1]
"""Whoever is on the herd's area, or only when nobody else is."""
PERSON_COMMITS = [1, 2]
"""A person's play's commitments by default."""
RAISES = [0, 1]
"""Never one figure more, or one more when a player before you committed as many."""
EARLY = [0, 3]
"""Never before its placement, or at any placement when the printed "1." bonus counts 3+."""
NEW_DEFAULTS = {
    "tables": [],
    "space": "weight",
    "people": list(PEOPLE),
    "turns": list(TURNS),
    "alone": list(ALONE),
    "person_commits": list(PERSON_COMMITS),
    "raises": list(RAISES),
    "early": list(EARLY),
}
"""The derivation's settings of several tables and of a person's card, with their defaults: a
card records them in its provenance only where they are not these, so that a card derived
before they existed is derived again to the same bytes."""
PERSON_DEVIATIONS = [
    *DEVIATIONS[:11],
    "~people=0",
    "~people=-1",
    "~people=1",
    "~people=2",
    "~turn=1",
    "~turn=3",
    "~commit=-1",
    "~commit=1",
    "~commit=2",
]
"""The default one-seat deviations of a person's card: the base player never committing,
committing one or two, ``ev`` and ``majority`` at its own herd weight and at 0.15, 0.4 and 1
(as a weight card's), and the candidate with another count of people (none, gathering there,
one or two), at its first or third placement, and counting its commitment out or committing one
or two."""
PERSON_CHANGES = {
    "people": int, "turn": int, "alone": int, "commit": int, "raise_": int, "early": int,
    "rich": int,
}  # fmt: skip
PERSON_LIMITS = {"people": (GATHER, 10), "turn": (1, 10), "alone": (0, 1), "commit": (COUNT, 10),
                 "raise_": (0, 1), "early": (0, 100), "rich": (0, 100)}  # fmt: skip


def candidates(
    weights: Sequence[float], seeks: Sequence[int], commits: Sequence[int]
) -> list[TablePlay]:
    """Every candidate play of one table size, in a fixed order (seek, weight, commitment).

    Parameters
    ----------
    weights : sequence of float
        Seek weights.
    seeks : sequence of int
        ``SEEK_UNLESS_THERE`` and/or ``SEEK_ALWAYS``.
    commits : sequence of int
        Commitments: :data:`~strategies.taming_card.COUNT` or a number of figures.

    Returns
    -------
    list of TablePlay
    """
    return [
        TablePlay(int(s), float(w), int(k))
        for s in sorted(set(seeks))
        for w in sorted(set(weights))
        for k in sorted(set(commits))
    ]


def person_candidates(
    people: Sequence[int],
    turns: Sequence[int],
    alone: Sequence[int],
    commits: Sequence[int],
    raises: Sequence[int],
    early: Sequence[int] = (0,),
    rich: Sequence[int] = (0,),
    worth: tuple[tuple[str, int], ...] = (),
) -> list[PersonPlay]:
    """Every person's candidate play of one table size, in a fixed order.

    A play that puts nobody there needs no turn, ``alone``, ``early`` nor ``rich``; one that
    gathers there does from the first placement on (its ``turn`` is 1, no ``early`` nor
    ``rich``). A play that goes early does not raise, and no play needs more than four rules
    a size (:data:`~strategies.card_person.MAX_RULES_PER_SIZE`).

    Parameters
    ----------
    people, turns, alone, commits, raises, early, rich : sequence of int
        The grid (:class:`~strategies.card_person.PersonPlay`'s fields).
    worth : tuple of (str, int)
        The conversion every candidate prints (:attr:`~strategies.card_person.PersonPlay.worth`).

    Returns
    -------
    list of PersonPlay
    """
    plays = set()
    grid = itertools.product(people, turns, alone, commits, raises, early, rich)
    for n, t, a, k, r, e, b in grid:
        n, t, a, k, r, e, b = (int(x) for x in (n, t, a, k, r, e, b))
        if n == 0:
            plays.add(PersonPlay(0, 1, 0, k, r, 0, worth=worth))
        elif n == GATHER:
            plays.add(PersonPlay(GATHER, 1, a, k, r, 0, worth=worth))
        elif not (e and r):
            play = PersonPlay(n, t, a, k, r, e, b, worth)
            if rules_of(play) <= MAX_RULES_PER_SIZE:
                plays.add(play)
    return sorted(plays)


def rules_of(play: PersonPlay) -> int:
    """How many rules the card of a person's play has at its table size."""
    card = person_card({3: play})
    return len(card["place"]["rules"]) + len(card["rules"])


def parse_change(deviation: str) -> tuple[str, float]:
    """The setting and value of a change deviation (``~weight=0.3`` -> ``("weight", 0.3)``).

    Raises
    ------
    InputError
        Not ``~weight=W`` (0 to 10), ``~seek=S`` (1 or 2) or ``~commit=K`` (0 to 10, -1 or
        -3).
    """
    key, equals, text = deviation[len(CHANGE) :].partition("=")
    key = key.strip()
    bad = (
        f"deviation {deviation!r}: write ~weight=W (0 to 10), ~seek=1 or ~seek=2, "
        "or ~commit=K (-1 counts it out, -3 by the tile gap, else 0 to 10 figures)"
    )
    if not equals or key not in CHANGES:
        raise InputError(bad)
    try:
        value = float(text)
    except ValueError:
        raise InputError(bad) from None
    limits = {"weight": (0, 10), "seek": (1, 2), "commit": (COUNT_BY_GAP, 10)}
    low, high = limits[key]
    whole = CHANGES[key] is int
    if not math.isfinite(value) or not low <= value <= high or (whole and value != int(value)):
        raise InputError(bad)
    if key == "commit" and not is_commitment(int(value)):
        raise InputError(bad)
    return key, CHANGES[key](value)


def parse_person_change(deviation: str) -> tuple[str, int]:
    """The setting and value of a person's play's change deviation (``~people=2`` ->
    ``("people", 2)``; ``~raise=1`` sets ``raise_``; ``~early=3`` goes early at a bonus of 3+;
    ``~rich=4`` puts one person more at a bonus of 4+).

    Raises
    ------
    InputError
        Not one of ``~people=N`` (-1 to 10), ``~turn=T`` (1 to 10), ``~alone=A`` (0 or 1),
        ``~commit=K`` (-1 to 10), ``~raise=R`` (0 or 1), ``~early=E`` or ``~rich=B`` (0 to
        100).
    """
    key, equals, text = deviation[len(CHANGE) :].partition("=")
    key = key.strip()
    key = "raise_" if key == "raise" else key
    bad = (
        f"deviation {deviation!r}: a person's card changes ~people=N (-1 gathers there, else 0 "
        "to 10), ~turn=T (1 to 10), ~alone=0 or 1, ~commit=K (-1 counts it out, else 0 to 10), "
        "~raise=0 or 1, ~early=E or ~rich=B (0 to 100)"
    )
    if not equals or key not in PERSON_CHANGES:
        raise InputError(bad)
    try:
        value = float(text)
    except ValueError:
        raise InputError(bad) from None
    low, high = PERSON_LIMITS[key]
    if not math.isfinite(value) or not low <= value <= high or value != int(value):
        raise InputError(bad)
    return key, int(value)


def changed(play: TablePlay | PersonPlay, deviation: str) -> TablePlay | PersonPlay | None:
    """The candidate with one setting changed by a change deviation; None when it plays that
    already."""
    if isinstance(play, PersonPlay):
        key, value = parse_person_change(deviation)
        other = replace(play, **{key: value})
        if other.people == GATHER:
            other = replace(other, turn=1, early=0, rich=0)
    else:
        key, value = parse_change(deviation)
        other = replace(play, **{key: value})
    return None if other == play else other


def deviation_name(
    base: str, play: TablePlay | PersonPlay, players: int, deviation: str
) -> str | None:
    """The strategy a deviating seat plays at a table of ``play``: ``BASE+POLICY`` for a taming
    policy (with its ``[param=value]``), ``BASE+card[...]`` for a change of the candidate; None
    where the change is what the candidate plays already."""
    if deviation.startswith(CHANGE):
        other = changed(play, deviation)
        return None if other is None else f"{base}+{other.strategy(players)}"
    return f"{base}+{deviation}"


def exploitability(stats: Moments) -> pd.DataFrame:
    """Per candidate (the statistics' ``condition``) and table size: the best deviation's gain
    (pp) with the bounds of the best gain (the largest lower end and the largest upper end of
    the deviations' 95% intervals), and the games per arm.

    Parameters
    ----------
    stats : Moments
        A derivation's race statistics (keys ``condition`` -> the candidate's label,
        ``policy`` -> the deviation).

    Returns
    -------
    pandas.DataFrame
        ``candidate, players, games, exploitability, low, high, best_deviation``.
    """
    table = gains(stats)
    rows = []
    for (label, players), part in table.groupby(["candidate", "players"], sort=False):
        best = part.sort_values(["gain", "deviation"], ascending=[False, True]).iloc[0]
        rows.append(
            {
                "candidate": label,
                "players": int(players),
                "games": int(part["games"].min()),
                "exploitability": float(best["gain"]),
                "low": float(part["gain_low"].max()),
                "high": float(part["gain_high"].max()),
                "best_deviation": best["deviation"],
            }
        )
    return pd.DataFrame(rows)


def gains(stats: Moments) -> pd.DataFrame:
    """Every candidate's and deviation's gain, pp with its 95% interval clustered by game.

    Returns
    -------
    pandas.DataFrame
        ``candidate, players, deviation, games, card_win, deviation_win, gain, gain_low,
        gain_high``.
    """
    summary = stats.collapse(["condition", "players", "policy"]).summary(SWEEP_SCALE)
    return pd.DataFrame(
        {
            "candidate": summary["condition"].astype(str),
            "players": summary["players"].astype(int),
            "deviation": summary["policy"].astype(str),
            "games": summary["clusters"].astype(int),
            "card_win": 100 * summary["win_base"],
            "deviation_win": 100 * summary["win"],
            "gain": 100 * summary["dwin"],
            "gain_low": 100 * summary["dwin_low"],
            "gain_high": 100 * summary["dwin_high"],
        }
    )


def survivors(table: pd.DataFrame, order: Sequence[str], eta: int) -> list[str]:
    """The candidates that go on to the next round of the race.

    The best ``ceil(n / eta)`` by exploitability (ties: the earlier in ``order``), less those
    whose exploitability's lower bound lies above the best upper bound of any candidate (clearly
    worse); at least the best one.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`exploitability` of this round's candidates (one table size).
    order : sequence of str
        The candidates' labels in their fixed order.
    eta : int
        The share kept: one in ``eta``.

    Returns
    -------
    list of str
        The labels kept, in ``order``.
    """
    rank = {label: i for i, label in enumerate(order)}
    ranked = table.assign(_at=table["candidate"].map(rank)).sort_values(
        ["exploitability", "_at"], kind="mergesort"
    )
    keep = ranked.head(max(1, math.ceil(len(ranked) / eta)))
    bar = float(table["high"].min())
    clear = keep[keep["low"] <= bar]
    kept = set(clear["candidate"] if len(clear) else keep["candidate"].head(1))
    return [label for label in order if label in kept]


def schedule(count: int, first_games: int, eta: int) -> list[tuple[int, int]]:
    """The race's rounds before any candidate is dropped by its drop rule: per round, the
    candidates that play it at most and the games per arm they will have played by its end.

    Parameters
    ----------
    count : int
        Candidates at the start.
    first_games : int
        Games per arm of the first round.
    eta : int
        Each round keeps one candidate in ``eta`` and multiplies the games by ``eta``.

    Returns
    -------
    list of (int, int)
        ``(candidates, games)`` per round; the race ends when one candidate is left.
    """
    rounds, games = [], first_games
    while True:
        rounds.append((count, games))
        if count <= 1:
            return rounds
        count = max(1, math.ceil(count / eta))
        if count == 1:
            return rounds
        games *= eta


def plays_of(card: dict) -> dict[int, TablePlay | PersonPlay]:
    """The plays a derived card file records (``provenance["plays"]``), by table size."""
    out = {}
    for players, p in card["provenance"]["plays"].items():
        if "people" in p:
            out[int(players)] = PersonPlay(
                int(p["people"]), int(p["turn"]), int(p["alone"]), int(p["commit"]),
                int(p["raise"]), int(p.get("early", 0)), int(p.get("rich", 0)),
            )  # fmt: skip
        else:
            out[int(players)] = TablePlay(int(p["seek"]), float(p["weight"]), int(p["commit"]))
    return out
