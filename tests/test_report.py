"""``mammoth report``: Markdown and self-contained HTML from result folders."""

from __future__ import annotations

from click.testing import CliRunner

from experiments.cli import main


def test_report_from_a_league(tmp_path):
    league = tmp_path / "league"
    runner = CliRunner()
    result = runner.invoke(
        main,
        ["compare", "--strategy", "greedy", "--strategy", "random", "--players", "2",
         "--games", "20", "--out", str(league)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["report", str(league), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    md = (tmp_path / "report.md").read_text()
    page = (tmp_path / "report.html").read_text()
    assert "what was run" in md and "ASSUMED" in md and "| seed | 0 |" in md
    assert "![league](league/league.png)" in md
    assert "data:image/png;base64," in page and "<img" in page
    assert "greedy+ev" in page and "file://" not in page


def test_report_rejects_a_folder_without_results(tmp_path):
    result = CliRunner().invoke(main, ["report", str(tmp_path)])
    assert result.exit_code == 2
    assert "run.json" in result.output and "Traceback" not in result.output
