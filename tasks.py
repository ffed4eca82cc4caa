"""Project tasks that need nothing but Python 3.11+ and git.

Usage: ``python3 tasks.py demo|test|bench|lint|notebooks|answers``. Each task creates ``.venv``
(once), installs the project into it and runs. ``make demo`` etc. are thin aliases for machines
with make.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"


def _run(*args: str | Path, env: dict | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT, env=env)


def _venv(extras: str) -> None:
    if not (BIN / "python").exists():
        _run(sys.executable, "-m", "venv", VENV)
    marker = f"{extras}:{(ROOT / 'pyproject.toml').stat().st_mtime_ns}"
    if STAMP.exists() and STAMP.read_text() == marker:
        return
    _run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", f".{extras}")
    if "dev" in extras:
        _test_only_wheels()
    STAMP.write_text(marker)


TEST_ONLY_WHEELS = ("pygambit",)
"""Test-only packages installed from a wheel or not at all: pygambit's source build takes longer
than a test run, and its cross-check of the meta-game solver skips where it is missing."""


def _test_only_wheels() -> None:
    args = ["-m", "pip", "install", "--quiet", "--only-binary", ":all:", *TEST_ONLY_WHEELS]
    print("+", BIN / "python", *args, flush=True)
    done = subprocess.run([str(BIN / "python"), *args], check=False, cwd=ROOT)
    if done.returncode != 0:
        print(f"no wheel of {', '.join(TEST_ONLY_WHEELS)} here: its cross-check skips", flush=True)


def demo() -> None:
    """Install and run the main job: the contest report in ``results/demo``."""
    _venv("")
    _run(BIN / "mammoth", "demo", "--out", "results/demo")


def test() -> None:
    """Install with the dev extra and run the default test suite with a fresh numba cache
    (``MAMMOTH_TEST_CACHE``, if set, names an empty folder to use instead and keep: CI's demo
    then loads the kernels the tests compiled).

    The tests run on every core (pytest-xdist ``-n auto``; pass ``-n 0`` to run them in one
    process), a test file per worker at a time (``--dist loadfile``: the functions a file's tests
    call from Python are compiled by one worker, not by each). Background processes compile the
    game kernels (one per kernel, light and heavy, side by side) into the run's cache, the
    workers load them from there, and the files that play the heavy kernel run last
    (``tests/conftest.py``). The compile-heavy checks (marked ``heavy_kernel``: those that play
    the heavy kernel, ``search``, some 80 CPU s to compile, those that play the light kernel's
    advice or analysis entry, some 45 CPU s more, those that compile a kernel function as an
    entry of their own, the checks on a local Dask cluster, the notebooks in a Jupyter
    kernel, trainings, the README's longest commands: leagues of hundreds of chunks, the
    advice and the worth at every table size, and the runs killed and resumed in processes, and
    the worth and commit kinds' chunking and worker checks) are a tier of their own,
    ``python3 tasks.py test --heavy``, which CI runs after the default tier; the checks of
    minutes (marked ``slow``: the shipped models rebuilt from their recorded commands, the Dask
    runs of every kind, the bench at a tiny size) are ``python3 tasks.py test --slow``, which CI
    runs last.
    """
    _venv("[dev]")
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="mammoth-numba-") as cache:
        env["NUMBA_CACHE_DIR"] = os.environ.get("MAMMOTH_TEST_CACHE") or cache
        env.setdefault("MPLBACKEND", "Agg")
        _run(BIN / "ruff", "check", ".")
        args = sys.argv[2:]
        tier = "not slow and not heavy_kernel"
        if "--heavy" in args:  # the checks that play the heavy kernel (search): CI's second step
            args = [a for a in args if a != "--heavy"]
            tier = "heavy_kernel and not slow"
        elif "--slow" in args:  # the checks of minutes: CI's third step
            args = [a for a in args if a != "--slow"]
            tier = "slow"
        pytest = [BIN / "python", "-m", "pytest", "-q", "-m", tier, "-n", "auto"]
        pytest += ["--dist", "loadfile"]
        _run(*pytest, *args, env=env)


def bench() -> None:
    """Install and run the benchmark, which prints ratios measured in the same run."""
    _venv("")
    _run(BIN / "mammoth", "bench", *sys.argv[2:])


def notebooks() -> None:
    """Install JupyterLab and jupytext, pair each notebook with an ``.ipynb`` and open JupyterLab.

    The ``.py`` files (jupytext's percent format) are the source; ``jupytext --sync`` writes the
    ``.ipynb`` beside each (not in git) and JupyterLab, with jupytext, saves edits to both.
    Extra arguments go to ``jupyter lab`` (e.g. ``--no-browser --port 8899``).
    """
    _venv("[notebooks]")
    _run(BIN / "jupytext", "--sync", *sorted((ROOT / "notebooks").glob("*.py")))
    root = ["--allow-root"] if getattr(os, "geteuid", lambda: 1)() == 0 else []  # CI, containers
    _run(BIN / "jupyter", "lab", str(ROOT / "notebooks"), *root, *sys.argv[2:])


def lint() -> None:
    """Run ruff's linter and format check."""
    _venv("[dev]")
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "ruff", "format", "--check", ".")


def answers() -> None:
    """Make every committed result folder of the pages anew from its recorded commands, then
    write every figure and chart of the pages from them (``mammoth docs --rebuild all --update
    all``: tens of minutes on two cores; the pages are :data:`experiments.shared.pages.PAGES`).
    With ``--pages-only``, only the figures and charts are written, from the folders as they
    are."""
    _venv("")
    rebuild = [] if "--pages-only" in sys.argv[2:] else ["--rebuild", "all"]
    _run(BIN / "mammoth", "docs", *rebuild, "--update", "all")


TASKS = {
    "demo": demo,
    "test": test,
    "bench": bench,
    "lint": lint,
    "notebooks": notebooks,
    "answers": answers,
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in TASKS:
        print(f"usage: python3 tasks.py {{{'|'.join(TASKS)}}}", file=sys.stderr)
        sys.exit(2)
    try:
        TASKS[sys.argv[1]]()
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
