"""``mammoth bench``: measure the kernels' throughput (the sections of :mod:`experiments.bench`)."""

from __future__ import annotations

import click

from experiments.bench.core import FULL, QUICK, format_rows, run_sections


@click.command("bench")
@click.option("--quick", is_flag=True, help="A smaller, faster run.")
def bench(quick: bool) -> None:
    """Measure kernel throughput (warm, best of a few repeats, one thread unless said).

    Writes nothing: prints one table.
    """
    import numba

    size = QUICK if quick else FULL
    click.echo(
        f"mammoth bench ({'quick' if quick else 'full'}: {size.contests:,} dice contests, "
        f"{size.draws:,} table draws, best of {size.repeats}; "
        f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads available)"
    )
    click.echo(format_rows(run_sections(size)))
