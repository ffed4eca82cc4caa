"""Where numba keeps its compiled kernels.

numba's cache checks only the timestamp of the file that defines a function, not of the files it
calls into; a kernel compiled against an older strategy would be reused silently. So the cache
folder is named after a hash of every Python source of the kernel packages (sim, strategies).
"""

from __future__ import annotations

import hashlib
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
_PACKAGES = ("sim", "strategies")  # the packages that hold numba kernels


def source_hash() -> str:
    """Return a short hash of the project's Python sources.

    Returns
    -------
    str
        16 hexadecimal digits; it changes whenever any ``.py`` file of the packages changes.
    """
    digest = hashlib.sha256()
    for package in _PACKAGES:
        folder = _ROOT / package
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.py")):
            digest.update(str(path.relative_to(_ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """Return the folder that holds every numba cache generation of this project."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "stoneage-mammoth" / "numba"


def configure_numba_cache() -> str:
    """Point numba's cache at a folder keyed on the source hash, unless the user chose one.

    Returns
    -------
    str
        The cache folder in use.
    """
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if not chosen:
        chosen = str(cache_root() / source_hash())
        os.environ["NUMBA_CACHE_DIR"] = chosen
    import sys

    if "numba" in sys.modules:  # imported earlier (a notebook): tell numba's live config too
        sys.modules["numba"].config.CACHE_DIR = chosen
    return chosen


@contextmanager
def file_lock(path: str | Path):
    """Hold an exclusive advisory lock on ``path`` (created if missing; a no-op without fcntl).

    Parameters
    ----------
    path : str or Path
        The lock file.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def lock_cache_saves() -> None:
    """Make numba's cache saves atomic across processes sharing the cache folder.

    numba saves a compiled function by reading its index file, picking the first free data file
    name and writing the index, then the data, with no lock (numba#10128). Two processes saving
    different signatures of one function at the same moment can both pick ``.1`` and leave an
    index that points at the other's machine code, which a later process loads and runs. The
    project's process pools and parallel test workers share one cache folder, so under the
    folder in use (``NUMBA_CACHE_DIR``) a save holds a lock per index file. Saves elsewhere (other
    packages' caches) are left as numba does them. :mod:`sim.jit` installs it (it imports numba
    anyway; ``import sim`` alone stays light for the CLI's start).
    """
    from numba.core import caching

    original = caching.IndexDataCacheFile.save
    if getattr(original, "_mammoth_locked", False):
        return

    def save(self, key, data):
        folder = os.environ.get("NUMBA_CACHE_DIR")
        if not folder or not os.path.abspath(self._index_path).startswith(
            os.path.abspath(folder) + os.sep
        ):
            return original(self, key, data)
        with file_lock(self._index_path + ".lock"):
            return original(self, key, data)

    save._mammoth_locked = True
    caching.IndexDataCacheFile.save = save


def clear_cache() -> list[str]:
    """Delete every cache generation this project made under its own cache root.

    A folder the user chose with ``NUMBA_CACHE_DIR`` is left alone: it may hold other caches.

    Returns
    -------
    list of str
        The folders removed.
    """
    root = cache_root()
    if not root.exists():
        return []
    shutil.rmtree(root, ignore_errors=True)
    return [str(root)]
