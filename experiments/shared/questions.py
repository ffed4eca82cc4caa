"""The questions of :mod:`experiments`: one package each, found by looking, never listed.

A question is a package of :mod:`experiments` other than ``shared``, or a package inside one (a
question that belongs to another); its modules are named by their room (``command*``,
``kind*``, ``analysis*``, ``report*``, ``page``, ``bench*``). The command line, the kinds'
registry, the benchmark and the published pages find a question's parts here by those names, so
adding a question is adding a folder: nothing else names it.
"""

from __future__ import annotations

import importlib
from pathlib import Path

HOME = Path(__file__).resolve().parent.parent
"""The folder of :mod:`experiments`."""

SHARED = "shared"
"""The package of the machinery every question shares."""
LIBRARY = "library"
"""The package of the general algorithms the questions use (:mod:`experiments.library`)."""


def questions() -> list[str]:
    """Every question's package name, sorted.

    Returns
    -------
    list of str
        The dotted names, relative to :mod:`experiments`, of its packages and of the packages
        inside them (a question that belongs to another), ``shared`` and ``library`` left out.
    """
    found = [*HOME.glob("*/__init__.py"), *HOME.glob("*/*/__init__.py")]
    names = [".".join(path.parent.relative_to(HOME).parts) for path in found]
    return sorted(name for name in names if name.split(".")[0] not in (SHARED, LIBRARY))


def room_modules(room: str, packages: list[str] | None = None) -> list[str]:
    """The dotted names of the modules of one room, question by question.

    Parameters
    ----------
    room : str
        The room's name, which the modules' names start with (``"command"``, ``"kind"``...).
    packages : list of str, optional
        The packages to look in (default: every question, then ``shared``).

    Returns
    -------
    list of str
        ``experiments.<package>.<module>`` for every module named ``<room>.py`` or
        ``<room>_*.py``, packages in the given order and modules sorted within one.
    """
    found = []
    for package in packages if packages is not None else [*questions(), SHARED]:
        folder = HOME.joinpath(*package.split("."))
        names = sorted(p.stem for p in folder.glob(f"{room}*.py"))
        found += [
            f"experiments.{package}.{name}"
            for name in names
            if name == room or name.startswith(room + "_")
        ]
    return found


def kinds() -> dict[str, str]:
    """The experiment kinds: a question with a ``kind.py`` is a kind of its folder's name.

    Returns
    -------
    dict
        Kind name (the last part of the question's name) -> the dotted name of its module,
        sorted by name.
    """
    kinds = {
        name.split(".")[-1]: f"experiments.{name}.kind"
        for name in questions()
        if HOME.joinpath(*name.split("."), "kind.py").exists()
    }
    return dict(sorted(kinds.items()))


def import_all(names: list[str]) -> list:
    """The modules of ``names``, imported in order."""
    return [importlib.import_module(name) for name in names]
