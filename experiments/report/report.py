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

This module is the document's shell: the answers, the contents and the order of the sections.
What each answer and section says is its question's (``experiments/<question>/report_section.py``,
found by :mod:`experiments.report.report_sections`), each folder's kind read from its
``run.json``. The folders are read defensively (:mod:`experiments.shared.report_results`,
:class:`~experiments.shared.report_folder.ResultFolder`): a malformed ``run.json``, table or
``notes.md`` is one line naming the file, and nothing is written until the whole report is built.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from pathlib import Path

from experiments.report.report_sections import section, section_of, section_title, sections
from experiments.shared.document import (
    Box,
    Bullets,
    Document,
    Figure,
    Heading,
    Link,
    Paragraph,
    to_html,
    to_markdown,
)
from experiments.shared.files import atomic_write, write_text
from experiments.shared.report_folder import ResultFolder
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
:func:`~experiments.shared.report_folder.check_table` (a duplicated row, a value of the wrong
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


def _answers(folders: list[ResultFolder]) -> tuple[list[Box], list]:
    """The answer boxes, first of the page, and the section modules that answered.

    The first folder of each kind whose section answers (``answer``) writes its answer, in the
    sections' ``ORDER``; answers of one box (``ANSWER``) join in it, the first opening it. An
    answer ``ANSWER_ALONE`` (a league's ranking) is given only when no other is.
    """
    firsts = {f.kind: f for f in reversed(folders)}  # the first folder of each kind
    found = [
        (module, firsts[kind])
        for kind, module in sections().items()
        if kind in firsts and hasattr(module, "answer")
    ]
    chosen = [(m, f) for m, f in found if not getattr(m, "ANSWER_ALONE", False)]
    chosen = chosen or found
    boxes: dict[str, list] = {}
    for module, folder in chosen:
        box = boxes.setdefault(module.ANSWER, [])
        first = not box
        box += _from(folder, partial(module.answer, first=first))
    answers = [Box(blocks, anchor=f"answer-{name}") for name, blocks in boxes.items()]
    return answers, [module for module, _ in chosen]


def _read(folder: Path, anchor: str, target: Path) -> ResultFolder:
    """A result folder, its tables checked as its kind's section reads them."""
    found = ResultFolder.read(folder, anchor, target)
    module = section_of(found.kind)
    if module is None:
        return found
    return replace(found, checks=dict(module.TABLES), primary=module.PRIMARY)


def _build(folders: list[Path], title: str, target: Path) -> tuple[Document, list]:
    """The report's document and the section modules whose answers it holds."""
    taken: set[str] = {"answers", "contents"}
    results = []
    for folder in folders:
        folder = Path(folder)
        if not folder.is_dir():
            raise InputError(f"{folder} is not a folder")
        results.append(_read(folder, _anchor(folder.name, taken), Path(target)))
    blocks: list = []
    answers, answered = _answers(results)
    blocks += answers
    blocks.append(Paragraph(CAVEAT, css="note"))
    blocks.append(Heading("Contents", 2, "contents"))
    contents = [[Link(a.blocks[0].parts[0].text.strip(" ?"), f"#{a.anchor}")] for a in answers]
    contents += [[Link(f"{r.name}: {section_title(r)}", f"#{r.anchor}")] for r in results]
    blocks.append(Bullets(contents, css="contents"))
    for result in results:
        blocks += _from(result, section)
    return Document(title, blocks), answered


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
        by :mod:`experiments.shared.report_results`, checked by
        :func:`~experiments.shared.report_folder.check_table`, one line naming the file (or
        the folder).
    """
    return _build(folders, title, target)[0]


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
    """Return the report as (Markdown, HTML, files beside it).

    The Markdown links each chart as ``figures/NAME.png`` relative to ``target``; ``files`` maps
    those relative paths to the PNG bytes, and the name of each page an answer links (its
    section's ``beside_report``: the advice card's ``card.html``) to its UTF-8 bytes
    (:func:`write_report` writes them). The HTML embeds the charts.
    """
    document, answered = _build(folders, title, target)
    files = {f.file: f.png for f in _figures(document.blocks)}
    for module in answered:
        if hasattr(module, "beside_report"):
            files |= {n: text.encode("utf-8") for n, text in module.beside_report().items()}
    return to_markdown(document), to_html(document), files


def write_report(folders: list[Path], title: str, target: Path) -> list[Path]:
    """Write ``report.md``, ``report.html``, the charts under ``figures/`` and the pages the
    answers link (the advice card's ``card.html``) into ``target``.

    Returns
    -------
    list of pathlib.Path
        ``report.md`` and ``report.html``.
    """
    target = Path(target)
    md, page, files = build_report(folders, title, target)
    for name, data in files.items():
        atomic_write(target / name, lambda tmp, data=data: tmp.write_bytes(data))
    return [write_text(target / "report.md", md), write_text(target / "report.html", page)]


__all__ = ["build_document", "build_report", "write_report"]
