"""How the hot kernels are compiled.

numba counts a reference for every array an njit function passes to another, twice per array
per call; with the game state and a hook's arrays that is most of the cost of a decision. The
functions of the game loop and the strategies allocate nothing, so they are compiled without
numba's reference counting (``_nrt=False``: numba then refuses at compile time any function that
would allocate, so the flag cannot hide a leak). Functions that allocate use plain ``njit``.
"""

from __future__ import annotations

from numba import njit

_FLAGS = {"cache": True, "_nrt": False, "error_model": "numpy"}


def hot(func=None, *, inline: bool = False):
    """Compile an allocation-free kernel function (cached, no reference counting).

    Parameters
    ----------
    func : callable, optional
        The function (when used as ``@hot``).
    inline : bool
        Inline it into its callers at numba's IR level (for small helpers).

    Returns
    -------
    numba dispatcher, or a decorator when ``func`` is None.
    """
    options = dict(_FLAGS)
    if inline:
        options["inline"] = "always"
    if func is None:
        return njit(**options)
    return njit(**options)(func)
