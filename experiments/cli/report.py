"""``mammoth report``: result folders -> report.md and report.html.

The report is built by :func:`experiments.outputs.report.build_report`.
"""

from __future__ import annotations

from pathlib import Path

import click

from experiments.outputs.report import write_report
from sim.errors import InputError


@click.command("report")
@click.argument("folders", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Default: first.")
@click.option("--title", default="Stone Age: The Mammoth Herd — simulation report")
def report(folders, out, title):
    """Turn result FOLDERS into report.md and report.html."""
    paths = [Path(f) for f in folders]
    for path in paths:
        if not path.is_dir():
            raise InputError(f"{path} is not a folder")
    target = Path(out) if out else paths[0].parent
    write_report(paths, title, target)
    click.echo(f"wrote {target / 'report.md'} and {target / 'report.html'}")
