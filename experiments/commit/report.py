"""The files of a commit run (the ``commit`` kind, which ``mammoth commit`` runs).

``equilibrium.csv`` and ``best_response.csv`` (solver tables), ``commit_heatmap.png``,
``sweep.csv`` and ``sweep_seats.csv`` (paired in-game sweep), ``commit_sweep.png``,
``commit_herd_areas.png`` (when the herd areas were swept), ``rule_of_thumb.csv`` and
``run.json``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd

from experiments.commit.analysis import BASELINE, MIXED, SOLVER_EQUILIBRIUM, SOLVER_LAST
from experiments.commit.analysis_solver import heatmap_grid
from experiments.commit.report_thumb import situation_text, thumb_text, with_words
from experiments.commit.settings import CommitExperiment
from experiments.shared.analysis_sweep import field_for
from experiments.shared.files import run_metadata, save_figure, write_csv, write_json
from experiments.shared.numbers import interval, pp, signed
from experiments.shared.rules_setup import tiles_label
from sim.rules import Rules

ASSUMED = "tile fronts assumed (docs/rules.md B3)"


def heatmap_figure(table: pd.DataFrame, all_bonus: float, food_value: float):
    """Sequential-equilibrium commitment by figures available x winner's prize, per seat."""
    import matplotlib.pyplot as plt

    from experiments.shared.plots import commitment_heatmap

    counts = sorted(table["players"].unique())
    width = max(counts)
    fig, axes = plt.subplots(
        len(counts), width, figsize=(3.6 * width, 3.0 * len(counts)), squeeze=False
    )
    top = int(table["figures"].max())
    for row, players in zip(axes, counts, strict=True):
        for seat, ax in enumerate(row):
            if seat >= players:
                ax.axis("off")
                continue
            grid, figures, prizes = heatmap_grid(table, players, seat, all_bonus, food_value)
            commitment_heatmap(
                ax, grid, figures, prizes, vmax=top, title=f"{players} players, seat {seat}"
            )
    fig.suptitle(
        f"Sequential-equilibrium commitment (exact odds); 'all' bonus {all_bonus:g}, "
        f"food {food_value:g} points per figure; every seat has the same figures",
        fontsize=10,
    )
    fig.tight_layout()
    return fig


def sweep_figure(by_policy: pd.DataFrame, base: str, field: list[str], conditions: list[str]):
    """Paired win-rate difference vs ``BASE+never`` per policy, one panel per player count."""
    import matplotlib.pyplot as plt

    from experiments.shared.plots import grouped_intervals

    counts = sorted(by_policy["players"].unique())
    policies = list(dict.fromkeys(by_policy["policy"]))
    height = 0.3 * len(policies) * max(1.5, len(conditions) * 0.7) + 2
    fig, axes = plt.subplots(1, len(counts), figsize=(5.2 * len(counts), height), squeeze=False)
    for ax, players in zip(axes[0], counts, strict=True):
        part = by_policy[by_policy["players"] == players]
        series = {}
        for cond in conditions:
            rows = part[part["condition"] == cond].set_index("policy").reindex(policies)
            series[cond] = (rows["dwin"], rows["dwin_low"], rows["dwin_high"])
        grouped_intervals(
            ax,
            policies,
            series,
            reference=0.0,
            scale=100.0,
            title=f"{players} players; field {', '.join(field_for(field, players))}",
            xlabel=f"win rate minus {base}+{BASELINE}'s (pp, 95% CI)",
        )
        ax.title.set_fontsize(9)
    fig.suptitle(
        f"Paired in-game sweep (same seeds, seats rotated); {ASSUMED}\n"
        f"tile sets: {', '.join(conditions)}",
        fontsize=10,
    )
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


def write_commit(
    folder: Path,
    tables: dict,
    experiment: CommitExperiment,
    conditions: dict[str, Rules],
    rules: Rules,
    command: str = "commit",
    started: float | None = None,
) -> str:
    """Write the solver tables, the sweep's tables, the plots and run.json of a commit run, and
    return the run in lines (:func:`summary`: ``mammoth commit`` prints it).

    The ``commit`` experiment kind (:mod:`experiments.commit.kind`), which ``mammoth commit``
    and ``mammoth run`` both go through, writes its folder here. The rule of thumb gets its words
    (:func:`experiments.commit.report_thumb.with_words`) and the caveat; nothing else is computed
    here.

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    tables : dict
        :func:`experiments.commit.analysis_tables.commit_tables`.
    experiment : experiments.commit.settings.CommitExperiment
        Its ``seed``, ``games`` per arm, ``players``, the focal seat's ``base`` and
        ``policies``, the other seats (``field``), the solver's prize grid and ``herd_areas``
        (whether the herd-area conditions were swept: ``commit_herd_areas.png``).
    conditions : dict of str to Rules
        The sweep's conditions (:func:`experiments.commit.analysis.commit_conditions`).
    rules : Rules
        The rules in force (the :data:`~experiments.commit.analysis.MIXED` condition).
    command : str
        What produced the output, for run.json.
    started : float, optional
        :func:`time.perf_counter` at the start of the run: run.json records the seconds since
        (None when the time is not one number, e.g. a resumed run).
    """
    base, field, herd_areas = experiment.base, list(experiment.field), experiment.herd_areas
    prizes = {name: list(values) for name, values in experiment.prizes.items()}
    equilibria, responses = tables["equilibrium"], tables["best_response"]
    by_policy, reference = tables["sweep"], tables["reference"]
    thumb = with_words(tables["rule_of_thumb"], by_policy, reference)
    thumb.insert(4, "caveat", ASSUMED)

    write_csv(folder / "equilibrium.csv", equilibria)
    write_csv(folder / "best_response.csv", responses)
    write_csv(folder / "sweep.csv", by_policy)
    write_csv(folder / "sweep_seats.csv", tables["sweep_seats"])
    write_csv(folder / "rule_of_thumb.csv", thumb)
    save_figure(
        folder / "commit_heatmap.png",
        heatmap_figure(equilibria, reference["all_bonus"], reference["food_value"]),
        dpi=110,
    )
    save_figure(folder / "commit_sweep.png", sweep_figure(by_policy, base, field, [MIXED]), dpi=110)
    if herd_areas:
        save_figure(
            folder / "commit_herd_areas.png",
            sweep_figure(by_policy, base, field, list(conditions)),
            dpi=110,
        )
    meta = run_metadata(
        command,
        rules,
        kind="commit",
        seed=experiment.seed,
        games_per_arm=experiment.games,
        players=experiment.player_counts,
        base=base,
        field=field,
        baseline=f"{base}+{BASELINE}",
        policies=list(experiment.policies),
        conditions={
            k: {"tiles": v.tiles, "tiles_label": tiles_label(v)} for k, v in conditions.items()
        },
        tiles_label="assumed" if rules.tiles_assumed else "user file",
        pairing="every arm plays the same seed and game indices; focal seat = game % players",
        intervals="mean of per-game paired differences +- 1.96 SE; win shares split on ties",
        solver={"prizes": prizes, "reference": reference},
        seconds=None if started is None else round(time.perf_counter() - started, 1),
        files=[
            "equilibrium.csv",
            "best_response.csv",
            "sweep.csv",
            "sweep_seats.csv",
            "rule_of_thumb.csv",
            "commit_heatmap.png",
            "commit_sweep.png",
        ]
        + (["commit_herd_areas.png"] if herd_areas else []),
    )
    write_json(folder / "run.json", meta)
    return summary(experiment, by_policy, thumb)


def summary(experiment: CommitExperiment, by_policy: pd.DataFrame, thumb: pd.DataFrame) -> str:
    """A commit run in lines: each policy's win-rate and score change against the focal seat
    never committing, per player count, then the rule of thumb of the games played.

    Parameters
    ----------
    experiment : experiments.commit.settings.CommitExperiment
        Its ``games`` per arm, ``players``, ``seed`` and ``base``.
    by_policy : pandas.DataFrame
        The sweep (``sweep.csv``).
    thumb : pandas.DataFrame
        The rule of thumb with its words (``rule_of_thumb.csv``).

    Returns
    -------
    str
        The lines.
    """
    lines = [
        f"commit: {experiment.games} games per arm, {by_policy['condition'].nunique()} tile "
        f"condition(s), players {', '.join(map(str, experiment.player_counts))}, seed "
        f"{experiment.seed} ({ASSUMED})"
    ]
    for row in by_policy[by_policy["condition"] == MIXED].itertuples():
        lines.append(
            f"  {row.players}p {row.policy:10s} win {pp(row.dwin):>8} "
            f"{interval(row.dwin_low, row.dwin_high, scale=100, signs=True)}  score "
            f"{signed(row.dscore, 2):>6} {interval(row.dscore_low, row.dscore_high, 2, signs=True)}"
            f"  vs {experiment.base}+{BASELINE}"
        )
    lines.append("rule of thumb:")
    played = thumb[~thumb["case"].isin([SOLVER_LAST, SOLVER_EQUILIBRIUM])]
    for row in played.to_dict("records"):
        lines.append(f"  {row['players']}p {situation_text(row)}: {thumb_text(row)}")
    return "\n".join(lines)
