"""The simulation engine for Stone Age and The Mammoth Herd.

Importing this package points numba's on-disk cache at a folder keyed on a hash of the project's
sources (numba does not notice edits in other files), unless ``NUMBA_CACHE_DIR`` is set already.
"""

from sim._cache import configure_numba_cache

ENGINE_VERSION = 2
"""The behaviour version of the simulation: raised by one whenever a game of the same seed and
line-up plays differently (a rule, the engine, a shipped strategy's play or parameters) or the
way games are played from Python changes. Every ``run.json`` records it, so results of two
versions are never mistaken for one another. ``tests/test_engine_version.py`` fails when play
changes and this does not (it replays the golden games of ``tests/golden/engine_version.json``
and says how to record them again).

Versions: 1, the first recorded; 2, the shipped card is derived by ``mammoth derive-card`` (its
play changed at every table size), ``ev`` and ``majority`` take a herd ``weight`` and the card
one table size's ``seek_N``, ``weight_N`` and ``commit_N`` (parameter rows one entry longer).
"""

configure_numba_cache()

__all__ = ["ENGINE_VERSION", "configure_numba_cache"]
