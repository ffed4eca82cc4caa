"""Where chunks run: :func:`run_tasks`, the one seam for parallel chunks, and local pools.

A backend runs tasks somewhere else: :class:`PoolBackend` on local processes (``--workers``),
:class:`experiments.shared.cluster.DaskBackend` on a Dask cluster (``--dask``). It offers ``slots``
(tasks it runs at once), ``prepare(seats)`` (have the kernel for those seats ready on every
worker), ``submit(function, *args)`` (a future), ``wait_any(futures)`` (the finished ones, at
least one), ``lost(error)`` (the task's worker died: the task may run again), ``cancel(futures)``
and ``close()``. Only this process saves chunks: a backend's workers send their statistics back.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)

from sim.errors import InputError


def executor(workers: int, processes: bool = True) -> Executor | None:
    """Local parallel workers: None (serial), local processes or threads."""
    if workers <= 1:
        return None
    return ProcessPoolExecutor(workers) if processes else ThreadPoolExecutor(workers)


RETRIES = 3
"""Times a task whose worker was lost is submitted again before the run fails."""


class PoolBackend:
    """Tasks on a :mod:`concurrent.futures` executor (local processes or threads).

    Parameters
    ----------
    pool : concurrent.futures.Executor
        The executor; :meth:`close` shuts it down when ``own`` is true.
    slots : int
        Tasks it runs at once.
    own : bool
        Shut the executor down on :meth:`close`.
    """

    def __init__(self, pool: Executor, slots: int, own: bool = False):
        self.pool = pool
        self.slots = max(1, int(slots))
        self.own = own

    def prepare(self, seats) -> None:
        """Refuse a player registered in this process (a notebook's) when the pool's processes
        would not inherit it: they are not forked from this one. Nothing else to do: each local
        process loads the kernel from this machine's cache.

        Raises
        ------
        InputError
            Naming the registered players and what to do instead.
        """
        from strategies.registry import plugins_played

        context = getattr(self.pool, "_mp_context", None)  # a ProcessPoolExecutor's
        if context is None or context.get_start_method() == "fork":
            return
        registered = [p.name for p in plugins_played(seats) if p.registered]
        if registered:
            raise InputError(
                f"{', '.join(registered)}: registered in this process only, which "
                f"{context.get_start_method()} worker processes do not inherit; run with one "
                "worker, or install it as a plugin (docs/adding_a_strategy.md)"
            )

    def submit(self, function: Callable, *args):
        """Start ``function(*args)``; return its future."""
        return self.pool.submit(function, *args)

    def wait_any(self, futures) -> set:
        """Block until at least one future is done; return the done ones."""
        return wait(futures, return_when=FIRST_COMPLETED).done

    def lost(self, error: BaseException) -> bool:
        """A local pool has no worker to lose: a dead process breaks the whole pool."""
        return False

    def cancel(self, futures) -> None:
        """Cancel the futures that have not started."""
        for future in futures:
            future.cancel()

    def close(self) -> None:
        """Shut the executor down (if this backend owns it), cancelling what has not started."""
        if self.own:
            self.pool.shutdown(cancel_futures=True)


def run_tasks(
    function: Callable,
    calls: dict[int, tuple],
    on_result: Callable[[int, object], None],
    backend=None,
    progress: Callable[[int], None] | None = None,
    retries: int = RETRIES,
) -> None:
    """Run ``function(*calls[i])`` for every ``i`` and hand each result to ``on_result(i, result)``.

    Without a backend the calls run here, in key order. On a backend at most twice its slots run
    or wait at once (so finished results never pile up), results arrive as tasks finish (in any
    order: the caller keeps them by key), and a task whose worker was lost is submitted again,
    up to ``retries`` times. On any error or interruption the tasks in flight are cancelled.

    Parameters
    ----------
    function : callable
        A module-level function (it may be pickled to another process).
    calls : dict
        Key -> the arguments of one call.
    on_result : callable
        Called with the key and the result of each finished call, in this process.
    backend : optional
        Where the calls run (see the module docstring); None: here.
    progress : callable, optional
        Called with 1 after each result.
    retries : int
        Extra attempts for a task whose worker was lost.
    """
    if backend is None:
        for key, args in calls.items():
            on_result(key, function(*args))
            if progress:
                progress(1)
        return
    waiting = deque(calls)
    running: dict = {}
    attempts = dict.fromkeys(calls, 0)
    try:
        while waiting or running:
            window = 2 * backend.slots  # a cluster may grow or shrink during the run
            while waiting and len(running) < window:
                key = waiting.popleft()
                running[backend.submit(function, *calls[key])] = key
            for future in backend.wait_any(list(running)):
                key = running.pop(future)
                try:
                    result = future.result()
                except Exception as error:
                    if backend.lost(error) and attempts[key] < retries:
                        attempts[key] += 1
                        waiting.appendleft(key)
                        continue
                    raise
                on_result(key, result)
                if progress:
                    progress(1)
    finally:
        if running:
            backend.cancel(list(running))
