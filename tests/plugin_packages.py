"""Plugin packages for the tests, laid out as pip installs them, from docs/adding_a_strategy.md."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from strategies import plugins

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "adding_a_strategy.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    """The page's fenced blocks of one language, in order."""
    return re.findall(rf"```{language}\n(.*?)```", PAGE, flags=re.S)


def block(language: str, first_line: str) -> str:
    """The one block of ``language`` whose first line is ``first_line``."""
    found = [b for b in blocks(language) if b.splitlines()[0] == first_line]
    assert len(found) == 1, first_line
    return found[0]


@pytest.fixture
def fresh_plugins(monkeypatch):
    """No plugin loaded or registered, and whatever a test loads forgotten afterwards."""
    monkeypatch.setattr(plugins, "_loaded", {"base": {}, "taming": {}})
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith(("mammoth_", "broken_")):
            del sys.modules[name]


def install(folder: Path, modules: dict[str, str], pyproject: str) -> Path:
    """Lay out a distribution as pip installs it: its modules and a ``dist-info`` folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in modules.items():
        (folder / f"{name}.py").write_text(source, encoding="utf-8")
    project = tomllib.loads(pyproject)["project"]
    info = folder / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
    )
    groups = project.get("entry-points", {})
    lines = []
    for group, points in groups.items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    return folder


def the_page_plugin(folder: Path) -> Path:
    """The page's plugin package, installed into ``folder``."""
    hoarder = block("python", "# strategies/hoarder.py")
    cautious = block("python", "# mammoth_cautious.py")
    pyproject = blocks("toml")[0]
    return install(folder, {"mammoth_hoarder": hoarder, "mammoth_cautious": cautious}, pyproject)
