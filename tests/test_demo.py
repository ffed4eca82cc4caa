"""The main job, ``mammoth demo``, at a tiny size."""

from __future__ import annotations

from click.testing import CliRunner

from experiments.cli import main
from experiments.demo_cli import default_suite


def test_demo_runs_the_default_suite_and_reports(tmp_path):
    out = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--out", str(out), "--games", "12"])
    assert result.exit_code == 0, result.output
    assert (out / "report.md").exists() and (out / "report.html").exists()
    assert (out / "contest" / "run.json").exists()
    for name in [path.stem for path in default_suite()] + ["commit", "worth"]:
        assert (out / name / "run.json").exists(), name
    assert "ASSUMED" in (out / "report.md").read_text()


def test_demo_rejects_bad_sizes(tmp_path):
    result = CliRunner().invoke(main, ["demo", "--out", str(tmp_path), "--scale", "-1"])
    assert result.exit_code == 2 and "Traceback" not in result.output
