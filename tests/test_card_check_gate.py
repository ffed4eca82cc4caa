"""The whole-game gates of a card (:mod:`experiments.card.card_check.analysis_gate`, ``mammoth
check-card --gate``), on made-up check tables and in a small check of a card file."""

from __future__ import annotations

import json

import pandas as pd

from experiments.card.card_check.analysis_gate import gate_seek
from experiments.shared.report_card_words import seek_lines, worded_card
from strategies.taming_card import load_card


def _check(effects: dict, seek_off: str = "card[file=x.json,seek=0]") -> pd.DataFrame:
    """A card check table: ``effects[(players, field)] = (card minus the card never seeking,
    low, high)``, in pp."""
    rows = [
        {
            "card": "card[file=x.json]",
            "field": field,
            "tiles": "default",
            "players": players,
            "policy": seek_off,
            "games": 1000,
            "card_win": 30.0,
            "policy_win": 30.0 - effect,
            "card_minus": effect,
            "card_minus_low": low,
            "card_minus_high": high,
        }
        for (players, field), (effect, low, high) in effects.items()
    ]
    return pd.DataFrame(rows)


def test_the_gate_stays_away_where_seeking_loses_a_field_or_gains_in_none_over_whole_games():
    seek = {
        "rules": [
            {"when": [{"feature": "players", "lo": 2.5, "hi": None}], "seek": False},
            {"when": [{"feature": "rivals", "lo": 0.5, "hi": None}], "seek": False},
        ],
        "default": True,
    }
    check = _check(
        {
            (2, "a"): (20.0, 19.0, 21.0),
            (2, "b"): (18.0, 17.0, 19.0),
            (3, "a"): (3.0, 2.0, 4.0),
            (3, "b"): (-1.0, -1.8, -0.2),  # b loses measurably at 3 players
            (4, "a"): (-0.5, -1.5, 0.5),  # not measurably
            (4, "b"): (-2.0, -3.0, -1.0),
        }
    )
    gated = gate_seek(seek, check, "card[file=x.json,seek=0]")
    assert gated["gated"] == [3, 4]
    first = gated["rules"][0]
    assert first["when"] == [{"feature": "players", "lo": 2.5, "hi": 4.5}] and not first["seek"]
    assert "text" not in first  # the words are the report's
    worded = worded_card({"rules": [], "seek": gated})["seek"]["rules"][0]
    assert worded["text"] == "3-4 players"
    assert worded["gate"]["3 players, b (default tiles)"] == [-1.0, -1.8, -0.2]
    # the rule that could only fit at 3-4 players is gone; the one without players stays
    assert gated["rules"][1:] == [seek["rules"][1]]
    assert gated["default"] is True
    lines = seek_lines(gated)
    assert "whole games" in lines[0] and "−2.00 pp [−3.00, −1.00] at 4 players, b" in lines[0]
    # a measurable gain somewhere and no measurable loss: nothing gated, the rules as they were
    kept = _check(
        {(3, "a"): (1.0, 0.2, 1.8), (3, "b"): (-0.3, -0.9, 0.3), (4, "a"): (0.9, 0.1, 1.7)}
    )
    assert gate_seek(seek, kept, "card[file=x.json,seek=0]")["rules"] == seek["rules"]
    # nothing measurable either way at 4 players: the part has not earned its place there
    calm = _check({(3, "a"): (1.0, 0.2, 1.8), (4, "a"): (-0.4, -1.4, 0.6)})
    gated = gate_seek(seek, calm, "card[file=x.json,seek=0]")
    assert gated["gated"] == [4]
    assert gated["rules"][0]["when"] == [{"feature": "players", "lo": 3.5, "hi": 4.5}]
    assert gated["rules"][1:] == seek["rules"]  # 3+ players still fits at 3


def test_check_card_gate_writes_the_gated_card_with_its_command(tmp_path):
    """``mammoth check-card card[file=...] --gate``: check.csv, goals and the card written back,
    its provenance's ``gates`` naming the command; a card that is not a file is refused."""
    from click.testing import CliRunner

    from experiments.cli import main

    card = tmp_path / "card.json"
    card.write_text((__import__("pathlib").Path("docs") / "card_example.json").read_text())
    name = f"card[file={card}]"
    args = ["check-card", name, "--players", "2", "3", "--games", "20", "--seed", "5",
            "--field", "greedy", "--policy", f"card[file={card},seek=0]", "--gate",
            "--out", str(tmp_path / "out")]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    for file in ("check.csv", "goals.csv", "check.md", "card.json", "card.md", "card.html"):
        assert (out / file).is_file(), file
    gated = json.loads((out / "card.json").read_text())
    command = gated["provenance"]["gates"][-1]
    assert command.startswith(f'mammoth check-card "{name}"') and command.endswith("--gate")
    assert isinstance(gated["seek"]["gated"], list)
    assert load_card(out / "card.json")["rules"] == gated["rules"]
    refused = CliRunner().invoke(main, ["check-card", "card", "--gate", "--out", str(tmp_path)])
    assert refused.exit_code == 2 and "card[file=PATH]" in refused.output


def test_check_card_gate_refuses_a_persons_card_in_one_line(tmp_path):
    """A person's card has no seek part: ``--gate`` would write back a card that is no card (a
    ``place`` part and a ``seek`` part), so it is refused before any game, and nothing is
    written."""
    from click.testing import CliRunner

    from experiments.cli import main

    card = "card[file=strategies/models/card_every_table.json]"
    out = tmp_path / "out"
    args = ["check-card", card, "--players", "4", "--games", "20", "--gate", "--out", str(out)]
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2, refused.output
    assert "a person's card" in refused.output and "Traceback" not in refused.output
    assert len(refused.output.strip().splitlines()) == 1
    assert not out.exists()
