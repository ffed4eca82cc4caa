"""The ``card_derive`` experiment kind: the card whose table is hardest to exploit, for given
tiles and a given base player, or for several tables at once (``mammoth derive-card``).

For each table size on its own, every candidate play (:func:`~experiments.card.card_derive.
analysis.candidates`: whether to seek the herd, at which weight, how many figures) is played at
a table where every seat plays it, against one seat, rotating, playing each deviation instead
(:data:`~experiments.card.card_derive.analysis.DEVIATIONS`), all on the same game indices. A
race of successive halving (:func:`~experiments.card.card_derive.analysis.survivors`) keeps the
candidates that are hardest to exploit and gives them more games, round by round, until one is
left. It is then **certified** on game indices the race never played (``games`` per arm: the
exploitability table, every deviation's gain with its 95% interval), and the **meta-game** among
it and the deviations that gain most against it is solved (its symmetric equilibrium at each
table size, :func:`experiments.shared.analysis_metagame.metagame_tables`). The card file that
plays the winners (:func:`strategies.taming_card.card_of_plays`) is written with its
provenance. Where the certified card is exploitable by more than the goal at a size, a richer grid
is raced there (:func:`richer_grid`) and its winner kept if it holds better.

With several tables (``tables``: each a base player, a tile set and the card derived for it
alone, :class:`~experiments.card.card_derive.analysis_race.Table`) the race minimises the
candidates' worst exploitability over them (:func:`race`; its rules are
:mod:`~experiments.card.card_derive.analysis_race`'s), each table's own card among its
deviations, and the winner is certified at every table. ``space`` ``person`` races a person's
plays (:func:`~experiments.card.card_derive.analysis.person_candidates`, counts a player
follows) instead of weight cards, and writes a person's card
(:func:`strategies.card_person.person_card`).

Which candidates play a round depends on the rounds before, so the kind runs its own passes
(``run``): each round's chunks go to the backend together and are saved under ``chunks/`` by the
one chunk store, as every kind's are (``--resume`` keeps them). A chunk is one table size, one
candidate and one block of game indices, every deviation of it; statistics merge exactly, so the
card and every figure are the same on any number of workers or backend.

Settings of ``[experiment]``: ``field`` (the other seats' strategies, one name or several seated
in turn; default ``["champion"]``), ``tiles`` (``default`` or a tile file), ``weights``,
``seeks`` and ``commits`` (the candidates' grid), ``deviations``, ``first_games`` (games per
arm of the race's first round), ``eta`` (each round keeps one candidate in ``eta`` and plays
``eta`` times the games), ``metagame_games`` (games per profile of the meta-game, 0: none),
``metagame_plays`` (plays of the meta-game: the card and the deviations that gain most; the
meta-game is solved for one table of one base player), ``tables`` (``FIELD@TILES`` or
``FIELD@TILES=CARD`` each, in place of ``field`` and ``tiles``), ``space`` (``weight`` or
``person``), ``people``, ``turns``, ``alone``, ``person_commits``, ``raises`` and ``early`` (a
person's grid), and the common ones (``games``: the certification's games per arm and table
size). ``[rules]``: ``mammoth_points``, ``tie``, ``resources_of_choice``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm import tqdm

from experiments.card.card_check.analysis import EXPLOIT_LIMIT
from experiments.card.card_derive.analysis import (
    CHANGE,
    COMMITS,
    DEVIATIONS,
    NEW_DEFAULTS,
    PERSON_DEVIATIONS,
    SEEKS,
    SPACES,
    WEIGHTS,
    candidates,
    deviation_name,
    exploitability,
    gains,
    parse_change,
    parse_person_change,
    person_candidates,
    schedule,
    survivors,
)
from experiments.card.card_derive.analysis_race import (
    Table,
    clearly_exploitable,
    could_be_worst,
    tables_of,
    worst_case,
)
from experiments.library.symmetric_game import profiles
from experiments.shared.analysis_card_tables import (
    card_table,
    check_base,
    rules_with_tiles,
)
from experiments.shared.analysis_metagame import block_stats, bootstrap_weights, metagame_tables
from experiments.shared.analysis_metagame_play import play_profile
from experiments.shared.analysis_sweep import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    field_for,
    field_slots_for,
    named_arm,
    sweep_block,
)
from experiments.shared.checkpoints import fingerprint
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.limits import game_blocks
from experiments.shared.paired import GameBlock, Moments
from experiments.shared.settings import (
    check_keys,
    int_setting,
    names_setting,
    players_of,
    rule_types,
    short,
)
from sim.errors import InputError
from strategies.card_person import GATHER, MAX_FIGURES, MAX_PEOPLE, PersonPlay
from strategies.registry import resolve
from strategies.taming_card import (
    COUNT,
    MAX_WEIGHT,
    SEEK_ALWAYS,
    SEEK_UNLESS_THERE,
    TablePlay,
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
NEW_SETTINGS = tuple(NEW_DEFAULTS)
MAX_TABLES = 24
SETTINGS = (
    "field",
    "tiles",
    "weights",
    "seeks",
    "commits",
    "deviations",
    "first_games",
    "eta",
    "metagame_games",
    "metagame_plays",
    *NEW_SETTINGS,
)
RULES = ("mammoth_points", "tie", "resources_of_choice")
GAMES = "certification games per arm and table size"
ENTRIES = ("play",)
PREFIX = "d_"
MAX_CANDIDATES = 200
MAX_DEVIATIONS = 40


def _numbers(config: dict, key: str, low: float, high: float, whole: bool) -> list:
    values = config[key]
    kind = "whole numbers" if whole else "numbers"
    bad = f"{key} must be a list of 1 to {MAX_CANDIDATES} {kind} from {low:g} to {high:g}"
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_CANDIDATES:
        raise InputError(f"{bad}, not {short(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int | float) or not low <= v <= high:
            raise InputError(f"{bad}, not {short(v)}")
        if whole and v != int(v):
            raise InputError(f"{bad}, not {short(v)}")
    if len(set(values)) != len(values):
        raise InputError(f"{key}: name each value once")
    return values


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, an unknown strategy, a field too short for a player
        count, a tile file that cannot be read, a grid or deviation out of its range, or more
        than :data:`MAX_CANDIDATES` candidates.
    """
    check_keys(config, SETTINGS, RULES)
    rule_types(config)
    if config["space"] not in SPACES:
        raise InputError(f"space must be one of {', '.join(SPACES)}, not {short(config['space'])}")
    tables = _check_tables(config)
    if config["space"] == "person":
        _numbers(config, "people", GATHER, MAX_PEOPLE, True)
        _numbers(config, "turns", 1, 10, True)
        _numbers(config, "alone", 0, 1, True)
        _numbers(config, "person_commits", 0, MAX_FIGURES, True)
        _numbers(config, "raises", 0, 1, True)
        _numbers(config, "early", 0, 100, True)
    else:
        _numbers(config, "weights", 0, MAX_WEIGHT, False)
        _numbers(config, "seeks", SEEK_UNLESS_THERE, SEEK_ALWAYS, True)
        _numbers(config, "commits", COUNT, 10, True)
    grid = grid_of(config)
    if len(grid) > MAX_CANDIDATES:
        raise InputError(f"the grid makes {len(grid)} candidates; at most {MAX_CANDIDATES}")
    deviations = names_setting(config, "deviations", limit=MAX_DEVIATIONS)
    if len(set(deviations)) != len(deviations):
        raise InputError("deviations: name each deviation once")
    for table in tables:
        base = check_base(list(table.field))
        for deviation in deviations_of(config):
            if deviation.startswith(CHANGE):
                changes = parse_person_change if config["space"] == "person" else parse_change
                changes(deviation)
            else:
                resolve(f"{base}+{deviation}")
        for play in grid[:1]:
            for players in players_of(config):
                for name in card_table(list(table.field), play.strategy(players)):
                    resolve(name)
    int_setting(config, "first_games", low=10)
    int_setting(config, "eta", low=2, high=10)
    int_setting(config, "metagame_games", low=0)
    int_setting(config, "metagame_plays", low=2, high=6)


def _check_tables(config: dict) -> list[Table]:
    """The tables, checked: each field's strategies, its size at every player count, its tile
    set and its own card."""
    if not isinstance(config["tables"], list) or len(config["tables"]) > MAX_TABLES:
        raise InputError(f"tables must be a list of at most {MAX_TABLES} tables")
    if config["tables"] and (
        config["field"] != DEFAULTS["field"] or config["tiles"] != DEFAULTS["tiles"]
    ):
        raise InputError("give the tables (--table), or one field and tile set, not both")
    if not config["tables"]:
        names_setting(config, "field")
        if not isinstance(config["tiles"], str):
            raise InputError(f"tiles must be default or a tile file, not {short(config['tiles'])}")
    tables = tables_of(config)
    if len({t.spec() for t in tables}) != len(tables):
        raise InputError("tables: name each table once")
    for table in tables:
        for name in table.field:
            resolve(name)
        for players in players_of(config):
            field_for(list(table.field), players)
        rules_with_tiles(config, table.tiles)
        if table.card:
            load_card(table.card)
    return tables


def grid_of(config: dict) -> list[TablePlay | PersonPlay]:
    """The candidates of one table size: weight cards' or a person's plays (``space``)."""
    if config["space"] == "person":
        return person_candidates(
            config["people"],
            config["turns"],
            config["alone"],
            config["person_commits"],
            config["raises"],
            config["early"],
        )
    return candidates(config["weights"], config["seeks"], config["commits"])


def deviations_of(config: dict) -> list[str]:
    """The deviations: ``deviations``, where a person's card is derived with the default set
    its own default set (:data:`~experiments.card.card_derive.analysis.PERSON_DEVIATIONS`)."""
    if config["space"] == "person" and config["deviations"] == DEVIATIONS:
        return list(PERSON_DEVIATIONS)
    return list(config["deviations"])


def _plan(config: dict) -> list[tuple[int, int]]:
    return schedule(len(grid_of(config)), int(config["first_games"]), int(config["eta"]))


def _blocks(start: int, end: int, size: int) -> list[tuple[int, int]]:
    return [(start + s, n) for s, n in game_blocks(end - start, size)]


def _race_blocks(config: dict) -> list[list[tuple[int, int]]]:
    """The blocks of game indices each round of the race adds."""
    size = int(config.get("chunk_games", CHUNK_GAMES))
    out, before = [], 0
    for _, games in _plan(config):
        out.append(_blocks(before, games, size))
        before = games
    return out


def _race_chunk(players: int, label: str, block: tuple[int, int], table: int | None) -> dict:
    """A block of a candidate's race at a table (``table`` None: the derivation's only one,
    whose chunks name none)."""
    chunk = {"stage": "race", "players": players, "candidate": label, "start": block[0],
             "n": block[1]}  # fmt: skip
    return chunk if table is None else {**chunk, "table": table}


def _certify_chunks(config: dict, players: int, label: str, table: int | None) -> list[dict]:
    size = int(config.get("chunk_games", CHUNK_GAMES))
    end = CERTIFY_FIRST + int(config["games"])
    out = []
    for s, n in _blocks(CERTIFY_FIRST, end, size):
        chunk = {"stage": "certify", "players": players, "candidate": label, "start": s, "n": n}
        out.append(chunk if table is None else {**chunk, "table": table})
    return out


def _table_ids(config: dict) -> list[int | None]:
    """The tables' indices as chunks name them (None for a derivation of one table)."""
    count = len(tables_of(config))
    return [None] if count == 1 else list(range(count))


def _metagame_chunks(config: dict, players: int) -> list[dict]:
    size = int(config.get("chunk_games", CHUNK_GAMES))
    end = METAGAME_FIRST + int(config["metagame_games"])
    return [
        {"stage": "metagame", "players": players, "start": s, "n": n}
        for s, n in _blocks(METAGAME_FIRST, end, size)
    ]


def chunks(config: dict) -> list[dict]:
    """Every chunk the derivation may play: each candidate's blocks of every round of the race
    (a candidate dropped early plays fewer), and the certification's and meta-game's (of the
    winner, which the race decides: listed here under the first candidate)."""
    grid = grid_of(config)
    out = []
    for players in players_of(config):
        labels = [play.strategy(players) for play in grid]
        for t in _table_ids(config):
            for blocks in _race_blocks(config):
                out += [_race_chunk(players, label, b, t) for label in labels for b in blocks]
            out += _certify_chunks(config, players, labels[0], t)
        out += _metagame_chunks(config, players)
    return out


def count_chunks(config: dict) -> int:
    """Every chunk the derivation may play (:func:`chunks`): its race's are set by
    ``first_games`` and ``eta``, not by ``games``, so the limit counts them all."""
    return len(chunks(config))


def planned(config: dict) -> int:
    """The chunks a derivation plays when its race drops no candidate early (the progress
    bar's length): each round's new blocks for the candidates that play it, then the
    certification's and the meta-game's."""
    rounds = [count for count, _ in _plan(config)]
    blocks = _race_blocks(config)
    per_size = sum(count * len(new) for count, new in zip(rounds, blocks, strict=True))
    size = int(config.get("chunk_games", CHUNK_GAMES))
    per_size += len(game_blocks(int(config["games"]), size))
    per_size *= len(tables_of(config))
    if _plays_metagame(config):
        per_size += len(game_blocks(int(config["metagame_games"]), size))
    return per_size * len(players_of(config))


def _plays_metagame(config: dict) -> bool:
    """Whether the derivation solves the meta-game: one table of one base player."""
    tables = tables_of(config)
    return int(config["metagame_games"]) > 0 and len(tables) == 1 and len(tables[0].field) == 1


def played(config: dict) -> list:
    """The tables' strategies (the workers' kernel: every card and deviation is a row of the
    same kernel)."""
    return [resolve(name) for name in seated_names(config)]


def seated_names(config: dict) -> list[str]:
    """The tables' strategies, each once (for the compile notice)."""
    return list(dict.fromkeys(name for table in tables_of(config) for name in table.field))


def _play_of(label: str, players: int) -> TablePlay | PersonPlay:
    """The candidate a label names (``card[seek_N=..,weight_N=..,commit_N=..]``, or a person's
    ``card[people_N=..,turn_N=..,alone_N=..,commit_N=..,raise_N=..]``)."""
    inner = label[label.index("[") + 1 : -1]
    values = dict(item.split("=") for item in inner.split(","))
    if f"people_{players}" in values:
        return PersonPlay(
            int(values[f"people_{players}"]),
            int(values[f"turn_{players}"]),
            int(values[f"alone_{players}"]),
            int(values[f"commit_{players}"]),
            int(values[f"raise_{players}"]),
            int(values[f"early_{players}"]),
        )
    return TablePlay(
        int(values[f"seek_{players}"]),
        float(values[f"weight_{players}"]),
        int(values[f"commit_{players}"]),
    )


def arms_of(
    config: dict, label: str, players: int, table: int | None = None
) -> list[tuple[str, str]]:
    """``(deviation, strategy)`` of every deviation of a candidate at a table size and table
    (the deviations, then the table's own card)."""
    at = tables_of(config)[table or 0]
    base = check_base(list(at.field))
    play = _play_of(label, players)
    own = at.own_deviation()
    out = []
    for deviation in [*deviations_of(config), *([own] if own else [])]:
        name = deviation_name(base, play, players, deviation)
        if name is not None:
            out.append((deviation, name))
    return out


def table_stats(config: dict, chunk: dict) -> dict:
    """Play one block of a candidate's table: every seat the candidate, then one seat
    (rotating) each deviation, on the same game indices; the statistics as arrays."""
    players, label = int(chunk["players"]), chunk["candidate"]
    table = chunk.get("table")
    at = tables_of(config)[table or 0]
    field = list(at.field)
    stats = sweep_block(
        named_arm(label, f"{check_base(field)}+{label}"),
        [named_arm(d, name) for d, name in arms_of(config, label, players, table)],
        field_slots_for(card_table(field, label), players),
        label,
        rules_with_tiles(config, at.tiles),
        GameBlock.of_chunk(config["seed"], chunk),
    )
    return stats.to_arrays(PREFIX)


def metagame_stats(config: dict, chunk: dict, names: list[str]) -> dict:
    """Play every profile of the meta-game among ``names`` on one block of game indices."""
    players = int(chunk["players"])
    seed, start, n = int(config["seed"]), int(chunk["start"]), int(chunk["n"])
    rules = rules_with_tiles(config, tables_of(config)[0].tiles)
    values = [
        play_profile(names, counts, rules, seed, start, n)
        for counts in profiles(len(names), players)
    ]
    return block_stats(values, bootstrap_weights(seed, start, n, BOOTSTRAP))


def run_chunk(config: dict, chunk: dict, names: list[str] | None = None) -> dict:
    """Play one chunk: a block of a candidate's table (race or certification), or of the
    meta-game among ``names``."""
    if chunk["stage"] == "metagame":
        return metagame_stats(config, chunk, names or [])
    return table_stats(config, chunk)


def _moments(parts: list[dict]) -> Moments:
    total = Moments(SWEEP_KEYS, SWEEP_METRICS)
    for part in parts:
        total = total + Moments.from_arrays(part, PREFIX, SWEEP_KEYS, SWEEP_METRICS)
    return total


class _Chunks:
    """The run's chunks, through the one chunk store
    (:class:`~experiments.shared.chunk_store.ChunkStore`): those an interrupted run saved
    reused, the rest played on the backend and saved. Which chunks the run plays depends on the
    race, so a chunk is asked for when it is wanted (the store looks for its file once, and keeps
    it for the later rounds)."""

    def __init__(self, config, folder, backend, say, bar):
        self.config, self.backend, self.bar = config, backend, bar
        self.store = ChunkStore(folder, fingerprint(config), say)

    @property
    def reused(self) -> bool:
        """Whether a saved chunk was loaded (then the run's seconds are not one run's)."""
        return self.store.loaded > 0

    def get(self, wanted: list[dict], names: list[str] | None = None) -> list[dict]:
        """The statistics of ``wanted``, in its order."""
        return self.store.get(
            wanted,
            _play,
            lambda chunk: (self.config, chunk, names),
            self.backend,
            lambda _: self.bar.update(1),
        )


def _play(config: dict, chunk: dict, names: list[str] | None) -> dict:
    """The task a backend runs: :func:`run_chunk`, looked up when called."""
    return run_chunk(config, chunk, names)


def _round_rows(players, r, table, label, row, kept, play) -> dict:
    out = {"players": players, "round": r + 1}
    if table is not None:
        out["table"] = table
    return {
        **out,
        "candidate": label,
        "play": play.words(),
        "games": row["games"],
        "exploitability": row["exploitability"],
        "low": row["low"],
        "high": row["high"],
        "best_deviation": row["best_deviation"],
        "kept": kept,
    }


def _met(latest, store: _Chunks, wanted: list[dict], table: int, todo: list[str]):
    """``latest`` (every candidate's latest row at every table met) with the rows of ``todo``
    at ``table`` from the chunks ``wanted``."""
    met = exploitability(_moments(store.get(wanted))).assign(table=table)
    if latest is None:
        return met
    older = latest[~((latest["table"] == table) & latest["candidate"].isin(todo))]
    return pd.concat([older, met], ignore_index=True)


def _pilot(latest, store: _Chunks, players: int, first: list, ids: list, labels: list):
    """The first round's pilot: the candidate hardest to exploit at the first table played at
    every other table, so that a candidate has met every table before the others meet the
    second, and their drops have a worst case to be measured against."""
    rank = {label: i for i, label in enumerate(labels)}
    at_first = latest[latest["table"] == 0]
    pilot = (
        at_first.assign(_at=at_first["candidate"].map(rank))
        .sort_values(["exploitability", "_at"], kind="mergesort")["candidate"]
        .iloc[0]
    )
    for t in ids[1:]:
        wanted = [_race_chunk(players, pilot, b, t) for b in first]
        latest = _met(latest, store, wanted, t, [pilot])
    return latest


def race(config: dict, players: int, store: _Chunks) -> tuple[TablePlay | PersonPlay, list[dict]]:
    """Run the race at one table size: the winner and every round's table (rows).

    With one table, each round plays every candidate still in the race and keeps the best by
    exploitability (:func:`~experiments.card.card_derive.analysis.survivors`). With several,
    each round meets the tables in their order, drops a candidate as soon as one shows it
    clearly exploitable (:func:`~experiments.card.card_derive.analysis_race.clearly_exploitable`),
    plays a candidate only at the tables that can still be its worst after the first round
    (:func:`~experiments.card.card_derive.analysis_race.could_be_worst`), and keeps the best by
    the worst table's exploitability."""
    grid = grid_of(config)
    labels = [play.strategy(players) for play in grid]
    ids = _table_ids(config)
    many = ids != [None]
    alive, rows = list(labels), []
    blocks = _race_blocks(config)
    latest = None  # every candidate's latest row at every table met
    for r in range(len(_plan(config))):
        standing = list(alive)
        for t in ids:
            at = 0 if t is None else t
            todo = [c for c in standing if r == 0 or not many or could_be_worst(latest, c, at)]
            wanted = [
                _race_chunk(players, label, b, t)
                for label in todo
                for rb in blocks[: r + 1]
                for b in rb
            ]
            if not wanted:
                continue
            latest = _met(latest, store, wanted, at, todo)
            if many and r == 0 and at == 0:
                latest = _pilot(latest, store, players, blocks[0], ids, labels)
            if many:
                dropped = clearly_exploitable(latest, standing, len(ids))
                standing = [c for c in standing if c not in dropped]
        part = latest[latest["candidate"].isin(alive)]
        table = worst_case(part) if many else part.drop(columns="table")
        ranked = table[table["candidate"].isin(standing)]
        kept = survivors(ranked, labels, int(config["eta"]))
        for row in part.to_dict("records") if many else table.to_dict("records"):
            label = row["candidate"]
            play = _play_of(label, players)
            at = row["table"] if many else None
            rows.append(_round_rows(players, r, at, label, row, label in kept, play))
        alive = kept
        if len(alive) == 1:
            break
    final = worst_case(latest) if many else latest.drop(columns="table")
    best = final[final["candidate"].isin(alive)]
    rank = {label: i for i, label in enumerate(labels)}
    best = best.assign(_at=best["candidate"].map(rank)).sort_values(
        ["exploitability", "_at"], kind="mergesort"
    )
    return _play_of(best["candidate"].iloc[0], players), rows


def metagame_plays(config: dict, winner: str, certified, players: int) -> list[str]:
    """The meta-game's plays at a table size: the card, then the deviations that gain most
    against it (distinct strategies), :data:`METAGAME_PLAYS` in all."""
    names = [winner]
    part = certified[certified["players"] == players].sort_values(
        ["gain", "deviation"], ascending=[False, True], kind="mergesort"
    )
    lookup = dict(arms_of(config, winner.split("+", 1)[1], players))
    for deviation in part["deviation"]:
        name = resolve(lookup[deviation]).name
        if name not in names:
            names.append(name)
        if len(names) == int(config["metagame_plays"]):
            break
    return names


def _certified(config: dict, plays: dict, store: _Chunks) -> pd.DataFrame:
    """Every deviation's gain at each table size (and each table, in a column ``table``, where
    there are several)."""
    frames = []
    for t in _table_ids(config):
        parts = []
        for players, play in sorted(plays.items()):
            parts += store.get(_certify_chunks(config, players, play.strategy(players), t))
        frame = gains(_moments(parts))
        frames.append(frame if t is None else frame.assign(table=t))
    return pd.concat(frames, ignore_index=True)


def certify(config: dict, plays: dict, folder: Path, backend=None) -> pd.DataFrame:
    """Play the certification of some plays again: the derivation's last stage, on the same
    fresh game indices (its chunks are saved in ``folder/chunks``).

    Parameters
    ----------
    config : dict
        A checked derivation (a card's ``provenance["experiment"]``, through
        :func:`experiments.shared.definition.experiment_from_settings`).
    plays : dict
        Table size -> its play (:func:`~experiments.card.card_derive.analysis.plays_of`).
    folder : pathlib.Path
        Where the chunks go.
    backend : optional
        Where they are played (default: here).

    Returns
    -------
    pandas.DataFrame
        Every deviation's gain at each table size (:func:`~experiments.card.card_derive.
        analysis.gains`), with the table's index (``table``) where there are several.
    """
    with tqdm(disable=True) as bar:
        return _certified(config, plays, _Chunks(config, folder, backend, None, bar))


REFINE_FACTORS = (0.5, 0.7, 0.85, 1.0, 1.2, 1.45, 2.0)
"""The richer grid's weights: the first winner's weight times these."""
REFINE_COMMITS = [COUNT, 1, 2, 3]
REFINED = "refined"
"""What a race row of the richer grid says in its ``space`` column."""


def richer_grid(config: dict, play: TablePlay) -> dict:
    """The settings of the richer grid a table size's race searches when its first winner is
    exploitable by more than the goal: weights around the winner's, both ways of seeking, and
    commitments by count or one to three figures."""
    weights = sorted(
        {round(min(MAX_WEIGHT, max(0.05, play.weight * f)), 3) for f in REFINE_FACTORS}
    )
    return {**config, "weights": weights, "seeks": list(SEEKS), "commits": list(REFINE_COMMITS)}


def _refine(config: dict, plays: dict, certified: pd.DataFrame, store: _Chunks) -> dict:
    """At each table size whose certified card a deviation exploits by more than the goal
    (point estimate), race the richer grid (:func:`richer_grid`) and certify its winner on the
    same fresh games; keep it where its best deviation gains less. Returns, per size searched,
    the play kept (the richer grid's winner, or None: the first grid's stays) and the richer
    race's rows (``space``: :data:`REFINED`)."""
    best = certified.groupby("players")["gain"].max()
    out = {}
    for players, play in sorted(plays.items()):
        if best.get(players, 0.0) <= EXPLOIT_LIMIT:
            continue
        other, rows = race(richer_grid(config, play), players, store)
        kept = None
        if other != play:
            again = _certified(config, {players: other}, store)
            if float(again["gain"].max()) < float(best[players]):
                kept = other
        out[players] = (kept, [{**row, "space": REFINED} for row in rows])
    return out


def run(
    config: dict,
    folder: Path,
    command: str,
    backend=None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """Race, certify and solve the meta-game at each table size, then write the card and its
    report (:func:`experiments.card.card_derive.report.write_derivation`); return
    ``derive.md``'s text."""
    from experiments.card.card_derive.report import write_derivation

    started = time.perf_counter()
    with tqdm(total=planned(config), unit="chunk", disable=progress is None) as bar:
        store = _Chunks(config, folder, backend, progress, bar)
        plays, race_rows, metagames = {}, [], {}
        for players in players_of(config):
            plays[players], rows = race(config, players, store)
            race_rows += rows
        certified = _certified(config, plays, store)
        searched = {}
        if config["space"] == "weight" and len(tables_of(config)) == 1:
            searched = _refine(config, plays, certified, store)
            for players, (play, rows) in searched.items():
                plays[players] = play or plays[players]
                race_rows += rows
            if any(play for play, _ in searched.values()):
                certified = _certified(config, plays, store)
        base = check_base(list(tables_of(config)[0].field))
        if _plays_metagame(config):
            for players in players_of(config):
                label = plays[players].strategy(players)
                names = metagame_plays(config, resolve(f"{base}+{label}").name, certified, players)
                parts = store.get(_metagame_chunks(config, players), names)
                merged = {k: np.sum([p[k] for p in parts], axis=0) for k in parts[0]}
                metagames[players] = (names, metagame_tables(names, {players: merged}))
        bar.total = bar.n  # the race may have dropped candidates early
    return write_derivation(
        Path(folder),
        config,
        plays,
        race_rows,
        certified,
        metagames,
        command=command,
        seconds=None if store.reused else time.perf_counter() - started,
        refined={p: play is not None for p, (play, _) in searched.items()},
    )


OPTIONS = (
    ("weights", "--weight"),
    ("seeks", "--seek"),
    ("commits", "--commit"),
    ("deviations", "--deviation"),
    ("first_games", "--first-games"),
    ("eta", "--eta"),
    ("metagame_games", "--metagame-games"),
    ("metagame_plays", "--metagame-plays"),
    ("space", "--space"),
    ("people", "--people"),
    ("turns", "--turn"),
    ("alone", "--alone"),
    ("person_commits", "--person-commit"),
    ("raises", "--raise"),
    ("early", "--early"),
)
"""The settings ``mammoth derive-card`` sets by an option, and the option."""


def command_line(config: dict) -> str:
    """The ``mammoth derive-card`` command that derives the same card: the tiles, field, player
    counts, seed and games, and every setting that is not its default.

    Parameters
    ----------
    config : dict
        A checked derivation.

    Returns
    -------
    str
        The command, its words quoted for a shell where they need it.
    """
    import shlex

    words = ["mammoth", "derive-card"]
    if config["tables"]:
        for table in config["tables"]:
            words += ["--table", table]
    else:
        words += ["--tiles", config["tiles"], "--field", ",".join(config["field"])]
    words += ["--players", *(str(p) for p in players_of(config))]
    words += ["--seed", str(config["seed"]), "--games", str(config["games"])]
    for key, option in OPTIONS:
        value = config[key]
        if value == DEFAULTS[key]:
            continue
        for item in value if isinstance(value, list) else [value]:
            words += [option, f"{item:g}" if isinstance(item, float) else str(item)]
    for key, value in sorted(config.get("rules", {}).items()):
        words += [f"--{key.replace('_', '-')}", str(value).lower()]
    return " ".join(shlex.quote(w) for w in words)
