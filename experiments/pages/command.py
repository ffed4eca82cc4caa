"""``mammoth docs``: the published pages' figures, rebuilt from their commands and written from
the committed result folders (:mod:`experiments.shared.pages`)."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.pages.command_rebuild import rebuild
from experiments.shared.command_options import command, workers_option
from experiments.shared.files import atomic_write, write_text
from experiments.shared.pages import (
    PAGES,
    RECORDING,
    RESULTS,
    blocks,
    blocks_of,
    fill_blocks,
    sources,
    writes,
)
from sim.errors import InputError
from sim.textfiles import read_text

ALL = "all"
"""``--rebuild all``: every committed folder."""


def update_page(page: Path) -> bool:
    """Write every marked block of ``page`` anew from the committed folders.

    Returns
    -------
    bool
        Whether the page changed.

    Raises
    ------
    InputError
        When the page holds no marked block.
    """
    text = read_text(page, "page", 4_000_000)
    found = blocks()
    if not blocks_of(text, found):
        raise InputError(f"{page} has none of the marked blocks {', '.join(found)}")
    new = fill_blocks(text, found)
    if new != text:
        write_text(page, new)
    return new != text


def _write(paths) -> list[tuple[Path, bool]]:
    """Write each ``(path, fill)`` whose content changed (atomically); each path with whether it
    changed."""
    done = []
    for path, fill in paths:
        content = fill()
        data = content.encode("utf-8") if isinstance(content, str) else content
        old = path.read_bytes() if path.exists() else None
        if data != old:
            atomic_write(path, lambda tmp, d=data: tmp.write_bytes(d))
        done.append((path, data != old))
    return done


def update_files(page: Path) -> list[tuple[Path, bool]]:
    """Write the page's data files and charts anew: those beside it named after it
    (``docs/answers_by_field.csv`` and ``docs/answers_worth.png`` of ``docs/answers.md``); each
    with whether it changed."""
    page = page.resolve()
    return _write(
        (path, fill)
        for path, fill in writes().items()
        if path.parent == page.parent and path.name.startswith(page.stem + "_")
    )


def update_reports() -> list[tuple[Path, bool]]:
    """Write anew the reports that stand in the result folders themselves (a derivation's
    ``derive.md``) from the folders' figures; each with whether it changed."""
    return _write((path, fill) for path, fill in writes().items() if path.is_relative_to(RESULTS))


@command(name="docs")
@click.option(
    "--rebuild",
    "names",
    multiple=True,
    metavar="NAME",
    help="A committed result folder under docs/results to make anew from its commands "
    "(repeat; all: every one). Without it the folders are only read.",
)
@click.option(
    "--update",
    "pages",
    multiple=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="A Markdown page whose marked blocks to write anew from the committed folders (repeat;"
    " all: every page of the figures); its data files and charts beside it, named after it"
    " (docs/answers_by_field.csv, docs/answers_worth.png), are written with it.",
)
@click.option(
    "--replay",
    is_flag=True,
    help="Remake each folder of --rebuild from the recording of its chunks beside it "
    "(NAME.chunks.xz: a card's derivation): its command finishes the recorded run with --resume "
    "and plays no game (with all: the recorded folders only).",
)
@workers_option("each command of a rebuild runs with these processes or threads", default=None)
def docs(names, pages, replay, workers):
    """Print the committed result folders of the pages' figures and the commands that make each.
    With --rebuild, runs a folder's commands and replaces it with their output's kept files and
    a run.json that records them (and, for a card's derivation, the recording of its chunks
    beside it, NAME.chunks.xz); with --update, writes every figure of the pages from the
    folders. Either writes anew the reports that stand in the folders (a derivation's
    derive.md) from their figures."""
    if not RESULTS.is_dir():
        raise InputError(
            f"no result folders at {RESULTS}: mammoth docs works on the repository's own pages "
            "(an editable install, pip install -e .)"
        )
    if Path(ALL) in pages:
        pages = PAGES
    missing = [page for page in pages if not page.is_file()]
    if missing:
        raise InputError(f"--update: no page {missing[0]}")
    known = sources()
    if ALL in names:
        names = tuple(n for n, s in known.items() if s.recorded or not replay)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise InputError(
            f"--rebuild: no result folder {unknown[0]!r} (one of: {ALL}, {', '.join(known)})"
        )
    if not names and not pages:
        for name, source in known.items():
            click.echo(
                f"docs/results/{name}" + (f" (and {name}{RECORDING})" if source.recorded else "")
            )
            for line in source.commands:
                click.echo(f"  {line}")
        return
    for name in names:
        click.echo(f"wrote {rebuild(known[name], workers, click.echo, replay=replay)}")
    for path, changed in update_reports():
        if changed:
            click.echo(f"wrote {path}")
    for page in pages:
        click.echo(f"{'wrote' if update_page(page) else 'up to date:'} {page}")
        for path, changed in update_files(page):
            click.echo(f"{'wrote' if changed else 'up to date:'} {path}")


COMMAND = docs
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
