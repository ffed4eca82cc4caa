"""The report of result folders: one Markdown file and one self-contained HTML page, answer first.

Each result folder (written by ``simulate``, ``compare``, ``run``, ``worth``, ``commit``,
``contest table`` or ``demo``) holds a ``run.json``, CSV tables and PNG plots. The report opens
with the answers (how many figures to commit, from a commit run; what the mammoth scoring is
worth, from a worth run), each in words with a small table per player count and its intervals;
then a list of contents; then one section per folder that leads with its key chart and short
tables (at most 15 rows; the full data are the folder's CSV files, linked), then a compact "how
this was run" box. A report of a strategy comparison alone leads with the ranking, the win-rate
chart and the behaviour profile.

The HTML page embeds its charts, so it can be mailed as one file; the Markdown links them from
``figures/`` beside it. Both read well on a phone (:mod:`experiments.shared.document`).
``mammoth report`` and ``mammoth demo`` write it with :func:`write_report`.

The folders are read defensively (:mod:`experiments.report.report_results`,
:class:`~experiments.report.report_folder.ResultFolder`): a malformed ``run.json``, table or
``notes.md`` is one line naming the file, and nothing is written until the whole report is built.
"""

from __future__ import annotations

import re
from pathlib import Path

from experiments.advice.report_card import card_page
from experiments.advice.report_section import CARD_PAGE, card_answer, shipped_card
from experiments.report.report_sections import (
    TITLES,
    ResultFolder,
    commit_answer,
    league_answer,
    section,
    worth_answer,
)
from experiments.shared.document import (
    Box,
    Bullets,
    Document,
    Figure,
    Heading,
    Link,
    Paragraph,
    Strong,
    to_html,
    to_markdown,
)
from experiments.shared.files import atomic_write, write_text
from sim.errors import InputError

CAVEAT = (
    "Unless a section names a tile file, the mammoth tile fronts are the ASSUMED default set of "
    "docs/rules.md B3, not the real ones. Intervals are 95%."
)


def _anchor(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "section"
    anchor, n = base, 2
    while anchor in taken or anchor.startswith("answer"):
        anchor, n = f"{base}-{n}", n + 1
    taken.add(anchor)
    return anchor


DAMAGED = (KeyError, IndexError, TypeError, ValueError, ArithmeticError, AttributeError)
"""What a table edited by hand can still raise after the checks of
:func:`~experiments.report.report_folder.check_table` (a duplicated row, a value of the wrong
kind): turned into one line naming the folder by :func:`_from`."""


def _from(folder: ResultFolder, build) -> list:
    """``build(folder)``; a damaged folder's error as :class:`~sim.errors.InputError`."""
    try:
        return build(folder)
    except InputError:
        raise
    except DAMAGED as exc:
        reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:160]
        raise InputError(
            f"{folder.path}: its tables are not as mammoth writes them ({reason})"
        ) from None


def _untitled(block):
    """A lead paragraph without its bold title (the card above it has the question)."""
    if isinstance(block, Paragraph) and block.parts and isinstance(block.parts[0], Strong):
        parts = list(block.parts[1:])
        while parts and isinstance(parts[0], str) and not parts[0].strip():
            parts.pop(0)  # the space after the title
        if parts and isinstance(parts[0], str):
            first = parts[0].lstrip()
            parts[0] = first[:1].lower() + first[1:]
        return Paragraph(["Over whole games, ", *parts], css=block.css)
    return block


def _answers(folders: list[ResultFolder]) -> list:
    """The answer boxes, first of the page: commit and worth, or the ranking of a league."""
    kinds = {f.kind: f for f in reversed(folders)}  # the first folder of each kind
    boxes = []
    card = _from(kinds["advice"], card_answer) if "advice" in kinds else []
    if "commit" in kinds:
        if card:  # the card leads; the commit run's answer follows, shorter, without its title
            answer = _from(
                kinds["commit"], lambda folder: commit_answer(folder, most=1, count_words=False)
            )
            answer = card + [_untitled(block) for block in answer]
        else:
            answer = _from(kinds["commit"], commit_answer)
        boxes.append(Box(answer, anchor="answer-commit"))
    elif card:
        boxes.append(Box(card, anchor="answer-commit"))
    if "worth" in kinds:
        boxes.append(Box(_from(kinds["worth"], worth_answer), anchor="answer-worth"))
    if not boxes and "league" in kinds:
        boxes.append(Box(_from(kinds["league"], league_answer), anchor="answer-league"))
    return boxes


def build_document(folders: list[Path], title: str, target: Path) -> Document:
    """The report as a :class:`~experiments.shared.document.Document`.

    Parameters
    ----------
    folders : list of path-like
        Result folders, in the order of their sections.
    title : str
        The report's title.
    target : path-like
        Where the report is written: links are relative to it.

    Raises
    ------
    InputError
        If a folder does not exist, holds no ``run.json``, or a file of it is malformed: read
        by :mod:`experiments.report.report_results`, checked by
        :func:`~experiments.report.report_folder.check_table`, one line naming the file (or
        the folder).
    """
    taken: set[str] = {"answers", "contents"}
    results = []
    for folder in folders:
        folder = Path(folder)
        if not folder.is_dir():
            raise InputError(f"{folder} is not a folder")
        results.append(ResultFolder.read(folder, _anchor(folder.name, taken), Path(target)))
    blocks: list = []
    answers = _answers(results)
    blocks += answers
    blocks.append(Paragraph(CAVEAT, css="note"))
    blocks.append(Heading("Contents", 2, "contents"))
    contents = [[Link(a.blocks[0].parts[0].text.strip(" ?"), f"#{a.anchor}")] for a in answers]
    contents += [[Link(f"{r.name}: {TITLES[r.kind]}", f"#{r.anchor}")] for r in results]
    blocks.append(Bullets(contents, css="contents"))
    for result in results:
        blocks += _from(result, section)
    return Document(title, blocks)


def _figures(blocks) -> list[Figure]:
    out = []
    for block in blocks:
        if isinstance(block, Figure):
            out.append(block)
        elif isinstance(block, Box):
            out += _figures(block.blocks)
    return out


def build_report(
    folders: list[Path], title: str, target: Path
) -> tuple[str, str, dict[str, bytes]]:
    """Return the report as (Markdown, HTML, figures).

    The Markdown links each chart as ``figures/NAME.png`` relative to ``target``; ``figures``
    maps those relative paths to the PNG bytes (:func:`write_report` writes them). The HTML
    embeds them.
    """
    document = build_document(folders, title, target)
    figures = {f.file: f.png for f in _figures(document.blocks)}
    return to_markdown(document), to_html(document), figures


def write_report(folders: list[Path], title: str, target: Path) -> list[Path]:
    """Write ``report.md``, ``report.html`` and the charts under ``figures/`` into ``target``
    (and, where the card answer links it, the shipped card at the table, ``card.html``).

    Returns
    -------
    list of pathlib.Path
        ``report.md`` and ``report.html``.
    """
    target = Path(target)
    md, page, figures = build_report(folders, title, target)
    for name, png in figures.items():
        atomic_write(target / name, lambda tmp, png=png: tmp.write_bytes(png))
    if CARD_PAGE in page:  # the card answer links the shipped card at the table
        write_text(target / CARD_PAGE, card_page(shipped_card(), title="The advice card"))
    return [write_text(target / "report.md", md), write_text(target / "report.html", page)]


__all__ = ["build_document", "build_report", "write_report"]
