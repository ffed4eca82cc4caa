"""``mammoth position``: write a position file's template (``new``), list every problem of a
file (``check``) and write the page that fills one in (``page``,
:mod:`experiments.shared.report_position_page`).

A position file (docs/positions.md) is what ``mammoth analyse`` reads; these commands help a
player write one from a real table.
"""

from __future__ import annotations

from pathlib import Path

import click

from experiments.position.report_template import template
from experiments.shared.files import write_text
from experiments.shared.report_position_page import write_page
from sim.data import load_tiles
from sim.errors import InputError
from sim.position import read_document
from sim.position_read import position_problems
from sim.rules import Rules
from sim.state import I_ROUND

HERD_ROUNDS = 16
"""The rounds with a herd decision under the default tile set (one tile a round)."""


@click.group("position")
def position() -> None:
    """Write, check and fill in position files (docs/positions.md) for `mammoth analyse`."""


@position.command("new")
@click.option("--players", type=click.IntRange(2, 4), required=True, help="Players, 2 to 4.")
@click.option(
    "--round",
    "round_",
    type=click.IntRange(1, HERD_ROUNDS),
    required=True,
    help="The round being played (1 for the first; the herd stands while its tiles last).",
)
@click.argument("file", required=False, type=click.Path(dir_okay=False))
def new(players: int, round_: int, file: str | None) -> None:
    """Writes a commented position file to fill in, FILE (printed when left out).

    Every field has its default or a placeholder that reads as a sound position, and a comment
    saying what goes there; the pieces' names and short ids are listed at the end. An existing
    FILE is never replaced.
    """
    text = template(players, round_, Rules())
    if file is None:
        click.echo(text, nl=False)
        return
    if Path(file).exists() or Path(file).is_symlink():
        raise InputError(f"{file} exists: a position file is never replaced; choose another name")
    write_text(file, text)
    click.echo(f"wrote {file}: fill it in, then `mammoth position check {file}`")


@position.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
def check(file: str) -> None:
    """Writes nothing: lists every problem of the position FILE at once, each with its field
    (exit code 2 when there is any); a sound file gets one line saying what it holds."""
    document = read_document(file)
    found, problems = position_problems(document)
    if not problems:
        who = found.players[found.to_act]
        click.echo(
            f"{file}: a sound position: round {int(found.game[I_ROUND])}, "
            f"{found.n_players} players, {who} at a {found.kind}. "
            f"Analyse it with: mammoth analyse {file}"
        )
        return
    count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
    click.echo(f"{file}: {count}")
    for line in problems:
        click.echo(f"  {line}")
    raise SystemExit(2)


@position.command("page")
@click.option(
    "--players", type=click.IntRange(2, 4), default=4, show_default=True, help="Players, 2 to 4."
)
@click.option(
    "--tiles",
    type=click.Path(dir_okay=False),
    default=None,
    help="A mammoth tile file: the herd's tiles on the page (default: the assumed tile set).",
)
@click.argument("file", required=False, default="position.html", type=click.Path(dir_okay=False))
def page(players: int, tiles: str | None, file: str) -> None:
    """Writes FILE (default position.html): the page that fills in a position file at the
    table (offline, one file; an existing FILE is replaced).

    The decision first, drop-down lists of the game's cards, buildings and tiles or their
    short ids typed, the page's own checks of the values, pieces and counts beside the field
    changed (it says which checks it leaves to `mammoth position check`); it downloads
    position.toml and shows the `mammoth analyse` command to run on it. `mammoth serve`
    serves the same page with every check of the loader and an Analyse button.
    """
    write_page(file, page_rules(tiles), players)
    click.echo(f"wrote {file}: open it in a browser (it needs no network)")


def page_rules(tiles: str | None) -> Rules:
    """The rules of a page: the default ones, with the tile file's tiles (its absolute path,
    so the file the page writes finds it wherever it is saved)."""
    if tiles is None:
        return Rules()
    path = str(Path(tiles).resolve())
    load_tiles(path)  # a bad tile file: its own one-line refusal
    return Rules(tiles=path, tiles_assumed=False)


COMMAND = position
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""

__all__ = ["page_rules", "position"]
