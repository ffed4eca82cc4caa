"""The rule of thumb is data; its words are written once (issue 23, part 3).

``rule_of_thumb.csv`` holds sentences for people and columns for programs. The report reads the
columns only: renaming every sentence (the templates of :mod:`experiments.commit.report_thumb`)
leaves the report word for word the same, while the CSV's sentences change. (A verdict's own
words, "worth it", are the report's words too, so renaming them would change both alike.)
"""

from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main
from experiments.commit import report_thumb as advice
from experiments.commit.analysis import MIXED, REFERENCE_PRIZE
from experiments.commit.analysis_thumb import rule_of_thumb
from experiments.commit.report_thumb import with_words


def _sweep() -> pd.DataFrame:
    """A sweep table by hand: 2 and 3 players, the tile set in force and the herd on gold."""
    effects = {  # (players, condition) -> policy -> win-rate change
        (2, MIXED): {"fixed-1": 0.05, "fixed-2": 0.06, "fixed-3": -0.01, "ev": 0.10},
        (3, MIXED): {"fixed-1": -0.05, "fixed-2": -0.06, "fixed-3": -0.07, "ev": 0.0},
        (2, "herd on gold"): {"fixed-1": 0.0, "fixed-2": 0.08, "fixed-3": 0.09, "ev": -0.1},
        (3, "herd on gold"): {"fixed-1": 0.0, "fixed-2": 0.01, "fixed-3": 0.0, "ev": 0.0},
    }
    rows = []
    for (players, condition), by_policy in effects.items():
        for policy, d in by_policy.items():
            rows.append(
                {
                    "condition": condition,
                    "tile_set": "default (assumed fronts, docs/rules.md B3)",
                    "baseline": "greedy+never",
                    "players": players,
                    "policy": policy,
                    "dwin": d,
                    "dwin_low": d - 0.02,
                    "dwin_high": d + 0.02,
                    "contests": 2.0,
                    "tiles": 1.0,
                }
            )
    return pd.DataFrame(rows)


def _responses() -> pd.DataFrame:
    rows = [
        {"players": p, "others_commit": k, "figures": f, "best_commitment": min(f, k + 1)}
        | REFERENCE_PRIZE
        for p in (2, 3)
        for k in (0, 1)
        for f in (1, 2, 3)
    ]
    return pd.DataFrame(rows)


def _folder(path, sweep: pd.DataFrame, thumb: pd.DataFrame) -> None:
    path.mkdir(parents=True)
    sweep.to_csv(path / "sweep.csv", index=False)
    with_words(thumb, sweep, REFERENCE_PRIZE).to_csv(path / "rule_of_thumb.csv", index=False)
    meta = {
        "command": "commit",
        "kind": "commit",
        "seed": 1,
        "games_per_arm": 100,
        "players": [2, 3],
    }
    (path / "run.json").write_text(json.dumps(meta))


def _report(root) -> str:
    result = CliRunner().invoke(main, ["report", str(root / "commit"), "--out", str(root)])
    assert result.exit_code == 0, result.output
    return (root / "report.md").read_text()


RENAMED = {
    "FIXED_RULES": {
        key: f"RENAMED {key}: put {{k}} figures on the tile" for key in advice.FIXED_RULES
    },
    "SITUATIONS": {key: f"RENAMED {key} {{area}}{{others_commit}}" for key in advice.SITUATIONS},
    "MORE_DO_NOT_HELP": " (RENAMED: no more)",
    "SEEKING": " / RENAMED seeking: {verdict}",
}


def test_renamed_sentences_leave_the_report_the_same(tmp_path, monkeypatch):
    sweep = _sweep()
    thumb = rule_of_thumb(sweep, _responses())
    _folder(tmp_path / "words" / "commit", sweep, thumb)
    before = _report(tmp_path / "words")
    for name, value in RENAMED.items():
        monkeypatch.setattr(advice, name, value)
    _folder(tmp_path / "renamed" / "commit", sweep, thumb)
    after = _report(tmp_path / "renamed")
    old = (tmp_path / "words" / "commit" / "rule_of_thumb.csv").read_text()
    new = (tmp_path / "renamed" / "commit" / "rule_of_thumb.csv").read_text()
    assert "commit 1 when your people are on the herd's area" in old and "RENAMED" not in old
    assert new.count("RENAMED") >= len(thumb) and "when your people" not in new
    assert after == before
    # and the report says what the numbers say: commit 1 with 2 players (more do not help),
    # no count with 3; on gold, commit 2 with 2 players and seeking costs wins; the solver
    assert "commit 1; more do not measurably help (2 players)" in before
    assert "do not commit (3 players)" in before
    assert "| gold | commit 2; seek: costs wins | none; seek: no difference |" in before
    assert "commit 1 with 1 to 3 figures available" in before


@pytest.mark.parametrize("cell", ["[[1, 1], [2", "[" * 100_000 + "]" * 100_000])
def test_a_damaged_solver_cell_is_one_line(tmp_path, cell):
    sweep = _sweep()
    thumb = rule_of_thumb(sweep, _responses())
    folder = tmp_path / "commit"
    _folder(folder, sweep, thumb)
    table = pd.read_csv(folder / "rule_of_thumb.csv")
    table["commitments"] = table["commitments"].where(table["commitments"].isna(), cell)
    table.to_csv(folder / "rule_of_thumb.csv", index=False)
    result = CliRunner().invoke(main, ["report", str(folder), "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and str(folder) in result.output
