"""The options that choose where chunks run (``--dask``, ``--numba-cache``), shared by commands.

``--dask ADDRESS|local:N`` runs the chunks on a Dask cluster (:mod:`experiments.shared.cluster`);
``--numba-cache DIR`` is the numba cache folder its workers share. Without ``--dask`` the chunks
run here, or on ``--workers`` local processes or threads; ``--dask`` and ``--workers`` exclude
each other. Whatever the backend, the results are the same.
"""

from __future__ import annotations

from contextlib import contextmanager

import click

from experiments.shared.command_options import Folder, RunSettings
from sim.errors import InputError

DASK_HELP = (
    "Run the chunks on Dask: the scheduler at ADDRESS (tcp://HOST:PORT), or local:N to start "
    "N worker processes here (N from 1 to {high}). Results do not depend on it. Needs the dask "
    "extra."
)
CACHE_HELP = (
    "A numba cache folder the Dask workers share (DIR/<source hash>): one worker compiles the "
    "kernel, the others load it."
)


class DaskTarget(click.ParamType):
    """A ``--dask`` value: ``local:N`` (N from 1 to ``MAX_WORKERS``) or a scheduler address."""

    name = "ADDRESS|local:N"

    def convert(self, value, param, ctx):
        """Check the value with :func:`experiments.shared.cluster.parse_target`, or fail with one
        line."""
        from experiments.shared.cluster import parse_target

        try:
            parse_target(value)
        except InputError as error:
            self.fail(str(error), param, ctx)
        return str(value).strip()


def dask_options(command):
    """Add ``--dask ADDRESS|local:N`` and ``--numba-cache DIR`` to a click command.

    Parameters
    ----------
    command : callable
        The command function (before ``click.command``), or a command being decorated.

    Returns
    -------
    callable
        ``command`` with both options.
    """
    from experiments.shared.limits import MAX_WORKERS

    command = click.option(
        "--numba-cache", type=Folder(), default=None, metavar="DIR", help=CACHE_HELP
    )(command)
    return click.option(
        "--dask",
        "dask",
        type=DaskTarget(),
        metavar="ADDRESS|local:N",
        default=None,
        help=DASK_HELP.format(high=MAX_WORKERS),
    )(command)


@contextmanager
def chunk_backend(run: RunSettings):
    """The backend a command's run asks for (None: this process, or ``--workers`` locally).

    Connects to the Dask scheduler (or starts a local cluster), prints its workers and its
    dashboard, and closes it on the way out.

    Parameters
    ----------
    run : RunSettings
        The command's ``--dask``, ``--numba-cache`` and ``--workers``, checked where they were
        gathered (:func:`~experiments.shared.command_options.check_backend`).

    Yields
    ------
    DaskBackend or None
        The Dask backend, or None without ``--dask``.

    Raises
    ------
    InputError
        What :func:`experiments.shared.cluster.connect` refuses.
    """
    if run.dask is None:
        yield None
        return
    from experiments.shared.cluster import connect

    backend = connect(run.dask, run.numba_cache, say=click.echo)
    try:
        workers = backend.workers
        line = f"Dask: {_count(len(workers), 'worker')} ({_count(backend.slots, 'thread')})"
        if backend.dashboard:
            line += f", dashboard {backend.dashboard}"
        click.echo(line)
        yield backend
    finally:
        backend.close()


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


__all__ = ["DaskTarget", "chunk_backend", "dask_options"]
