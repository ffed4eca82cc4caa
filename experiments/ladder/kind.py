"""The ``ladder`` experiment kind: every player rated on one scale and priced (``mammoth ladder``).

The design (rungs, schedule, ratings, cost) is in :mod:`experiments.ladder.analysis`. A chunk
is either one table of the schedule at one player count and one block of game indices, whose
"finished ahead" counts by block of game indices travel as ``p{players}_t{table}_ahead`` /
``_met`` / ``_seats``, or one rung's cost measurement (``cost_games`` / ``cost_seconds``, one
entry per rung); the runner sums them. ``finish`` fits the ratings and writes the files of
:mod:`experiments.ladder.report`.

Settings of ``[experiment]``: ``strategies`` (the rungs in ladder order; default: the full
ladder, :func:`~experiments.ladder.analysis.default_rungs`), ``anchor`` (default ``greedy``, or
the first rung when greedy is not on the ladder), ``cost_seconds`` (CPU seconds of each rung's
timed batch, about, above 0; ``false`` skips the costs) and the common ones (``players``
default ``[2, 4]``).
``[rules]``: ``herd`` (true or false, not both), ``tiles``, ``mammoth_points``, ``tie``,
``resources_of_choice``.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from experiments.ladder.analysis import (
    ANCHOR,
    COST_PLAYERS,
    clusters_for,
    default_rungs,
    fit_ladder,
    measure_speed,
    schedule,
    table_stats,
)
from experiments.ladder.report import summary, write_ladder
from experiments.shared.limits import MAX_CHUNKS, MAX_RUNGS, check_blocks, game_blocks
from experiments.shared.rules_setup import rules_of
from experiments.shared.settings import check_keys, herd_setting, names_setting, rule_types
from sim.errors import InputError
from strategies.registry import resolve

CHUNK_GAMES = 500
DEFAULTS = {"players": [2, 4], "cost_seconds": 2.0}
SETTINGS = ("strategies", "anchor", "cost_seconds")
RULES = ("herd", "tiles", "mammoth_points", "tie", "resources_of_choice")
MAX_COST_SECONDS = 600.0


def names_of(config: dict) -> list[str]:
    """The rungs, as resolved names, in ladder order."""
    return [resolve(n).name for n in config.get("strategies") or default_rungs()]


def anchor_of(config: dict) -> str:
    """The anchor's resolved name (``greedy``, or the first rung when greedy is not a rung)."""
    names = names_of(config)
    if "anchor" in config:
        return resolve(config["anchor"]).name
    greedy = resolve(ANCHOR).name
    return greedy if greedy in names else names[0]


def played(config: dict) -> list:
    """Every rung, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in names_of(config)]


def check(config: dict) -> None:
    """Check the settings before anything runs.

    Raises
    ------
    InputError
        Unknown or mistyped settings, unknown strategies, an anchor off the ladder, both herd
        settings, a bad ``cost_seconds``.
    """
    check_keys(config, SETTINGS, RULES)
    config.setdefault("strategies", default_rungs())
    names_setting(config, "strategies", MAX_RUNGS)
    rule_types(config)
    if len(herd_setting(config)) != 1:
        raise InputError("a ladder is played with one herd setting: rules.herd true or false")
    rules_of(config)
    seconds = config.get("cost_seconds", DEFAULTS["cost_seconds"])
    if seconds is not False and (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not math.isfinite(seconds)
        or not 0 < seconds <= MAX_COST_SECONDS
    ):
        raise InputError(
            f"cost_seconds must be above 0 and at most {MAX_COST_SECONDS:g} (false: no costs), "
            f"not {seconds!r}"
        )
    if "anchor" in config and not isinstance(config["anchor"], str):
        raise InputError(f"anchor must be a strategy name, not {config['anchor']!r}")
    names, anchor = names_of(config), anchor_of(config)
    tables = sum(len(schedule(names, int(players), anchor)) for players in config["players"])
    size = int(config.get("chunk_games", CHUNK_GAMES))
    blocks = check_blocks(int(config["games"]), size, "chunk size")
    if tables * blocks + len(names) > MAX_CHUNKS:
        raise InputError(
            f"the ladder makes {tables * blocks + len(names):,} chunks ({tables} tables x "
            f"{blocks:,} blocks of games, and the costs); at most {MAX_CHUNKS:,}: raise the "
            "chunk size"
        )


def cost_seconds(config: dict) -> float:
    """CPU seconds of each rung's timed batch; 0 when the costs are off (``cost_seconds =
    false``)."""
    seconds = config.get("cost_seconds", DEFAULTS["cost_seconds"])
    return 0.0 if seconds is False else float(seconds)


def tables_of(config: dict, players: int) -> list[tuple[str, ...]]:
    """The schedule's tables at ``players`` seats."""
    return schedule(names_of(config), int(players), anchor_of(config))


def chunks(config: dict) -> list[dict]:
    """One chunk per rung's cost (first), then per (player count, table, block of games)."""
    size = int(config.get("chunk_games", CHUNK_GAMES))
    out: list[dict] = []
    if cost_seconds(config) > 0:
        out += [{"cost": name} for name in names_of(config)]
    for players in sorted({int(p) for p in config["players"]}):
        for index, table in enumerate(tables_of(config, players)):
            for start, n in game_blocks(config["games"], size):
                out.append(
                    {
                        "players": players,
                        "table": index,
                        "seats": list(table),
                        "start": start,
                        "n": n,
                    }
                )
    return out


def run_chunk(config: dict, chunk: dict) -> dict:
    """Measure one rung's cost, or play one block of one table and reduce it to counts."""
    names = names_of(config)
    if "cost" in chunk:
        games, seconds = measure_speed(
            chunk["cost"],
            rules_of(config),
            int(config["seed"]),
            cost_seconds(config),
        )
        where = names.index(chunk["cost"])
        timed_games, timed_seconds = np.zeros(len(names)), np.zeros(len(names))
        timed_games[where], timed_seconds[where] = games, seconds
        return {"cost_games": timed_games, "cost_seconds": timed_seconds}
    players, table = int(chunk["players"]), tuple(chunk["seats"])
    frame = _play(config, chunk)
    ahead, met, seats = table_stats(frame, table, players, int(config["games"]))
    prefix = f"p{players}_t{int(chunk['table'])}_"
    return {f"{prefix}ahead": ahead, f"{prefix}met": met, f"{prefix}seats": seats}


def _play(config: dict, chunk: dict):
    from strategies.play import play_games

    return play_games(
        chunk["n"],
        int(chunk["players"]),
        list(chunk["seats"]),
        seed=int(config["seed"]),
        rules=rules_of(config),
        first_game=chunk["start"],
        rotate=True,
    )


def counts(config: dict, merged: dict, players: int):
    """The merged counts of one player count over every rung.

    Returns
    -------
    ahead, met : numpy.ndarray
        ``(C, k, k)`` by block of game indices, rungs in ladder order.
    seats : numpy.ndarray
        ``(k,)`` seats each rung played.
    """
    names = names_of(config)
    where = {name: i for i, name in enumerate(names)}
    k, count = len(names), clusters_for(config["games"])
    ahead, met, seats = np.zeros((count, k, k)), np.zeros((count, k, k)), np.zeros(k)
    for index, table in enumerate(tables_of(config, players)):
        prefix = f"p{players}_t{index}_"
        if f"{prefix}ahead" not in merged:
            continue
        rows = [where[n] for n in dict.fromkeys(table)]
        ahead[np.ix_(range(count), rows, rows)] += merged[f"{prefix}ahead"]
        met[np.ix_(range(count), rows, rows)] += merged[f"{prefix}met"]
        seats[rows] += merged[f"{prefix}seats"]
    return ahead, met, seats


def ratings(config: dict, merged: dict):
    """The ratings of every player count, one row per (player count, rung), with games played."""
    import pandas as pd

    names, anchor, frames = names_of(config), anchor_of(config), []
    for players in sorted({int(p) for p in config["players"]}):
        ahead, met, seats = counts(config, merged, players)
        frame = fit_ladder(names, ahead, met, anchor)
        frame.insert(1, "players", players)
        frame.insert(2, "games", seats.astype(int))
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def costs(config: dict, merged: dict):
    """Each rung's measured cost: games and CPU seconds timed, games per second."""
    import pandas as pd

    names = names_of(config)
    games = merged.get("cost_games", np.zeros(len(names)))
    seconds = merged.get("cost_seconds", np.zeros(len(names)))
    with np.errstate(invalid="ignore", divide="ignore"):
        speed = np.where(seconds > 0, games / seconds, np.nan)
    return pd.DataFrame(
        {
            "player": names,
            "cost_players": COST_PLAYERS,
            "timed_games": games.astype(int),
            "cpu_seconds": seconds,
            "games_per_s": speed,
        }
    )


def finish(
    config: dict, merged: dict, folder: Path, command: str = "ladder", started: float | None = None
) -> str:
    """Fit the ratings, write ratings.csv, costs.csv, ladder.csv, ladder.png and run.json, and
    return the ladder in lines (:func:`~experiments.ladder.report.summary`: the command prints
    it).

    ``command`` is what run.json records; ``started`` is taken for the contract of
    :mod:`experiments.shared.kinds` only (the ladder's run.json records no time).
    """
    table = write_ladder(
        Path(folder),
        ratings(config, merged),
        costs(config, merged),
        rules_of(config),
        seed=int(config["seed"]),
        games=int(config["games"]),
        anchor=anchor_of(config),
        tables={int(p): [list(t) for t in tables_of(config, int(p))] for p in config["players"]},
        command=command,
    )
    return summary(table)
