"""The shipped cards' derivations (``docs/results/derive/CARD``) rebuilt to the same bytes.

A derivation takes tens of minutes, so it is replayed from its recorded games rather than run
again whole: beside each folder, ``CARD.chunks.xz`` records every chunk its command played
(:mod:`experiments.shared.chunk_record`, written by ``mammoth docs --rebuild``). The slow tests
check both halves of what a full rebuild would show:

- ``mammoth docs --rebuild derive/CARD --replay`` seeds a run folder with the recorded chunks and
  finishes the recorded command through ``--resume`` (the race's decisions, the certification,
  the meta-game, the files; no game played): every kept file and the recording come out byte
  for byte as committed, and ``run.json`` but for when, where and how long;
- a seeded sample of the recorded chunks (one of each stage of each derivation: the race, the
  certification, the meta-game) is played again from scratch and gives the recorded statistics
  (the same checksum), so the recording cannot drift from what the code plays.
"""

from __future__ import annotations

import json
import random
import shutil
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from experiments.card.card_derive.kind import command_line, run_chunk
from experiments.pages.command_rebuild import rebuild
from experiments.shared.checkpoints import canonical, checksum, fingerprint
from experiments.shared.chunk_record import pack, record, recorded, seed
from experiments.shared.definition import experiment_from_settings
from experiments.shared.pages import RESULTS, Source, recording_of, sources
from sim.errors import InputError

RECORDED = sorted(name for name, source in sources().items() if source.recorded)
"""The committed folders that keep a recording of their chunks."""
BUDGET = 450_000
"""The most a recording may weigh (bytes): a derivation's 300 chunks of about 40 KB each (13 MB)
come to about 360 KB; its folder itself keeps about 45 KB."""
VOLATILE = ("created", "commit", "platform", "seconds", "versions")
"""What a run's ``run.json`` says of when, where, how long and with which installed libraries
it ran: not compared (a library's release between two runs changes no figure; the files kept
are compared byte for byte)."""
SAMPLE_SEED = 6000
"""The seed of the sample of chunks played again."""


def _stats(rng: np.random.Generator, rows: int) -> dict:
    return {
        "d_key.policy": np.array([f"ev[weight={i}]" for i in range(rows)], dtype=np.str_),
        "d_key.seat": np.arange(rows, dtype=np.int64),
        "d_stat.win": rng.integers(0, 12_000, rows, dtype=np.int64),
        "d_stat.win__sq": rng.integers(0, 2**40, rows, dtype=np.int64),
        "boot": rng.integers(-5, 5, (3, rows), dtype=np.int64),
        "flag": rng.integers(0, 2, rows).astype(bool),
        "share": rng.random(rows),
    }


def test_a_recording_gives_back_its_chunks_and_refuses_a_damaged_one(tmp_path):
    rng = np.random.default_rng(1)
    experiment = {"kind": "card_derive", "seed": 1, "weights": [0.1, 1.0]}
    chunks = [({"stage": "race", "start": s, "n": 10}, _stats(rng, 4 + s)) for s in (0, 10)]
    data = pack(experiment, chunks)
    assert pack(experiment, chunks) == data  # the same bytes for the same chunks
    back = recorded(data)
    assert back.experiment == experiment and back.mark == fingerprint(experiment)
    for (chunk, stats), (chunk_back, stats_back) in zip(chunks, back.chunks, strict=True):
        assert chunk_back == chunk and checksum(stats_back) == checksum(stats)
    folder = tmp_path / "run"
    seed(data, folder)
    assert json.loads((folder / "experiment.json").read_text(encoding="utf-8")) == experiment
    assert pack(experiment, sorted(chunks, key=lambda c: canonical(c[0]))) == record(folder)
    with pytest.raises(InputError, match="not a recording"):
        recorded(data[:-10])
    with pytest.raises(InputError, match="not a recording"):
        recorded(b"not xz at all")


def test_the_recorded_folders_are_the_shipped_cards_derivations():
    assert RECORDED == [
        "derive/card_default_champion",
        "derive/card_default_greedy",
        "derive/card_food_backs_champion",
        "derive/card_rich_champion",
    ]


def _experiment(settings: dict):
    """The checked derivation of a recording's settings."""
    return experiment_from_settings(
        {k: v for k, v in settings.items() if k != "source"}, settings["source"]
    )


@pytest.mark.parametrize("name", RECORDED)
def test_every_recording_is_of_its_folders_command_and_small(name):
    data = recording_of(name).read_bytes()
    assert len(data) < BUDGET, f"{name}'s recording weighs {len(data)} bytes"
    recording = recorded(data)  # every chunk checked against its checksum
    experiment = _experiment(recording.experiment)
    assert experiment.written == recording.experiment
    assert recording.mark == fingerprint(experiment.written)
    assert command_line(experiment) == sources()[name].commands[0]
    stages = {chunk["stage"] for chunk, _ in recording.chunks}
    assert stages == {"race", "certify", "metagame"}


def _quiet(_line: str) -> None:
    return None


def _calm(run: dict) -> dict:
    """A ``run.json`` without what says when, where and how long its runs ran."""
    out = {k: v for k, v in run.items() if k not in VOLATILE}
    if "runs" in out:
        out["runs"] = [_calm(r) for r in out["runs"]]
    return out


@pytest.mark.slow
def test_the_derive_folders_rebuilt_from_their_recordings_are_the_committed_bytes(tmp_path):
    for name in RECORDED:
        copy = recording_of(name, tmp_path)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(recording_of(name), copy)

    def replay(name: str) -> Path:
        return rebuild(sources()[name], 1, _quiet, results=tmp_path, replay=True)

    with ThreadPoolExecutor(2) as pool:  # each finishes in a process of its own
        done = list(pool.map(replay, RECORDED))
    for name, folder in zip(RECORDED, done, strict=True):
        committed = RESULTS / name
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            p.name for p in committed.iterdir()
        )
        for file in sources()[name].keep:
            again, before = folder / file, committed / file
            assert again.read_bytes() == before.read_bytes(), f"{name}/{file} differs"
        assert recording_of(name, tmp_path).read_bytes() == recording_of(name).read_bytes()
        runs = [
            json.loads((f / "run.json").read_text(encoding="utf-8")) for f in (folder, committed)
        ]
        assert _calm(runs[0]) == _calm(runs[1]), f"{name}/run.json differs"


def _names(name: str, players: int) -> list[str]:
    """The meta-game's plays at a table size, in the meta-game's order: its committed table's
    (a wrong order gives other statistics, which the test would see)."""
    table = pd.read_csv(RESULTS / name / "equilibrium.csv")
    return table.loc[table["players"] == players, "strategy"].tolist()


def _played(settings: dict, chunk: dict, names: list[str] | None) -> str:
    """Play a recorded chunk again from scratch: its statistics' checksum."""
    return checksum(run_chunk(_experiment(settings), chunk, names))


@pytest.mark.slow
def test_a_sample_of_the_recorded_chunks_plays_again_to_the_recorded_statistics():
    rng = random.Random(SAMPLE_SEED)
    tasks, wanted = [], []
    for name in RECORDED:
        recording = recorded(recording_of(name).read_bytes())
        by_stage: dict[str, list] = {}
        for chunk, stats in recording.chunks:
            by_stage.setdefault(chunk["stage"], []).append((chunk, stats))
        for stage in sorted(by_stage):
            chunk, stats = rng.choice(by_stage[stage])
            names = _names(name, chunk["players"]) if stage == "metagame" else None
            tasks.append((recording.experiment, chunk, names))
            wanted.append((name, chunk, checksum(stats)))
    with ProcessPoolExecutor(2) as pool:
        got = list(pool.map(_played, *zip(*tasks, strict=True)))
    for (name, chunk, expected), checked in zip(wanted, got, strict=True):
        assert checked == expected, f"{name}: the chunk {chunk} plays otherwise than recorded"


TINY = Source(
    "tiny/derive",
    (
        "mammoth derive-card --tiles default --field greedy --players 2 --seed 5 --games 20 "
        "--first-games 10 --weight 0.3 --weight 1 --seek 1 --commit 1 --metagame-games 0",
    ),
    keep=("derive.md", "exploit.csv", "race.csv"),
    recorded=True,
)


@pytest.mark.slow
def test_a_rebuild_writes_the_recording_and_a_replay_refuses_a_stale_one(tmp_path):
    done = rebuild(TINY, 1, _quiet, results=tmp_path)
    data = recording_of(TINY.name, tmp_path).read_bytes()
    figures = {f: (done / f).read_bytes() for f in TINY.keep}
    again = rebuild(TINY, 1, _quiet, results=tmp_path, replay=True)
    assert {f: (again / f).read_bytes() for f in TINY.keep} == figures
    assert recording_of(TINY.name, tmp_path).read_bytes() == data
    whole = recorded(data)
    stale = pack(whole.experiment, whole.chunks[1:])  # a chunk the command must play
    recording_of(TINY.name, tmp_path).write_bytes(stale)
    with pytest.raises(InputError, match="stale"):
        rebuild(TINY, 1, _quiet, results=tmp_path, replay=True)
    assert {f: (again / f).read_bytes() for f in TINY.keep} == figures  # the folder kept
    with pytest.raises(InputError, match="keeps no recording"):
        rebuild(Source("tiny/none", TINY.commands, TINY.keep), results=tmp_path, replay=True)
