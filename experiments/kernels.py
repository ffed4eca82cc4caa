"""The game kernels compiled ahead of time: which one a run needs, whether it is cached, warm-up.

A minimal stand-in for the compile-time library (a cache check, the compile-time estimate and a
``warm`` over every shipped kernel): it knows the registry's two kernels, the light one and the
one with the heavy strategies (:func:`strategies.registry.kernel`). ``mammoth cache warm`` and the
Dask workers (:mod:`experiments.cluster`) use it.
"""

from __future__ import annotations

import time

COMPILE_MINUTES = 2
"""About how long one kernel takes to compile from cold, in minutes (on one core)."""


def needs_heavy(seats) -> bool:
    """Whether these seats need the kernel with the heavy strategies.

    Parameters
    ----------
    seats : iterable
        Anything with ``base_id`` and ``taming_id`` (resolved strategies or kernel slots).

    Returns
    -------
    bool
        True when :func:`strategies.registry.kernel_for` picks the heavy kernel for them.
    """
    from strategies.registry import kernel, kernel_for

    seats = list(seats)
    return bool(seats) and kernel_for(seats) is not kernel(heavy=False)


def is_cached(heavy: bool) -> bool:
    """Whether numba's cache folder holds the kernel compiled, so loading it takes seconds.

    Parameters
    ----------
    heavy : bool
        The kernel with the heavy strategies, or the light one.

    Returns
    -------
    bool
        True when the cache index of the kernel's entry point has an entry for this source.
    """
    from strategies.registry import kernel

    try:
        index = kernel(heavy=heavy).play_rows._cache._cache_file._load_index()
    except (AttributeError, OSError):  # numba's cache layout is not public: assume cold
        return False
    return bool(index)


def warm(heavy: bool) -> float:
    """Compile (or load from the cache) a kernel and the table code, by playing one game.

    Parameters
    ----------
    heavy : bool
        The kernel with the heavy strategies, or the light one.

    Returns
    -------
    float
        Seconds taken.
    """
    from sim.rules import Rules
    from sim.runner import Slot, play_state, to_frame
    from strategies.registry import kernel, resolve

    started = time.perf_counter()
    seat = resolve("random")  # any strategy: the whole kernel compiles at its first call
    slots = [Slot(seat.name, seat.base_id, seat.taming_id, seat.base_params, seat.taming_params)]
    state = play_state(kernel(heavy=heavy), slots, [0, 0], 1, 2, 0, Rules())
    to_frame(state, slots, [0, 0], 0, False)
    return time.perf_counter() - started


__all__ = ["COMPILE_MINUTES", "is_cached", "needs_heavy", "warm"]
