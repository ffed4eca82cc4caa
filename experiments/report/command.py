"""``mammoth report``: result folders -> report.md and report.html, answers first.

The report is built and written by :func:`experiments.report.report.write_report`; the result
folders are read defensively (:mod:`experiments.shared.report_results`), and every file it writes
lies inside ``--out``.
"""

from __future__ import annotations

from pathlib import Path

import click

from experiments.report.report import write_report
from experiments.shared.command_options import Folder, command
from experiments.shared.files import writing_inside
from sim.errors import InputError


@command("report")
@click.argument("folders", nargs=-1, required=True, type=Folder())
@click.option(
    "--out",
    type=Folder(),
    default=None,
    help="Output folder of report.md, its charts (figures/) and report.html [default: the first "
    "FOLDER's parent].",
)
@click.option(
    "--title",
    default="Stone Age: The Mammoth Herd — simulation report",
    show_default=True,
    help="The report's title.",
)
def report(folders, out, title):
    """Turn result FOLDERS into one report.

    Writes report.md (its charts in OUT/figures/, linked) and report.html (self-contained) into
    OUT.
    """
    paths = [Path(f) for f in folders]
    for path in paths:
        if not path.is_dir():
            raise InputError(f"{path} is not a folder")
    target = Path(out) if out else paths[0].parent
    with writing_inside(target):
        write_report(paths, title, target)
    click.echo(f"wrote {target / 'report.md'} and {target / 'report.html'}")


COMMAND = report
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
