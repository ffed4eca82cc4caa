"""The README's Dask commands (issue 22), on ``--dask local:2`` instead of a cluster address.

A cluster address (``tcp://SCHEDULER:8786``) is replaced by ``local:2``: the same code path on
two local worker processes (see ``tests/readme_commands.py`` for every substitution and size).
A test file of its own, so these, the slowest of the README's commands, run on another worker
than tests/test_readme.py; in the ``heavy_kernel`` tier, since each starts a cluster of processes
that load the kernels again, so the default run stays within its four minutes.
"""

from __future__ import annotations

import pytest
import readme_commands as readme

pytestmark = pytest.mark.heavy_kernel

DASK = [
    c for c in readme.commands() if readme.exception(c) is None and "--dask" in readme.runnable(c)
]


def test_the_readme_has_dask_commands():
    assert len(DASK) >= 2


def _marked(commands):
    """The other alternatives of the command table (``--dask`` instead of ``--workers``) are
    slow: a cluster each; the default run keeps one of each form written in the README."""
    return [pytest.param(c, marks=pytest.mark.slow) if c.variant else c for c in commands]


@pytest.mark.parametrize("command", _marked(DASK), ids=[f"{i}-{c.id}" for i, c in enumerate(DASK)])
def test_the_readme_dask_command_runs_on_local_2(command, tmp_path, monkeypatch):
    assert "local:2" in readme.runnable(command)
    readme.run(command, tmp_path, monkeypatch)
