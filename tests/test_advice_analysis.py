"""The advice table and the advice card on synthetic decisions with known effects."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from experiments.advice import analysis as sit
from experiments.advice import report_words as advice_words
from experiments.advice.analysis import Condition, advice_table, derive_card, solver_commitment
from experiments.advice.report_words import with_situations
from experiments.shared import report_card_words as words
from experiments.shared.analysis_card import Card
from experiments.shared.report_card_words import card_lines, worded_card
from strategies.play import advise_games

K = sit.K_RANGE
# the planted effect of committing k against k = 0: nobody committed before the seat -> 1 is best,
# somebody did -> 0 is best (every commitment loses)
NOBODY = np.array([0.0, 0.10, 0.05, 0.0, -0.02, -0.04, -0.06, -0.08, -0.1, -0.12, -0.14])
SOMEBODY = np.array([0.0, -0.05, -0.08, -0.1, -0.1, -0.1, -0.1, -0.1, -0.1, -0.1, -0.1])


def synthetic(games=200, per_game=10, game_sd=0.0, decision_sd=0.05, seed=0, players=4):
    """Decisions with the planted effects: win_k = base + effect_k + game noise_k + noise_k.

    ``game_sd`` is a per-game, per-k shift shared by every decision of the game (what clustering
    by game must account for); ``decision_sd`` is independent per decision and k.
    """
    rng = np.random.default_rng(seed)
    n = games * per_game
    game = np.repeat(np.arange(games), per_game)
    committed = rng.integers(0, 3, n) * (rng.random(n) < 0.5)
    kmax = np.full(n, 10)
    true = np.where(committed[:, None] == 0, NOBODY[None, :], SOMEBODY[None, :])
    shift = rng.normal(0, game_sd, (games, len(K)))
    shift[:, 0] = 0.0
    wins = 0.3 + true + shift[game] + rng.normal(0, decision_sd, (n, len(K)))
    frame = pd.DataFrame(
        {
            "game": game,
            "seat": np.tile(np.arange(per_game) % players, games),
            "round": np.tile(np.arange(per_game), games),
            "players": players,
            "kmax": kmax,
            "available": kmax,
            "committed_most": committed,
            "committed_seats": (committed > 0).astype(int),
            "to_decide": 0,
            "first_worth": rng.uniform(0, 10, n),
            "all_worth": rng.uniform(0, 2, n),
            "tiles_mine": rng.integers(0, 3, n),
            "tiles_leader": rng.integers(0, 3, n),
            "rounds_left": rng.uniform(1, 15, n),
            "mammoth_points": 10,
        }
    )
    for k in K:
        frame[f"win_{k}"] = wins[:, k]
    return frame, true


def _first(table):
    return table.sort_values(["class", "k"]).groupby("class").first()


def test_the_table_recovers_the_planted_classes_and_effects():
    decisions, _ = synthetic(game_sd=0.02)
    table = advice_table(decisions)
    first = _first(table)
    assert len(first) == 2  # the planted split, and no other
    when = [json.loads(w) for w in first["when"]]
    assert all(len(w) == 1 and w[0]["feature"] == "committed_most" for w in when)
    for c, row in first.iterrows():
        truth = NOBODY if json.loads(row["when"])[0]["hi"] == 0.5 else SOMEBODY
        assert row["best_k"] == int(np.argmax(truth))
        assert row["best_sure"] > 0.95
        assert not row["too_few"]
        part = table[table["class"] == c]
        # every estimate within 4 of its standard errors of the truth (a 95% interval misses
        # one time in 20; 4 SE, one time in 16,000, over the 20 estimates about 1 in 800)
        se = (part["hi"] - part["lo"]).to_numpy()[1:] / (2 * sit.Z95)
        error = np.abs(part["effect"].to_numpy() - truth[part["k"]])[1:]
        assert np.all(error <= 4 * se) and np.all(se > 0)
        assert np.mean(error <= sit.Z95 * se) >= 0.75  # most 95% intervals hold the truth
    card = derive_card(table)
    # two thirds of the decisions have nobody before them: their answer is the default
    rule, rest = card.rules
    assert rest["when"] == [] and rest["commit"] == card.default == 1
    assert rest["covers"] == [[{"feature": "committed_most", "lo": None, "hi": 0.5}]]
    assert worded_card(card.to_dict())["rules"][-1]["covers"] == ["nobody committed before you"]
    assert rule["commit"] == 0 and rule["when"] == [
        {"feature": "committed_most", "lo": 0.5, "hi": None}
    ]
    assert card_lines(card)[1].startswith("1. most committed before you >= 1: commit none (")
    # the table's situations in words, as advice.csv holds them: after the class
    named = with_situations(table, after="class")
    assert list(named.columns[:3]) == ["class", "situation", "when"]
    said = {"nobody committed before you", "most committed before you >= 1"}
    assert set(named["situation"]) == said


def _naive_half_width(decisions, k):
    d = sit.effects(sit._sorted(decisions))[:, k]
    return sit.Z95 * d.std(ddof=1) / np.sqrt(d.shape[0])


def test_intervals_clustered_by_game_are_wider_when_games_share_noise():
    one = [Condition("committed_most", None, None)]  # a single class: every decision
    shared, _ = synthetic(per_game=20, game_sd=0.05, decision_sd=0.02, seed=1)
    shared = shared[shared["committed_most"] == 0]  # one planted effect: no spread between them
    table = advice_table(shared, classes=[one])
    row = table[table["k"] == 1].iloc[0]
    clustered = (row["hi"] - row["lo"]) / 2
    # some 10 decisions per game share the game's shift: the variance is 1 + 9 * rho times the
    # naive one with rho = 0.05^2 / (0.05^2 + 2 * 0.02^2) ~ 0.76, the interval about 2.8 times
    # wider; ask for 2
    assert clustered > 2.0 * _naive_half_width(shared, 1)
    independent, _ = synthetic(game_sd=0.0, decision_sd=0.05, seed=2)
    independent = independent[independent["committed_most"] == 0]
    table = advice_table(independent, classes=[one])
    row = table[table["k"] == 1].iloc[0]
    ratio = (row["hi"] - row["lo"]) / 2 / _naive_half_width(independent, 1)
    # no shared noise: the two agree up to the error of a variance from 200 clusters
    # (relative SE of an SE from G clusters ~ 1 / sqrt(2 G) = 0.05); 4 SE either side
    assert abs(ratio - 1) < 4 / np.sqrt(2 * 200)


def test_a_class_with_too_few_games_says_so_and_the_card_falls_back():
    decisions, _ = synthetic(games=300, game_sd=0.01)
    rare = decisions["game"] < 5  # five games' decisions form a class of their own
    decisions.loc[rare, "players"] = 2
    classes = [[Condition("players", None, 2.5)], [Condition("players", 2.5, None)]]
    table = advice_table(decisions, classes=classes)
    first = _first(table)
    assert bool(first.loc[0, "too_few"]) and first.loc[0, "games"] == 5
    assert not bool(first.loc[1, "too_few"])
    card = derive_card(table)
    (rest,) = card.rules
    assert rest["when"] == [] and rest["commit"] == card.default == first.loc[1, "best_k"]
    worded = worded_card(card.to_dict())["rules"][-1]
    assert worded["too_few"] == ["2 players"] and worded["covers"] == ["3-4 players"]
    assert any("too few decisions" in line for line in card_lines(card))


def test_a_noisy_class_is_too_few_even_with_many_games():
    decisions, _ = synthetic(games=40, per_game=2, decision_sd=0.6, seed=4)
    table = advice_table(decisions, classes=[[]])
    first = _first(table)
    # 80 decisions with noise 0.6 per k: the best effect's 95% half-width (about 0.19) is wider
    # than the pooled best effect itself (about 0.1)
    assert bool(first.loc[0, "too_few"])


def test_the_table_and_the_card_do_not_depend_on_row_order_or_chunking():
    decisions, _ = synthetic(game_sd=0.02, seed=5)
    table = advice_table(decisions)
    card = derive_card(decisions)
    shuffled = decisions.sample(frac=1.0, random_state=3)
    chunks = [shuffled[shuffled["game"] % 3 == r] for r in (2, 0, 1)]
    again = pd.concat(chunks, ignore_index=True)
    pd.testing.assert_frame_equal(advice_table(again), table)
    assert derive_card(again).to_dict() == card.to_dict()


def test_the_card_is_json_data_and_fits_on_a_screen():
    decisions, _ = synthetic(seed=6)
    card = derive_card(decisions, provenance={"call": "synthetic"})
    data = json.loads(json.dumps(card.to_dict()))
    assert Card.from_dict(data) == card
    lines = card_lines(data)
    assert 2 <= len(lines) <= 24 and all(len(line) <= 160 for line in lines)
    assert lines == card_lines(card)


def test_no_decisions_give_an_empty_table_and_no_advice():
    decisions, _ = synthetic(games=2)
    table = advice_table(decisions.iloc[:0])
    assert table.empty and list(table.columns) == list(sit.TABLE_COLUMNS)
    card = derive_card(table)
    assert card.rules == [] and card_lines(card)[-1] == "No decisions were played out: no advice."


def test_the_solver_commits_for_a_rich_prize_and_not_for_nothing():
    def prize(first, all_, tile):
        return {"first_bonus": first, "all_bonus": all_, "tile_value": tile}

    rich = solver_commitment((0, 0), 4, 0, prize(10.0, 1.0, 2.0))
    assert rich == 1  # alone so far and nobody after: one figure wins it
    assert solver_commitment((0, 0), 4, 0, prize(0.0, 0.0, 0.0)) == 0
    # two figures already on the tile: beating them takes three
    assert solver_commitment((2, 1), 4, 0, prize(10.0, 1.0, 2.0)) == 3
    assert solver_commitment((2, 1), 4, 0, prize(0.5, 0.0, 0.0)) == 0


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_table_of_real_play_outs_is_the_same_in_chunks():
    """Two chunks of games (first_game) give the decisions, table and card of one run."""
    whole = advise_games(16, 3, "greedy", playouts=2, seed=11, rotate=True)
    parts = [
        advise_games(n, 3, "greedy", playouts=2, seed=11, rotate=True, first_game=first)
        for first, n in ((10, 6), (0, 10))
    ]
    chunked = pd.concat(parts, ignore_index=True)
    table = advice_table(whole)
    assert len(table) > 0
    pd.testing.assert_frame_equal(advice_table(chunked), table)
    assert derive_card(chunked).to_dict() == derive_card(whole).to_dict()


def test_pure_noise_keeps_one_class():
    """No planted effect: no split gains three clustered standard errors."""
    decisions, _ = synthetic(games=300, decision_sd=0.1, seed=8)
    flat = np.zeros(len(K))
    wins = 0.3 + np.random.default_rng(9).normal(0, 0.1, (len(decisions), len(K)))
    for k in K:
        decisions[f"win_{k}"] = wins[:, k] + flat[k]
    assert sit.grow_classes(decisions) == [[]]


def test_classes_cover_every_decision_once_and_keep_enough_games():
    decisions, _ = synthetic(games=400, game_sd=0.02, seed=10)
    # a second planted split: with the better bonus worth >= 6, committing 2 is best when nobody
    # committed before
    rich = (decisions["first_worth"] >= 6) & (decisions["committed_most"] == 0)
    decisions.loc[rich, "win_2"] += 0.1
    classes = sit.grow_classes(decisions, max_classes=3)
    assert len(classes) == 3
    labels = sit.class_labels(decisions, classes)
    assert (labels >= 0).all()
    for c in range(len(classes)):
        assert decisions.loc[labels == c, "game"].nunique() >= sit.MIN_CLUSTERS
    texts = [words.class_text(c) for c in classes]
    assert any("better bonus worth >= 6" in t for t in texts), texts


def test_the_solver_disagrees_only_where_the_play_outs_are_sure_it_is_worse():
    decisions, _ = synthetic(games=200, seed=12)
    decisions["committed_most"] = 0
    decisions["committed_seats"] = 0
    decisions["first_worth"] = 8.0  # alone, nobody after: the solver commits 1
    for k in K:
        decisions[f"win_{k}"] = 0.3 + np.random.default_rng(k).normal(0, 0.02, len(decisions))
    decisions["win_3"] += 0.05  # the play-outs say 3
    row = advice_table(decisions, classes=[[]]).iloc[0]
    assert (row["best_k"], row["solver_k"], row["solver_share"]) == (3, 1, 1.0)
    assert row["disagree"]
    decisions["win_1"] += 0.05  # now 1 and 3 are equally good: whichever the noise puts first,
    row = advice_table(decisions, classes=[[]]).iloc[0]  # the solver's 1 is not surely worse
    assert row["best_k"] in (1, 3) and not row["disagree"]


def _card(rules, default):
    """A card with these ``(conditions, k)`` rules and the catch-all committing ``default``."""
    made = [
        {"when": [{"feature": f, "lo": lo, "hi": hi} for f, lo, hi in conds], "commit": k,
         "text": f"rule {i}"}
        for i, (conds, k) in enumerate(rules, 1)
    ]  # fmt: skip
    made.append({"when": [], "commit": default, "text": "otherwise"})
    return {"rules": made, "default": default}


def test_a_card_is_checked_rule_by_rule_against_the_play_outs():
    """The planted truth: with nobody committed before the seat 1 is best, else 0. A card that
    says so agrees everywhere; one that commits 2 where 1 is best is measurably worse there by
    the planted 5 pp, and the interval holds the exact difference."""
    decisions, true = synthetic(games=400, decision_sd=0.05, seed=3)
    right = sit.card_agreement(decisions, _card([([("committed_most", 0.5, None)], 0)], 1))
    assert list(right["rule"]) == ["1", "otherwise"]
    said = advice_words.agreement_with_situations(
        right, _card([([("committed_most", 0.5, None)], 0)], 1)
    )
    assert list(said["situation"]) == ["rule 1", "otherwise"] and list(said.columns[:2]) == [
        "rule",
        "situation",
    ]
    assert list(right["verdict"]) == ["agrees", "agrees"]
    assert list(right["best_k"]) == [0, 1] and (right["card_minus_best"] == 0).all()
    somebody = int((decisions["committed_most"] > 0).sum())
    assert list(right["decisions"]) == [somebody, len(decisions) - somebody]

    wrong = sit.card_agreement(decisions, _card([([("committed_most", None, 0.5)], 2)], 0))
    first = wrong.iloc[0]
    assert first["verdict"] == "disagrees" and first["best_k"] == 1 and first["card_k"] == 2
    exact = NOBODY[2] - NOBODY[1]  # -5 pp
    assert first["lo"] <= exact <= first["hi"] and first["hi"] < 0
    # the catch-all (somebody committed, commit 0) is right
    assert wrong.iloc[1]["verdict"] == "agrees"


def test_a_rule_level_within_the_noise_is_level_and_one_not_met_says_so():
    decisions, _ = synthetic(games=300, decision_sd=0.05, seed=4)
    # where nobody committed, commitments 1 and 2 made equally good (planted): 2 against 1 differs
    # only by the noise; a rule for 5 players meets no decision
    nobody = decisions["committed_most"] == 0
    decisions.loc[nobody, "win_2"] += NOBODY[1] - NOBODY[2]
    card = _card([([("committed_most", None, 0.5)], 2), ([("players", 4.5, None)], 2)], 0)
    table = sit.card_agreement(decisions, card)
    assert list(table["rule"]) == ["1", "2", "otherwise"]
    level = table.iloc[0]
    assert level["verdict"] in ("level", "agrees")  # the exact difference is 0: never worse
    assert level["lo"] <= 0.0 <= level["hi"]
    if level["verdict"] == "level":
        assert level["best_k"] == 1 and level["lo"] < level["hi"]
    assert table.iloc[1]["verdict"] == "not met" and table.iloc[1]["decisions"] == 0
    # too few games: the decisions of 5 games
    few = sit.card_agreement(decisions[decisions["game"] < 5], card)
    assert few.iloc[0]["verdict"] == "too few decisions"


def test_the_card_check_caps_the_card_at_what_the_seat_can_commit():
    """A rule committing 5 where no seat can commit more than 1 is the seat's 1."""
    decisions, _ = synthetic(games=200, decision_sd=0.02, seed=5)
    decisions["kmax"] = 1
    table = sit.card_agreement(decisions, _card([([("committed_most", None, 0.5)], 5)], 0))
    assert table.iloc[0]["verdict"] == "agrees" and table.iloc[0]["best_k"] == 1


def test_a_rule_that_counts_it_out_is_counted_not_compared():
    """A rule counting its commitment out (the shipped card's catch-all at 3 and 4 players) has
    its decisions and this run's best count, and no comparison: its count depends on the
    figures' costs, which the decision table does not hold. The report says so in words."""
    from strategies.taming_card import COUNT

    decisions, _ = synthetic(games=200, decision_sd=0.05, seed=7)
    card = _card([([("committed_most", None, 0.5)], 1)], COUNT)
    table = sit.card_agreement(decisions, card)
    counted = table.iloc[1]
    assert counted["rule"] == "otherwise" and counted["card_k"] == COUNT
    assert counted["verdict"] == "counted" and counted["best_k"] == 0  # somebody committed: 0
    assert counted["decisions"] == int((decisions["committed_most"] > 0).sum())
    assert np.isnan(counted["card_minus_best"]) and np.isnan(counted["lo"])
    assert table.iloc[0]["verdict"] == "agrees"  # nobody committed before: 1 is best
    assert advice_words.VERDICT_WORDS["counted"][1] == "counted out"
    assert words.commit_words(COUNT) == "count it out"


def test_the_cards_words_are_the_reports():
    """The analysis's card holds conditions, answers and numbers; the report words it (issue 53):
    each rule's ``text`` is its conditions in words, after its answer, as card.json holds it."""
    from experiments.advice.report_section import card_rows

    decisions, _ = synthetic(seed=6)
    data = derive_card(decisions).to_dict()
    assert data["rules"] and all("text" not in rule for rule in data["rules"])
    worded = worded_card(data)
    for rule in worded["rules"]:
        assert rule["text"] == (words.when_text(rule["when"]) if rule["when"] else "otherwise")
        keys = list(rule)
        assert keys[keys.index("commit") + 1] == "text"
    assert worded_card(worded) == worded  # a card with its words keeps them
    # one vocabulary for the seek rule: the card's sentence and the report table's cell
    rows = card_rows({"rules": [], "default": 1, "seek": {"rules": [], "default": False}})
    assert rows[0] == ["always", words.SEEK_WORDS[False][1]]
    assert words.seek_words(False) == "do not go out of your way for the herd"
    assert rows[1] == ["always", "commit\u00a01"] and words.commit_cell(0) == "commit\u00a0none"
    # every verdict on a rule has its words, one pair for the report's sentence and its table
    assert set(advice_words.VERDICT_WORDS) == set(sit.VERDICTS)
