"""The loader's words and the files around it (issue 68, defects 5, 6, 10 and 11): a rule's
message names the rule and the player who broke it; a piece named too often says where else it
is named; tool slots lie as the game fills them; the template has every field a player may need;
``analysis.json`` names no best option on a tie, and one play-out is said in the singular."""

from __future__ import annotations

import tomllib

import pandas as pd
import pytest

from experiments.analyse.report import summary, write_analysis
from experiments.position.report_template import template
from sim.position import position_from_dict
from sim.position_fields import problem_parts
from sim.position_read import position_problems, tool_slots
from sim.rules import Rules


def _table(players: int = 3, round_: int = 6) -> dict:
    return tomllib.loads(template(players, round_, Rules()))


def _problems(doc: dict) -> list[str]:
    return position_problems(doc)[1]


def _place(doc: dict, seat: int, placed: dict) -> None:
    doc["player"][seat]["placed"] = placed


def test_a_third_player_on_a_resource_area_at_three_players_is_named_with_the_rule():
    doc = _table()
    doc["decision"]["seat"] = "Ann"
    for seat in range(3):
        _place(doc, seat, {"forest": 1})
    doc["player"][0]["people"] = 5
    found = _problems(doc)
    rule = [p for p in found if "may use the forest" in p]
    assert rule == [
        "player 'Cy'.placed: at 3 players only 2 players may use the forest in a round, and "
        "Ann, Bob and Cy are on it"
    ], found


def test_the_blame_falls_on_the_last_of_the_round_s_order():
    doc = _table()
    doc["start_player"] = "Cy"  # the order is Cy, Ann, Bob
    doc["decision"]["seat"] = "Cy"  # each has taken a turn: Cy's again
    for seat in range(3):
        _place(doc, seat, {"forest": 1})
    found = [p for p in _problems(doc) if "may use the forest" in p]
    assert len(found) == 1 and found[0].startswith("player 'Bob'.placed: "), found


@pytest.mark.parametrize(
    "area, people, words",
    [
        ("hut", 1, "player 'Ann'.placed: the hut takes exactly 2 people (the parents), not 1"),
        ("field", 2, "player 'Ann'.placed: the field takes exactly 1 person, not 2"),
    ],
)
def test_a_village_place_says_how_many_it_takes(area, people, words):
    doc = _table()
    _place(doc, 0, {area: people})
    doc["decision"]["seat"] = "Bob"  # Ann has taken her turn
    assert words in _problems(doc)


def test_two_players_in_one_village_place_are_both_named():
    doc = _table(players=4)
    _place(doc, 0, {"hut": 2})
    _place(doc, 1, {"forest": 1})
    _place(doc, 2, {"hut": 2})
    _place(doc, 3, {"forest": 1})
    found = [p for p in _problems(doc) if "hut" in p]
    assert found == [
        "player 'Cy'.placed: the hut takes one player a round, and Ann and Cy are on it"
    ]


def test_a_piece_named_too_often_says_where_else_it_is_named():
    doc = _table()
    top = doc["board"]["stacks"][1]["top"]
    doc["player"][2]["buildings"] = [top]
    doc["board"]["stacks"][0]["left"] = 6
    found = [p for p in _problems(doc) if "named more often" in p]
    assert found and "also named at player 'Cy'.buildings[1]" in found[0], found
    assert found[0].startswith("board.stacks[2].top: ")


@pytest.mark.parametrize("slots", [[0, 0, 3], [1, 2, 1], [3, 1, 0], [2, 2, 0], [4, 2, 2]])
def test_tool_slots_lie_as_the_game_fills_them(slots):
    doc = _table()
    doc["player"][0]["tools"] = slots
    found = [p for p in _problems(doc) if p.startswith("player 'Ann'.tools: ")]
    assert found and f"not {slots}" in found[0] and str(tool_slots(sum(slots))) in found[0]


@pytest.mark.parametrize("total", range(13))
def test_every_total_of_tools_has_its_slots(total):
    doc = _table()
    doc["player"][0]["tools"] = tool_slots(total)
    assert not [p for p in _problems(doc) if ".tools" in p]
    assert sum(tool_slots(total)) == total


def test_the_template_has_every_line_a_player_may_need():
    text = template(3, 6, Rules())
    for line in ("tools_used = [false, false, false]", "on_tile = 0", "# pending = []"):
        assert line in text, line
    doc = tomllib.loads(text.replace("# pending = []", "pending = []"))
    doc["decision"]["kind"] = "placement"
    assert "decision.pending" in " ".join(_problems(doc))  # a placement has none
    assert not _problems(tomllib.loads(text))


def test_problem_lines_split_into_field_and_message():
    assert problem_parts("player 'Mia Lee'.placed: the hut") == (
        "player 'Mia Lee'.placed",
        "the hut",
    )
    assert problem_parts("round must be 1 to 199, not 0") == ("round", "must be 1 to 199, not 0")
    assert problem_parts("the position is not valid TOML: x") == (
        "",
        "the position is not valid TOML: x",
    )


def _analysis(tmp_path, share: list[float], margin: list[float], n: int):
    position = position_from_dict(tomllib.loads(template(2, 3, Rules())))
    table = pd.DataFrame(
        {
            "option": [f"option {k}" for k in range(len(share))],
            "code": list(range(len(share))),
            "playouts": n,
            "win": share,
            "win_low": share,
            "win_high": share,
            "margin": margin,
            "margin_low": margin,
            "margin_high": margin,
            "contest_odds": [float("nan")] * len(share),
            "best": [k == 0 for k in range(len(share))],
            "own_choice": [False] * len(share),
        }
    )
    best = {"best": 0, "second": 1, "lead": 0.0, "lead_low": 0.0, "lead_high": 0.0,
            "margin_lead": 0.0, "margin_lead_low": 0.0, "margin_lead_high": 0.0}  # fmt: skip
    write_analysis(
        tmp_path, position, table, best, stopped=False, field="greedy", seed=1, stop=False,
        command="t", seconds=None,
    )  # fmt: skip
    import json

    return json.loads((tmp_path / "analysis.json").read_text()), table, best


def test_a_tie_names_no_best_option_in_analysis_json(tmp_path):
    document, _, _ = _analysis(tmp_path, [0.5, 0.5], [1.0, 1.0], 100)
    assert document["best"] is None and "tie" in document["no_best"]
    assert not any(o["best"] for o in document["options"])
    assert "**best**" not in (tmp_path / "analysis.md").read_text()


def test_a_lead_names_its_best_option(tmp_path):
    document, _, _ = _analysis(tmp_path, [0.6, 0.4], [2.0, -2.0], 100)
    assert document["best"] == "option 0" and document["no_best"] is None


def test_one_play_out_is_said_in_the_singular(tmp_path):
    _, table, best = _analysis(tmp_path, [1.0, 0.0], [3.0, -3.0], 1)
    lines = summary(table, best, stopped=False, stop=False)
    assert "1 play-out per option (no early stop asked)." in lines
    assert not any("1 play-outs" in line for line in lines)
