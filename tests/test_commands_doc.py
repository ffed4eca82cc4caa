"""docs/commands.md is the commands' reference, and stays true to the click definitions.

Each command has a section (``### mammoth NAME``, under "Every command") whose options table is
made from the command's own click options, help text and all (:func:`options_table`); the table
of the options every command shares names, for each option, every command that takes it
(:func:`taken_by`). ``python3 tests/test_commands_doc.py --write`` (with the project's Python)
writes both into the page; the tests fail when the page differs from what it would write. The
synopses, files and examples of the sections run in ``tests/test_readme.py``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from experiments.cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "commands.md"
"""The command reference."""

WRITE = ".venv/bin/python tests/test_commands_doc.py --write"
"""The command that writes the tables into the page (from the repository's folder)."""

SHARED = "## The options every command shares"
"""The heading of the shared options' table."""

HEADER = "| option | meaning |"
"""The header of a command's options table."""

MAX_ROW = 300
"""The longest table row of the page, in characters."""

WORDS = ("field", "arm", "paired", "win share", "focal seat", "kind", "chunk", "exploitability")
"""The words the page's glossary defines (among others it may add)."""


def leaves(command: click.Command = main, path: tuple[str, ...] = ()) -> dict[str, click.Command]:
    """Every command that runs (a group's subcommands, not the group), by its name."""
    if isinstance(command, click.Group):
        found = {}
        for name, sub in command.commands.items():
            found |= leaves(sub, (*path, name))
        return found
    return {" ".join(path): command}


def sections(text: str) -> dict[str, tuple[int, int]]:
    """Each command section of the page: its name (``contest odds``) -> its span in ``text``."""
    heads = [(m.group(1), m.start()) for m in re.finditer(r"^### mammoth (.+)$", text, re.M)]
    ends = [m.start() for m in re.finditer(r"^#{1,3} ", text, re.M)]
    return {
        name: (start, min((e for e in ends if e > start), default=len(text)))
        for name, start in heads
    }


def commands_of(section: str) -> dict[str, click.Command]:
    """The commands a section is about: the command of its name, or a group's subcommands."""
    every = leaves()
    if section in every:
        return {section: every[section]}
    return {name: cmd for name, cmd in every.items() if name.startswith(section + " ")}


def _cell(text: str) -> str:
    """Text as a table cell: no line breaks, ``|`` escaped, nothing read as HTML or emphasis."""
    text = " ".join(text.split())
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("*", "\\*")


def options_table(section: str) -> list[str]:
    """The options table of a section: a row per visible option of its commands, as ``--help``
    shows it (a group's rows say which subcommand takes it)."""
    rows = [HEADER, "|---|---|"]
    commands = commands_of(section)
    for name, command in commands.items():
        context = click.Context(command, info_name=name.split()[-1])
        for param in command.params:
            record = param.get_help_record(context) if isinstance(param, click.Option) else None
            if record is None:  # an argument, or a hidden option
                continue
            flags, help_text = record
            which = f"(`{name}`) " if len(commands) > 1 else ""
            code = flags.replace("|", "\\|")
            rows.append(f"| `{code}` | {which}{_cell(help_text)} |")
    return rows if len(rows) > 2 else []


def _table_at(text: str, start: int, end: int, header: str) -> tuple[int, int] | None:
    """The span of the first table with ``header`` between ``start`` and ``end``."""
    at = text.find("\n" + header + "\n", start, end)
    if at < 0:
        return None
    at += 1
    stop = at
    while stop < end and text.startswith("|", stop):
        stop = text.index("\n", stop) + 1
    return at, stop


def taken_by(option: str) -> list[str]:
    """Every command that takes ``option`` (a visible option of its), sorted."""
    return sorted(
        name
        for name, command in leaves().items()
        if any(
            option in p.opts and not p.hidden for p in command.params if isinstance(p, click.Option)
        )
    )


def shared_rows(text: str) -> list[tuple[str, list[str], str]]:
    """The shared options' table: (its option cell, the commands it names, the whole row)."""
    start = text.index(SHARED)
    found = _table_at(text, start, len(text), "| option | taken by | meaning |")
    assert found, f"no shared options' table under {SHARED!r}"
    rows = []
    for line in text[found[0] : found[1]].splitlines()[2:]:
        cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
        rows.append((cells[0].strip(), re.findall(r"`([^`]+)`", cells[1]), line))
    return rows


def written(text: str) -> str:
    """The page with every command's options table and the shared table's commands as the
    click definitions make them."""
    for section, (start, end) in sorted(sections(text).items(), key=lambda kv: -kv[1][0]):
        table = options_table(section)
        span = _table_at(text, start, end, HEADER)
        if span is None:
            assert not table, f"the section of mammoth {section} has no options table"
            continue
        text = text[: span[0]] + "\n".join(table) + ("\n" if table else "") + text[span[1] :]
    for option, _, line in shared_rows(text):
        name = re.match(r"`(--[\w-]+)", option).group(1)
        cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
        cells[1] = " " + ", ".join(f"`{c}`" for c in taken_by(name)) + " "
        text = text.replace(line, "|" + "|".join(cells) + "|", 1)
    return text


def test_every_command_has_a_section():
    text = PAGE.read_text(encoding="utf-8")
    covered = {name for section in sections(text) for name in commands_of(section)}
    assert covered == set(leaves())


def test_the_option_tables_are_the_commands_own():
    text = PAGE.read_text(encoding="utf-8")
    assert written(text) == text, f"docs/commands.md is not the commands' own: run {WRITE}"


def test_the_shared_table_names_every_command_that_takes_each_option():
    text = PAGE.read_text(encoding="utf-8")
    rows = shared_rows(text)
    assert len(rows) >= 8
    for option, named, _ in rows:
        name = re.match(r"`(--[\w-]+)", option).group(1)
        assert named == taken_by(name), (name, named)
        assert len(named) >= 2, f"{name} is not shared"
    assert "advise" in taken_by("--dask") and len(taken_by("--dask")) >= 10


def test_a_stale_table_is_found():
    """An option a command lost, or a command that took an option, shows as a difference."""
    text = PAGE.read_text(encoding="utf-8")
    stale = text.replace("`--chunk-size N` | `advise`, ", "`--chunk-size N` | ", 1)
    assert stale != text and written(stale) == text
    start, end = sections(text)["compare"]
    row = next(line for line in text[start:end].splitlines() if line.startswith("| `--seed"))
    assert written(text.replace(row + "\n", "", 1)) == text


def test_every_table_row_is_short_and_the_words_are_defined():
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    long = {n: len(line) for n, line in enumerate(lines, 1) if line.startswith("|")}
    assert not {n: size for n, size in long.items() if size > MAX_ROW}, f"rows over {MAX_ROW}"
    words = lines[lines.index("## Words") + 1 :]
    words = words[: next(i for i, line in enumerate(words) if line.startswith("## "))]
    defined = [m for line in words for m in re.findall(r"^- \*\*([^*]+)\*\*:", line)]
    assert set(WORDS) <= set(defined), set(WORDS) - set(defined)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(f"usage: {WRITE}")
    PAGE.write_text(written(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {PAGE}")
