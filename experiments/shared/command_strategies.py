"""``mammoth strategies``: every strategy and taming policy a seat can name, with its parameters."""

from __future__ import annotations

import click

from sim.errors import InputError
from strategies.registry import describe


@click.command("strategies")
def strategies_command():
    """List every strategy, preset and taming policy with its origin and parameters.

    Built-in players first, then presets, then the installed plugins and the players registered
    in this process. Writes nothing. A plugin that cannot be used is refused with one line naming
    it (exit code 2, after the list of the usable ones).
    """
    rows, refused = describe()
    for row in rows:
        params = (
            ", ".join(
                f"{k}={v:g}" if isinstance(v, int | float) else f"{k}={v}"
                for k, v in row["params"].items()
            )
            or "-"
        )
        origin = "" if row["origin"] in ("built-in", "preset") else f" [{row['origin']}]"
        click.echo(f"{row['name']:10s} {row['role']:7s} {row['description']}{origin}")
        click.echo(f"{'':18s} params: {params}")
    if refused:
        raise InputError("; ".join(refused))


COMMAND = strategies_command
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
