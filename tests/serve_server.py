"""A real ``mammoth serve`` for the tests: started on 127.0.0.1 and a free port, its URL read
from what it prints, stopped by the test (SIGTERM, then SIGKILL), every wait bounded."""

from __future__ import annotations

import contextlib
import os
import re
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

START_SECONDS = 60
"""The longest wait for the server's URL line (a cold import of the project included)."""


def start(out: Path) -> tuple[subprocess.Popen, str]:
    """Start ``mammoth serve --port 0 --no-browser --out OUT``; the process and its URL."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from experiments.cli import main; main()", "serve",
         "--host", "127.0.0.1", "--port", "0", "--no-browser", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
    )  # fmt: skip
    seen = []
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        end = time.monotonic() + START_SECONDS
        while time.monotonic() < end:
            if not sel.select(timeout=end - time.monotonic()):
                break
            line = proc.stdout.readline()
            if not line:
                break
            seen.append(line)
            found = re.search(r"http://127\.0\.0\.1:\d+/\?token=\S+", line)
            if found:
                return proc, found.group(0)
    stop(proc)
    raise AssertionError("mammoth serve printed no URL:\n" + "".join(seen))


def stop(proc: subprocess.Popen, sig: int = signal.SIGTERM, wait: float = 30) -> int:
    """Send ``sig`` and wait for the server to end (killed after ``wait`` seconds)."""
    if proc.poll() is None:
        os.kill(proc.pid, sig)
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    if proc.stdout:
        proc.stdout.close()
    return proc.returncode


@contextlib.contextmanager
def running(out: Path):
    """A server on ``out`` for the ``with`` block: yields its URL (with the token)."""
    proc, url = start(out)
    try:
        yield url
    finally:
        stop(proc)
