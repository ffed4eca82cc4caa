"""Make the compiled game kernels ready: what a run plays, compiled once, side by side.

A :class:`Target` is one entry of one kernel variant: the light kernel (every strategy but the
:data:`~strategies.registry.HEAVY` search) or the heavy one, and its ``play_rows`` (whole games)
or ``advise_rows`` (games whose taming decisions are played out). Each target compiles on its
own the first time a process calls it, then loads from numba's on-disk cache in about a second.

numba compiles under a lock of its own process, so two targets compile at once only in two
processes; but two entries of one kernel share most of their compiled functions, and side by
side each process would compile those again. So :func:`warm` compiles a run's targets in one
process per kernel variant (:func:`chains`): a kernel's entries one after the other (the later
ones load the shared functions from the cache), different kernels side by side.
:func:`start_warming` does so in the background while the caller goes on with work that needs
no kernel (or plays the entries already ready), and :meth:`Warming.wait` blocks until a target
is ready. Every later process sharing the cache folder (pool workers, test workers, Dask workers
on the machine) loads the targets instead of compiling them again. Each target compiles under
its own lock file (:func:`sim.kernel.compile_lock`), so no two processes compile one target.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

from sim.kernel import compile_estimate, is_cached
from strategies.registry import kernel, kernel_for, needs_heavy, plugins_played, resolve

ENTRIES = {"play": "play_rows", "advise": "advise_rows", "analyse": "analyse_rows"}
"""The kernel entries a run plays, by short name: whole games, games whose decisions are played
out, and a position's options played out (``mammoth analyse``)."""

COMPILE_SECONDS = {
    (False, "play"): 40.0,
    (False, "advise"): 25.0,
    (True, "play"): 80.0,
    (True, "advise"): 45.0,
    (False, "analyse"): 25.0,
    (True, "analyse"): 45.0,
}
"""CPU seconds of a cold compile of each target (heavy, entry) on the reference machine (2 cores,
shared), ``advise`` with the same kernel's ``play`` compiled before it (:func:`chains`), used
until this machine has compiled it once (then the recorded time of its last compile is used,
:func:`sim.kernel.compile_estimate`)."""


@dataclass(frozen=True, order=True)
class Target:
    """One entry (``play`` or ``advise``) of the light or heavy game kernel."""

    heavy: bool = False
    entry: str = "play"

    def __post_init__(self):
        if self.entry not in ENTRIES:
            raise ValueError(f"a kernel entry is one of {', '.join(ENTRIES)}, not {self.entry!r}")

    @property
    def label(self) -> str:
        """``light kernel, play`` and the like."""
        return f"{'heavy' if self.heavy else 'light'} kernel, {self.entry}"


DEMO = (Target(False, "play"), Target(False, "advise"))
"""What ``mammoth demo`` plays: the light kernel's games and play-outs (no search)."""
TESTS = (
    Target(False, "play"),
    Target(False, "advise"),
    Target(False, "analyse"),
    Target(True, "play"),
)
"""What the tests play: the default run the light kernel's games, the ``heavy_kernel`` tier the
heavy kernel's games and the light kernel's other entries (decisions played out, positions
analysed; the heavy kernel's play-outs only in ``slow`` tests)."""


def is_ready(target: Target) -> bool:
    """Whether the target is compiled in this process or in numba's on-disk cache."""
    return is_cached(kernel(heavy=target.heavy), ENTRIES[target.entry])


def estimate(target: Target) -> float:
    """CPU seconds a cold compile of the target is expected to take on this machine."""
    module = kernel(heavy=target.heavy)
    return compile_estimate(
        module, COMPILE_SECONDS[target.heavy, target.entry], ENTRIES[target.entry]
    )


def wait_estimate(targets) -> float:
    """Seconds until these targets are ready when warmed side by side (:func:`warm`): the
    longest chain's estimates added up."""
    groups = chains(targets)
    return max((sum(estimate(t) for t in group) for group in groups), default=0.0)


def compile_target(target: Target) -> float | None:
    """Compile the target in this process (or load it from the cache), playing no game.

    Returns
    -------
    float or None
        CPU seconds the compile took; None when it was compiled or cached already.
    """
    from sim.advising import compile_advice
    from sim.analysing import compile_analysis
    from sim.runner import compile_kernel

    module = kernel(heavy=target.heavy)
    compile_entry = {"play": compile_kernel, "advise": compile_advice, "analyse": compile_analysis}
    return compile_entry[target.entry](module)


_CHILD = "import sys\nfrom strategies.compiling import _child\n_child(sys.argv[1:])\n"


def _child(argv: list[str]) -> None:
    """A warming process: compile its targets (``light:play`` and the like) in order, printing
    ``HEAVY ENTRY CPU_SECONDS WALL_SECONDS`` as each is ready (``- -`` when it was cached)."""
    for word in argv:
        kind, entry = word.split(":")
        target = Target(kind == "heavy", entry)
        wall = time.perf_counter()
        cpu = compile_target(target)
        wall = time.perf_counter() - wall
        times = "- -" if cpu is None else f"{cpu:.3f} {wall:.3f}"
        print(f"{kind} {entry} {times}", flush=True)


@dataclass(frozen=True)
class Compiled:
    """What warming a target did: ``cpu`` and ``wall`` seconds of its compile (None: cached)."""

    target: Target
    cpu: float | None
    wall: float | None


def chains(targets) -> list[list[Target]]:
    """The targets grouped into one chain per kernel variant, each in the order given.

    A kernel's entries share most of their compiled functions: one process compiling them one
    after the other compiles the shared ones once (the later entries load them from the cache),
    where two processes side by side would both compile them. Different kernels go to
    different processes, side by side.
    """
    grouped: dict[bool, list[Target]] = {}
    for target in dict.fromkeys(targets):
        grouped.setdefault(target.heavy, []).append(target)
    return list(grouped.values())


class _Chain:
    """One warming process and the targets it has reported ready."""

    def __init__(self, targets: list[Target], env: dict | None):
        self.targets = list(targets)
        words = [f"{'heavy' if t.heavy else 'light'}:{t.entry}" for t in self.targets]
        # errors to a file, not a pipe: a child's warnings must never fill a pipe nobody reads
        self.errors = tempfile.TemporaryFile(mode="w+t")
        self.process = subprocess.Popen(
            [sys.executable, "-c", _CHILD, *words],
            stdout=subprocess.PIPE,
            stderr=self.errors,
            text=True,
            env=env,
        )
        self.done: dict[Target, Compiled] = {}

    def wait(self, target: Target | None = None) -> None:
        """Read the process's lines until ``target`` (None: every target) is ready.

        Raises
        ------
        RuntimeError
            The process ended before (its last line of error).
        """
        while (target is None and len(self.done) < len(self.targets)) or (
            target is not None and target not in self.done
        ):
            line = self.process.stdout.readline()
            if not line:
                self.process.wait()
                self.errors.seek(0)
                err = self.errors.read().strip().splitlines() or ["no message"]
                missing = [t for t in self.targets if t not in self.done]
                raise RuntimeError(f"compiling the {missing[0].label} failed: {err[-1]}")
            kind, entry, cpu, wall = line.split()
            ready = Target(kind == "heavy", entry)
            self.done[ready] = Compiled(
                ready, None if cpu == "-" else float(cpu), None if wall == "-" else float(wall)
            )
        if len(self.done) == len(self.targets):
            self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()
        self.errors.close()


class Warming:
    """Targets compiling in background processes (:func:`start_warming`)."""

    def __init__(self, groups: list[list[Target]], env: dict | None = None):
        self._chains = [_Chain(group, env) for group in groups if group]

    @property
    def compiling(self) -> list[Target]:
        """The targets not yet reported ready."""
        return [t for c in self._chains for t in c.targets if t not in c.done]

    def wait(self, target: Target | None = None) -> list[Compiled]:
        """Block until ``target`` (default: every target) is ready; what is ready so far.

        Raises
        ------
        RuntimeError
            A warming process failed (its last line of error).
        """
        for chain in self._chains:
            if target is None:
                chain.wait()
            elif target in chain.targets:
                chain.wait(target)
        return [done for chain in self._chains for done in chain.done.values()]

    def stop(self) -> None:
        """End the processes still compiling (on an error or Ctrl-C in the caller)."""
        for chain in self._chains:
            chain.stop()


def start_warming(targets, env: dict | None = None) -> Warming:
    """Start compiling the targets that are not ready, in background processes: one per kernel
    variant (:func:`chains`), side by side.

    The caller goes on with work that needs none of them and calls :meth:`Warming.wait` before
    it plays one.

    Parameters
    ----------
    targets : iterable of Target
        In the order they will be needed.
    env : dict, optional
        The processes' environment (default: this one's).

    Returns
    -------
    Warming
    """
    return Warming(chains(t for t in targets if not is_ready(t)), env)


def warm(targets) -> list[Compiled]:
    """Compile the targets now: one process per kernel variant, side by side (:func:`chains`).

    Parameters
    ----------
    targets : iterable of Target

    Returns
    -------
    list of Compiled
        One per target, in the order given; ``cpu`` None for a target that was ready.
    """
    targets = list(dict.fromkeys(targets))
    warming = start_warming(targets)
    try:
        done = {c.target: c for c in warming.wait()}
    finally:
        warming.stop()
    return [done.get(t, Compiled(t, None, None)) for t in targets]


@dataclass(frozen=True)
class ColdStart:
    """A cold start measured (:func:`cold_start`): each target's compile and the whole's wall."""

    compiled: list[Compiled]
    wall: float  # seconds from the processes' start until every target was ready

    @property
    def cpu(self) -> float:
        """CPU seconds of every compile added up."""
        return sum(c.cpu or 0.0 for c in self.compiled)


def cold_start(targets) -> ColdStart:
    """Measure a cold start: the targets compiled as :func:`warm` does, into an empty cache.

    For ``mammoth bench``. The processes get a temporary ``NUMBA_CACHE_DIR``, deleted after: the
    cache in use is not touched (and this process's own compiled code is not asked whether a
    target is ready).

    Parameters
    ----------
    targets : iterable of Target

    Returns
    -------
    ColdStart
    """
    targets = list(dict.fromkeys(targets))
    with tempfile.TemporaryDirectory(prefix="mammoth-cold-") as cache:
        started = time.perf_counter()
        warming = Warming(chains(targets), dict(os.environ, NUMBA_CACHE_DIR=cache))
        try:
            done = {c.target: c for c in warming.wait()}
        finally:
            warming.stop()
        wall = time.perf_counter() - started
    return ColdStart([done[t] for t in targets], wall)


@dataclass(frozen=True)
class KernelStatus:
    """Whether the kernel a run needs is compiled, and how long compiling it would take."""

    heavy: bool
    cached: bool  # compiled in this process or in numba's on-disk cache: loads in about 1 s
    seconds: float  # expected CPU seconds of a cold compile on this machine


def kernel_status(slots=None, heavy: bool | None = None, entry: str = "play") -> KernelStatus:
    """Say, before compiling anything, whether a run's kernel is ready and what a compile costs.

    Parameters
    ----------
    slots : iterable, optional
        The run's strategies (anything with ``base_id``/``taming_id``, e.g.
        :func:`~strategies.registry.resolve`'s answers): the light kernel unless one is heavy.
    heavy : bool, optional
        Ask about the light (False) or heavy (True) kernel instead of giving ``slots``.
    entry : str
        The entry the run plays (a key of :data:`ENTRIES`).

    Returns
    -------
    KernelStatus
    """
    slots = list(slots or [])
    if heavy is None:
        heavy = needs_heavy(slots)
    target = Target(heavy, entry)
    if slots and plugins_played(slots):  # a kernel of its own (registry.kernel_for)
        module, entry = kernel_for(slots), ENTRIES[target.entry]
        default = COMPILE_SECONDS[heavy, target.entry]
        cached = is_cached(module, entry)
        return KernelStatus(heavy, cached, compile_estimate(module, default, entry))
    return KernelStatus(heavy, is_ready(target), estimate(target))


def compile_notice(strategies=None, heavy: bool | None = None, entry: str = "play") -> str | None:
    """The line to print before a run whose game kernel is not compiled yet (else None).

    Parameters
    ----------
    strategies : str or list of str, optional
        The run's strategy names (as for :func:`~strategies.registry.resolve`); the default is
        the light kernel.
    heavy : bool, optional
        Ask about the light (False) or heavy (True) kernel instead.
    entry : str
        The entry the run plays (a key of :data:`ENTRIES`).

    Returns
    -------
    str or None
        ``"compiling the game kernel (first run on this machine, about N s; cached afterwards)"``
        or None when the kernel loads from the cache.

    Raises
    ------
    InputError
        For an unknown strategy name.
    """
    if heavy is None:
        names = [strategies] if isinstance(strategies, str) else list(strategies or [])
        status = kernel_status([resolve(name) for name in names], entry=entry)
    else:
        status = kernel_status(heavy=heavy, entry=entry)
    if status.cached:
        return None
    seconds = max(5, int(5 * round(status.seconds / 5)))
    return (
        f"compiling the game kernel (first run on this machine, about {seconds} s; "
        "cached afterwards)"
    )
