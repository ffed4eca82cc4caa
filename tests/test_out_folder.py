"""Names are never paths: every file a run writes lies inside ``--out`` (issue 15, class 3)."""

from __future__ import annotations

import pytest
from cli_contract import assert_refused, invoke, snapshot

from experiments.shared.files import atomic_write, inside, write_text, writing_inside
from experiments.shared.settings import NAME_PATTERN, check_name
from sim.errors import InputError


@pytest.mark.parametrize(
    "name",
    ["../escaped", ".", "..", "a/b", "/tmp/abs", "a\\u0000b", "", " x", "-x", ".hidden", "x" * 65],
)
def test_a_name_that_is_not_a_folder_name_is_refused(tmp_path, finished_run, name):
    out = tmp_path / "R"
    (out / "league").mkdir(parents=True)
    (out / "league" / "run.json").write_text("{}")  # an earlier run's
    experiment = tmp_path / "x.toml"
    experiment.write_text(
        finished_run.toml.read_text().replace('name = "league"', f'name = "{name}"')
    )
    before = snapshot(tmp_path)
    line = assert_refused(invoke("run", experiment, "--out", out), tmp_path, before)
    assert "name must be a folder name" in line


@pytest.mark.parametrize("name", ["league", "League_2", "a.b-c", "0", "x" * 64])
def test_folder_names_are_accepted(name):
    assert check_name(name) == name and NAME_PATTERN.match(name)


def test_a_file_name_that_is_not_a_folder_name_needs_a_name_setting(tmp_path, finished_run):
    experiment = tmp_path / "my league.toml"
    experiment.write_text(finished_run.toml.read_text().replace('name = "league"\n', ""))
    before = snapshot(tmp_path)
    line = assert_refused(invoke("run", experiment, "--out", tmp_path / "R"), tmp_path, before)
    assert "'my league'" in line


def test_inside_refuses_paths_that_resolve_elsewhere(tmp_path):
    out = tmp_path / "out"
    (out / "sub").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (out / "link").symlink_to(tmp_path / "elsewhere")
    assert inside(out / "sub" / "x.csv", out) == out / "sub" / "x.csv"
    assert inside(out, out) == out
    for path in (out / ".." / "x.csv", tmp_path / "x.csv", out / "link" / "x.csv", "/tmp/x"):
        with pytest.raises(InputError, match="outside"):
            inside(path, out)


def test_writers_refuse_to_write_outside_the_output_folder(tmp_path):
    out = tmp_path / "out"
    with writing_inside(out):
        write_text(out / "a" / "fine.md", "ok")
        with pytest.raises(InputError, match="outside"):
            write_text(out / ".." / "escaped.md", "no")
        with pytest.raises(InputError, match="outside"):
            atomic_write(tmp_path / "escaped.bin", lambda tmp: tmp.write_bytes(b"no"))
    assert (out / "a" / "fine.md").read_text() == "ok"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    write_text(tmp_path / "free.md", "outside any block")  # no root: any path


def test_a_run_folder_that_links_elsewhere_is_refused(tmp_path, finished_run):
    out = tmp_path / "R"
    out.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (out / "league").symlink_to(tmp_path / "elsewhere")
    before = snapshot(tmp_path)
    line = assert_refused(invoke("run", finished_run.toml, "--out", out), tmp_path, before)
    assert "outside" in line


def test_a_run_writes_only_inside_its_output_folder(tmp_path, finished_run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "work").mkdir()
    before = snapshot(tmp_path)
    result = invoke("run", finished_run.toml, "--out", tmp_path / "work" / "R")
    assert result.exit_code == 0, result.output
    after = snapshot(tmp_path)
    written = set(after) - set(before)
    assert written and all(path.startswith(str(tmp_path / "work" / "R")) for path in written)
    assert {k: v for k, v in after.items() if k in before} == before
