"""``mammoth strategies``: every registered strategy and taming policy, with its parameters."""

from __future__ import annotations

import click

from strategies.registry import describe


@click.command("strategies")
def strategies_command():
    """List every registered strategy, preset and taming policy with its parameters.

    Writes nothing: prints one entry per name.
    """
    for row in describe():
        params = ", ".join(f"{k}={v:g}" for k, v in row["params"].items()) or "-"
        click.echo(f"{row['name']:10s} {row['role']:7s} {row['description']}")
        click.echo(f"{'':18s} params: {params}")
