"""The strategy registry: names -> modules and parameter rows, and the one compiled kernel.

A seat's strategy is written ``BASE`` or ``BASE+TAMING`` (e.g. ``greedy+fixed-2``): a base
strategy answers the base-game hooks, a taming policy the herd's. A plain ``BASE`` plays the
base strategy's default taming policy. ``fixed-K`` takes K from its name; a taming policy may
also be a registered module with some of its parameters set (``search-classic``).

Adding a strategy: write one module in this package defining some hooks of :mod:`sim.hooks`
plus ``DESCRIPTION`` and ``PARAMS`` (and, for a taming policy that never reads the base
strategy's valuation, ``READS_VALUES = False``; for parameters that only some values fit,
``LIMITS``: :class:`strategies.params.Limit` by name), then add one line to :data:`BASE` or
:data:`TAMING`. A module may also define ``EXTRA``, a float row appended to its parameter row
after ``PARAMS`` (data such as a learned model's weights, see :mod:`strategies.learned`); no
``[param=value]`` override names its entries.

Players from outside the package (:mod:`strategies.plugins`: entry-point plugins, and
:func:`register_strategy` in a notebook) take the ids after the built-in ones, in the order this
process loaded them; a run that seats one plays a kernel built for its own seats
(:func:`kernel_for`).

Presets (:mod:`strategies.presets`) are base strategy names too: a TOML file naming a registered
base strategy and overriding some of its ``PARAMS``. They share their base strategy's kernel id,
so adding one never changes the compiled kernel.

Parameter overrides name a variant without a file: either part of a name may end in
``[param=value, ...]``, setting some of that part's ``PARAMS`` (on top of a preset's or a taming
variant's): ``search[rollouts=2]`` is the search with 2 rollouts per candidate placement,
``greedy+search[rollouts=1]`` greedy with a 1-rollout commitment search. The resolved name
lists the overrides in ``PARAMS`` order with their values in shortest form
(``search[rollouts=2]+search``), so one variant has one name whatever the spelling.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

import numpy as np

from sim.errors import InputError
from sim.kernel import build
from sim.run import Slot
from strategies import plugins
from strategies.plugins import Plugin
from strategies.presets import Preset
from strategies.presets import presets as _preset_files

# name -> (module, default taming policy)
BASE: dict[str, tuple[str, str]] = {
    "random": ("strategies.random", "never"),
    "greedy": ("strategies.greedy", "ev"),
    "classic": ("strategies.classic", "ev"),
    "learned": ("strategies.learned", "ev"),
    "search": ("strategies.search", "search"),
    "search-classic": ("strategies.search_classic", "search-classic"),
}
# name -> module
TAMING: dict[str, str] = {
    "never": "strategies.taming_never",
    "fixed": "strategies.taming_fixed",
    "random": "strategies.taming_random",
    "ev": "strategies.taming_ev",
    "majority": "strategies.taming_majority",
    "card": "strategies.taming_card",
    "search": "strategies.search_taming",
    "model": "strategies.taming_model",
}
# name -> (registered taming policy, its parameters set): variants that need no module
TAMING_VARIANTS: dict[str, tuple[str, dict[str, float]]] = {
    "search-classic": ("search", {"model": 1.0}),  # the search with classic rollouts
}
_FIXED = re.compile(r"^fixed-(\d+)$")


@dataclass(frozen=True)
class SeatStrategy:
    """One seat's strategy, resolved: ids into the kernel and parameter rows."""

    name: str
    base: str
    taming: str
    base_id: int
    taming_id: int
    base_params: np.ndarray
    taming_params: np.ndarray
    family: str = ""  # the registered base strategy whose functions it plays (a preset's base)
    base_module: str = ""  # the import path of those functions' module

    def slot(self, label: str | None = None, base_params: np.ndarray | None = None) -> Slot:
        """The seat as the kernel plays it (:class:`sim.run.Slot`).

        Parameters
        ----------
        label : str, optional
            The slot's label in outputs (default: the strategy's name).
        base_params : numpy.ndarray, optional
            A parameter row of the base strategy in place of its own (a tuned or trained row).

        Returns
        -------
        sim.run.Slot
        """
        return Slot(
            self.name if label is None else label,
            self.base_id,
            self.taming_id,
            self.base_params if base_params is None else np.asarray(base_params, dtype=float),
            self.taming_params,
        )


def _module(path: str):
    return importlib.import_module(path)


def _params(
    path: str, overrides: dict[str, float] | None = None, data: dict[str, str] | None = None
) -> np.ndarray:
    """A module's parameter row: its ``PARAMS`` (with ``overrides``), then its ``EXTRA`` row if
    it has one (data such as a learned model's weights, which no numeric override names; a data
    parameter in ``data`` picks another, :data:`DATA_PARAMS`). A data parameter's function may
    return ``(extra, settings)``: the data's own values of some ``PARAMS`` (a model trained with
    them), which the ``overrides`` still override."""
    module = _module(path)
    defaults = dict(getattr(module, "PARAMS", {}))
    extra = getattr(module, "EXTRA", None)
    for key, value in (data or {}).items():
        extra = module.DATA_PARAMS[key](value)
        if isinstance(extra, tuple):  # the data's own settings of numeric parameters
            extra, settings = extra
            unknown = set(settings) - set(defaults)
            if unknown:
                raise InputError(
                    f"{key}={value} sets unknown parameters: {', '.join(sorted(unknown))}"
                )
            _within(settings, getattr(module, "LIMITS", {}), f"{key}={value}")
            defaults.update(settings)
    if overrides:
        defaults.update(overrides)
    row = np.array(list(defaults.values()), dtype=np.float64)
    if extra is None:
        return row
    return np.concatenate([row, np.asarray(extra, dtype=np.float64)])


def presets() -> dict[str, Preset]:
    """Every preset by name, checked against the registered strategies and their parameters.

    Raises
    ------
    InputError
        For a preset shadowing a base strategy, naming an unknown base strategy or taming
        policy, or setting a parameter its base strategy does not have or to a value outside
        the parameter's :class:`~strategies.params.Limit`.
    """
    found = _preset_files()
    for preset in found.values():
        where = f"preset {preset.name!r} ({preset.path})"
        if preset.name in BASE:
            raise InputError(f"{where} shadows the base strategy of that name")
        if preset.base not in BASE:
            raise InputError(
                f"{where}: unknown base {preset.base!r}; known: {', '.join(sorted(BASE))}"
            )
        taming = preset.taming or BASE[preset.base][1]
        if not _known_taming(taming):
            raise InputError(
                f"{where}: unknown taming policy {taming!r}; known: {', '.join(taming_names())}"
            )
        module = _module(BASE[preset.base][0])
        known = getattr(module, "PARAMS", {})
        unknown = sorted(set(preset.params) - set(known))
        if unknown:
            raise InputError(
                f"{where}: {preset.base} has no parameter {', '.join(unknown)}; "
                f"known: {', '.join(known)}"
            )
        _within(preset.params, getattr(module, "LIMITS", {}), where)
        data = getattr(module, "DATA_PARAMS", {})
        unknown = sorted(set(preset.data) - set(data))
        if unknown:
            raise InputError(
                f"{where}: {preset.base} has no data parameter {', '.join(unknown)}; "
                f"known: {', '.join(data) or 'none'}"
            )
    return found


def _known_taming(name: str) -> bool:
    return (
        bool(_FIXED.match(name)) or name in TAMING_VARIANTS or (name in TAMING and name != "fixed")
    )


def base_names(plugins: bool = False) -> list[str]:
    """Every base strategy name a seat can use: registered strategies, then presets; with
    ``plugins``, then the plugins' (installed or registered in this process)."""
    found = list(BASE) + sorted(presets())
    return found + [n for n in _plugin_names("base") if n not in found] if plugins else found


def _plugin_names(role: str) -> list[str]:
    # the module, reached from functions whose ``plugins`` argument hides it
    return plugins.names(role)


def builtin_names() -> dict[str, set[str]]:
    """The names no plugin may take, by role (``base``: strategies and presets; ``taming``:
    policies and their variants)."""
    return {
        "base": set(BASE) | set(presets()),
        "taming": set(TAMING) | set(TAMING_VARIANTS),
    }


def register_strategy(name: str, player, taming: bool = False) -> Plugin:
    """Add a player to this process, for a notebook: seats can name it at once.

    ``play_games``, ``compare``, the ladder and every other call in this process then accept
    ``name`` (and ``name+TAMING``, ``BASE+name`` for a taming policy) like a built-in one.
    Local worker processes inherit it where they are forked (Linux); a Dask cluster does not
    (a run that names it there is refused): for those, install it as a plugin
    (:mod:`strategies.plugins`).

    Parameters
    ----------
    name : str
        The name seats will use (letters, digits, ``_``, ``.``, ``-``); registering it again
        replaces the earlier player (the kernel compiles anew for the new code).
    player : module, str, dict or object
        The hooks of :mod:`sim.hooks` it answers (compiled with :func:`sim.jit.hot`) and its
        ``DESCRIPTION`` and ``PARAMS`` (optionally ``LIMITS``, ``EXTRA``, ``DEFAULT_TAMING``;
        ``READS_VALUES`` for a taming policy): a module, its import path, a dict or a
        :class:`types.SimpleNamespace`.
    taming : bool
        Register a taming policy instead of a base strategy.

    Returns
    -------
    strategies.plugins.Plugin

    Raises
    ------
    InputError
        For a name taken by a built-in player or an installed plugin, or hooks that do not fit
        (:func:`strategies.plugins.check`), or a ``DEFAULT_TAMING`` no taming policy has.
    """
    role = "taming" if taming else "base"
    default = str(_data(player, "DEFAULT_TAMING", "ev"))
    if not taming and not (
        _known_taming(default) or plugins.find("taming", default, builtin_names()["taming"])
    ):
        raise InputError(f"strategy {name!r}: DEFAULT_TAMING {default!r} is no taming policy")
    return plugins.register(role, name, player, builtin_names()[role])


def _data(player, key: str, default):
    """A player's data entry, whether it is given as a mapping or with attributes."""
    if isinstance(player, dict):
        return player.get(key, default)
    return getattr(player, key, default) if not isinstance(player, str) else default


def resolve(name: str) -> SeatStrategy:
    """Turn a strategy name (``BASE`` or ``BASE+TAMING``) into kernel ids and parameters.

    Raises
    ------
    InputError
        For an unknown base strategy or taming policy, or a ``+`` with no policy after it.
    """
    base, base_set, plus, taming, taming_set = _split(name)
    if plus and not taming:
        raise InputError(
            f"strategy {name!r} names no taming policy after '+'; write {base!r} for its "
            f"default or {base}+TAMING with TAMING one of {', '.join(taming_names())}"
        )
    preset = plugin = None
    if base not in BASE:
        preset = presets().get(base)
        plugin = None if preset else plugins.find("base", base, builtin_names()["base"])
        if preset is None and plugin is None:
            raise InputError(
                f"unknown strategy {base!r}; known: {', '.join(base_names(plugins=True))} "
                f"(optionally +TAMING with TAMING one of {', '.join(taming_names(plugins=True))})"
            )
    family = preset.base if preset else base
    if plugin:
        base_module, default_taming = plugin.module, plugin.default_taming
        base_id = len(BASE) + plugins.loaded("base").index(plugin)
    else:
        base_module, default_taming = BASE[family]
        base_id = list(BASE).index(family)
    if preset and preset.taming:
        default_taming = preset.taming
    taming = taming or default_taming
    overrides = None
    match = _FIXED.match(taming)
    taming_plugin = None
    if match:
        overrides = {"figures": float(match.group(1))}
        taming_key = "fixed"
    elif taming in TAMING_VARIANTS:
        taming_key, overrides = TAMING_VARIANTS[taming]
    elif taming in TAMING and taming != "fixed":
        taming_key = taming
    else:
        taming_plugin = plugins.find("taming", taming, builtin_names()["taming"])
        if taming_plugin is None:
            raise InputError(
                f"unknown taming policy {taming!r}; known: {', '.join(taming_names(plugins=True))}"
            )
    if taming_plugin:
        taming_module = taming_plugin.module
        taming_id = len(TAMING) + plugins.loaded("taming").index(taming_plugin)
    else:
        taming_module = TAMING[taming_key]
        taming_id = list(TAMING).index(taming_key)
    base_known = getattr(_module(base_module), "PARAMS", {})
    taming_known = getattr(_module(taming_module), "PARAMS", {})
    base_limits = getattr(_module(base_module), "LIMITS", {})
    taming_limits = getattr(_module(taming_module), "LIMITS", {})
    base_set, base_data = _data_overrides(base_set, _module(base_module), base)
    # the data the base plays: the name's own choice, else its preset's (which the name omits)
    played_data = base_data or (dict(preset.data) if preset else {})
    taming_set, taming_data = _data_overrides(taming_set, _module(taming_module), taming)
    base_values = _overrides(base_set, base_known, base, base_limits)
    taming_values = _overrides(taming_set, taming_known, taming, taming_limits)
    _within({**(overrides or {}), **taming_values}, taming_limits, taming)
    base = base + _suffix(base_values, base_known, base_data)
    taming = taming + _suffix(taming_values, taming_known, taming_data)
    return SeatStrategy(
        name=f"{base}+{taming}",
        base=base,
        taming=taming,
        base_id=base_id,
        taming_id=taming_id,
        base_params=_params(
            base_module, {**(preset.params if preset else {}), **base_values}, played_data
        ),
        taming_params=_params(taming_module, {**(overrides or {}), **taming_values}, taming_data),
        family=family,
        base_module=base_module,
    )


_NAME = re.compile(r"^([^\[\]+]*)(?:\[([^\[\]]*)\])?\s*(?:(\+)([^\[\]+]*)(?:\[([^\[\]]*)\])?)?$")
"""``BASE[overrides]+TAMING[overrides]``, each ``[...]`` and the ``+TAMING`` part optional;
whitespace may pad every part (:func:`tidy_name` removes it)."""


def _split(name: str) -> tuple[str, str | None, str, str, str | None]:
    """Split a strategy name into base, its overrides, ``+``, taming and its overrides."""
    match = _NAME.match(name.strip())
    if match is None:
        raise InputError(
            f"strategy {name!r} is not BASE, BASE+TAMING or either with [param=value, ...] after it"
        )
    base, base_set, plus, taming, taming_set = match.groups()
    return base.strip(), base_set, plus or "", (taming or "").strip(), taming_set


def tidy_name(name: str) -> str:
    """A strategy name as typed, without the whitespace around it and around each of its parts.

    ``" greedy + ev "`` is ``"greedy+ev"`` and ``"learned[ model = x ]"`` is
    ``"learned[model=x]"``: a padded name is the very name it pads, so a command's settings, its
    experiment's fingerprint (the chunks' and ``--resume``'s key) and the kernel it compiles are
    those of the unpadded name. Nothing else changes (no default taming is added, no value
    rewritten: that is :func:`resolve`'s canonical ``name``), and nothing is checked: a name
    :func:`resolve` refuses comes back stripped, to be refused there.

    Parameters
    ----------
    name : str
        ``BASE``, ``BASE+TAMING``, either with ``[param=value, ...]`` after it.

    Returns
    -------
    str
        The name without padding.
    """
    match = _NAME.match(name.strip())
    if match is None:
        return name.strip()
    base, base_set, plus, taming, taming_set = match.groups()
    tidy = base.strip() + _tidy_overrides(base_set)
    if plus:
        tidy += "+" + taming.strip() + _tidy_overrides(taming_set)
    return tidy


def _tidy_overrides(text: str | None) -> str:
    """One ``[...]`` of a name without the whitespace around its items, keys and values."""
    if text is None:
        return ""
    items = []
    for item in text.split(","):
        key, equals, value = (s.strip() for s in item.partition("="))
        items.append(f"{key}{equals}{value}")
    return "[" + ",".join(items) + "]"


def _within(values: dict[str, float], limits: dict, part: str) -> None:
    """Refuse a value outside its parameter's declared :class:`~strategies.params.Limit`."""
    for key, value in values.items():
        limit = limits.get(key)
        fault = limit.fault(value) if limit is not None else None
        if fault:
            raise InputError(f"{part}: {key} must be {fault}, not {value:g}")


def _overrides(
    text: str | None, known: dict, part: str, limits: dict | None = None
) -> dict[str, float]:
    """The ``param=value`` pairs of one ``[...]`` as floats, checked against ``known`` and the
    module's ``limits``."""
    if text is None:
        return {}
    values: dict[str, float] = {}
    for item in text.split(","):
        key, equals, value = (s.strip() for s in item.partition("="))
        if not equals or not key:
            raise InputError(f"{part}[{text}]: write param=value, separated by commas")
        if key not in known:
            raise InputError(f"{part} has no parameter {key!r}; known: {', '.join(known)}")
        if key in values:
            raise InputError(f"{part}[{text}] sets {key} twice")
        try:
            number = float(value)
        except ValueError:
            number = float("nan")
        if not np.isfinite(number):
            raise InputError(f"{part}[{text}]: {key} must be a finite number, not {value!r}")
        values[key] = number
    _within(values, limits or {}, part)
    return values


def _data_overrides(text: str | None, module, part: str) -> tuple[str | None, dict[str, str]]:
    """Take a module's data parameters (``DATA_PARAMS``, e.g. ``file=PATH``) out of one
    ``[...]``: the rest of the text (None if nothing is left), and the data parameter's text.

    Raises
    ------
    InputError
        A data parameter without a value, or more than one (each names the whole ``EXTRA`` row).
    """
    data = getattr(module, "DATA_PARAMS", {})
    if text is None or not data:
        return text, {}
    rest, found = [], {}
    for item in text.split(","):
        key, equals, value = (s.strip() for s in item.partition("="))
        if key not in data or not equals:
            rest.append(item)
            continue
        if found:
            raise InputError(f"{part}[{text}]: name one of {', '.join(data)}, once")
        if not value:
            raise InputError(f"{part}[{text}]: {key} needs a value ({key}=...)")
        found[key] = value
    return (",".join(rest) if rest else None), found


def _suffix(values: dict[str, float], known: dict, data: dict[str, str] | None = None) -> str:
    """The canonical ``[param=value,...]`` of some overrides (``PARAMS`` order, then a data
    parameter), or ``""``."""
    items = [f"{k}={values[k]:.12g}" for k in known if k in values]
    items += [f"{k}={v}" for k, v in (data or {}).items()]
    return "[" + ",".join(items) + "]" if items else ""


def taming_names(plugins: bool = False) -> list[str]:
    """Taming policy names as users type them; with ``plugins``, the plugins' after them."""
    found = [("fixed-K" if n == "fixed" else n) for n in TAMING] + list(TAMING_VARIANTS)
    return found + [n for n in _plugin_names("taming") if n not in found] if plugins else found


HEAVY = ("search", "search-classic", "model")
"""Registered last in BASE and TAMING, compiled only into the heavy kernel: the search, whose code
(a second, rollout engine) takes long to compile, and the ``model`` taming policy, which measured
no better than ``ev`` (docs/strategies.md) and so adds nothing to the light kernel every run
compiles. A kernel built without them keeps every other strategy's id."""


def kernel(heavy: bool = True, timed: bool = False):
    """The compiled game kernel (built once per process).

    Parameters
    ----------
    heavy : bool
        Include the :data:`HEAVY` strategies. Without them the kernel compiles in about half the
        time; use :func:`kernel_for` to choose from the seats to be played.
    timed : bool
        The timed variant (:func:`sim.kernel.kernel_source`): same play, cycles by part of a game.
    """
    bases = [m for name, (m, _) in BASE.items() if heavy or name not in HEAVY]
    tamings = [m for name, m in TAMING.items() if heavy or name not in HEAVY]
    return build(tuple(bases), tuple(tamings), timed)


def needs_heavy(slots) -> bool:
    """Whether any of these slots (anything with ``base_id``/``taming_id``) plays a
    :data:`HEAVY` strategy, so only the heavy kernel can play them."""
    light_bases = sum(1 for name in BASE if name not in HEAVY)
    light_tamings = sum(1 for name in TAMING if name not in HEAVY)
    return any(
        light_bases <= s.base_id < len(BASE) or light_tamings <= s.taming_id < len(TAMING)
        for s in slots
    )


def plugins_played(slots) -> list[Plugin]:
    """The plugins these slots (anything with ``base_id``/``taming_id``) play, in id order."""
    slots = list(slots)
    bases = {s.base_id - len(BASE) for s in slots}
    tamings = {s.taming_id - len(TAMING) for s in slots}
    return [p for i, p in enumerate(plugins.loaded("base")) if i in bases] + [
        p for i, p in enumerate(plugins.loaded("taming")) if i in tamings
    ]


PLACEHOLDER = "sim.hooks"
"""What stands in a plugin's kernel for a strategy id the run does not play: the default hooks,
which every kernel compiles anyway."""


def kernel_for(slots, timed: bool = False) -> object:
    """The lightest kernel that can play these slots (anything with ``base_id``/``taming_id``);
    ``timed``: its timed variant.

    Slots that play no plugin share the light or the heavy kernel (:func:`kernel`). A kernel
    that plays plugins is built for its slots alone: the strategies they play keep their ids,
    every other id is answered by :data:`PLACEHOLDER` (compiled once for all), so it compiles
    only what the run plays.
    """
    slots = list(slots)
    if not plugins_played(slots):
        return kernel(heavy=needs_heavy(slots), timed=timed)
    bases = [m for m, _ in BASE.values()] + [p.module for p in plugins.loaded("base")]
    tamings = list(TAMING.values()) + [p.module for p in plugins.loaded("taming")]
    return build(
        _played(bases, {s.base_id for s in slots}),
        _played(tamings, {s.taming_id for s in slots}),
        timed,
    )


def _played(modules: list[str], ids: set[int]) -> tuple[str, ...]:
    """The modules of the played ids, :data:`PLACEHOLDER` for the others, up to the last played."""
    return tuple(m if i in ids else PLACEHOLDER for i, m in enumerate(modules[: max(ids) + 1]))


def describe() -> tuple[list[dict], list[str]]:
    """One row per strategy, preset and policy a seat can name, and a line per refused plugin.

    Each row holds ``name``, ``role`` (base, preset or taming), ``origin`` (built-in, preset,
    or the plugin's :attr:`~strategies.plugins.Plugin.origin`), ``description`` and ``params``;
    a preset's ``params`` are only its overrides of its base strategy's parameters. Every
    installed plugin is loaded: the ones that cannot be used are the second list's lines.
    """
    rows = []
    for name, (path, default) in BASE.items():
        rows.append(_row(name, "base", "built-in", path, f" (default taming: {default})"))
    for name, preset in sorted(presets().items()):
        rows.append(
            {
                "name": name,
                "role": "preset",
                "origin": "preset",
                "description": f"{preset.description} ({preset.base} with the params below; "
                f"default taming: {preset.taming or BASE[preset.base][1]})",
                "params": {**preset.params, **preset.data},
            }
        )
    for name, path in TAMING.items():
        rows.append(_row("fixed-K" if name == "fixed" else name, "taming", "built-in", path))
    for name, (policy, settings) in TAMING_VARIANTS.items():
        values = ", ".join(f"{k} = {v:g}" for k, v in settings.items())
        rows.append(
            {
                "name": name,
                "role": "taming",
                "origin": "built-in",
                "description": f"{policy} with {values}",
                "params": dict(settings),
            }
        )
    usable, refused = plugins.every(builtin_names())
    for plugin in usable:
        default = f" (default taming: {plugin.default_taming})" if plugin.role == "base" else ""
        rows.append(_row(plugin.name, plugin.role, plugin.origin, plugin.module, default))
    return rows, refused


def _row(name: str, role: str, origin: str, path: str, note: str = "") -> dict:
    module = _module(path)
    return {
        "name": name,
        "role": role,
        "origin": origin,
        "description": module.DESCRIPTION + note,
        "params": dict(module.PARAMS),
    }
