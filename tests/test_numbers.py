"""One set of number formatters (issue 67): :mod:`experiments.shared.numbers` writes every figure
for people, with one rule for the minus sign and for zero.

Every ``.py`` file of ``experiments/`` is parsed with :mod:`ast` and refused if it defines a
number formatter of its own, writes a sign with a format spec, or swaps in a minus sign; the
scan is shown to catch formatters planted in a real module. The published pages and
``mammoth report`` are shown to print the same figures of a committed result folder alike.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import sys
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main
from experiments.shared.numbers import (
    DASH,
    MINUS,
    count,
    estimate,
    in_words,
    interval,
    measure,
    percent,
    plain,
    pp,
    rated,
    shortest,
    signed,
)

ROOT = Path(__file__).resolve().parent.parent
EXPERIMENTS = ROOT / "experiments"
NUMBERS = EXPERIMENTS / "shared" / "numbers.py"
RESULTS = ROOT / "docs" / "results"


# --------------------------------------------------------------------------------------------
# The rule


def test_a_negative_figure_has_the_true_minus_sign():
    assert MINUS == "\u2212"
    assert signed(-1.44) == "−1.4" and plain(-1.44) == "−1.4" and pp(-0.015) == "−1.5 pp"
    assert interval(-0.3, 4.1) == "[−0.3, 4.1]" and signed(-1250.2, 0) == "−1,250"
    assert shortest(-5) == "−5" and shortest(1e-6) == "1e-06"  # an exponent is no figure's sign
    everything = [signed(-2.5), plain(-2.5), pp(-0.025), percent(-0.025), estimate(-1, -2, -0.5)]
    everything += [interval(-2, -1, signs=True), rated(-40, -60, -20), measure(-2, "s")]
    assert all("-" not in text and MINUS in text for text in everything)


@pytest.mark.parametrize("value", [0.0, -0.0, 0.004, -0.004, 1e-12, -1e-12])
def test_a_figure_that_rounds_to_zero_has_no_sign(value):
    assert signed(value) == plain(value) == "0.0"
    assert signed(value, 2) == "0.00" and signed(value, 0) == "0"
    assert pp(value / 100) == "0.0 pp" and percent(value / 100) == "0.0%"
    assert interval(value, value, signs=True) == "[0.0, 0.0]"


def test_figures_keep_their_decimals_sign_and_separators():
    assert signed(3.25) == "+3.2" and signed(3.26) == "+3.3" and signed(0.05, 2) == "+0.05"
    assert plain(1250.04) == "1,250.0" and count(5586) == "5,586" and in_words(6) == "six"
    assert in_words(12000) == "12,000" and percent(0.071666) == "7.2%" and pp(0.0333) == "+3.3 pp"
    assert pp(0.0333, unit=False) == "+3.3" and percent(0.5, 0) == "50%"
    assert interval(0.0264, 0.041, scale=100) == "[2.6, 4.1]"
    assert rated(118.9, 95.2, 145.1) == "+119 [+95, +145]"
    assert rated(0.2, -12, 12) == "0 [−12, +12]"
    assert estimate(0.37, -0.14, 0.88, 2) == "+0.37 [−0.14, +0.88]"
    assert estimate(0.0333, 0.0264, 0.041, scale=100) == "+3.3 [+2.6, +4.1]"
    assert measure(12_345_678, "1/s") == "12.3 M/s"
    assert measure(4120.4, "games/s") == "4,120 games/s"
    assert measure(1.254, "chunks/s") == "1.25 chunks/s" and measure(0.996, "x", 3) == "0.996 x"
    assert shortest(6.0) == "6" and shortest(0.25) == "0.25"


def test_near_zero_gives_a_small_figure_its_sign_back():
    """An interval's end just short of 0 must not read as reaching it (the card's check)."""
    assert signed(-0.03, near_zero=2) == "−0.03" and signed(0.004, near_zero=2) == "0.0"
    assert signed(0.0, near_zero=2) == "0.0" and signed(-0.3, near_zero=2) == "−0.3"
    assert estimate(0.5, -0.03, 1.2, near_zero=2) == "+0.5 [−0.03, +1.2]"


def test_a_missing_figure_is_a_dash_and_a_missing_interval_empty():
    for missing in (None, float("nan")):
        assert signed(missing) == plain(missing) == percent(missing) == pp(missing) == DASH
        assert count(missing) == estimate(missing, 0, 1) == DASH
        assert interval(missing, 1) == interval(0, missing) == ""
    assert estimate(1.0, None, 2.0) == "+1.0"


def test_the_formatters_import_nothing_but_the_standard_library():
    """So that every question, and every room, may use them."""
    tree = ast.parse(NUMBERS.read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


# --------------------------------------------------------------------------------------------
# No formatter elsewhere

FORMATTER_NAMES = re.compile(
    r"_?(pct|pp|signed|plain|num|format|bound|percent|interval|in_words|points|rated|one|whole"
    r"|count|estimate|measure|shortest|fmt)"
)
"""Names of the formatters the modules of ``experiments/`` once defined for themselves, and of
the formatters of :mod:`experiments.shared.numbers`."""
NUMERIC_SPEC = re.compile(r"[+,_]|\.(\d+|\{\})|[bdeEfFgGn%]$")
"""A format spec that writes a number (``.1f``, ``+``, ``,``, ``g``, ``%``...); not ``34s``."""
WORDS_OF_A_FIGURE = 6
"""At most this many characters (spaces aside) of an f-string's own text around its figures
make it a figure (``%``, `` pp``, ``[``, ``, ``, ``]``, `` M/s``), not a sentence."""


def _spec(node: ast.FormattedValue) -> str:
    parts = node.format_spec.values if node.format_spec is not None else []
    return "".join(p.value if isinstance(p, ast.Constant) else "{}" for p in parts)


def _formats_a_number(node: ast.AST) -> bool:
    """An expression that writes a number with a spec of its own: ``f"{x:.1f}%"``,
    ``format(x, ",.0f")``, ``"%.2f" % x``."""
    if isinstance(node, ast.JoinedStr):
        figures = [v for v in node.values if isinstance(v, ast.FormattedValue)]
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        return (
            any(NUMERIC_SPEC.search(_spec(v)) for v in figures)
            and len("".join(text.split())) <= WORDS_OF_A_FIGURE
        )
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "format":
        spec = node.args[1] if len(node.args) > 1 else None
        return isinstance(spec, ast.Constant) and bool(NUMERIC_SPEC.search(str(spec.value)))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = node.left
        return isinstance(left, ast.Constant) and bool(
            re.search(r"%[-+ #0]*\d*(\.\d+)?[dfeEgG%]", str(left.value))
        )
    return False


def _is_minus_swap(node: ast.AST) -> bool:
    """``text.replace("-", "−")``: a minus sign put in by hand."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    args = [a.value for a in node.args if isinstance(a, ast.Constant)]
    return node.func.attr == "replace" and len(args) == 2 and args == ["-", MINUS]


def _own(function: ast.AST):
    """The nodes of a function itself, not of the functions it defines nor of the errors it
    raises (a message names its limits, it writes no figure)."""
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Raise):
            continue
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo += list(ast.iter_child_nodes(node))


ONE_SET = {"signed", "plain", "percent", "pp", "interval", "estimate", "rated", "count"}
ONE_SET |= {"in_words", "shortest", "measure"}
"""The formatters of :mod:`experiments.shared.numbers`: a function named like a formatter that
only passes its figure on to one is a formatter too."""


def _writes_a_number(node: ast.AST) -> bool:
    """A node that makes text of a number: a format spec, ``str()`` of an expression,
    ``format()``, ``%`` formatting, or one of the formatters of the one set."""
    if isinstance(node, ast.FormattedValue):
        return bool(NUMERIC_SPEC.search(_spec(node)))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name = node.func.id
        return (
            name in ONE_SET
            or name == "format"
            or (name == "str" and bool(node.args) and not isinstance(node.args[0], ast.Name))
        )
    return isinstance(node, ast.BinOp) and _formats_a_number(node)


def formatters_in(source: str) -> list[str]:
    """What in ``source`` writes numbers by itself instead of through
    :mod:`experiments.shared.numbers`, one ``line: why`` each.

    - a function that returns a figure written with a format spec (``f"{100 * x:.1f}%"``);
    - a function named like a number formatter that writes a number, by itself or with one of
      the one set's formatters (an alias is a formatter too);
    - a sign written with a format spec (``{x:+.1f}``), anywhere: only ``signed`` writes signs;
    - a minus sign swapped in for the hyphen (``.replace("-", "−")``), anywhere.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            body = list(_own(node))
            returns = [r.value for r in body if isinstance(r, ast.Return) and r.value is not None]
            if any(_formats_a_number(value) for value in returns):
                found.append(f"{node.lineno}: {node.name} returns a figure it formats itself")
            elif FORMATTER_NAMES.fullmatch(node.name) and any(map(_writes_a_number, body)):
                found.append(f"{node.lineno}: {node.name}, named like a formatter, writes one")
        elif isinstance(node, ast.FormattedValue) and "+" in _spec(node):
            found.append(f"{node.lineno}: a sign written with the format spec {_spec(node)!r}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.search(r"\{[\w.\[\]]*:[^{}\s]*\+[^{}\s]*\}|%\+\d*(\.\d+)?[dfeEgG]", node.value):
                found.append(f"{node.lineno}: a sign written with a format template")
        elif _is_minus_swap(node):
            found.append(f"{node.lineno}: a minus sign swapped in for the hyphen")
    return found


PLANTED = {
    "a share": 'def _share(x):\n    return f"{100 * x:.1f}%"\n',
    "a signed interval": (
        'def gain_words(v, lo, hi):\n    return f"{v:+.2f} [{lo:+.2f}, {hi:+.2f}]"\n'
    ),
    "a known name": "def _pp(x):\n    return str(round(100 * x, 1)) + ' pp'\n",
    "an alias": "def _pct(x):\n    return percent(x, 0)\n",
    "a formatter in two steps": (
        "def _plain(x, digits=1):\n"
        '    text = f"{x:.{digits}f}"\n'
        '    return text.lstrip("-") if float(text) == 0 else text\n'
    ),
    "format()": 'def tidy(x):\n    return format(x, ",.0f")\n',
    "% formatting": 'def legacy(x):\n    return "%.2f" % x\n',
    "a sign in prose": 'def said(x):\n    return f"the seat gained {x:+.1f} points in all"\n',
    "a template sign": 'TEMPLATE = "gains {gain:+.1f} pp"\n',
    "a minus swap": 'def minus(text):\n    return text.replace("-", "\\u2212")\n',
    "a nested formatter": (
        "def table(rows):\n"
        "    def cell(x):\n"
        '        return f"{x:,.0f} games"\n'
        "    return [cell(r) for r in rows]\n"
    ),
}
"""Formatters of every kind the scan must catch."""
INNOCENT = (
    'def made(n):\n    return f"(Made from {count(n)} decisions, as the card records.)"\n'
    'def chunk(folder, i):\n    return folder / f"chunk_{i:05d}.parquet"\n'
    'def row(name):\n    return f"{name:34s}"\n'
    'LABEL = ("share_starved", "took a −10")\n'
)
"""What is no number formatter: a sentence, a file name, a padded name, a label."""


@pytest.mark.parametrize("what", sorted(PLANTED))
def test_the_scan_catches_a_formatter_planted_in_a_real_module(what):
    module = (EXPERIMENTS / "commit" / "report_thumb.py").read_text(encoding="utf-8")
    assert formatters_in(module) == []
    planted = formatters_in(module + "\n\n" + PLANTED[what])
    assert len(planted) >= 1, f"{what} went unseen"
    assert all(int(line.split(":")[0]) > module.count("\n") for line in planted)


def test_the_scan_lets_sentences_file_names_and_labels_be():
    assert formatters_in(INNOCENT) == []


def test_the_scan_reads_every_module_of_experiments():
    files = sorted(EXPERIMENTS.rglob("*.py"))
    assert NUMBERS in files and len(files) > 100
    assert EXPERIMENTS / "card" / "card_check" / "report.py" in files  # a question's sub-package


def test_no_module_but_the_one_defines_a_number_formatter():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted(EXPERIMENTS.rglob("*.py"))
        if path != NUMBERS
        for line in formatters_in(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "write figures with experiments.shared.numbers:\n" + "\n".join(found)


# --------------------------------------------------------------------------------------------
# The pages and the report print one figure alike


def _report_of(folder: str, tmp_path: Path) -> str:
    """``mammoth report`` of a committed folder, as its command wrote it: the folder's own
    ``run.json`` records the run's under ``runs`` (the folder keeps only some of its files)."""
    copy = tmp_path / folder.replace("/", "-")
    shutil.copytree(RESULTS / folder, copy)
    record = json.loads((copy / "run.json").read_text(encoding="utf-8"))
    (copy / "run.json").write_text(json.dumps(record["runs"][0]), encoding="utf-8")
    out = tmp_path / "report"
    done = CliRunner().invoke(main, ["report", str(copy), "--out", str(out)])
    assert done.exit_code == 0, done.output
    return (out / "report.md").read_text(encoding="utf-8")


def _cells(markdown: str, label: str) -> list[str]:
    """The cells after the label of the last table row labelled ``label``."""
    rows = [line for line in markdown.splitlines() if line.startswith(f"| {label} |")]
    assert rows, f"no row {label!r}"
    return [cell.strip() for cell in rows[-1].strip("|").split("|")[label.count("|") + 1 :]]


def _prose(page: Path) -> str:
    return re.sub(r"\s*\n\s*", " ", page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("field", ["champion", "presets"])
def test_the_pages_and_the_report_print_the_commit_answer_alike(field, tmp_path):
    """The win-rate changes of one field's committed sweep (``docs/results/commit/FIELD``):
    docs/answers.md's table (``mammoth docs``) and the report of the folder give each with its
    interval in the same characters (the table adds the unit the report's caption names), and
    the README's short answer quotes the strongest player's field as the report prints it."""
    from experiments.commit.page import LABELS, PLAYERS
    from experiments.commit.report_section import policy_label

    report = _report_of(f"commit/{field}", tmp_path)
    answers = (ROOT / "docs" / "answers.md").read_text(encoding="utf-8")
    compared = []
    for policy, label in LABELS.items():
        if f"| {policy_label(policy)} |" not in report:
            continue  # a policy the field's sweep did not play
        theirs = _cells(report, policy_label(policy))
        ours = _cells(answers, f"{field} | {label}")
        assert len(theirs) == len(ours) == len(PLAYERS)
        for page, printed in zip(ours, theirs, strict=True):
            value, ends = printed.split(" ", 1)
            assert page == f"{value} pp {ends}", (policy, page, printed)
            compared.append(printed)
    assert len(compared) >= 9
    assert any(MINUS in c for c in compared), "compare a negative figure too"
    if field == "champion":
        sweep = pd.read_csv(RESULTS / "commit" / field / "sweep.csv")
        four = sweep[sweep["policy"] == "fixed-4"].set_index("players")["dwin"]
        four_printed = dict(zip(PLAYERS, _cells(report, "commit 4"), strict=True))
        one = [c.split(" ")[0] for c in _cells(report, "commit 1")]
        low, high = (four_printed[four.idxmin()], four_printed[four.idxmax()])
        readme = _prose(ROOT / "README.md")
        assert f"one figure gains {one[0]}, {one[1]} and {one[2]} pp at 2, 3 and 4" in readme
        assert f"four {low.split(' ')[0]} to {high.split(' ')[0]} pp" in readme
