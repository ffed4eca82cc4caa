"""The shipped cards as a table a player reads: which card for which tiles and table, how to play
it, and how far one player can exploit a table that plays it.

Every figure comes from the card files themselves (each one's certification, recorded by the
command that derived it, :mod:`experiments.advice.card_derive.report`), so the pages that show
this table are rebuilt from the files (:func:`update_blocks`, ``mammoth cards --update``) and a
test checks that they agree.
"""

from __future__ import annotations

import re
from pathlib import Path

from strategies.taming_card import CARD_PATH, PLAYERS, load_card, shipped_cards

ROOT = CARD_PATH.parent.parent.parent
"""The repository's folder (the shipped cards' paths are given from it)."""
BLOCK = "shipped-cards"
"""The name of the marked block the table fills in a page."""


def _pp(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def play_name(path: Path) -> str:
    """How a strategy name plays a shipped card: ``card`` for the default one, else
    ``card[file=strategies/models/NAME.json]``."""
    if Path(path).resolve() == CARD_PATH.resolve():
        return "card"
    return f"card[file={Path(path).resolve().relative_to(ROOT).as_posix()}]"


def shipped_rows() -> list[dict]:
    """One row per shipped card: its file, the name that plays it, the table it was derived for
    and its certification (per table size the best one-seat gain and its 95% interval, pp)."""
    rows = []
    for path in shipped_cards():
        card = load_card(path)
        made = card.get("provenance") or {}
        rows.append(
            {
                "file": Path(path).resolve().relative_to(ROOT).as_posix(),
                "play": play_name(path),
                "table": made.get("table", "written by hand"),
                "certified": made.get("certified", {}),
                "command": made.get("command", ""),
            }
        )
    return rows


def shipped_markdown() -> str:
    """The shipped cards as a Markdown table: tiles and table, how to play the card, and the
    best one-seat gain at a table of it at 2, 3 and 4 players (pp, 95% interval, the card's
    own certification)."""
    head = "| your table | play | " + " | ".join(f"{p} players" for p in PLAYERS) + " |"
    lines = [head, "|---|---|" + "---|" * len(PLAYERS)]
    for row in shipped_rows():
        cells = []
        for players in PLAYERS:
            c = row["certified"].get(str(players))
            cells.append(
                f"{_pp(c['gain'])} [{_pp(c['low'])}, {_pp(c['high'])}]" if c else "not derived"
            )
        lines.append(f"| {row['table']} | `{row['play']}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def commands_markdown() -> str:
    """Each shipped card's command, one line each, as a Markdown list."""
    return "\n".join(f"- `{row['file']}`: `{row['command']}`" for row in shipped_rows())


BLOCKS = {BLOCK: shipped_markdown, "shipped-commands": commands_markdown}
"""The marked blocks a page may hold, and what fills each."""


def _marks(name: str) -> tuple[str, str]:
    return f"<!-- {name}: written by `mammoth cards --update` -->", f"<!-- end {name} -->"


def update_blocks(text: str) -> str:
    """A page's text with every marked block (:data:`BLOCKS`) filled anew from the card files.

    A block is the text between ``<!-- NAME: written by `mammoth cards --update` -->`` and
    ``<!-- end NAME -->``; a page without one is returned as it is.
    """
    for name, fill in BLOCKS.items():
        start, end = _marks(name)
        pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
        text = pattern.sub(lambda _m, f=fill, s=start, e=end: f"{s}\n{f()}\n{e}", text)
    return text


def blocks_of(text: str) -> dict[str, str]:
    """The marked blocks a page holds, by name (their text between the marks)."""
    found = {}
    for name in BLOCKS:
        start, end = _marks(name)
        match = re.search(re.escape(start) + r"\n(.*?)\n" + re.escape(end), text, re.DOTALL)
        if match:
            found[name] = match.group(1)
    return found
