"""The simulation engine for Stone Age and The Mammoth Herd.

Importing this package points numba's on-disk cache at a folder keyed on a hash of the project's
sources (numba does not notice edits in other files), unless ``NUMBA_CACHE_DIR`` is set already.
"""

from sim._cache import configure_numba_cache

configure_numba_cache()

__all__ = ["configure_numba_cache"]
