"""The CLI's contract for bad input, as assertions the hostile-input tests share.

Bad input gets exit code 2, one line on stderr (``mammoth: error: ...``), no traceback, and no
file already on disk changes (nor any file appears).
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from click.testing import CliRunner

from experiments.cli import main


def invoke(*args, env: dict | None = None):
    """Run ``mammoth ARGS`` in-process (click's runner; exceptions kept on the result)."""
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """Every file under ``root``: its content hash and modification time."""
    files = {}
    for path in sorted(Path(root).rglob("*")):
        if path.is_file() and not path.is_symlink():
            stat = path.stat()
            files[str(path)] = (hashlib.sha256(path.read_bytes()).hexdigest(), stat.st_mtime_ns)
        else:
            files[str(path)] = ("folder" if path.is_dir() else "other", 0)
    return files


def assert_refused(result, root: Path, before: dict) -> str:
    """Exit 2, one ``mammoth: error:`` line on stderr, no traceback, ``root`` unchanged.

    Returns
    -------
    str
        The error line.
    """
    shown = f"exit {result.exit_code}; output {result.output!r}; exception {result.exception!r}"
    assert result.exit_code == 2, shown
    assert isinstance(result.exception, SystemExit), shown
    assert "Traceback" not in result.output, shown
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("mammoth: error: "), shown
    assert not result.stdout.strip(), shown
    assert snapshot(root) == before, f"files changed: {shown}"
    return lines[0]


def copy_folder(source: Path, target: Path) -> Path:
    """A copy of a result folder to damage."""
    shutil.copytree(source, target)
    return target
