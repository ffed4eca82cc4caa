"""Position files from a real table (issue 61): every impossible or hostile file refused in one
line, ``mammoth position check`` listing every problem at once, ``position new``'s template, the
short ids and a tile file beside the position."""

from __future__ import annotations

import json
import os
import shutil
import threading
import tomllib
from pathlib import Path

import numpy as np
import pytest
from cli_contract import assert_refused, invoke, snapshot

from experiments.shared.files import write_text
from sim.errors import InputError
from sim.position import position_digest, read_position
from sim.position_model import Pieces
from sim.position_read import position_problems
from sim.rules import Rules

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "positions" / "example.toml"
LAST = Path(__file__).resolve().parent / "positions" / "last_round_commitment.toml"


def _edited(source: Path, *edits: str) -> str:
    text = source.read_text(encoding="utf-8")
    for old, new in zip(edits[::2], edits[1::2], strict=True):
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def _refused(tmp_path, *args) -> str:
    before = snapshot(tmp_path)
    return assert_refused(invoke(*args), tmp_path, before)


# --- impossible positions, each on a hand-made file ----------------------------------------

BOB_BUILDS = '"hunting grounds" = 3, "building 1" = 1 }'
CY_HUNTS = 'placed = { "hunting grounds" = 5 }'
ANN_PLACED = 'placed = { forest = 2, "clay pit" = 3 }'
ANN_DECIDES = 'seat = "Ann"'


def ANN_ON(space: str) -> str:  # noqa: N802 - read as the constants beside it
    return f'placed = {{ forest = 1, "{space}" = 1, "clay pit" = 3 }}'


LOADER = [
    ("hidden deck a number", EXAMPLE, ("[decision]", "[hidden]\ndeck = 9\n\n[decision]"),
     "hidden.deck must be a list"),
    ("hidden pile a number", EXAMPLE, ("[decision]", "[hidden]\npile = 7\n\n[decision]"),
     "hidden.pile must be a list"),
    ("two people on card 1", EXAMPLE, ('river = 2, "card 2" = 1', 'river = 2, "card 1" = 1'),
     "card 1 is taken by Ann"),
    ("a seat on another's building space", LAST,
     (CY_HUNTS, 'placed = { "hunting grounds" = 4, "building 1" = 1 }'),
     "building 1 is taken by Bob"),
    ("building 4 at 3 players", LAST,
     (CY_HUNTS, 'placed = { "hunting grounds" = 4, "building 4" = 1 }'),
     "'building 4' is not in play at 3 players"),
    ("an empty stack the deciding seat still takes", LAST,
     (BOB_BUILDS, '"hunting grounds" = 3, forest = 1 }', ANN_PLACED, ANN_ON("building 1"),
      ANN_DECIDES, ANN_DECIDES + '\npending = ["building 1"]'),
     "board.stacks[1]: building 1 is shown empty, but Ann still has to take it"),
    ("an empty card space the deciding seat still takes", LAST,
     ('cards = ["farmer 1: stone 1"', 'cards = [""', ANN_PLACED, ANN_ON("card 1"),
      ANN_DECIDES, ANN_DECIDES + '\npending = ["card 1"]'),
     "board.cards[1]: card 1 is shown empty, but Ann still has to take it"),
    ("an empty card space nobody took", LAST, ('cards = ["farmer 1: stone 1"', 'cards = [""'),
     "no seat that has resolved its actions took it"),
    ("round 1 with 8 tiles out", EXAMPLE, ("round = 9", "round = 1"), "round: by round 1"),
    ("round 3 with 8 tiles out", EXAMPLE, ("round = 9", "round = 3"), "round: by round 3"),
    ("round 99 with 8 tiles out", EXAMPLE, ("round = 9", "round = 99"), "round"),
    ("round 199 with 8 tiles out", EXAMPLE, ("round = 9", "round = 199"), "round"),
    ("format true", EXAMPLE, ("format = 1", "format = true"), "not true"),
]  # fmt: skip


@pytest.mark.parametrize(
    "source, edits, words", [c[1:] for c in LOADER], ids=[c[0] for c in LOADER]
)
def test_an_impossible_position_is_refused_in_one_line(tmp_path, source, edits, words):
    bad = tmp_path / "bad.toml"
    bad.write_text(_edited(source, *edits), encoding="utf-8")
    line = _refused(tmp_path, "analyse", bad, "--out", tmp_path / "out")
    assert words in line and "bad.toml" in line, line
    assert not (tmp_path / "out").exists()


def test_toml_nested_ninety_thousand_deep_is_one_line(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 90_000 + "]" * 90_000 + "\n", encoding="utf-8")
    line = _refused(tmp_path, "analyse", deep, "--out", tmp_path / "out")
    assert "nested deeper" in line


def _within(seconds: float, *args):
    """``invoke(*args)`` in a thread that must end within ``seconds`` (a FIFO must not block)."""
    box = {}
    thread = threading.Thread(target=lambda: box.setdefault("result", invoke(*args)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"mammoth {args[0]} blocked on a FIFO"
    return box["result"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_never_blocks_as_position_tile_file_or_metagame_tiles(tmp_path):
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    before = snapshot(tmp_path)
    result = _within(60, "analyse", fifo, "--out", tmp_path / "out")
    assert "not a regular file" in assert_refused(result, tmp_path, before)
    tiles = tmp_path / "tiles.csv"
    os.mkfifo(tiles)
    position = tmp_path / "p.toml"
    position.write_text(_edited(EXAMPLE, 'tiles = "default"', f'tiles = "{tiles}"'), "utf-8")
    before = snapshot(tmp_path)
    result = _within(60, "analyse", position, "--out", tmp_path / "out")
    assert "not a regular file" in assert_refused(result, tmp_path, before)
    before = snapshot(tmp_path)
    result = _within(60, "metagame", "--tiles", tiles, "--games", 2, "--out", tmp_path / "m")
    assert "not a regular file" in assert_refused(result, tmp_path, before)


# --- the command line around a position ----------------------------------------------------


@pytest.mark.parametrize("command", ["analyse", "metagame"])
def test_resume_without_an_intact_run_is_refused(tmp_path, command):
    (tmp_path / "empty").mkdir()
    args = [EXAMPLE] if command == "analyse" else ["--games", 2]
    for folder in ("empty", "missing"):
        line = _refused(tmp_path, command, *args, "--out", tmp_path / folder, "--resume")
        assert "no run to resume" in line, line
    assert not (tmp_path / "missing").exists()


def test_an_unknown_field_is_blamed_on_the_option(tmp_path):
    line = _refused(tmp_path, "analyse", EXAMPLE, "--field", "nosuch", "--out", tmp_path / "o")
    assert "--field" in line and "position file" not in line, line


def test_a_folder_that_cannot_be_written_is_named_not_a_temporary_file(tmp_path, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(InputError) as caught:
        write_text(tmp_path / "ro" / "experiment.json", "{}")
    message = str(caught.value)
    assert "'" + str(tmp_path / "ro") + "'" in message and ".tmp" not in message, message


def test_an_output_folder_that_cannot_be_written_is_one_line_naming_it(tmp_path, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)  # the probe of a read-only folder
    (tmp_path / "ro").mkdir()
    line = _refused(tmp_path, "analyse", EXAMPLE, "--out", tmp_path / "ro")
    assert f"cannot write into the output folder '{tmp_path / 'ro'}'" in line, line


def test_a_folder_of_another_kind_s_run_is_refused_changing_nothing(tmp_path):
    out = tmp_path / "league"
    out.mkdir()
    (out / "experiment.json").write_text(json.dumps({"kind": "compare", "name": "league"}))
    (out / "league.csv").write_text("a,b\n1,2\n")
    line = _refused(tmp_path, "analyse", EXAMPLE, "--out", out)
    assert "holds a 'compare' run" in line, line


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_one_play_out_says_there_is_no_interval_and_no_best(tmp_path):
    result = invoke("analyse", EXAMPLE, "--playouts", 1, "--field", "greedy", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "One play-out per option gives no interval and names no best option" in result.output
    assert "**best**" not in result.output and "[" not in result.output.split("|---|")[1]
    page = (tmp_path / "analysis.html").read_text(encoding="utf-8")
    assert "<b>best</b>" not in page and 'class="answer">One play-out' in page


# --- mammoth position check and new --------------------------------------------------------


def test_position_check_lists_every_problem_with_a_did_you_mean(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        _edited(
            EXAMPLE,
            '"farmer 2: food 3"', '"farmer 2: fod 3"',
            "agriculture = 6", "agricultur = 6",
            'top = "2 wood 1 gold"', 'top = "2 wod 1 gold"',
            "people = 7", "people = 17",
            'river = 2, "card 2" = 1', 'river = 2, "card 1" = 1',
        ),
        encoding="utf-8",
    )  # fmt: skip
    result = invoke("position", "check", bad)
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("5 problems"), result.output
    for words in (
        "player 'Bob': unknown field 'agricultur'; did you mean 'agriculture'?",
        "player 'Ann'.cards[1]: no civilization card is called 'farmer 2: fod 3'; "
        "did you mean 'farmer 2: food 3'?",
        "board.stacks[3].top: no building tile is called '2 wod 1 gold'; "
        "did you mean '2 wood 1 gold'?",
        "player 'Cy'.people must be 5 to 10, not 17",
        "player 'Cy'.placed: card 1 is taken by Ann",
    ):
        assert any(words in line for line in lines), (words, result.output)
    line = _refused(tmp_path, "analyse", bad, "--out", tmp_path / "o")
    assert "(and 4 more: mammoth position check lists them)" in line, line


def test_position_check_of_a_sound_file_says_so():
    result = invoke("position", "check", EXAMPLE)
    assert result.exit_code == 0 and "a sound position: round 9, 4 players" in result.output


@pytest.mark.parametrize("players, round_", [(2, 1), (3, 5), (4, 9), (4, 16)])
def test_position_new_writes_a_sound_commented_template(tmp_path, players, round_):
    path = tmp_path / "new.toml"
    result = invoke("position", "new", "--players", players, "--round", round_, path)
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    position, problems = position_problems(tomllib.loads(text))
    assert not problems and position.n_players == players
    assert "# Civilization cards:" in text and " C1 writing: extra card;" in text
    before = snapshot(tmp_path)
    assert_refused(invoke("position", "new", "--players", 2, "--round", 1, path), tmp_path, before)


# --- short forms ----------------------------------------------------------------------------


def test_cards_buildings_and_tiles_by_short_id_read_as_their_names(tmp_path):
    pieces = Pieces(Rules())
    card = pieces.card_ids["farmer 2: food 3"]
    building = pieces.building_ids["2 brick 1 gold"]
    tile = pieces.tile_ids["gold: points 3 / points 1"]
    assert (card, building, tile) == ("C16", "B9", "T16")  # stable: the ids docs/positions.md lists
    short = tmp_path / "short.toml"
    short.write_text(
        _edited(
            EXAMPLE,
            '"farmer 2: food 3"', f'"{card.lower()}"',
            'top = "2 brick 1 gold"', f'top = "{building}"',
            'tile = "gold: points 3 / points 1"', f'tile = "{tile}"',
        ),
        encoding="utf-8",
    )  # fmt: skip
    assert position_digest(read_position(short)) == position_digest(read_position(EXAMPLE))


def test_a_tile_file_is_found_beside_the_position(tmp_path, monkeypatch):
    folder = tmp_path / "table"
    folder.mkdir()
    shutil.copy(ROOT / "sim" / "data" / "tiles.csv", folder / "ours.csv")
    (folder / "p.toml").write_text(
        _edited(LAST, "[board]", '[rules]\ntiles = "ours.csv"\n\n[board]')
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    position = read_position(folder / "p.toml")
    assert Path(position.rules.tiles) == folder / "ours.csv"
    assert position_problems(tomllib.loads((folder / "p.toml").read_text()))[1]  # not from here


# --- the earlier tiles as a count -------------------------------------------------------------


def _count_form(tmp_path) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    start = text.index("out = [")
    path = tmp_path / "count.toml"
    path.write_text(text[:start] + "out = 8" + text[text.index("]", start) + 1 :], "utf-8")
    return path


def test_the_earlier_tiles_as_a_count_are_dealt_anew_by_every_play_out(tmp_path):
    from sim.constants import T_BACK
    from sim.data import load_tiles
    from sim.position import position_text
    from sim.position_deal import deal_earlier
    from sim.position_read import position_from_dict
    from sim.state import I_PRIZE, I_TILE_POS, TILE_PILE

    position = read_position(_count_form(tmp_path))
    named = read_position(EXAMPLE)
    assert position.earlier_unknown and not named.earlier_unknown
    assert position_digest(position) != position_digest(named)
    text = position_text(position)
    assert "out = 8\n" in text and "pile = " not in text
    assert position_digest(position_from_dict(tomllib.loads(text))) == position_digest(position)
    backs = load_tiles()[:, T_BACK]
    pos = int(position.game[I_TILE_POS])
    earlier_sets = set()
    for index in range(40):
        dealt = deal_earlier(position, 5, index)
        assert np.array_equal(dealt.game, deal_earlier(position, 5, index).game)  # keyed
        pile = dealt.game[TILE_PILE : TILE_PILE + 16]
        assert sorted(pile) == list(range(16))  # every tile once
        assert pile[pos - 1] == position.game[I_PRIZE]  # this round's tile stays
        assert backs[pile[pos]] == backs[position.game[TILE_PILE + pos]]  # the back shown
        assert np.array_equal(dealt.seat, position.seat)
        earlier_sets.add(tuple(sorted(pile[: pos - 1])))
    assert len(earlier_sets) > 30  # dealt anew, not fixed
    assert deal_earlier(named, 5, 0) is named


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_analysis_of_a_count_says_so_and_is_the_same_on_any_chunking(tmp_path):
    path = _count_form(tmp_path)
    args = ["analyse", path, "--playouts", 60, "--field", "greedy", "--no-stop"]
    one = invoke(*args, "--chunk-size", 60, "--out", tmp_path / "a")
    two = invoke(*args, "--chunk-size", 25, "--out", tmp_path / "b")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert "The 8 mammoth tiles of the earlier rounds were given as a count" in one.output
    csv = [(tmp_path / f / "analysis.csv").read_bytes() for f in ("a", "b")]
    assert csv[0] == csv[1]


@pytest.mark.parametrize(
    "edit, words",
    [
        (("out = 8", "out = 16"), "herd.out: the earlier rounds turned 0 to 15 tiles, not 16"),
        (("out = 8", "out = 15"), "herd.next: the pile is empty"),
        (("out = 8", "out = -1"), "herd.out: the earlier rounds turned 0 to 15 tiles"),
        (("out = 8", "out = 3"), "round: by round 9"),
        (("[decision]", '[hidden]\npile = ["stone: tool 1 / food 1"]\n\n[decision]'), "herd.out"),
    ],
)
def test_an_impossible_count_of_earlier_tiles_is_refused(tmp_path, edit, words):
    bad = tmp_path / "bad.toml"
    bad.write_text(_edited(_count_form(tmp_path), *edit), encoding="utf-8")
    line = _refused(tmp_path, "analyse", bad, "--out", tmp_path / "out")
    assert words in line, line


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_a_position_is_parsed_once_on_its_way_to_the_kernel(tmp_path, monkeypatch):
    """The command, the kind's check, its run and every chunk of this process share one parse
    (issue 62: it was parsed four times)."""
    import sim.position_read as reader
    from experiments.analyse import settings

    calls = []
    real = reader._check
    monkeypatch.setattr(reader, "_check", lambda doc: calls.append(1) or real(doc))
    settings._parsed.cache_clear()
    args = ["--playouts", 200, "--chunk-size", 50, "--no-stop", "--field", "greedy"]
    result = invoke("analyse", EXAMPLE, *args, "--out", tmp_path / "a")
    assert result.exit_code == 0, result.output
    assert len(calls) == 1


def test_a_tie_names_no_best_option():
    import pandas as pd

    from experiments.analyse.report import no_best, verdict

    table = pd.DataFrame(
        {"option": ["commit 0", "commit 1", "commit 2"], "playouts": 50,
         "win": [0.3, 0.5, 0.5], "margin": [-2.0, 1.0, 1.0]}
    )  # fmt: skip
    best = {"best": 1, "second": 2, "lead": 0.0}
    assert (
        verdict(table, best) == "No best option: commit 1 and commit 2 tie in win share and margin."
    )
    table.loc[2, "margin"] = 0.5
    assert no_best(table, best) is None
    assert verdict(table, {**best, "lead": 0.0}).startswith("Best: commit 1, which wins 50.0%")
