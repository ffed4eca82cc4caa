"""The files of a meta-game (``mammoth metagame`` and the ``metagame`` kind).

``payoff.parquet``, ``payoff.csv``
    One row per table size, profile and strategy played in it: its seats' mean win share in
    percent, standard error, 95% interval, games.
``equilibrium.csv``
    One row per table size and strategy: its weight in the symmetric equilibrium, its win rate
    against the equilibrium population and how far behind the best strategy's that is, its
    exploitability (what the best one-seat deviation gains at a table of it) and that
    deviation; 95% intervals from the bootstrap over games.
``deviations.csv``
    Every table of one strategy and every one-seat deviation from it: the gain in pp.
``equilibria.csv``
    Every symmetric equilibrium support enumeration finds, per table size.
``metagame.md``
    The report section: per table size the equilibrium in words and the exploitability table.
``figures/metagame_heatmap.png``, ``figures/metagame_mix.png``
    One seat's win rate at a table of each other strategy (a panel per table size), and the
    equilibrium mix as bars.
``run.json``
    The run's settings and files.

This module words, draws and writes; the tables come computed from the kind.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.metagame.settings import MetagameExperiment
from experiments.shared.analysis_metagame import one_seat_matrix
from experiments.shared.files import (
    run_metadata,
    save_figure,
    write_csv,
    write_json,
    write_parquet,
    write_text,
)
from experiments.shared.numbers import interval, signed

FILES = (
    "payoff.parquet",
    "payoff.csv",
    "equilibrium.csv",
    "deviations.csv",
    "equilibria.csv",
    "metagame.md",
    "figures/metagame_heatmap.png",
    "figures/metagame_mix.png",
    "run.json",
)
SETTINGS = ("players", "games", "seed", "strategies", "bootstrap", "rules")
SHOWN = 0.5
"""Strategies weighing at least this (percent) in an equilibrium are named in its sentence."""


def reproducing_command(experiment: MetagameExperiment) -> str:
    """The ``mammoth metagame`` command that plays the same meta-game."""

    def quoted(word: str) -> str:
        return f'"{word}"' if any(c in word for c in "[] ,+") else word

    words = ["mammoth metagame", "--players", *map(str, sorted(experiment.players))]
    words += ["--games", str(experiment.games), "--seed", str(experiment.seed)]
    for name in experiment.strategies:
        words += ["--strategy", quoted(name)]
    return " ".join(words)


def equilibrium_sentence(part: pd.DataFrame) -> str:
    """One table size's equilibrium in words: who plays what share of the time."""
    part = part.sort_values("weight", ascending=False)
    shown = part[part["weight"] >= SHOWN]
    players = int(part["players"].iloc[0])
    if len(shown) == 1:
        mix = f"every seat plays **{shown['strategy'].iloc[0]}**"
    else:
        mix = ", ".join(
            f"**{r.strategy}** {r.weight:.0f}% [{r.weight_low:.0f}, {r.weight_high:.0f}]"
            for r in shown.itertuples()
        )
        mix = f"a seat plays {mix} of the games"
    regret = float(part["equilibrium_regret"].iloc[0])
    return f"At {players} players {mix} (regret of the mix {regret:.2g} pp)."


def metagame_text(tables: dict[str, pd.DataFrame], experiment: MetagameExperiment) -> str:
    """``metagame.md``: the equilibrium per table size and every strategy's exploitability."""
    eq = tables["equilibrium"]
    lines = [
        "# The herd meta-game",
        "",
        f"Every profile of {len(experiment.strategies)} herd plays over the seats, "
        f"{experiment.games:,} games each, seats rotated on common seeds; a strategy's payoff "
        "is its seats' mean win share (a tie shared). 95% intervals from a bootstrap over games "
        f"({experiment.bootstrap} replicates).",
        "",
        f"`{reproducing_command(experiment)}`",
        "",
    ]
    for _, part in eq.groupby("players", sort=True):
        lines.append(f"- {equilibrium_sentence(part)}")
    lines += [
        "",
        "| players | strategy | weight in the equilibrium, % | win rate against it, % | "
        "behind the best, pp | exploitability, pp | its best deviation |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in eq.itertuples():
        lines.append(
            f"| {r.players} | {r.strategy} | {r.weight:.1f} [{r.weight_low:.1f}, "
            f"{r.weight_high:.1f}] | {r.against_equilibrium:.1f} [{r.against_low:.1f}, "
            f"{r.against_high:.1f}] | {signed(r.behind_best)} "
            f"{interval(r.behind_low, r.behind_high, signs=True)} | {signed(r.exploitability)} "
            f"{interval(r.exploitability_low, r.exploitability_high, signs=True)} | "
            f"{r.best_deviation or '-'} |"
        )
    lines += [
        "",
        "Exploitability: what one seat gains by the best other play of the list at a table where "
        "every other seat plays the strategy (0 or less: nobody gains by leaving it). Behind the "
        "best: its win rate against the equilibrium population minus the best strategy's.",
    ]
    return "\n".join(lines) + "\n"


def heatmap_figure(tables: dict[str, pd.DataFrame], names: list[str]):
    """One seat's win rate (rows) at a table of every other seat playing each strategy
    (columns), minus the par share, a panel per table size."""
    import matplotlib.pyplot as plt

    sizes = sorted(tables["payoff"]["players"].unique())
    side = 1.2 + 0.42 * len(names)
    fig, axes = plt.subplots(
        1, len(sizes), figsize=(2.6 + side * len(sizes), 2.2 + 0.42 * len(names)), squeeze=False
    )
    for ax, players in zip(axes[0], sizes, strict=True):
        gain = one_seat_matrix(tables["payoff"], names, int(players)) - 100 / players
        bound = max(1.0, float(np.abs(gain).max()))
        ax.imshow(gain, cmap="RdBu_r", vmin=-bound, vmax=bound)
        for k in range(len(names)):
            for j in range(len(names)):
                colour = "white" if abs(gain[k, j]) > 0.6 * bound else "black"
                ax.text(
                    j, k, signed(gain[k, j], 0), ha="center", va="center", fontsize=7, color=colour
                )
        ticks = range(len(names))
        ax.set_xticks(ticks, names, rotation=60, ha="right", fontsize=7)
        ax.set_yticks(ticks, names if players == sizes[0] else [""] * len(names), fontsize=7)
        ax.set_title(f"{players} players: one seat minus {100 / players:.0f}%", fontsize=9)
        ax.set_xlabel("every other seat plays", fontsize=8)
    axes[0][0].set_ylabel("the one seat plays", fontsize=8)
    fig.tight_layout()
    return fig


def mix_figure(tables: dict[str, pd.DataFrame], names: list[str]):
    """The equilibrium mix per table size as bars with their bootstrap intervals."""
    import matplotlib.pyplot as plt

    eq = tables["equilibrium"]
    sizes = sorted(eq["players"].unique())
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.45 * len(names)))
    height = 0.8 / len(sizes)
    for i, players in enumerate(sizes):
        part = eq[eq["players"] == players].set_index("strategy").loc[names]
        y = np.arange(len(names)) + (i - (len(sizes) - 1) / 2) * height
        low = part["weight"] - part["weight_low"]
        high = part["weight_high"] - part["weight"]
        ax.barh(y, part["weight"], height=height, label=f"{players} players")
        ax.errorbar(
            part["weight"], y, xerr=[low.clip(0), high.clip(0)], fmt="none", ecolor="0.55",
            elinewidth=0.8, capsize=2,
        )  # fmt: skip
    ax.set_yticks(range(len(names)), names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of the games a seat plays it in the equilibrium, %")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def write_metagame(
    folder: Path,
    tables: dict[str, pd.DataFrame],
    names: list[str],
    experiment: MetagameExperiment,
    command: str,
    started: float | None,
    rules,
) -> str:
    """Write the meta-game's files into ``folder``; return ``metagame.md``'s text.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    tables : dict of pandas.DataFrame
        :func:`experiments.shared.analysis_metagame.metagame_tables`.
    names : list of str
        The strategies, resolved.
    experiment : experiments.metagame.kind.MetagameExperiment
        The experiment (run.json and the payoff table record its settings as written).
    command : str
        What produced the output, for run.json.
    started : float, optional
        ``time.perf_counter()`` when the run started.
    rules : sim.rules.Rules
        The rules.

    Returns
    -------
    str
        The text of ``metagame.md`` (what ``mammoth metagame`` prints).
    """
    written = experiment.written
    settings = {key: written[key] for key in SETTINGS if key in written}
    write_parquet(folder / "payoff.parquet", tables["payoff"], {"settings": settings})
    write_csv(folder / "payoff.csv", tables["payoff"])
    write_csv(folder / "equilibrium.csv", tables["equilibrium"])
    write_csv(folder / "deviations.csv", tables["deviations"])
    write_csv(folder / "equilibria.csv", tables["equilibria"])
    text = metagame_text(tables, experiment)
    write_text(folder / "metagame.md", text)
    (folder / "figures").mkdir(exist_ok=True)
    save_figure(
        folder / "figures" / "metagame_heatmap.png",
        heatmap_figure(tables, names),
        dpi=110,
        bbox_inches="tight",
    )
    save_figure(
        folder / "figures" / "metagame_mix.png",
        mix_figure(tables, names),
        dpi=110,
        bbox_inches="tight",
    )
    extra = {"wall_seconds": round(time.perf_counter() - started, 1)} if started else {}
    meta = run_metadata(
        command,
        rules,
        kind="metagame",
        settings=settings,
        players=list(experiment.players),
        games_per_profile=experiment.games,
        seed=experiment.seed,
        reproduce=reproducing_command(experiment),
        files=list(FILES),
        **extra,
    )
    write_json(folder / "run.json", meta)
    return text


__all__ = [
    "FILES",
    "equilibrium_sentence",
    "metagame_text",
    "reproducing_command",
    "write_metagame",
]
