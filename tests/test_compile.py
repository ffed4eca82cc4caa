"""How the kernels are compiled: twins for compiled callers, the cache status and compile times."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from numba import config as numba_config
from numba import njit, types

from sim import kernel as kernel_module
from sim.jit import KernelDispatcher, hot, kernel_codegen
from strategies import compiling, registry


@hot
def _add(a, b):
    return a + b


@hot(inline=True)
def _twice(a):
    return _add(a, a)


@njit
def _caller(values):
    total = 0
    for i in range(values.shape[0]):
        total += _twice(values[i])  # int16 from the array
    return total + _add(3, 4) + _add(np.int32(1), 2)  # literals, int32


def test_compiled_callers_share_one_widened_twin():
    values = np.arange(5, dtype=np.int16)
    assert _caller(values) == 2 * int(values.sum()) + 7 + 3
    assert isinstance(_add, KernelDispatcher)
    assert _add.twin.signatures == [(types.int64, types.int64)]
    assert _twice.twin.signatures == [(types.int64,)]
    assert not _add.signatures  # nothing compiled for Python yet


def test_python_calls_compile_the_function_itself():
    assert _add(2, 3) == 5
    assert _add.signatures == [(types.int64, types.int64)]
    assert _add.py_func.__qualname__ != _add.twin.py_func.__qualname__  # own cache files


def test_a_twin_is_linked_into_its_callers_and_never_emitted():
    values = np.arange(5, dtype=np.int16)
    assert _caller(values) == 2 * int(values.sum()) + 7 + 3
    library = _add.twin.overloads[(types.int64, types.int64)].library
    linked = [f.name for f in library._get_module_for_linking().functions if not f.is_declaration]
    emitted = [f.name for f in library._final_module.functions if not f.is_declaration]
    assert any("_add__twin" in name for name in linked)  # what callers link: the code
    assert emitted == []  # what the engine got: the environment pointers only
    assert any(g.name.startswith("_ZN08NumbaEnv") for g in library._final_module.global_variables)
    caller = _caller.overloads[_caller.signatures[0]].library
    assert any(not f.is_declaration for f in caller._final_module.functions)  # emitted as usual


_TWIN_MODULE = """
import sys
import numpy as np
from numba import njit
from sim.jit import hot

@hot
def scale(a, k):
    return a * k

@njit
def first(values):
    return scale(values[0], 3)

@njit
def second(values):
    return scale(values[1], 3) + 1

entry = first if sys.argv[1] == "first" else second
print(entry(np.arange(1, 4)), sum(scale.twin._cache_hits.values()))
"""


def test_a_twin_loaded_from_the_cache_links_into_a_new_caller(tmp_path):
    (tmp_path / "twin_user.py").write_text(_TWIN_MODULE)
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": root}

    def run(which):
        done = subprocess.run(
            [sys.executable, "twin_user.py", which], cwd=tmp_path, env=env, capture_output=True
        )
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        return done.stdout.decode().split()

    assert run("first") == ["3", "0"]  # the twin compiled and saved to the cache
    assert run("second") == ["7", "1"]  # loaded from the cache, linked into a caller compiled now


def test_a_compiled_kernel_is_cached_and_needs_no_notice():
    module = registry.kernel(heavy=False)
    from sim.runner import compile_kernel

    compile_kernel(module)
    assert kernel_module.is_cached(module)
    assert compiling.kernel_status(heavy=False).cached
    assert compiling.compile_notice("greedy") is None
    assert compiling.compile_notice(["greedy", "random+fixed-2"]) is None


def test_the_notice_names_the_expected_compile_time(monkeypatch):
    monkeypatch.setattr(compiling, "is_cached", lambda module, entry: False)
    monkeypatch.setattr(compiling, "compile_estimate", lambda module, default, entry: 41.0)
    notice = compiling.compile_notice("greedy")
    assert notice == (
        "compiling the game kernel (first run on this machine, about 40 s; cached afterwards)"
    )
    assert compiling.kernel_status(heavy=True).seconds == 41.0


def test_compile_times_are_recorded_in_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    fake = SimpleNamespace(__name__="mammoth_kernel_x", VARIANT="a b | c")
    assert kernel_module.compile_estimate(fake, 30.0) == 30.0
    kernel_module.record_compile(fake, 21.26, 22.0)
    record = json.loads((tmp_path / kernel_module.RECORD_FILE).read_text())
    assert record["a b | c"]["cpu_seconds"] == 21.3
    assert kernel_module.compile_estimate(fake, 30.0) == 21.3
    # each entry has a record of its own
    assert kernel_module.compile_estimate(fake, 12.0, "advise_rows") == 12.0
    kernel_module.record_compile(fake, 9.04, 9.5, "advise_rows")
    assert kernel_module.compile_estimate(fake, 12.0, "advise_rows") == 9.0
    assert kernel_module.compile_estimate(fake, 30.0) == 21.3
    other = SimpleNamespace(__name__="mammoth_kernel_y", VARIANT="d | e")
    assert kernel_module.compile_estimate(other, 75.0) == 75.0


def test_each_entry_compiles_under_a_lock_file_of_its_own(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    fake = SimpleNamespace(__name__="mammoth_kernel_z")
    with kernel_module.compile_lock(fake):
        assert (tmp_path / "generated" / "mammoth_kernel_z.play_rows.lock").exists()
        # another entry's lock is free while this one is held (a second process could take it)
        with kernel_module.compile_lock(fake, "advise_rows"):
            assert (tmp_path / "generated" / "mammoth_kernel_z.advise_rows.lock").exists()


def test_numba_cache_saves_are_locked_under_the_project_cache():
    from numba.core import caching

    assert getattr(caching.IndexDataCacheFile.save, "_mammoth_locked", False)
    assert os.environ.get("NUMBA_CACHE_DIR")


def test_commands_say_so_before_they_play_when_the_kernel_is_not_cached(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from experiments.cli import main

    asked = []
    line = "compiling the game kernel (first run on this machine, about 25 s; cached afterwards)"

    def notice(strategies=None, heavy=None, entry="play"):
        asked.append((list(strategies or []), heavy))
        return line

    monkeypatch.setattr(compiling, "compile_notice", notice)
    runs = {
        "simulate": ["--games", "4", "--players", "2", "--strategy", "classic"],
        "compare": ["--strategy", "greedy", "--strategy", "random", "--players", "2", "--games",
                    "2"],
        "worth": ["--strategy", "greedy", "--strategy", "random", "--players", "2", "--games",
                  "2", "--no-sensitivity"],
        "commit": ["--players", "2", "--games", "2", "--policy", "ev-noseek", "--no-herd-areas"],
    }  # fmt: skip
    for command, args in runs.items():
        asked.clear()
        result = CliRunner().invoke(main, [command, *args, "--out", str(tmp_path / command)])
        assert result.exit_code == 0, result.output
        assert result.output.count(line) == 1
        assert result.output.lstrip("\r ").startswith(line)  # before anything else
        assert asked and all(name for names, _ in asked for name in names)
    # a cached kernel: not a word
    monkeypatch.setattr(compiling, "compile_notice", lambda strategies=None, **_: None)
    result = CliRunner().invoke(main, ["simulate", *runs["simulate"], "--out", str(tmp_path / "s")])
    assert result.exit_code == 0 and "compiling" not in result.output


def test_cache_warm_compiles_every_entry_side_by_side(monkeypatch):
    from click.testing import CliRunner

    from experiments.cli import main

    asked = []

    def warm(targets):
        asked.extend(targets)
        return [compiling.Compiled(t, 21.4 if not t.heavy else None, 22.0) for t in targets]

    monkeypatch.setattr(compiling, "is_ready", lambda target: target.heavy)
    monkeypatch.setattr(compiling, "warm", warm)
    result = CliRunner().invoke(main, ["cache", "warm"])
    assert result.exit_code == 0, result.output
    assert asked == [
        compiling.Target(False, "play"),
        compiling.Target(False, "advise"),
        compiling.Target(True, "play"),
        compiling.Target(True, "advise"),
    ]
    assert "compiling 2 kernel entries, a process per kernel" in result.output
    assert "the light kernel, play: compiled in 21 s" in result.output
    assert "the heavy kernel, advise: loaded from the cache" in result.output


def test_cache_warm_light_only_leaves_the_light_kernel_cached():
    from click.testing import CliRunner

    from experiments.cli import main

    result = CliRunner().invoke(main, ["cache", "warm", "--light-only"])
    assert result.exit_code == 0, result.output
    assert "the light kernel, play:" in result.output and "heavy" not in result.output
    assert "the light kernel, advise:" in result.output
    assert compiling.kernel_status(heavy=False).cached
    assert compiling.kernel_status(heavy=False, entry="advise").cached


def test_kernels_compile_without_loop_vectorizer_and_the_setting_is_restored(monkeypatch):
    monkeypatch.setattr(numba_config, "LOOP_VECTORIZE", 1)
    with kernel_codegen():
        assert numba_config.LOOP_VECTORIZE == 0
    assert numba_config.LOOP_VECTORIZE == 1
    with pytest.raises(RuntimeError), kernel_codegen():
        raise RuntimeError("a compile error")
    assert numba_config.LOOP_VECTORIZE == 1


def test_warming_groups_a_kernels_entries_into_one_process_in_order():
    light_play, light_advise = compiling.Target(False, "play"), compiling.Target(False, "advise")
    heavy_play = compiling.Target(True, "play")
    groups = compiling.chains([light_play, heavy_play, light_advise, light_play])
    assert groups == [[light_play, light_advise], [heavy_play]]
    with pytest.raises(ValueError):
        compiling.Target(False, "timed")


def test_a_failed_warming_process_is_said_in_one_line(monkeypatch):
    monkeypatch.setattr(compiling, "_CHILD", "import sys\nsys.exit('no kernel here')\n")
    warming = compiling.Warming([[compiling.Target(False, "play")]])
    with pytest.raises(RuntimeError, match="compiling the light kernel, play failed: no kernel"):
        warming.wait()
    warming.stop()
