"""The notebooks run in a real Jupyter kernel (small sizes) and show their figures inline.

Each notebook is a jupytext percent file; nbclient executes it top to bottom in an ipykernel with
``MAMMOTH_SMALL=1``, as JupyterLab would, and the test asserts that every notebook starts with
its parameter cell and shows at least one image. A library call that switched matplotlib's
backend would leave the kernel without inline figures, and this test without images.
"""

from __future__ import annotations

import os
from pathlib import Path

import jupytext
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.py"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 3 and "your_own_player" in {p.stem for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_starts_with_its_parameters_and_pairs_with_ipynb(path):
    notebook = jupytext.read(path)
    cells = notebook.cells
    assert cells[0].cell_type == "markdown" and cells[0].source.startswith("# ")
    assert cells[1].cell_type == "code" and "parameters" in cells[1].metadata.get("tags", [])
    assert "SMALL" in cells[1].source
    formats = notebook.metadata["jupytext"]["formats"]
    assert formats == "ipynb,py:percent"  # `jupytext --sync` (tasks.py notebooks) pairs them


# A Jupyter kernel per notebook, and your_own_player compiles a kernel of its own: the tier of the
# long checks (tasks.py test --heavy), which CI runs after the default tier.
@pytest.mark.heavy_kernel
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_in_a_kernel_and_shows_a_figure(path):
    notebook = jupytext.read(path)
    env = {**os.environ, "MAMMOTH_SMALL": "1"}
    env.pop("MPLBACKEND", None)  # as in JupyterLab: ipykernel picks the inline backend
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},
    )
    client.execute(env=env)
    outputs = [out for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs]
    errors = [out for out in outputs if out.get("output_type") == "error"]
    assert errors == []
    images = [out for out in outputs if "image/png" in out.get("data", {})]
    assert images, f"{path.name} showed no figure"
