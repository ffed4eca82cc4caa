"""``mammoth simulate``'s part files defend themselves, as the runner's chunks do (issue 15).

A damaged, foreign or misplaced part is played again (and said so), never merged: the resumed
run writes the table of an uninterrupted run. ``--resume`` without an intact ``parts.json`` of
the same settings refuses, changing nothing.
"""

from __future__ import annotations

import io
import json
import shutil

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from cli_contract import assert_refused, invoke, snapshot

import experiments.simulate.kind_parts as games
from experiments.simulate.report import PART_META

ARGS = ["simulate", "--games", 12, "--players", 2, "--seed", 7, "--chunk-size", 4]
ARGS += ["--strategy", "classic", "--strategy", "random"]


@pytest.fixture(scope="module")
def interrupted(tmp_path_factory):
    """``whole``: an uninterrupted run; ``cut``: the same run stopped before the merge."""
    base = tmp_path_factory.mktemp("parts")
    result = invoke(*ARGS, "--out", base / "whole")
    assert result.exit_code == 0, result.output
    assert _stopped_before_the_merge(ARGS, base / "cut").exit_code == 130
    return base


def _stopped_before_the_merge(args, out):
    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(games, "merge_parts", stop)
        return invoke(*args, "--out", out)


def _copy(interrupted, tmp_path):
    target = tmp_path / "cut"
    shutil.copytree(interrupted / "cut", target)
    return target, sorted((target / "games.parts").glob("part-*.parquet"))


def _rewrite(path, change):
    table = pq.read_table(path)
    table = change(table)
    sink = io.BytesIO()
    pq.write_table(table, sink)
    path.write_bytes(sink.getvalue())


def _changed_value(path, others):
    def change(table):
        frame = table.to_pandas()
        frame.loc[0, "score"] += 1
        return pa.Table.from_pandas(frame, preserve_index=False).replace_schema_metadata(
            table.schema.metadata
        )

    _rewrite(path, change)


def _without_identity(path, others):
    def change(table):
        kept = {k: v for k, v in table.schema.metadata.items() if k != PART_META}
        return table.replace_schema_metadata(kept)

    _rewrite(path, change)


DAMAGE = {
    "truncated": lambda p, o: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
    "random bytes": lambda p, o: p.write_bytes(np.random.default_rng(0).bytes(p.stat().st_size)),
    "0 bytes": lambda p, o: p.write_bytes(b""),
    "changed value": _changed_value,
    "no identity (not a part file)": _without_identity,
    "copy of another part": lambda p, o: shutil.copyfile(o[0], p),
    "another run's part": lambda p, o: shutil.copyfile(o[-1], p),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_part_is_played_again_not_merged(tmp_path, interrupted, damage):
    out, parts = _copy(interrupted, tmp_path)
    others = [parts[0]] if damage != "another run's part" else [_part_of_another_run(tmp_path)]
    DAMAGE[damage](parts[1], others)
    result = invoke(*ARGS, "--out", out, "--resume")
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "playing it again" in line]
    assert len(said) == 1 and parts[1].name in said[0], result.stderr
    whole = pd.read_parquet(interrupted / "whole" / "games.parquet")
    pd.testing.assert_frame_equal(whole, pd.read_parquet(out / "games.parquet"))
    assert sorted(p.name for p in out.iterdir()) == ["games.parquet", "run.json"]


def _part_of_another_run(tmp_path):
    """Part 1 of another run (other strategies), stopped before its merge."""
    args = [*ARGS[:-4], "--strategy", "random", "--strategy", "random"]
    assert _stopped_before_the_merge(args, tmp_path / "other").exit_code == 130
    return tmp_path / "other" / "games.parts" / "part-000001.parquet"


def test_the_merged_table_carries_no_part_identity(interrupted):
    schema = pq.read_schema(interrupted / "whole" / "games.parquet")
    assert PART_META not in schema.metadata and b"mammoth" in schema.metadata


def test_a_part_beyond_the_run_and_stray_files_are_dropped(tmp_path, interrupted):
    out, parts = _copy(interrupted, tmp_path)
    shutil.copyfile(parts[0], out / "games.parts" / "part-000099.parquet")
    (out / "games.parts" / "part-abc.parquet").write_text("not a part")
    result = invoke(*ARGS, "--out", out, "--resume")
    assert result.exit_code == 0, result.output
    assert "part-000099.parquet beyond the run's last part" in result.stderr
    whole = pd.read_parquet(interrupted / "whole" / "games.parquet")
    pd.testing.assert_frame_equal(whole, pd.read_parquet(out / "games.parquet"))
    assert sorted(p.name for p in out.iterdir()) == ["games.parquet", "run.json"]


def _no_parts_json(folder):
    (folder / "parts.json").unlink()


def _bad_json(folder):
    (folder / "parts.json").write_text("{not json")


def _binary(folder):
    (folder / "parts.json").write_bytes(b"\x00\xff" * 10)


def _other_settings(folder):
    document = json.loads((folder / "parts.json").read_text())
    document["seed"] = 8
    (folder / "parts.json").write_text(json.dumps(document))


def _linked_part(folder):
    target = folder.parent.parent / "elsewhere.parquet"
    shutil.copyfile(folder / "part-000000.parquet", target)
    (folder / "part-000000.parquet").unlink()
    (folder / "part-000000.parquet").symlink_to(target)


REFUSED = {
    "no parts.json": (_no_parts_json, "no parts.json"),
    "parts.json not JSON": (_bad_json, "is damaged"),
    "parts.json binary": (_binary, "is damaged"),
    "other settings": (_other_settings, "other settings"),
    "a linked part": (_linked_part, "not a regular file"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_resume_refuses_parts_it_cannot_trust(tmp_path, interrupted, case):
    out, _ = _copy(interrupted, tmp_path)
    damage, words = REFUSED[case]
    damage(out / "games.parts")
    before = snapshot(tmp_path)
    line = assert_refused(invoke(*ARGS, "--out", out, "--resume"), tmp_path, before)
    assert words in line
