"""The analyses of ``mammoth serve``: run folders under ``--out``, one analysis at a time.

Each analysis is a folder ``OUT/ID`` holding the position as it was sent (``position.toml``),
what was asked (``request.json``), and, once it runs, the run of ``mammoth analyse position.toml
--out OUT/ID`` with the asked seed, play-outs and field: its ``experiment.json``, its chunks
under ``chunks/`` and, at the end, its files (``analysis.json``, ``analysis.html``...). The
analysis is that command itself, run as a child process, so its figures are the command's; then
``card.json`` says what the shipped card takes at the position
(:mod:`experiments.serve.command_card`).

One worker thread runs the queued analyses in order. Cancelling a running one stops its child
process (the finished chunks stay); a server stopped mid-analysis stops it the same way. A
server started on the same ``--out`` lists every folder it finds, and an analysis that did not
finish can be resumed (``mammoth analyse --resume``: its finished chunks are kept).
"""

from __future__ import annotations

import json
import math
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path

from experiments.shared.files import write_json, write_text
from sim.errors import InputError

REQUEST = "request.json"
POSITION = "position.toml"
CARD = "card.json"
CANCELLED = "cancelled.json"
LOG = "log.txt"
STATES = ("queued", "running", "done", "stopped", "cancelled", "failed")
"""What an analysis can be: waiting, running, finished, stopped before its end (a server
stopped mid-run: it can be resumed), cancelled (it can be resumed too), failed (its log says
why)."""

_MAIN = "from experiments.cli import main; main()"
"""The child's program: the ``mammoth`` command line, whatever its script is called."""


def _child(args: list[str], folder: Path) -> subprocess.Popen:
    """Start ``python ARGS`` in ``folder``, its output into the folder's log, in a process
    group of its own (so stopping it stops what it started)."""
    log = open(folder / LOG, "ab")  # noqa: SIM115 - the child holds it; closed when it ends
    try:
        return subprocess.Popen(
            [sys.executable, *args],
            cwd=folder,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    finally:
        log.close()


class Analyses:
    """The analyses under one folder: listed from it, queued, run one at a time, cancelled.

    Parameters
    ----------
    out : path-like
        The folder of the run folders (``mammoth serve --out``).
    """

    def __init__(self, out):
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.lock = threading.Condition()
        self.queue: deque[str] = deque()
        self.running: str | None = None
        self.process: subprocess.Popen | None = None
        self.cancelled: set[str] = set()
        self.closing = False
        self.thread = threading.Thread(target=self._work, name="analyses", daemon=True)
        self.thread.start()

    # --- asked by the app ---------------------------------------------------------------
    def submit(self, text: str, request: dict) -> str:
        """Make an analysis's folder (the position, the request) and queue it; its id."""
        ident = time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)
        folder = self.out / ident
        folder.mkdir()
        write_text(folder / POSITION, text)
        write_json(folder / REQUEST, {**request, "created": time.time()})
        with self.lock:
            self.queue.append(ident)
            self.lock.notify_all()
        return ident

    def resume(self, ident: str) -> None:
        """Queue a stopped or cancelled analysis again (its finished chunks are kept)."""
        with self.lock:
            state = self._state(ident)
            if state not in ("stopped", "cancelled", "failed"):
                raise InputError(f"analysis {ident} is {state}: only a stopped one resumes")
            (self.out / ident / CANCELLED).unlink(missing_ok=True)
            self.cancelled.discard(ident)
            self.queue.append(ident)
            self.lock.notify_all()

    def cancel(self, ident: str) -> None:
        """Take a queued analysis out of the queue, or stop the running one (its finished
        chunks stay); a finished one cannot be cancelled."""
        with self.lock:
            state = self._state(ident)
            if state not in ("queued", "running"):
                raise InputError(f"analysis {ident} is {state}: there is nothing to cancel")
            write_json(self.out / ident / CANCELLED, {"at": time.time()})
            self.cancelled.add(ident)
            if ident in self.queue:
                self.queue.remove(ident)
            elif self.running == ident and self.process is not None:
                _stop(self.process)

    def status(self, ident: str) -> dict:
        """An analysis's state, progress and request (``KeyError``: no such analysis)."""
        folder = self._folder(ident)
        request = _json(folder / REQUEST)
        with self.lock:
            state = self._state(ident)
            ahead = list(self.queue).index(ident) if ident in self.queue else None
        chunks = math.ceil(int(request["playouts"]) / int(request["chunk_size"]))
        done = len(list((folder / "chunks").glob("*.npz"))) if (folder / "chunks").is_dir() else 0
        out = {
            "id": ident,
            "state": state,
            "chunks": chunks,
            "chunks_done": chunks if state == "done" else min(done, chunks),
            "request": request,
        }
        if ahead is not None:
            out["queued_behind"] = ahead + (self.running is not None)
        if state == "failed":
            out["log"] = _tail(folder / LOG)
        return out

    def result(self, ident: str) -> dict:
        """A finished analysis's files: ``analysis.json``, ``analysis.html``, ``card.json``."""
        folder = self._folder(ident)
        out = self.status(ident)
        if out["state"] == "done":
            out["analysis"] = _json(folder / "analysis.json")
            out["html"] = (folder / "analysis.html").read_text(encoding="utf-8")
            out["markdown"] = (folder / "analysis.md").read_text(encoding="utf-8")
            out["card"] = _json(folder / CARD)
        return out

    def listing(self) -> list[dict]:
        """Every analysis of the folder, the newest first."""
        found = sorted((p.parent.name for p in self.out.glob(f"*/{REQUEST}")), reverse=True)
        return [self.status(ident) for ident in found]

    def close(self) -> None:
        """Stop the running analysis (its finished chunks stay) and the worker."""
        with self.lock:
            self.closing = True
            if self.process is not None:
                _stop(self.process)
            self.lock.notify_all()
        self.thread.join(timeout=30)

    # --- the worker ---------------------------------------------------------------------
    def _folder(self, ident: str) -> Path:
        folder = self.out / ident
        if "/" in ident or ident.startswith(".") or not (folder / REQUEST).is_file():
            raise KeyError(ident)
        return folder

    def _state(self, ident: str) -> str:
        folder = self._folder(ident)
        if ident in self.queue:
            return "queued"
        if (folder / CANCELLED).exists():  # a running one is being stopped
            return "cancelled"
        if self.running == ident:
            return "running"
        if (folder / CARD).exists() and (folder / "analysis.json").exists():
            return "done"
        if (folder / "failed.json").exists():
            return "failed"
        return "stopped"

    def _work(self) -> None:
        while True:
            with self.lock:
                while not self.queue and not self.closing:
                    self.lock.wait()
                if self.closing:
                    return
                ident = self.queue.popleft()
                self.running = ident
            try:
                self._run(ident)
            finally:
                with self.lock:
                    self.running = None
                    self.process = None

    def _step(self, ident: str, args: list[str]) -> int | None:
        """Run one child to its end; its exit code, None when it was stopped."""
        with self.lock:
            if self.closing or ident in self.cancelled:
                return None
            self.process = _child(args, self.out / ident)
        code = self.process.wait()
        with self.lock:
            stopped = self.closing or ident in self.cancelled
        return None if stopped else code

    def _run(self, ident: str) -> None:
        folder = self.out / ident
        (folder / "failed.json").unlink(missing_ok=True)
        request = _json(folder / REQUEST)
        resume = ["--resume"] if (folder / "experiment.json").exists() else []
        analyse = [
            "-c",
            _MAIN,
            "analyse",
            POSITION,
            "--out",
            ".",
            "--playouts",
            str(request["playouts"]),
            "--seed",
            str(request["seed"]),
            "--field",
            request["field"],
            "--chunk-size",
            str(request["chunk_size"]),
            "--stop" if request["stop"] else "--no-stop",
            *resume,
        ]
        card = ["-m", "experiments.serve.command_card", "."]
        for step, args in (("analyse", analyse), ("card", card)):
            code = self._step(ident, args)
            if code is None:
                return
            if code != 0:
                write_json(folder / "failed.json", {"step": step, "exit_code": code})
                return


def _stop(process: subprocess.Popen) -> None:
    """Stop a child and what it started (SIGTERM to its process group)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        pass


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _tail(path: Path, lines: int = 5) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


__all__ = ["STATES", "Analyses"]
