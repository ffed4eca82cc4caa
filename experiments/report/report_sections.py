"""The report's sections, found by looking: each question writes its own, in its
``report_section.py``.

A question's ``report_section`` module (``experiments/<question>/report_section.py``, found as
the commands and the kinds are: :func:`experiments.shared.questions.room_modules`) writes the
section of a result folder whose ``run.json`` names the question's kind (the question's folder
name: ``compare``, ``commit``, ``contest``...). It holds:

- ``TITLE``: the section's title, after the folder's name;
- ``ORDER``: a number; the answers of the report stand in its order;
- ``TABLES``: the tables the section reads, each checked when read
  (:data:`~experiments.shared.report_folder.Checks`), and ``PRIMARY``, the one that must have
  rows (or None);
- ``section(folder)``: the section's blocks (:mod:`experiments.shared.document`), given the
  :class:`~experiments.shared.report_folder.ResultFolder`;
- optionally an answer, which opens the report: ``ANSWER``, the name of its box (answers of one
  box share it, in their ``ORDER``), ``answer(folder, first)`` (``first``: whether it opens its
  box), ``ANSWER_ALONE`` (True: only when no other question answers) and ``beside_report()``
  (files the answer links, written beside the report).

A folder of a kind without such a module (or whose ``run.json`` names none) gets the short
tables of any folder (:func:`~experiments.shared.report_folder.generic_section`).
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from experiments.shared.document import Heading, Paragraph
from experiments.shared.questions import room_modules
from experiments.shared.report_folder import ResultFolder, data_links, generic_section, run_box
from experiments.shared.report_results import read_notes

ROOM = "report_section"
"""The name of a question's section module."""

GENERIC_TITLE = "results"
"""The title of a folder's section when no question writes it."""


@cache
def sections() -> dict[str, ModuleType]:
    """Every question's section module, by the kind it writes (its question's folder name),
    in their ``ORDER``.

    Returns
    -------
    dict
        Kind name -> the imported ``report_section`` module.
    """
    found = {}
    for name in room_modules(ROOM):
        package, module = name.rsplit(".", 1)
        if module == ROOM:
            found[package.rsplit(".", 1)[-1]] = importlib.import_module(name)
    return dict(sorted(found.items(), key=lambda item: (item[1].ORDER, item[0])))


def section_of(kind: str) -> ModuleType | None:
    """The section module of ``kind``, or None when no question writes one."""
    return sections().get(kind)


def section_title(folder: ResultFolder) -> str:
    """The title of a folder's section: its kind's ``TITLE``."""
    module = section_of(folder.kind)
    return module.TITLE if module is not None else GENERIC_TITLE


def section(folder: ResultFolder) -> list:
    """A folder's whole section: heading, its content, notes, "how this was run", data links."""
    module = section_of(folder.kind)
    blocks: list = [Heading(f"{folder.name}: {section_title(folder)}", 2, folder.anchor)]
    blocks += module.section(folder) if module is not None else generic_section(folder)
    notes = folder.path / "notes.md"
    if notes.is_file():
        blocks.append(Paragraph(read_notes(notes).strip(), css="note"))
    blocks.append(run_box(folder))
    blocks.append(data_links(folder))
    return blocks


__all__ = ["GENERIC_TITLE", "ROOM", "section", "section_of", "section_title", "sections"]
