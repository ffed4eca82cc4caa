"""Imports point one way: ``experiments -> strategies -> sim``; inside ``experiments``, by room.

Every ``.py`` file of ``sim/``, ``strategies/`` and ``experiments/`` is parsed with :mod:`ast`;
every import counts, at the top of a module or inside a function, ``import x`` and
``from x import y`` alike (relative imports are resolved to absolute names).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from experiments.shared.questions import questions

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sim", "strategies", "experiments")
CLI = "experiments.cli"
ROOM_NAMES = ("command", "kind", "settings", "analysis", "report", "page", "bench")
"""The rooms of a question, which its modules' names start with."""
SHARED_ROOMS = {
    "paired": "analysis",
    "files": "report",
    "plots": "report",
    "document": "report",
    "settings": "machinery",
}
"""The rooms of the shared modules not named by room, or named by another (``settings``: the
readers every kind's typed settings use, below every question); the others are the machinery
(or the room their names say)."""


QUESTIONS = set(questions())
"""The questions' packages (``advice``, ``card.card_check``...)."""


def room_of(module: str) -> str | None:
    """The room of a module of ``experiments``: one of :data:`ROOM_NAMES`, ``"machinery"`` (the
    shared modules that run experiments), ``"library"`` (the general algorithms,
    :mod:`experiments.library`), ``"package"`` (a package's ``__init__``), or None for a module
    of a question that is in no room."""
    if module == CLI:
        return "command"
    parts = module.split(".")
    if parts[0] != "experiments":
        return None
    if len(parts) < 3 or ".".join(parts[1:]) in QUESTIONS:
        return "package"
    question, name = parts[1], parts[-1]
    if question == "library":
        return "library"
    if question == "bench" and not name.startswith("command"):
        return "bench"
    if question == "shared" and name in SHARED_ROOMS:
        return SHARED_ROOMS[name]
    for room in ROOM_NAMES:
        if name == room or name.startswith(room + "_"):
            return room
    if question == "shared":
        return "machinery"
    return None


def module_name(path: Path) -> str:
    """The dotted name of a source file under :data:`ROOT` (a package is its ``__init__``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """``(line, name)`` of every module a source may import, wherever the import stands.

    ``from x import y`` yields ``x`` and ``x.y`` (``y`` may be a submodule); a relative import
    is resolved against ``module``.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")
                if not is_package:
                    package = package[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def _sources() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _violations(importer, forbidden, refused=None) -> list[str]:
    """Imports of a ``forbidden`` package (or of a module for which ``refused(name)`` holds) by a
    module for which ``importer(module)`` holds."""
    bad = []
    for path in _sources():
        module = module_name(path)
        if not importer(module):
            continue
        source = path.read_text(encoding="utf-8")
        for line, name in imports_of(source, module, path.name == "__init__.py"):
            if any(_within(name, package) for package in forbidden) or (
                refused is not None and refused(name)
            ):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return bad


def test_every_package_is_read():
    names = {module_name(path) for path in _sources()}
    assert {"sim", "strategies.registry", CLI, "experiments.shared.runner"} <= names


def test_imports_are_found_wherever_they_stand():
    source = (
        "import numpy as np\n"
        "from sim.rules import Rules\n"
        "def f():\n"
        "    from experiments.cli import main\n"
        "    class A:\n"
        "        def g(self):\n"
        "            import experiments.shared.command_run\n"
        "from experiments import cli\n"
        "from . import files\n"
        "from ..analyses import paired\n"
    )
    found = set(imports_of(source, "experiments.report.report"))
    for expected in (
        (1, "numpy"),
        (2, "sim.rules"),
        (4, "experiments.cli"),
        (7, "experiments.shared.command_run"),
        (8, "experiments.cli"),
        (9, "experiments.report.files"),
        (10, "experiments.analyses.paired"),
    ):
        assert expected in found


@pytest.mark.parametrize(
    "rule, importer, forbidden",
    [
        ("sim uses neither strategies nor experiments", "sim", ("strategies", "experiments")),
        ("strategies does not use experiments", "strategies", ("experiments",)),
    ],
)
def test_imports_point_one_way(rule, importer, forbidden):
    bad = _violations(lambda module: _within(module, importer), forbidden)
    assert not bad, rule + ":\n" + "\n".join(bad)


def backend_switches(source: str) -> list[int]:
    """Lines that select a matplotlib backend (``matplotlib.use``, ``pyplot.switch_backend``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
            if (name, node.func.attr) in {("matplotlib", "use"), ("plt", "switch_backend"),
                                          ("pyplot", "switch_backend")}:  # fmt: skip
                lines.append(node.lineno)
    return lines


def test_backend_switches_are_found():
    assert backend_switches("import matplotlib\nmatplotlib.use('Agg')\n") == [2]
    assert backend_switches("import matplotlib.pyplot as plt\nplt.switch_backend('Agg')") == [2]
    assert backend_switches("plt.plot([1])\n") == []


def test_only_the_command_layer_selects_a_matplotlib_backend():
    """A library call (or a notebook) that switched the backend would switch the user's whole
    kernel: figures would stop showing in Jupyter."""
    notebooks = sorted((ROOT / "notebooks").glob("*.py"))
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in [*_sources(), *notebooks]
        if not _within(module_name(path), CLI)
        for line in backend_switches(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ``sim``, ``strategies`` and ``experiments`` it imports.

    The experiment kinds' registry (``experiments.shared.kinds.KINDS``) imports its kinds by name,
    so those count as imports of ``experiments.shared.kinds``. A module's import of its own package
    is left out: Python runs the package first, whatever the module imports.
    """
    from experiments.shared.kinds import KINDS

    paths = {module_name(path): path for path in _sources()}
    graph = {}
    for module, path in paths.items():
        source = path.read_text(encoding="utf-8")
        found = {name for _, name in imports_of(source, module, path.name == "__init__.py")}
        graph[module] = {
            name
            for name in found
            if name in paths and name != module and not module.startswith(name + ".")
        }
    graph["experiments.shared.kinds"] |= set(KINDS.values())
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` (its modules, the first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: list[str]) -> list[str]:
        state[node] = 1
        for after in sorted(graph.get(node, ())):
            if state.get(after) == 1:
                return [*path[path.index(after) :], node, after]
            if after not in state:
                found = visit(after, [*path, node])
                if found:
                    return found
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [])
            if found:
                return found
    return []


def test_cycles_are_found():
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_module_imports_itself_through_others():
    """``experiments.shared.definition`` and the kinds once imported each other (issue 23)."""
    cycle = cycle_in(import_graph())
    assert not cycle, "an import cycle: " + " -> ".join(cycle)


def test_rooms_are_read_from_names():
    assert room_of("experiments.advice.analysis_seeking") == "analysis"
    assert room_of("experiments.shared.command_run") == "command"
    assert room_of("experiments.shared.runner") == "machinery"
    assert room_of("experiments.shared.plots") == "report"
    assert room_of("experiments.bench.core") == "bench"
    assert room_of("experiments.shared.bench_core") == "bench"
    assert room_of("experiments.bench.command") == "command"
    assert room_of("experiments.advice") == "package"
    assert room_of("experiments.card.card_check") == "package"
    assert room_of("experiments.card.card_check.kind") == "kind"
    assert room_of("experiments.advice.helpers") is None
    assert room_of("experiments.library.symmetric_game") == "library"
    assert room_of("experiments.library") == "package"
    assert room_of("experiments.commit.page") == "page"
    assert room_of("experiments.pages.command_rebuild") == "command"
    assert room_of("experiments.commit.settings") == "settings"
    assert room_of("experiments.shared.settings") == "machinery"
    assert room_of("experiments.shared.experiment") == "machinery"


def test_every_module_of_a_question_is_in_a_room():
    homeless = [
        m
        for m in map(module_name, _sources())
        if m.startswith("experiments") and room_of(m) is None
    ]
    assert homeless == []


FORBIDDEN = {
    "analysis": ("settings", "report", "kind", "command", "bench"),
    "settings": ("report", "page", "kind", "command", "bench"),
    "report": ("kind", "command", "bench"),
    "page": ("kind", "command", "bench"),
    "kind": ("command", "bench"),
    "machinery": ("settings", "command", "bench"),
}
"""What each room may not import: analyses compute and write nothing, a question's typed
settings (its ``settings.py``: the experiment's dataclass, its readers and defaults) read and
check what an experiment asks for, using the analysis and the machinery, reports word and write
what they are given (a report, a page, a command and a kind take the typed settings from
``settings.py``, never from the kind), a question's page words its committed result files for
the published pages, kinds run chunks; only the command layer (and the benchmark, which times
it) imports commands."""


@pytest.mark.parametrize("room", sorted(FORBIDDEN))
def test_the_rooms_point_one_way(room):
    bad = _violations(
        lambda module: room_of(module) == room,
        (),
        lambda name: room_of(name) in FORBIDDEN[room],
    )
    assert not bad, f"a module of the {room} room imports a forbidden room:\n" + "\n".join(bad)


def test_only_the_command_layer_imports_the_command_layer():
    bad = _violations(
        lambda module: room_of(module) not in ("command", "bench"),
        (),
        lambda name: room_of(name) == "command",
    )
    assert not bad, "only command modules may import command modules:\n" + "\n".join(bad)


def test_the_shared_machinery_imports_no_question():
    """The shared modules are below every question: they find a question's modules by looking
    (:mod:`experiments.shared.questions`), never by importing one by name. The general
    algorithms (:mod:`experiments.library`, no question) are below them: a shared module may
    use one (the meta-game's statistics solve with the library's symmetric-game solver)."""
    bad = _violations(
        lambda module: _within(module, "experiments.shared") and room_of(module) != "command",
        (),
        lambda name: (
            _within(name, "experiments")
            and not _within(name, "experiments.shared")
            and not _within(name, "experiments.library")
            and name != "experiments"
        ),
    )
    assert not bad, "\n".join(bad)


def test_the_library_imports_nothing_of_experiments_but_itself():
    """The general algorithms (:mod:`experiments.library`) sit below every question and the
    shared machinery: they know no Stone Age question, so any question may use them."""
    bad = _violations(
        lambda module: _within(module, "experiments.library"),
        (),
        lambda name: (
            _within(name, "experiments")
            and not _within(name, "experiments.library")
            and name != "experiments"
        ),
    )
    assert not bad, "\n".join(bad)


def test_every_library_module_has_its_tests():
    """``experiments/library/X.py`` is tested in ``tests/test_X.py``."""
    missing = [
        path.stem
        for path in sorted((ROOT / "experiments" / "library").glob("*.py"))
        if path.stem != "__init__" and not (ROOT / "tests" / f"test_{path.stem}.py").is_file()
    ]
    assert missing == []


WRITES = re.compile(
    r"\.write_text\(|\.write_bytes\(|np\.savez|\.to_csv\(|\.to_parquet\(|savefig\(|"
    r"json\.dump\(|open\([^)]*[\"'][wa]b?[\"']"
)
"""A call that writes a file."""


def test_analyses_write_no_file():
    """Analyses (and the library) compute; the reports write."""
    assert WRITES.search("path.write_text(text)") and WRITES.search('open(p, "w")')
    bad = []
    for path in _sources():
        if room_of(module_name(path)) not in ("analysis", "library"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if WRITES.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bad, "\n".join(bad)


def test_no_question_imports_the_report_shell():
    """The report finds each question's section (``experiments/*/report_section.py``); no
    module outside ``experiments.report`` imports it (its readers and chart helpers are shared:
    ``experiments.shared.report_*``)."""
    bad = _violations(
        lambda module: _within(module, "experiments") and not _within(module, "experiments.report"),
        ("experiments.report",),
    )
    assert not bad, "\n".join(bad)


def question_of(module: str) -> str | None:
    """The question a module of ``experiments`` belongs to (the innermost: ``card.card_check``
    for its modules), or None for the shared modules and the command line."""
    found = [q for q in QUESTIONS if _within(module, f"experiments.{q}")]
    return max(found, key=len) if found else None


def test_questions_are_read_from_names():
    assert question_of("experiments.card.card_check.kind") == "card.card_check"
    assert question_of("experiments.advice.kind") == "advice"
    assert question_of("experiments.shared.runner") is None


def borrows_a_kind(importer: str, name: str) -> bool:
    """Whether ``importer`` (a module of a question) imports the kind of another question; a
    question nested inside the importer's (``card.card_check`` inside ``card``) is its own."""
    own, other = question_of(importer), question_of(name)
    return (
        room_of(name) == "kind"
        and other is not None
        and other != own
        and not (own is not None and other.startswith(own + "."))
    )


def test_borrowed_kinds_are_found():
    assert borrows_a_kind("experiments.metagame.kind", "experiments.compare.kind")
    assert borrows_a_kind("experiments.card.card_check.kind", "experiments.advice.kind")
    assert not borrows_a_kind("experiments.card.page", "experiments.card.card_check.kind")
    assert not borrows_a_kind("experiments.compare.command", "experiments.compare.kind")
    assert not borrows_a_kind("experiments.ladder.kind", "experiments.compare.analysis")


def test_no_question_imports_another_questions_kind():
    """A kind is its question's own: what two questions share lives in ``experiments.shared``
    (the rules of an experiment were once ``compare.kind.rules_of``, used by four questions)."""
    bad = []
    for path in _sources():
        module = module_name(path)
        if question_of(module) is None:
            continue
        for line, name in imports_of(path.read_text(encoding="utf-8"), module,
                                     path.name == "__init__.py"):  # fmt: skip
            if borrows_a_kind(module, name):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not bad, "a question imports another question's kind:\n" + "\n".join(bad)


def folder_of(module: str) -> str | None:
    """The top folder of the question a module of ``experiments`` belongs to (``card`` for the
    modules of ``card``, ``card.card_check`` and ``card.card_derive``), or None for the shared
    modules, the library and the command line."""
    question = question_of(module)
    return question.split(".")[0] if question is not None else None


def borrowings(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """``(line, name)`` of every import in ``source`` (the text of ``module``) of a module of
    another question's folder, wherever the import stands; the questions of one folder
    (``card.card_check`` and ``card.card_derive`` inside ``card``) are one, and a module of no
    question (the shared modules, the library, the command line) borrows nothing."""
    own = folder_of(module)
    if own is None:
        return []
    found = {}
    for line, name in imports_of(source, module, is_package):
        other = folder_of(name)
        if other is not None and other != own:
            found.setdefault(line, name)
    return sorted(found.items())


def test_borrowings_are_found():
    source = (
        "from experiments.shared.paired import Moments\n"
        "from experiments.card.card_check import analysis\n"
        "from . import report\n"
        "def f():\n"
        "    from experiments.commit.analysis import sweep\n"
        "    import experiments.contest.report\n"
        "from ...advice import report_words\n"
        "from experiments import worth\n"
    )
    found = borrowings(source, "experiments.card.card_derive.kind")
    assert [line for line, _ in found] == [5, 6, 7, 8]
    assert dict(found)[7].startswith("experiments.advice")
    assert borrowings(source, "experiments.shared.command_run") == []  # no question's
    assert not borrowings("from experiments.library.league import lineups_for\n",
                          "experiments.ladder.analysis")  # fmt: skip


def test_no_question_imports_another_question():
    """No question borrows another's room (issue 67): what two questions share lives in
    ``experiments/shared/`` (the machinery: the paired sweep, the card's check and words, the
    meta-game's statistics...) or ``experiments/library/`` (the general algorithms); a command
    reaches another question's command through the command line's registry
    (:mod:`experiments.shared.questions`), as the command line finds them."""
    bad = []
    for path in _sources():
        module = module_name(path)
        source = path.read_text(encoding="utf-8")
        for line, name in borrowings(source, module, path.name == "__init__.py"):
            bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not bad, "a question imports another question:\n" + "\n".join(bad)


def question_tests(source: str, names: set[str]) -> list[int]:
    """Lines of ``source`` that compare something with one of ``names`` (``kind == "analyse"``,
    ``kind in ("analyse", ...)``): code that branches on a question by name."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for part in ast.walk(node):
                if isinstance(part, ast.Constant) and part.value in names:
                    lines.append(node.lineno)
                    break
    return lines


def test_question_tests_are_found():
    names = {"analyse"}
    assert question_tests('entry = "a" if config["kind"] == "analyse" else "b"\n', names) == [1]
    assert question_tests('if kind in ("x", "analyse"):\n    pass\n', names) == [1]
    assert question_tests('run = {"analyse": 1}\n', names) == []


def test_no_shared_module_names_a_question():
    """The shared modules find what a question needs from its modules (a kind's ``ENTRIES``,
    say), never by testing its name."""
    names = QUESTIONS | {q.rsplit(".", 1)[-1] for q in QUESTIONS}
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _sources()
        if _within(module_name(path), "experiments.shared")
        for line in question_tests(path.read_text(encoding="utf-8"), names)
    ]
    assert not bad, "a shared module tests a question's name:\n" + "\n".join(bad)
