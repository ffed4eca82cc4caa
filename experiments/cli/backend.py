"""The options that choose where chunks run (``--dask``, ``--numba-cache``), shared by commands."""

from __future__ import annotations

from contextlib import contextmanager

import click

from sim.errors import InputError

DASK_HELP = (
    "Run the chunks on Dask: the scheduler at ADDRESS (tcp://HOST:PORT), or local:N to start "
    "N worker processes here. Needs the dask extra."
)
CACHE_HELP = (
    "A numba cache folder the Dask workers share (DIR/<source hash>): one worker compiles the "
    "kernel, the others load it."
)


def dask_options(command):
    """Add ``--dask ADDRESS|local:N`` and ``--numba-cache DIR`` to a click command."""
    command = click.option(
        "--numba-cache", type=click.Path(file_okay=False), default=None, help=CACHE_HELP
    )(command)
    return click.option("--dask", "dask", metavar="ADDRESS|local:N", default=None, help=DASK_HELP)(
        command
    )


@contextmanager
def chunk_backend(dask: str | None, numba_cache: str | None, workers: int = 1):
    """The backend the options ask for (None: this process, or ``--workers`` local processes).

    Connects to the Dask scheduler (or starts a local cluster), prints its workers and its
    dashboard, and closes it on the way out.

    Raises
    ------
    InputError
        ``--numba-cache`` without ``--dask``, ``--dask`` with ``--workers``, or what
        :func:`experiments.cluster.connect` refuses.
    """
    if dask is None:
        if numba_cache:
            raise InputError("--numba-cache is for Dask workers: give it with --dask")
        yield None
        return
    if workers > 1:
        raise InputError("give --workers or --dask, not both")
    from experiments.cluster import connect

    backend = connect(dask, numba_cache, say=click.echo)
    try:
        workers = backend.workers
        line = f"Dask: {len(workers)} workers ({backend.slots} threads)"
        if backend.dashboard:
            line += f", dashboard {backend.dashboard}"
        click.echo(line)
        yield backend
    finally:
        backend.close()


__all__ = ["chunk_backend", "dask_options"]
