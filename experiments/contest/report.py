"""The taming contest's files: the exact odds table, the 2-player heatmap and the demo report
(words only: the figures come from :mod:`experiments.contest.analysis`).

``mammoth contest table`` writes :func:`write_table`'s files; ``mammoth contest report`` and
``mammoth demo`` write :func:`demo_report`'s (``contest_odds.parquet``, ``contest_odds.csv``,
``win_heatmap_2p.png``, ``report.md`` and ``run.json``).
"""

from __future__ import annotations

from pathlib import Path

from experiments.contest.analysis import DEMO_FIGURES, DEMO_PRIZES, DEMO_PROFILE, ContestReport
from experiments.shared.files import (
    run_metadata,
    save_figure,
    write_csv,
    write_json,
    write_parquet,
)
from experiments.shared.files import write_text as write_text_file
from experiments.shared.numbers import percent
from sim.rules import TIE_RULES, Rules

ODDS_FILE = "contest_odds"
HEATMAP_FILE = "win_heatmap_2p.png"


def _figure(panels: int):
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, panels, figsize=(5.2 * panels, 4.4), squeeze=False)
    return figure, axes[0]


def write_heatmap(path, wins: dict, sizes) -> Path:
    """Write a PNG of seat 0's 2-player win probability, one panel per tie rule.

    ``wins`` maps each tie rule to its ``k0 x k1`` grid
    (:func:`experiments.contest.analysis.two_player_wins`) over the hand sizes ``sizes``.
    """
    import matplotlib.pyplot as plt

    from experiments.shared.plots import win_heatmap

    sizes = list(sizes)
    figure, axes = _figure(len(wins))
    for ax, (tie_rule, grid) in zip(axes, wins.items(), strict=True):
        win_heatmap(ax, grid, sizes, sizes, title=f"2 players, {tie_rule}")
    figure.tight_layout()
    try:
        return save_figure(path, figure, dpi=120)
    finally:
        plt.close(figure)


def write_table(
    out, frame, wins: dict, players: int, max_figures: int, tie_rule: str = "longer_wins"
) -> list[Path]:
    """Write the exact odds table (Parquet + CSV), the 2-player heatmap and ``run.json``.

    Parameters
    ----------
    out : path-like
        Output folder (created if missing).
    frame : pandas.DataFrame
        The table (:func:`experiments.contest.analysis.odds_frame`).
    wins : dict
        The heatmap's grid under the tie rule, from 1 figure
        (:func:`experiments.contest.analysis.two_player_wins`).
    players, max_figures, tie_rule
        What the table covers, for run.json.

    Returns
    -------
    list of pathlib.Path
        The files written.
    """
    out = Path(out)
    rules = Rules(tie_rule=tie_rule)
    meta = run_metadata(
        "contest table",
        rules,
        kind="contest",
        players=players,
        max_figures=max_figures,
        tie_rule=tie_rule,
        rows=len(frame),
        files=[f"{ODDS_FILE}.parquet", f"{ODDS_FILE}.csv", HEATMAP_FILE],
    )
    return [
        write_parquet(out / f"{ODDS_FILE}.parquet", frame, meta),
        write_csv(out / f"{ODDS_FILE}.csv", frame),
        write_heatmap(out / HEATMAP_FILE, wins, range(1, max(max_figures, 1) + 1)),
        write_json(out / "run.json", meta),
    ]


# --------------------------------------------------------------------------------------------
# The demo report


def _grid_markdown(wins, max_figures: int) -> str:
    header = "| seat 0 \\ seat 1 | " + " | ".join(str(k) for k in range(1, max_figures + 1)) + " |"
    lines = [header, "|---" * (max_figures + 1) + "|"]
    for i in range(max_figures):
        cells = " | ".join(f"{100 * wins[i, j]:.1f}" for j in range(max_figures))
        lines.append(f"| **{i + 1}** | {cells} |")
    return "\n".join(lines)


def demo_report(out, report: ContestReport, command: str = "demo"):
    """Write the contest report: odds table, heatmap, ``report.md`` and ``run.json``.

    Parameters
    ----------
    out : path-like
        Output folder (created if missing).
    report : ContestReport
        Its figures (:func:`experiments.contest.analysis.contest_report`).
    command : str
        What produced the report, for run.json (``demo`` or ``contest report``).

    Returns
    -------
    list of pathlib.Path
        The files written.
    """
    out = Path(out)
    files = {
        "table_parquet": f"{ODDS_FILE}.parquet",
        "table_csv": f"{ODDS_FILE}.csv",
        "heatmap": HEATMAP_FILE,
        "report": "report.md",
    }
    meta = run_metadata(
        command,
        Rules(),
        kind="contest",
        tie_rules_tabulated=list(TIE_RULES),
        players=[2, 3, 4],
        figures=[1, report.max_figures],
        rows=len(report.frame),
        seed=report.seed,
        mc_contests=report.mc_contests,
        mc_profile=list(DEMO_PROFILE),
        solver_prizes_illustrative=DEMO_PRIZES,
        solver_figures=list(DEMO_FIGURES),
        files=files,
    )
    written = [
        write_parquet(out / files["table_parquet"], report.frame, meta),
        write_csv(out / files["table_csv"], report.frame),
        write_heatmap(out / files["heatmap"], report.wins, range(1, report.max_figures + 1)),
    ]
    written.append(write_text_file(out / files["report"], _report_text(report, meta)))
    written.append(write_json(out / "run.json", meta))
    return written


def _report_text(report: ContestReport, meta: dict) -> str:
    max_figures = report.max_figures
    one_one, wins, four, uneven = report.one_one, report.wins, report.four, report.uneven
    i, j = report.gap_at
    lines = [
        "# The taming contest: exact odds",
        "",
        f"Rules: docs/rules.md B2.4/B3, default tie rule `{Rules().tie_rule}`; "
        f"commit `{meta['commit'] or 'unknown'}`. "
        "Tables cover 2–4 players with 1–"
        f"{max_figures} figures each, for both tie rules "
        f"(`{ODDS_FILE}.parquet`, `{ODDS_FILE}.csv`; heatmap `{HEATMAP_FILE}`).",
        "",
        "## Key figures",
        "",
        f"- One figure each (2 players): each wins {percent(one_one.win[0])}, "
        f"draw {percent(one_one.draw)} (exactly 5/12, 5/12, 1/6).",
        "- Equal hands draw only when identical: draw chance of k vs k figures: "
        + ", ".join(f"{k}: {percent(d)}" for k, d in report.equal)
        + ".",
        f"- The tie rule matters most at {i + 1} vs {j + 1} figures: seat 0 wins "
        f"{percent(wins['longer_wins'][i, j])} with `longer_wins`, "
        f"{percent(wins['prefix_draw'][i, j])} with `prefix_draw` (the difference becomes draws; "
        "seat 1's chance is the same under both rules).",
        f"- Four players with {', '.join(map(str, uneven))} figures: the largest hand wins "
        f"{percent(four['longer_wins'].win[0])} with `longer_wins` (hands of different sizes never "
        "tie) and "
        f"{percent(four['prefix_draw'].win[0])} with `prefix_draw`, where "
        f"{percent(four['prefix_draw'].draw)} of contests are draws.",
        "",
        "## Seat 0's win chance in per cent, 2 players, `longer_wins`",
        "",
        _grid_markdown(wins["longer_wins"], max_figures),
        "",
        "## Dice-kernel check",
        "",
    ]
    lines += _mc_lines(report)
    lines += ["", "## Commitment example (illustrative values)", ""]
    lines += _solver_lines(report)
    lines.append("")
    return "\n".join(lines)


def _mc_lines(report: ContestReport) -> list[str]:
    if not report.checks:
        return ["Skipped (0 contests requested)."]
    lines = [
        f"{report.mc_contests:,} contests of figures {list(DEMO_PROFILE)} rolled die by die "
        f"(seed {report.seed}) against the exact odds; 95 % Wilson intervals.",
        "",
        "| tie rule | outcome | exact | Monte Carlo | 95 % interval | inside |",
        "|---|---|---|---|---|---|",
    ]
    for tie_rule, exact, estimate in report.checks:
        names = [f"seat {s} wins" for s in range(len(DEMO_PROFILE))] + ["draw", "nobody"]
        for col, name in enumerate(names):
            inside = estimate.low[col] <= exact[col] <= estimate.high[col]
            lines.append(
                f"| {tie_rule} | {name} | {exact[col]:.5f} | {estimate.rate[col]:.5f} | "
                f"[{estimate.low[col]:.5f}, {estimate.high[col]:.5f}] | "
                f"{'yes' if inside else 'no'} |"
            )
    return lines


def _solver_lines(report: ContestReport) -> list[str]:
    prizes = DEMO_PRIZES
    sequential, simultaneous = report.sequential, report.simultaneous
    lines = [
        f'Prizes (assumed tile "3 points / 1 point"): "1." {prizes["first_bonus"]:g}, '
        f'"all" {prizes["all_bonus"]:g}, keeping the tile {prizes["tile_value"]:g}, '
        f"one food {prizes['food_value']:g} points; figures on the herd's area "
        f"{list(DEMO_FIGURES)}.",
        "",
        f"- Seats committing in order (later seats see earlier ones): "
        f"{list(sequential.commitments)}, expected net values "
        + ", ".join(f"{v:.2f}" for v in sequential.values)
        + ".",
        f"- Pure equilibria of the simultaneous game: {len(simultaneous)}"
        + (
            ": " + "; ".join(str(list(e.commitments)) for e in simultaneous[:6])
            if simultaneous
            else ""
        )
        + ".",
    ]
    return lines
