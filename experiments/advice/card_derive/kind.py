"""The ``card_derive`` experiment kind: the card whose table is hardest to exploit, for given
tiles and a given base player (``mammoth derive-card``).

For each table size on its own, every candidate play (:func:`~experiments.advice.card_derive.
analysis.candidates`: whether to seek the herd, at which weight, how many figures) is played at
a table where every seat plays it, against one seat, rotating, playing each deviation instead
(:data:`~experiments.advice.card_derive.analysis.DEVIATIONS`), all on the same game indices. A
race of successive halving (:func:`~experiments.advice.card_derive.analysis.survivors`) keeps the
candidates that are hardest to exploit and gives them more games, round by round, until one is
left. It is then **certified** on game indices the race never played (``games`` per arm: the
exploitability table, every deviation's gain with its 95% interval), and the **meta-game** among
it and the deviations that gain most against it is solved (its symmetric equilibrium at each
table size, :func:`experiments.metagame.analysis.metagame_tables`). The card file that plays the
winners (:func:`strategies.taming_card.card_of_plays`) is written with its provenance.

Which candidates play a round depends on the rounds before, so the kind runs its own passes
(``run``): each round's chunks go to the backend together and are saved under ``chunks/`` as
every kind's are (``--resume`` keeps them). A chunk is one table size, one candidate and one
block of game indices, every deviation of it; statistics merge exactly, so the card and every
figure are the same on any number of workers or backend.

Settings of ``[experiment]``: ``field`` (the other seats' strategies, one name or several seated
in turn; default ``["champion"]``), ``tiles`` (``default`` or a tile file), ``weights``,
``seeks`` and ``commits`` (the candidates' grid), ``deviations``, ``first_games`` (games per
arm of the race's first round), ``eta`` (each round keeps one candidate in ``eta`` and plays
``eta`` times the games), ``metagame_games`` (games per profile of the meta-game, 0: none),
``metagame_plays`` (plays of the meta-game: the card and the deviations that gain most), and the
common ones (``games``: the certification's games per arm and table size). ``[rules]``:
``mammoth_points``, ``tie``, ``resources_of_choice``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm import tqdm

from experiments.advice.card_check.analysis_tables import (
    card_table,
    check_base,
    rules_with_tiles,
)
from experiments.advice.card_derive.analysis import (
    CHANGE,
    COMMITS,
    DEVIATIONS,
    SEEKS,
    WEIGHTS,
    candidates,
    deviation_name,
    exploitability,
    gains,
    parse_change,
    schedule,
    survivors,
)
from experiments.commit.analysis import (
    SWEEP_KEYS,
    SWEEP_METRICS,
    field_for,
    field_slots_for,
    named_arm,
    sweep_block,
)
from experiments.library.symmetric_game import profiles
from experiments.metagame.analysis import block_stats, bootstrap_weights, metagame_tables
from experiments.metagame.analysis_play import play_profile
from experiments.shared.backends import run_tasks
from experiments.shared.checkpoints import chunk_path, fingerprint, load_chunk, save_chunk
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
from strategies.registry import resolve
from strategies.taming_card import COUNT, MAX_WEIGHT, SEEK_ALWAYS, SEEK_UNLESS_THERE, TablePlay

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
}
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
    field = names_setting(config, "field")
    for name in field:
        resolve(name)
    for players in players_of(config):
        field_for(field, players)
    if not isinstance(config["tiles"], str):
        raise InputError(f"tiles must be default or a tile file, not {short(config['tiles'])}")
    rules_with_tiles(config, config["tiles"])
    _numbers(config, "weights", 0, MAX_WEIGHT, False)
    _numbers(config, "seeks", SEEK_UNLESS_THERE, SEEK_ALWAYS, True)
    _numbers(config, "commits", COUNT, 10, True)
    grid = candidates(config["weights"], config["seeks"], config["commits"])
    if len(grid) > MAX_CANDIDATES:
        raise InputError(f"the grid makes {len(grid)} candidates; at most {MAX_CANDIDATES}")
    deviations = names_setting(config, "deviations", limit=MAX_DEVIATIONS)
    if len(set(deviations)) != len(deviations):
        raise InputError("deviations: name each deviation once")
    base = check_base(field)
    for deviation in deviations:
        if deviation.startswith(CHANGE):
            parse_change(deviation)
        else:
            resolve(f"{base}+{deviation}")
    for play in grid[:1]:
        for players in players_of(config):
            for name in card_table(field, play.strategy(players)):
                resolve(name)
    int_setting(config, "first_games", low=10)
    int_setting(config, "eta", low=2, high=10)
    int_setting(config, "metagame_games", low=0)
    int_setting(config, "metagame_plays", low=2, high=6)


def _plan(config: dict) -> list[tuple[int, int]]:
    grid = candidates(config["weights"], config["seeks"], config["commits"])
    return schedule(len(grid), int(config["first_games"]), int(config["eta"]))


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


def _race_chunk(players: int, label: str, block: tuple[int, int]) -> dict:
    return {"stage": "race", "players": players, "candidate": label, "start": block[0],
            "n": block[1]}  # fmt: skip


def _certify_chunks(config: dict, players: int, label: str) -> list[dict]:
    size = int(config.get("chunk_games", CHUNK_GAMES))
    end = CERTIFY_FIRST + int(config["games"])
    return [
        {"stage": "certify", "players": players, "candidate": label, "start": s, "n": n}
        for s, n in _blocks(CERTIFY_FIRST, end, size)
    ]


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
    grid = candidates(config["weights"], config["seeks"], config["commits"])
    out = []
    for players in players_of(config):
        labels = [play.strategy(players) for play in grid]
        for blocks in _race_blocks(config):
            out += [_race_chunk(players, label, b) for label in labels for b in blocks]
        out += _certify_chunks(config, players, labels[0])
        out += _metagame_chunks(config, players)
    return out


def planned(config: dict) -> int:
    """The chunks a derivation plays when its race drops no candidate early (the progress
    bar's length): each round's new blocks for the candidates that play it, then the
    certification's and the meta-game's."""
    rounds = [count for count, _ in _plan(config)]
    blocks = _race_blocks(config)
    per_size = sum(count * len(new) for count, new in zip(rounds, blocks, strict=True))
    size = int(config.get("chunk_games", CHUNK_GAMES))
    per_size += len(game_blocks(int(config["games"]), size))
    if int(config["metagame_games"]) > 0 and len(config["field"]) == 1:
        per_size += len(game_blocks(int(config["metagame_games"]), size))
    return per_size * len(players_of(config))


def played(config: dict) -> list:
    """The field's strategies (the workers' kernel: every card and deviation is a row of the
    same kernel)."""
    return [resolve(name) for name in config["field"]]


def seated_names(config: dict) -> list[str]:
    """The field's strategies (for the compile notice)."""
    return list(config["field"])


def _play_of(label: str, players: int) -> TablePlay:
    """The candidate a label names (``card[seek_N=..,weight_N=..,commit_N=..]``)."""
    inner = label[label.index("[") + 1 : -1]
    values = dict(item.split("=") for item in inner.split(","))
    return TablePlay(
        int(values[f"seek_{players}"]),
        float(values[f"weight_{players}"]),
        int(values[f"commit_{players}"]),
    )


def arms_of(config: dict, label: str, players: int) -> list[tuple[str, str]]:
    """``(deviation, strategy)`` of every deviation of a candidate at a table size."""
    base = check_base(config["field"])
    play = _play_of(label, players)
    out = []
    for deviation in config["deviations"]:
        name = deviation_name(base, play, players, deviation)
        if name is not None:
            out.append((deviation, name))
    return out


def table_stats(config: dict, chunk: dict) -> dict:
    """Play one block of a candidate's table: every seat the candidate, then one seat
    (rotating) each deviation, on the same game indices; the statistics as arrays."""
    players, label = int(chunk["players"]), chunk["candidate"]
    field = config["field"]
    stats = sweep_block(
        named_arm(label, f"{check_base(field)}+{label}"),
        [named_arm(d, name) for d, name in arms_of(config, label, players)],
        field_slots_for(card_table(field, label), players),
        label,
        rules_with_tiles(config, config["tiles"]),
        GameBlock.of_chunk(config, chunk),
    )
    return stats.to_arrays(PREFIX)


def metagame_stats(config: dict, chunk: dict, names: list[str]) -> dict:
    """Play every profile of the meta-game among ``names`` on one block of game indices."""
    players = int(chunk["players"])
    seed, start, n = int(config["seed"]), int(chunk["start"]), int(chunk["n"])
    rules = rules_with_tiles(config, config["tiles"])
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
    """The run's chunks: those an interrupted run saved reused (each checked by
    :func:`~experiments.shared.checkpoints.load_chunk`), the rest played on the backend and
    saved. Which chunks the run plays depends on the race, so a saved one is looked for when it
    is wanted."""

    def __init__(self, config, folder, backend, say, bar):
        self.config, self.folder, self.backend, self.bar = config, Path(folder), backend, bar
        self.say = say
        self.mark = fingerprint(config)
        self.done: dict[str, dict] = {}
        self.reused = False

    def _saved(self, chunk: dict) -> dict | None:
        path = chunk_path(self.folder, chunk)
        if not path.is_file():
            return None
        stats, problem = load_chunk(path, self.mark, chunk)
        if stats is None and self.say:
            self.say(f"chunk {path.name}: {problem}; computing it again")
        return stats

    def get(self, wanted: list[dict], names: list[str] | None = None) -> list[dict]:
        """The statistics of ``wanted``, in its order."""
        for chunk in wanted:
            key = _key(chunk)
            if key not in self.done and (stats := self._saved(chunk)) is not None:
                self.done[key] = stats
                self.reused = True
        todo = {i: c for i, c in enumerate(wanted) if _key(c) not in self.done}
        calls = {i: (self.config, c, names) for i, c in todo.items()}

        def keep(i: int, stats: dict) -> None:
            self.done[_key(todo[i])] = stats
            save_chunk(chunk_path(self.folder, todo[i]), stats, self.mark, todo[i])

        run_tasks(_play, calls, keep, self.backend, lambda _: self.bar.update(1))
        return [self.done[_key(c)] for c in wanted]


def _key(chunk: dict) -> str:
    return json.dumps(chunk, sort_keys=True)


def _play(config: dict, chunk: dict, names: list[str] | None) -> dict:
    """The task a backend runs: :func:`run_chunk`, looked up when called."""
    return run_chunk(config, chunk, names)


def race(config: dict, players: int, store: _Chunks) -> tuple[TablePlay, list[dict]]:
    """Run the race at one table size: the winner and every round's table (rows)."""
    grid = candidates(config["weights"], config["seeks"], config["commits"])
    labels = [play.strategy(players) for play in grid]
    alive, rows = list(labels), []
    blocks = _race_blocks(config)
    for r in range(len(_plan(config))):
        wanted = [
            _race_chunk(players, label, b) for label in alive for rb in blocks[: r + 1] for b in rb
        ]
        table = exploitability(_moments(store.get(wanted)))
        kept = survivors(table, labels, int(config["eta"]))
        for row in table.itertuples(index=False):
            rows.append(
                {
                    "players": players,
                    "round": r + 1,
                    "candidate": row.candidate,
                    "play": _play_of(row.candidate, players).words(),
                    "games": row.games,
                    "exploitability": row.exploitability,
                    "low": row.low,
                    "high": row.high,
                    "best_deviation": row.best_deviation,
                    "kept": row.candidate in kept,
                }
            )
        alive = kept
        if len(alive) == 1:
            break
    best = table[table["candidate"].isin(alive)]
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


def _certified(config: dict, plays: dict[int, TablePlay], store: _Chunks) -> pd.DataFrame:
    parts = []
    for players, play in sorted(plays.items()):
        parts += store.get(_certify_chunks(config, players, play.strategy(players)))
    return gains(_moments(parts))


def certify(config: dict, plays: dict[int, TablePlay], folder: Path, backend=None) -> pd.DataFrame:
    """Play the certification of some plays again: the derivation's last stage, on the same
    fresh game indices (its chunks are saved in ``folder/chunks``).

    Parameters
    ----------
    config : dict
        A checked derivation (a card's ``provenance["experiment"]``, through
        :func:`experiments.shared.definition.experiment_from_settings`).
    plays : dict
        Table size -> its play (:func:`plays_of` a card file).
    folder : pathlib.Path
        Where the chunks go.
    backend : optional
        Where they are played (default: here).

    Returns
    -------
    pandas.DataFrame
        Every deviation's gain at each table size (:func:`~experiments.advice.card_derive.
        analysis.gains`).
    """
    with tqdm(disable=True) as bar:
        return _certified(config, plays, _Chunks(config, folder, backend, None, bar))


def plays_of(card: dict) -> dict[int, TablePlay]:
    """The plays a derived card file records (``provenance["plays"]``), by table size."""
    return {
        int(players): TablePlay(int(p["seek"]), float(p["weight"]), int(p["commit"]))
        for players, p in card["provenance"]["plays"].items()
    }


def run(
    config: dict,
    folder: Path,
    command: str,
    backend=None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """Race, certify and solve the meta-game at each table size, then write the card and its
    report (:func:`experiments.advice.card_derive.report.write_derivation`); return
    ``derive.md``'s text."""
    from experiments.advice.card_derive.report import write_derivation

    started = time.perf_counter()
    with tqdm(total=planned(config), unit="chunk", disable=progress is None) as bar:
        store = _Chunks(config, folder, backend, progress, bar)
        plays, race_rows, metagames = {}, [], {}
        for players in players_of(config):
            plays[players], rows = race(config, players, store)
            race_rows += rows
        certified = _certified(config, plays, store)
        base = check_base(config["field"])
        if int(config["metagame_games"]) > 0 and len(config["field"]) == 1:
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

    words = ["mammoth", "derive-card", "--tiles", config["tiles"]]
    words += ["--field", ",".join(config["field"])]
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
