"""Writing results: atomic files and the ``run.json`` metadata every output carries.

Every file is written to a temporary file in the target folder and moved into place with
:func:`os.replace`, so a reader never sees half a file and an interrupted run leaves the old one.

Every file is also proven to lie inside the folder a command writes into: a command runs its
writers inside :func:`writing_inside` (its ``--out``), and :func:`atomic_write` (through
:func:`inside`) refuses any path that resolves outside it: a name from data (an experiment's
``name``) never becomes a path elsewhere.
"""

from __future__ import annotations

import json
import os
import platform
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from sim import ENGINE_VERSION
from sim.errors import InputError
from sim.rules import Rules

DISTRIBUTION = "stoneage-mammoth-herd"
_REPO_ROOT = Path(__file__).resolve().parent.parent.parent
_VERSIONED = (DISTRIBUTION, "numpy", "numba", "pandas", "pyarrow", "matplotlib", "click")


_WRITE_ROOT: ContextVar[Path | None] = ContextVar("write_root", default=None)


@contextmanager
def writing_inside(root: str | os.PathLike) -> Iterator[Path]:
    """Within the block, every path :func:`inside` checks must lie inside ``root``.

    Parameters
    ----------
    root : path-like
        The folder a command writes into (its ``--out``); it need not exist yet.

    Yields
    ------
    pathlib.Path
        ``root``, resolved.
    """
    resolved = Path(root).resolve()
    token = _WRITE_ROOT.set(resolved)
    try:
        yield resolved
    finally:
        _WRITE_ROOT.reset(token)


def inside(path: str | os.PathLike, root: str | os.PathLike | None = None) -> Path:
    """Return ``path`` once proven to lie inside ``root`` (default: :func:`writing_inside`'s).

    The path is resolved (symbolic links followed, ``..`` removed) and must be ``root`` or below
    it. Without a root (no :func:`writing_inside` block and none given) any path passes.

    Raises
    ------
    InputError
        When ``path`` resolves outside ``root``.
    """
    path = Path(path)
    base = Path(root).resolve() if root is not None else _WRITE_ROOT.get()
    if base is None:
        return path
    resolved = path.resolve()
    if resolved != base and base not in resolved.parents:
        raise InputError(f"refusing to write {str(path)!r}: it lies outside {str(base)!r}")
    return path


def writable_folder(folder: str | os.PathLike, keep: bool = True) -> Path:
    """Make ``folder`` (and any missing parent) and prove a file can be written in it.

    A command that prints or starts anything before its first write calls this first, so an
    output folder it cannot write is refused in one line before anything else is said or run.
    The probe is a nameless temporary file, gone when it closes; a refused folder leaves nothing
    behind (the folders made for the probe are removed again).

    Parameters
    ----------
    folder : path-like
        The output folder (``--out``).
    keep : bool
        Keep the folders made for the probe (else they are removed again: a check that
        changes nothing, for a command that may still refuse before it writes).

    Returns
    -------
    pathlib.Path
        ``folder``.

    Raises
    ------
    InputError
        When the folder cannot be made or written into (read-only, no permission, ...).
    """
    folder = Path(folder)
    made = [p for p in (folder, *folder.parents) if not p.exists()]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        for path in made:  # deepest first: only the folders made here, and only if empty
            try:
                path.rmdir()
            except OSError:
                pass
        reason = exc.strerror or type(exc).__name__
        raise InputError(f"cannot write into the output folder {str(folder)!r}: {reason}") from None
    if not keep:
        for path in made:
            try:
                path.rmdir()
            except OSError:
                pass
    return folder


def atomic_write(path: str | os.PathLike, write: Callable[[Path], None]) -> Path:
    """Write a file atomically: ``write(temporary_path)``, then move it to ``path``.

    Parameters
    ----------
    path : path-like
        The file to create or replace; its folder is created if missing.
    write : callable
        Called with a temporary path in the same folder; must write the whole file there.

    Returns
    -------
    pathlib.Path
        ``path``.

    Raises
    ------
    InputError
        When ``path`` lies outside the folder of :func:`writing_inside`, or its folder cannot be
        made or written into (naming the folder).
    """
    path = inside(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
        )
    except OSError as exc:  # the folder, not the temporary file, is what the user can fix
        reason = exc.strerror or type(exc).__name__
        raise InputError(f"cannot write into the folder {str(path.parent)!r}: {reason}") from None
    os.close(handle)
    try:
        write(Path(temporary))
        os.chmod(temporary, 0o644)  # mkstemp makes the file private
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def write_text(path, text: str) -> Path:
    """Write a UTF-8 text file atomically."""
    return atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def write_json(path, document: dict) -> Path:
    """Write a JSON document atomically (indented, keys in insertion order)."""
    return write_text(path, json.dumps(document, indent=2) + "\n")


def write_csv(path, frame) -> Path:
    """Write a pandas DataFrame as CSV atomically (no index)."""
    return atomic_write(path, lambda tmp: frame.to_csv(tmp, index=False))


def write_parquet(path, frame, meta: dict | None = None) -> Path:
    """Write a pandas DataFrame as Parquet atomically, with ``meta`` in the schema metadata.

    Parameters
    ----------
    path : path-like
        Target file.
    frame : pandas.DataFrame
        The table (its index is dropped).
    meta : dict, optional
        JSON-ready metadata stored under the key ``mammoth`` of the Parquet schema.

    Returns
    -------
    pathlib.Path
        ``path``.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(frame, preserve_index=False)
    if meta is not None:
        merged = dict(table.schema.metadata or {})
        merged[b"mammoth"] = json.dumps(meta).encode()
        table = table.replace_schema_metadata(merged)
    return atomic_write(path, lambda tmp: pq.write_table(table, tmp))


def save_figure(path, figure, **savefig) -> Path:
    """Save a matplotlib figure atomically and close it; the format follows the file's suffix.

    Closing frees the figure at once: a suite writes many in one process.
    """
    import matplotlib.pyplot as plt

    path = Path(path)
    fmt = path.suffix.lstrip(".") or "png"
    try:
        return atomic_write(path, lambda tmp: figure.savefig(tmp, format=fmt, **savefig))
    finally:
        plt.close(figure)


def git_commit(root: str | os.PathLike = _REPO_ROOT) -> str | None:
    """Return the checked-out commit of the project's repository, read from ``.git``.

    Reads the files directly (no ``git`` process); returns None outside a repository.
    """
    git = Path(root) / ".git"
    try:
        if git.is_file():  # a worktree: ".git" names the real folder
            git = (Path(root) / git.read_text().split(":", 1)[1].strip()).resolve()
        head = (git / "HEAD").read_text().strip()
        if not head.startswith("ref:"):
            return head or None
        ref = head.split(":", 1)[1].strip()
        for folder in (git, _common_dir(git)):
            loose = folder / ref
            if loose.is_file():
                return loose.read_text().strip()
            packed = folder / "packed-refs"
            if packed.is_file():
                for line in packed.read_text().splitlines():
                    parts = line.split()
                    if len(parts) == 2 and parts[1] == ref:
                        return parts[0]
    except (OSError, IndexError):
        return None
    return None


def _common_dir(git: Path) -> Path:
    common = git / "commondir"
    return (git / common.read_text().strip()).resolve() if common.is_file() else git


def package_versions() -> dict[str, str | None]:
    """Return the installed versions of this package and its main dependencies, and Python's."""
    versions: dict[str, str | None] = {"python": platform.python_version()}
    for name in _VERSIONED:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def run_metadata(command: str, rules: Rules | None = None, *, kind: str, **extra) -> dict:
    """Return the ``run.json`` document of an output.

    Parameters
    ----------
    command : str
        What produced the output (e.g. ``"contest table"``).
    rules : Rules, optional
        The rules in force (default: ``Rules()``).
    kind : str
        The kind of run that wrote it: the name of its question's folder (``compare``,
        ``commit``, ``contest``...), as an experiment's ``kind``; the report reads a folder's
        section by it (:mod:`experiments.report.report_sections`).
    **extra
        Further JSON-ready entries (seed, sizes, file names...).

    Returns
    -------
    dict
        The command, the kind, the engine's behaviour version (:data:`sim.ENGINE_VERSION`),
        rules, package versions, git commit, time, the plugins this process loaded (when it
        loaded any: each one's name, role, module, distribution and version) and the extra
        entries.
    """
    from strategies.plugins import GROUPS, loaded

    rules = rules or Rules()
    found = [plugin.record() for role in GROUPS for plugin in loaded(role)]
    return {
        "command": command,
        "kind": kind,
        "engine_version": ENGINE_VERSION,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "rules": rules.to_dict(),
        "versions": package_versions(),
        "commit": git_commit(),
        "platform": platform.platform(),
        **({"plugins": found} if found else {}),
        **extra,
    }
