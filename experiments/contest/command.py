"""``mammoth contest odds|table|commit|report``: the taming contest from the command line.

Every probability printed or written is the float nearest the exact fraction
(:func:`experiments.contest.analysis.exact_odds`): an impossible outcome is exactly 0.

The contest's part of ``mammoth demo`` is :data:`DEMO`: the report's folder, at the demo's size.
"""

from __future__ import annotations

import json

import click

from experiments.shared.command_options import (
    MammothCommand,
    ManyOption,
    Whole,
    out_option,
    seed_option,
)
from experiments.shared.files import writing_inside
from experiments.shared.limits import MAX_MC, MAX_PRIZE_POINTS
from sim.contest_exact import MAX_FIGURES, MAX_PLAYERS, check_figures
from sim.errors import InputError
from sim.rules import TIE_RULES

tie_option = click.option(
    "--tie",
    "tie_rule",
    type=click.Choice(TIE_RULES),
    default="longer_wins",
    show_default=True,
    help="Tie rule of docs/rules.md B3.",
)


def mc_option(default: int, help: str):
    """``--mc``: contests rolled die by die, 0 to :data:`~experiments.shared.limits.MAX_MC`."""
    return click.option(
        "--mc",
        type=Whole(0, MAX_MC, "contests"),
        default=default,
        show_default=True,
        help=help,
    )


def parse_figures(values) -> list[int]:
    """Parse figures per seat from command-line strings, or raise :class:`InputError`."""
    figures = []
    for seat, text in enumerate(values):
        if text.startswith("--"):
            raise InputError(f"no such option: {text}")
        try:
            number = int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                raise InputError(
                    f"figures must be whole numbers from 0 to {MAX_FIGURES}, not {text!r}"
                ) from None
        figures.append(check_figures(number, f"figures of seat {seat}"))
    return figures


def parse_values(text: str, name: str) -> float | list[float]:
    """Parse a prize value: one number, or comma-separated numbers one per seat.

    Each at most :data:`~experiments.shared.limits.MAX_PRIZE_POINTS` (the solver checks the rest).
    """
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise InputError(f"--{name} must be a number or numbers separated by commas") from None
    if any(value > MAX_PRIZE_POINTS for value in values):
        raise InputError(f"--{name} values must be at most {MAX_PRIZE_POINTS:g} points")
    return values[0] if len(values) == 1 else values


@click.group()
def contest() -> None:
    """The taming contest: exact odds, Monte Carlo checks, tables and commitments."""


@contest.command("odds", cls=MammothCommand, context_settings={"ignore_unknown_options": True})
@click.argument("figures", nargs=-1, required=True)
@tie_option
@mc_option(0, "Also roll N contests die by die (0: off).")
@seed_option("Seed of the Monte Carlo.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds_command(figures, tie_rule, mc, seed, as_json) -> None:
    """Exact odds of a contest with FIGURES per seat (1 to 4 seats, 0..10 each).

    Writes nothing: prints a table, or one JSON object with --json.
    """
    from experiments.contest.analysis import exact_odds
    from sim.contest_mc import estimate_odds

    commitments = parse_figures(figures)
    exact = exact_odds(commitments, tie_rule)
    estimate = estimate_odds(commitments, mc, seed, tie_rule) if mc else None
    players = len(commitments)
    if as_json:
        document = {
            "commitments": commitments,
            "tie_rule": tie_rule,
            "players": players,
            "win": exact.win.tolist(),
            "draw": exact.draw,
            "nobody": exact.nobody,
        }
        if estimate is not None:
            pairs = [
                [float(lo), float(hi)] for lo, hi in zip(estimate.low, estimate.high, strict=True)
            ]
            document["mc"] = {
                "n": estimate.n,
                "seed": seed,
                "level": 0.95,
                "counts": estimate.counts.tolist(),
                "win": estimate.rate[:players].tolist(),
                "draw": float(estimate.rate[players]),
                "nobody": float(estimate.rate[players + 1]),
                "win_interval": pairs[:players],
                "draw_interval": pairs[players],
                "nobody_interval": pairs[players + 1],
            }
        click.echo(json.dumps(document))
        return
    click.echo(f"taming contest: figures {' '.join(map(str, commitments))}, tie rule {tie_rule}")
    names = [f"seat {s} wins ({k})" for s, k in enumerate(commitments)] + ["draw", "nobody"]
    vector = exact.as_vector()
    header = f"{'outcome':<18}{'exact':>10}"
    if estimate is not None:
        header += f"{'monte carlo':>13}   95 % Wilson interval (n={estimate.n:,}, seed {seed})"
    click.echo(header)
    for col, name in enumerate(names):
        line = f"{name:<18}{vector[col]:>10.6f}"
        if estimate is not None:
            line += (
                f"{estimate.rate[col]:>13.6f}   [{estimate.low[col]:.6f}, {estimate.high[col]:.6f}]"
            )
        click.echo(line)


TABLE_FILES = "contest_odds.parquet, contest_odds.csv, win_heatmap_2p.png and run.json"


@contest.command("table", cls=MammothCommand)
@click.option(
    "--players",
    cls=ManyOption,
    several=False,
    type=Whole(1, MAX_PLAYERS, "seats"),
    required=True,
    help=f"Seats, 1 to {MAX_PLAYERS}.",
)
@click.option(
    "--max-figures",
    type=Whole(0, MAX_FIGURES, "figures"),
    required=True,
    help=f"Most figures per seat, 0 to {MAX_FIGURES}.",
)
@out_option(f"Output folder: gets {TABLE_FILES}.", default="results/contest-table")
@tie_option
def table_command(players, max_figures, out, tie_rule) -> None:
    """Write the exact odds of every profile (Parquet, CSV) and a 2-player heatmap.

    Writes contest_odds.parquet, contest_odds.csv, win_heatmap_2p.png and run.json into OUT.
    """
    from experiments.contest.analysis import odds_frame, two_player_wins
    from experiments.contest.report import write_table

    frame = odds_frame(players, max_figures, tie_rule)
    wins = {tie_rule: two_player_wins(max(max_figures, 1), tie_rule)}
    with writing_inside(out):
        for path in write_table(out, frame, wins, players, max_figures, tie_rule):
            click.echo(f"wrote {path}")


@contest.command("commit", cls=MammothCommand)
@click.option(
    "--figures",
    cls=ManyOption,
    required=True,
    help="Figures on the herd's area per seat: --figures 3 2 2 (or 3,2,2).",
)
@click.option("--first-bonus", required=True, help='Points of the "1." bonus (or one per seat).')
@click.option("--all-bonus", required=True, help='Points of the "all" bonus (or one per seat).')
@click.option("--tile-value", required=True, help="Points of keeping the tile (or one per seat).")
@click.option("--food-value", required=True, help="Points of one food (or one per seat).")
@tie_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def commit_command(
    figures, first_bonus, all_bonus, tile_value, food_value, tie_rule, as_json
) -> None:
    """Recommend how many figures each seat commits to the tile (exact odds).

    Writes nothing: prints the equilibria, or one JSON object with --json.
    """
    from experiments.contest.analysis import exact_odds
    from sim.contest_solver import make_prizes, sequential_equilibrium, simultaneous_equilibria

    seats = parse_figures(" ".join(figures).replace(",", " ").split())
    if not seats:
        raise InputError("--figures needs the figures of each seat, e.g. --figures 3 2 2")
    prizes = {
        "first_bonus": parse_values(first_bonus, "first-bonus"),
        "all_bonus": parse_values(all_bonus, "all-bonus"),
        "tile_value": parse_values(tile_value, "tile-value"),
        "food_value": parse_values(food_value, "food-value"),
    }
    checked = make_prizes(len(seats), **prizes)
    sequential = sequential_equilibrium(seats, tie_rule=tie_rule, **prizes)
    simultaneous = simultaneous_equilibria(seats, tie_rule=tie_rule, **prizes)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "figures": seats,
                    "tie_rule": tie_rule,
                    "prizes": checked.to_dict(),
                    "winner_bonus": list(checked.winner_bonus),
                    "sequential": _equilibrium_dict(sequential, tie_rule)
                    | {"option_values": [v.tolist() for v in sequential.option_values]},
                    "simultaneous": [_equilibrium_dict(e, tie_rule) for e in simultaneous],
                }
            )
        )
        return
    click.echo(f"figures on the herd's area: {' '.join(map(str, seats))}; tie rule {tie_rule}")
    click.echo(
        "winner takes: " + ", ".join(f"seat {s} {b!r}" for s, b in enumerate(checked.winner_bonus))
    )
    click.echo("sequential (seat order; later seats see earlier commitments):")
    click.echo(f"  {'seat':<6}{'figures':>8}{'commit':>8}{'P(win)':>10}{'value':>10}")
    chances = exact_odds(sequential.commitments, tie_rule)
    for s, k in enumerate(sequential.commitments):
        click.echo(
            f"  {s:<6}{seats[s]:>8}{k:>8}{chances.win[s]:>10.4f}{sequential.values[s]:>10.3f}"
        )
    click.echo(f"  draw {chances.draw:.4f}, nobody {chances.nobody:.0f}")
    click.echo(f"simultaneous: {len(simultaneous)} pure equilibria")
    for e in simultaneous:
        values = ", ".join(f"{v:.3f}" for v in e.values)
        click.echo(f"  commit {list(e.commitments)}  values [{values}]")


def _equilibrium_dict(equilibrium, tie_rule: str) -> dict:
    from experiments.contest.analysis import exact_odds

    chances = exact_odds(equilibrium.commitments, tie_rule)
    return {
        "commitments": list(equilibrium.commitments),
        "values": equilibrium.values.tolist(),
        "win": chances.win.tolist(),
        "draw": chances.draw,
        "nobody": chances.nobody,
    }


@contest.command("report", cls=MammothCommand)
@out_option(
    "Output folder: gets contest_odds.parquet, contest_odds.csv, win_heatmap_2p.png, report.md "
    "and run.json.",
    default="results/contest",
)
@click.option(
    "--max-figures",
    type=Whole(1, MAX_FIGURES, "figures"),
    default=7,
    show_default=True,
    help=f"Most figures per seat in the tables, 1 to {MAX_FIGURES}.",
)
@mc_option(1_000_000, "Contests of the dice-kernel check.")
@seed_option("Seed of the dice-kernel check.")
def report_command(out, max_figures, mc, seed) -> None:
    """Write the contest report: exact odds table, heatmap, report.md and run.json.

    Writes contest_odds.parquet, contest_odds.csv, win_heatmap_2p.png, report.md and run.json
    into OUT (by default results/contest; mammoth demo writes the same into its contest/).
    """
    from experiments.contest.analysis import contest_report
    from experiments.contest.report import demo_report

    report = contest_report(max_figures, mc, seed)
    with writing_inside(out):
        for path in demo_report(out, report, command="contest report"):
            click.echo(f"wrote {path}")


DEMO_MAX_FIGURES = 7
DEMO_MC = 200_000
DEMO_SEED = 0
"""The demo's contest report: figures per seat in the tables, contests and seed of the
dice-kernel check."""


def demo(out) -> None:
    """The contest's part of ``mammoth demo``: the exact odds table and the dice-kernel check,
    written as ``mammoth contest report`` writes them, at the demo's size.

    Parameters
    ----------
    out : pathlib.Path
        The folder (the demo's ``OUT/contest``).
    """
    from experiments.contest.analysis import contest_report
    from experiments.contest.report import demo_report

    click.echo("contest: exact odds table and dice-kernel check")
    demo_report(out, contest_report(DEMO_MAX_FIGURES, DEMO_MC, DEMO_SEED))


COMMAND = contest
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
DEMO = demo
"""What the contest adds to ``mammoth demo`` beside the suite's experiments, its folder
``OUT/contest`` (:func:`experiments.shared.questions.demo_parts` finds it)."""
