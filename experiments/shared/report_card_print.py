"""A person's card to print: one self-contained page that prints on one A6 sheet.

The page holds the card's words (:mod:`experiments.shared.report_person_words`): a block per table
size (where to place, what to commit), what the winner takes, and the conversion that counts a
bonus. Its print style sets the sheet to A6 and the type small enough for the whole card; on a
screen it reads as a narrow column. No script, no network: it prints saved.

Written by the card's derivation and beside the report (the advice's answer links the shipped
card for every table).
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from experiments.shared.report_person_words import WINNER_LINE, person_lines, worth_line

MAX_COMMAND = 240
"""The longest derivation command printed whole on the card (a card for several tables names
each: its file keeps it)."""
STYLE = """
@page { size: A6; margin: 4mm; }
* { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 30rem; padding: 0.8rem;
       line-height: 1.3; color: #111; }
h1 { font-size: 1.15rem; margin: 0 0 0.4rem; }
h2 { font-size: 0.95rem; margin: 0.5rem 0 0.1rem; }
p { margin: 0.1rem 0; }
.small { font-size: 0.8rem; color: #333; }
section { break-inside: avoid; }
@media print {
  body { max-width: none; padding: 0; font-size: 6.5pt; line-height: 1.18; }
  h1 { font-size: 8.5pt; margin-bottom: 1mm; }
  h2 { font-size: 7pt; margin: 1mm 0 0.2mm; }
  .small { font-size: 5.8pt; }
}
"""


def print_page(card: Mapping, title: str) -> str:
    """The card as a page that prints on one A6 sheet.

    Parameters
    ----------
    card : mapping
        A person's card (:func:`strategies.card_person.is_person`), with its ``provenance``
        where it was derived.
    title : str
        The page's heading.

    Returns
    -------
    str
        The HTML page.
    """
    esc = html.escape
    blocks = []
    for players, (where, how) in person_lines(card).items():
        blocks.append(
            f"<section><h2>{players} players</h2><p>{esc(where)}</p><p>{esc(how)}</p></section>"
        )
    made = card.get("provenance", {}).get("command")
    if made and len(made) > MAX_COMMAND:
        made = "mammoth derive-card (the whole command is in the card file's provenance)"
    source = f'<p class="small">Derived by: <code>{esc(made)}</code></p>' if made else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{esc(title)}</h1>" + "".join(blocks) + f"<section><p>{esc(WINNER_LINE)}</p>"
        f'<p class="small">{esc(worth_line(card))}</p>{source}</section>'
        "</body></html>\n"
    )
