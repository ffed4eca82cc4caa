"""A README that cannot lie (issue 22): every command and snippet of README.md, and of the pages
of ``docs/`` it moved its details to (answers, commands, strategies), runs as written.

What is collected, how placeholders (``DIR``, ``FILE``, ``N``...) are filled in, how sizes are
shrunk (``--games`` at most 2, ``--scale`` 0.005, ``--iterations`` 1, ``--population`` 2,
``--mc`` 1,000...) and which commands cannot run here, each with its reason, is spelled out in
``tests/readme_commands.py``. Each command runs in-process (click's runner) in a fresh folder
holding a copy of the default suite's experiment files, must exit with code 0 and must write
the files its row of the command table (docs/commands.md, "Every command") names; the README's
own table has a short row per command, linking to its row there. The ``--dask local:2`` commands
run in ``tests/test_readme_cluster.py`` (a test file per worker: they take the longest).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
import readme_commands as readme

COMMANDS = readme.commands()
LOCAL = [c for c in COMMANDS if readme.exception(c) is None and "--dask" not in readme.runnable(c)]
# the commands that play search need the heavy kernel, those that advise or analyse the light
# kernel's entries of their own, and a few run long: the heavy_kernel tier
HEAVY = [
    c
    for c in LOCAL
    if readme.plays_search(readme.runnable(c))
    or readme.plays_advice_or_analysis(readme.runnable(c))
    or readme.runs_long(readme.runnable(c))
]
LIGHT = [c for c in LOCAL if c not in HEAVY]


def _ids(commands):
    return [f"{i}-{c.id}" for i, c in enumerate(commands)]


def test_every_command_of_the_readme_runs_or_is_an_explained_exception():
    assert len(COMMANDS) > 30  # the collection found the README's commands
    written = [command.written for command in COMMANDS]
    for form in ("--herd off", "--herd both", "--no-clip"):  # every alternative of a synopsis
        assert any(form in text for text in written), form
    assert sum("--dask" in text for text in written) >= 7  # compare ... run, each on Dask too
    for command in COMMANDS:
        if readme.exception(command) is None:
            assert readme.runnable(command) is not None, f"neither run nor excepted: {command}"
    used = {command.written for command in COMMANDS} | {
        f"mammoth {command.path}" for command in COMMANDS if command.path
    }
    assert set(readme.EXCEPTIONS) <= used, set(readme.EXCEPTIONS) - used  # no stale exception


def test_the_excepted_mammoth_commands_still_parse():
    """They do not run, but click still knows every option they use, as written."""
    parsed = 0
    for command in COMMANDS:
        args = readme.runnable(command)
        if args is not None and readme.exception(command) is not None:
            readme.parse(args)
            parsed += 1
    assert parsed >= 1  # bench


@pytest.mark.parametrize("command", LIGHT, ids=_ids(LIGHT))
def test_the_readme_command_runs_and_writes_what_it_says(command, tmp_path, monkeypatch):
    readme.run(command, tmp_path, monkeypatch)


@pytest.mark.heavy_kernel
@pytest.mark.parametrize("command", HEAVY, ids=_ids(HEAVY))
def test_the_readme_search_command_runs_and_writes_what_it_says(command, tmp_path, monkeypatch):
    readme.run(command, tmp_path, monkeypatch)


def test_the_search_commands_are_the_heavy_ones():
    assert HEAVY and LIGHT
    assert readme.plays_search(["ladder"])  # the default ladder seats search
    assert not readme.plays_search(["ladder", "--strategy", "greedy", "--strategy", "classic"])
    assert readme.plays_search(["simulate", "--strategy", "search[rollouts=2]"])
    assert not readme.plays_search(["simulate", "--strategy", "greedy"])
    assert readme.plays_search(["commit", "--policy", "model"])  # compiled into the heavy kernel
    assert readme.plays_search(["simulate", "--strategy", "learned+model[model=linear]"])
    assert not readme.plays_search(["simulate", "--strategy", "learned[model=selfplay]"])
    assert readme.runs_long(["demo", "--out", "out"]) and readme.runs_long(["cache", "warm"])
    assert not readme.runs_long(["run", "experiments/compare/league.toml"])
    assert readme.runs_long(["commit", "--players", "2", "3", "4", "--games", "2"])
    assert not readme.runs_long(["commit", "--players", "4", "--games", "2"])
    assert readme.runs_long(["advise", "--players", "2", "3", "4", "--games", "2"])
    assert readme.runs_long(["compare"] + ["--strategy", "greedy"] * 5)
    assert not readme.runs_long(["compare"] + ["--strategy", "greedy"] * 4)


def test_the_python_snippets_run(tmp_path, monkeypatch):
    """The Python blocks of the README and its pages, in order, in one namespace (``games`` is
    the first's).

    Sizes shrink as for the commands: ``10_000`` games become 40. (The page on adding a player,
    with its modules, runs in tests/test_adding_a_strategy.py.)
    """
    readme.copy_repository_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    for block in readme.snippets():
        exec(compile(block.replace("10_000", "40"), "README.md", "exec"), namespace)
    games = namespace["games"]
    assert len(games) == 40 * 4
    assert len(namespace["profile"](games)) == games["strategy"].nunique()  # a row per strategy


def test_the_notebooks_pair_as_tasks_py_notebooks_pairs_them(tmp_path):
    """``python3 tasks.py notebooks`` runs ``jupytext --sync`` on notebooks/*.py, then serves
    JupyterLab (not here). The notebooks themselves run in tests/test_notebooks.py."""
    for path in sorted((readme.ROOT / "notebooks").glob("*.py")):
        shutil.copy(path, tmp_path / path.name)
    copies = sorted(tmp_path.glob("*.py"))
    assert copies
    jupytext = [sys.executable, "-m", "jupytext", "--sync", *map(str, copies)]
    subprocess.run(jupytext, check=True, capture_output=True, cwd=tmp_path)
    for path in copies:
        assert path.with_suffix(".ipynb").stat().st_size > 0


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_every_link_of_the_readme_and_its_pages_resolves():
    """A relative link names a file of the repository and, after ``#``, one of its headings."""
    pages = [*readme.DOCUMENTS, readme.ROOT / "docs" / "adding_a_strategy.md"]
    checked = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://")):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            assert file.is_file(), f"{page.name}: {target}"
            if anchor:
                target_text = file.read_text(encoding="utf-8")
                headings = re.findall(r"^#+ (.+)$", target_text, re.M)
                anchors = {_anchor(h) for h in headings}
                anchors |= set(re.findall(r'<a id="([\w-]+)"></a>', target_text))  # table rows
                assert anchor in anchors, f"{page.name}: {target}"
            checked += 1
    assert checked >= 10


def test_every_table_row_of_the_readme_is_at_most_200_characters():
    """The README's tables stay readable (issue 53): each command's full synopsis and the files
    it writes are in docs/commands.md, the README's row of it is short."""
    lines = readme.README.read_text(encoding="utf-8").splitlines()
    rows = [line for line in lines if line.startswith("|")]
    assert len(rows) > 20  # the tables were found
    long = {
        n: len(line) for n, line in enumerate(lines, 1) if line.startswith("|") and len(line) > 200
    }
    assert not long, f"README rows over 200 characters (line: length): {long}"


def test_the_readme_lists_every_command_of_the_command_table():
    """A README row per row of the command table, in its order, naming its command and linking
    to that row (``docs/commands.md#mammoth-NAME``), where its synopses are run."""
    text = readme.README.read_text(encoding="utf-8")
    short = re.findall(r"^\| \[`mammoth ([^`]+)`\]\(docs/commands\.md#([\w-]+)\) \|", text, re.M)
    rows = readme.command_table()
    assert len(rows) >= 20
    assert [anchor for _, anchor in short] == [row.anchor for row in rows]
    assert len({row.anchor for row in rows}) == len(rows)
    for (name, _), row in zip(short, rows, strict=True):
        words = ["mammoth", *name.split()]
        assert row.synopses, name
        for synopsis in row.synopses:
            assert synopsis.split()[: len(words)] == words, (name, synopsis)
