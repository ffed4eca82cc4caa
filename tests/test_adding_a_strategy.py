"""docs/adding_a_strategy.md, run: a player in the package, as a plugin package, in a notebook.

The page's code is the test's code. Its ``strategies/hoarder.py`` block is loaded as a module and
its registration line checked against the registry's form. Its plugin package (the hoarder
module, the ``mammoth_cautious.py`` block and the ``pyproject.toml`` block's entry points) is
laid out as pip would install it: the modules and a ``dist-info`` folder with ``METADATA`` and
``entry_points.txt``, on ``sys.path``; the CLI then lists and plays it (the playing test compiles
a kernel of its own: the ``heavy_kernel`` tier). Its notebook block must stand in
``notebooks/your_own_player.py`` as written (the notebook runs in ``tests/test_notebooks.py``).
Then the refusals: plugins that cannot be used, registrations that cannot be made, and a
registered player on worker processes that do not inherit it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import types
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from plugin_packages import PAGE, block, blocks, fresh_plugins, install, the_page_plugin  # noqa: F401

from experiments.cli import main
from experiments.shared.backends import PoolBackend
from sim.errors import InputError
from sim.jit import hot
from sim.kernel import build
from strategies import greedy, plugins, registry
from strategies.registry import BASE, TAMING, kernel_for, register_strategy, resolve

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.usefixtures("fresh_plugins")  # no test sees another's plugins


# --- 1. in the package ----------------------------------------------------------------------


def test_the_in_package_module_and_its_registration_line(tmp_path):
    source = block("python", "# strategies/hoarder.py")
    path = tmp_path / "strategies" / "hoarder.py"  # a file: numba caches by the source's path
    path.parent.mkdir()
    path.write_text(source)
    module = types.ModuleType("strategies.hoarder")
    exec(compile(source, str(path), "exec"), module.__dict__)
    plugins.check(module, "base", "hoarder")  # what a plugin must pass, it passes
    assert module.accept_starvation.py_func(None, 0, 0, None, None, 3) is True
    spans = re.findall(r'`("hoarder": \([^`]*\)),`', PAGE)
    assert len(spans) == 1
    entry = eval("{" + spans[0] + "}")  # the page's line in registry.BASE's form
    assert entry["hoarder"][0] == "strategies.hoarder" and entry["hoarder"][1] in TAMING
    assert all(len(v) == 2 for v in BASE.values())


# --- 2. as a plugin package -----------------------------------------------------------------


def test_the_plugin_package_is_listed_with_its_origin(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(the_page_plugin(tmp_path / "site")))
    result = CliRunner().invoke(main, ["strategies"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    hoarder = next(line for line in lines if line.startswith("hoarder "))
    cautious = next(line for line in lines if line.startswith("cautious "))
    assert "base" in hoarder and hoarder.endswith("[plugin mammoth-hoarder 0.1.0]")
    assert "taming" in cautious and cautious.endswith("[plugin mammoth-hoarder 0.1.0]")
    seat = resolve("hoarder+cautious[worth=8]")
    assert seat.base_id == len(BASE) and seat.taming_id == len(TAMING)
    assert list(seat.taming_params) == [8.0] and seat.name == "hoarder+cautious[worth=8]"
    with pytest.raises(InputError, match="worth must be a number from 0 to 100, not 101"):
        resolve("hoarder+cautious[worth=101]")


def test_a_plugin_kernel_holds_what_the_run_plays(tmp_path, monkeypatch):
    """Unplayed ids are the default hooks; the plugin's source is in the kernel's name."""
    site = the_page_plugin(tmp_path / "site")
    monkeypatch.syspath_prepend(str(site))
    slots = [resolve("hoarder+cautious"), resolve("greedy")]
    module = kernel_for(slots)
    source = Path(module.__file__).read_text(encoding="utf-8")
    imports = re.findall(r"^import (\S+) as _(base|taming)_(\d+)$", source, flags=re.M)
    bases = [path for path, role, _ in imports if role == "base"]
    tamings = [path for path, role, _ in imports if role == "taming"]
    assert bases == ["sim.hooks", "strategies.greedy"] + ["sim.hooks"] * 4 + ["mammoth_hoarder"]
    after_ev = len(registry.TAMING) - 4  # ev is the fourth built-in taming policy
    assert tamings == ["sim.hooks"] * 3 + ["strategies.taming_ev"] + ["sim.hooks"] * after_ev + [
        "mammoth_cautious"
    ]
    assert re.search(r"^# mammoth_hoarder: source [0-9a-f]{16}$", source, flags=re.M)
    assert kernel_for([resolve("greedy")]) is registry.kernel(heavy=False)  # no plugin: shared
    edited = (site / "mammoth_cautious.py").read_text().replace("return 1", "return 2")
    (site / "mammoth_cautious.py").write_text(edited)
    build.cache_clear()
    assert kernel_for(slots).__name__ != module.__name__  # an edited plugin: a kernel of its own


@pytest.mark.heavy_kernel
def test_a_plugin_package_plays_through_the_cli(tmp_path):
    """In a fresh process, as a user runs it: simulate, and an experiment file (same kernel)."""
    site = the_page_plugin(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    mammoth = [str(Path(sys.executable).parent / "mammoth")]  # the installed command
    seats = ["--strategy", "hoarder+cautious", "--strategy", "greedy"]
    out = tmp_path / "sim"
    run = [*mammoth, "simulate", "--games", "20", "--players", "2", *seats, "--out", str(out)]
    done = subprocess.run(run, env=env, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "hoarder+cautious" in done.stdout
    record = json.loads((out / "run.json").read_text())
    assert {(p["name"], p["distribution"], p["version"]) for p in record["plugins"]} == {
        ("hoarder", "mammoth-hoarder", "0.1.0"),
        ("cautious", "mammoth-hoarder", "0.1.0"),
    }
    experiment = tmp_path / "league.toml"
    experiment.write_text(
        '[experiment]\nkind = "compare"\nname = "plugin-league"\nplayers = [2]\ngames = 8\n'
        'seed = 2\nstrategies = ["hoarder+cautious", "greedy"]\n'
    )
    done = subprocess.run(
        [*mammoth, "run", str(experiment), "--out", str(tmp_path / "league")],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "compiling" not in done.stderr  # the simulate run's kernel, loaded
    league = json.loads((tmp_path / "league" / "plugin-league" / "run.json").read_text())
    assert [p["name"] for p in league["plugins"]] == ["hoarder", "cautious"]


HOOK = "from sim.jit import hot\nDESCRIPTION = 'x'\nPARAMS = {}\n"
BROKEN = {
    "import": ("import not_a_module_anywhere\n", "fails to import: ModuleNotFoundError"),
    "arguments": (
        HOOK + "@hot\ndef accept_starvation(st, g, seat, params, rng):\n    return True\n",
        "accept_starvation(st, g, seat, params, rng) does not take the hook's arguments",
    ),
    "plain": (
        "DESCRIPTION = 'x'\nPARAMS = {}\n"
        "def accept_starvation(st, g, seat, params, rng, shortfall):\n    return True\n",
        "accept_starvation is not compiled by numba",
    ),
    "no-params": (
        "from sim.jit import hot\nDESCRIPTION = 'x'\n"
        "@hot\ndef accept_starvation(st, g, seat, params, rng, shortfall):\n    return True\n",
        "PARAMS must be a dict",
    ),
}


def _one_line(result) -> str:
    lines = [line for line in result.output.splitlines() if line.startswith("mammoth: error:")]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_bad_plugin_is_one_line_and_the_built_ins_still_play(case, tmp_path, monkeypatch):
    source, message = BROKEN[case]
    module = f"broken_{case.replace('-', '_')}"
    pyproject = (
        f'[project]\nname = "broken-{case}"\nversion = "2.0"\n'
        f'[project.entry-points."mammoth.strategies"]\nbroken = "{module}"\n'
    )
    monkeypatch.syspath_prepend(str(install(tmp_path / "site", {module: source}, pyproject)))
    out = tmp_path / "out"
    played = CliRunner().invoke(
        main, ["simulate", "--games", "2", "--strategy", "broken", "--out", str(out)]
    )
    line = _one_line(played)
    assert f"plugin 'broken' (broken-{case} 2.0)" in line and message in line
    assert not out.exists()
    listed = CliRunner().invoke(main, ["strategies"])
    assert message in _one_line(listed) and "greedy " in listed.output  # the usable ones listed
    fine = CliRunner().invoke(
        main, ["simulate", "--games", "2", "--players", "2", "--out", str(tmp_path / "greedy")]
    )
    assert fine.exit_code == 0, fine.output


def test_a_plugin_that_shadows_a_built_in_is_refused(tmp_path, monkeypatch):
    pyproject = (
        '[project]\nname = "shadow"\nversion = "1.0"\n'
        '[project.entry-points."mammoth.taming"]\nev = "mammoth_cautious"\n'
    )
    cautious = block("python", "# mammoth_cautious.py")
    monkeypatch.syspath_prepend(
        str(install(tmp_path / "site", {"mammoth_cautious": cautious}, pyproject))
    )
    line = _one_line(CliRunner().invoke(main, ["strategies"]))
    assert "plugin 'ev' (shadow 1.0) shadows the built-in taming policy 'ev'" in line
    assert resolve("greedy+ev").taming_id == list(TAMING).index("ev")  # the built-in plays


# --- 3. in a notebook -----------------------------------------------------------------------


def test_the_notebook_block_is_the_notebook_s_own():
    code = block("python", "from types import SimpleNamespace")
    notebook = (ROOT / "notebooks" / "your_own_player.py").read_text(encoding="utf-8")
    assert code.strip() in notebook


@hot
def _use_tools(st, g, seat, params, rng, good, dice_sum, people):
    return 0


@hot
def _short(st, g, seat, params, rng, good, dice_sum):
    return 0


def _player(**changes) -> SimpleNamespace:
    player = SimpleNamespace(**vars(greedy))
    player.use_tools = _use_tools
    player.DESCRIPTION = "greedy that never uses its tools"
    for key, value in changes.items():
        setattr(player, key, value)
    return player


def test_a_registered_player_resolves_and_re_registers():
    first = register_strategy("no-tools", _player())
    assert first.origin == "registered in this process" and first.registered
    seat = resolve("no-tools[starve=20]")
    assert seat.base_id == len(BASE) and seat.name == "no-tools[starve=20]+ev"
    again = register_strategy("no-tools", _player(DESCRIPTION="edited"))
    assert again.module != first.module  # new code, new module: a kernel of its own
    assert resolve("no-tools").base_id == len(BASE)  # the same id: it replaced the first
    rows = {row["name"]: row for row in registry.describe()[0]}
    assert rows["no-tools"]["origin"] == "registered in this process"


@pytest.mark.parametrize(
    "name, player, taming, message",
    [
        ("greedy", _player(), False, "shadows the built-in base strategy 'greedy'"),
        ("ev", {"DESCRIPTION": "x", "PARAMS": {}}, True, "shadows the built-in taming policy"),
        ("fixed-3", _player(), False, "not fixed-K"),
        ("a+b", _player(), False, "a player's name is letters"),
        ("short", _player(use_tools=_short), False, "does not take the hook's arguments"),
        ("bare", {"PARAMS": {}}, False, "defines no DESCRIPTION"),
        ("mixed", _player(commit_figures=_use_tools), False, "answers no taming hook"),
        ("none", {"DESCRIPTION": "x", "PARAMS": {}}, False, "answers none of the hooks"),
        ("odd", _player(DEFAULT_TAMING="bold"), False, "DEFAULT_TAMING 'bold' is no taming"),
    ],
)
def test_a_registration_that_cannot_be_made_is_one_line(name, player, taming, message):
    with pytest.raises(InputError, match=re.escape(message)):
        register_strategy(name, player, taming=taming)
    assert plugins.loaded("base") == plugins.loaded("taming") == []


def test_workers_that_do_not_inherit_a_registered_player_refuse_it():
    register_strategy("no-tools", _player())
    seats = [resolve("no-tools"), resolve("greedy")]
    pool = ProcessPoolExecutor(1, mp_context=get_context("spawn"))  # starts no process yet
    try:
        with pytest.raises(InputError, match="no-tools: registered in this process only"):
            PoolBackend(pool, 1).prepare(seats)
        PoolBackend(pool, 1).prepare([resolve("greedy")])  # built-ins: nothing to refuse
    finally:
        pool.shutdown()
    forked = ProcessPoolExecutor(1, mp_context=get_context("fork"))
    try:
        PoolBackend(forked, 1).prepare(seats)  # forked workers inherit it
    finally:
        forked.shutdown()
