"""One card for several tables: the tables, the race across them, a derivation over two tables
(its certification at each), and what the pages may say of a meta-game."""

from __future__ import annotations

import hashlib
import json

import pandas as pd
import pytest

from experiments.card.card_derive.analysis import person_candidates
from experiments.card.card_derive.analysis_race import (
    Table,
    clearly_exploitable,
    could_be_worst,
    parse_table,
    worst_case,
)
from experiments.card.card_derive.report import deviation_words
from experiments.card.report_shipped import NO_SEPARATION, metagame_verdict
from sim.errors import InputError
from strategies.card_person import GATHER, MAX_RULES_PER_SIZE, WORTH, PersonPlay, person_card
from strategies.taming_card import EVERY_TABLE_PATH, load_card
from tests.cli_contract import invoke


def _rows(data):
    return pd.DataFrame(
        [
            {"candidate": c, "table": t, "games": 300, "exploitability": e, "low": lo,
             "high": hi, "best_deviation": "ev"}
            for c, t, e, lo, hi in data
        ]
    )  # fmt: skip


def test_a_table_is_read_from_its_words():
    assert parse_table("champion@default") == Table(("champion",), "default")
    table = parse_table("greedy,learned@experiments/tiles/rich.csv=my card.json")
    assert table == Table(("greedy", "learned"), "experiments/tiles/rich.csv", "my card.json")
    assert table.spec() == "greedy,learned@experiments/tiles/rich.csv=my card.json"
    assert table.own_deviation() == "card[file=my card.json]"
    for bad in ("champion", "@default", "champion@", 3):
        with pytest.raises(InputError):
            parse_table(bad)


def test_the_worst_table_decides():
    table = worst_case(
        _rows(
            [
                ("a", 0, 0.5, -0.5, 1.5),
                ("a", 1, 2.0, 1.0, 3.0),
                ("b", 0, 1.0, 0.0, 2.0),
                ("b", 1, 0.2, -1.0, 1.4),
            ]
        )  # fmt: skip
    )
    a, b = (table[table["candidate"] == c].iloc[0] for c in ("a", "b"))
    assert (a["exploitability"], a["low"], a["high"], a["worst_table"]) == (2.0, 1.0, 3.0, 1)
    assert (b["exploitability"], b["low"], b["high"], b["worst_table"]) == (1.0, 0.0, 2.0, 0)


def test_a_candidate_clearly_exploitable_at_one_table_is_dropped():
    # a has met both tables (worst upper bound 2.0); c's interval at table 0 lies above 1 pp
    # and above it: dropped at once; b's lies above 1 pp but reaches it: kept
    rows = _rows([("a", 0, 0.2, -0.6, 1.8), ("a", 1, 1.0, 0.0, 2.0), ("b", 0, 1.5, 1.2, 2.6),
                  ("c", 0, 4.0, 2.5, 5.5)])  # fmt: skip
    assert clearly_exploitable(rows, ["a", "b", "c"], 2) == {"c"}
    # before any candidate has met every table, nobody is dropped: a good first table says
    # nothing of the others
    rows = _rows([("a", 0, 0.2, -0.6, 1.8), ("c", 0, 4.0, 2.5, 5.5)])
    assert clearly_exploitable(rows, ["a", "c"], 2) == set()
    # nobody holds: the bar is the smallest worst upper bound, and someone always stays
    rows = _rows([("a", 0, 6.0, 5.0, 7.0), ("b", 0, 9.0, 8.0, 10.0)])
    assert clearly_exploitable(rows, ["a", "b"], 1) == {"b"}
    rows = _rows([("a", 0, 6.0, 5.0, 7.0)])
    assert clearly_exploitable(rows, ["a"], 1) == set()


def test_only_the_tables_that_can_be_the_worst_are_played_again():
    rows = _rows([("a", 0, 0.0, -1.0, 1.0), ("a", 1, 3.0, 2.0, 4.0), ("a", 2, 1.5, 0.5, 2.5)])
    assert not could_be_worst(rows, "a", 0)  # its upper end 1.0 < table 1's lower end 2.0
    assert could_be_worst(rows, "a", 1)
    assert could_be_worst(rows, "a", 2)  # 2.5 reaches 2.0
    assert could_be_worst(rows, "a", 3)  # not met yet


def test_every_persons_candidate_keeps_to_four_rules_a_size():
    plays = person_candidates([GATHER, 0, 1, 2], [2, 3], [0, 1], [1, 2], [0, 1], [0, 3], [0, 4])
    assert len(plays) == len(set(plays))
    for play in plays:
        card = person_card({3: play})
        assert len(card["place"]["rules"]) + len(card["rules"]) <= MAX_RULES_PER_SIZE
    # one person more at a rich bonus is tried with every count of people, and the grid leaves
    # out only what would take a fifth rule
    assert {p.people for p in plays if p.rich} == {1, 2}
    assert PersonPlay(1, 3, 0, 2, 1, rich=4) in plays
    assert PersonPlay(1, 3, 1, 2, 1, rich=4) not in plays  # alone, rich, at 3, raise, commit


def test_a_persons_deviation_in_people_reads_as_a_count():
    assert deviation_words("~people=1", person=True) == "the card with 1 person"
    assert deviation_words("~people=3", person=True) == "the card with 3 people"
    assert deviation_words("~people=0", person=True) == "the card staying away"
    assert deviation_words(f"~people={GATHER}", person=True) == "the card gathering there"


def test_a_derivation_over_two_tables_certifies_its_card_at_each(tmp_path):
    """A person's card for two tables (one with its own card as a deviation): the card file,
    its certification at each table and its worst, and the command that derives it again."""
    own = tmp_path / "own.json"
    own.write_text(json.dumps(person_card({3: person_candidates([1], [2], [0], [1], [0])[0]})))
    out = tmp_path / "every"
    args = [
        "derive-card", "--table", f"greedy@default={own}", "--table",
        "greedy@experiments/tiles/rich.csv", "--space", "person", "--people", "1", "--people",
        "2", "--turn", "2", "--alone", "1", "--person-commit", "1", "--raise", "0", "--players",
        "3", "--seed", "3", "--games", "60", "--first-games", "20", "--workers", "1",
        "--chunk-size", "20", "--worth", "agriculture=4", "--worth", "wood=1", "--out", str(out),
    ]  # fmt: skip
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    card = json.loads((out / "card.json").read_text())
    assert card["place"] and "seek" not in card
    assert card["worth"] == {**WORTH, "agriculture": 4}
    assert card["words"][-1].endswith("tool 2, agriculture 4.")
    made = card["provenance"]
    assert "--worth agriculture=4 --worth wood=1" in made["command"]
    assert [t["table"] for t in made["tables"]] == ["greedy, default tiles", "greedy, rich tiles"]
    assert "--space person" in made["command"] and f"greedy@default={own}" in made["command"]
    digest = hashlib.sha256(own.read_bytes()).hexdigest()
    assert [t["own_card_sha256"] for t in made["tables"]] == [digest, None]
    exploit = pd.read_csv(out / "exploit.csv")
    assert sorted(exploit["table"].unique()) == [0, 1]
    assert f"card[file={own}]" in set(exploit[exploit["table"] == 0]["deviation"])
    assert f"card[file={own}]" not in set(exploit[exploit["table"] == 1]["deviation"])
    worst = exploit.sort_values("gain", ascending=False).iloc[0]
    assert made["certified"]["3"]["gain"] == round(worst["gain"], 2)
    assert made["certified"]["3"]["table"] == int(worst["table"])
    text = (out / "derive.md").read_text()
    assert "Worst table at 3 players" in text and "%" not in "".join(card["words"])


@pytest.mark.parametrize("folder", ["person", "weight"])
def test_the_cards_for_every_table_were_derived_against_the_own_cards_as_they_are(folder):
    """The cards for every table (the shipped person's card and the price of simplicity's
    weight card) name each table's tiles and own card with their bytes' digests: the files the
    repository holds now, so their commands derive them again (an own card derived anew means
    deriving them again too); the shipped card is its derivation's card."""
    root = EVERY_TABLE_PATH.parents[2]  # the paths in its command are the repository's
    path = root / f"docs/results/every-table/{folder}/card.json"
    if folder == "person":
        assert EVERY_TABLE_PATH.read_bytes() == path.read_bytes()
    tables = load_card(path)["provenance"]["tables"]
    assert len(tables) == 12
    for table in tables:
        for name in ("own_card", "tiles"):
            if table[name] != "default":
                digest = hashlib.sha256((root / table[name]).read_bytes()).hexdigest()
                assert table[f"{name}_sha256"] == digest, (table["table"], name)


def test_a_meta_game_the_certification_does_not_back_says_so():
    """A meta-game whose regret puts the card behind, at a table where the certification's best
    deviation's interval holds 0: no page says the card is behind."""
    part = pd.DataFrame(
        {
            "strategy": ["greedy+card", "greedy+ev"],
            "behind_best": [-3.1, 0.0],
            "behind_low": [-5.7, 0.0],
            "behind_high": [-0.25, 0.0],
        }  # fmt: skip
    )
    held = {"best_deviation": "ev", "gain": -0.01, "low": -0.03, "high": 0.02}
    assert metagame_verdict(held, part) == NO_SEPARATION
    beaten = {**held, "gain": 2.0, "low": 1.2, "high": 2.8}
    assert metagame_verdict(beaten, part).startswith("ev beats the card by +2.00")
    level = part.assign(behind_high=[0.0, 0.0])
    assert metagame_verdict(beaten, level) == NO_SEPARATION


def test_the_pages_card_results_claim_nothing_the_certifications_do_not():
    """Every shipped card's meta-game row: where its certification's best deviation has an
    interval that holds 0, the page says no play beats it measurably."""
    from experiments.card.report_shipped import card_results_block
    from experiments.shared.document import markdown
    from strategies.taming_card import shipped_cards

    text = markdown(card_results_block())
    for path in shipped_cards():
        made = load_card(path)["provenance"]
        for players, cert in made["certified"].items():
            row = next(
                line for line in text.splitlines()
                if line.startswith(f"| {made['table']} | {players} |")
            )  # fmt: skip
            if cert["low"] <= 0:
                assert row.endswith(f"| {NO_SEPARATION} |")


def test_the_richer_grid_lies_around_the_first_winner():
    from experiments.card.card_derive.kind import REFINE_COMMITS, richer_grid
    from experiments.shared.definition import experiment_from_settings
    from strategies.taming_card import TablePlay

    derivation = experiment_from_settings({"kind": "card_derive", "games": 10}, "test")
    grid = richer_grid(derivation, TablePlay(1, 0.22, -1))
    assert grid.weights == (0.11, 0.154, 0.187, 0.22, 0.264, 0.319, 0.44)
    assert grid.seeks == (1, 2) and grid.commits == REFINE_COMMITS
    assert grid.games == 10 and grid.written == derivation.written
    assert richer_grid(derivation, TablePlay(2, 8.0, 1)).weights[-1] == 10.0


def test_no_committed_derivation_prints_a_meta_game_its_certification_contradicts():
    """Every derive.md under docs/results: its meta-game rows name a play that beats the card
    only where its own exploit.csv shows that play gaining with the whole interval above 0, and
    none prints the equilibrium's weights as if the profiles separated the plays."""
    from experiments.card.card_derive.report import certificate
    from experiments.shared.pages import RESULTS

    found = sorted(RESULTS.glob("**/derive.md"))
    assert len(found) >= 12
    for page in found:
        text = page.read_text(encoding="utf-8")
        assert "equilibrium's weights" not in text, page
        if "## The meta-game" not in text:
            continue
        shown = certificate(pd.read_csv(page.parent / "exploit.csv"), digits=None)
        section = text.split("## The meta-game", 1)[1].split("\n## ", 1)[0]
        rows = [
            line for line in section.splitlines() if line.startswith("| ") and "---" not in line
        ]
        assert len(rows) == 1 + len(shown), page  # the header and a row per size
        for line in rows[1:]:
            players = line.split("|")[1].strip()
            cert = shown[players]
            if line.endswith(f"| {NO_SEPARATION} |"):
                continue
            assert cert["low"] > 0, f"{page}: {players} players claims a play beats the card"
            claim = (
                f"{cert['best_deviation']} beats the card by {cert['gain']:+.2f} "
                f"[{cert['low']:+.2f}, {cert['high']:+.2f}]"
            )
            assert line.endswith(f"| {claim} |"), page
