"""Presets: named parameter rows of a strategy family, kept in TOML files.

A preset is a base strategy name like any other (``farmer``, ``farmer+majority``) that plays the
functions of an existing base strategy (its ``base``, e.g. ``greedy``) with some of that
strategy's ``PARAMS`` overridden. It is data, not code: adding one never changes the compiled
kernel. A preset file looks like::

    # strategies/presets/farmer.toml
    base = "greedy"          # the registered base strategy whose functions it plays
    taming = "ev"            # default taming policy when the name has no +TAMING
    description = "agriculture first, then farmer cards"

    [params]                 # overrides of the base strategy's PARAMS (the rest keep defaults)
    agriculture = 3.0
    farmer = 2.5

Optional keys: ``name`` (default: the file's stem), a ``[data]`` table naming the data its base
strategy plays (the base's data parameters, such as ``model = "selfplay3"`` of ``learned``: the
strongest player, ``champion``, is such a preset) and a ``[tuning]`` table (written by
``mammoth tune``: how the weights were found), which the registry ignores.

Where presets come from: every ``*.toml`` in this package's ``presets/`` folder, then every
folder or file listed in the environment variable ``MAMMOTH_PRESETS`` (separated like ``PATH``).
A name defined twice, or shadowing a registered base strategy, is an input error.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from sim.errors import InputError
from sim.textfiles import read_toml

PRESET_DIR = Path(__file__).resolve().parent / "presets"
ENV_VAR = "MAMMOTH_PRESETS"
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_-]*$")
_KEYS = {"name", "base", "taming", "description", "params", "data", "tuning"}

MAX_PRESET_BYTES = 100_000
"""Largest preset file read (a preset is a few hundred bytes)."""


@dataclass(frozen=True)
class Preset:
    """One preset: a name for a base strategy's functions with some weights overridden."""

    name: str
    base: str
    taming: str
    description: str
    params: dict[str, float] = field(hash=False)
    path: str = ""
    data: dict[str, str] = field(default_factory=dict, hash=False)


def preset_files() -> list[Path]:
    """Every preset file: the packaged folder first, then ``MAMMOTH_PRESETS`` entries in order."""
    files = sorted(PRESET_DIR.glob("*.toml")) if PRESET_DIR.is_dir() else []
    for entry in os.environ.get(ENV_VAR, "").split(os.pathsep):
        if not entry.strip():
            continue
        path = Path(entry).expanduser()
        if path.is_dir():
            files.extend(sorted(path.glob("*.toml")))
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(f"{ENV_VAR} names {entry!r}, which is neither a folder nor a file")
    unique: dict[Path, None] = {}
    for path in files:
        unique.setdefault(path.resolve(), None)
    return list(unique)


def load_preset(path: str | Path) -> Preset:
    """Read one preset file, checking its shape (the registry checks base, taming and params).

    Raises
    ------
    InputError
        For a missing, binary, non-UTF-8 or too large file, malformed TOML, a bad name or a
        value of the wrong type.
    """
    path = Path(path)
    data = read_toml(path, "preset file", MAX_PRESET_BYTES)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise InputError(f"preset file {str(path)!r}: unknown keys {', '.join(unknown)}")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        raise InputError(
            f"preset file {str(path)!r}: name {name!r} must be lower-case letters, digits, - or _"
        )
    for key in ("base", "taming", "description"):
        if not isinstance(data.get(key, ""), str):
            raise InputError(f"preset file {str(path)!r}: {key} must be a string")
    if "base" not in data:
        raise InputError(f'preset file {str(path)!r}: needs base = "<base strategy>"')
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise InputError(f"preset file {str(path)!r}: [params] must be a table")
    values = {}
    for key, value in params.items():
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise InputError(f"preset file {str(path)!r}: params.{key} must be a finite number")
        values[key] = float(value)
    data_table = data.get("data", {})
    if not isinstance(data_table, dict) or not all(
        isinstance(v, str) and v.strip() for v in data_table.values()
    ):
        raise InputError(f"preset file {str(path)!r}: [data] must be a table of names")
    return Preset(
        name=name,
        base=data["base"],
        taming=data.get("taming", ""),
        description=data.get("description", ""),
        params=values,
        path=str(path),
        data={str(k): v.strip() for k, v in data_table.items()},
    )


@lru_cache(maxsize=8)
def _load_all(signature: tuple) -> dict[str, Preset]:
    found: dict[str, Preset] = {}
    for path, _, _ in signature:
        preset = load_preset(path)
        if preset.name in found:
            raise InputError(
                f"preset {preset.name!r} is defined twice: {found[preset.name].path} and {path}"
            )
        found[preset.name] = preset
    return found


def presets() -> dict[str, Preset]:
    """Every preset by name (re-read only when a file was added, removed or changed)."""
    signature = []
    for path in preset_files():
        stat = path.stat()
        signature.append((str(path), stat.st_mtime_ns, stat.st_size))
    return dict(_load_all(tuple(signature)))


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"TOML cannot hold {value!r}")
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string of printable text is a TOML basic string
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def _toml_key(key: str) -> str:
    """A bare key when TOML allows one (letters, digits, ``_``, ``-``), else a quoted key."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def preset_text(
    name: str,
    base: str,
    taming: str,
    description: str,
    params: dict[str, float],
    tuning: dict | None = None,
    comment: str = "",
) -> str:
    """The TOML text of a preset file (what :func:`load_preset` reads back).

    Parameters
    ----------
    name, base, taming, description : str
        As in :class:`Preset`.
    params : dict of str to float
        The weights to override.
    tuning : dict, optional
        Flat table of scalars or lists recording how the weights were found.
    comment : str
        Lines put at the top as TOML comments.
    """
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines += [
        f"name = {_toml_value(name)}",
        f"base = {_toml_value(base)}",
        f"taming = {_toml_value(taming)}",
        f"description = {_toml_value(description)}",
        "",
        "[params]",
    ]
    lines += [f"{_toml_key(key)} = {_toml_value(float(value))}" for key, value in params.items()]
    if tuning:
        lines += ["", "[tuning]"]
        lines += [f"{_toml_key(key)} = {_toml_value(value)}" for key, value in tuning.items()]
    return "\n".join(lines) + "\n"


def write_preset(path: str | Path, text: str) -> Path:
    """Write a preset file atomically (a reader never sees half a file)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return path
