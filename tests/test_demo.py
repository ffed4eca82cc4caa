"""The main job, ``mammoth demo``, at a tiny size."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from experiments.cli import main
from experiments.definition import default_suite


def test_demo_runs_the_default_suite_and_reports(tmp_path):
    out = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--out", str(out), "--games", "12"])
    assert result.exit_code == 0, result.output
    assert (out / "report.md").exists() and (out / "report.html").exists()
    assert (out / "contest" / "run.json").exists()
    names = [path.stem for path in default_suite()]
    assert names[:3] == ["league", "commit", "worth"]
    for name in names:
        assert (out / name / "run.json").exists(), name
        assert list((out / name / "chunks").glob("*.npz")), name  # every one ran as a suite kind
    report = (out / "report.md").read_text()
    assert "ASSUMED" in report
    sections = [line[3:] for line in report.splitlines() if line.startswith("## ")]
    assert sections == ["contest", *names]


def test_demo_rejects_bad_sizes(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--out", str(tmp_path), "--scale", "-1"])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.slow  # the whole suite again; test_hostile_cli covers one game per arm cheaply
def test_demo_with_one_game_works(tmp_path):
    """One game per table or arm has no intervals; the report says so instead of crashing."""
    out = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--out", str(out), "--games", "1"])
    assert result.exit_code == 0, result.output
    assert (out / "report.html").exists()
    assert "too few games" in (out / "commit" / "rule_of_thumb.csv").read_text()
