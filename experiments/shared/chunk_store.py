"""The one chunk store: a run's chunk is loaded when it was saved, else played and saved.

Every kind that checkpoints its chunks goes through a :class:`ChunkStore`: the runner
(:mod:`experiments.shared.runner`) for every kind of independent chunks, and the kinds that run
passes of their own (``analyse``'s waves, ``card_derive``'s rounds, ``train``'s generations). A
wanted chunk (:meth:`ChunkStore.get`) is loaded from its file in the run's folder when
:func:`~experiments.shared.checkpoints.load_chunk` finds it intact and its own (this format,
this experiment's fingerprint, this chunk's key, the checksum of its arrays); a truncated,
damaged, foreign or misplaced one is said (``chunk NAME PROBLEM: computing it again``) and played
again, never merged. The chunks to play go through the one seam for parallel chunks
(:func:`experiments.shared.backends.run_tasks`) and each is saved atomically
(:func:`~experiments.shared.checkpoints.save_chunk`) as soon as it finishes, so an interrupted run
loses at most the chunks in flight, and a resumed one plays only the rest.

A store looks for a chunk's file once and keeps what it loaded or played (by the chunk's key):
a pass that wants a chunk again (a race's later round, say) gets it from memory. A store that
does not ``keep`` the statistics (a ``STREAMED`` kind's: tables, not sums) only checks them; it
reads them back one at a time at the end (:meth:`ChunkStore.read`, which refuses a chunk damaged
since it was saved) and then removes the files (:meth:`ChunkStore.remove`). Its counts
(``loaded``, ``played``) say what a run reused.

This module and the format's (:mod:`experiments.shared.checkpoints`) are the only ones that
read or write a chunk file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from experiments.shared.backends import run_tasks
from experiments.shared.checkpoints import (
    canonical,
    chunk_path,
    load_chunk,
    save_chunk,
    saved_key,
)
from experiments.shared.files import inside
from sim.errors import InputError


class ChunkStore:
    """The chunks of one run, in its folder: loaded when saved, else played and saved.

    Parameters
    ----------
    folder : path-like
        The experiment's folder: a chunk's file is
        :func:`~experiments.shared.checkpoints.chunk_path` there, unless ``where`` says.
    mark : str or callable
        The experiment's :func:`~experiments.shared.checkpoints.fingerprint`, which its chunk
        files carry; or a function of the chunk that gives it (a chunk of a training carries the
        models its games were played with).
    say : callable, optional
        Called with a line for each saved chunk that cannot be used (it is played again).
    where : callable, optional
        A function of the chunk that gives its file (a training names its own,
        ``chunks/gGG-cCCCCC.npz``).
    keep : bool
        Keep each chunk's statistics in memory; False: only check a saved one and save a played
        one (:meth:`read` reads them back one at a time).

    Attributes
    ----------
    loaded : int
        Chunks loaded from their files.
    played : int
        Chunks played (and saved).
    """

    def __init__(
        self,
        folder: str | Path,
        mark: str | Callable[[dict], str],
        say: Callable[[str], None] | None = None,
        where: Callable[[dict], Path] | None = None,
        keep: bool = True,
    ):
        self.folder = Path(folder)
        self._mark = mark
        self.say = say
        self._where = where
        self.keep = keep
        self.loaded = 0
        self.played = 0
        self._held: dict[str, dict | None] = {}  # chunk key -> statistics (None: not kept)
        self._looked: set[str] = set()  # chunks whose file was looked for

    def path(self, chunk: dict) -> Path:
        """Where the chunk's file goes."""
        return self._where(chunk) if self._where is not None else chunk_path(self.folder, chunk)

    def mark(self, chunk: dict) -> str:
        """The fingerprint the chunk's file carries."""
        return self._mark(chunk) if callable(self._mark) else self._mark

    def _load(self, chunk: dict) -> None:
        """Look for the chunk's file (once): hold it when it is intact and its own, say why
        not when it is not."""
        key = canonical(chunk)
        if key in self._held or key in self._looked:
            return
        self._looked.add(key)
        path = self.path(chunk)
        if not path.exists():
            return
        stats, problem = load_chunk(path, self.mark(chunk), chunk)
        if stats is None:
            if self.say is not None:
                self.say(f"chunk {path.name} {problem}: computing it again")
            return
        self._held[key] = stats if self.keep else None
        self.loaded += 1

    def saved(self, chunks: list[dict]) -> dict[int, dict | None]:
        """Those of ``chunks`` the store holds or finds saved, intact and its own, by index.

        Parameters
        ----------
        chunks : list of dict
            Chunks of the run.

        Returns
        -------
        dict
            Index in ``chunks`` -> the chunk's statistics (None when the store does not keep
            them); a chunk not saved, or whose file cannot be used (said), is left out.
        """
        out: dict[int, dict | None] = {}
        for i, chunk in enumerate(chunks):
            self._load(chunk)
            key = canonical(chunk)
            if key in self._held:
                out[i] = self._held[key]
        return out

    def get(
        self,
        chunks: list[dict],
        function: Callable,
        args: Callable[[dict], tuple],
        backend=None,
        then: Callable[[dict], None] | None = None,
    ) -> list[dict | None]:
        """Every chunk's statistics, in order: the saved ones loaded, the others played and
        saved as they finish.

        Parameters
        ----------
        chunks : list of dict
            The chunks wanted (a chunk named twice is played once).
        function : callable
            What plays a chunk: ``function(*args(chunk))`` returns its statistics (a module-level
            function: it may run in another process).
        args : callable
            The arguments of ``function`` for a chunk.
        backend : optional
            Where the chunks are played (:mod:`experiments.shared.backends`); None: here.
        then : callable, optional
            Called with each chunk played, once it is saved.

        Returns
        -------
        list
            The statistics of each chunk of ``chunks`` (None each when the store does not keep
            them).
        """
        known = self.saved(chunks)
        todo: dict[str, int] = {}
        for i, chunk in enumerate(chunks):
            if i not in known:
                todo.setdefault(canonical(chunk), i)

        def keep(i: int, stats: dict) -> None:
            chunk = chunks[i]
            save_chunk(self.path(chunk), stats, self.mark(chunk), chunk)
            self._held[canonical(chunk)] = stats if self.keep else None
            self.played += 1
            if then is not None:
                then(chunk)

        run_tasks(function, {i: args(chunks[i]) for i in todo.values()}, keep, backend)
        return [self._held[canonical(chunk)] for chunk in chunks]

    def read(self, chunks: list[dict]) -> Iterator[dict]:
        """Every chunk of a finished run, read back from its file one at a time, in order.

        For a kind whose chunk results are tables (:mod:`experiments.shared.kinds`,
        ``STREAMED``): memory holds one chunk at a time, however many the run has.

        Parameters
        ----------
        chunks : list of dict
            Every chunk of the run, in order; each saved and intact.

        Yields
        ------
        dict
            The statistics of each chunk.

        Raises
        ------
        InputError
            A chunk file damaged or gone since it was saved (rerun with ``--resume``).
        """
        for chunk in chunks:
            path = self.path(chunk)
            stats, problem = load_chunk(path, self.mark(chunk), chunk)
            if stats is None:
                raise InputError(
                    f"chunk {path.name} {problem} since it was saved; rerun with --resume to "
                    "compute it again"
                )
            yield stats

    def put(self, chunk: dict, stats: dict) -> None:
        """Save a chunk's statistics as a played chunk is saved: a recorded chunk
        (:mod:`experiments.shared.chunk_record`) that a resumed run then loads.

        Parameters
        ----------
        chunk : dict
            The chunk's key.
        stats : dict
            Its statistics (arrays).
        """
        save_chunk(self.path(chunk), stats, self.mark(chunk), chunk)

    def every_saved(self) -> list[tuple[dict, dict]]:
        """Every chunk file of the run's ``chunks/`` folder with its key and statistics, in the
        order of their keys (:func:`~experiments.shared.checkpoints.canonical`): what a finished
        run played.

        Returns
        -------
        list of (dict, dict)
            ``(chunk, statistics)`` per file.

        Raises
        ------
        InputError
            A file that is not an intact chunk of this run, where its key puts it.
        """
        found = []
        for path in sorted((self.folder / "chunks").glob("*.npz")):
            chunk = saved_key(path)
            if chunk is None:
                stats, problem = None, "names no chunk"
            elif self.path(chunk) != path:
                stats, problem = None, "is not where its chunk's file goes"
            else:
                stats, problem = load_chunk(path, self.mark(chunk), chunk)
            if stats is None:
                raise InputError(f"chunk {path.name} {problem}")
            found.append((chunk, stats))
        return sorted(found, key=lambda item: canonical(item[0]))

    def remove(self, chunks: list[dict]) -> None:
        """Delete the files of ``chunks`` (once the run's files hold them), and their folder
        when nothing else is left in it.

        Parameters
        ----------
        chunks : list of dict
            Chunks of the run.
        """
        folders = {}
        for chunk in chunks:
            path = self.path(chunk)
            inside(path).unlink(missing_ok=True)
            folders[path.parent] = None
        for folder in folders:
            if folder.is_dir() and not any(folder.iterdir()):
                inside(folder).rmdir()


__all__ = ["ChunkStore"]
