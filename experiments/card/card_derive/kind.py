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

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm import tqdm

from experiments.card.card_check.analysis import EXPLOIT_LIMIT
from experiments.card.card_derive.analysis import (
    REFINED,
    SEEKS,
    deviation_name,
    exploitability,
    gains,
    schedule,
    survivors,
)
from experiments.card.card_derive.analysis_race import (
    clearly_exploitable,
    could_be_worst,
    worst_case,
)
from experiments.card.card_derive.settings import (
    BOOTSTRAP,
    CERTIFY_FIRST,
    METAGAME_FIRST,
    PREFIX,
    UNWRITTEN,
    CardDeriveExperiment,
    deviations_of,
    grid_of,
)
from experiments.card.card_derive.settings import CHUNK_GAMES as CHUNK_GAMES
from experiments.card.card_derive.settings import DEFAULTS as DEFAULTS
from experiments.card.card_derive.settings import ENTRIES as ENTRIES
from experiments.card.card_derive.settings import GAMES as GAMES
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
    field_slots_for,
    named_arm,
    sweep_block,
)
from experiments.shared.checkpoints import fingerprint
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.limits import game_blocks
from experiments.shared.paired import GameBlock, Moments
from strategies.card_person import WORTH_NAMES, PersonPlay
from strategies.registry import resolve
from strategies.taming_card import (
    COUNT,
    COUNT_BY_GAP,
    MAX_WEIGHT,
    TablePlay,
)

EXPERIMENT = CardDeriveExperiment


def _plan(experiment: CardDeriveExperiment) -> list[tuple[int, int]]:
    return schedule(len(grid_of(experiment)), experiment.first_games, experiment.eta)


def _blocks(start: int, end: int, size: int) -> list[tuple[int, int]]:
    return [(start + s, n) for s, n in game_blocks(end - start, size)]


def _race_blocks(experiment: CardDeriveExperiment) -> list[list[tuple[int, int]]]:
    """The blocks of game indices each round of the race adds."""
    out, before = [], 0
    for _, games in _plan(experiment):
        out.append(_blocks(before, games, experiment.chunk_size))
        before = games
    return out


def _race_chunk(players: int, label: str, block: tuple[int, int], table: int | None) -> dict:
    """A block of a candidate's race at a table (``table`` None: the derivation's only one,
    whose chunks name none)."""
    chunk = {"stage": "race", "players": players, "candidate": label, "start": block[0],
             "n": block[1]}  # fmt: skip
    return chunk if table is None else {**chunk, "table": table}


def _certify_chunks(
    experiment: CardDeriveExperiment, players: int, label: str, table: int | None
) -> list[dict]:
    end = CERTIFY_FIRST + experiment.games
    out = []
    for s, n in _blocks(CERTIFY_FIRST, end, experiment.chunk_size):
        chunk = {"stage": "certify", "players": players, "candidate": label, "start": s, "n": n}
        out.append(chunk if table is None else {**chunk, "table": table})
    return out


def _table_ids(experiment: CardDeriveExperiment) -> list[int | None]:
    """The tables' indices as chunks name them (None for a derivation of one table)."""
    count = len(experiment.tables_played)
    return [None] if count == 1 else list(range(count))


def _metagame_chunks(experiment: CardDeriveExperiment, players: int) -> list[dict]:
    end = METAGAME_FIRST + experiment.metagame_games
    return [
        {"stage": "metagame", "players": players, "start": s, "n": n}
        for s, n in _blocks(METAGAME_FIRST, end, experiment.chunk_size)
    ]


def chunks(experiment: CardDeriveExperiment) -> list[dict]:
    """Every chunk the derivation may play: each candidate's blocks of every round of the race
    (a candidate dropped early plays fewer), and the certification's and meta-game's (of the
    winner, which the race decides: listed here under the first candidate)."""
    grid = grid_of(experiment)
    out = []
    for players in experiment.player_counts:
        labels = [play.strategy(players) for play in grid]
        for t in _table_ids(experiment):
            for blocks in _race_blocks(experiment):
                out += [_race_chunk(players, label, b, t) for label in labels for b in blocks]
            out += _certify_chunks(experiment, players, labels[0], t)
        out += _metagame_chunks(experiment, players)
    return out


def count_chunks(experiment: CardDeriveExperiment) -> int:
    """Every chunk the derivation may play (:func:`chunks`): its race's are set by
    ``first_games`` and ``eta``, not by ``games``, so the limit counts them all."""
    return len(chunks(experiment))


def planned(experiment: CardDeriveExperiment) -> int:
    """The chunks a derivation plays when its race drops no candidate early (the progress
    bar's length): each round's new blocks for the candidates that play it, then the
    certification's and the meta-game's."""
    rounds = [count for count, _ in _plan(experiment)]
    blocks = _race_blocks(experiment)
    per_size = sum(count * len(new) for count, new in zip(rounds, blocks, strict=True))
    size = experiment.chunk_size
    per_size += len(game_blocks(experiment.games, size))
    per_size *= len(experiment.tables_played)
    if _plays_metagame(experiment):
        per_size += len(game_blocks(experiment.metagame_games, size))
    return per_size * len(experiment.player_counts)


def _plays_metagame(experiment: CardDeriveExperiment) -> bool:
    """Whether the derivation solves the meta-game: one table of one base player."""
    tables = experiment.tables_played
    return experiment.metagame_games > 0 and len(tables) == 1 and len(tables[0].field) == 1


def played(experiment: CardDeriveExperiment) -> list:
    """The tables' strategies (the workers' kernel: every card and deviation is a row of the
    same kernel)."""
    return [resolve(name) for name in seated_names(experiment)]


def seated_names(experiment: CardDeriveExperiment) -> list[str]:
    """The tables' strategies, each once (for the compile notice)."""
    tables = experiment.tables_played
    return list(dict.fromkeys(name for table in tables for name in table.field))


def _play_of(label: str, players: int) -> TablePlay | PersonPlay:
    """The candidate a label names (``card[seek_N=..,weight_N=..,commit_N=..]``, or a person's
    ``card[people_N=..,turn_N=..,alone_N=..,commit_N=..,raise_N=..]``, with its conversion's
    ``worth_NAME=..`` where it is not the default)."""
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
            int(values.get(f"rich_{players}", 0)),
            tuple(
                (name, int(values[f"worth_{name}"]))
                for name in WORTH_NAMES
                if f"worth_{name}" in values
            ),
        )
    return TablePlay(
        int(values[f"seek_{players}"]),
        float(values[f"weight_{players}"]),
        int(values[f"commit_{players}"]),
    )


def arms_of(
    experiment: CardDeriveExperiment, label: str, players: int, table: int | None = None
) -> list[tuple[str, str]]:
    """``(deviation, strategy)`` of every deviation of a candidate at a table size and table
    (the deviations, then the table's own card)."""
    at = experiment.tables_played[table or 0]
    base = check_base(list(at.field))
    play = _play_of(label, players)
    own = at.own_deviation()
    out = []
    for deviation in [*deviations_of(experiment), *([own] if own else [])]:
        name = deviation_name(base, play, players, deviation)
        if name is not None:
            out.append((deviation, name))
    return out


def table_stats(experiment: CardDeriveExperiment, chunk: dict) -> dict:
    """Play one block of a candidate's table: every seat the candidate, then one seat
    (rotating) each deviation, on the same game indices; the statistics as arrays."""
    players, label = int(chunk["players"]), chunk["candidate"]
    table = chunk.get("table")
    at = experiment.tables_played[table or 0]
    field = list(at.field)
    stats = sweep_block(
        named_arm(label, f"{check_base(field)}+{label}"),
        [named_arm(d, name) for d, name in arms_of(experiment, label, players, table)],
        field_slots_for(card_table(field, label), players),
        label,
        rules_with_tiles(experiment.rules, at.tiles),
        GameBlock.of_chunk(experiment.seed, chunk),
    )
    return stats.to_arrays(PREFIX)


def metagame_stats(experiment: CardDeriveExperiment, chunk: dict, names: list[str]) -> dict:
    """Play every profile of the meta-game among ``names`` on one block of game indices."""
    players = int(chunk["players"])
    seed, start, n = experiment.seed, int(chunk["start"]), int(chunk["n"])
    rules = rules_with_tiles(experiment.rules, experiment.tables_played[0].tiles)
    values = [
        play_profile(names, counts, rules, seed, start, n)
        for counts in profiles(len(names), players)
    ]
    return block_stats(values, bootstrap_weights(seed, start, n, BOOTSTRAP))


def run_chunk(
    experiment: CardDeriveExperiment, chunk: dict, names: list[str] | None = None
) -> dict:
    """Play one chunk: a block of a candidate's table (race or certification), or of the
    meta-game among ``names``."""
    if chunk["stage"] == "metagame":
        return metagame_stats(experiment, chunk, names or [])
    return table_stats(experiment, chunk)


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

    def __init__(self, experiment: CardDeriveExperiment, folder, backend, say, bar):
        self.experiment, self.backend, self.bar = experiment, backend, bar
        self.store = ChunkStore(folder, fingerprint(experiment.written), say)

    @property
    def reused(self) -> bool:
        """Whether a saved chunk was loaded (then the run's seconds are not one run's)."""
        return self.store.loaded > 0

    def get(self, wanted: list[dict], names: list[str] | None = None) -> list[dict]:
        """The statistics of ``wanted``, in its order."""
        return self.store.get(
            wanted,
            _play,
            lambda chunk: (self.experiment, chunk, names),
            self.backend,
            lambda _: self.bar.update(1),
        )


def _play(experiment: CardDeriveExperiment, chunk: dict, names: list[str] | None) -> dict:
    """The task a backend runs: :func:`run_chunk`, looked up when called."""
    return run_chunk(experiment, chunk, names)


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


def race(
    experiment: CardDeriveExperiment, players: int, store: _Chunks
) -> tuple[TablePlay | PersonPlay, list[dict]]:
    """Run the race at one table size: the winner and every round's table (rows).

    With one table, each round plays every candidate still in the race and keeps the best by
    exploitability (:func:`~experiments.card.card_derive.analysis.survivors`). With several,
    each round meets the tables in their order, drops a candidate as soon as one shows it
    clearly exploitable (:func:`~experiments.card.card_derive.analysis_race.clearly_exploitable`),
    plays a candidate only at the tables that can still be its worst after the first round
    (:func:`~experiments.card.card_derive.analysis_race.could_be_worst`), and keeps the best by
    the worst table's exploitability."""
    grid = grid_of(experiment)
    labels = [play.strategy(players) for play in grid]
    ids = _table_ids(experiment)
    many = ids != [None]
    alive, rows = list(labels), []
    blocks = _race_blocks(experiment)
    latest = None  # every candidate's latest row at every table met
    for r in range(len(_plan(experiment))):
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
        kept = survivors(ranked, labels, experiment.eta)
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


def metagame_plays(
    experiment: CardDeriveExperiment, winner: str, certified, players: int
) -> list[str]:
    """The meta-game's plays at a table size: the card, then the deviations that gain most
    against it (distinct strategies), :data:`METAGAME_PLAYS` in all."""
    names = [winner]
    part = certified[certified["players"] == players].sort_values(
        ["gain", "deviation"], ascending=[False, True], kind="mergesort"
    )
    lookup = dict(arms_of(experiment, winner.split("+", 1)[1], players))
    for deviation in part["deviation"]:
        name = resolve(lookup[deviation]).name
        if name not in names:
            names.append(name)
        if len(names) == experiment.metagame_plays:
            break
    return names


def _certified(experiment: CardDeriveExperiment, plays: dict, store: _Chunks) -> pd.DataFrame:
    """Every deviation's gain at each table size (and each table, in a column ``table``, where
    there are several)."""
    frames = []
    for t in _table_ids(experiment):
        parts = []
        for players, play in sorted(plays.items()):
            parts += store.get(_certify_chunks(experiment, players, play.strategy(players), t))
        frame = gains(_moments(parts))
        frames.append(frame if t is None else frame.assign(table=t))
    return pd.concat(frames, ignore_index=True)


def certify(
    experiment: CardDeriveExperiment, plays: dict, folder: Path, backend=None
) -> pd.DataFrame:
    """Play the certification of some plays again: the derivation's last stage, on the same
    fresh game indices (its chunks are saved in ``folder/chunks``).

    Parameters
    ----------
    experiment : CardDeriveExperiment
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
        return _certified(experiment, plays, _Chunks(experiment, folder, backend, None, bar))


REFINE_FACTORS = (0.5, 0.7, 0.85, 1.0, 1.2, 1.45, 2.0)
"""The richer grid's weights: the first winner's weight times these."""
REFINE_COMMITS = (COUNT, COUNT_BY_GAP, 1, 2, 3)


def richer_grid(experiment: CardDeriveExperiment, play: TablePlay) -> CardDeriveExperiment:
    """The derivation with the richer grid a table size's race searches when its first winner
    is exploitable by more than the goal: weights around the winner's, both ways of seeking,
    and commitments counted out (the tile by the chance of the most tiles, or by the tile gap)
    or of one to three figures (the rest, and what it was read from, unchanged)."""
    weights = sorted(
        {round(min(MAX_WEIGHT, max(0.05, play.weight * f)), 3) for f in REFINE_FACTORS}
    )
    return dataclasses.replace(
        experiment, weights=tuple(weights), seeks=tuple(SEEKS), commits=REFINE_COMMITS
    )


def _refine(
    experiment: CardDeriveExperiment, plays: dict, certified: pd.DataFrame, store: _Chunks
) -> dict:
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
        other, rows = race(richer_grid(experiment, play), players, store)
        kept = None
        if other != play:
            again = _certified(experiment, {players: other}, store)
            if float(again["gain"].max()) < float(best[players]):
                kept = other
        out[players] = (kept, [{**row, "space": REFINED} for row in rows])
    return out


def run(
    experiment: CardDeriveExperiment,
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
    e = experiment
    with tqdm(total=planned(e), unit="chunk", disable=progress is None) as bar:
        store = _Chunks(e, folder, backend, progress, bar)
        plays, race_rows, metagames = {}, [], {}
        for players in e.player_counts:
            plays[players], rows = race(e, players, store)
            race_rows += rows
        certified = _certified(e, plays, store)
        searched = {}
        if e.space == "weight" and len(e.tables_played) == 1:
            searched = _refine(e, plays, certified, store)
            for players, (play, rows) in searched.items():
                plays[players] = play or plays[players]
                race_rows += rows
            if any(play for play, _ in searched.values()):
                certified = _certified(e, plays, store)
        base = check_base(list(e.tables_played[0].field))
        if _plays_metagame(e):
            for players in e.player_counts:
                label = plays[players].strategy(players)
                names = metagame_plays(e, resolve(f"{base}+{label}").name, certified, players)
                parts = store.get(_metagame_chunks(e, players), names)
                merged = {k: np.sum([p[k] for p in parts], axis=0) for k in parts[0]}
                metagames[players] = (names, metagame_tables(names, {players: merged}))
        bar.total = bar.n  # the race may have dropped candidates early
    return write_derivation(
        Path(folder),
        experiment,
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
    ("rich", "--rich"),
    ("worth", "--worth"),
)
"""The settings ``mammoth derive-card`` sets by an option, and the option."""


def command_line(experiment: CardDeriveExperiment) -> str:
    """The ``mammoth derive-card`` command that derives the same card: the tiles, field, player
    counts, seed and games, every setting that is not its default, and the rules as written.

    Parameters
    ----------
    experiment : CardDeriveExperiment
        A checked derivation.

    Returns
    -------
    str
        The command, its words quoted for a shell where they need it.
    """
    import shlex

    e = experiment
    words = ["mammoth", "derive-card"]
    if e.tables:
        for table in e.tables:
            words += ["--table", table]
    else:
        words += ["--tiles", e.tiles, "--field", ",".join(e.field)]
    words += ["--players", *(str(p) for p in e.player_counts)]
    words += ["--seed", str(e.seed), "--games", str(e.games)]
    for key, option in OPTIONS:
        value, default = getattr(e, key), DEFAULTS.get(key, UNWRITTEN.get(key))
        if value == (tuple(default) if isinstance(default, list) else default):
            continue
        for item in value if isinstance(value, tuple) else [value]:
            words += [option, f"{item:g}" if isinstance(item, float) else str(item)]
    for key, value in sorted(e.written.get("rules", {}).items()):
        words += [f"--{key.replace('_', '-')}", str(value).lower()]
    return " ".join(shlex.quote(w) for w in words)
