"""Hostile and careless input to every command, generated (issue 15).

Property: whatever the generated input, a command that refuses it exits with code 2, prints one
line on stderr and no traceback, and changes no file already on disk (``R``, a folder holding an
earlier finished run, and the working folder are compared before and after). Every case here is
refused before a game is played, so the tests stay cheap.
"""

from __future__ import annotations

import contextlib
import json
import math
import string
import tempfile
from pathlib import Path

import pytest
from cli_contract import assert_refused, invoke, snapshot
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from experiments.ladder.settings import MAX_COST_SECONDS
from experiments.shared.definition import load_experiment
from experiments.shared.files import inside
from experiments.shared.limits import (
    MAX_CHUNK_GAMES,
    MAX_GAMES,
    MAX_ITERATIONS,
    MAX_MAMMOTH_POINTS,
    MAX_MC,
    MAX_NAME_LENGTH,
    MAX_POPULATION,
    MAX_SCALE,
    MAX_SEED,
    MAX_SIGMA,
    MAX_SIMULATE_GAMES,
    MAX_TUNE_GAMES,
    MAX_WORKERS,
)
from experiments.shared.settings import check_name
from experiments.train.analysis import HOLD_OUT, MAX_GENERATIONS
from experiments.train.analysis import MAX_GAMES as MAX_TRAIN_GAMES
from sim.advising import MAX_PLAYOUTS
from sim.data import load_tiles
from sim.errors import InputError
from strategies.presets import ENV_VAR
from strategies.registry import resolve

FAST = settings(
    deadline=None,
    max_examples=30,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def arena(finished_run, tmp_path_factory):
    """A working folder holding ``R`` (an earlier finished run) and a valid experiment file."""
    work = tmp_path_factory.mktemp("arena")
    return finished_run, work


@contextlib.contextmanager
def refused_in(arena):
    """Run the block in the working folder; yield a checker of the contract for its result."""
    finished, work = arena
    roots = (finished.base, work)
    before = [snapshot(root) for root in roots]
    with contextlib.chdir(work):

        def check(result) -> str:
            line = assert_refused(result, finished.base, before[0])
            assert snapshot(work) == before[1]
            return line

        yield check


# --------------------------------------------------------------------------------------------
# numbers: out of range, not numbers, not finite


def _prefixes(finished):
    out = finished.out / "league"  # holds an earlier run: nothing may change
    return {
        "simulate": ["simulate", "--games", 3, "--out", out],
        "compare": ["compare", "--strategy", "classic", "--strategy", "random", "--out", out],
        "commit": ["commit", "--out", out],
        "worth": ["worth", "--out", out],
        "run": ["run", finished.toml, "--out", finished.out],
        "demo": ["demo", "--out", finished.out],
        "tune": ["tune", "greedy", "--against", "random", "--out", finished.out / "t.toml"],
        "contest odds": ["contest", "odds", 1, 1],
        "contest table": ["contest", "table", "--max-figures", 2, "--out", out],
        "contest table p": ["contest", "table", "--players", 2, "--out", out],
        "contest report": ["contest", "report", "--out", out],
        "advise": ["advise", "--out", out],
        "check-card": ["check-card", "--policy", "never", "--out", out],
        "ladder": ["ladder", "--strategy", "greedy", "--strategy", "random", "--out", out],
        "train": ["train", "--out", out],
    }


WHOLE = [
    ("simulate", "--games", 1, MAX_SIMULATE_GAMES),
    ("simulate", "--players", 2, 4),
    ("simulate", "--seed", 0, MAX_SEED),
    ("simulate", "--mammoth-points", 0, MAX_MAMMOTH_POINTS),
    ("simulate", "--workers", 1, MAX_WORKERS),
    ("simulate", "--chunk-size", 1, MAX_CHUNK_GAMES),
    ("compare", "--games", 1, MAX_GAMES),
    ("compare", "--players", 2, 4),
    ("compare", "--workers", 1, MAX_WORKERS),
    ("compare", "--mammoth-points", 0, MAX_MAMMOTH_POINTS),
    ("commit", "--games", 1, MAX_GAMES),
    ("commit", "--players", 2, 4),
    ("commit", "--max-figures", 1, 10),
    ("commit", "--chunk-size", 1, MAX_CHUNK_GAMES),
    ("commit", "--seed", 0, MAX_SEED),
    ("worth", "--games", 1, MAX_GAMES),
    ("worth", "--mammoth-points", 1, MAX_MAMMOTH_POINTS),
    ("worth", "--workers", 1, MAX_WORKERS),
    ("run", "--games", 1, MAX_GAMES),
    ("run", "--workers", 1, MAX_WORKERS),
    ("demo", "--games", 1, MAX_GAMES),
    ("tune", "--games", 1, MAX_TUNE_GAMES),
    ("tune", "--eval-games", 0, MAX_TUNE_GAMES),
    ("tune", "--iterations", 1, MAX_ITERATIONS),
    ("tune", "--population", 2, MAX_POPULATION),
    ("tune", "--players", 2, 4),
    ("contest odds", "--mc", 0, MAX_MC),
    ("contest odds", "--seed", 0, MAX_SEED),
    ("contest table", "--players", 1, 4),
    ("contest table p", "--max-figures", 0, 10),
    ("contest report", "--mc", 0, MAX_MC),
    ("contest report", "--max-figures", 1, 10),
    ("advise", "--games", 1, MAX_GAMES),
    ("advise", "--players", 2, 4),
    ("advise", "--playouts", 1, MAX_PLAYOUTS),
    ("advise", "--seat", -1, 3),
    ("advise", "--check-games", 0, MAX_GAMES),
    ("advise", "--chunk-size", 1, MAX_CHUNK_GAMES),
    ("advise", "--workers", 1, MAX_WORKERS),
    ("advise", "--seed", 0, MAX_SEED),
    ("check-card", "--games", 1, MAX_GAMES),
    ("check-card", "--players", 2, 4),
    ("check-card", "--chunk-size", 1, MAX_CHUNK_GAMES),
    ("check-card", "--workers", 1, MAX_WORKERS),
    ("check-card", "--seed", 0, MAX_SEED),
    ("ladder", "--games", 1, MAX_GAMES),
    ("ladder", "--players", 2, 4),
    ("ladder", "--chunk-size", 1, MAX_CHUNK_GAMES),
    ("ladder", "--workers", 1, MAX_WORKERS),
    ("ladder", "--seed", 0, MAX_SEED),
    ("train", "--games", HOLD_OUT, MAX_TRAIN_GAMES),
    ("train", "--generations", 1, MAX_GENERATIONS),
    ("train", "--seed", 0, MAX_SEED),
]

REAL = [
    ("run", "--scale", 0.0, MAX_SCALE, True),
    ("demo", "--scale", 0.0, MAX_SCALE, True),
    ("tune", "--sigma", 0.0, MAX_SIGMA, True),
    ("tune", "--elite", 0.0, 1.0, True),
    ("commit", "--first-bonus", 0.0, 1000.0, False),
    ("commit", "--food-value", 0.0, 1000.0, False),
    ("ladder", "--cost-seconds", 0.0, MAX_COST_SECONDS, True),
    ("train", "--ridge", 0.0, 1e6, False),
    ("train", "--clip", 0.0, 1000.0, True),
]

NOT_NUMBERS = ["nan", "NaN", "inf", "-inf", "1e400", "-1e400", "", " ", "0x10", "1_0_", "½", "١"]


def _whole_ok(text: str, low: int, high: int) -> bool:
    try:
        return low <= int(text.strip(), 10) <= high
    except ValueError:
        return False


def _real_ok(text: str, low: float, high: float, low_open: bool) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    above = value > low if low_open else value >= low
    return math.isfinite(value) and above and value <= high


def _bad_whole(low: int, high: int):
    return st.one_of(
        st.integers(max_value=low - 1).map(str),
        st.integers(min_value=high + 1, max_value=2**200).map(str),
        st.sampled_from([str(2**63), str(2**64), str(2**63 - 1), str(-(2**63))]),
        st.sampled_from(NOT_NUMBERS + ["1.5", "2.0", "1e3"]),
        st.text(string.printable, max_size=12),
    )


@FAST
@given(case=st.sampled_from(WHOLE), data=st.data())
def test_whole_numbers_out_of_range_are_refused(arena, case, data):
    where, option, low, high = case
    value = data.draw(
        _bad_whole(low, high).filter(
            lambda v: not _whole_ok(v, low, high) and not v.startswith("--h")
        )
    )
    with refused_in(arena) as check:
        line = check(invoke(*_prefixes(arena[0])[where], option, value))
    assert option in line or "no such option" in line.lower() or "argument" in line


@FAST
@given(case=st.sampled_from(REAL), data=st.data())
def test_real_numbers_out_of_range_are_refused(arena, case, data):
    where, option, low, high, low_open = case
    value = data.draw(
        st.one_of(
            st.floats(allow_nan=True, allow_infinity=True).map(repr),
            st.sampled_from(NOT_NUMBERS + [str(low), str(high * 10), "-0.5", "1e308"]),
        ).filter(lambda v: not _real_ok(v, low, high, low_open))
    )
    with refused_in(arena) as check:
        line = check(invoke(*_prefixes(arena[0])[where], option, value))
    assert option in line or "elite" in line


@pytest.mark.parametrize("case", REAL, ids=lambda c: f"{c[0]} {c[1]}")
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
def test_numbers_that_are_not_finite_are_refused(arena, case, value):
    where, option = case[:2]
    with refused_in(arena) as check:
        line = check(invoke(*_prefixes(arena[0])[where], option, value))
    assert f"'{option}'" in line


@pytest.mark.parametrize(
    "scale, games",
    [(math.nan, None), (math.inf, None), (0.0, None), (-1.0, None), (2e4, None), (1e7, None),
     (1.0, 0), (1.0, MAX_GAMES + 1), (1.0, 2**63)],
)  # fmt: skip
def test_experiment_sizes_are_checked_by_the_library_too(finished_run, scale, games):
    with pytest.raises(InputError):
        load_experiment(finished_run.toml, scale=scale, games=games)


# --------------------------------------------------------------------------------------------
# player counts


@FAST
@given(
    where=st.sampled_from(["compare", "commit", "worth", "tune"]),
    counts=st.lists(st.integers(-3, 9), min_size=1, max_size=5),
    repeated=st.booleans(),
)
def test_player_counts_out_of_range_are_refused(arena, where, counts, repeated):
    assume(any(not 2 <= c <= 4 for c in counts))
    args = [a for c in counts for a in ("--players", c)] if repeated else ["--players", *counts]
    with refused_in(arena) as check:
        check(invoke(*_prefixes(arena[0])[where], *args))


@FAST
@given(
    where=st.sampled_from(["simulate", "contest table"]),
    counts=st.lists(st.integers(2, 4), min_size=2, max_size=4),
)
def test_several_counts_where_one_table_size_is_played_are_refused(arena, where, counts):
    with refused_in(arena) as check:
        line = check(invoke(*_prefixes(arena[0])[where], "--players", *counts))
    assert "one value" in line


def test_threads_is_refused_with_a_pointer_to_workers(arena):
    for where in ("simulate", "compare", "commit", "worth", "tune", "run", "demo"):
        with refused_in(arena) as check:
            line = check(invoke(*_prefixes(arena[0])[where], "--threads", 2))
        assert "--workers" in line


BAD_OUT = ["", "   ", "a\0b", "{R}/league/run.json/below", "{R}/league/run.json"]
BAD_TILES = ["", "a\0b", "/dev/zero", "no/such/tiles.csv", "{R}"]


@pytest.mark.parametrize("out", BAD_OUT)
def test_bad_output_folders_are_refused(arena, out):
    finished, _ = arena
    out = out.format(R=finished.out)
    for args in (
        ["simulate", "--games", 3, "--out", out],
        ["run", finished.toml, "--out", out],
        ["contest", "report", "--mc", 0, "--out", out],
        ["report", finished.folder, "--out", out],
    ):
        with refused_in(arena) as check:
            check(invoke(*args))


@pytest.mark.parametrize("tiles", BAD_TILES)
def test_bad_tile_paths_are_refused(arena, tiles):
    finished, _ = arena
    with refused_in(arena) as check:
        check(invoke("simulate", "--tiles", tiles.format(R=finished.out), "--out", finished.folder))


# --------------------------------------------------------------------------------------------
# strategy names

NAME_PARTS = st.sampled_from(
    ["greedy", "classic", "random", "search", "farmer", "tuned", "ev", "never", "fixed-2",
     "fixed-", "fixed-x", "majority", "+", "++", " ", "", "\0", "é", "-", "GREEDY", "../x"]
)  # fmt: skip


def _unknown(name: str) -> bool:
    try:
        resolve(name)
    except InputError:
        return True
    return False


@FAST
@given(
    name=st.one_of(
        st.lists(NAME_PARTS, min_size=1, max_size=4).map("".join),
        st.text(max_size=20),
        st.sampled_from(["greedy+", "tuned+", "+ev", "greedy+ev+ev", "greedy+fixed-", " +"]),
    ).filter(_unknown),
    where=st.sampled_from(["simulate", "compare", "worth", "commit-base", "commit-field",
                           "commit-policy", "tune-against", "advise-field", "ladder",
                           "check-card-field"]),
)  # fmt: skip
def test_unknown_strategy_names_are_refused(arena, name, where):
    finished, _ = arena
    out = finished.out / "league"
    args = {
        "simulate": ["simulate", "--games", 3, "--strategy", name, "--out", out],
        "compare": ["compare", "--strategy", "classic", "--strategy", name, "--out", out],
        "worth": ["worth", "--strategy", "classic", "--strategy", name, "--out", out],
        "commit-base": ["commit", "--base", name, "--out", out],
        "commit-field": ["commit", "--field", name, "--out", out],
        "commit-policy": ["commit", "--policy", name.partition("+")[2] or name, "--out", out],
        "tune-against": ["tune", "greedy", "--against", name, "--out", finished.out / "t.toml"],
        "advise-field": ["advise", "--field", name, "--out", out],
        "ladder": ["ladder", "--strategy", "greedy", "--strategy", name, "--out", out],
        "check-card-field": ["check-card", "--field", name, "--out", out],
    }[where]
    if where == "commit-policy":
        assume(_unknown(f"greedy+{args[2]}"))
    with refused_in(arena) as check:
        check(invoke(*args))


def test_empty_policy_and_bare_plus_are_refused(arena):
    finished, _ = arena
    for args in (
        ["commit", "--policy", "", "--out", finished.out / "league"],
        ["simulate", "--strategy", "greedy+", "--out", finished.out / "league"],
        ["simulate", "--strategy", "tuned+", "--out", finished.out / "league"],
    ):
        with refused_in(arena) as check:
            check(invoke(*args))


# --------------------------------------------------------------------------------------------
# tile files

CELLS = st.sampled_from(
    ["food", "wood", "brick", "stone", "gold", "points:3", "tool:1", "food:1", "back:2",
     "agriculture:1", "wood:11", "gold:-1", "points", "points:x", "", " ", "food:9", '"a,b"',
     "back:1"]
)  # fmt: skip
ROWS = st.lists(CELLS, min_size=0, max_size=5).map(",".join)
TILE_TEXT = st.one_of(
    st.lists(ROWS, max_size=6).map(lambda rows: "back,first_bonus,all_bonus\n" + "\n".join(rows)),
    st.lists(ROWS, max_size=6).map("\n".join),
    st.just("back,first_bonus,all_bonus\nwood,tool:1,food:1,food:9\n"),
    st.just("back,first_bonus,all_bonus,notes\nwood,tool:1,food:1,x\n"),
    st.just("back,first_bonus,all_bonus\n" + "wood,tool:1,food:1\n" * 65),
)
TILE_BYTES = st.one_of(
    TILE_TEXT.map(str.encode),
    TILE_TEXT.map(lambda t: t.encode("utf-16")),
    st.binary(max_size=200),
)


def _tile_file_refused(path: Path) -> bool:
    try:
        load_tiles(path)
    except InputError:
        return True
    return False  # any other exception fails the test here


@FAST
@given(content=TILE_BYTES)
def test_malformed_tile_files_are_refused(arena, content):
    finished, _ = arena
    with tempfile.TemporaryDirectory() as folder:
        tiles = Path(folder) / "tiles.csv"
        tiles.write_bytes(content)
        assume(_tile_file_refused(tiles))
        with refused_in(arena) as check:
            check(invoke("simulate", "--tiles", tiles, "--out", finished.out / "league"))


# --------------------------------------------------------------------------------------------
# experiment files


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(repr(value), repr(value))
    if isinstance(value, str):
        return json.dumps(value)
    return "[" + ", ".join(_toml(v) for v in value) + "]"


HOSTILE_NAMES = st.one_of(
    st.sampled_from(["../escaped", ".", "..", "", "/tmp/x", "a/b", "a\\b", "a\0b", "-x", ".x",
                     "é", "x" * (MAX_NAME_LENGTH + 1), "league", " league"]),
    st.text(max_size=10),
)  # fmt: skip
INTS = st.one_of(
    st.integers(-5, 20),
    st.sampled_from([0, -1, 2**31, 2**63 - 1, -(2**63), MAX_GAMES + 1, 1_000_000]),
)
SCALARS = st.one_of(INTS, st.floats(), st.text(max_size=5), st.booleans())
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=4))
SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.one_of(st.sampled_from(["compare", "worth", "commit"]), st.text(max_size=6)),
        "name": HOSTILE_NAMES,
        "players": st.one_of(INTS, st.lists(INTS, max_size=4), VALUES),
        "games": st.one_of(INTS, VALUES),
        "seed": st.one_of(INTS, VALUES),
        "chunk_games": st.one_of(INTS, VALUES),
        "strategies": st.one_of(
            st.lists(st.sampled_from(["classic", "random", "greedy+", "x", ""]), max_size=20),
            VALUES,
        ),
        "points": VALUES,
        "policies": VALUES,
        "unknown": VALUES,
    },
)


def _experiment_text(settings: dict, rules: dict) -> str:
    lines = ["[experiment]"] + [f"{key} = {_toml(value)}" for key, value in settings.items()]
    if rules:
        lines += ["[rules]"] + [f"{key} = {_toml(value)}" for key, value in rules.items()]
    return "\n".join(lines) + "\n"


EXPERIMENT_BYTES = st.one_of(
    st.builds(
        _experiment_text,
        SETTINGS,
        st.dictionaries(
            st.sampled_from(["tiles", "mammoth_points", "tie", "herd", "x"]), VALUES, max_size=2
        ),
    ).map(str.encode),
    st.builds(_experiment_text, SETTINGS, st.just({})).map(lambda t: t.encode("utf-16")),
    st.binary(max_size=300),
    st.integers(17, 5000).map(lambda n: ("[experiment]\nx = " + "[" * n + "]" * n).encode()),
    st.integers(17, 5000).map(lambda n: ("[experiment]\n" + ".".join("a" * n) + "=1").encode()),
)


def _experiment_refused(path: Path) -> bool:
    try:
        load_experiment(path)
    except InputError:
        return True
    return False  # any other exception fails the test here


@FAST
@given(content=EXPERIMENT_BYTES)
def test_malformed_experiment_files_are_refused(arena, content):
    finished, _ = arena
    with tempfile.TemporaryDirectory() as folder:
        experiment = Path(folder) / "x.toml"
        experiment.write_bytes(content)
        assume(_experiment_refused(experiment))
        with refused_in(arena) as check:
            check(invoke("run", experiment, "--out", finished.out))
        with refused_in(arena) as check:  # the same file with a valid one: nothing runs
            check(invoke("run", finished.toml, experiment, "--out", finished.out))


@FAST
@given(name=HOSTILE_NAMES)
def test_names_are_never_paths(tmp_path, name):
    """A name check_name accepts is a plain folder name that stays inside any --out."""
    try:
        checked = check_name(name)
    except InputError:
        return
    assert checked == name and "/" not in name and "\\" not in name and "\0" not in name
    assert name not in (".", "..") and len(name) <= MAX_NAME_LENGTH
    assert inside(tmp_path / "out" / name, tmp_path / "out") == tmp_path / "out" / name


# --------------------------------------------------------------------------------------------
# result folders (mammoth report)

JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text()),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(), inner)),
    max_leaves=8,
)
RUN_JSON = st.one_of(
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries(
        {}, optional={"rules": JSON_VALUES, "command": JSON_VALUES, "commit": JSON_VALUES,
                      "players": JSON_VALUES, "games": JSON_VALUES}
    ).map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=100),
    st.just(b'{"rules": '),
    st.just("{}".encode("utf-16")),
    st.integers(1000, 5000).map(lambda n: b"[" * n + b"]" * n),
)  # fmt: skip
TABLE = st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode))


@FAST
@given(which=st.sampled_from(["run.json", "league.csv", "notes.md"]), data=st.data())
def test_malformed_result_folders_never_crash_the_report(arena, which, data):
    finished, _ = arena
    content = data.draw(RUN_JSON if which == "run.json" else TABLE)
    with tempfile.TemporaryDirectory() as folder:
        result_folder = Path(folder) / "league"
        result_folder.mkdir()
        for path in finished.folder.glob("*.*"):
            (result_folder / path.name).write_bytes(path.read_bytes())
        (result_folder / which).write_bytes(content)
        out = Path(folder) / "report"
        before = snapshot(Path(folder))
        result = invoke("report", result_folder, "--out", out)
        assert result.exit_code in (0, 2), (result.output, result.exception)
        if result.exit_code == 2:
            assert_refused(result, Path(folder), before)
        else:
            assert (out / "report.html").is_file()


@pytest.mark.parametrize(
    "which, content",
    [
        ("run.json", b'{"rules": 5}'),
        ("run.json", b"\x00\x01"),
        ("run.json", b"[1, 2]"),
        ("run.json", b'{"commit": 7}'),
        ("league.csv", "a,b\n".encode("utf-16")),
        ("league.csv", b'a,b\n1,2,3\n"x'),
        ("notes.md", bytes(range(128, 256))),
    ],
)
def test_report_refuses_malformed_result_files(tmp_path, finished_run, which, content):
    folder = tmp_path / "league"
    folder.mkdir()
    for path in finished_run.folder.glob("*.*"):
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / which).write_bytes(content)
    before = snapshot(tmp_path)
    line = assert_refused(invoke("report", folder, "--out", tmp_path / "r"), tmp_path, before)
    assert which in line


# --------------------------------------------------------------------------------------------
# presets named in MAMMOTH_PRESETS


PRESET_BYTES = st.one_of(
    st.binary(max_size=200),
    st.sampled_from(['base = "greedy"\n', 'base = "greedy"\n[params]\nfarmer = "x"\n',
                     "base = 1\n", "[params\n"]).map(lambda t: t.encode("utf-16")),
    st.integers(17, 3000).map(lambda n: ("base = " + "[" * n + "]" * n).encode()),
    st.text(max_size=100).map(str.encode),
)  # fmt: skip


@FAST
@given(content=PRESET_BYTES)
def test_malformed_presets_are_refused(arena, content):
    with tempfile.TemporaryDirectory() as folder:
        preset = Path(folder) / "mine.toml"
        preset.write_bytes(content)
        with refused_in(arena) as check:
            result = invoke("strategies", env={ENV_VAR: str(preset)})
            if result.exit_code != 0:  # a valid preset is unlikely but possible
                check(result)


# --------------------------------------------------------------------------------------------
# the examples of issue 15, one by one


def _file(folder: Path, name: str, text: str) -> Path:
    (folder / name).write_text(text)
    return folder / name


def _tune(f):
    return ["tune", "greedy", "--against", "random", "--out", f.out / "t.toml"]


EXTRA_VALUE = "back,first_bonus,all_bonus\nwood,tool:1,food:1,food:9\n"
DEEP = "[experiment]\nkind = 'compare'\nx = " + "[" * 3000 + "]" * 3000 + "\n"
ISSUE_EXAMPLES = {  # f: the finished run R; d: a scratch folder
    "4 greedy+": lambda f, d: ["simulate", "--strategy", "greedy+", "--out", f.folder],
    "4 tuned+": lambda f, d: ["simulate", "--strategy", "tuned+", "--out", f.folder],
    "4 --policy ''": lambda f, d: ["commit", "--policy", "", "--out", f.folder],
    "4 a tile row with an extra value": lambda f, d: [
        "simulate", "--tiles", _file(d, "x.csv", EXTRA_VALUE), "--out", f.folder],
    "7 run --scale nan": lambda f, d: ["run", f.toml, "--scale", "nan", "--out", f.out],
    "7 run --scale inf": lambda f, d: ["run", f.toml, "--scale", "inf", "--out", f.out],
    "7 demo --scale 1e400": lambda f, d: ["demo", "--scale", "1e400", "--out", f.out],
    "7 --mammoth-points 2**63": lambda f, d: [
        "simulate", "--mammoth-points", 2**63, "--out", f.folder],
    "7 simulate --games 2**63": lambda f, d: ["simulate", "--games", 2**63, "--out", f.folder],
    "7 games = 2**63-1": lambda f, d: ["run", _file(d, "huge.toml", f.toml.read_text().replace(
        "games = 6", f"games = {2**63 - 1}")), "--out", f.out],
    "7 compare --games 2**64": lambda f, d: [
        "compare", "--strategy", "classic", "--strategy", "random", "--games", 2**64,
        "--out", f.folder],
    "7 commit --games 2**64": lambda f, d: ["commit", "--games", 2**64, "--out", f.folder],
    "7 worth --games 2**64": lambda f, d: ["worth", "--games", 2**64, "--out", f.folder],
    "7 contest --mc 2**64": lambda f, d: ["contest", "odds", 3, 2, "--mc", 2**64],
    "7 tune --iterations 2**63": lambda f, d: [*_tune(f), "--iterations", 2**63],
    "7 nested 3,000 deep": lambda f, d: ["run", _file(d, "deep.toml", DEEP), "--out", f.out],
}  # fmt: skip


@pytest.mark.parametrize("example", list(ISSUE_EXAMPLES))
def test_the_examples_of_the_issue_are_refused(arena, tmp_path, example):
    args = ISSUE_EXAMPLES[example](arena[0], tmp_path)
    with refused_in(arena) as check:
        check(invoke(*args))


@pytest.mark.parametrize(
    "content", [bytes(range(256)), 'base = "greedy"\n'.encode("utf-16")], ids=["binary", "utf-16"]
)
def test_binary_and_utf16_presets_are_refused(arena, tmp_path, content):
    preset = tmp_path / "mine.toml"
    preset.write_bytes(content)
    with refused_in(arena) as check:
        line = check(invoke("strategies", env={ENV_VAR: str(preset)}))
    assert "not UTF-8" in line or "NUL" in line


# --------------------------------------------------------------------------------------------
# valid small inputs work (class 8)


def test_one_game_per_arm_works(tmp_path, finished_run):
    result = invoke(
        "commit", "--games", 1, "--players", 2, "--no-herd-areas", "--policy", "fixed-1",
        "--out", tmp_path / "cli",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "too few games for an interval" in (tmp_path / "cli" / "rule_of_thumb.csv").read_text()
    experiment = tmp_path / "one.toml"
    experiment.write_text(
        "[experiment]\nkind = 'commit'\nname = 'one'\nplayers = 2\ngames = 1\n"
        "herd_areas = false\npolicies = ['fixed-1', 'ev']\n"
    )
    result = invoke("run", experiment, "--out", tmp_path / "runs")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "runs" / "one" / "rule_of_thumb.csv").is_file()
