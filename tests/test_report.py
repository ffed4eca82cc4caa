"""``mammoth report``: answer first, numbers for people, Markdown and self-contained HTML.

The demo's report in a real browser is ``tests/test_report_browser.py``; here the text.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest
from cli_contract import assert_refused, copy_folder, invoke, snapshot
from click.testing import CliRunner

from experiments.cli import main
from experiments.shared.document import (
    Bullets,
    Cell,
    Document,
    Link,
    Paragraph,
    Strong,
    Table,
    markdown,
    to_html,
)
from experiments.shared.numbers import count, interval, percent, plain, pp


def test_numbers_for_people():
    """The report's figures (:mod:`experiments.shared.numbers`): one decimal, a true minus
    sign, and a figure that rounds to zero written without a sign, exact or not."""
    assert percent(0.071666) == "7.2%" and percent(0.0) == "0.0%" and percent(1) == "100.0%"
    assert percent(1.11e-16) == "0.0%" and percent(-1.11e-16) == "0.0%"
    assert percent(float("nan")) == "–"
    assert pp(0.0333) == "+3.3 pp" and pp(-0.015) == "−1.5 pp" and pp(0) == "0.0 pp"
    assert pp(0.0333, unit=False) == "+3.3" and pp(-0.0004) == "0.0 pp"  # no "−0.0"
    assert plain(45.163) == "45.2" and plain(0) == "0.0" and plain(-0.04) == "0.0"
    assert plain(36.0, 0) == "36" and count(5586) == "5,586"
    assert interval(0.0264, 0.041, scale=100) == "[2.6, 4.1]"
    assert interval(0.0, 0.0957, scale=100) == "[0.0, 9.6]"
    assert interval(-1.4, 4.1) == "[−1.4, 4.1]"


def test_wide_tables_split_with_the_label_column_repeated():
    table = Table(["", *"abcdefghijk"], [["row", *range(11)]], caption="wide", max_columns=4)
    parts = table.parts()
    assert len(parts) == 3 and all(len(p.header) <= 5 for p in parts)
    assert [p.header[0] for p in parts] == ["", "", ""]
    assert [p.rows[0][0] for p in parts] == ["row"] * 3
    assert sum(len(p.header) - 1 for p in parts) == 11 and parts[1].caption is None
    assert Table(["", "a"], [["x", Cell("1")]]).parts()[0].header == ["", "a"]


def test_blocks_render_as_the_pages_write_them():
    """The published pages' blocks come from the one Markdown renderer: a table's plain
    alignment row, an empty cell a single space, a bold total; prose and list items wrapped at
    a width (an item's further lines under its text), a nested list, a list kept on one line."""
    table = Table(["field", "", "2 players"], [["a", "b", Cell("+1.0 pp", "[0.5, 1.5]")]])
    assert markdown(table).splitlines()[1] == "|:---|---:|---:|"
    plain_table = Table(["field", "", "2 players"], [[Strong("worst"), "b", "c"]], aligned=False)
    assert markdown(plain_table) == "| field | | 2 players |\n|---|---|---|\n| **worst** | b | c |"
    assert "<th><strong>worst</strong></th>" in to_html(Document("t", [plain_table]))
    words = ["word"] * 12
    prose = Paragraph([Strong("Bold?"), " ", " ".join(words), " (", Link("here", "#here"), ")."])
    assert markdown(prose, 20).splitlines() == [
        "**Bold?** word word", "word word word word", "word word word word", "word word",
        "([here](#here)).",
    ]  # fmt: skip
    item = Bullets([[Strong("Q?"), " " + " ".join(words)]])
    assert markdown(item, 24).splitlines() == [
        "- **Q?** word word word", "  word word word word", "  word word word word", "  word",
    ]  # fmt: skip
    nested = Bullets([" ".join(words), "two"], depth=1, wrap=False)
    assert markdown(nested, 20) == f"  - {' '.join(words)}\n  - two"
    assert markdown([prose, table]).count("\n\n") == 1


@pytest.fixture(scope="module")
def league_report(tmp_path_factory):
    root = tmp_path_factory.mktemp("league_report")
    league = root / "league"
    runner = CliRunner()
    result = runner.invoke(
        main,
        ["compare", "--strategy", "greedy", "--strategy", "random", "--players", "2",
         "--players", "3", "--games", "20", "--herd", "both", "--out", str(league)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["report", str(league), "--out", str(root)])
    assert result.exit_code == 0, result.output
    return root


def test_a_comparison_report_leads_with_ranking_chart_and_profile(league_report):
    md = (league_report / "report.md").read_text()
    page = (league_report / "report.html").read_text()
    ranking = md.index("Which strategy wins?")
    chart = md.index("](figures/league-win-rates.png)")
    profile = md.index("### Behaviour profile")
    assert ranking < md.index("## Contents") < chart < profile
    assert "1. greedy+ev" in md and "herd off: win rate" in md
    assert "| took a −10 |" in md and "2 players, herd off" in md
    assert (league_report / "figures" / "league-win-rates.png").is_file()
    assert "ASSUMED" in md and "How this was run:" in md and "seed 0" in md
    assert "[profile.csv](league/profile.csv)" in md
    assert '<meta name="viewport"' in page and "data:image/png;base64," in page
    assert "file://" not in page and "figures/" not in page  # self-contained


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_report_tables_are_short_and_hold_no_float_noise(demo_run):
    md = (demo_run / "report.md").read_text()
    rows = 0
    for line in md.splitlines() + [""]:
        if line.startswith("|") and not line.startswith("|:"):
            rows += 1
        else:
            assert rows <= 16, "a table of more than 15 rows (and its header)"
            rows = 0
    assert not re.search(r"\de-\d", md), "scientific notation in the report"
    assert not re.search(r"\d\.\d{3,}", md), "a number with more than two decimals"
    assert not re.search(r"(?<![\w.=-])[+−-]0\.0+(?!\d)", md), "a zero with a sign"
    assert not re.search(r"(?<![\w.=/-])-\d", md), "a figure with a hyphen for its minus sign"
    odds = pd.read_csv(demo_run / "contest" / "contest_odds.csv")
    numbers = odds.select_dtypes("number").to_numpy()
    assert not ((numbers > 0) & (numbers < 1e-12)).any()


def test_report_rejects_a_folder_without_results(tmp_path):
    result = CliRunner().invoke(main, ["report", str(tmp_path)])
    assert result.exit_code == 2
    assert "run.json" in result.output and "Traceback" not in result.output
    (tmp_path / "run.json").write_text("{not json")
    result = CliRunner().invoke(main, ["report", str(tmp_path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


DAMAGED_TABLES = [
    ("league", "profile.csv", "strategy,players\na,7\n"),
    ("league", "league.csv", "strategy,players,win_rate,win_low,win_high\na,2,high,0,1\n"),
    ("league", "league.csv", "strategy,players,win_rate,win_low,win_high\n"),
    ("commit", "sweep.csv", "policy,players\nfixed-1,2\n"),
    ("commit", "rule_of_thumb.csv", "situation,players,advice\nx,two,y\n"),
    ("worth", "games.csv", "players,margin\n2,1.5\n"),
    ("worth", "win_change.csv", "strategy,players,dwin,dwin_low,dwin_high\na,2.5,0,0,0\n"),
    ("contest", "contest_odds.csv", "k0,k1,win0,draw\n1,1,x,0\n"),
    ("contest", "contest_odds.csv", "k0,k1,win0,draw\n1,99999,0.5,0\n"),
]


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
@pytest.mark.parametrize("kind, table, content", DAMAGED_TABLES)
def test_report_refuses_damaged_tables_of_every_kind(tmp_path, demo_run, kind, table, content):
    """Each kind's section reads its tables only once checked: one line naming the file."""
    folder = copy_folder(demo_run / kind, tmp_path / kind)
    (folder / table).write_text(content)
    before = snapshot(tmp_path)
    line = assert_refused(invoke("report", folder, "--out", tmp_path / "r"), tmp_path, before)
    assert table in line


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_report_refuses_a_table_the_checks_let_through_in_one_line(tmp_path, demo_run):
    """A league table with every row twice passes the column checks; the section's error is
    still one line naming the folder."""
    folder = copy_folder(demo_run / "league", tmp_path / "league")
    league = pd.read_csv(folder / "league.csv")
    pd.concat([league, league]).to_csv(folder / "league.csv", index=False)
    before = snapshot(tmp_path)
    line = assert_refused(invoke("report", folder, "--out", tmp_path / "r"), tmp_path, before)
    assert str(folder) in line


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_every_run_json_names_its_kind_and_the_engine_version(demo_run):
    """The report reads a folder's section by the kind its run.json records."""
    import json

    from sim import ENGINE_VERSION

    kinds = {}
    for path in sorted(demo_run.glob("*/run.json")):
        meta = json.loads(path.read_text())
        assert meta["engine_version"] == ENGINE_VERSION, path
        kinds[path.parent.name] = meta["kind"]
    assert kinds == {
        "contest": "contest",
        "league": "compare",
        "commit": "commit",
        "advice": "advice",
        "worth": "worth",
    }


def test_run_json_cannot_be_written_without_its_kind():
    from experiments.shared.files import run_metadata
    from sim import ENGINE_VERSION

    with pytest.raises(TypeError):
        run_metadata("compare")  # every writer names the kind of its run
    meta = run_metadata("compare", kind="compare", seed=1)
    assert meta["kind"] == "compare" and meta["engine_version"] == ENGINE_VERSION


def test_the_sections_are_found_in_the_questions_folders():
    from experiments.report.report_sections import sections
    from experiments.shared.questions import questions, room_modules

    found = sections()
    modules = room_modules("report_section")
    assert len(found) == len(modules) >= 7  # one per module, none named twice
    assert {"advice", "commit", "compare", "contest", "worth"} <= set(found)
    for kind, module in found.items():
        assert kind in {q.split(".")[-1] for q in questions()}
        assert module.TITLE and isinstance(module.ORDER, int) and callable(module.section)
        assert module.PRIMARY is None or module.PRIMARY in module.TABLES
        assert not hasattr(module, "answer") or module.ANSWER
    orders = [module.ORDER for module in found.values()]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_a_folders_kind_is_read_from_its_run_json_not_guessed(tmp_path, demo_run):
    """A league folder whose run.json names no kind gets the short tables of any folder; one
    that names another kind is refused by that kind's checks, in one line."""
    import json

    folder = copy_folder(demo_run / "league", tmp_path / "league")
    meta = json.loads((folder / "run.json").read_text())
    (folder / "run.json").write_text(json.dumps({k: v for k, v in meta.items() if k != "kind"}))
    result = CliRunner().invoke(main, ["report", str(folder), "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    md = (tmp_path / "r" / "report.md").read_text()
    assert "## league: results" in md and "Which strategy wins?" not in md
    (folder / "run.json").write_text(json.dumps({**meta, "kind": "commit"}))
    before = snapshot(tmp_path)
    line = assert_refused(invoke("report", folder, "--out", tmp_path / "r"), tmp_path, before)
    assert "rule_of_thumb.csv" in line and "does not exist" in line
    (folder / "run.json").write_text(json.dumps({**meta, "kind": 7}))
    before = snapshot(tmp_path)
    line = assert_refused(invoke("report", folder, "--out", tmp_path / "r"), tmp_path, before)
    assert "kind must be a string" in line


def test_a_folder_of_another_kind_gets_short_tables(tmp_path):
    folder = tmp_path / "other"
    folder.mkdir()
    (folder / "run.json").write_text('{"command": "simulate", "seed": 3, "games": 40}')
    wide = pd.DataFrame({f"share{i}": [0.5, 0.25] for i in range(15)})
    wide = wide.assign(**{f"points{i}": [12.25, 0.0] for i in range(15)})
    wide.to_csv(folder / "wide.csv", index=False)
    pd.DataFrame({"strategy": ["a"] * 40, "win_rate": [0.25] * 40}).to_csv(
        folder / "long.csv", index=False
    )
    result = CliRunner().invoke(main, ["report", str(folder), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    md = (tmp_path / "report.md").read_text()
    assert "long.csv, the first 15 of 40 rows" in md and "| a | 25.0% |" in md
    assert "(15 more columns in the CSV)" in md  # transposed: a row per column, 15 at most
    assert "| share0 | 50.0% | 25.0% |" in md and "| points0 |" not in md


def test_the_rule_of_thumb_in_short_words():
    from experiments.commit.analysis import COMMIT, NO_COUNT, NO_DIFFERENCE, WORTH_IT
    from experiments.commit.report_thumb import short_rule, solver_rule

    one = {"verdict": COMMIT, "k": 1, "more_do_not_help": True, "seek_verdict": ""}
    assert short_rule(one) == "commit 1; more do not measurably help"
    assert short_rule(one, brief=True) == "commit 1"
    both = {"verdict": NO_COUNT, "k": None, "more_do_not_help": None, "seek_verdict": WORTH_IT}
    assert short_rule(both) == "no count beats never committing; seeking it: worth it"
    assert short_rule(both, brief=True) == "none; seek: worth it"
    same = {**both, "seek_verdict": NO_DIFFERENCE}
    assert short_rule(same, brief=True) == "none; seek: no difference"
    pairs = {"commitments": "[[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]]"}
    assert solver_rule(pairs) == "commit 1 with 1 to 5 figures available"
    assert solver_rule({"commitments": "[[1, 1], [2, 2]]"}) == (
        "commit 1 with 1, 2 with 2 figures available"
    )


def test_the_card_table_joins_neighbouring_player_counts_of_one_answer():
    from experiments.advice.report_section import card_rows

    def players(lo, hi, commit):
        return {"when": [{"feature": "players", "lo": lo, "hi": hi}], "commit": commit}

    prize = {"when": [{"feature": "prize", "lo": 12.0, "hi": None}], "commit": 2}
    card = {"rules": [players(1.5, 2.5, 1), players(3.5, 4.5, 1), prize, players(2.5, 3.5, 2)]}
    rows = [when for when, _ in card_rows({**card, "default": 1})]
    # the seek part's one row, then 2 and 4 players as one; the bonus rule and "3 players" stay
    # apart (a rule between them, and the answers differ)
    assert rows == ["always", "2 or 4 players", "bonus ≥ 12", "3 players"]


@pytest.mark.parametrize("herds", [["on"], ["on", "off"]])
def test_the_league_chart_draws_the_fair_share_in_per_cent(herds):
    from experiments.compare.report_section import league_chart

    rows = [
        {"strategy": s, "players": p, "herd": h, "win_rate": w, "win_low": w - 0.05,
         "win_high": w + 0.05}
        for p in (2, 4) for h in herds for s, w in (("a", 0.6), ("b", 0.3))
    ]  # fmt: skip
    figure = league_chart(pd.DataFrame(rows), order=["b", "a"])
    for ax, players in zip(figure.axes, (2, 4), strict=True):
        dashed = [line for line in ax.lines if line.get_linestyle() == "--"]
        assert [line.get_xdata()[0] for line in dashed] == [100 / players]
        assert [t.get_text() for t in ax.get_yticklabels()] == ["b", "a"]
        assert ax.get_xlim()[1] > 50  # the win rates are drawn in per cent too


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_demo_writes_the_card_for_every_table(demo_run):
    """Beside the report, the person's card for every table to print, linked from its answer."""
    from experiments.shared.report_card_print import print_page
    from strategies.taming_card import EVERY_TABLE_PATH, load_card

    text = (demo_run / "card_every_table.html").read_text(encoding="utf-8")
    assert text == print_page(load_card(EVERY_TABLE_PATH), "The card for every table")
    assert 'href="card_every_table.html"' in (demo_run / "report.html").read_text(encoding="utf-8")
