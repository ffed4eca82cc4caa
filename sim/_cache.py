"""Where numba keeps its compiled kernels.

numba's cache checks only the timestamp of the file that defines a function, not of the files it
calls into; a kernel compiled against an older strategy would be reused silently. So the cache
folder is named after a hash of every Python source of the kernel packages (sim, strategies).
"""

from __future__ import annotations

import hashlib
import os
import shutil
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
