"""``mammoth bench``: measure the kernels' throughput (the sections of :mod:`experiments.bench`)."""

from __future__ import annotations

import click

from experiments.bench import section_names
from experiments.shared.bench_core import FULL, QUICK, format_rows, run_sections


@click.command("bench")
@click.option("--quick", is_flag=True, help="A smaller, faster run.")
@click.option(
    "--section",
    "sections",
    multiple=True,
    type=click.Choice(section_names()),
    help="Run only this section (repeat for more). [default: every section]",
)
def bench(quick: bool, sections: tuple[str, ...]) -> None:
    """Measure kernel throughput (warm, best of a few repeats, one thread unless said) and the
    cold start (compiles from an empty cache).

    Writes nothing: prints one table.
    """
    import numba

    size = QUICK if quick else FULL
    click.echo(
        f"mammoth bench ({'quick' if quick else 'full'}: {size.contests:,} dice contests, "
        f"{size.draws:,} table draws, best of {size.repeats}; "
        f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads available)"
    )
    click.echo(format_rows(run_sections(size, sections or None)))


COMMAND = bench
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
