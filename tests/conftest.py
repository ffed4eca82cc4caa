"""Shared fixtures of the rules and engine tests: hand-built states and the two compiled engines.

``sim.engine`` imported directly plays the default hooks of :mod:`sim.hooks`; the registry's
kernel (:func:`strategies.registry.kernel`) dispatches to the registered strategies. Both are
compiled once per session (the first call of each function compiles it; later calls with the
same argument types reuse it).

Parallel runs (``pytest -n N``, as ``python3 tasks.py test`` does): the controller compiles each
game kernel variant the tests use once into the run's numba cache, and the workers load them
from there instead of compiling them again (:func:`pytest_configure`).
"""

from __future__ import annotations

import os
from types import SimpleNamespace

import numpy as np
import pytest

from sim.constants import (
    C_AMOUNT,
    C_EFFECT,
    C_FIGURES,
    C_KIND,
    C_RESOURCE,
    C_SYMBOL,
    N_CARD_SPACES,
    N_CARDS,
    STACK_SIZE,
    START_FOOD,
    START_PEOPLE,
)
from sim.contest_exact import outcome_table
from sim.data import load_buildings, load_cards, load_tiles
from sim.rng import Purpose, roll_die, seed_stream
from sim.rules import Rules
from sim.state import (
    DECK,
    DISPLAY,
    GOODS,
    I_DECK_POS,
    I_N_STACKS,
    I_N_TILES,
    I_ROUND,
    PEOPLE,
    STACKS,
    TILE_PILE,
    new_state,
    rules_data,
)


def pytest_configure(config):
    """On the controller of a parallel run: compile the game kernels for the workers.

    Background processes compile the kernel entries the run plays (:func:`_targets`: the default
    run the light kernel's games, the ``heavy_kernel`` tier the heavy one's games and the light
    one's play-outs and analyses) into the run's cache, one process per kernel
    (:func:`strategies.compiling.start_warming`), side by side. A worker that
    needs an entry still being compiled waits on the entry's lock
    (:func:`sim.kernel.compile_lock`), then loads it; so no entry is compiled twice. The test
    files that play the heavy kernel (marked ``heavy_kernel``) run last
    (:func:`pytest_collection_modifyitems`), so no worker waits for it while light tests are
    left. Set ``MAMMOTH_TEST_WARM=0`` to skip (e.g. for ``-n 2 -k one_test``).
    """
    workers = getattr(config.option, "numprocesses", None)
    if not workers or hasattr(config, "workerinput") or os.environ.get("MAMMOTH_TEST_WARM") == "0":
        return
    from strategies.compiling import start_warming

    # xdist hands out whole files, by default the files with the most tests first; keep the order
    # of pytest_collection_modifyitems instead (the same ordering, heavy files last).
    config.option.loadscopereorder = False
    config._mammoth_warm = start_warming(_targets(config.option.markexpr or ""))


def _targets(markexpr: str) -> list:
    """The kernel entries a run of these marks plays: the light kernel's games where the
    heavy_kernel tier is left out (the default run); the heavy kernel's games and the light
    kernel's advice and analysis entries where only that tier runs (its checks advise and
    analyse); else all of them."""
    from strategies.compiling import TESTS, Target

    expression = " ".join(markexpr.split())
    if "not heavy_kernel" in expression:
        return [Target(False, "play")]
    if "heavy_kernel" in expression:
        return [t for t in TESTS if t.heavy or t.entry != "play"]
    return list(TESTS)


EARLY = (
    "tests/test_contest_exact.py",
    "tests/test_contest_mc.py",
    "tests/test_contest_solver.py",
    "tests/test_rules_buildings.py",
    "tests/test_rules_scoring.py",
    "tests/test_rowcopy.py",
    "tests/test_stats.py",
    "tests/test_compare_profile.py",
    "tests/test_imports.py",
    "tests/test_engine_api.py",
    "tests/test_card_browser.py",
    "tests/test_train.py",
    "tests/test_commit_thumb.py",
    "tests/test_contest_command.py",
    "tests/test_answers_by_field.py",
    "tests/test_param_overrides.py",
    "tests/test_registry_order.py",
    "tests/test_taming_model.py",
)
"""Files that need none of the game kernels' entries (they compile their own numba functions, or
call the kernel's functions from Python, or compile nothing): they run first, while the entries
compile in the background, so no worker waits idle for one then. (Found by running the default
tier with every kernel entry refused: these files passed.)"""

LONG = (
    "tests/test_readme.py",
    "tests/test_worth_commit_kinds.py",
    "tests/test_hostile_cli.py",
    "tests/test_rules_cards.py",
    "tests/test_cluster.py",
    "tests/test_readme_cluster.py",
    "tests/test_checkpoints.py",
    "tests/test_chunk_store.py",
    "tests/test_report.py",
)
"""The files that take longest (some 15 to 60 s each on 2 cores): next, so that none is left
to run alone at the end of the run while the other worker has finished."""


def pytest_collection_modifyitems(config, items):
    """Order the test files: those that need no kernel first (:data:`EARLY`), then the longest
    (:data:`LONG`), then the most tests first; the files that only play the heavy kernel last.

    With ``--dist loadfile`` a worker takes whole files in this order, so the kernels'
    background compile has the kernel-free files' time before a worker needs the light kernel,
    and the light files' time before one needs the heavy kernel. The workers all collect the
    same order (it depends on the items only).
    """
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)

    def key(name):
        group = files[name]
        heavy = all(item.get_closest_marker("heavy_kernel") for item in group)
        if name in EARLY:
            return (heavy, 0, EARLY.index(name))
        if name in LONG:
            return (heavy, 1, LONG.index(name))
        return (heavy, 2, -len(group))

    items[:] = [item for name in sorted(files, key=key) for item in files[name]]


def pytest_unconfigure(config):
    """Wait for the background compiles of the kernels (a failed compile fails the run)."""
    warming = getattr(config, "_mammoth_warm", None)
    if warming is not None:
        try:
            warming.wait()
        finally:
            warming.stop()


def _new(players=4, rules=None, odds=None, tiles=None):
    """A game at the start of round 1 with an unshuffled deck, stacks and tile pile.

    Deck and stacks are in id order (display = cards 0..3, stack s = buildings 7s..7s+6); every
    player has 5 people and 12 food. The state passes every invariant.
    """
    rules = rules or Rules()
    tiles = load_tiles(rules.tiles) if tiles is None else tiles
    data = rules_data(load_cards(), load_buildings(), tiles, rules.kernel_flags())
    st = new_state(1, players, data, outcome_table(rules.tie_rule) if odds is None else odds)
    st.game[0, DECK : DECK + N_CARDS] = np.arange(N_CARDS)
    st.game[0, DISPLAY : DISPLAY + N_CARD_SPACES] = np.arange(N_CARD_SPACES)
    st.game[0, I_DECK_POS] = N_CARD_SPACES
    st.game[0, I_N_STACKS] = players
    for s in range(players):
        st.game[0, STACKS + s * STACK_SIZE : STACKS + (s + 1) * STACK_SIZE] = np.arange(
            s * STACK_SIZE, (s + 1) * STACK_SIZE
        )
    if rules.herd:
        n_tiles = tiles.shape[0]
        st.game[0, I_N_TILES] = n_tiles
        st.game[0, TILE_PILE : TILE_PILE + n_tiles] = np.arange(n_tiles)
    st.game[0, I_ROUND] = 1
    st.seat[0, :players, PEOPLE] = START_PEOPLE
    st.seat[0, :players, GOODS] = START_FOOD
    return st


def _deal(st, display, then=()):
    """Put ``display`` (card ids, space 0 first) on the display and ``then`` on top of the deck."""
    first = list(display) + list(then)
    order = first + [c for c in range(N_CARDS) if c not in first]
    st.game[0, DECK : DECK + N_CARDS] = order
    st.game[0, DISPLAY : DISPLAY + N_CARD_SPACES] = order[:N_CARD_SPACES]
    st.game[0, I_DECK_POS] = N_CARD_SPACES


def _card(kind, effect, amount=None, resource=None, symbol=None, figures=None):
    """Id of the first card with these fields (names of the enums in :mod:`sim.constants`)."""
    cards = load_cards()
    for i, row in enumerate(cards):
        if (
            row[C_KIND] == kind
            and row[C_EFFECT] == effect
            and (amount is None or row[C_AMOUNT] == amount)
            and (resource is None or row[C_RESOURCE] == resource)
            and (symbol is None or row[C_SYMBOL] == symbol)
            and (figures is None or row[C_FIGURES] == figures)
        ):
            return i
    raise LookupError((kind, effect, amount, resource, symbol, figures))


def _seed(streams, purpose, key):
    """Seed one stream of a scratch's stream block from ``key``."""
    seed_stream(streams[int(purpose)], np.uint64(key))


def _peek_dice(streams, purpose, n):
    """The next ``n`` dice a stream will roll, without advancing it."""
    copy = streams[int(purpose)].copy()
    return [int(roll_die(copy)) for _ in range(n)]


def _ids(value=0):
    return np.full(4, value, dtype=np.int64)


def _params(first=0.0):
    params = np.zeros((4, 1), dtype=np.float64)
    params[:, 0] = first
    return params


@pytest.fixture(scope="session")
def sa():
    """Toolkit for hand-built states: ``new``, ``deal``, ``card``, stream helpers, id arrays."""
    return SimpleNamespace(
        new=_new,
        deal=_deal,
        card=_card,
        seed=_seed,
        peek_dice=_peek_dice,
        ids=_ids,
        params=_params,
        Purpose=Purpose,
    )


@pytest.fixture(scope="session")
def eng():
    """:mod:`sim.engine` with the default hooks, and one scratch block."""
    import sim.engine as engine

    return SimpleNamespace(mod=engine, scratch=engine.new_scratch())


@pytest.fixture(scope="session")
def kern():
    """A registry kernel, a scratch block and the ids of the random strategies it is asked with.

    The light kernel (every strategy but the heavy ``search``): the engine is the same source in
    every kernel, and these tests call its functions from Python, which compiles them once more
    with Python wrappers; in the heavy kernel they would hold the search's rollouts too.
    """
    from sim.runner import compile_kernel
    from strategies.registry import kernel, resolve

    module = kernel(heavy=False)
    compile_kernel(module)  # loads the kernel's functions for the calls below (or compiles it)
    return SimpleNamespace(
        mod=module,
        scratch=module.new_scratch(),
        random=resolve("random+random"),
        fixed=resolve("random+fixed-1"),
    )


LEAGUE_TOML = """
[experiment]
kind = "compare"
name = "league"
players = [2]
games = 6
seed = 1
chunk_games = 2
strategies = ["classic", "random"]
"""


@pytest.fixture(scope="session")
def finished_run(tmp_path_factory):
    """A folder holding an earlier finished run: ``R/league`` of ``mammoth run league.toml``.

    A tiny league (2 players, ``classic`` against ``random``, 6 games in chunks of 2: three chunk
    files). Tests that must not change it compare snapshots; tests that damage it copy it.
    """
    from click.testing import CliRunner

    from experiments.cli import main

    base = tmp_path_factory.mktemp("finished")
    experiment = base / "league.toml"
    experiment.write_text(LEAGUE_TOML)
    result = CliRunner().invoke(main, ["run", str(experiment), "--out", str(base / "R")])
    assert result.exit_code == 0, result.output
    return SimpleNamespace(base=base, out=base / "R", folder=base / "R" / "league", toml=experiment)


DEMO_GAMES = 12
"""Games per table (and arm) of the demo run the tests share: small, but every part runs."""


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory):
    """``mammoth demo --games 12`` run once per test run; its output folder (read, never written).

    The demo test, the report tests and the browser test of the report read it. In a parallel
    run the workers share one run (in the run's common temporary folder, under a lock): the
    first worker to ask plays it, the others wait for it and read the same folder.
    """
    from click.testing import CliRunner

    from experiments.cli import main
    from sim._cache import file_lock

    if not os.environ.get("PYTEST_XDIST_WORKER"):  # one process: a folder of its own
        root = tmp_path_factory.mktemp("demo")
    else:  # xdist: each worker's base temporary folder sits in the run's common one
        root = tmp_path_factory.getbasetemp().parent / "shared-demo"
        root.mkdir(exist_ok=True)
    out = root / "demo"
    with file_lock(root / "demo.lock"):
        if not (root / "done").exists():
            args = ["demo", "--out", str(out), "--games", str(DEMO_GAMES), "--workers", "1"]
            result = CliRunner().invoke(main, args)
            assert result.exit_code == 0, result.output
            (root / "done").touch()
    return out
