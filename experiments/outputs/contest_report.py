"""The taming contest's files: the exact odds table, the 2-player heatmap and the demo report.

``mammoth contest table`` writes :func:`write_table`'s files; ``mammoth contest report`` and
``mammoth demo`` write :func:`demo_report`'s (``contest_odds.parquet``, ``contest_odds.csv``,
``win_heatmap_2p.png``, ``report.md`` and ``run.json``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from experiments.analyses.contest import demo_frame, odds_frame, two_player_wins
from experiments.outputs.files import (
    run_metadata,
    save_figure,
    write_csv,
    write_json,
    write_parquet,
)
from experiments.outputs.files import write_text as write_text_file
from sim.contest_exact import MAX_PLAYERS, check_figures, odds
from sim.contest_mc import estimate_odds
from sim.contest_solver import sequential_equilibrium, simultaneous_equilibria
from sim.errors import InputError
from sim.rules import TIE_RULES, Rules

ODDS_FILE = "contest_odds"
HEATMAP_FILE = "win_heatmap_2p.png"


def _figure(panels: int):
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, panels, figsize=(5.2 * panels, 4.4), squeeze=False)
    return figure, axes[0]


def write_heatmap(path, max_figures: int, tie_rules, min_figures: int = 1) -> Path:
    """Write a PNG of seat 0's 2-player win probability, one panel per tie rule."""
    import matplotlib.pyplot as plt

    from experiments.outputs.plots import win_heatmap

    min_figures = min(min_figures, max_figures)
    sizes = list(range(min_figures, max_figures + 1))
    figure, axes = _figure(len(tie_rules))
    for ax, tie_rule in zip(axes, tie_rules, strict=True):
        wins = two_player_wins(max_figures, tie_rule, min_figures)
        win_heatmap(ax, wins, sizes, sizes, title=f"2 players, {tie_rule}")
    figure.tight_layout()
    try:
        return save_figure(path, figure, dpi=120)
    finally:
        plt.close(figure)


def write_table(out, players: int, max_figures: int, tie_rule: str = "longer_wins") -> list[Path]:
    """Write the exact odds table (Parquet + CSV), the 2-player heatmap and ``run.json``.

    Parameters
    ----------
    out : path-like
        Output folder (created if missing).
    players : int
        Seats (1 to 4).
    max_figures : int
        Most figures per seat (0 to 10).
    tie_rule : str
        ``"longer_wins"`` (default) or ``"prefix_draw"``.

    Returns
    -------
    list of pathlib.Path
        The files written.
    """
    out = Path(out)
    frame = odds_frame(players, max_figures, tie_rule)
    rules = Rules(tie_rule=tie_rule)
    meta = run_metadata(
        "contest table",
        rules,
        players=players,
        max_figures=max_figures,
        tie_rule=tie_rule,
        rows=len(frame),
        files=[f"{ODDS_FILE}.parquet", f"{ODDS_FILE}.csv", HEATMAP_FILE],
    )
    return [
        write_parquet(out / f"{ODDS_FILE}.parquet", frame, meta),
        write_csv(out / f"{ODDS_FILE}.csv", frame),
        write_heatmap(out / HEATMAP_FILE, max(max_figures, 1), [tie_rule]),
        write_json(out / "run.json", meta),
    ]


# --------------------------------------------------------------------------------------------
# The demo report

DEMO_PROFILE = (3, 2, 2, 1)
DEMO_PRIZES = {"first_bonus": 3.0, "all_bonus": 1.0, "tile_value": 2.5, "food_value": 1.0}
DEMO_FIGURES = (3, 2, 2)


def _pct(p: float) -> str:
    return f"{100 * p:.1f} %"


def _grid_markdown(max_figures: int, tie_rule: str) -> str:
    wins = two_player_wins(max_figures, tie_rule)
    header = "| seat 0 \\ seat 1 | " + " | ".join(str(k) for k in range(1, max_figures + 1)) + " |"
    lines = [header, "|---" * (max_figures + 1) + "|"]
    for i in range(max_figures):
        cells = " | ".join(f"{100 * wins[i, j]:.1f}" for j in range(max_figures))
        lines.append(f"| **{i + 1}** | {cells} |")
    return "\n".join(lines)


def demo_report(
    out, max_figures: int = 7, mc_contests: int = 1_000_000, seed: int = 0, command: str = "demo"
):
    """Write the contest report: odds table, heatmap, ``report.md`` and ``run.json``.

    Parameters
    ----------
    out : path-like
        Output folder (created if missing).
    max_figures : int
        Most figures per seat in the table (1 to 10).
    mc_contests : int
        Contests of the dice-kernel check against the exact odds.
    seed : int
        Seed of that check.
    command : str
        What produced the report, for run.json (``demo`` or ``contest report``).

    Returns
    -------
    list of pathlib.Path
        The files written.
    """
    out = Path(out)
    max_figures = check_figures(max_figures, "max figures")
    if max_figures < 1:
        raise InputError("the demo needs at least 1 figure per seat")
    frame = demo_frame(max_figures)
    files = {
        "table_parquet": f"{ODDS_FILE}.parquet",
        "table_csv": f"{ODDS_FILE}.csv",
        "heatmap": HEATMAP_FILE,
        "report": "report.md",
    }
    meta = run_metadata(
        command,
        Rules(),
        tie_rules_tabulated=list(TIE_RULES),
        players=[2, 3, 4],
        figures=[1, max_figures],
        rows=len(frame),
        seed=seed,
        mc_contests=mc_contests,
        mc_profile=list(DEMO_PROFILE),
        solver_prizes_illustrative=DEMO_PRIZES,
        solver_figures=list(DEMO_FIGURES),
        files=files,
    )
    written = [
        write_parquet(out / files["table_parquet"], frame, meta),
        write_csv(out / files["table_csv"], frame),
        write_heatmap(out / files["heatmap"], max_figures, list(TIE_RULES)),
    ]
    text = _report_text(max_figures, mc_contests, seed, meta)
    written.append(write_text_file(out / files["report"], text))
    written.append(write_json(out / "run.json", meta))
    return written


def _report_text(max_figures: int, mc_contests: int, seed: int, meta: dict) -> str:
    one_one = odds([1, 1])
    equal = [(k, odds([k, k]).draw) for k in range(1, max_figures + 1)]
    wins = {rule: two_player_wins(max_figures, rule) for rule in TIE_RULES}
    gap = np.abs(wins["longer_wins"] - wins["prefix_draw"])
    i, j = np.unravel_index(int(np.argmax(gap)), gap.shape)
    uneven = tuple(max(max_figures - 2 * s, 1) for s in range(MAX_PLAYERS))
    four = {rule: odds(uneven, rule) for rule in TIE_RULES}
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
        f"- One figure each (2 players): each wins {_pct(one_one.win[0])}, "
        f"draw {_pct(one_one.draw)} (exactly 5/12, 5/12, 1/6).",
        "- Equal hands draw only when identical: draw chance of k vs k figures: "
        + ", ".join(f"{k}: {_pct(d)}" for k, d in equal)
        + ".",
        f"- The tie rule matters most at {i + 1} vs {j + 1} figures: seat 0 wins "
        f"{_pct(wins['longer_wins'][i, j])} with `longer_wins`, "
        f"{_pct(wins['prefix_draw'][i, j])} with `prefix_draw` (the difference becomes draws; "
        "seat 1's chance is the same under both rules).",
        f"- Four players with {', '.join(map(str, uneven))} figures: the largest hand wins "
        f"{_pct(four['longer_wins'].win[0])} with `longer_wins` (hands of different sizes never "
        "tie) and "
        f"{_pct(four['prefix_draw'].win[0])} with `prefix_draw`, where "
        f"{_pct(four['prefix_draw'].draw)} of contests are draws.",
        "",
        "## Seat 0's win chance in per cent, 2 players, `longer_wins`",
        "",
        _grid_markdown(max_figures, "longer_wins"),
        "",
        "## Dice-kernel check",
        "",
    ]
    lines += _mc_lines(mc_contests, seed)
    lines += ["", "## Commitment example (illustrative values)", ""]
    lines += _solver_lines()
    lines.append("")
    return "\n".join(lines)


def _mc_lines(mc_contests: int, seed: int) -> list[str]:
    if mc_contests <= 0:
        return ["Skipped (0 contests requested)."]
    lines = [
        f"{mc_contests:,} contests of figures {list(DEMO_PROFILE)} rolled die by die "
        f"(seed {seed}) against the exact odds; 95 % Wilson intervals.",
        "",
        "| tie rule | outcome | exact | Monte Carlo | 95 % interval | inside |",
        "|---|---|---|---|---|---|",
    ]
    for tie_rule in TIE_RULES:
        exact = odds(DEMO_PROFILE, tie_rule).as_vector()
        estimate = estimate_odds(DEMO_PROFILE, mc_contests, seed, tie_rule)
        names = [f"seat {s} wins" for s in range(len(DEMO_PROFILE))] + ["draw", "nobody"]
        for col, name in enumerate(names):
            inside = estimate.low[col] <= exact[col] <= estimate.high[col]
            lines.append(
                f"| {tie_rule} | {name} | {exact[col]:.5f} | {estimate.rate[col]:.5f} | "
                f"[{estimate.low[col]:.5f}, {estimate.high[col]:.5f}] | "
                f"{'yes' if inside else 'no'} |"
            )
    return lines


def _solver_lines() -> list[str]:
    prizes = DEMO_PRIZES
    sequential = sequential_equilibrium(DEMO_FIGURES, **prizes)
    simultaneous = simultaneous_equilibria(DEMO_FIGURES, **prizes)
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
