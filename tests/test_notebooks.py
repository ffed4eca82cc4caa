"""The notebooks run top to bottom (small sizes) and stay in jupytext's percent format."""

from __future__ import annotations

from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.py"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_top_to_bottom(path, monkeypatch):
    monkeypatch.setenv("MAMMOTH_SMALL", "1")
    notebook = jupytext.read(path)
    code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    assert code and any(cell.cell_type == "markdown" for cell in notebook.cells)
    namespace: dict = {"__name__": "__notebook__"}
    for number, source in enumerate(code):
        try:
            exec(compile(source, f"{path.name}[cell {number}]", "exec"), namespace)  # noqa: S102
        except Exception as exc:  # pragma: no cover - the message is the point
            raise AssertionError(f"{path.name}, code cell {number} failed: {exc!r}") from exc
