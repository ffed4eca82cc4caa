"""Positions (docs/positions.md): positions of real games read back to the same state, the
loader's refusals, and the analysis of a position (``mammoth analyse``): the advice's play-outs
of the same decisions, known answers, and the same numbers on any number of workers."""

from __future__ import annotations

import json
import math
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest
from cli_contract import assert_refused, invoke, snapshot

from experiments.analyse.analysis import confident, merge_stats, stop_at, wilson
from experiments.analyse.kind import slots_of
from sim.advising import advise_state
from sim.analysing import contest_odds, options_of, play_out
from sim.constants import N_AREAS
from sim.contest_exact import odds
from sim.engine import MAX_ROUNDS
from sim.position import (
    position_digest,
    position_from_dict,
    position_of_snapshot,
    position_text,
    read_position,
)
from sim.rng import N_PURPOSES, seed_words, stream_key
from sim.rules import Rules
from sim.run import Run
from sim.situation import (
    COMMIT_DECISION,
    D_KIND,
    D_PENDING,
    D_SEAT,
    LOG_DECISIONS,
    R_WIN,
    S_KMAX,
    SITUATION,
    snapshot_row,
)
from sim.state import I_ROUND
from strategies.play import CLOCK, game_positions, slots_for
from strategies.registry import kernel_for

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "positions" / "example.toml"
KNOWN = Path(__file__).resolve().parent / "positions"


def _example() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


# --- positions out of games ----------------------------------------------------------------


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_positions_of_a_thousand_real_decisions_read_back_to_the_same_state():
    """Every herd decision of real games at 2, 3 and 4 players, placement turns and
    commitments, written as a position file and read back: the same state digest."""
    seen = {}
    total = 0
    for players, games in ((2, 8), (3, 6), (4, 5)):
        for found in game_positions(games, players, "greedy", seed=54 + players):
            text = position_text(found.position)
            back = position_from_dict(tomllib.loads(text))
            assert position_digest(back) == position_digest(found.position), found.file_name
            seen[players, found.kind] = seen.get((players, found.kind), 0) + 1
            total += 1
    assert total >= 1_000
    assert all(seen.get((p, k), 0) >= 50 for p in (2, 3, 4) for k in ("placement", "commitment"))


def test_the_digest_tells_states_apart():
    position = read_position(EXAMPLE)
    changed = _example().replace("food = 7", "food = 6")
    assert position_digest(position_from_dict(tomllib.loads(changed))) != position_digest(position)
    # what the file leaves out is dealt the same way each time
    assert position_digest(read_position(EXAMPLE)) == position_digest(position)


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_simulate_writes_the_positions_of_its_first_games(tmp_path):
    result = invoke(
        "simulate", "--games", 3, "--players", 3, "--positions", 1, "--out", tmp_path / "s"
    )
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "s" / "positions").glob("*.toml"))
    expected = game_positions(1, 3, "greedy", seed=0)
    assert [f.name for f in files] == sorted(p.file_name for p in expected)
    meta = json.loads((tmp_path / "s" / "run.json").read_text())
    assert meta["positions"] == {"games": 1, "files": len(expected)}
    for found in expected:
        assert position_digest(read_position(tmp_path / "s" / "positions" / found.file_name)) == (
            position_digest(found.position)
        )


# --- the loader's refusals -----------------------------------------------------------------

REFUSALS = [
    ("people = 10\n", "people = 13\n", "people must be 5 to 10"),
    ('cards = ["", "hut', 'cards = ["art: tool 1", "hut', "'art: tool 1' is named"),
    ('"shaman 1: gold 1",', '"shaman 1: gold 1", "shaman 1: gold 1",', "named more often"),
    (
        'forest = 3, "clay pit" = 2',
        'forest = 4, "clay pit" = 1',
        "Dee'.placed: the forest has 7 spaces",
    ),
    ('name = "Cy"\npeople = 7\n', 'name = "Cy"\n', "'people' is missing"),
    ("round = 9\n", "round = 9\nrounds = 9\n", "unknown field 'rounds'"),
    ('area = "river"', 'area = "lake"', "'lake' is not an area"),
    ('area = "river"', 'area = "quarry"', "puts the herd on the river"),
    ('tile = "gold: points 3 / points 1"', 'tile = "gold: points 9 / points 1"', "no mammoth"),
    ('seat = "Bob"', 'seat = "Eve"', "decision.seat must name a player"),
    ('seat = "Bob"', 'seat = "Dee"', "Dee has nobody on the river"),
    ('kind = "commitment"', 'kind = "placement"', "decision.pending"),
    ('pending = ["card 3"]', 'pending = ["card 4"]', "'card 4' is not another place"),
    ("tiles = 3\n", "tiles = 9\n", "tiles"),
    ('top = "2 brick 1 gold"\nleft = 6', 'top = "2 brick 1 gold"\nleft = 5', "the stacks miss"),
    ("deck = 9 ", "deck = 8 ", "board.deck"),
    ('next = "stone"', 'next = "food"', "herd.next"),
    ('name = "Dee"', 'name = "Ann"', "taken by an earlier player"),
    ("format = 1", "format = 2", "format"),
    ("tools = [3, 2, 2]", "tools = [3, 2, 7]", "tools must be 0 to 4"),
    ("[decision]", "[decision\n", "not valid TOML"),
]


@pytest.mark.parametrize("old, new, words", REFUSALS, ids=[r[2][:24] for r in REFUSALS])
def test_an_impossible_position_is_one_line_naming_the_field(tmp_path, old, new, words):
    text = _example()
    assert old in text, old
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    before = snapshot(tmp_path)
    line = assert_refused(invoke("analyse", bad, "--out", tmp_path / "out"), tmp_path, before)
    assert words in line, line
    assert "bad.toml" in line


def test_more_refusals_of_hand_made_files(tmp_path):
    cases = {
        "a missing player table": ('[[player]]\nname = "Dee"', '[[playr]]\nname = "Dee"'),
        "a later seat on the tile": ("tiles = 3\n", "tiles = 3\non_tile = 1\n"),
        "a placement on a full area": (
            'name = "Ann"\npeople = 6',
            'name = "Ann"\npeople = 7',
            'placed = { forest = 3, "tool maker" = 1',
            'placed = { forest = 3, "tool maker" = 1, field = 1',
        ),
    }
    for name, edits in cases.items():
        text = _example()
        for old, new in zip(edits[::2], edits[1::2], strict=True):
            assert old in text, name
            text = text.replace(old, new, 1)
        bad = tmp_path / "bad.toml"
        bad.write_text(text, encoding="utf-8")
        before = snapshot(tmp_path)
        assert_refused(invoke("analyse", bad, "--out", tmp_path / "out"), tmp_path, before)
    assert not (tmp_path / "out").exists()


def test_a_missing_or_binary_file_is_refused(tmp_path):
    before = snapshot(tmp_path)
    assert_refused(invoke("analyse", tmp_path / "none.toml", "--out", tmp_path / "o"), tmp_path,
                   before)  # fmt: skip
    (tmp_path / "b.toml").write_bytes(b"\0\1\2")
    before = snapshot(tmp_path)
    assert_refused(invoke("analyse", tmp_path / "b.toml", "--out", tmp_path / "o"), tmp_path,
                   before)  # fmt: skip


# --- the analysis --------------------------------------------------------------------------


def _advice_key(seed: int, game: int, round_: int, seat: int) -> np.uint64:
    """The key ``sim.engine.advise_rows`` gives a commitment's play-outs."""
    salt = N_PURPOSES + (COMMIT_DECISION * (MAX_ROUNDS + 1) + round_) * 4 + seat
    return np.uint64(stream_key(seed_words(seed), game, salt))


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_analysis_of_a_written_decision_is_the_advice_play_outs_of_it():
    """A commitment of a real game written as a position and read back, played out with the
    advice run's key for it: exactly the advice's win shares, option by option."""
    rules = Rules()
    slots, seats = slots_for(["greedy"] * 3)
    kernel = kernel_for(slots)
    playouts = 12
    st = advise_state(kernel, Run(slots, seats, rules=rules, seed=11, n_games=3), playouts, CLOCK)
    checked = 0
    for g in range(3):
        for j in range(int(st.log[g, 0, LOG_DECISIONS])):
            row = st.log[g, 1 + j]
            h = snapshot_row(st, g, j)
            p = int(row[D_SEAT])
            kmax = int(row[SITUATION + S_KMAX])
            if row[D_KIND] != COMMIT_DECISION or kmax < 1:
                continue
            pending = row[D_PENDING : D_PENDING + N_AREAS]
            noted = position_of_snapshot(st, h, "commitment", p, pending, rules)
            position = position_from_dict(tomllib.loads(position_text(noted)))
            options = options_of(position)
            assert [o.code for o in options] == list(range(kmax + 1))
            key = _advice_key(11, g, int(st.game[h, I_ROUND]), p)
            out, _ = play_out(kernel, position, [slots[0]] * 3, options, 0, 0, playouts, key=key)
            np.testing.assert_allclose(
                out[:, 0].mean(axis=1), row[R_WIN : R_WIN + kmax + 1], rtol=0, atol=1e-12
            )
            checked += 1
    assert checked >= 20


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_a_placement_turn_agrees_with_the_advice_seeking_the_herd():
    """At placement decisions of real games, the option the seat's own player takes (its
    people on the herd's area, or elsewhere) wins as often as the advice's play-outs of the
    seat seeking the herd, within the intervals of their play-outs."""
    rules = Rules()
    slots, seats = slots_for(["greedy"] * 4)
    kernel = kernel_for(slots)
    n = 300
    st = advise_state(
        kernel, Run(slots, seats, rules=rules, seed=5, n_games=1), n, CLOCK, placements=True
    )
    found = 0
    for j in range(int(st.log[0, 0, LOG_DECISIONS])):
        row = st.log[0, 1 + j]
        if row[D_KIND] == COMMIT_DECISION or found >= 4:
            continue
        h = snapshot_row(st, 0, j)
        position = position_of_snapshot(st, h, "placement", int(row[D_SEAT]), (), rules)
        options = options_of(position)
        out, choice = play_out(kernel, position, [slots[0]] * 4, options, 3, 0, n)
        mine = out[[o.code for o in options].index(choice), 0]
        seek = row[R_WIN + 1]
        se = math.sqrt(mine.var(ddof=1) / n + max(seek * (1 - seek), 0.05) / n)
        assert abs(mine.mean() - seek) <= 4 * se, (j, mine.mean(), seek)
        found += 1
    assert found == 4


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_last_round_commitment_wins_with_the_exact_contest_odds():
    """One tile decides the majority and its 10 points the game: committing ``k`` figures wins
    exactly when the contest is won, so each option's win share is the exact chance to win
    the contest with ``k`` figures against Bob's one (within its binomial interval), and the
    most figures is the best option."""
    position = read_position(KNOWN / "last_round_commitment.toml")
    slots = slots_of("champion", 3)
    options = options_of(position)
    n = 400
    out, _ = play_out(kernel_for(slots), position, slots, options, 7, 0, n)
    for option, row in zip(options, out, strict=True):
        k = option.code
        exact = float(odds([0, 1, k]).win[2]) if k else 0.0
        assert contest_odds(position, k) == pytest.approx(exact)
        assert abs(row[0].mean() - exact) <= 4 * math.sqrt(exact * (1 - exact) / n) + 1e-12
    assert int(np.argmax(out[:, 0].mean(axis=1))) == len(options) - 1


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_last_round_placement_away_from_the_herd_cannot_win(tmp_path):
    result = invoke(
        "analyse", KNOWN / "last_round_placement.toml", "--playouts", 300, "--no-stop",
        "--out", tmp_path / "a",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = json.loads((tmp_path / "a" / "analysis.json").read_text())
    shares = {o["option"]: o["win"] for o in table["options"]}
    assert shares["elsewhere"] == 0.0
    assert table["best"] == "1 on the clay pit"
    assert table["lead"]["lead_low"] > 0.3


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_same_numbers_on_one_and_two_workers_and_any_chunking(tmp_path):
    args = ["analyse", EXAMPLE, "--playouts", 300, "--seed", 4]
    runs = {
        "one": ["--chunk-size", 100],
        "two": ["--chunk-size", 100, "--workers", 2],
        "whole": ["--chunk-size", 100, "--no-stop"],
        "other": ["--chunk-size", 60, "--no-stop"],
    }
    for name, extra in runs.items():
        result = invoke(*args, *extra, "--out", tmp_path / name)
        assert result.exit_code == 0, result.output
    for name in ("analysis.csv", "analysis.json", "analysis.md", "analysis.html"):
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()
        assert (tmp_path / "other" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_resume_keeps_the_chunks_and_gives_the_same_files(tmp_path, monkeypatch):
    from experiments.analyse import kind

    args = ["analyse", EXAMPLE, "--playouts", 300, "--no-stop", "--chunk-size", 100]
    full = invoke(*args, "--out", tmp_path / "full")
    assert full.exit_code == 0, full.output
    played = []
    real = kind.run_chunk

    def stop_after_two(config, chunk):
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(chunk["start"])
        return real(config, chunk)

    monkeypatch.setattr(kind, "run_chunk", stop_after_two)
    cut = invoke(*args, "--out", tmp_path / "cut")
    assert cut.exit_code != 0 and len(list((tmp_path / "cut" / "chunks").glob("*.npz"))) == 2
    monkeypatch.setattr(kind, "run_chunk", real)
    resumed = invoke(*args, "--out", tmp_path / "cut", "--resume")
    assert resumed.exit_code == 0, resumed.output
    for name in ("analysis.csv", "analysis.md"):
        assert (tmp_path / "cut" / name).read_bytes() == (tmp_path / "full" / name).read_bytes()


def test_the_stopping_rule_reads_only_the_chunks_before_it():
    rng = np.random.default_rng(3)
    from experiments.analyse.analysis import chunk_stats

    parts = []
    for _ in range(10):
        results = np.zeros((3, 2, 100))
        results[:, 0] = rng.random((3, 100)) < np.array([[0.2], [0.5], [0.21]])
        parts.append(chunk_stats(results, -1))
    at = stop_at(parts, looks=9)
    assert at is not None and at >= 1
    assert stop_at(parts[: at + 1], looks=9) == at  # the same point whatever came after
    assert not confident(merge_stats(parts[:1]), looks=9)  # before MIN_LOOK play-outs
    low, high = wilson(np.array([0.0, 1.0]), 100)
    assert low[0] == 0 and high[0] > 0.03 and high[1] == 1 and low[1] < 0.97


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_example_in_the_docs_is_the_command_s_output(tmp_path):
    """docs/positions.md shows the example's analysis with its command: the same table."""
    doc = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    command = re.search(r"^\$ (mammoth analyse docs/positions/example\.toml.*)$", doc, re.M)
    assert command, "docs/positions.md shows the example's command"
    words = command.group(1).split()[1:]
    shown = doc[command.end() :].split("```")[0].strip()
    result = invoke(*[ROOT / w if w.endswith(".toml") else w for w in words], "--out",
                    tmp_path / "ex")  # fmt: skip
    assert result.exit_code == 0, result.output
    table = (tmp_path / "ex" / "analysis.md").read_text(encoding="utf-8").strip()
    assert shown == table
