"""The main job, ``mammoth demo``, at a tiny size (the session's shared ``demo_run``)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from cli_contract import assert_refused, invoke, snapshot
from click.testing import CliRunner

from experiments.cli import main
from experiments.report.command_demo import default_suite


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_demo_runs_the_default_suite_and_reports(demo_run):
    out = demo_run
    assert (out / "report.md").exists() and (out / "report.html").exists()
    assert (out / "contest" / "run.json").exists()
    names = [path.stem for path in default_suite()]
    assert names[:4] == ["league", "commit", "advice", "worth"]
    for name in names:
        assert (out / name / "run.json").exists(), name
        assert list((out / name / "chunks").glob("*.npz")), name  # every one ran as a suite kind
    assert set(pd.read_csv(out / "league" / "profile.csv")["players"]) == {2, 3, 4}
    report = (out / "report.md").read_text()
    assert "ASSUMED" in report
    sections = [line[3:].split(":")[0] for line in report.splitlines() if line.startswith("## ")]
    assert sections == ["Contents", "contest", *names]
    # the answers come first, before the contents
    first = report.index("## Contents")
    assert report.index("How many figures to commit?") < first
    assert report.index("What is the mammoth scoring worth?") < first
    # the commit answer opens with the shipped advice card, its provenance and this run's check
    from strategies.taming_card import load_card

    shipped = load_card()
    assert report.index("The advice card") < report.index("Over whole games, going out of your")
    opening = report[: report.index("Over whole games")]
    for line in shipped["words"]:  # the card in a player's words, a line per table size
        assert line in opening
    assert "leaving it gains one player at most" in opening
    assert " ev " not in opening and "counted out" not in opening  # no jargon in the first box
    assert f"made by {shipped['provenance']['command']})" in report  # advice section
    assert "This run: of " in report  # the play-outs' verdict on the card, in the advice section
    # the demo checks the shipped card instead of deriving a second one, and plays no search
    advice = out / "advice"
    assert (advice / "agreement.csv").is_file() and not (advice / "card.md").exists()
    assert "search" not in set(pd.read_csv(advice / "check.csv")["policy"])
    for figure in (
        "contest-heatmap",
        "league-win-rates",
        "commit-sweep",
        "advice-agreement",
        "worth-shares",
    ):
        assert f"](figures/{figure}.png)" in report
        assert (out / "figures" / f"{figure}.png").stat().st_size > 1000


def test_demo_rejects_bad_sizes(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--out", str(tmp_path), "--scale", "-1"])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.fixture
def read_only(tmp_path, monkeypatch):
    """A read-only folder under ``tmp_path``, for root too: its mode is 0o555 and making a
    folder or opening a file below it fails as the system would (root ignores the mode)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    real_mkdir, real_open = os.mkdir, os.open

    def below(path) -> bool:
        return folder in Path(os.path.abspath(os.fspath(path))).parents

    def refused(path):
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))

    def mkdir(path, *args, **kwargs):
        if below(path):
            raise refused(path)
        return real_mkdir(path, *args, **kwargs)

    def open_(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and (
            below(path) or Path(os.path.abspath(os.fspath(path))) == folder
        ):
            raise refused(path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(os, "open", open_)
    yield folder
    folder.chmod(0o755)


def test_demo_into_a_read_only_folder_is_one_line_and_writes_nothing(tmp_path, read_only):
    """An --out that cannot be written is refused before the demo says or compiles anything:
    one ``mammoth: error:`` line on stderr, exit code 2, nothing on stdout, no file made."""
    before = snapshot(tmp_path)
    result = invoke("demo", "--out", read_only / "demo", "--games", "1")
    line = assert_refused(result, tmp_path, before)
    assert "cannot write into the output folder" in line and "Permission denied" in line


@pytest.mark.slow  # the whole suite again; test_hostile_cli covers one game per arm cheaply
def test_demo_with_one_game_works(tmp_path):
    """One game per table or arm has no intervals; the report says so instead of crashing."""
    out = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--out", str(out), "--games", "1"])
    assert result.exit_code == 0, result.output
    assert (out / "report.html").exists()
    assert "too few games" in (out / "commit" / "rule_of_thumb.csv").read_text()


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_ci_check_of_the_report_accepts_the_demo_and_refuses_a_missing_answer(
    demo_run, tmp_path
):
    """.ci/check_report.py, which CI runs on the demo's report, passes it and fails without
    either answer."""
    check = [sys.executable, str(Path(__file__).parent.parent / ".ci" / "check_report.py")]
    page = demo_run / "report.html"
    assert subprocess.run([*check, str(page)], capture_output=True).returncode == 0
    for anchor in ("answer-commit", "answer-worth"):
        broken = tmp_path / f"no-{anchor}.html"
        broken.write_text(page.read_text().replace(f'id="{anchor}"', 'id="elsewhere"'))
        result = subprocess.run([*check, str(broken)], capture_output=True, text=True)
        assert result.returncode == 1 and anchor in result.stderr, result.stderr
