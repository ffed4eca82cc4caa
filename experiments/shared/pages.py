"""The published pages' figures as data: committed result folders and the marked blocks they fill.

Every figure of the README, ``docs/answers.md`` and ``docs/strategies.md`` (:data:`PAGES`) stands
in a *marked block*, the text between ``<!-- NAME: written by mammoth docs -->`` and
``<!-- end NAME -->``, and each block is written from result folders committed under
``docs/results`` (small CSV files and a ``run.json`` that records the commands and seed that made
them). A question publishes its figures in its own ``page.py`` (found by looking, as the commands
and kinds are):

- ``SOURCES``: the result folders it owns (:class:`Source`), each with the commands that make it;
- ``BLOCKS``: block name -> a function of the results folder returning the block's document
  elements (a block of :mod:`experiments.shared.document`, or a list of them), which
  :func:`blocks` renders as the page's Markdown;
- ``WRITES`` (optional): a file of ``docs/`` -> a function of the results folder returning its text
  or bytes (a table drawn from several folders, such as ``docs/answers_by_field.csv``, or a
  chart, :mod:`experiments.shared.page_charts`), named after the page that shows it
  (``docs/answers_worth.png``); every chart the pages show is one.

``mammoth docs`` rebuilds folders from their commands and writes the blocks and files anew; a
test checks that the pages and files equal what the committed folders give.
"""

from __future__ import annotations

import importlib
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType

import pandas as pd

from experiments.shared.document import markdown
from experiments.shared.questions import HOME, room_modules
from experiments.shared.report_results import read_table

ROOT = HOME.parent
"""The repository's folder."""
RESULTS = ROOT / "docs" / "results"
"""The committed result folders."""
PAGES = (ROOT / "README.md", ROOT / "docs" / "answers.md", ROOT / "docs" / "strategies.md")
"""The pages whose every figure comes from a result folder, in marked blocks."""
ROOM = "page"
"""The name of a question's module of published figures."""


@dataclass(frozen=True)
class Source:
    """A committed result folder and the commands that make it.

    Attributes
    ----------
    name : str
        Its folder under ``docs/results`` (``commit/greedy``).
    commands : tuple of str
        The ``mammoth`` commands, as a reader types them, without ``--out`` (each is run into a
        folder of its own); the folder records them in its ``run.json``.
    keep : tuple of str
        The files (glob patterns) of the command's output that the folder keeps, for a folder of
        one command and no ``summarise``.
    summarise : callable, optional
        ``summarise(outputs) -> {file name: DataFrame}``, given the commands' output folders in
        order: what the folder keeps instead of the files themselves (a summary of large outputs).
    recorded : bool
        Keep beside the folder a recording of every chunk its command played
        (:mod:`experiments.shared.chunk_record`, the file :func:`recording_of`), from which
        ``mammoth docs --rebuild NAME --replay`` remakes the folder without playing a game: for
        a command of tens of minutes (a card's derivation).
    """

    name: str
    commands: tuple[str, ...]
    keep: tuple[str, ...] = ()
    summarise: Callable[[list[Path]], dict[str, pd.DataFrame]] | None = field(
        default=None, compare=False
    )
    recorded: bool = False

    def __post_init__(self):
        if self.summarise is None and (len(self.commands) != 1 or not self.keep):
            raise ValueError(f"{self.name}: keep files of one command, or summarise several")
        if self.recorded and (len(self.commands) != 1 or self.summarise is not None):
            raise ValueError(f"{self.name}: record the chunks of one command whose files it keeps")


RECORDING = ".chunks.xz"
"""A recorded folder's recording: the folder's name and this, beside it
(``docs/results/derive/card_default_greedy.chunks.xz``)."""


def recording_of(name: str, results: Path = RESULTS) -> Path:
    """The file of a recorded folder's recording (:attr:`Source.recorded`): beside the folder,
    which stays small (its figures), while the recording holds every chunk of the run."""
    return results / f"{name}{RECORDING}"


def marks(name: str) -> tuple[str, str]:
    """The opening and closing marks of the block ``name``."""
    return f"<!-- {name}: written by mammoth docs -->", f"<!-- end {name} -->"


def _pattern(name: str) -> re.Pattern:
    start, end = marks(name)
    return re.compile(re.escape(start) + r"\n(.*?)\n?" + re.escape(end), re.DOTALL)


def blocks_of(text: str, names) -> dict[str, str]:
    """The marked blocks of ``names`` a page holds, by name (their text between the marks)."""
    found = {}
    for name in names:
        match = _pattern(name).search(text)
        if match:
            found[name] = match.group(1)
    return found


def fill_blocks(text: str, blocks: dict[str, Callable[[], str]]) -> str:
    """A page's text with each marked block of ``blocks`` written anew.

    Parameters
    ----------
    text : str
        The page.
    blocks : dict
        Block name -> a function returning its text.

    Returns
    -------
    str
        The page with every block it holds filled; a page without one is returned as it is.
    """
    for name, fill in blocks.items():
        start, end = marks(name)
        pattern = _pattern(name)
        if pattern.search(text):
            body = fill()
            text = pattern.sub(lambda _m, b=body, s=start, e=end: f"{s}\n{b}\n{e}", text)
    return text


@cache
def page_modules() -> tuple[ModuleType, ...]:
    """Every question's ``page`` module, in the questions' order."""
    names = [n for n in room_modules(ROOM) if n.rsplit(".", 1)[-1] == ROOM]
    return tuple(importlib.import_module(name) for name in names)


def sources() -> dict[str, Source]:
    """Every committed result folder's :class:`Source`, by name (sorted).

    Raises
    ------
    ValueError
        When two questions claim one folder.
    """
    found: dict[str, Source] = {}
    for module in page_modules():
        for source in getattr(module, "SOURCES", ()):
            if source.name in found:
                raise ValueError(f"two questions claim docs/results/{source.name}")
            found[source.name] = source
    return dict(sorted(found.items()))


WIDTH = 96
"""The width the pages' prose is wrapped at."""


def blocks(results: Path = RESULTS) -> dict[str, Callable[[], str]]:
    """Every marked block a page may hold -> a function writing its text from ``results``: the
    block's document elements as Markdown, paragraphs and list items wrapped at :data:`WIDTH`
    (:func:`experiments.shared.document.markdown`)."""
    return {
        name: (lambda f=fill: markdown(f(results), WIDTH))
        for module in page_modules()
        for name, fill in getattr(module, "BLOCKS", {}).items()
    }


def writes(results: Path = RESULTS) -> dict[Path, Callable[[], str | bytes]]:
    """Every file the pages' figures write besides the blocks -> a function returning its text
    (or bytes, for a chart)."""
    return {
        ROOT / name: (lambda f=fill: f(results))
        for module in page_modules()
        for name, fill in getattr(module, "WRITES", {}).items()
    }


def read(results: Path, name: str, file: str) -> pd.DataFrame:
    """A CSV file of a committed result folder (``name`` under ``results``).

    Raises
    ------
    InputError
        A file missing, too large or not a CSV table (one line naming it).
    """
    return read_table(results / name / file)


def words(command: str) -> list[str]:
    """A recorded command's arguments after ``mammoth``."""
    parts = shlex.split(command)
    if parts[:1] != ["mammoth"]:
        raise ValueError(f"not a mammoth command: {command}")
    return parts[1:]


@dataclass(frozen=True)
class Field:
    """One of the fields the answers are given for: the players at the table besides the seat
    asked about, and where they stand on the strength ladder.

    Attributes
    ----------
    name : str
        As the pages name it (``presets``).
    slug : str
        Its result folders' name (``presets``, ``quick-search``).
    rungs : tuple of str
        The ladder's rungs (as its ratings name them) whose mean 4-player rating is the
        field's.
    """

    name: str
    slug: str
    rungs: tuple[str, ...]


QUICK_SEARCH = "search[rollouts=3,horizon=1,evaluator=1]"
"""The quick search's base strategy."""
FIELDS = (
    Field("classic", "classic", ("classic+ev",)),
    Field("presets", "presets", ("balanced+ev", "cards+ev", "farmer+ev")),
    Field("greedy", "greedy", ("greedy+ev",)),
    Field("learned", "learned", ("learned+ev",)),
    Field("quick search", "quick-search", (f"{QUICK_SEARCH}+ev",)),
    Field("champion", "champion", ("champion+ev",)),
)
"""The six fields of the answers, in the order of their 4-player rating on the ladder."""
STRONGEST = "champion"
"""The field of the strongest player, whose answers the README states on their own."""
LADDER = "ladder"
"""The committed ladder's folder, which rates the fields."""


def field_ratings(results: Path, players: int = 4) -> dict[str, float]:
    """Each field's rating on the committed ladder (the mean of its rungs'), by field name."""
    ratings = read(results, LADDER, "ratings.csv")
    ratings = ratings[ratings["players"] == players].set_index("player")["rating"]
    return {f.name: float(ratings.loc[list(f.rungs)].mean()) for f in FIELDS}


def field_folder(question: str, field: Field) -> str:
    """A field's committed folder of one question (``commit/quick-search``)."""
    return f"{question}/{field.slug}"


def field_sources(
    question: str, command: str, options: dict[str, str], keep: tuple[str, ...]
) -> tuple[Source, ...]:
    """One committed folder per field of :data:`FIELDS`, each made by one command.

    Parameters
    ----------
    question : str
        The folders' parent under ``docs/results`` (the question's name).
    command : str
        The command every field shares (``mammoth commit --seed 2024``).
    options : dict
        Field name -> the options that follow it for that field.
    keep : tuple of str
        The files each folder keeps.

    Returns
    -------
    tuple of Source
        In the order of :data:`FIELDS`.
    """
    return tuple(
        Source(field_folder(question, f), (f"{command} {options[f.name]}",), keep=keep)
        for f in FIELDS
    )


def read_fields(results: Path, question: str, file: str) -> pd.DataFrame:
    """One CSV file of every field's committed folder of ``question``, in one table with a
    ``field`` column (the fields in the order of :data:`FIELDS`)."""
    parts = [read(results, field_folder(question, f), file).assign(field=f.name) for f in FIELDS]
    return pd.concat(parts, ignore_index=True)
