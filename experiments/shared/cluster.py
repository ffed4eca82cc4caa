"""Chunks on a Dask cluster: ``--dask ADDRESS`` (an existing scheduler) or ``--dask local:N``.

:func:`connect` opens a :class:`DaskBackend`, the Dask side of the backend seam of
:mod:`experiments.shared.runner`: a ``distributed`` client on the scheduler at ADDRESS, or on a
``LocalCluster`` of N worker processes (one thread each) that it starts and stops. Before any
chunk runs it

* refuses a worker whose project code differs from the client's (the source hash that names
  numba's cache folder, and a hash of :mod:`experiments`): the results of a run come from one
  version of the code; every task checks it again, for workers that join later;
* points the workers' numba cache at ``ROOT/<source hash>`` when given a shared folder ROOT;
* has the kernel the experiment needs ready on every worker (:meth:`DaskBackend.prepare`,
  through :func:`sim.runner.compile_kernel` and :func:`strategies.compiling.kernel_status`): it
  says on how many workers it compiles (about half a minute, once) and how long it took.

A worker that dies in the middle of a chunk costs that chunk a retry: the scheduler hands its
tasks to another worker, and :func:`experiments.shared.backends.run_tasks` submits a chunk again
when the scheduler gives up on it (``KilledWorker``). A chunk's result reaches the client whole or
not at all, and the client saves it, so a lost worker never leaves a wrong or missing chunk.

``dask`` and ``distributed`` are an optional extra (``pip install 'stoneage-mammoth-herd[dask]'``);
nothing here imports them before :func:`connect`.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import signal
import threading
import time
import uuid
import warnings
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from experiments.shared.limits import MAX_WORKERS
from sim.errors import InputError

LOCAL = "local:"
_COUNT = re.compile(r"^[0-9]{1,6}$")
MAX_ADDRESS = 1_000
"""Longest scheduler address accepted (``tcp://HOST:PORT`` is far shorter)."""
INSTALL = "pip install 'stoneage-mammoth-herd[dask]'"
_EXPERIMENTS = Path(__file__).resolve().parent.parent


def parse_target(spec: str) -> int | str:
    """Read a ``--dask`` value: ``local:N`` gives N workers to start, anything else an address.

    Parameters
    ----------
    spec : str
        ``local:N`` or a scheduler address (``tcp://HOST:PORT``).

    Returns
    -------
    int or str
        N, or the address.

    Raises
    ------
    InputError
        For ``local:`` without a whole number of workers from 1 to
        :data:`~experiments.shared.limits.MAX_WORKERS`, or an empty address.
    """
    spec = str(spec).strip()
    if spec.startswith(LOCAL):
        count = spec[len(LOCAL) :].strip()
        if not _COUNT.match(count) or not 1 <= int(count) <= MAX_WORKERS:
            shown = count if len(count) <= 24 else count[:21] + "..."
            raise InputError(
                f"--dask local:N needs a whole number of workers from 1 to {MAX_WORKERS}, "
                f"not {shown!r}"
            )
        return int(count)
    if not spec:
        raise InputError("--dask needs a scheduler address (tcp://HOST:PORT) or local:N")
    if "\0" in spec or len(spec) > MAX_ADDRESS:
        raise InputError(f"--dask needs a scheduler address (tcp://HOST:PORT), not {spec[:24]!r}")
    return spec


def code_identity() -> dict[str, str]:
    """What a worker must share with the client: hashes of the kernels' and experiments' code.

    Returns
    -------
    dict
        ``kernels``: the source hash naming numba's cache folder (:mod:`sim` and
        :mod:`strategies`); ``experiments``: the same kind of hash over :mod:`experiments`.
    """
    from sim import _cache

    digest = hashlib.sha256()
    for path in sorted(_EXPERIMENTS.rglob("*.py")):
        digest.update(str(path.relative_to(_EXPERIMENTS)).encode())
        digest.update(path.read_bytes())
    return {"kernels": _cache.source_hash(), "experiments": digest.hexdigest()[:16]}


def _differences(found: dict, expected: dict) -> str:
    return ", ".join(
        f"{part} code {found.get(part)} on the worker, {expected[part]} here"
        for part in expected
        if found.get(part) != expected[part]
    )


def _refusal(worker: str, found: dict, expected: dict) -> str:
    return (
        f"refused Dask worker {worker}: its project code differs from this one "
        f"({_differences(found, expected)}); install the same version on every worker"
    )


# --- run on the workers (module-level, so they travel by reference) ------------------------


@lru_cache(maxsize=1)
def _loaded_identity() -> dict[str, str]:
    return code_identity()  # once per worker process: the code it imported stays the same


def checked(expected: dict, function, *args):
    """On a worker: run ``function(*args)`` if this worker's code is the client's, else refuse.

    Raises
    ------
    InputError
        This worker's :func:`code_identity` (read at its first task) differs from ``expected``.
    """
    found = _loaded_identity()
    if found != expected:
        from distributed import get_worker

        raise InputError(_refusal(get_worker().address, found, expected))
    return function(*args)


def worker_identity() -> dict[str, str]:
    """On a worker: its :func:`code_identity`."""
    return code_identity()


def use_cache_root(root: str) -> str:
    """On a worker: keep numba's cache under ``root/<source hash>``; return that folder.

    It applies to the kernels the worker has not loaded yet (a fresh worker: all of them).
    """
    from sim import _cache

    folder = str(Path(root) / _cache.source_hash())
    os.environ["NUMBA_CACHE_DIR"] = folder
    return _cache.configure_numba_cache()


def kernel_state(heavy: bool, names: tuple[str, ...] = ()) -> tuple[bool, float]:
    """On a worker: whether its numba cache holds the kernel, and what a cold compile costs.

    Parameters
    ----------
    heavy : bool
        The kernel with the heavy strategies (:func:`strategies.registry.kernel`), or the light
        one.
    names : tuple of str
        The run's strategies when it plays plugins (whose kernel is its own), else empty.

    Returns
    -------
    tuple
        ``(cached, seconds)`` of :func:`strategies.compiling.kernel_status`: ``seconds`` is the
        expected CPU time of a cold compile on this worker's machine.
    """
    from strategies.compiling import kernel_status
    from strategies.registry import resolve

    if names:
        status = kernel_status([resolve(name) for name in names])
    else:
        status = kernel_status(heavy=heavy)
    return status.cached, status.seconds


def ready_kernel(heavy: bool, names: tuple[str, ...] = ()) -> tuple[float | None, float]:
    """On a worker: compile the kernel, or load it from the cache, playing no game.

    Through :func:`sim.runner.compile_kernel`: under the kernel's lock file, so workers sharing
    a cache folder compile it once (the others wait, then load it), and a compile is recorded
    for the next cold start's estimate.

    Parameters
    ----------
    heavy : bool
        The kernel with the heavy strategies, or the light one.
    names : tuple of str
        The run's strategies when it plays plugins (whose kernel is its own), else empty.

    Returns
    -------
    tuple
        ``(compiled, seconds)``: CPU seconds of the compile (None when the worker loaded it)
        and the wall seconds it took, waiting included.
    """
    from sim.runner import compile_kernel
    from strategies.registry import kernel, kernel_for, resolve

    started = time.perf_counter()
    module = kernel_for([resolve(n) for n in names]) if names else kernel(heavy=heavy)
    compiled = compile_kernel(module)
    return compiled, time.perf_counter() - started


def plugin_origins(players: list[tuple[str, str]]) -> list[str]:
    """On a worker: where each ``(role, name)`` player comes from here (its
    :attr:`~strategies.plugins.Plugin.origin`), ``missing`` or the line that refuses it."""
    from strategies import plugins
    from strategies.registry import builtin_names

    found = []
    for role, name in players:
        try:
            plugin = plugins.find(role, name, builtin_names()[role])
        except InputError as error:
            found.append(str(error))
        else:
            found.append("missing" if plugin is None or plugin.registered else plugin.origin)
    return found


def _workers(count: int) -> str:
    return f"{count} Dask worker" + ("" if count == 1 else "s")


# --- the client side ------------------------------------------------------------------------


def _distributed():
    try:
        import distributed
    except ImportError as error:
        raise InputError(f"--dask needs dask and distributed ({error}): {INSTALL}") from None
    return distributed


class DaskBackend:
    """Tasks on a Dask cluster, through a ``distributed.Client`` (see the module docstring).

    Parameters
    ----------
    client : distributed.Client
        The connected client.
    cluster : distributed.LocalCluster, optional
        A cluster this backend started; :meth:`close` stops it.
    say : callable, optional
        Prints one line for the user (the kernel's compile, the workers).
    shared_cache : bool
        The workers share one numba cache folder: one compiles, the others load.
    """

    def __init__(self, client, cluster=None, say=None, shared_cache: bool = False):
        self.client = client
        self.cluster = cluster
        self.say = say or (lambda line: None)
        self.shared_cache = shared_cache
        self.identity = code_identity()
        self._prepared: set[tuple[bool, tuple[str, ...]]] = set()

    @property
    def workers(self) -> list[str]:
        """The addresses of the workers connected now."""
        return sorted(self.client.nthreads())

    @property
    def slots(self) -> int:
        """Tasks the cluster runs at once: its worker threads (at least 1)."""
        return max(1, sum(self.client.nthreads().values()))

    @property
    def dashboard(self) -> str | None:
        """The scheduler's dashboard address, or None when it serves none."""
        services = self.client.scheduler_info().get("services", {})
        return self.client.dashboard_link if "dashboard" in services else None

    def check_workers(self, timeout: float = 60.0, cache_root: str | None = None) -> None:
        """Wait for a worker, refuse any whose code differs, point their cache at ``cache_root``.

        Raises
        ------
        InputError
            No worker within ``timeout`` seconds; a worker that cannot import the project or
            runs other code.
        """
        distributed = _distributed()
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, distributed.TimeoutError):
            raise InputError(
                f"no Dask worker joined the scheduler at {self.client.scheduler.address} "
                f"within {timeout:.0f} s"
            ) from None
        try:
            found = self.client.run(worker_identity)
        except Exception as error:  # the worker's own error: a missing project, a failed import
            raise InputError(
                f"a Dask worker cannot run the project ({type(error).__name__}: {error}); "
                "install it on every worker"
            ) from None
        for worker, identity in sorted(found.items()):
            if identity != self.identity:
                raise InputError(_refusal(worker, identity, self.identity))
        if cache_root:
            self.client.run(use_cache_root, cache_root)

    def check_plugins(self, played) -> None:
        """Refuse a run whose plugins some worker lacks or has in another version.

        Parameters
        ----------
        played : list of strategies.plugins.Plugin
            The plugins the run plays.

        Raises
        ------
        InputError
            For a player registered in this process only (a worker never has it), or the first
            worker that lacks a plugin, has another version or refuses it.
        """
        if not played:
            return
        registered = [p.name for p in played if p.registered]
        if registered:
            raise InputError(
                f"{', '.join(registered)}: registered in this process only, so no Dask worker "
                "has it; install it as a plugin on every worker (docs/adding_a_strategy.md)"
            )
        players = [(p.role, p.name) for p in played]
        found = self.client.run(plugin_origins, players)
        for worker, origins in sorted(found.items()):
            for plugin, origin in zip(played, origins, strict=True):
                if origin != plugin.origin:
                    here = "lacks it" if origin == "missing" else f"has {origin}"
                    raise InputError(
                        f"Dask worker {worker} cannot play {plugin.name!r} ({plugin.origin} "
                        f"here; the worker {here}): install the plugin on every worker"
                    )

    def prepare(self, seats) -> None:
        """Have the kernel for ``seats`` compiled or loaded on every worker, and say so.

        Every worker readies it at once (:func:`ready_kernel`); with a shared cache folder the
        kernel's lock file lets one compile while the others wait and then load it, otherwise
        every cold worker compiles its own. The line before says on how many workers it
        compiles and about how long that takes; the line after, how long it took.

        Parameters
        ----------
        seats : iterable
            The strategies the run plays (anything with ``base_id`` and ``taming_id``).
        """
        from strategies.registry import needs_heavy, plugins_played

        seats = list(seats)
        played = plugins_played(seats)
        self.check_plugins(played)
        heavy = needs_heavy(seats)
        names = tuple(sorted({s.name for s in seats})) if played else ()
        if (heavy, names) in self._prepared:
            return
        workers = self.workers
        states = self.client.run(kernel_state, heavy, names, workers=workers)
        cold = [w for w in workers if w in states and not states[w][0]]
        name = "the game kernel with the heavy strategies" if heavy else "the game kernel"
        if cold:
            seconds = max(5, int(5 * round(max(states[w][1] for w in cold) / 5)))
            how = "one compiles into the shared cache" if self.shared_cache else "once per worker"
            self.say(
                f"compiling {name} on {len(cold)} of {_workers(len(workers))} "
                f"(about {seconds} s, {how})"
            )
        started = time.perf_counter()
        futures = [
            self.client.submit(
                ready_kernel,
                heavy,
                names,
                workers=[w],
                allow_other_workers=True,  # if w leaves, another worker readies it instead
                pure=False,
                key=f"kernel-{uuid.uuid4().hex[:12]}",
            )
            for w in workers
        ]
        done = self.client.gather(futures)
        compiled = [seconds for cpu, seconds in done if cpu is not None]
        loaded = [seconds for cpu, seconds in done if cpu is None]
        parts = [
            f"{verb} on {len(group)} in {max(group):.0f} s"
            for verb, group in (("compiled", compiled), ("loaded", loaded))
            if group
        ]
        self.say(
            f"{name} ready on {_workers(len(workers))} ({', '.join(parts)}; "
            f"{time.perf_counter() - started:.0f} s in all)"
        )
        self._prepared.add((heavy, names))

    def submit(self, function, *args):
        """Start ``function(*args)`` on a worker whose code is checked first; return its future."""
        key = f"chunk-{uuid.uuid4().hex[:16]}"
        return self.client.submit(checked, self.identity, function, *args, key=key, pure=False)

    def wait_any(self, futures) -> set:
        """Block until at least one future is done; return the done ones."""
        return set(_distributed().wait(futures, return_when="FIRST_COMPLETED").done)

    def lost(self, error: BaseException) -> bool:
        """Whether the task failed because its workers died (the scheduler gave up on it)."""
        from distributed.scheduler import KilledWorker

        return isinstance(error, KilledWorker)

    def cancel(self, futures) -> None:
        """Cancel the futures (queued or running)."""
        self.client.cancel(list(futures))

    def close(self) -> None:
        """Close the client, and stop the cluster if this backend started it."""
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self) -> DaskBackend:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@contextmanager
def _workers_ignore_ctrl_c():
    """Start processes that ignore Ctrl-C (SIGINT), as inherited by the processes spawned here.

    Ctrl-C in a terminal reaches every process of the foreground group: local workers would die
    with a traceback each. Ignoring it, they leave the client to cancel the chunks in flight and
    stop them.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def local_cluster(workers: int, dashboard: bool = False, env: dict | None = None):
    """Start a ``LocalCluster`` of worker processes, one thread each, on 127.0.0.1.

    Parameters
    ----------
    workers : int
        Worker processes.
    dashboard : bool
        Serve the dashboard (on port 8787, or another one when that is taken).
    env : dict, optional
        Environment variables of the worker processes (e.g. ``NUMBA_CACHE_DIR``).

    Returns
    -------
    distributed.LocalCluster
        The workers ignore Ctrl-C and log only errors; the caller closes the cluster.
    """
    import distributed

    with _workers_ignore_ctrl_c(), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Port .* is already in use", category=UserWarning)
        return distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=":8787" if dashboard else None,
            scheduler_kwargs=None if dashboard else {"dashboard_address": ":0"},  # no port 8787
            env=env or {},
            silence_logs=logging.ERROR,  # not the warnings of chunks cancelled by Ctrl-C
        )


def connect(
    spec: str,
    numba_cache: str | None = None,
    say=None,
    dashboard: bool = True,
    worker_timeout: float = 60.0,
) -> DaskBackend:
    """Open a :class:`DaskBackend` on ``--dask SPEC`` and check its workers.

    Parameters
    ----------
    spec : str
        A scheduler address (``tcp://HOST:PORT``) or ``local:N`` (start N worker processes here).
    numba_cache : str, optional
        A folder the workers share for numba's cache (``ROOT/<source hash>`` is used).
    say : callable, optional
        Prints one line for the user.
    dashboard : bool
        Serve the dashboard of a local cluster (an existing scheduler serves its own).
    worker_timeout : float
        Seconds to wait for the first worker of an existing scheduler.

    Returns
    -------
    DaskBackend

    Raises
    ------
    InputError
        A bad SPEC, dask not installed, an unreachable scheduler, no worker, a worker refused.
    """
    target = parse_target(spec)
    distributed = _distributed()
    root = str(Path(numba_cache).expanduser().resolve()) if numba_cache else None
    cluster = None
    if isinstance(target, int):
        from sim import _cache

        env = {"NUMBA_CACHE_DIR": str(Path(root) / _cache.source_hash())} if root else {}
        try:
            cluster = local_cluster(target, dashboard, env)
        except (OSError, TimeoutError, RuntimeError) as error:
            raise InputError(f"could not start {target} local Dask workers: {error}") from None
    try:
        client = distributed.Client(cluster if cluster is not None else target)
    except Exception as error:  # distributed's own errors for a bad or silent address
        if cluster is not None:
            cluster.close()
        raise InputError(f"cannot reach the Dask scheduler at {spec}: {error}") from None
    # a local cluster's workers inherit this process's cache folder: it is shared
    backend = DaskBackend(client, cluster, say, shared_cache=bool(root) or cluster is not None)
    try:
        backend.check_workers(worker_timeout, root if cluster is None else None)
    except BaseException:
        backend.close()
        raise
    return backend


__all__ = ["DaskBackend", "code_identity", "connect", "local_cluster", "parse_target"]
