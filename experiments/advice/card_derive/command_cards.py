"""``mammoth cards``: the shipped cards, which to play for which tiles and table."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.advice.card_derive.report_shipped import (
    BLOCKS,
    blocks_of,
    commands_markdown,
    shipped_markdown,
    update_blocks,
)
from experiments.shared.command_options import command
from sim.errors import InputError
from sim.textfiles import read_text


@command(name="cards")
@click.option(
    "--update",
    "pages",
    multiple=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="A Markdown page whose marked blocks (" + ", ".join(BLOCKS) + ") to write anew from "
    "the card files (repeat).",
)
def cards(pages):
    """Print the shipped cards: for which tiles and table each was derived, how to play it, the
    best one-seat gain at a table of it (pp, 95% interval) and the command that derived it.
    Writes nothing; with --update, writes those tables into the marked blocks of the pages
    instead."""
    if not pages:
        click.echo(shipped_markdown())
        click.echo()
        click.echo(commands_markdown())
        return
    for page in pages:
        text = read_text(page, "page", 4_000_000)
        if not blocks_of(text):
            raise InputError(f"{page} has none of the marked blocks {', '.join(BLOCKS)}")
        new = update_blocks(text)
        if new != text:
            page.write_text(new, encoding="utf-8")
        click.echo(f"{'wrote' if new != text else 'up to date:'} {page}")


COMMAND = cards
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
