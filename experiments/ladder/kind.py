"""The ``ladder`` experiment kind: every player rated on one scale and priced (``mammoth ladder``).

The design (rungs, schedule, ratings, cost) is in :mod:`experiments.ladder.analysis`. A chunk
is either one table of the schedule at one player count and one block of game indices, whose
"finished ahead" counts by block of game indices travel as ``p{players}_t{table}_ahead`` /
``_met`` / ``_seats``, or one rung's cost measurement (``cost_games`` / ``cost_seconds``, one
entry per rung); the runner sums them. ``finish`` fits the ratings and writes the files of
:mod:`experiments.ladder.report`.

Its settings are read and checked once into
:class:`~experiments.ladder.settings.LadderExperiment` (:mod:`experiments.ladder.settings`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from experiments.ladder.analysis import (
    COST_PLAYERS,
    clusters_for,
    fit_ladder,
    measure_speed,
    table_stats,
)
from experiments.ladder.report import summary, write_ladder
from experiments.ladder.settings import CHUNK_GAMES as CHUNK_GAMES
from experiments.ladder.settings import DEFAULTS as DEFAULTS
from experiments.ladder.settings import LadderExperiment
from experiments.shared.limits import game_blocks
from strategies.registry import resolve

EXPERIMENT = LadderExperiment


def played(experiment: LadderExperiment) -> list:
    """Every rung, resolved (for the kernel the workers need)."""
    return [resolve(n) for n in experiment.rungs]


def chunks(experiment: LadderExperiment) -> list[dict]:
    """One chunk per rung's cost (first), then per (player count, table, block of games)."""
    size = experiment.chunk_size
    out: list[dict] = []
    if experiment.cost_seconds > 0:
        out += [{"cost": name} for name in experiment.rungs]
    for players in experiment.player_counts:
        for index, table in enumerate(experiment.tables(players)):
            for start, n in game_blocks(experiment.games, size):
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


def run_chunk(experiment: LadderExperiment, chunk: dict) -> dict:
    """Measure one rung's cost, or play one block of one table and reduce it to counts."""
    rungs = experiment.rungs
    if "cost" in chunk:
        games, seconds = measure_speed(
            chunk["cost"],
            experiment.rules_in_force,
            experiment.seed,
            experiment.cost_seconds,
        )
        where = rungs.index(chunk["cost"])
        timed_games, timed_seconds = np.zeros(len(rungs)), np.zeros(len(rungs))
        timed_games[where], timed_seconds[where] = games, seconds
        return {"cost_games": timed_games, "cost_seconds": timed_seconds}
    players, table = int(chunk["players"]), tuple(chunk["seats"])
    frame = _play(experiment, chunk)
    ahead, met, seats = table_stats(frame, table, players, experiment.games)
    prefix = f"p{players}_t{int(chunk['table'])}_"
    return {f"{prefix}ahead": ahead, f"{prefix}met": met, f"{prefix}seats": seats}


def _play(experiment: LadderExperiment, chunk: dict):
    from strategies.play import play_games

    return play_games(
        chunk["n"],
        int(chunk["players"]),
        list(chunk["seats"]),
        seed=experiment.seed,
        rules=experiment.rules_in_force,
        first_game=chunk["start"],
        rotate=True,
    )


def counts(experiment: LadderExperiment, merged: dict, players: int):
    """The merged counts of one player count over every rung.

    Returns
    -------
    ahead, met : numpy.ndarray
        ``(C, k, k)`` by block of game indices, rungs in ladder order.
    seats : numpy.ndarray
        ``(k,)`` seats each rung played.
    """
    rungs = experiment.rungs
    where = {name: i for i, name in enumerate(rungs)}
    k, count = len(rungs), clusters_for(experiment.games)
    ahead, met, seats = np.zeros((count, k, k)), np.zeros((count, k, k)), np.zeros(k)
    for index, table in enumerate(experiment.tables(players)):
        prefix = f"p{players}_t{index}_"
        if f"{prefix}ahead" not in merged:
            continue
        rows = [where[n] for n in dict.fromkeys(table)]
        ahead[np.ix_(range(count), rows, rows)] += merged[f"{prefix}ahead"]
        met[np.ix_(range(count), rows, rows)] += merged[f"{prefix}met"]
        seats[rows] += merged[f"{prefix}seats"]
    return ahead, met, seats


def ratings(experiment: LadderExperiment, merged: dict):
    """The ratings of every player count, one row per (player count, rung), with games played."""
    import pandas as pd

    rungs, anchor, frames = experiment.rungs, experiment.anchor_rung, []
    for players in experiment.player_counts:
        ahead, met, seats = counts(experiment, merged, players)
        frame = fit_ladder(rungs, ahead, met, anchor)
        frame.insert(1, "players", players)
        frame.insert(2, "games", seats.astype(int))
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def costs(experiment: LadderExperiment, merged: dict):
    """Each rung's measured cost: games and CPU seconds timed, games per second."""
    import pandas as pd

    rungs = experiment.rungs
    games = merged.get("cost_games", np.zeros(len(rungs)))
    seconds = merged.get("cost_seconds", np.zeros(len(rungs)))
    with np.errstate(invalid="ignore", divide="ignore"):
        speed = np.where(seconds > 0, games / seconds, np.nan)
    return pd.DataFrame(
        {
            "player": rungs,
            "cost_players": COST_PLAYERS,
            "timed_games": games.astype(int),
            "cpu_seconds": seconds,
            "games_per_s": speed,
        }
    )


def finish(
    experiment: LadderExperiment,
    merged: dict,
    folder: Path,
    command: str = "ladder",
    started: float | None = None,
) -> str:
    """Fit the ratings, write ratings.csv, costs.csv, ladder.csv, ladder.png and run.json, and
    return the ladder in lines (:func:`~experiments.ladder.report.summary`: the command prints
    it).

    ``command`` is what run.json records; ``started`` is taken for the contract of
    :mod:`experiments.shared.kinds` only (the ladder's run.json records no time).
    """
    table = write_ladder(
        Path(folder),
        ratings(experiment, merged),
        costs(experiment, merged),
        experiment.rules_in_force,
        seed=experiment.seed,
        games=experiment.games,
        anchor=experiment.anchor_rung,
        tables={p: [list(t) for t in experiment.tables(p)] for p in experiment.players},
        command=command,
    )
    return summary(table)
