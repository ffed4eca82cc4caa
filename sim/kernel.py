"""The kernel builder: one compiled game kernel that dispatches every hook on a strategy id.

``sim`` knows no strategy by name. A caller (the strategy registry) hands :func:`build` the
import paths of its base-strategy modules and taming-policy modules, in id order. The builder
writes a module into numba's cache folder that holds, for every hook, a dispatcher
``hook_NAME(sid, ...)`` calling ``module.NAME`` of strategy ``sid`` (or the default of
:mod:`sim.hooks` where a module leaves the hook out), followed by the source of
:mod:`sim.engine` with its default hook imports replaced. The file name is a hash of its text, so
numba's on-disk cache stays valid across processes and can never serve a stale kernel (the text
carries a hash of the source of every strategy module from outside the project,
:func:`outside_digest`; the project's own sources name the cache folder); every matchup and
parameter sweep then runs on the one compiled kernel.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import json
import os
import re
import sys
import time
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from types import ModuleType

from sim import engine, hooks

_BEGIN = "# --- hooks: the kernel builder replaces this block with generated dispatchers ---"
_END = "# --- end hooks ---"


def _signature(name: str) -> str:
    return ", ".join(inspect.signature(getattr(hooks, name)).parameters)


def _dispatcher(name: str, aliases: list[str], modules: list[ModuleType]) -> str:
    args = _signature(name)
    lines = ["", "", "@splice", f"def hook_{name}(sid, {args}):"]
    # One branch per distinct function: strategies that share a hook (``learned`` and ``search``
    # answer most hooks with greedy's own functions) share its branch, so LLVM inlines and
    # compiles each hook's body once, not once per strategy.
    branches: dict[int, tuple[str, list[int]]] = {}
    for sid, (alias, module) in enumerate(zip(aliases, modules, strict=True)):
        function = getattr(module, name, None)
        target = f"{alias}.{name}" if function is not None else f"_default_hooks.{name}"
        key = id(function if function is not None else getattr(hooks, name))
        branches.setdefault(key, (target, []))[1].append(sid)
    ordered = sorted(branches.values(), key=lambda branch: branch[1][0])
    for target, sids in ordered[:-1]:
        lines.append(f"    if {' or '.join(f'sid == {sid}' for sid in sids)}:")
        lines.append(f"        return {target}({args})")
    lines.append(f"    return {ordered[-1][0]}({args})")
    return "\n".join(lines)


def _flag(name: str, aliases: list[str], modules: list[ModuleType]) -> str:
    """A dispatcher of a taming module's constant ``name`` (``True`` where a module leaves it
    out), such as ``READS_VALUES`` (:mod:`sim.hooks`)."""
    lines = ["", "", "@splice", f"def taming_{name.lower()}(tid):"]
    flags = [bool(getattr(module, name, True)) for module in modules]
    for tid, flag in enumerate(flags[:-1]):
        lines.append(f"    if tid == {tid}:")
        lines.append(f"        return {flag}")
    lines.append(f"    return {flags[-1]}")
    return "\n".join(lines)


ENGINE_PARTS = ("engine_playouts", "engine_advice", "engine_entries", "engine_analysis")
"""The modules of :mod:`sim` whose code a kernel holds after :mod:`sim.engine`'s, in this order
(each after the parts it uses): the play-outs, the advice's play-outs of a game's decisions, the
entries for real games (their one loop), the analysis's entry."""
_PART_BEGIN = "# --- engine: the kernel builder leaves this block out"
_PART_END = "# --- end engine ---\n"

_UNTIMED = "\nTIMING = False"
_TIMED = "\nTIMING = True"
# A statement of the engine's timers (see sim.engine.TIMING): a line that is only one of these.
_TIMER_LINE = re.compile(
    r"\s*((t|begin) = _clock\(\)|(t = )?_lap\(work, T_(?!CALIBRATE)\w+( if opening else \w+)?, "
    r"(t|begin)\)|opening = notes\[p, 1\] == 0\.0)\s*"
)


def _without_timers(source: str) -> str:
    """The engine's source without its timer statements (the plain kernels' code, exactly as if
    the timers had never been written: dead code left in cost about 2%, A/B alternated)."""
    return "\n".join(line for line in source.split("\n") if not _TIMER_LINE.fullmatch(line))


def kernel_source(
    base_modules: tuple[str, ...], taming_modules: tuple[str, ...], timed: bool = False
) -> str:
    """Return the source of the game kernel for these strategy modules.

    Parameters
    ----------
    base_modules : tuple of str
        Import paths of the base-strategy modules; a module's position is its strategy id.
    taming_modules : tuple of str
        Import paths of the taming-policy modules; a module's position is its policy id.
    timed : bool
        The timed variant: the engine's ``TIMING`` set, its ``play_rows_timed`` counting the
        cycles of each part of a game (same play; slower by the timers' cost).

    Returns
    -------
    str
        Python source defining the dispatchers and the engine (``play_rows``, ``play_game``).
    """
    if not base_modules or not taming_modules:
        raise ValueError("at least one base strategy and one taming policy are needed")
    base = [importlib.import_module(m) for m in base_modules]
    taming = [importlib.import_module(m) for m in taming_modules]
    head = [
        '"""Generated by sim.kernel: hook dispatchers, then the engine. Do not edit."""',
        "",
        "import sim.hooks as _default_hooks",
        "from sim.jit import hot, splice",
    ]
    base_alias = [f"_base_{i}" for i in range(len(base))]
    taming_alias = [f"_taming_{i}" for i in range(len(taming))]
    for alias, path in zip(base_alias + taming_alias, base_modules + taming_modules, strict=True):
        head.append(f"import {path} as {alias}")
    for path in dict.fromkeys(base_modules + taming_modules):
        digest = outside_digest(importlib.import_module(path))
        if digest:  # the cache folder's name covers the project's own sources, not this one's
            head.append(f"# {path}: source {digest}")
    body = [_dispatcher(name, base_alias, base) for name in hooks.BASE_HOOKS]
    body += [_dispatcher(name, taming_alias, taming) for name in hooks.TAMING_HOOKS]
    body.append(_flag("READS_VALUES", taming_alias, taming))
    engine_source = Path(engine.__file__).read_text(encoding="utf-8")
    before, rest = engine_source.split(_BEGIN, 1)
    _, after = rest.split(_END, 1)
    if after.count(_UNTIMED) != 1:  # pragma: no cover - the engine's source changed
        raise RuntimeError("sim.engine must set TIMING = False once, at module level")
    after = after.replace(_UNTIMED, _TIMED) if timed else _without_timers(after)
    parts = [_engine_part(name, timed) for name in ENGINE_PARTS]
    # The engine's own imports (before the hook block) must precede the dispatchers' use.
    return "\n".join(head) + "\n" + before + "\n".join(body) + "\n" + after + "".join(parts)


def _engine_part(name: str, timed: bool) -> str:
    """The source of one of :data:`ENGINE_PARTS` as a kernel holds it: without its block of the
    engine's names (in a kernel they are its own: the dispatchers and the engine's functions),
    and without its timer statements unless ``timed``."""
    text = Path(engine.__file__).with_name(f"{name}.py").read_text(encoding="utf-8")
    before, rest = text.split(_PART_BEGIN, 1)
    _, after = rest.split(_PART_END, 1)
    source = before + after
    return "\n\n" + (source if timed else _without_timers(source))


_PROJECT = tuple(
    Path(__file__).resolve().parent.parent / package for package in ("sim", "strategies")
)


def outside_digest(module: ModuleType) -> str | None:
    """A hash of the source of a strategy module from outside the project (None: inside it).

    numba's cache folder is named after the project's own sources (:mod:`sim._cache`) and checks
    only the date of the file that defines a function, so a kernel that calls a plugin's hooks
    must carry the plugin's source in its own text: the kernel's file name is a hash of that text,
    and an edited plugin then gets a kernel of its own instead of a stale one. A module of a
    package is hashed with every ``.py`` file of its top-level package (its helpers may live
    beside it); a module built in memory (a notebook's, :mod:`strategies.plugins`) with the
    source of each of its functions and its data.

    Parameters
    ----------
    module : module
        A strategy module.

    Returns
    -------
    str or None
        16 hexadecimal digits, or None for a module of the project's ``sim`` or ``strategies``.
    """
    file = getattr(module, "__file__", None)
    digest = hashlib.sha256()
    if file:
        path = Path(file).resolve()
        if any(folder in path.parents for folder in _PROJECT):
            return None
        top = sys.modules.get(module.__name__.split(".")[0])
        folders = [Path(f) for f in getattr(top, "__path__", [])]
        files = sorted(p for f in folders for p in f.rglob("*.py")) if folders else [path]
        for source in files:
            digest.update(str(source).encode())
            digest.update(source.read_bytes())
        return digest.hexdigest()[:16]
    for name, value in sorted(vars(module).items()):
        if name.startswith("__"):
            continue
        function = getattr(value, "py_func", value)
        if inspect.isfunction(function):
            try:
                text = inspect.getsource(function)
            except (OSError, TypeError):  # no source kept: its compiled code stands for it
                text = repr((function.__code__.co_code, function.__code__.co_consts))
            digest.update(f"{name}\n{text}".encode())
            for used in function.__code__.co_names:  # the constants it reads (frozen when compiled)
                value = function.__globals__.get(used)
                if isinstance(value, int | float | str | tuple):
                    digest.update(f"{used}={value!r}".encode())
        else:
            digest.update(f"{name}={value!r}".encode())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=16)
def build(
    base_modules: tuple[str, ...], taming_modules: tuple[str, ...], timed: bool = False
) -> ModuleType:
    """Write (once) and import the game kernel for these strategy modules.

    Parameters
    ----------
    base_modules, taming_modules, timed
        As for :func:`kernel_source`.

    Returns
    -------
    module
        The generated module; its ``play_rows`` plays a range of rows of a batch.
    """
    source = kernel_source(base_modules, taming_modules, timed)
    digest = hashlib.sha256(source.encode()).hexdigest()[:16]
    name = f"mammoth_kernel_{digest}"
    folder = cache_folder() / "generated"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    if not path.exists() or path.read_text(encoding="utf-8") != source:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(source, encoding="utf-8")
        os.replace(tmp, path)  # atomic: a concurrent builder writes the same text
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    module.VARIANT = variant_name(base_modules, taming_modules) + (" | timed" if timed else "")
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def variant_name(base_modules: tuple[str, ...], taming_modules: tuple[str, ...]) -> str:
    """A kernel variant's name: its strategy modules (the same across edits of their code)."""
    return " ".join(base_modules) + " | " + " ".join(taming_modules)


# --- is a kernel compiled already, and how long does compiling it take -------------------------
#
# numba compiles a kernel the first time its entry point ``play_rows`` is called, then keeps the
# machine code in its on-disk cache (``NUMBA_CACHE_DIR``); later processes load it in about a
# second. A caller that wants to say so before a run asks :func:`is_cached`, and
# :func:`compile_estimate` for how long the compile will take: the duration of the last compile
# of the same variant on this machine, recorded in the cache folder (:func:`record_compile`).

RECORD_FILE = "compile-times.json"


def cache_folder() -> Path:
    """The numba cache folder in use (``NUMBA_CACHE_DIR``; :mod:`sim` sets it on import)."""
    return Path(os.environ.get("NUMBA_CACHE_DIR") or ".")


def is_cached(module: ModuleType, entry: str = "play_rows") -> bool:
    """Whether a kernel entry is compiled in this process or in numba's on-disk cache.

    Parameters
    ----------
    module : module
        A kernel from :func:`build`.
    entry : str
        The entry (``play_rows``, ``advise_rows`` or ``play_rows_timed``).

    Returns
    -------
    bool
        True when the entry's first call will not compile (it loads in about a second). False
        when it will, or when the cache cannot be read (numba's cache layout is private; a wrong
        False only costs a needless notice).
    """
    dispatcher = getattr(module, entry)
    if dispatcher.signatures:  # compiled or loaded in this process
        return True
    try:
        cache = dispatcher._cache
        index = cache._cache_file._load_index()  # {} when missing or its source changed
        # An index key is (signature, this machine's codegen, the function's code hashes).
        wanted = cache._index_key((), dispatcher.targetctx.codegen())[1:]
        return any(tuple(key[1:]) == wanted for key in index)
    except Exception:  # numba internals: any failure means "do not know"
        return False


@contextmanager
def compile_lock(module: ModuleType, entry: str = "play_rows"):
    """Hold the lock file of one of the kernel's entries: one process at a time compiles (or
    loads) it.

    Processes sharing a cache folder (a process pool, test workers, two commands) would each
    compile an entry that none of them finds cached yet. Under the lock, the first process
    compiles and saves it; the others wait, then load it. Each entry (``play_rows``,
    ``advise_rows``, ``play_rows_timed``) has a lock of its own, so two processes can compile two
    entries of one kernel side by side. Advisory (``fcntl.flock``), released by the OS if the
    process dies; where ``fcntl`` is missing (Windows) it does nothing.

    Parameters
    ----------
    module : module
        A kernel from :func:`build`.
    entry : str
        The entry's name.
    """
    from sim._cache import file_lock

    path = cache_folder() / "generated" / f"{module.__name__}.{entry}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with file_lock(path):
        yield


def _record_files() -> list[Path]:
    """Where compile times are kept: the cache folder, and the project's cache root.

    The cache folder is named after the sources (:mod:`sim._cache`), so an edit starts a new one;
    the root keeps the last time of each variant across edits. A folder the user chose with
    ``NUMBA_CACHE_DIR`` outside the root gets the record in itself only.
    """
    from sim._cache import cache_root

    folder = cache_folder().resolve()
    files = [folder / RECORD_FILE]
    root = cache_root().resolve()
    if root in folder.parents:
        files.append(root / RECORD_FILE)
    return files


def _read_record(path: Path) -> dict:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _record_key(module: ModuleType, entry: str) -> str:
    """The record's key of a kernel entry: the variant, with the entry when not ``play_rows``."""
    return module.VARIANT if entry == "play_rows" else f"{module.VARIANT} | {entry}"


def record_compile(
    module: ModuleType, cpu_seconds: float, wall_seconds: float, entry: str = "play_rows"
) -> None:
    """Remember how long compiling a kernel entry took (best effort: never raises for I/O).

    Parameters
    ----------
    module : module
        A kernel from :func:`build`.
    cpu_seconds, wall_seconds : float
        Process CPU time and wall time of the compile.
    entry : str
        The entry compiled.
    """
    record_entry = {
        "kernel": module.__name__,
        "entry": entry,
        "cpu_seconds": round(cpu_seconds, 1),
        "wall_seconds": round(wall_seconds, 1),
        "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    for path in _record_files():
        record = _read_record(path)
        record[_record_key(module, entry)] = record_entry
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")
            os.replace(tmp, path)  # atomic; a concurrent writer's entry may be lost, never torn
        except OSError:
            pass


def compile_estimate(module: ModuleType, default: float, entry: str = "play_rows") -> float:
    """CPU seconds a cold compile of a kernel entry is expected to take on this machine.

    Parameters
    ----------
    module : module
        A kernel from :func:`build`.
    default : float
        The answer when no compile of this entry was recorded here.
    entry : str
        The entry.

    Returns
    -------
    float
        The last recorded compile of the entry (the cache folder's record first), else
        ``default``.
    """
    for path in _record_files():
        found = _read_record(path).get(_record_key(module, entry))
        if isinstance(found, dict) and isinstance(found.get("cpu_seconds"), int | float):
            return float(found["cpu_seconds"])
    return float(default)
