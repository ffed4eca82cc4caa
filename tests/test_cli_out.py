"""The natural first commands work (issue 22): ``--out`` omitted writes to ``results/COMMAND``.

Every command that writes files has a default folder of its own, named after the command, and
names it at the end of the run; where no default makes sense (``tune`` writes a preset FILE
whose name is the preset's) click's one line "Missing option" and exit code 2. Each test runs in
a fresh working folder, so ``results/`` is the test's own.
"""

from __future__ import annotations

import pytest
from cli_contract import invoke, snapshot


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A fresh working folder: the commands' relative ``results/...`` lands in it."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _wrote(result, folder: str, files: list[str], here) -> None:
    shown = f"exit {result.exit_code}; output {result.output!r}; exception {result.exception!r}"
    assert result.exit_code == 0, shown
    assert "Traceback" not in result.output, shown
    assert folder in result.stdout, shown  # named when the run ends
    for name in files:
        assert (here / folder / name).is_file(), (name, shown)
    written = {p.relative_to(here).parts[:2] for p in here.rglob("*") if p.is_file()}
    assert written == {tuple(folder.split("/"))}, written  # nothing outside it


def test_compare_without_out_writes_results_compare(here):
    # the command of issue 22, smaller
    result = invoke("compare", "--strategy", "greedy", "--strategy", "classic", "--games", 3)
    _wrote(result, "results/compare", ["league.csv", "profile.csv", "run.json"], here)


def test_simulate_without_out_writes_results_simulate(here):
    result = invoke("simulate", "--games", 3, "--players", 2)
    _wrote(result, "results/simulate", ["games.parquet", "run.json"], here)


def test_commit_without_out_writes_results_commit(here):
    args = ["--games", 2, "--players", 2, "--policy", "fixed-1", "--no-herd-areas"]
    result = invoke("commit", *args, "--max-figures", 2)
    _wrote(result, "results/commit", ["sweep.csv", "rule_of_thumb.csv", "run.json"], here)


def test_worth_without_out_writes_results_worth(here):
    result = invoke("worth", "--games", 2, "--players", 2, "--no-sensitivity")
    _wrote(result, "results/worth", ["win_change.csv", "games.csv", "run.json"], here)


def test_contest_table_without_out_writes_results_contest_table(here):
    result = invoke("contest", "table", "--players", 2, "--max-figures", 2)
    _wrote(result, "results/contest-table", ["contest_odds.csv", "run.json"], here)


def test_run_without_out_writes_results_run_name(here, finished_run):
    result = invoke("run", finished_run.toml)
    _wrote(result, "results/run", ["league/league.csv", "league/run.json"], here)


@pytest.mark.parametrize(
    ("args", "missing"),
    [
        (["tune", "greedy", "--against", "classic", "--games", "2"], "option '--out'"),
        (["tune"], "argument 'STRATEGY'"),
        (["compare", "--games", "2"], "option '--strategy'"),
        (["contest", "table"], "option '--players'"),
        (["contest", "table", "--players", "2"], "option '--max-figures'"),
        (["contest", "commit"], "option '--figures'"),
        (["contest", "odds"], "argument 'FIGURES...'"),
        (["report"], "argument 'FOLDERS...'"),
        (["run"], "argument 'FILES...'"),
    ],
)
def test_an_option_without_a_sensible_default_is_missing_in_one_line(here, args, missing):
    before = snapshot(here)
    result = invoke(*args)
    shown = f"exit {result.exit_code}; output {result.output!r}; exception {result.exception!r}"
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), shown
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines == [f"mammoth: error: Missing {missing}."], shown
    assert snapshot(here) == before
