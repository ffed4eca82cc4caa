"""A result folder as the report reads it, and what every section of the report shares.

:class:`ResultFolder` reads a folder's ``run.json`` and CSV tables (once) and knows which kind
of run wrote it (:attr:`ResultFolder.kind`, read from its ``run.json``). A result folder may
have been edited, truncated or filled with something else: its files are read by
:mod:`experiments.shared.report_results`, and every table a kind's section reads is checked
against the section's ``TABLES`` (its columns, numbers where numbers are needed, player counts
from 2 to 4), so a damaged folder is one line naming the file (:class:`~sim.errors.InputError`),
never another exception.

The helpers below, shared by the questions' sections (``experiments/*/report_section.py``),
make table cells of estimates with their intervals, the compact "how this was run" box
(:func:`run_box`), the links to every file of a folder (:func:`data_links`) and the short tables
of a folder of another kind (:func:`generic_section`).
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from experiments.shared import report_charts as charts
from experiments.shared.document import (
    Cell,
    Figure,
    Link,
    Paragraph,
    RunBox,
    Strong,
    Table,
)
from experiments.shared.limits import MAX_STRATEGIES
from experiments.shared.numbers import count, interval, percent, plain, pp
from experiments.shared.report_results import read_run_json, read_table
from sim.errors import InputError
from strategies.registry import resolve

MAX_ROWS = 15
"""The most rows a table of the report shows; the CSV beside it has them all."""

Checks = dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
"""The tables a section reads: ``{table: (columns it needs, columns that must hold numbers when
present)}``. Every one of them must have its ``players`` whole numbers from 2 to 4."""

OTHER = "other"
"""The kind of a folder whose ``run.json`` names no kind a section is written for."""


@dataclass
class ResultFolder:
    """A result folder: its path, its ``run.json``, its tables (read once, checked against the
    tables its kind's section reads) and its kind."""

    path: Path
    anchor: str
    meta: dict = field(default_factory=dict)
    target: Path = Path(".")
    checks: Checks = field(default_factory=dict)
    primary: str | None = None
    _tables: dict = field(default_factory=dict, repr=False)

    @classmethod
    def read(
        cls,
        path: Path,
        anchor: str,
        target: Path = Path("."),
        checks: Checks | None = None,
        primary: str | None = None,
    ) -> ResultFolder:
        """Read ``path/run.json``; ``target`` is where the report goes (links are relative to it).

        Parameters
        ----------
        path : path-like
            The result folder.
        anchor : str
            Its section's anchor in the report.
        target : path-like
            The report's folder.
        checks : dict, optional
            The tables its section reads (:data:`Checks`), checked when read.
        primary : str, optional
            The table that makes a folder of its kind: it must have rows.

        Raises
        ------
        InputError
            The folder does not exist, has no ``run.json`` or an unreadable one.
        """
        path = Path(path)
        return cls(path, anchor, read_run_json(path), Path(target), dict(checks or {}), primary)

    def href(self, path: Path) -> str:
        """A file's link from the report: its path relative to :attr:`target`."""
        return Path(os.path.relpath(Path(path).resolve(), self.target.resolve())).as_posix()

    @property
    def name(self) -> str:
        """The folder's name (the section's title)."""
        return self.path.name

    def has(self, *names: str) -> bool:
        """Whether every table ``NAME.csv`` is in the folder."""
        return all((self.path / f"{n}.csv").is_file() for n in names)

    def table(self, name: str) -> pd.DataFrame:
        """The table ``NAME.csv``, checked against :attr:`checks` when the section reads it.

        Raises
        ------
        InputError
            A missing or unreadable CSV file
            (:func:`~experiments.shared.report_results.read_table`), or one without the
            columns, numbers or rows the kind's section needs.
        """
        if name not in self._tables:
            path = self.path / f"{name}.csv"
            frame = read_table(path)
            spec = self.checks.get(name)
            if spec is not None:
                check_table(path, frame, *spec, rows=self.primary == name)
            self._tables[name] = frame
        return self._tables[name]

    @property
    def kind(self) -> str:
        """The kind of run that wrote the folder, as its ``run.json`` records it (the name of
        the question's folder: ``compare``, ``commit``, ``contest``...), or :data:`OTHER` when
        it records none."""
        kind = self.meta.get("kind")
        return kind if isinstance(kind, str) and kind else OTHER


def check_table(
    path: Path, frame: pd.DataFrame, needed, numeric, rows: bool = False
) -> pd.DataFrame:
    """Check a table the report reads: ``needed`` columns, numbers in the ``numeric`` columns it
    has, player counts (whole, 2 to 4), at most :data:`~experiments.shared.limits.MAX_STRATEGIES`
    strategies, and (``rows``) at least one row.

    Raises
    ------
    InputError
        One line naming the file and what is wrong with it.
    """
    missing = [c for c in needed if c not in frame.columns]
    if missing:
        raise InputError(f"{path} is not a table mammoth wrote: no column {', '.join(missing)}")
    if rows and not len(frame):
        raise InputError(f"{path} has no rows")
    for column in [c for c in ("players", *numeric) if c in frame.columns]:
        if not pd.api.types.is_numeric_dtype(frame[column]):
            raise InputError(f"{path}: column {column} must hold numbers")
    if "players" in frame.columns:
        players = frame["players"]
        if players.isna().any() or not (players.between(2, 4) & (players % 1 == 0)).all():
            raise InputError(f"{path}: players must be whole numbers from 2 to 4")
    if "strategy" in frame.columns and frame["strategy"].nunique() > MAX_STRATEGIES:
        raise InputError(
            f"{path}: {frame['strategy'].nunique():,} strategies; a run has at most "
            f"{MAX_STRATEGIES} (see experiments/shared/limits.py)"
        )
    return frame


# --------------------------------------------------------------------------------------------
# Shared pieces of the sections


def players_of(values) -> list[int]:
    """The player counts among ``values``, sorted, each once."""
    return sorted(int(p) for p in pd.unique(pd.Series(values)))


def short_name(player: str) -> str:
    """A player's name without its default taming policy (``search[rollouts=2]``)."""
    base = player.partition("+")[0]
    try:
        return base if resolve(base).name == player else player
    except InputError:  # a name from an edited file: show it as it is
        return player


def players_header(counts) -> list[str]:
    """Column headers ``"2 players"``, ``"3 players"``... of a table per player count."""
    return [f"{p} players" for p in counts]


def and_list(items: list[str]) -> str:
    """``"2, 3 and 4"``: items in words."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _rules_text(meta: dict) -> str:
    rules = meta.get("rules", {}) if isinstance(meta.get("rules"), dict) else {}
    herd = meta.get("herd")
    herd_text = (
        f"herd {' and '.join(map(str, herd))}"
        if isinstance(herd, list) and herd
        else f"herd {'on' if rules.get('herd', True) else 'off'}"
    )
    return (
        f"{herd_text}, {rules.get('mammoth_points', 10)} mammoth points, tie rule "
        f"{rules.get('tie_rule', '?')}, resources of choice "
        f"{rules.get('resources_of_choice', 'immediate')}"
    )


def _games_text(meta: dict) -> str | None:
    for key, unit in (
        ("games_per_table", "games per table"),
        ("games_per_arm", "games per arm and player count"),
        ("games_per_table_and_arm", "games per table, arm and player count"),
        ("games_per_player_count", "games per player count"),
        ("games", "games"),
        ("mc_contests", "Monte Carlo contests (dice-kernel check)"),
    ):
        value = meta.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return f"{count(value)} {unit}"
    return None


def run_box(folder: ResultFolder) -> RunBox:
    """The compact "how this was run" box: command, sizes, seed, rules, tiles, code."""
    meta = folder.meta
    rules = meta.get("rules", {}) if isinstance(meta.get("rules"), dict) else {}
    items = [("command", f"mammoth {meta.get('command', '?')}".strip())]
    if isinstance(meta.get("players"), list):
        items.append(("players", and_list(meta["players"])))
    games = _games_text(meta)
    if games:
        items.append(("size", games))
    if "seed" in meta:
        items.append(("seed", str(meta["seed"])))
    field_names = meta.get("field") if isinstance(meta.get("field"), list) else []
    names = meta.get("strategies") or ([meta["base"], *field_names] if meta.get("base") else None)
    if isinstance(names, list):
        items.append(("strategies", ", ".join(map(str, names))))
    if rules:
        items.append(("rules", _rules_text(meta)))
        items.append(
            (
                "tiles",
                "default set, fronts ASSUMED (docs/rules.md B3)"
                if rules.get("tiles_assumed", True)
                else f"user file {rules.get('tiles', '?')}",
            )
        )
    if meta.get("commit"):
        items.append(("code", str(meta["commit"])[:12]))
    if meta.get("created"):
        items.append(("created", str(meta["created"])[:10]))
    return RunBox(items)


def size_line(folder: ResultFolder) -> str:
    """The run's size and seed in a few words (``"400 games per arm...; seed 0"``)."""
    games = _games_text(folder.meta)
    seed = folder.meta.get("seed")
    parts = [p for p in (games, None if seed is None else f"seed {seed}") if p]
    return "; ".join(parts)


def data_links(folder: ResultFolder) -> Paragraph:
    """Links to every CSV (with its rows) and figure of the folder, relative to the report."""
    parts: list = [Strong("Full data:"), " "]
    files = [
        p
        for ext in ("csv", "parquet", "png")
        for p in sorted(folder.path.glob(f"*.{ext}"))
        if p.is_file()
    ]
    extra = [folder.path / "report.md"] if (folder.path / "report.md").is_file() else []
    for i, path in enumerate(files + extra):
        href = folder.href(path)
        label = path.name
        if path.suffix == ".csv":
            rows = _rows(path)
            label += f" ({count(rows)} rows)" if rows is not None else ""
        parts += [", " if i else "", Link(label, href)]
    if not files and not extra:
        parts.append("no tables or figures in this folder")
    return Paragraph(parts, css="note")


def _rows(path: Path) -> int | None:
    try:
        with open(path, encoding="utf-8") as handle:
            return max(sum(1 for _ in handle) - 1, 0)
    except (OSError, UnicodeDecodeError):
        return None


def figure_block(folder: ResultFolder, name: str, figure, alt: str, caption: str = "") -> Figure:
    png, width, height = charts.render(figure)
    return Figure(
        name=f"{folder.anchor}-{name}",
        png=png,
        width=width,
        height=height,
        alt=alt,
        caption=caption,
        file=f"figures/{folder.anchor}-{name}.png",
    )


def share_cell(row, column: str) -> Cell:
    """A fraction with its interval (columns ``C``, ``C_low``, ``C_high``) as a table cell."""
    return Cell(
        percent(row[column]), interval(row[f"{column}_low"], row[f"{column}_high"], scale=100)
    )


def change_cell(row, column: str, unit: bool = False) -> Cell:
    """A difference of fractions with its interval, in percentage points, as a table cell."""
    return Cell(
        pp(row[column], unit=unit),
        interval(row[f"{column}_low"], row[f"{column}_high"], scale=100),
    )


def estimate_cell(row, write=percent) -> Cell:
    """A row of a long table (``estimate``, ``low``, ``high``) of fractions as a table cell."""
    return Cell(write(row["estimate"]), interval(row["low"], row["high"], scale=100))


def by_players(frame: pd.DataFrame, counts: list[int], cell) -> list:
    """``cell(row)`` for each player count's row of ``frame`` (indexed by players)."""
    return [cell(frame.loc[p]) if p in frame.index else "" for p in counts]


def source_line(folder: ResultFolder) -> list:
    """Inline parts: " From <link to the folder's section>: <size>."."""
    return [" From ", Link(folder.name, f"#{folder.anchor}"), f": {size_line(folder)}."]


# --------------------------------------------------------------------------------------------
# Any other folder


def _column_writer(column: str, values: pd.Series):
    if pd.api.types.is_bool_dtype(values):
        return str
    if pd.api.types.is_integer_dtype(values):
        return count
    if not pd.api.types.is_float_dtype(values):
        return str
    probability = re.search(r"win|draw|nobody|share|rate|decided|changed|long_game", column)
    finite = values.dropna()
    if probability and len(finite) and finite.between(-1, 1).all():
        return percent
    return plain


def csv_table(frame: pd.DataFrame, caption: str) -> Table:
    """A CSV as a short table: at most :data:`MAX_ROWS` rows, numbers for people.

    A table of few rows and many columns is transposed; a wider one keeps its first columns
    (the CSV has the rest) and is split to fit.
    """
    frame = frame.head(MAX_ROWS)
    writers = {c: _column_writer(c, frame[c]) for c in frame.columns}
    cells = {c: [writers[c](v) for v in frame[c]] for c in frame.columns}
    columns = list(frame.columns)
    if len(columns) > 6 and len(frame) <= 4:
        header = ["", *(f"row {i + 1}" for i in range(len(frame)))]
        rows = [[c, *cells[c]] for c in columns[:MAX_ROWS]]
        more = len(columns) - len(rows)
    else:
        shown = columns[:16]
        header = shown
        rows = [[cells[c][i] for c in shown] for i in range(len(frame))]
        more = len(columns) - len(shown)
    if more > 0:
        caption += f" ({more} more columns in the CSV)"
    return Table(header, rows, caption=caption, max_columns=5)


def generic_section(folder: ResultFolder) -> list:
    """A folder of another kind: its tables, short, and links to its figures."""
    blocks: list = []
    for path in sorted(p for p in folder.path.glob("*.csv") if p.is_file())[:6]:
        frame = folder.table(path.stem)
        more = (
            f", the first {MAX_ROWS} of {count(len(frame))} rows" if len(frame) > MAX_ROWS else ""
        )
        blocks.append(csv_table(frame, f"{path.name}{more}"))
    if not blocks:
        blocks.append(Paragraph("No tables in this folder.", css="note"))
    return blocks


__all__ = [
    "MAX_ROWS",
    "OTHER",
    "Checks",
    "ResultFolder",
    "and_list",
    "by_players",
    "change_cell",
    "check_table",
    "csv_table",
    "data_links",
    "estimate_cell",
    "figure_block",
    "generic_section",
    "players_header",
    "players_of",
    "run_box",
    "share_cell",
    "short_name",
    "size_line",
    "source_line",
]
