"""The engine's phases are its API: nothing outside ``sim`` reaches into its private helpers.

Search, tests and entry points use the public phases of :mod:`sim.engine` (docs/design.md,
section 11). A private helper (``_gather``, ``_bonus``...) may change shape at any time; a module
outside ``sim/`` that names one (``kernel._gather``, ``ROLLOUT._fail``) breaks on such a change
without notice.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import sim.engine
from sim.kernel import ENGINE_PARTS

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_PHASES = (
    "start_round placement actions seat_actions resolve take_card_top commit move_onto_tile "
    "taming feeding end_round score_game play_rounds play_on play_on_after_placement "
    "play_on_after_commit fork branch_placement branch_commit play_game new_scratch play_rows"
).split()


ENGINE = [sim.engine, *(importlib.import_module(f"sim.{part}") for part in ENGINE_PARTS)]
"""The engine and its parts (:data:`sim.kernel.ENGINE_PARTS`): one module in every kernel."""


def _private_engine_functions() -> set[str]:
    return {
        node.name
        for module in ENGINE
        for node in ast.parse(Path(module.__file__).read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_")
    }


def test_the_public_phases_exist():
    for name in PUBLIC_PHASES:
        assert any(callable(getattr(module, name, None)) for module in ENGINE), name


def _uses(source: str, private: set[str]) -> list[int]:
    """Lines of ``source`` that name a private engine function: ``sim.engine._x`` (or through
    any alias, ``engine._x``) or ``from sim.engine import _x``."""
    pattern = re.compile(r"\.(" + "|".join(sorted(private)) + r")\b")
    lines = [n for n, line in enumerate(source.splitlines(), 1) if pattern.search(line)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "sim.engine":
            lines += [node.lineno for alias in node.names if alias.name in private]
    return sorted(set(lines))


def test_the_scan_finds_every_way_of_naming_a_private_function():
    private = _private_engine_functions()
    assert "_gather" in private and "_fail" in private  # the scan sees the engine's helpers
    assert _uses("from sim.engine import _gather\n", private) == [1]
    assert _uses("from sim.engine import (\n    play_game,\n    _fail,\n)\n", private) == [1]
    assert _uses("import sim.engine as e\ne._gather(st)\n", private) == [2]
    assert _uses("from sim.engine import play_game\nx = st._gathered\n", private) == []


def test_no_module_outside_sim_names_a_private_engine_function():
    private = _private_engine_functions()
    offenders = []
    for folder in ("strategies", "experiments", "tests", "notebooks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.resolve() == Path(__file__).resolve():
                continue
            source = path.read_text(encoding="utf-8")
            offenders += [f"{path.relative_to(ROOT)}:{n}" for n in _uses(source, private)]
    assert not offenders, "\n".join(offenders)
