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

import pandas as pd
import pytest

from experiments.card.card_derive.kind import command_line, run_chunk
from experiments.pages.command_rebuild import rebuild
from experiments.shared.checkpoints import checksum, fingerprint
from experiments.shared.chunk_record import recorded
from experiments.shared.definition import experiment_from_settings
from experiments.shared.pages import RESULTS, recording_of, sources

RECORDED = sorted(name for name, source in sources().items() if source.recorded)
"""The committed folders that keep a recording of their chunks."""
BUDGET = 450_000
"""The most a recording may weigh (bytes): a derivation's 300 chunks of about 40 KB each (13 MB)
come to about 360 KB; its folder itself keeps about 45 KB."""
VOLATILE = ("created", "commit", "platform", "seconds")
"""What a run's ``run.json`` says of when, where and how long it ran: not compared."""
SAMPLE_SEED = 6000
"""The seed of the sample of chunks played again."""


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
