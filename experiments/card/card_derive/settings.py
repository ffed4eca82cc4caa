"""The typed settings of a card's derivation (the ``card_derive`` kind, ``mammoth derive-card``).

What its experiment file's ``[experiment]`` and ``[rules]`` hold, each setting read and checked once
(see :mod:`experiments.card.card_derive.kind` for what they mean).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from experiments.card.card_derive.analysis import (
    ALONE,
    CHANGE,
    COMMITS,
    DEVIATIONS,
    EARLY,
    NEW_DEFAULTS,
    PEOPLE,
    PERSON_COMMITS,
    PERSON_DEVIATIONS,
    RAISES,
    SEEKS,
    SPACES,
    TURNS,
    WEIGHTS,
    candidates,
    parse_change,
    parse_person_change,
    person_candidates,
)
from experiments.card.card_derive.analysis_race import (
    Table,
    tables_of,
)
from experiments.shared.analysis_card_tables import (
    card_table,
    check_base,
    check_tile_set,
)
from experiments.shared.analysis_sweep import (
    field_for,
)
from experiments.shared.experiment import Experiment, setting
from experiments.shared.settings import deviation_names, names, short, whole_number
from sim.errors import InputError
from strategies.card_person import (
    GATHER,
    MAX_FIGURES,
    MAX_PEOPLE,
    MAX_WORTH,
    WORTH,
    WORTH_NAMES,
    PersonPlay,
)
from strategies.registry import resolve
from strategies.taming_card import (
    COMMITMENTS,
    COUNT_BY_GAP,
    MAX_WEIGHT,
    SEEK_ALWAYS,
    SEEK_UNLESS_THERE,
    TablePlay,
    is_commitment,
    load_card,
)

CHUNK_GAMES = 1_000
FIELD = ["champion"]
FIRST_GAMES = 300
ETA = 3
METAGAME_GAMES = 1_000
METAGAME_PLAYS = 4
BOOTSTRAP = 200
CERTIFY_FIRST = 100_000_000
"""The first game index of the certification: past every index the race can play."""
METAGAME_FIRST = 200_000_000
"""The first game index of the meta-game's profiles."""
DEFAULTS = {
    "field": list(FIELD),
    "tiles": "default",
    "weights": list(WEIGHTS),
    "seeks": list(SEEKS),
    "commits": list(COMMITS),
    "deviations": list(DEVIATIONS),
    "first_games": FIRST_GAMES,
    "eta": ETA,
    "metagame_games": METAGAME_GAMES,
    "metagame_plays": METAGAME_PLAYS,
    **NEW_DEFAULTS,
}
RICH = (0,)
"""A person's play's ``rich`` by default: never one person more at a rich "1." bonus."""
UNWRITTEN = {"rich": list(RICH), "worth": []}
"""Settings that a derivation's settings hold only where they are given (not filled in from
:data:`DEFAULTS`), so that the fingerprint of every run from before them stays as it was."""
MAX_TABLES = 24
RULES = ("mammoth_points", "tie", "resources_of_choice")
GAMES = "certification games per arm and table size"
ENTRIES = ("play",)
PREFIX = "d_"
MAX_CANDIDATES = 200


def _grid(low: float, high: float, whole_numbers: bool, valid=None, what: str | None = None):
    """A reader of a candidates' grid: a list of 1 to :data:`MAX_CANDIDATES` distinct numbers
    from ``low`` to ``high`` (whole ones with ``whole_numbers``; with ``valid``, only those it
    admits, named ``what``), kept as written."""

    def read(values, key: str) -> tuple:
        kind = "whole numbers" if whole_numbers else "numbers"
        bad = f"{key} must be a list of " + (
            what or f"1 to {MAX_CANDIDATES} {kind} from {low:g} to {high:g}"
        )
        if not isinstance(values, list) or not 1 <= len(values) <= MAX_CANDIDATES:
            raise InputError(f"{bad}, not {short(values)}")
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int | float) or not low <= v <= high:
                raise InputError(f"{bad}, not {short(v)}")
            if (whole_numbers and v != int(v)) or (valid is not None and not valid(int(v))):
                raise InputError(f"{bad}, not {short(v)}")
        if len(set(values)) != len(values):
            raise InputError(f"{key}: name each value once")
        return tuple(values)

    return read


def _tiles(value, key: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{key} must be default or a tile file, not {short(value)}")
    return value


def _tables(value, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_TABLES:
        raise InputError(f"{key} must be a list of at most {MAX_TABLES} tables")
    return tuple(value)


def _worth(value, key: str) -> tuple[str, ...]:
    """A person's card's conversion where it is not the default: ``NAME=N`` items, each name
    once (:data:`~strategies.card_person.WORTH_NAMES`), ``N`` a whole number 0 to
    :data:`~strategies.card_person.MAX_WORTH`; kept as written."""
    bad = (
        f"{key} must be a list of NAME=N, NAME one of {', '.join(WORTH_NAMES)} (each once) and "
        f"N a whole number 0 to {MAX_WORTH}"
    )
    if not isinstance(value, list) or len(value) > len(WORTH_NAMES):
        raise InputError(f"{bad}, not {short(value)}")
    names = []
    for item in value:
        name, equals, number = item.partition("=") if isinstance(item, str) else ("", "", "")
        if not equals or name not in WORTH_NAMES or name in names:
            raise InputError(f"{bad}, not {short(item)}")
        if not number.isdigit() or int(number) > MAX_WORTH:
            raise InputError(f"{bad}, not {short(item)}")
        names.append(name)
    return tuple(value)


def worth_changes(worth: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """A checked ``worth`` setting as a person's play's conversion
    (:attr:`~strategies.card_person.PersonPlay.worth`): the pairs that differ from the default
    conversion, in :data:`~strategies.card_person.WORTH_NAMES`' order."""
    given = {name: int(number) for name, _, number in (w.partition("=") for w in worth)}
    return tuple((n, given[n]) for n in WORTH_NAMES if n in given and given[n] != WORTH[n])


def _space(value, key: str) -> str:
    if value not in SPACES:
        raise InputError(f"{key} must be one of {', '.join(SPACES)}, not {short(value)}")
    return value


@dataclass(frozen=True, kw_only=True)
class CardDeriveExperiment(Experiment):
    """The settings of a card's derivation (see the module's docstring).

    Attributes
    ----------
    field : tuple of str
        The other seats' strategies (one table; with ``tables``, the default).
    tiles : str
        ``default`` or a tile file (one table; with ``tables``, the default).
    weights, seeks, commits : tuple
        The weight cards' grid, as written.
    deviations : tuple of str
        The one-seat deviations (:func:`deviations_of`: a person's card's own default set).
    first_games, eta : int
        The race's first round's games per arm, and how many candidates each round keeps one
        of (and how many times the games it gives them).
    metagame_games, metagame_plays : int
        Games per profile of the meta-game (0: none), and its plays.
    tables : tuple of str
        ``FIELD@TILES`` or ``FIELD@TILES=CARD`` each, in place of ``field`` and ``tiles``.
    space : str
        ``weight`` or ``person``.
    people, turns, alone, person_commits, raises, early, rich : tuple of int
        A person's grid.
    worth : tuple of str
        A person's card's conversion where it is not the default (``NAME=N`` each).
    """

    RULES: ClassVar[tuple[str, ...]] = RULES
    CHUNK_GAMES: ClassVar[int] = CHUNK_GAMES
    field: tuple[str, ...] = setting(names, default=tuple(FIELD))
    tiles: str = setting(_tiles, default="default")
    weights: tuple[float, ...] = setting(_grid(0, MAX_WEIGHT, False), default=tuple(WEIGHTS))
    seeks: tuple[int, ...] = setting(
        _grid(SEEK_UNLESS_THERE, SEEK_ALWAYS, True), default=tuple(SEEKS)
    )
    commits: tuple[int, ...] = setting(
        _grid(COUNT_BY_GAP, 10, True, is_commitment, f"commitments: {COMMITMENTS}"),
        default=tuple(COMMITS),
    )
    deviations: tuple[str, ...] = setting(deviation_names, default=tuple(DEVIATIONS))
    first_games: int = setting(lambda v, k: whole_number(v, k, low=10), default=FIRST_GAMES)
    eta: int = setting(lambda v, k: whole_number(v, k, low=2, high=10), default=ETA)
    metagame_games: int = setting(lambda v, k: whole_number(v, k, low=0), default=METAGAME_GAMES)
    metagame_plays: int = setting(
        lambda v, k: whole_number(v, k, low=2, high=6), default=METAGAME_PLAYS
    )
    tables: tuple[str, ...] = setting(_tables, default=())
    space: str = setting(_space, default="weight")
    people: tuple[int, ...] = setting(_grid(GATHER, MAX_PEOPLE, True), default=tuple(PEOPLE))
    turns: tuple[int, ...] = setting(_grid(1, 10, True), default=tuple(TURNS))
    alone: tuple[int, ...] = setting(_grid(0, 1, True), default=tuple(ALONE))
    person_commits: tuple[int, ...] = setting(
        _grid(0, MAX_FIGURES, True), default=tuple(PERSON_COMMITS)
    )
    raises: tuple[int, ...] = setting(_grid(0, 1, True), default=tuple(RAISES))
    early: tuple[int, ...] = setting(_grid(0, 100, True), default=tuple(EARLY))
    rich: tuple[int, ...] = setting(_grid(0, 100, True), default=tuple(RICH))
    worth: tuple[str, ...] = setting(_worth, default=())

    def check(self) -> None:
        """The tables (:func:`_check_tables`), the grid's size, and every deviation and card
        table known at every table.

        Raises
        ------
        InputError
            An unknown strategy, a field too short for a player count, a tile file that cannot
            be read, a deviation that is not one, or more than :data:`MAX_CANDIDATES`
            candidates.
        """
        tables = _check_tables(self)
        if self.worth and self.space != "person":
            raise InputError("worth is a person's card's conversion: derive one (space person)")
        grid = grid_of(self)
        if len(grid) > MAX_CANDIDATES:
            raise InputError(f"the grid makes {len(grid)} candidates; at most {MAX_CANDIDATES}")
        for table in tables:
            base = check_base(list(table.field))
            for deviation in deviations_of(self):
                if deviation.startswith(CHANGE):
                    changes = parse_person_change if self.space == "person" else parse_change
                    changes(deviation)
                else:
                    resolve(f"{base}+{deviation}")
            for play in grid[:1]:
                for players in self.player_counts:
                    for name in card_table(list(table.field), play.strategy(players)):
                        resolve(name)

    @cached_property
    def tables_played(self) -> list[Table]:
        """The tables the derivation is for: its ``tables``, or the one of its ``field`` and
        ``tiles`` (:func:`~experiments.card.card_derive.analysis_race.tables_of`)."""
        return tables_of(self.tables, self.field, self.tiles)


def _check_tables(experiment: CardDeriveExperiment) -> list[Table]:
    """The tables, checked: each field's strategies, its size at every player count, its tile
    set and its own card."""
    e = experiment
    if e.tables and (list(e.field) != FIELD or e.tiles != DEFAULTS["tiles"]):
        raise InputError("give the tables (--table), or one field and tile set, not both")
    tables = e.tables_played
    if len({t.spec() for t in tables}) != len(tables):
        raise InputError("tables: name each table once")
    for table in tables:
        for name in table.field:
            resolve(name)
        for players in e.player_counts:
            field_for(list(table.field), players)
        check_tile_set(table.tiles)
        if table.card:
            load_card(table.card)
    return tables


def grid_of(experiment: CardDeriveExperiment) -> list[TablePlay | PersonPlay]:
    """The candidates of one table size: weight cards' or a person's plays (``space``)."""
    e = experiment
    if e.space == "person":
        return person_candidates(
            e.people, e.turns, e.alone, e.person_commits, e.raises, e.early, e.rich,
            worth_changes(e.worth),
        )  # fmt: skip
    return candidates(e.weights, e.seeks, e.commits)


def deviations_of(experiment: CardDeriveExperiment) -> list[str]:
    """The deviations: ``deviations``, where a person's card is derived with the default set
    its own default set (:data:`~experiments.card.card_derive.analysis.PERSON_DEVIATIONS`)."""
    if experiment.space == "person" and list(experiment.deviations) == DEVIATIONS:
        return list(PERSON_DEVIATIONS)
    return list(experiment.deviations)
