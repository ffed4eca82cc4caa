"""How many figures to commit, situation by situation: the advice table and the advice card.

Input: the per-decision table of the advice runs (:func:`strategies.play.advise_games`; one row per
real taming decision with its situation and ``win_k``, the mean win share of the play-outs with
``k`` figures committed, common random numbers across ``k``). Pure pandas and numpy, no I/O.

**Commitments are capped.** Advice "commit k" means "commit k, or all you can move and pay if
fewer" (the ``card`` policy plays it so). A decision's value of advice ``k`` is therefore
``win_min(k, kmax)``; its *effect* is that minus ``win_0``. Every decision has an effect for every
``k`` in 0..10, and a class's effects are means over all its decisions.

**Situation classes, chosen from the data** (:func:`grow_classes`): a shallow tree over the
readable features of :data:`strategies.taming_card.FEATURES` (the most an earlier seat committed,
the most the seat can commit, the worth of the better bonus, the seat's tiles against the
leader's, rounds left, later seats still to decide, players). The thresholds come from fixed,
readable grids (:data:`GRIDS`: whole figures, points, rounds), so a class reads as "nobody
committed before you, better bonus worth >= 6 points". Growth is best-first: the
class and split that most raise the total value of following each class's best ``k`` (the summed
effects) is taken, while

- each side keeps at least :data:`MIN_CLUSTERS` games (cluster-robust intervals need that many),
- the gain is at least ``z_split`` (3) cluster-robust standard errors of the gain: a split the
  noise of the play-outs could produce is not taken (a class has 33 thresholds to try, and 3
  is about the one-sided 5% point with a Bonferroni correction for 33), and
- there are at most ``max_classes`` (8) classes.

Sibling classes with the same best ``k`` are merged back. Rows are sorted first, so the classes,
the table and the card do not depend on row order or chunking.

**Intervals are clustered by game** (the decisions of one game share its history): the variance
of a class mean is ``G / (G - 1) * sum_g (S_g - n_g * mean)^2 / n^2`` over the class's games
``g`` (``S_g`` the game's summed effects). How sure the best ``k`` is: the share of
:data:`BOOTSTRAP` game-bootstrap draws (resampling whole games, fixed seed) in which it is best,
and the clustered interval of its effect minus the runner-up's.

**Too few decisions**: a class is flagged (the card gives it its default answer, and says so)
when it has fewer than :data:`MIN_CLUSTERS` games, or when the 95% half-width of its best
effect exceeds the pooled best effect: its noise is then larger than the effect the card is
about, so any ranking of its ``k`` would be a guess.

**The solver's answer** (:func:`solver_commitment`) for each decision: the sequential contest of
:mod:`sim.contest_solver` with the earlier seats' commitments as they stand (one at
``committed_most``, the others at one figure), the seat with ``kmax`` figures, each later seat
still to decide with ``later_figures`` (2) figures answering in turn; the bonuses worth
``first_worth`` and ``all_worth`` to every seat, the tile worth ``ev``'s share of the mammoth
points for the seat's tile gap (:mod:`strategies.taming_ev`), a figure costing ``food_value`` (2,
the classic valuation of spare food). A class's solver answer is the majority of its decisions'
answers; it *disagrees* when it differs from the class's best ``k`` and the clustered interval of
best minus solver's ``k`` excludes 0.

**The card** (:func:`derive_card`): each class answers its best ``k``; the answer of the most
decisions becomes the default, every class answering something else is a rule, and a last
catch-all rule commits the default; it names the classes it covers, among them the classes with
too few decisions.

**No words here**: classes, rules and cells are conditions (``when``), answers and numbers; the
report layer words them (:mod:`experiments.shared.report_card_words`: the situations, ``card.md``,
the rules' ``text`` of a derived ``card.json``; :mod:`experiments.advice.report_words`: the
tables' situations and verdicts).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict

import numpy as np
import pandas as pd

from experiments.library.situation_tree import (
    ClusterSums,
    Condition,
    best_option,
    cluster_sums,
    grow_tree,
    labels,
)
from experiments.shared.analysis_card import Card
from sim.constants import MAX_TILE_FIGURES
from sim.contest_solver import best_response, sequential_equilibrium
from strategies import taming_ev
from strategies.taming_card import COUNT, FEATURES, feature_columns

K_RANGE = tuple(range(MAX_TILE_FIGURES + 1))
Z95 = 1.959963984540054
MIN_CLUSTERS = 20
"""Fewest games in a class: below some 20 clusters the cluster-robust variance runs small."""
BOOTSTRAP = 400
"""Game-bootstrap draws for the share of draws in which a class's best ``k`` is best."""
BOOTSTRAP_SEED = 20
GRIDS: dict[str, tuple[float, ...]] = {
    "committed_most": (0.5, 1.5, 2.5, 3.5),
    "kmax": (1.5, 2.5, 3.5, 4.5),
    "prize": (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 15.0),
    "tile_gap": (-1.5, -0.5, 0.5, 1.5),
    "rounds_left": (2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0),
    "to_decide": (0.5, 1.5),
    "players": (2.5, 3.5),
}
"""Candidate thresholds per feature (a class is ``lo <= feature < hi``)."""


# --------------------------------------------------------------------------------------------
# the data


def _sorted(decisions: pd.DataFrame) -> pd.DataFrame:
    """The decisions in a fixed order (so nothing depends on row order or chunking)."""
    keys = ["field"] if "field" in decisions.columns else []
    keys += [c for c in ("players", "game", "seat", "round", "strategy") if c in decisions.columns]
    return decisions.sort_values(keys, kind="mergesort").reset_index(drop=True)


def capped_wins(decisions: pd.DataFrame) -> np.ndarray:
    """Win share of advice ``k`` per decision: ``win_min(k, kmax)``, shape ``(n, 11)``."""
    wins = decisions[[f"win_{k}" for k in K_RANGE]].to_numpy(dtype=np.float64)
    kmax = decisions["kmax"].to_numpy(dtype=np.int64).clip(0, MAX_TILE_FIGURES)
    cap = np.minimum(np.arange(len(K_RANGE))[None, :], kmax[:, None])
    return np.take_along_axis(wins, cap, axis=1)


def effects(decisions: pd.DataFrame) -> np.ndarray:
    """Effect on win share of advice ``k`` against ``k = 0`` per decision, shape ``(n, 11)``."""
    wins = capped_wins(decisions)
    return wins - wins[:, :1]


def game_codes(decisions: pd.DataFrame) -> np.ndarray:
    """One cluster code per game (games of different tables or fields are different clusters)."""
    keys = [c for c in ("field", "players", "game") if c in decisions.columns]
    return decisions.groupby(keys, sort=True).ngroup().to_numpy()


def features_frame(decisions: pd.DataFrame) -> pd.DataFrame:
    """The card's readable features (:data:`strategies.taming_card.FEATURES`) per decision."""
    return pd.DataFrame(feature_columns(decisions), index=decisions.index)


def grow_classes(
    decisions: pd.DataFrame,
    max_classes: int = 8,
    z_split: float = 3.0,
    min_games: int = MIN_CLUSTERS,
) -> list[list[Condition]]:
    """Situation classes chosen from the data (see the module notes).

    Parameters
    ----------
    decisions : pandas.DataFrame
        The per-decision table of the advice runs.
    max_classes : int
        The most classes.
    z_split : float
        A split must gain at least this many clustered standard errors of its gain.
    min_games : int
        Fewest games on each side of a split.

    Returns
    -------
    list of list of Condition
        Each class's conditions (boxes over :data:`FEATURES`; together they cover every
        situation, none overlaps).
    """
    decisions = _sorted(decisions)
    grids = {name: GRIDS[name] for name in FEATURES}
    return grow_tree(
        effects(decisions),
        game_codes(decisions),
        feature_columns(decisions),
        grids,
        max_classes,
        z_split,
        min_games,
    )


def class_labels(
    decisions: pd.DataFrame, classes: list[list[Condition]], features: tuple[str, ...] = FEATURES
) -> np.ndarray:
    """Each decision's class index (-1: none covers it); the classes are boxes over
    ``features`` (the commitment's, or :data:`strategies.taming_card.SEEK_FEATURES`)."""
    return labels(feature_columns(decisions, features), classes, len(decisions))


# --------------------------------------------------------------------------------------------
# the solver


def tile_worth(tiles_mine, tiles_leader, mammoth_points) -> np.ndarray:
    """``ev``'s worth of keeping the tile: its share of the mammoth points for the tile gap."""
    gap = np.asarray(tiles_mine, dtype=np.float64) - np.asarray(tiles_leader, dtype=np.float64)
    p = taming_ev.PARAMS
    share = np.select(
        [gap > 0, gap == 0, gap == -1],
        [p["tile_ahead"], p["tile_level"], p["tile_behind"]],
        p["tile_far"],
    )
    return share * np.asarray(mammoth_points, dtype=np.float64)


PRIZE_KEYS = ("first_bonus", "all_bonus", "tile_value", "food_value")
"""The worths of a contest's prize (:mod:`sim.contest_solver`'s names), in points."""


def solver_commitment(
    earlier: tuple[int, int],
    kmax: int,
    to_decide: int,
    prize: Mapping[str, float | str],
    later_figures: int = 2,
) -> int:
    """The solver's commitment for one decision (see the module notes).

    Parameters
    ----------
    earlier : tuple of int
        The most an earlier seat committed, and how many earlier seats committed.
    kmax : int
        The most the seat can commit.
    to_decide : int
        Later seats still to decide.
    prize : mapping
        The points of the "1." bonus, the "all" bonus, the tile and one figure's cost
        (:data:`PRIZE_KEYS`; ``food_value`` 2 when left out), and the contest's ``tie_rule``
        (default ``longer_wins``).
    later_figures : int
        Figures assumed for each later seat.

    Returns
    -------
    int
        The seat's best commitment (fewest among equals).
    """
    committed_most, committed_seats = (int(x) for x in earlier)
    kmax = int(kmax)
    if kmax <= 0:
        return 0
    before = []
    if committed_seats > 0 and committed_most > 0:
        before = [committed_most] + [1] * (committed_seats - 1)
    later = [int(later_figures)] * int(to_decide)
    before = before[: 3 - len(later)] if len(before) + len(later) > 3 else before
    worths = {"food_value": 2.0, **{k: v for k, v in prize.items() if k in PRIZE_KEYS}}
    prizes = {k: max(0.0, float(worths[k])) for k in PRIZE_KEYS}
    prizes["tie_rule"] = str(prize.get("tie_rule", "longer_wins"))
    if not later:
        return best_response(len(before), before, before + [kmax], **prizes).commitment
    figures = before + [kmax] + later
    eq = sequential_equilibrium(figures, **prizes)
    return int(eq.policy[len(before)][tuple(before)])


def solver_answers(decisions: pd.DataFrame, food_value: float = 2.0, later_figures: int = 2):
    """:func:`solver_commitment` per decision (worths rounded to 0.05 points to share solves)."""
    tile = tile_worth(
        decisions["tiles_mine"], decisions["tiles_leader"], decisions["mammoth_points"]
    )
    keys = np.column_stack(
        [
            decisions["committed_most"].to_numpy(dtype=np.float64),
            decisions["committed_seats"].to_numpy(dtype=np.float64),
            decisions["kmax"].to_numpy(dtype=np.float64),
            decisions["to_decide"].to_numpy(dtype=np.float64),
            np.round(decisions["first_worth"].to_numpy(dtype=np.float64) * 20) / 20,
            np.round(decisions["all_worth"].to_numpy(dtype=np.float64) * 20) / 20,
            np.round(tile * 20) / 20,
        ]
    )
    memo: dict[tuple, int] = {}
    out = np.empty(len(decisions), dtype=np.int64)
    for i, key in enumerate(map(tuple, keys)):
        if key not in memo:
            cm, cs, km, td, fw, aw, tv = key
            prize = {"first_bonus": fw, "all_bonus": aw, "tile_value": tv, "food_value": food_value}
            earlier = (int(cm), int(cs))
            memo[key] = solver_commitment(earlier, int(km), int(td), prize, later_figures)
        out[i] = memo[key]
    return out


# --------------------------------------------------------------------------------------------
# the advice table


def advice_table(
    decisions: pd.DataFrame,
    classes: list[list[Condition]] | None = None,
    food_value: float = 2.0,
    later_figures: int = 2,
    max_classes: int = 8,
) -> pd.DataFrame:
    """Per situation class and advice ``k``: the effect on win share against ``k = 0``.

    Parameters
    ----------
    decisions : pandas.DataFrame
        The per-decision table (:func:`strategies.play.advise_games`; chunks concatenated).
    classes : list of list of Condition, optional
        The classes; by default chosen from the data (:func:`grow_classes`).
    food_value, later_figures : float, int
        The solver's cost of a figure and figures of each later seat (module notes).
    max_classes : int
        The most classes chosen from the data.

    Returns
    -------
    pandas.DataFrame
        One row per class and ``k`` (0 to the class's largest ``kmax``): ``class``, ``when`` (the
        class's conditions, JSON; in words:
        :func:`experiments.advice.report_words.with_situations`), ``k``, ``effect``, ``lo``, ``hi``
        (95%, clustered by game), ``share_can`` (share of its decisions that can commit ``k``),
        ``decisions``, ``games``, ``best_k``, ``best_sure`` (share of game-bootstrap draws in which
        ``best_k`` is best), ``best_lead_lo``/``best_lead_hi`` (interval of best minus runner-up),
        ``too_few``, ``solver_k``, ``solver_share`` (share of its decisions whose solver answer is
        ``solver_k``), ``disagree``, ``pooled_k`` (the best ``k`` over all decisions).
    """
    if decisions.empty:
        return pd.DataFrame(columns=list(TABLE_COLUMNS))
    decisions = _sorted(decisions)
    if classes is None:
        classes = grow_classes(decisions, max_classes=max_classes)
    d = effects(decisions)
    codes = game_codes(decisions)
    labels = class_labels(decisions, classes)
    solver = solver_answers(decisions, food_value, later_figures) if len(decisions) else None
    pooled = cluster_sums(d, codes)
    pooled_k = best_option(pooled.mean)
    resolution = abs(float(pooled.mean[pooled_k]))
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    rows = []
    for c, conds in enumerate(classes):
        idx = np.flatnonzero(labels == c)
        when = json.dumps([asdict(x) for x in conds])
        if idx.shape[0] == 0:
            rows.append({"class": c, "when": when, "k": 0, "decisions": 0, "games": 0})
            continue
        s = cluster_sums(d[idx], codes[idx])
        mean = s.mean
        se = s.se()
        top = int(decisions["kmax"].to_numpy()[idx].max())
        best = best_option(mean[: top + 1])
        order = np.argsort(-mean[: top + 1], kind="stable")
        runner = int(order[1]) if top >= 1 and int(order[0]) == best else int(order[0])
        if top >= 1:
            w = np.zeros(len(K_RANGE))
            w[best] = 1.0
            w[runner] -= 1.0
            lead = float(mean[best] - mean[runner])
            lead_se = float(s.se(w[:, None])[0])
        else:
            lead, lead_se = 0.0, np.inf
        sure = _bootstrap_sure(s, best, top, rng)
        half = Z95 * float(se[best]) if best > 0 else Z95 * float(np.nanmax(se[: top + 1]))
        too_few = bool(s.groups < MIN_CLUSTERS or half > max(resolution, 1e-12))
        solver_k = _majority(solver[idx])
        solver_share = float(np.mean(solver[idx] == solver_k))
        disagree = False
        sk = min(solver_k, top)
        if sk != best and not too_few:
            w = np.zeros(len(K_RANGE))
            w[best] = 1.0
            w[sk] -= 1.0
            diff = float(mean[best] - mean[sk])
            disagree = bool(diff - Z95 * float(s.se(w[:, None])[0]) > 0)
        kmax = decisions["kmax"].to_numpy()[idx]
        for k in range(top + 1):
            rows.append(
                {
                    "class": c,
                    "when": when,
                    "k": k,
                    "effect": float(mean[k]),
                    "lo": float(mean[k] - Z95 * se[k]),
                    "hi": float(mean[k] + Z95 * se[k]),
                    "share_can": float(np.mean(kmax >= k)),
                    "decisions": s.n,
                    "games": s.groups,
                    "best_k": best,
                    "best_sure": sure,
                    "best_lead_lo": lead - Z95 * lead_se,
                    "best_lead_hi": lead + Z95 * lead_se,
                    "too_few": too_few,
                    "solver_k": solver_k,
                    "solver_share": solver_share,
                    "disagree": disagree,
                    "pooled_k": pooled_k,
                }
            )
    return pd.DataFrame(rows, columns=TABLE_COLUMNS)


TABLE_COLUMNS = (
    "class",
    "when",
    "k",
    "effect",
    "lo",
    "hi",
    "share_can",
    "decisions",
    "games",
    "best_k",
    "best_sure",
    "best_lead_lo",
    "best_lead_hi",
    "too_few",
    "solver_k",
    "solver_share",
    "disagree",
    "pooled_k",
)


def _majority(values: np.ndarray) -> int:
    """The most frequent value (the smallest among equally frequent)."""
    counts = np.bincount(values.astype(np.int64))
    return int(np.argmax(counts))


def _bootstrap_sure(s: ClusterSums, best: int, top: int, rng: np.random.Generator) -> float:
    """Share of game-bootstrap draws in which ``best`` has the largest mean effect."""
    if top < 1:
        return 1.0
    weights = rng.multinomial(s.groups, np.full(s.groups, 1.0 / s.groups), size=BOOTSTRAP)
    totals = weights @ s.sums[:, : top + 1]  # the draw's summed effects per k
    n = weights @ s.counts
    means = totals / n[:, None]
    winners = np.argmax(means >= means.max(axis=1, keepdims=True) - 1e-12, axis=1)
    return float(np.mean(winners == best))


# --------------------------------------------------------------------------------------------
# the card


def derive_card(table_or_decisions: pd.DataFrame, provenance: dict | None = None) -> Card:
    """Compress the advice table into the card.

    Each class's answer is its best ``k`` (a class with too few decisions has none). The
    default is the answer of the most decisions (the pooled best ``k`` when no class answers);
    every class answering something else is a rule, ordered by commitment, then by class; the
    catch-all rule (the default) comes last and names the classes it covers.

    Parameters
    ----------
    table_or_decisions : pandas.DataFrame
        An :func:`advice_table` or the per-decision table (then the table is made first).
    provenance : dict, optional
        How the data was made, kept in the card.

    Returns
    -------
    Card
        No rules when there are no decisions.
    """
    table = table_or_decisions
    if "win_0" in table.columns:
        table = advice_table(table)
    provenance = dict(provenance or {})
    if table.empty:
        return Card([], 0, provenance)
    first = table.sort_values(["class", "k"]).groupby("class", sort=True).first()
    first = first[first["decisions"] > 0]
    if first.empty:
        return Card([], 0, provenance)
    answering = first[~first["too_few"].astype(bool)]
    if answering.empty:
        default = int(first["pooled_k"].iloc[0])
    else:
        weight = answering.groupby("best_k")["decisions"].sum()
        default = int(weight.idxmax())  # the fewest figures among equal weights
    rules = []
    rest = {"when": [], "commit": default, "decisions": 0, "covers": [], "too_few": []}
    for c, row in first.iterrows():
        if bool(row["too_few"]) or int(row["best_k"]) == default:
            rest["decisions"] += int(row["decisions"])
            rest["too_few" if bool(row["too_few"]) else "covers"].append(json.loads(row["when"]))
            continue
        k = int(row["best_k"])
        part = table[table["class"] == c].set_index("k")
        hit = part.loc[k]
        at_default = part["effect"].get(default, part["effect"].iloc[-1])  # capped as played
        rules.append(
            {
                "when": json.loads(row["when"]),
                "commit": k,
                "sure": float(row["best_sure"]),
                "effect": float(hit["effect"]),
                "lo": float(hit["lo"]),
                "hi": float(hit["hi"]),
                "over_default": float(hit["effect"] - at_default),
                "decisions": int(row["decisions"]),
                "solver_k": int(row["solver_k"]),
                "disagree": bool(row["disagree"]),
            }
        )
    rules.sort(key=lambda r: r["commit"])  # stable: classes in order within a commitment
    return Card(rules + [rest], default, provenance)


# --------------------------------------------------------------------------------------------
# a card checked on a run's decisions


AGREEMENT_COLUMNS = (
    "rule",
    "card_k",
    "decisions",
    "games",
    "best_k",
    "card_minus_best",
    "lo",
    "hi",
    "verdict",
)
"""The columns of :func:`card_agreement`."""
AGREES = "agrees"
"""Verdict on a rule: its commitment is this run's best."""
LEVEL = "level"
"""Verdict: another commitment is best, but not measurably (the interval holds 0)."""
DISAGREES = "disagrees"
"""Verdict: the rule's commitment is measurably worse than this run's best."""
TOO_FEW_DECISIONS = "too few decisions"
"""Verdict: the rule's decisions come from fewer than :data:`MIN_CLUSTERS` games."""
NOT_MET = "not met"
"""Verdict: no decision of the run falls under the rule."""
COUNTED = "counted"
"""Verdict: the rule counts its commitment out (:data:`strategies.taming_card.COUNT`), a count
that depends on more than the decision table holds (the figures' costs), so it is not checked
here; its decisions and this run's best count are."""
VERDICTS = (AGREES, LEVEL, DISAGREES, TOO_FEW_DECISIONS, NOT_MET, COUNTED)
"""The verdicts of :func:`card_agreement` (its ``verdict`` codes; their words are the report's,
:data:`experiments.advice.report_words.VERDICT_WORDS`)."""


def card_classes(card: Card | dict) -> list[list[Condition]]:
    """A card's rules as situation classes, in the card's order (the first that holds applies;
    the catch-all is the class with no condition)."""
    if isinstance(card, dict):
        card = Card.from_dict(card)
    classes = [
        [Condition(str(c["feature"]), c.get("lo"), c.get("hi")) for c in rule["when"]]
        for rule in card.rules
    ]
    if not any(not conds for conds in classes):
        classes.append([])  # a card without its catch-all still answers its default
    return classes


def card_agreement(decisions: pd.DataFrame, card: Card | dict) -> pd.DataFrame:
    """Check a card against a run's play-outs: for each rule, is its commitment the best here?

    Each decision falls under the card's first rule whose situation holds (as the ``card``
    policy plays it). For the decisions of a rule: the mean win share of each advice ``k``
    (capped at what the seat can commit), the best ``k`` of this run, and the card's ``k``
    minus that best with its 95% interval clustered by game.

    Parameters
    ----------
    decisions : pandas.DataFrame
        The per-decision table (:func:`strategies.play.advise_games`).
    card : Card or dict
        The card checked (the shipped ``strategies/models/card.json`` as a dict, say).

    Returns
    -------
    pandas.DataFrame
        One row per rule (:data:`AGREEMENT_COLUMNS`, in the card's order): ``rule`` (1, 2, ... or
        ``otherwise``; the report words its situation), ``card_k``, ``decisions``, ``games``,
        ``best_k``, ``card_minus_best``,
        ``lo``, ``hi`` (win share, 95% interval), and ``verdict``: ``agrees`` (the card's ``k``
        is this run's best), ``level`` (another ``k`` is best, but not measurably: the interval
        holds 0), ``disagrees`` (the card's ``k`` is measurably worse), ``too few decisions``
        (fewer than :data:`MIN_CLUSTERS` games), ``not met`` (no decision) or ``counted`` (the
        rule counts its commitment out, :data:`strategies.taming_card.COUNT`: its decisions and
        this run's best count, no comparison).
    """
    if isinstance(card, dict):
        card = Card.from_dict(card)
    classes = card_classes(card)
    commits = [int(rule["commit"]) for rule in card.rules]
    commits += [int(card.default)] * (len(classes) - len(commits))
    decisions = _sorted(decisions) if len(decisions) else decisions
    labels = class_labels(decisions, classes) if len(decisions) else np.zeros(0, np.int64)
    wins = capped_wins(decisions) if len(decisions) else np.zeros((0, len(K_RANGE)))
    codes = game_codes(decisions) if len(decisions) else np.zeros(0, np.int64)
    rows = []
    numbered = 0
    for c, conds in enumerate(classes):
        if conds:
            numbered += 1
        idx = np.flatnonzero(labels == c)
        row = {
            "rule": str(numbered) if conds else "otherwise",
            "card_k": commits[c],
            "decisions": int(idx.shape[0]),
            "games": 0,
            "best_k": -1,
            "card_minus_best": np.nan,
            "lo": np.nan,
            "hi": np.nan,
            "verdict": NOT_MET,
        }
        if idx.shape[0]:
            s = cluster_sums(wins[idx], codes[idx])
            top = int(decisions["kmax"].to_numpy()[idx].max())
            best = best_option(s.mean[: top + 1])
            row.update(games=s.groups, best_k=best, verdict=COUNTED)
        if idx.shape[0] and commits[c] != COUNT:
            card_k = min(commits[c], top)  # beyond the most anyone here can commit: capped
            w = np.zeros(len(K_RANGE))
            w[card_k] += 1.0
            w[best] -= 1.0
            diff = float(s.mean[card_k] - s.mean[best])
            half = Z95 * float(s.se(w[:, None])[0]) if card_k != best else 0.0
            if s.groups < MIN_CLUSTERS:
                verdict = TOO_FEW_DECISIONS
            elif card_k == best:
                verdict = AGREES
            elif diff + half >= 0:
                verdict = LEVEL
            else:
                verdict = DISAGREES
            row.update(card_minus_best=diff, lo=diff - half, hi=diff + half, verdict=verdict)
        rows.append(row)
    return pd.DataFrame(rows, columns=list(AGREEMENT_COLUMNS))
