"""The one chunk store (issue 67): every kind's chunks are loaded, played and saved through it.

The store's own rules on a few arrays (a saved chunk loaded, a damaged, foreign or misplaced one
said and played again, a chunk played once however often it is wanted, a streamed run's chunks
read back and removed); then every kind that checkpoints, interrupted half way and resumed
through the runner: the resumed run loads the chunks saved before the interruption, plays only
the others, and writes the uninterrupted run's files. Last, an :mod:`ast` scan: no module but
the store and the file format reads or writes a chunk file.
"""

from __future__ import annotations

import ast
import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

import experiments.shared.chunk_store as chunk_store
from experiments.shared import files
from experiments.shared.checkpoints import chunk_path
from experiments.shared.chunk_store import ChunkStore
from experiments.shared.definition import experiment_from_settings
from experiments.shared.kinds import KINDS, kind_named
from experiments.shared.runner import run_experiment
from sim.errors import InputError
from sim.position import read_document

ROOT = Path(__file__).resolve().parent.parent


def square(n: int) -> dict:
    """A chunk's statistics: what the store's tests play."""
    return {"n": np.array([n, n * n])}


CHUNKS = [{"start": i} for i in range(4)]


def _args(chunk: dict) -> tuple:
    return (chunk["start"],)


def _store(folder, said=None, mark="mark", keep=True) -> ChunkStore:
    return ChunkStore(folder, mark, said.append if said is not None else None, keep=keep)


def _values(stats: list[dict]) -> list[list[int]]:
    return [s["n"].tolist() for s in stats]


def test_a_chunk_is_played_and_saved_once_then_loaded(tmp_path):
    first = _store(tmp_path)
    played = []
    stats = first.get(CHUNKS[:2], square, _args, then=played.append)
    assert _values(stats) == [[0, 0], [1, 1]] and played == CHUNKS[:2]
    assert (first.played, first.loaded) == (2, 0)
    assert all(chunk_path(tmp_path, c).is_file() for c in CHUNKS[:2])
    # wanted again (and twice in one list): from memory, played no more
    assert _values(first.get([CHUNKS[1], CHUNKS[1], CHUNKS[2]], square, _args)) == [
        [1, 1], [1, 1], [2, 4],
    ]  # fmt: skip
    assert (first.played, first.loaded) == (3, 0)
    # a later run's store loads the saved ones and plays only the rest
    again = _store(tmp_path)
    assert _values(again.get(CHUNKS, square, _args)) == [[i, i * i] for i in range(4)]
    assert (again.played, again.loaded) == (1, 3)
    assert set(again.saved(CHUNKS)) == {0, 1, 2, 3}


def _truncate(path: Path, folder: Path) -> None:
    path.write_bytes(path.read_bytes()[:100])


def _another_chunk(path: Path, folder: Path) -> None:
    shutil.copyfile(chunk_path(folder, CHUNKS[0]), path)


def _another_run(path: Path, folder: Path) -> None:
    other = _store(folder / "other", mark="another experiment")
    other.get([CHUNKS[1]], square, _args)
    shutil.copyfile(chunk_path(folder / "other", CHUNKS[1]), path)


@pytest.mark.parametrize(
    "damage, problem",
    [
        (_truncate, "unreadable (BadZipFile)"),
        (_another_chunk, "holds a different chunk"),
        (_another_run, "saved by a different experiment"),
    ],
    ids=["truncated", "misplaced", "foreign"],
)
def test_a_saved_chunk_that_cannot_be_used_is_said_and_played_again(tmp_path, damage, problem):
    _store(tmp_path).get(CHUNKS[:2], square, _args)
    path = chunk_path(tmp_path, CHUNKS[1])
    damage(path, tmp_path)
    said: list[str] = []
    store = _store(tmp_path, said)
    assert _values(store.get(CHUNKS[:2], square, _args)) == [[0, 0], [1, 1]]
    assert said == [f"chunk {path.name} {problem}: computing it again"]
    assert (store.loaded, store.played) == (1, 1)
    assert _store(tmp_path).saved(CHUNKS[:2]).keys() == {0, 1}  # saved again, intact


def test_a_streamed_run_is_read_back_one_chunk_at_a_time_then_removed(tmp_path):
    store = _store(tmp_path, keep=False)
    assert store.get(CHUNKS, square, _args) == [None] * 4
    assert _values(list(store.read(CHUNKS))) == [[i, i * i] for i in range(4)]
    _truncate(chunk_path(tmp_path, CHUNKS[2]), tmp_path)
    with pytest.raises(InputError, match="since it was saved; rerun with --resume"):
        list(store.read(CHUNKS))
    store.remove(CHUNKS)
    assert not (tmp_path / "chunks").exists()


def test_every_saved_chunk_is_read_back_and_a_misplaced_one_refused(tmp_path):
    store = ChunkStore(tmp_path, "mark")
    for chunk in reversed(CHUNKS):
        store.put(chunk, square(chunk["start"]))
    found = ChunkStore(tmp_path, "mark").every_saved()
    assert [chunk for chunk, _ in found] == CHUNKS  # in the order of their keys
    assert [stats["n"].tolist() for _, stats in found] == [[i, i * i] for i in range(4)]
    with pytest.raises(InputError, match="different experiment"):
        ChunkStore(tmp_path, "other").every_saved()
    shutil.copyfile(chunk_path(tmp_path, CHUNKS[0]), tmp_path / "chunks" / "elsewhere.npz")
    with pytest.raises(InputError, match="not where"):
        ChunkStore(tmp_path, "mark").every_saved()


def test_a_chunk_may_carry_its_own_fingerprint_and_file_name(tmp_path):
    """A training's chunks: each names its file and carries the models it was played with."""
    where = lambda chunk: tmp_path / "chunks" / f"c{chunk['start']}.npz"  # noqa: E731
    marks = lambda chunk: f"models of {chunk['start']}"  # noqa: E731
    ChunkStore(tmp_path, marks, where=where).get(CHUNKS[:2], square, _args)
    assert sorted(p.name for p in (tmp_path / "chunks").iterdir()) == ["c0.npz", "c1.npz"]
    said: list[str] = []
    other = ChunkStore(tmp_path, lambda chunk: "other models", said.append, where=where)
    other.get(CHUNKS[:2], square, _args)
    assert other.played == 2 and len(said) == 2


# --------------------------------------------------------------------------------------------
# every kind that checkpoints: interrupted half way, resumed through the one store

EXAMPLE = ROOT / "docs" / "positions" / "example.toml"
TINY = {
    "advice": {"players": [2], "games": 4, "seed": 7, "playouts": 2, "check_games": 4,
               "check_policies": ["never", "fixed-1"], "chunk_games": 2},
    "analyse": {"players": [4], "games": 60, "seed": 3, "chunk_games": 20, "field": "greedy",
                "stop": False},
    "card_check": {"players": [2], "games": 6, "seed": 4, "fields": [["greedy"]],
                   "policies": ["fixed-1"], "deviations": ["never"], "chunk_games": 2},
    "card_derive": {"players": [3], "games": 10, "seed": 9, "first_games": 10,
                    "weights": [0.2, 0.6], "commits": [-1], "seeks": [1, 2],
                    "metagame_games": 10, "metagame_plays": 2, "field": ["greedy"],
                    "deviations": ["never"], "chunk_games": 5},
    "commit": {"players": [2], "games": 6, "seed": 3, "base": "greedy", "field": ["greedy+ev"],
               "policies": ["fixed-1", "ev"], "herd_areas": False, "max_figures": 2,
               "first_bonus": [3.0], "all_bonus": [1.0], "tile_value": [2.5],
               "food_value": [2.0], "chunk_games": 2},
    "compare": {"players": [2], "games": 6, "seed": 4, "chunk_games": 2,
                "strategies": ["greedy", "random"]},
    "ladder": {"players": [2], "games": 4, "seed": 6, "strategies": ["random", "greedy"],
               "cost_seconds": False, "chunk_games": 2},
    "metagame": {"players": [2], "games": 6, "seed": 8, "bootstrap": 10, "chunk_games": 2,
                 "strategies": ["greedy+never", "greedy+ev"]},
    "simulate": {"players": [2], "games": 6, "seed": 7, "chunk_games": 2},
    "train": {"games": 12, "generations": 3, "seed": 4},
    "worth": {"players": [2], "games": 6, "seed": 5, "strategies": ["greedy+ev", "greedy+never"],
              "sensitivity": False, "chunk_games": 2},
}  # fmt: skip
"""A few games of every kind, in several chunks."""


def _config(kind: str) -> dict:
    settings = {"kind": kind, "name": kind, **TINY[kind]}
    if kind == "analyse":
        settings["position"] = read_document(EXAMPLE)
    return experiment_from_settings(settings, "test")


class _Noon(datetime):
    """The time every run.json says it was made (so runs compare byte by byte)."""

    @classmethod
    def now(cls, tz=None):
        return datetime(2024, 1, 1, 12, tzinfo=UTC)


@pytest.fixture
def stores(monkeypatch) -> list[ChunkStore]:
    """Every chunk store made, to count what it loaded and played."""
    made: list[ChunkStore] = []
    real = ChunkStore.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(ChunkStore, "__init__", init)
    monkeypatch.setattr(files, "datetime", _Noon)
    return made


def _results(folder: Path) -> dict[str, object]:
    """A run's files but its chunks, by path; run.json without the seconds it took (a resumed
    run records none)."""
    out: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_file() and "chunks" not in path.relative_to(folder).parts:
            out[name] = path.read_bytes()
            if path.name == "run.json":
                out[name] = {**json.loads(out[name]), "seconds": None}
    return out


def test_every_kind_is_interrupted_and_resumed_here():
    assert set(TINY) == set(KINDS)


HEAVY_KINDS = {"analyse", "advice", "train"}
"""The kinds whose tiny run still takes seconds (their play-outs and fits): their interruption is
checked in the heavy tier, which CI runs after the default one."""


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(k, marks=pytest.mark.heavy_kernel) if k in HEAVY_KINDS else k
        for k in sorted(TINY)
    ],
)
def test_an_interrupted_run_of_every_kind_resumes_through_the_store(
    tmp_path, monkeypatch, stores, kind
):
    config = _config(kind)
    run_experiment(config, tmp_path / "whole", progress=False, notice=lambda line: None)
    total = sum(s.played for s in stores)
    assert total >= 2 and not sum(s.loaded for s in stores)
    stop_after = total // 2
    save, saved = chunk_store.save_chunk, []

    def save_then_stop(path, *rest):
        if len(saved) == stop_after:
            raise KeyboardInterrupt
        save(path, *rest)
        saved.append(path)

    monkeypatch.setattr(chunk_store, "save_chunk", save_then_stop)
    with pytest.raises(KeyboardInterrupt):
        run_experiment(config, tmp_path / "cut", progress=False, notice=lambda line: None)
    monkeypatch.setattr(chunk_store, "save_chunk", save)
    stores.clear()
    said: list[str] = []
    run_experiment(config, tmp_path / "cut", resume=True, progress=False, notice=said.append)
    assert sum(s.loaded for s in stores) == stop_after  # the saved chunks: loaded, not played
    assert sum(s.played for s in stores) == total - stop_after
    assert not [line for line in said if "computing it again" in line]
    assert _results(tmp_path / "cut") == _results(tmp_path / "whole")


# --------------------------------------------------------------------------------------------
# the store is the only door to a chunk file

LOW_LEVEL = {"save_chunk", "load_chunk"}
"""The chunk file's own reader and writer (:mod:`experiments.shared.checkpoints`)."""
DOORS = {"experiments.shared.checkpoints", "experiments.shared.chunk_store"}
"""The modules that may use them: the format, and the one chunk store."""


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def low_level_uses(source: str) -> list[int]:
    """Lines that name a chunk file's reader or writer: imported, called or passed."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom | ast.Import):
            names = {alias.name.rsplit(".", 1)[-1] for alias in node.names}
        elif isinstance(node, ast.Name):
            names = {node.id}
        elif isinstance(node, ast.Attribute):
            names = {node.attr}
        else:
            continue
        if names & LOW_LEVEL:
            lines.append(node.lineno)
    return sorted(set(lines))


def test_low_level_uses_are_found():
    assert low_level_uses("from experiments.shared.checkpoints import save_chunk\n") == [1]
    assert low_level_uses("import x\nx.load_chunk(p, m, c)\n") == [2]
    assert low_level_uses("f(save_chunk)\n") == [1]
    assert low_level_uses("store.get(chunks, play, args)\n") == []


def test_no_module_but_the_store_reads_or_writes_a_chunk_file():
    sources = sorted(p for package in ("sim", "strategies", "experiments")
                     for p in (ROOT / package).rglob("*.py"))  # fmt: skip
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sources
        if _module(path) not in DOORS
        for line in low_level_uses(path.read_text(encoding="utf-8"))
    ]
    assert bad == [], "chunk files are read and written by the chunk store only:\n" + "\n".join(bad)


def test_every_kind_that_runs_its_own_passes_goes_through_the_store():
    """The runner keeps every other kind's chunks; a kind with passes of its own (``run``)
    keeps them itself, through the store (in its kind's modules)."""
    runner = (ROOT / "experiments" / "shared" / "runner.py").read_text(encoding="utf-8")
    assert "ChunkStore(" in runner
    passes = [name for name in KINDS if hasattr(kind_named(name), "run")]
    assert set(passes) >= {"analyse", "card_derive", "train"}
    for name in passes:
        folder = Path(kind_named(name).__file__).parent
        kinds = "".join(p.read_text(encoding="utf-8") for p in folder.glob("kind*.py"))
        assert "ChunkStore(" in kinds, name
