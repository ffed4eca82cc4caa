"""The questions of :mod:`experiments`: one package each, found by looking, never listed.

A question is a package of :mod:`experiments` other than ``shared``, or a package inside one (a
question that belongs to another); its modules are named by their room (``command*``,
``kind*``, ``settings``, ``analysis*``, ``report*``, ``page``, ``bench*``). The command line, the
kinds' registry, the benchmark and the published pages find a question's parts here by those
names, so adding a question is adding a folder: nothing else names it.

The commands are found here too (:func:`commands`): a command reaches another question's command
by its name on the command line (:func:`command_named`, as ``mammoth serve`` reads ``mammoth
analyse``'s defaults), and ``mammoth demo`` the parts the questions add to it
(:func:`demo_parts`), never by importing another question.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
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


def commands() -> list:
    """Every command of ``mammoth``: the ``COMMAND`` of each command module, by module name.

    Returns
    -------
    list of click.Command
        One per module of the ``command`` room (:func:`room_modules`) that defines ``COMMAND``.
    """
    modules = import_all(room_modules("command"))
    return [module.COMMAND for module in modules if hasattr(module, "COMMAND")]


def command_named(name: str):
    """The ``mammoth`` command called ``name``: another question's public entry point, reached
    as the command line reaches it.

    Parameters
    ----------
    name : str
        The command's name on the command line (``"analyse"``).

    Returns
    -------
    click.Command
        The ``COMMAND`` of :func:`commands` with that name.

    Raises
    ------
    KeyError
        No command has that name.
    """
    for command in commands():
        if command.name == name:
            return command
    raise KeyError(name)


def demo_parts() -> dict[str, Callable]:
    """What the questions add to ``mammoth demo`` beside the default suite's experiments: the
    ``DEMO`` of each command module that defines one (the contest's odds table, say).

    Returns
    -------
    dict
        The question's name (its folder's) -> its ``DEMO(out)``, which writes the question's
        result folder ``out`` (the demo's ``OUT/<name>``), in :func:`room_modules` order.
    """
    found = {}
    for module in import_all(room_modules("command")):
        part = getattr(module, "DEMO", None)
        if part is not None:
            found[module.__name__.split(".")[-2]] = part
    return found
