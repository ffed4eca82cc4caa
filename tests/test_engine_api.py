"""The engine's phases are its API: nothing outside ``sim`` reaches into its private helpers.

Search, tests and entry points use the public phases of :mod:`sim.engine` (docs/design.md,
section 11). A private helper (``_gather``, ``_bonus``...) may change shape at any time; a module
outside ``sim/`` that names one (``kernel._gather``, ``ROLLOUT._fail``) breaks on such a change
without notice.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import sim.engine

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_PHASES = (
    "start_round placement actions seat_actions resolve take_card_top commit move_onto_tile "
    "taming feeding end_round score_game play_rounds play_on play_on_after_placement "
    "play_on_after_commit fork branch_placement branch_commit play_game new_scratch play_rows"
).split()


def _private_engine_functions() -> set[str]:
    tree = ast.parse(Path(sim.engine.__file__).read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_")
    }


def test_the_public_phases_exist():
    for name in PUBLIC_PHASES:
        assert callable(getattr(sim.engine, name)), name


def test_no_module_outside_sim_names_a_private_engine_function():
    private = _private_engine_functions()
    assert "_gather" in private and "_fail" in private  # the scan sees the engine's helpers
    pattern = re.compile(r"\.(" + "|".join(sorted(private)) + r")\b")
    offenders = []
    for folder in ("strategies", "experiments", "tests", "notebooks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.resolve() == Path(__file__).resolve():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
