"""CI: check that the demo's report opens with both answers, each with its intervals.

Usage: ``python3 .ci/check_report.py results/demo/report.html``. Exit code 0 when the page
opens with the answer to "How many figures to commit?" and to "What is the mammoth scoring
worth?" (their boxes ``answer-commit`` and ``answer-worth``, before the contents), each holding
a table with a figure and its 95% interval for 2, 3 and 4 players; otherwise one line per
problem on stderr and exit code 1. Needs nothing but Python.
"""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path

ANSWERS = {
    "answer-commit": "How many figures to commit?",
    "answer-worth": "What is the mammoth scoring worth?",
}
INTERVAL = re.compile(r"\[[−-]?\d+(?:\.\d+)?%?, [−-]?\d+(?:\.\d+)?%?\]")


def problems(page: str) -> list[str]:
    """What is missing from the report's opening (empty when both answers are there)."""
    found = []
    contents = page.find('id="contents"')
    for anchor, question in ANSWERS.items():
        start = page.find(f'<section class="box" id="{anchor}">')
        if start < 0:
            found.append(f"no answer box {anchor!r} ({question})")
            continue
        box = page[start : page.find("</section>", start)]
        text = unescape(re.sub(r"<[^>]+>", " ", box))
        if question not in text:
            found.append(f"the box {anchor!r} does not ask {question!r}")
        if contents >= 0 and start > contents:
            found.append(f"the answer {question!r} comes after the contents")
        if "<table" not in box:
            found.append(f"the answer {question!r} has no table")
        for players in (2, 3, 4):
            if f"{players} players" not in text:
                found.append(f"the answer {question!r} has no column for {players} players")
        if not INTERVAL.search(text):
            found.append(f"the answer {question!r} gives no interval")
    return found


def main(argv: list[str]) -> int:
    """Check the report named in ``argv``; print the problems and return the exit code."""
    if len(argv) != 1:
        print("usage: python3 .ci/check_report.py REPORT.html", file=sys.stderr)
        return 2
    path = Path(argv[0])
    if not path.is_file():
        print(f"check_report: {path} was not written", file=sys.stderr)
        return 1
    found = problems(path.read_text(encoding="utf-8"))
    for problem in found:
        print(f"check_report: {path}: {problem}", file=sys.stderr)
    if not found:
        print(f"check_report: {path} opens with both answers and their intervals")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
