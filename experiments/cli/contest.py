"""``mammoth contest odds|table|commit|report``: the taming contest from the command line."""

from __future__ import annotations

import json
import re

import click

from sim.contest_exact import MAX_FIGURES, check_figures
from sim.errors import InputError
from sim.rules import TIE_RULES

_NUMBER = re.compile(r"^-?\d")

tie_option = click.option(
    "--tie",
    "tie_rule",
    type=click.Choice(TIE_RULES),
    default="longer_wins",
    show_default=True,
    help="Tie rule of docs/rules.md B3.",
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
    """Parse a prize value: one number, or comma-separated numbers one per seat."""
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise InputError(f"--{name} must be a number or numbers separated by commas") from None
    return values[0] if len(values) == 1 else values


class FiguresCommand(click.Command):
    """A command whose ``--figures`` option takes several numbers: ``--figures 3 2 2``."""

    def parse_args(self, ctx, args):
        """Join the numbers after ``--figures`` into that option's one value."""
        joined: list[str] = []
        rest = list(args)
        while rest:
            arg = rest.pop(0)
            if arg != "--figures":
                joined.append(arg)
                continue
            taken = []
            while rest and (not rest[0].startswith("-") or _NUMBER.match(rest[0])):
                taken.append(rest.pop(0))
            joined += ["--figures", " ".join(taken)]
        return super().parse_args(ctx, joined)


@click.group()
def contest() -> None:
    """The taming contest: exact odds, Monte Carlo checks, tables and commitments."""


@contest.command("odds", context_settings={"ignore_unknown_options": True})
@click.argument("figures", nargs=-1, required=True)
@tie_option
@click.option("--mc", type=int, default=0, help="Also roll N contests die by die (0: off).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the Monte Carlo.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds_command(figures, tie_rule, mc, seed, as_json) -> None:
    """Exact odds of a contest with FIGURES per seat (1 to 4 seats, 0..10 each)."""
    from sim.contest_exact import odds
    from sim.contest_mc import estimate_odds

    commitments = parse_figures(figures)
    if mc < 0:
        raise InputError(f"--mc must be >= 0, not {mc}")
    if seed < 0:
        raise InputError(f"--seed must be >= 0, not {seed}")
    exact = odds(commitments, tie_rule)
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


@contest.command("table")
@click.option("--players", type=int, required=True, help="Seats, 1 to 4.")
@click.option("--max-figures", type=int, required=True, help="Most figures per seat, 0 to 10.")
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Output folder.")
@tie_option
def table_command(players, max_figures, out, tie_rule) -> None:
    """Write the exact odds of every profile (Parquet, CSV) and a 2-player heatmap."""
    from experiments.analyses.contest import check_players
    from experiments.outputs.contest_report import write_table

    check_players(players)
    check_figures(max_figures, "--max-figures")
    for path in write_table(out, players, max_figures, tie_rule):
        click.echo(f"wrote {path}")


@contest.command("commit", cls=FiguresCommand)
@click.option("--figures", required=True, help="Figures on the herd's area per seat: 3 2 2.")
@click.option("--first-bonus", required=True, help='Points of the "1." bonus (or one per seat).')
@click.option("--all-bonus", required=True, help='Points of the "all" bonus (or one per seat).')
@click.option("--tile-value", required=True, help="Points of keeping the tile (or one per seat).")
@click.option("--food-value", required=True, help="Points of one food (or one per seat).")
@tie_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def commit_command(
    figures, first_bonus, all_bonus, tile_value, food_value, tie_rule, as_json
) -> None:
    """Recommend how many figures each seat commits to the tile (exact odds)."""
    from sim.contest_solver import make_prizes, sequential_equilibrium, simultaneous_equilibria

    seats = parse_figures(figures.replace(",", " ").split())
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
                    "sequential": _equilibrium_dict(sequential)
                    | {"option_values": [v.tolist() for v in sequential.option_values]},
                    "simultaneous": [_equilibrium_dict(e) for e in simultaneous],
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
    for s, k in enumerate(sequential.commitments):
        click.echo(
            f"  {s:<6}{seats[s]:>8}{k:>8}{sequential.odds.win[s]:>10.4f}"
            f"{sequential.values[s]:>10.3f}"
        )
    click.echo(f"  draw {sequential.odds.draw:.4f}, nobody {sequential.odds.nobody:.0f}")
    click.echo(f"simultaneous: {len(simultaneous)} pure equilibria")
    for e in simultaneous:
        values = ", ".join(f"{v:.3f}" for v in e.values)
        click.echo(f"  commit {list(e.commitments)}  values [{values}]")


def _equilibrium_dict(equilibrium) -> dict:
    return {
        "commitments": list(equilibrium.commitments),
        "values": equilibrium.values.tolist(),
        "win": equilibrium.odds.win.tolist(),
        "draw": equilibrium.odds.draw,
        "nobody": equilibrium.odds.nobody,
    }


@contest.command("report")
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default="results/demo",
    show_default=True,
    help="Output folder.",
)
@click.option("--max-figures", type=int, default=7, show_default=True, help="1 to 10.")
@click.option("--mc", type=int, default=1_000_000, show_default=True, help="Dice-kernel check.")
@click.option("--seed", type=int, default=0, show_default=True)
def report_command(out, max_figures, mc, seed) -> None:
    """Write the contest report: exact odds table, heatmap, report.md and run.json."""
    from experiments.outputs.contest_report import demo_report

    if mc < 0:
        raise InputError(f"--mc must be >= 0, not {mc}")
    if seed < 0:
        raise InputError(f"--seed must be >= 0, not {seed}")
    for path in demo_report(out, max_figures, mc, seed):
        click.echo(f"wrote {path}")
