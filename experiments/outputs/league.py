"""The files of a league (``mammoth compare`` and the ``compare`` kind): tables, plot, run.json.

``league.csv`` (win rates with 95% intervals, mean scores), ``pairwise.csv``, ``ratings.csv``,
``seats.csv``, ``profile.csv`` (the behaviour profile, :mod:`experiments.analyses.profile`),
``league.png`` and ``run.json``. Every table has a ``players`` and a ``herd`` column (``on`` or
``off``): a league may be played with the herd, without it, or both.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from experiments.analyses.profile import profile_table
from experiments.outputs.files import run_metadata, save_figure, write_csv, write_json


def herd_label(herd: bool) -> str:
    """``"on"`` or ``"off"``: how the tables name a herd setting."""
    return "on" if herd else "off"


def league_figure(table: pd.DataFrame):
    """One panel per player count: win rates with 95% intervals against the fair share.

    With a ``herd`` column holding both settings, each panel shows herd on and off side by side.

    Returns
    -------
    matplotlib.figure.Figure
        The figure (not shown, not saved).
    """
    import matplotlib.pyplot as plt

    from experiments.outputs.plots import grouped_intervals, interval_bars

    counts = sorted(table["players"].unique())
    herds = list(dict.fromkeys(table["herd"])) if "herd" in table else []
    strategies = list(dict.fromkeys(table["strategy"]))
    lines = len(strategies) * (1 if len(herds) < 2 else 1.6)
    labels = 0.07 * max(len(str(name)) for name in strategies)  # inches for the longest name
    fig, axes = plt.subplots(
        1, len(counts), figsize=((3.0 + labels) * len(counts), 0.45 * lines + 1.6)
    )
    axes = [axes] if len(counts) == 1 else list(axes)
    for ax, players in zip(axes, counts, strict=True):
        part = table[table["players"] == players]
        if len(herds) < 2:
            interval_bars(
                ax,
                part["strategy"],
                part["win_rate"],
                part["win_low"],
                part["win_high"],
                reference=1.0 / players,
                title=f"{players} players",
            )
            continue
        series = {}
        for herd in herds:
            rows = part[part["herd"] == herd].set_index("strategy").reindex(strategies)
            series[f"herd {herd}"] = (rows["win_rate"], rows["win_low"], rows["win_high"])
        grouped_intervals(
            ax,
            strategies,
            series,
            reference=1.0 / players,
            title=f"{players} players",
            xlabel="win rate (95% CI)",
        )
    fig.tight_layout()
    return fig


def _keyed(leagues: dict, herd: bool) -> dict[tuple[int, bool], object]:
    """Statistics keyed by ``(players, herd)``; a bare player count takes the rules' herd."""
    return {k if isinstance(k, tuple) else (int(k), herd): v for k, v in leagues.items()}


def _in_order(keyed: dict) -> list[tuple[int, bool]]:
    return sorted(keyed, key=lambda k: (not k[1], k[0]))


def write_league(
    folder: Path,
    by_players: dict,
    rules,
    seed: int,
    games: int,
    command: str,
    profiles: dict | None = None,
) -> pd.DataFrame:
    """Write league.csv, pairwise.csv, ratings.csv, seats.csv, profile.csv, league.png, run.json.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    by_players : dict
        :class:`~experiments.analyses.league.LeagueStats` keyed by ``(players, herd)``, or by
        the player count alone (then the herd setting is ``rules.herd``).
    rules : Rules
        The rules in force (with the herd, when a league was played both ways).
    seed, games : int
        The run's seed and games per table.
    command : str
        What produced the output, for run.json.
    profiles : dict, optional
        :class:`~experiments.analyses.profile.ProfileStats` keyed like ``by_players``
        (``profile.csv`` is written when given).

    Returns
    -------
    pandas.DataFrame
        The league table (every player count and herd setting).
    """
    leagues = _keyed(by_players, rules.herd)
    tables, pairwise, ratings, seats = [], [], [], []
    for players, herd in _in_order(leagues):
        stats = leagues[(players, herd)]
        label = herd_label(herd)
        tables.append(stats.table().assign(herd=label))
        frame = stats.pairwise()
        frame.insert(0, "players", players)
        frame.insert(1, "herd", label)
        pairwise.append(frame.rename_axis("strategy").reset_index())
        ratings.append(stats.ratings().assign(herd=label))
        seats.append(stats.seat_table().assign(herd=label))

    def herd_after_players(frame: pd.DataFrame) -> pd.DataFrame:
        columns = [c for c in frame.columns if c != "herd"]
        columns.insert(columns.index("players") + 1, "herd")
        return frame[columns]

    table = herd_after_players(pd.concat(tables, ignore_index=True))
    herds = list(dict.fromkeys(herd_label(h) for _, h in _in_order(leagues)))
    files = ["league.csv", "pairwise.csv", "ratings.csv", "seats.csv", "league.png"]
    write_csv(folder / "league.csv", table)
    write_csv(folder / "pairwise.csv", pd.concat(pairwise, ignore_index=True))
    write_csv(folder / "ratings.csv", herd_after_players(pd.concat(ratings, ignore_index=True)))
    write_csv(folder / "seats.csv", herd_after_players(pd.concat(seats, ignore_index=True)))
    if profiles is not None:
        behaviour = _keyed(profiles, rules.herd)
        write_csv(folder / "profile.csv", profile_table(behaviour[k] for k in _in_order(behaviour)))
        files.insert(4, "profile.csv")
    save_figure(folder / "league.png", league_figure(table), dpi=110)
    meta = run_metadata(
        command,
        rules,
        seed=seed,
        games_per_table=games,
        players=sorted({p for p, _ in leagues}),
        herd=herds,
        strategies=list(table["strategy"].unique()),
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        ties="a game won by several tied players counts 1/k for each",
        profile="per strategy, players and herd, over the seats it played (profile.csv)",
        files=files,
    )
    write_json(folder / "run.json", meta)
    return table
