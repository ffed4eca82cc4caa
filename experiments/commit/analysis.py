"""How many figures to commit to the taming contest (GitHub issue 6, item 2).

Two parts:

(a) **Contest tables from the solver** (:mod:`sim.contest_solver`, exact odds): for 2-4 seats,
    the same number of figures available to every seat, and a grid of prizes (the "1." bonus,
    the "all" bonus, the tile's value and the value of one food, all in points), the
    sequential-equilibrium commitment of each seat (later seats see earlier commitments), and the
    best response of a seat facing given commitments. Only the winner's prize
    ``max(first, all) + tile``, the "all" bonus and the food value enter the valuation, so
    cells with the same winner's prize have the same answers.

(b) **In-game sweeps**: one seat plays ``BASE+POLICY`` against a fixed field, seats rotated
    (the focal seat of game ``i`` is ``i % players``), and the same seed and game indices are
    played with the focal seat on ``BASE+never`` (common random numbers). The per-game paired
    differences of the focal seat's win share (ties shared) and score give the effect of the
    policy with a 95% interval. The *herd resource* breakdown replays the sweep with controlled
    tile sets whose 16 backs are all one kind (``experiments/tiles/herd_*.csv``): the herd then
    stands on that area every round. The kernel does not record which tiles a seat contested,
    so this controlled variant is the honest way to ask "does committing pay more on gold?".

Tile fronts are assumed (docs/rules.md B3): the in-game numbers depend on them.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.shared.paired import SHARE, GameBlock, GameRange, Moments, win_twelfths
from sim.contest_solver import best_response, make_prizes, sequential_equilibrium
from sim.errors import InputError
from sim.rules import Rules
from sim.run import Run, Slot
from strategies.play import play
from strategies.registry import resolve

TILES_DIR = Path(__file__).resolve().parent.parent / "tiles"
"""Variant tile files (sensitivity and the herd-area breakdown); NOT the real tiles."""


def tiles_label(rules: Rules) -> str:
    """How a table names its tile set: always saying the fronts are assumed."""
    if rules.tiles == "default":
        return "default (assumed fronts, docs/rules.md B3)"
    name = Path(rules.tiles).name
    if Path(rules.tiles).resolve().parent == TILES_DIR:
        return f"{name} (variant for sensitivity, assumed fronts)"
    return f"{name} (user file)"


HERD_AREAS = ("wood", "brick", "stone", "gold", "food")
"""Backs of the controlled herd-area tile sets ``experiments/tiles/herd_<back>.csv``."""

MIXED = "mixed"
"""Condition label of the tile set in force (default: the assumed set, 4 of each back)."""

BASELINE = "never"
NOSEEK = "ev-noseek"
"""A parameter-row variant: ``ev`` commitment, but the base strategy's ``herd`` placement weight
is 0, so the seat goes to the herd's area no more often than ``never`` or ``fixed-K`` do. It
separates the value of *seeking* the herd from the value of the commitment rule."""
DEFAULT_POLICIES = ("fixed-0", "fixed-1", "fixed-2", "fixed-3", "fixed-4", "ev", "majority", NOSEEK)
"""``fixed-0`` commits nothing, like ``never``: its paired differences are exactly 0 (a check)."""

PRIZE_GRID = {
    "first_bonus": (1.0, 3.0, 5.0, 8.0),
    "all_bonus": (0.0, 1.0, 2.0),
    "tile_value": (0.0, 2.5, 5.0),
    "food_value": (1.0, 2.0, 4.0),
}
"""Default prize grid of the solver tables, in points (the default ``ev`` values a spare food at
2 points and a tile at 1.2-3 points; the assumed tiles give 3 points, a tool step, an
agriculture step or 2 resources to the winner)."""

REFERENCE_PRIZE = {"first_bonus": 3.0, "all_bonus": 1.0, "tile_value": 2.5, "food_value": 2.0}
"""The prize the heatmap and the rule of thumb quote: the assumed 3-point tile, a tile worth a
quarter of the 10 mammoth points, food at 2 points."""

SWEEP_METRICS = (
    "dwin",  # focal win share (twelfths): policy arm minus never arm
    "dscore",
    "win",  # policy arm
    "win_base",  # never arm
    "score",
    "score_base",
    "contests",  # contests entered by the focal seat, policy arm
    "figures",  # figures committed, policy arm
    "tiles",  # tiles won, policy arm
    "tiles_base",
    "long_game",  # the policy arm's game lasted over LONG_GAME rounds (stalled play)
    "long_game_base",
)
LONG_GAME = 50
"""A game of more than this many rounds is flagged: it means stalled play (seats that stop
buying cards and buildings), not a rule; such games end with huge leftover-resource scores."""
SWEEP_SCALE = {"dwin": SHARE, "win": SHARE, "win_base": SHARE}
SWEEP_KEYS = ("condition", "players", "policy", "seat")
DEFAULT_GAMES = 400
"""Games per arm of ``mammoth commit`` and of the ``commit`` experiment kind."""
DEFAULT_BASE = "champion"
DEFAULT_FIELD = ("champion+ev",)
DEFAULT_MAX_FIGURES = 5


# --------------------------------------------------------------------------------------------
# (a) the solver tables


def _grid(prizes: dict | None) -> list[dict]:
    prizes = {**PRIZE_GRID, **(prizes or {})}
    names = list(PRIZE_GRID)
    for name in names:
        values = prizes[name]
        if len(values) == 0:
            raise InputError(f"give at least one value of {name}")
        make_prizes(1, max(values), 0, 0, 0)  # finite, >= 0 (one clear error otherwise)
        make_prizes(1, min(values), 0, 0, 0)
    return [dict(zip(names, cell, strict=True)) for cell in product(*(prizes[n] for n in names))]


def _check_counts(players: Sequence[int], figures: Sequence[int]) -> None:
    for p in players:
        if not 2 <= int(p) <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {p}")
    for f in figures:
        if not 1 <= int(f) <= 10:
            raise InputError(f"figures available must be from 1 to 10, not {f}")


def equilibrium_table(
    players: Sequence[int] = (2, 3, 4),
    figures: Sequence[int] = range(1, 6),
    prizes: dict | None = None,
    tie_rule: str = "longer_wins",
) -> pd.DataFrame:
    """Sequential-equilibrium commitments for every player count, figure count and prize cell.

    Every seat has ``figures`` people on the herd's area and commits in seat order, seeing the
    earlier seats' commitments (:func:`sim.contest_solver.sequential_equilibrium`; ties toward
    fewer figures).

    Parameters
    ----------
    players : sequence of int
        Player counts (2..4).
    figures : sequence of int
        Figures available to each seat (1..10).
    prizes : dict, optional
        Lists of values overriding :data:`PRIZE_GRID` (keys ``first_bonus``, ``all_bonus``,
        ``tile_value``, ``food_value``).
    tie_rule : str
        ``"longer_wins"`` or ``"prefix_draw"``.

    Returns
    -------
    pandas.DataFrame
        One row per (players, figures, prize cell, seat): ``commitment``, ``value`` (expected net
        points), ``win_probability``, ``winner_prize`` and the cell's total ``figures_on_tile``.
    """
    _check_counts(players, figures)
    rows = []
    for p, f, cell in product(sorted(set(players)), sorted(set(figures)), _grid(prizes)):
        eq = sequential_equilibrium([f] * p, tie_rule=tie_rule, **cell)
        winner_prize = max(cell["first_bonus"], cell["all_bonus"]) + cell["tile_value"]
        for seat in range(p):
            rows.append(
                {
                    "players": p,
                    "figures": f,
                    **cell,
                    "winner_prize": winner_prize,
                    "seat": seat,
                    "commitment": eq.commitments[seat],
                    "value": float(eq.values[seat]),
                    "win_probability": float(eq.odds.win[seat]),
                    "figures_on_tile": int(sum(eq.commitments)),
                    "tie_rule": tie_rule,
                }
            )
    return pd.DataFrame(rows)


def best_response_table(
    players: Sequence[int] = (2, 3, 4),
    figures: Sequence[int] = range(1, 6),
    others: Sequence[int] = (0, 1, 2, 3),
    prizes: dict | None = None,
    tie_rule: str = "longer_wins",
) -> pd.DataFrame:
    """The best commitment of the last seat when every other seat has committed ``others``.

    The odds of a contest do not depend on the seat order (hands are compared die by die), so
    the answer is the same for any seat facing the same commitments; the last seat is the one
    that actually sees them all.

    Returns
    -------
    pandas.DataFrame
        One row per (players, figures of the seat, others' commitment, prize cell):
        ``best_commitment``, ``best_value`` and ``value_k`` for every option ``k``.
    """
    _check_counts(players, figures)
    for k in others:
        if not 0 <= int(k) <= 10:
            raise InputError(f"the others' commitments must be from 0 to 10, not {k}")
    top = max(figures)
    rows = []
    grid = _grid(prizes)
    for p, f, k, cell in product(
        sorted(set(players)), sorted(set(figures)), sorted(set(others)), grid
    ):
        answer = best_response(p - 1, [k] * (p - 1), [k] * (p - 1) + [f], tie_rule=tie_rule, **cell)
        row = {
            "players": p,
            "figures": f,
            "others_commit": k,
            **cell,
            "winner_prize": max(cell["first_bonus"], cell["all_bonus"]) + cell["tile_value"],
            "best_commitment": answer.commitment,
            "best_value": answer.value,
            "tie_rule": tie_rule,
        }
        for option in range(top + 1):
            row[f"value_{option}"] = answer.values[option] if option <= f else np.nan
        rows.append(row)
    return pd.DataFrame(rows)


def heatmap_grid(
    table: pd.DataFrame, players: int, seat: int, all_bonus: float, food_value: float
) -> tuple[np.ndarray, list[int], list[float]]:
    """Commitments of one seat over figures available (rows) x winner's prize (columns).

    Cells of the grid with the same winner's prize have the same commitments (only the winner's
    prize enters the valuation), so the first of them stands for all.
    """
    part = table[
        (table["players"] == players)
        & (table["seat"] == seat)
        & np.isclose(table["all_bonus"], all_bonus)
        & np.isclose(table["food_value"], food_value)
    ]
    if part.empty:
        raise InputError(
            f"no solver cells with all bonus {all_bonus:g} and food value {food_value:g}"
        )
    grid = part.groupby(["figures", "winner_prize"])["commitment"].first().unstack()
    return grid.to_numpy(dtype=float), list(grid.index), list(grid.columns)


# --------------------------------------------------------------------------------------------
# (b) the in-game sweep


@dataclass(frozen=True)
class Arm:
    """One arm of the sweep: a short policy name and the kernel slot of the focal seat."""

    policy: str
    slot: Slot


def named_arm(label: str, name: str) -> Arm:
    """An arm whose focal seat plays the strategy ``name``, labelled ``label``."""
    return Arm(label, resolve(name).slot())


def arm_strategy(base: str, policy: str) -> str:
    """The registered strategy an arm's seat plays (:data:`NOSEEK` is ``BASE+ev`` re-weighted)."""
    return f"{base}+ev" if policy == NOSEEK else f"{base}+{policy}"


def focal_arm(base: str, policy: str) -> Arm:
    """The focal seat's slot for ``policy`` (a taming policy name, or :data:`NOSEEK`)."""
    if policy != NOSEEK:
        return Arm(policy, resolve(f"{base}+{policy}").slot())
    seat = resolve(f"{base}+ev")
    names = list(getattr(importlib.import_module(seat.base_module), "PARAMS", {}))
    if "herd" not in names:
        raise InputError(f"{NOSEEK} needs a base strategy with a 'herd' weight; {base} has none")
    params = seat.base_params.copy()
    params[names.index("herd")] = 0.0
    label = f"{seat.name} (herd weight 0)"
    return Arm(NOSEEK, seat.slot(label, params))


def field_for(field: Sequence[str], players: int) -> list[str]:
    """The field's strategy names for a table of ``players`` (one name repeats)."""
    field = list(field)
    if len(field) == 1:
        return field * (players - 1)
    if len(field) < players - 1:
        raise InputError(
            f"give --field once or at least {players - 1} times for {players} players, "
            f"not {len(field)}"
        )
    return field[: players - 1]


def _play_focal(
    arm_slot: Slot, field_slots: list[Slot], rules: Rules, block: GameBlock, threads: int
) -> dict[str, np.ndarray]:
    """Play one block with the focal slot rotating; return its per-game figures."""
    n, players, seed, start = block.games, block.players, block.seed, block.start
    slots = [arm_slot] + field_slots
    seats = [0] + list(range(1, players))
    run = Run(
        slots, seats, rules=rules, seed=seed, first_game=start, n_games=n, rotate=True,
        threads=threads,
    )  # fmt: skip
    frame = play(run)
    rows = np.arange(n)
    focal = (run.lineups()[:, :players] == 0).argmax(axis=1)  # the seat of slot 0

    def pick(column: str) -> np.ndarray:
        return frame[column].to_numpy().reshape(n, players)[rows, focal].astype(np.int64)

    share = win_twelfths(frame["winner"].to_numpy().reshape(n, players))[rows, focal]
    return {
        "seat": focal,
        "win": share,
        "score": pick("score"),
        "contests": pick("contests_entered"),
        "figures": pick("figures_committed"),
        "tiles": pick("tiles_won"),
        "long_game": (frame["rounds"].to_numpy().reshape(n, players)[:, 0] > LONG_GAME).astype(
            np.int64
        ),
    }


def sweep(
    players: Sequence[int],
    games: GameRange,
    conditions: dict[str, Rules],
    base: str = "greedy",
    field: Sequence[str] = ("greedy+ev",),
    policies: Sequence[str] = DEFAULT_POLICIES,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Moments:
    """Play the paired sweep and return its merged statistics.

    For every condition (a rules object: tile set, tie rule...), player count and block of game
    indices, the focal seat plays ``BASE+never`` once and then ``BASE+POLICY`` for every policy
    on the same seed and game indices; each game contributes one paired difference per policy.

    Parameters
    ----------
    players : sequence of int
        Player counts.
    games : GameRange
        The games per arm (per player count and condition), the run's seed, the first game's
        index and the games per kernel call (the statistics do not depend on it).
    conditions : dict of str to Rules
        Labelled rules to sweep under (e.g. ``{"mixed": Rules()}``).
    base : str
        The focal seat's base strategy.
    field : sequence of str
        The other seats' strategies (one name for all, or one per seat).
    policies : sequence of str
        Taming policies of the focal seat (``fixed-K``, ``ev``, ``majority``... or
        :data:`NOSEEK`).
    threads : int
        Threads per kernel call.
    progress : callable, optional
        Called with the number of games played after every kernel call.

    Returns
    -------
    Moments
        Keys ``condition, players, policy, seat``; metrics :data:`SWEEP_METRICS` (win shares in
        twelfths).
    """
    if threads < 1:
        raise InputError("threads must be at least 1")
    baseline, arms = sweep_arms(base, policies)
    total = Moments(SWEEP_KEYS, SWEEP_METRICS)
    for p in sorted(set(players)):
        if not 2 <= p <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {p}")
        field_slots = field_slots_for(field, p)
        for label, rules in conditions.items():
            for block in games.blocks(p):
                stats = sweep_block(
                    baseline, arms, field_slots, label, rules, block, threads, progress
                )
                total = total + stats
    return total


def sweep_arms(base: str, policies: Sequence[str]) -> tuple[Arm, list[Arm]]:
    """The baseline arm (``BASE+never``) and one arm per policy, checked.

    Raises
    ------
    InputError
        No policy, a policy named twice, or an unknown one.
    """
    if not policies:
        raise InputError("give at least one policy")
    if len(set(policies)) != len(policies):
        raise InputError("name each policy once")
    return focal_arm(base, BASELINE), [focal_arm(base, p) for p in policies]


def field_slots_for(field: Sequence[str], players: int) -> list[Slot]:
    """The kernel slots of the field's seats at a table of ``players``."""
    return [resolve(name).slot() for name in field_for(field, players)]


def sweep_block(
    baseline: Arm,
    arms: Sequence[Arm],
    field_slots: list[Slot],
    label: str,
    rules: Rules,
    block: GameBlock,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Moments:
    """Play one block of game indices with the baseline arm and every policy arm, and reduce it.

    :func:`sweep` and the ``commit`` experiment kind (:mod:`experiments.commit.kind`) both play
    their games through this. A game index is one cluster; every arm of it is reduced here.

    Parameters
    ----------
    baseline : Arm
        The focal seat's ``BASE+never`` arm.
    arms : sequence of Arm
        The policy arms (:func:`sweep_arms`).
    field_slots : list of Slot
        The other seats (:func:`field_slots_for`).
    label : str
        The condition's label (a key column of the statistics).
    rules : Rules
        The condition's rules.
    block : GameBlock
        The player count, the run's seed and the block's game indices.
    threads : int
        Threads per kernel call.
    progress : callable, optional
        Called with the number of games played after every kernel call.

    Returns
    -------
    Moments
        Keys :data:`SWEEP_KEYS`, metrics :data:`SWEEP_METRICS`.
    """
    ref = _play_focal(baseline.slot, field_slots, rules, block, threads)
    if progress:
        progress(block.games)
    units = []
    for arm in arms:
        got = _play_focal(arm.slot, field_slots, rules, block, threads)
        if progress:
            progress(block.games)
        units.append(
            pd.DataFrame(
                {
                    "condition": label,
                    "players": block.players,
                    "policy": arm.policy,
                    "seat": ref["seat"],
                    "game": block.indices,
                    "dwin": got["win"] - ref["win"],
                    "dscore": got["score"] - ref["score"],
                    "win": got["win"],
                    "win_base": ref["win"],
                    "score": got["score"],
                    "score_base": ref["score"],
                    "contests": got["contests"],
                    "figures": got["figures"],
                    "tiles": got["tiles"],
                    "tiles_base": ref["tiles"],
                    "long_game": got["long_game"],
                    "long_game_base": ref["long_game"],
                }
            )
        )
    return Moments.from_units(
        pd.concat(units, ignore_index=True), SWEEP_KEYS, SWEEP_METRICS, "game"
    )


def sweep_tables(stats: Moments) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Summaries of a sweep: per (condition, players, policy), and per seat as well.

    Collapsing over the seat is exact: a game has one focal seat.

    Returns
    -------
    by_policy, by_seat : pandas.DataFrame
        Means with 95% intervals; win rates as fractions, differences in percentage points are
        ``100 * dwin``.
    """
    by_seat = stats.summary(SWEEP_SCALE)
    by_policy = stats.collapse(["condition", "players", "policy"]).summary(SWEEP_SCALE)
    return by_policy, by_seat


# --------------------------------------------------------------------------------------------
# (c) the rule of thumb, as data (its words are written by experiments.commit.report_thumb)

FIXED_COUNT = "fixed"
"""Case of a rule-of-thumb row: on the herd's area anyway, the fixed count against never."""
VALUE_POLICY = "policy"
"""Case: a value-based policy (``ev``, ``majority``, :data:`NOSEEK`) against never."""
HERD_AREA = "herd_area"
"""Case: the fixed count when the herd always stands on one area (a controlled tile set)."""
SOLVER_LAST = "solver_last"
"""Case: the last seat to decide, each other seat having committed ``others_commit`` (solver)."""
SOLVER_EQUILIBRIUM = "solver_equilibrium"
"""Case: every seat on the area with the same figures, committing in seat order (solver)."""
CASES = (FIXED_COUNT, VALUE_POLICY, HERD_AREA, SOLVER_LAST, SOLVER_EQUILIBRIUM)

COMMIT = "commit"
"""Verdict: commit ``k`` figures when on the herd's area."""
DO_NOT_COMMIT = "do_not_commit"
"""Verdict: every fixed count measurably loses to never committing."""
NO_COUNT = "no_count"
"""Verdict: no fixed count measurably beats never committing."""
TOO_FEW = "too_few"
"""Verdict: too few games for an interval (it needs at least 2 games per arm)."""
WORTH_IT = "worth_it"
"""Verdict of a policy: its interval lies above 0."""
COSTS_WINS = "costs_wins"
"""Verdict of a policy: its interval lies below 0."""
NO_DIFFERENCE = "no_difference"
"""Verdict of a policy: its interval holds 0."""
VERDICTS = (COMMIT, DO_NOT_COMMIT, NO_COUNT, TOO_FEW, WORTH_IT, COSTS_WINS, NO_DIFFERENCE)

VALUE_POLICIES = ("ev", "majority", NOSEEK)
"""The value-based policies the rule of thumb judges (:data:`VALUE_POLICY` rows), in order."""

THUMB_COLUMNS = (
    "players",
    "case",
    "condition",
    "area",
    "policy",
    "verdict",
    "k",
    "more_do_not_help",
    "dwin",
    "dwin_low",
    "dwin_high",
    "seek_verdict",
    "others_commit",
    "commitments",
)
"""The columns of :func:`rule_of_thumb`."""


def _verdict(row) -> str:
    if pd.isna(row["dwin_low"]) or pd.isna(row["dwin_high"]):
        return TOO_FEW
    if row["dwin_low"] > 0:
        return WORTH_IT
    if row["dwin_high"] < 0:
        return COSTS_WINS
    return NO_DIFFERENCE


def _effect(row) -> dict:
    return {name: float(row[name]) for name in ("dwin", "dwin_low", "dwin_high")}


def fixed_counts(part: pd.DataFrame) -> pd.DataFrame:
    """The ``fixed-K`` rows (K >= 1) of a sweep table, with their count ``k``, by ``k``."""
    fixed = part[part["policy"].str.match(r"^fixed-[1-9]\d*$")]
    return fixed.assign(k=fixed["policy"].str.split("-").str[1].astype(int)).sort_values("k")


def _fixed_verdict(fixed: pd.DataFrame) -> dict:
    """The verdict from the fixed-K rows (K >= 1) of one player count and condition.

    The smallest K whose interval reaches the best K's estimate is advised (more figures cost
    more food for nothing measurable), if its interval lies above 0.
    """
    if fixed[["dwin", "dwin_low", "dwin_high"]].isna().to_numpy().any():
        return {"verdict": TOO_FEW}
    best = fixed.loc[fixed["dwin"].idxmax()]
    enough = fixed[fixed["dwin_high"] >= best["dwin"]].iloc[0]
    if (fixed["dwin_high"] < 0).all():
        return {"verdict": DO_NOT_COMMIT}
    if enough["dwin_low"] > 0:
        more = bool(enough["k"] != fixed["k"].max())
        return {
            "verdict": COMMIT,
            "k": int(enough["k"]),
            "more_do_not_help": more,
            **_effect(enough),
        }
    if best["dwin_low"] > 0:
        return {"verdict": COMMIT, "k": int(best["k"]), "more_do_not_help": False, **_effect(best)}
    return {"verdict": NO_COUNT}


def rule_of_thumb(
    by_policy: pd.DataFrame,
    best_responses: pd.DataFrame | None = None,
    equilibria: pd.DataFrame | None = None,
    reference: dict | None = None,
) -> pd.DataFrame:
    """The rule of thumb, as data: one row per player count and case, derived from the numbers.

    Per player count: the fixed commitment to make when on the herd's area anyway
    (:data:`FIXED_COUNT`), the value-based policies (:data:`VALUE_POLICY`), and the fixed count
    per herd area (:data:`HERD_AREA`, controlled tile sets). From the solver (when given), at the
    reference prize: what to commit when you are the last to decide (:data:`SOLVER_LAST`) and the
    sequential equilibrium (:data:`SOLVER_EQUILIBRIUM`). The words are written from these columns
    by :mod:`experiments.commit.report_thumb`; nothing reads them back.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`THUMB_COLUMNS`: ``players``; ``case`` (one of :data:`CASES`);
        ``condition`` (the sweep's condition) and ``area`` (the herd's area of a controlled tile
        set); ``policy`` (of a :data:`VALUE_POLICY` row); ``verdict`` (one of :data:`VERDICTS`),
        with ``k`` (the count to commit), ``more_do_not_help`` (a larger fixed count was played
        and does not measurably help) and ``dwin``, ``dwin_low``, ``dwin_high`` (the effect of
        the advised count or of the policy on the win rate, a fraction, 95% interval);
        ``seek_verdict`` (of ``ev`` on that herd area); ``others_commit`` and ``commitments``
        (solver rows: JSON pairs ``[figures available, commitment]``, the commitment being one
        number for the last seat and one per seat, in seat order, for the equilibrium). Empty
        where a column does not apply.
    """
    reference = reference or REFERENCE_PRIZE
    rows = []
    for p in sorted(by_policy["players"].unique()):
        here = by_policy[by_policy["players"] == p]
        mixed = here[here["condition"] == MIXED]
        fixed = fixed_counts(mixed)
        if not fixed.empty:
            rows.append(
                {"players": p, "case": FIXED_COUNT, "condition": MIXED, **_fixed_verdict(fixed)}
            )
        for policy in VALUE_POLICIES:
            row = mixed[mixed["policy"] == policy]
            if row.empty:
                continue
            row = row.iloc[0]
            rows.append(
                {
                    "players": p,
                    "case": VALUE_POLICY,
                    "condition": MIXED,
                    "policy": policy,
                    "verdict": _verdict(row),
                    **_effect(row),
                }
            )
        for area in HERD_AREAS:
            condition = f"herd on {area}"
            fixed = fixed_counts(here[here["condition"] == condition])
            if fixed.empty:
                continue
            row = {"players": p, "case": HERD_AREA, "condition": condition, "area": area}
            row.update(_fixed_verdict(fixed))
            seek = here[(here["condition"] == condition) & (here["policy"] == "ev")]
            if not seek.empty:
                row["seek_verdict"] = _verdict(seek.iloc[0])
            rows.append(row)
        if best_responses is not None:
            ref = best_responses[best_responses["players"] == p]
            for name, value in reference.items():
                ref = ref[np.isclose(ref[name], value)]
            for k in sorted(ref["others_commit"].unique()):
                cells = ref[ref["others_commit"] == k].sort_values("figures")
                if cells.empty:
                    continue
                pairs = [[int(r.figures), int(r.best_commitment)] for r in cells.itertuples()]
                rows.append(
                    {
                        "players": p,
                        "case": SOLVER_LAST,
                        "others_commit": int(k),
                        "commitments": json.dumps(pairs),
                    }
                )
        if equilibria is not None:
            eq = equilibria[equilibria["players"] == p]
            for name, value in reference.items():
                eq = eq[np.isclose(eq[name], value)]
            pairs = [
                [int(f), [int(c) for c in eq[eq["figures"] == f].sort_values("seat")["commitment"]]]
                for f in sorted(eq["figures"].unique())
            ]
            if pairs:
                rows.append(
                    {"players": p, "case": SOLVER_EQUILIBRIUM, "commitments": json.dumps(pairs)}
                )
    thumb = pd.DataFrame(rows, columns=list(THUMB_COLUMNS))
    for name in ("players", "k", "others_commit"):
        thumb[name] = thumb[name].astype("Int64")
    thumb["more_do_not_help"] = thumb["more_do_not_help"].astype("boolean")
    for name in ("dwin", "dwin_low", "dwin_high"):
        thumb[name] = thumb[name].astype(float)
    for name in ("case", "condition", "area", "policy", "verdict", "seek_verdict", "commitments"):
        column = thumb[name].astype(object)
        thumb[name] = column.where(column.notna(), "").astype(str)
    return thumb


def commit_tables(
    stats: Moments,
    conditions: dict[str, Rules],
    *,
    players: Sequence[int],
    base: str,
    policies: Sequence[str],
    prizes: dict[str, tuple[float, ...]],
    max_figures: int,
    tie_rule: str,
) -> dict:
    """Every table of a commit run: the solver tables, the sweep's summaries, the rule of thumb.

    Parameters
    ----------
    stats : Moments
        The sweep's merged statistics (:func:`sweep`, or the ``commit`` kind's chunks).
    conditions : dict of str to Rules
        The sweep's conditions (:func:`commit_conditions`), in their order.
    players : sequence of int
        Player counts of the solver tables.
    base : str
        The focal seat's base strategy (the baseline is ``BASE+never``).
    policies : sequence of str
        The focal seat's policies, in their order.
    prizes : dict of str to tuple of float
        The solver's prize grid (keys of :data:`PRIZE_GRID`).
    max_figures : int
        Figures available, 1 to this, in the solver tables.
    tie_rule : str
        The rules' tie rule.

    Returns
    -------
    dict of str to pandas.DataFrame
        ``equilibrium``, ``best_response``, ``sweep``, ``sweep_seats`` and ``rule_of_thumb``
        (:func:`rule_of_thumb`), and ``reference``: the prize the heatmap and the rule of
        thumb quote (a dict: :data:`REFERENCE_PRIZE`, or the grid's first value where the grid
        lacks it).
    """
    figures = range(1, max_figures + 1)
    equilibria = equilibrium_table(players, figures, prizes, tie_rule)
    responses = best_response_table(players, figures, range(0, 4), prizes, tie_rule)
    reference = {
        name: (value if value in prizes[name] else prizes[name][0])
        for name, value in REFERENCE_PRIZE.items()
    }
    by_policy, by_seat = sweep_tables(stats)
    order = {
        "condition": {label: i for i, label in enumerate(conditions)},
        "policy": {name: i for i, name in enumerate(policies)},
    }

    def in_order(column: pd.Series) -> pd.Series:
        return column.map(order[column.name]) if column.name in order else column

    by_policy = by_policy.sort_values(["condition", "players", "policy"], key=in_order)
    by_seat = by_seat.sort_values(["condition", "players", "policy", "seat"], key=in_order)
    by_policy, by_seat = by_policy.reset_index(drop=True), by_seat.reset_index(drop=True)
    for frame in (by_policy, by_seat):
        frame.insert(1, "tile_set", frame["condition"].map(lambda c: tiles_label(conditions[c])))
        frame.insert(2, "baseline", f"{base}+{BASELINE}")
    return {
        "equilibrium": equilibria,
        "best_response": responses,
        "sweep": by_policy,
        "sweep_seats": by_seat,
        "rule_of_thumb": rule_of_thumb(by_policy, responses, equilibria, reference),
        "reference": reference,
    }


def commit_conditions(rules: Rules, herd_areas: bool = True) -> dict[str, Rules]:
    """The sweep's conditions: :data:`MIXED` (``rules``), then the herd-area tile sets."""
    conditions = {MIXED: rules}
    if herd_areas:
        conditions.update(herd_area_conditions(rules.with_(tiles="default", tiles_assumed=True)))
    return conditions


def herd_area_conditions(rules: Rules) -> dict[str, Rules]:
    """Controlled tile sets: the herd always on one area (fronts of the default assumed set)."""
    return {
        f"herd on {area}": rules.with_(
            tiles=str(TILES_DIR / f"herd_{area}.csv"), tiles_assumed=True
        )
        for area in HERD_AREAS
    }


__all__ = [
    "DEFAULT_BASE",
    "DEFAULT_FIELD",
    "DEFAULT_GAMES",
    "DEFAULT_MAX_FIGURES",
    "DEFAULT_POLICIES",
    "HERD_AREAS",
    "MIXED",
    "NOSEEK",
    "PRIZE_GRID",
    "REFERENCE_PRIZE",
    "SWEEP_KEYS",
    "best_response_table",
    "commit_conditions",
    "commit_tables",
    "equilibrium_table",
    "field_for",
    "field_slots_for",
    "focal_arm",
    "heatmap_grid",
    "herd_area_conditions",
    "rule_of_thumb",
    "sweep",
    "sweep_arms",
    "sweep_block",
    "sweep_tables",
    "tiles_label",
]
