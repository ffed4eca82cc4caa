"""Players from outside this package: entry-point plugins, and strategies registered at run time.

A distribution adds base strategies by declaring entry points in the group
``mammoth.strategies`` and taming policies in ``mammoth.taming``; each entry point's name is the
player's name and its value the import path of a module written like ours (the hooks of
:mod:`sim.hooks` compiled with :func:`sim.jit.hot`, plus ``DESCRIPTION`` and ``PARAMS``)::

    [project.entry-points."mammoth.strategies"]
    hoarder = "mammoth_hoarder.hoarder"

A notebook registers one for its own process instead (:func:`strategies.registry.register_strategy`
checks the name against the built-in ones and calls :func:`register` here).

A plugin is imported and checked the first time a name asks for it (:func:`find`), so a broken
plugin costs nothing to a run that does not name it; it is refused with one line naming it
(:class:`~sim.errors.InputError`) when it fails to import, answers a hook with the wrong
arguments or with a function numba does not compile, lacks ``DESCRIPTION`` or ``PARAMS``, or
shadows a built-in name. The plugins a process has loaded keep their order; the registry gives
them the strategy ids after its own (:func:`loaded`).
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
import sys
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from importlib import metadata
from types import ModuleType

from sim import hooks
from sim.errors import InputError
from sim.kernel import outside_digest
from strategies.params import Limit

GROUPS = {"base": "mammoth.strategies", "taming": "mammoth.taming"}
"""The entry-point group of each role: base strategies and taming policies."""
HOOKS = {"base": hooks.BASE_HOOKS, "taming": hooks.TAMING_HOOKS}
DATA = {
    "base": ("DESCRIPTION", "PARAMS", "LIMITS", "EXTRA", "DEFAULT_TAMING"),
    "taming": ("DESCRIPTION", "PARAMS", "LIMITS", "EXTRA", "READS_VALUES"),
}
"""What a module of each role may define besides its hooks (``DESCRIPTION`` and ``PARAMS`` it
must)."""
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")
_FIXED = re.compile(r"^fixed-\d+$")
REGISTERED = "registered in this process"


@dataclass(frozen=True)
class Plugin:
    """A player from outside the package, loaded and checked.

    Attributes
    ----------
    name : str
        The name seats use.
    role : str
        ``"base"`` (a base strategy) or ``"taming"`` (a taming policy).
    module : str
        Its module's import path (a registered one's lives in ``sys.modules`` only).
    distribution, version : str or None
        The distribution that declares it (None: registered at run time).
    default_taming : str
        A base strategy's taming policy when a seat names none (``DEFAULT_TAMING``, else ``ev``).
    """

    name: str
    role: str
    module: str
    distribution: str | None = None
    version: str | None = None
    default_taming: str = "ev"

    @property
    def registered(self) -> bool:
        """Registered in this process (a notebook's), not installed."""
        return self.distribution is None

    @property
    def origin(self) -> str:
        """Where it comes from, in words: ``plugin DIST VERSION`` or ``registered in this
        process``."""
        return REGISTERED if self.registered else f"plugin {self.distribution} {self.version}"

    def record(self) -> dict:
        """What run.json says of it."""
        return {
            "name": self.name,
            "role": self.role,
            "module": self.module,
            "distribution": self.distribution,
            "version": self.version,
        }


_loaded: dict[str, dict[str, Plugin]] = {"base": {}, "taming": {}}


def loaded(role: str) -> list[Plugin]:
    """The plugins of a role this process has loaded or registered, in the order of their ids."""
    return list(_loaded[role].values())


def _entry_points(role: str) -> dict[str, list[metadata.EntryPoint]]:
    found: dict[str, list[metadata.EntryPoint]] = {}
    for point in metadata.entry_points(group=GROUPS[role]):
        found.setdefault(point.name, []).append(point)
    return found


def names(role: str) -> list[str]:
    """Every plugin name of a role: installed (read from the entry points, nothing imported) and
    registered in this process."""
    return sorted(set(_entry_points(role)) | set(_loaded[role]))


def _where(point: metadata.EntryPoint) -> str:
    dist = point.dist
    owner = f" ({dist.name} {dist.version})" if dist else ""
    return f"plugin {point.name!r}{owner}"


def find(role: str, name: str, builtin: Collection[str] = ()) -> Plugin | None:
    """The plugin of a role by name, loaded and checked on first use (None: there is none).

    Parameters
    ----------
    role : str
        ``"base"`` or ``"taming"``.
    name : str
        The name a seat uses.
    builtin : collection of str
        The role's built-in names, which no plugin may take.

    Raises
    ------
    InputError
        One line naming the plugin, for a plugin that cannot be used (see the module docstring).
    """
    if name in _loaded[role]:
        return _loaded[role][name]
    points = _entry_points(role).get(name)
    if not points:
        return None
    if len(points) > 1:
        owners = ", ".join(sorted(_where(p) for p in points))
        raise InputError(f"plugin name {name!r} is declared twice: {owners}; uninstall one")
    point = points[0]
    where = _where(point)
    _check_name(name, role, builtin, where)
    if ":" in point.value:
        raise InputError(f"{where}: the entry point must name a module, not {point.value!r}")
    try:
        module = importlib.import_module(point.value)
    except Exception as error:  # a plugin's own failure, whatever it is: refuse it in one line
        raise InputError(f"{where} fails to import: {type(error).__name__}: {error}") from None
    check(module, role, where)
    dist = point.dist
    plugin = Plugin(
        name=name,
        role=role,
        module=point.value,
        distribution=dist.name if dist else "unknown",
        version=dist.version if dist else None,
        default_taming=str(getattr(module, "DEFAULT_TAMING", "ev")),
    )
    _loaded[role][name] = plugin
    return plugin


def every(builtin: Mapping[str, Collection[str]]) -> tuple[list[Plugin], list[str]]:
    """Every installed or registered plugin, loaded: the usable ones and a line per refused one.

    Parameters
    ----------
    builtin : mapping
        Each role's built-in names.
    """
    usable, refused = [], []
    for role in GROUPS:
        for name in names(role):
            try:
                plugin = find(role, name, builtin[role])
            except InputError as error:
                refused.append(str(error))
            else:
                if plugin is not None:
                    usable.append(plugin)
    return usable, refused


def _check_name(name: str, role: str, builtin: Collection[str], where: str) -> None:
    if not _NAME.match(name) or _FIXED.match(name):
        raise InputError(
            f"{where}: a player's name is letters, digits, '_', '.' and '-', starting with a "
            "letter, and not fixed-K"
        )
    if name in builtin:
        kind = "base strategy" if role == "base" else "taming policy"
        raise InputError(f"{where} shadows the built-in {kind} {name!r}; rename it")


def check(module: ModuleType, role: str, where: str) -> None:
    """Refuse a module that cannot play its role, with one line starting with ``where``.

    It must define ``DESCRIPTION`` (text) and ``PARAMS`` (names to finite numbers), answer at
    least one hook of its role and none of the other's, each with the hook's own arguments
    (:mod:`sim.hooks`) and compiled by numba (:func:`sim.jit.hot`); ``LIMITS`` may hold a
    :class:`~strategies.params.Limit` per parameter, ``EXTRA`` finite numbers.

    Raises
    ------
    InputError
        What is wrong, in one line.
    """
    description = getattr(module, "DESCRIPTION", None)
    if not isinstance(description, str) or not description.strip():
        raise InputError(f"{where}: the module defines no DESCRIPTION (one line of text)")
    params = getattr(module, "PARAMS", None)
    if not isinstance(params, dict) or not all(
        isinstance(k, str) and _finite(v) for k, v in params.items()
    ):
        raise InputError(f"{where}: PARAMS must be a dict of parameter names to finite numbers")
    limits = getattr(module, "LIMITS", {})
    if not isinstance(limits, dict) or not all(
        k in params and isinstance(v, Limit) for k, v in limits.items()
    ):
        raise InputError(f"{where}: LIMITS must map some of PARAMS' names to a Limit")
    extra = getattr(module, "EXTRA", None)
    if extra is not None and not all(_finite(v) for v in extra):
        raise InputError(f"{where}: EXTRA must be finite numbers")
    other = "taming" if role == "base" else "base"
    foreign = [name for name in HOOKS[other] if hasattr(module, name)]
    if foreign:
        kind = "a base strategy" if role == "base" else "a taming policy"
        raise InputError(
            f"{where}: {kind} answers no {other} hook ({', '.join(foreign)}); "
            f"declare it in {GROUPS[other]!r} instead"
        )
    answered = [name for name in HOOKS[role] if hasattr(module, name)]
    if not answered:
        raise InputError(f"{where} answers none of the hooks {', '.join(HOOKS[role])}")
    for name in answered:
        function = getattr(module, name)
        python = getattr(function, "py_func", None)
        if python is None:
            raise InputError(f"{where}: {name} is not compiled by numba (decorate it with @hot)")
        want = list(inspect.signature(getattr(hooks, name)).parameters)
        got = list(inspect.signature(python).parameters)
        if got != want:
            raise InputError(
                f"{where}: {name}({', '.join(got)}) does not take the hook's arguments "
                f"{name}({', '.join(want)})"
            )


def _finite(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def register(role: str, name: str, player, builtin: Collection[str] = ()) -> Plugin:
    """Add a player to this process (a notebook's): what the registry's ``register_strategy`` does.

    Parameters
    ----------
    role : str
        ``"base"`` or ``"taming"``.
    name : str
        The name seats will use; registering it again replaces the earlier one.
    player : module, str, mapping or object
        The hooks and data (see :func:`check`): a module, its import path, a dict, or anything
        with them as attributes (a :class:`types.SimpleNamespace`). Only the hooks of the role
        and the data names of :data:`DATA` are taken.
    builtin : collection of str
        The role's built-in names, which no player may take.

    Returns
    -------
    Plugin
        The registration, as the registry sees it.

    Raises
    ------
    InputError
        For a name taken by a built-in or an installed plugin, or a player :func:`check` refuses.
    """
    where = f"strategy {name!r}"
    _check_name(name, role, builtin, where)
    if name in _entry_points(role):
        raise InputError(f"{where} is an installed plugin's name; register it under another")
    if isinstance(player, str):
        try:
            source = importlib.import_module(player)
        except ImportError as error:
            raise InputError(f"{where}: cannot import {player!r} ({error})") from None
    else:
        source = player
    if isinstance(source, Mapping):
        found = dict(source)
    else:
        found = {key: getattr(source, key) for key in dir(source) if not key.startswith("__")}
    wanted = (*HOOKS["base"], *HOOKS["taming"], *DATA[role])
    module = ModuleType(f"mammoth_registered_{name}")
    for key in wanted:
        if key in found:
            setattr(module, key, found[key])
    check(module, role, where)
    safe = re.sub(r"\W", "_", name)
    module.__name__ = f"mammoth_registered_{safe}_{outside_digest(module)[:12]}"
    sys.modules[module.__name__] = module  # the kernel imports it by this name, in this process
    plugin = Plugin(
        name=name,
        role=role,
        module=module.__name__,
        default_taming=str(getattr(module, "DEFAULT_TAMING", "ev")),
    )
    _loaded[role][name] = plugin
    return plugin
