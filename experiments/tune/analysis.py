"""The cross-entropy method over the weights of a greedy-family strategy (``mammoth tune``).

The search works in log-space (every weight is a positive multiplier): a diagonal Gaussian
starts at the log of the starting strategy's weights with the same spread ``sigma`` for each.
Each iteration draws a population of weight rows (the first is the current mean), plays every
one of them on the same games (common random numbers: the same seed and game indices, the
candidate's seat rotated through every position against the same opponents), keeps the elite
fraction with the best objective and moves the mean and spread towards the elite's (smoothed).

The objective of a candidate is its mean win share (a win shared by k tied winners counts 1/k)
or its mean score margin (its score minus the best other seat's). A search may play several
tables at once (:class:`Tables`: player counts, the herd on and off); the candidate's win share
then counts relative to the fair share of each table (its share times the players), so every
table weighs alike. Because the best of many noisy
candidates is flattered by its own games, the weights written out are chosen on a separate block
of games (the final mean and every iteration's best candidate compete there), and the figures
printed at the end come from yet another block of fresh games that neither step used: the
chosen weights and the start point against the same opponents on the same games (paired), and
head to head.

Games are numbered globally: tuning iteration ``i`` plays games ``i*G .. (i+1)*G - 1`` of the
seed, the selection block the next ``G`` and the evaluation the following ``--eval-games``.

:func:`tuned_preset` writes the chosen weights, and how they were found, as a preset file's text.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

import numpy as np

from sim.rules import Rules
from sim.run import Run, Slot
from sim.state import RANK, SCORE
from sim.stats import mean_se, wilson_interval
from strategies.play import play_lineup
from strategies.presets import preset_text
from strategies.registry import SeatStrategy

FAMILY_MODULE = "strategies.greedy"
OBJECTIVES = ("win", "margin")
LOG_FLOOR = 1e-2  # a weight of 0 starts the search at this (log-space cannot hold 0)
MIN_SIGMA = 0.02  # the spread never collapses below this (log units)


@dataclass
class Outcome:
    """Per-game figures of one candidate's seat: win share and score margin."""

    share: np.ndarray
    margin: np.ndarray

    def objective(self, kind: str) -> float:
        """The mean win share (``kind="win"``) or the mean score margin (``"margin"``)."""
        return float((self.share if kind == "win" else self.margin).mean())


@dataclass(frozen=True)
class Search:
    """How the cross-entropy method searches (:func:`cross_entropy`).

    Attributes
    ----------
    names : tuple of str
        The weights the search moves; the others stay at the start.
    iterations, population : int
        Iterations and candidates per iteration (the first candidate is the current mean).
    elite : float
        Fraction of the population that sets the next distribution (at least one candidate).
    sigma : float
        Initial standard deviation of every weight, in log units.
    objective : {"win", "margin"}
        Mean win share (ties shared) or mean score margin.
    smoothing : float
        Weight of the elite's statistics in the update (the rest keeps the old ones).
    """

    names: tuple[str, ...]
    iterations: int = 6
    population: int = 12
    elite: float = 0.25
    sigma: float = 0.3
    objective: str = "win"
    smoothing: float = 0.7


@dataclass
class TuneRun:
    """What a tuning run found: the chosen weights, the history and the fresh evaluation."""

    names: list[str]
    start: dict[str, float]
    best: dict[str, float]
    chosen_from: str
    history: list[dict] = field(default_factory=list)
    evaluation: dict = field(default_factory=dict)


def family_params(seat: SeatStrategy) -> tuple[dict[str, float], list[str]]:
    """The full weight row of a greedy-family seat by name, and the weights tuned by default.

    By default every weight moves except the module's ``UNTUNED`` ones and those at 0 (the
    search is in log-space; a weight at 0 named with ``--param`` starts at ``LOG_FLOOR``).
    """
    module = importlib.import_module(seat.base_module)
    row = dict(zip(module.PARAMS, (float(v) for v in seat.base_params), strict=True))
    untuned = getattr(module, "UNTUNED", ())
    return row, [name for name, value in row.items() if name not in untuned and value > 0]


def opponent_seats(opponents: list[SeatStrategy], players: int) -> list[SeatStrategy]:
    """The ``players - 1`` opponent seats: the ``--against`` strategies cycled in order."""
    return [opponents[i % len(opponents)] for i in range(players - 1)]


class Arena:
    """Plays weight rows of one family in one seat against fixed opponents (seats rotated)."""

    label = ""

    def __init__(
        self,
        seat: SeatStrategy,
        opponents: list[SeatStrategy],
        players: int,
        seed: int,
        rules: Rules,
        threads: int = 1,
    ):
        self.seat = seat
        self.players = players
        self.seed = seed
        self.rules = rules
        self.threads = threads
        self.label = f"{players}p" + ("" if rules.herd else " no herd")
        self.opponents = [o.slot() for o in opponent_seats(opponents, players)]

    def slot(self, label: str, row: np.ndarray) -> Slot:
        """The tuned family's seat with the weight row ``row``, named ``label``."""
        return self.seat.slot(label, row)

    def play(self, slots: list[Slot], seats: list[int], n_games: int, first_game: int):
        """Play games ``first_game...`` with seats rotated.

        Returns
        -------
        tuple of numpy.ndarray
            Per game and seat: the slot sitting there, its rank and its score.
        """
        run = Run(
            slots, seats, rules=self.rules, seed=self.seed, first_game=first_game,
            n_games=n_games, rotate=True, threads=self.threads,
        )  # fmt: skip
        st = play_lineup(run)
        who = run.lineups()[:, : self.players]
        rank = st.seat[:, : self.players, RANK]
        score = st.seat[:, : self.players, SCORE].astype(np.float64)
        return who, rank, score

    def candidate(self, row: np.ndarray, n_games: int, first_game: int) -> Outcome:
        """Play ``row`` in one seat against the opponents on games ``first_game...``."""
        slots = [self.slot("candidate", row), *self.opponents]
        seats = list(range(self.players))  # slot 0 first, then each opponent seat
        who, rank, score = self.play(slots, seats, n_games, first_game)
        mine = who == 0
        winners = (rank == 1).sum(axis=1)
        share = ((rank == 1) & mine).sum(axis=1) / winners
        own = score[mine]
        others = np.where(mine, -np.inf, score).max(axis=1)
        return Outcome(share=share, margin=own - others)

    def head_to_head(self, row_a: np.ndarray, row_b: np.ndarray, n_games: int, first_game: int):
        """``a`` and ``b`` alternating round the table; per game the share of wins ``a``'s side
        took and the fraction of the seats it held."""
        slots = [self.slot("a", row_a), self.slot("b", row_b)]
        seats = [p % 2 for p in range(self.players)]
        who, rank, _ = self.play(slots, seats, n_games, first_game)
        winners = (rank == 1).sum(axis=1)
        share = ((rank == 1) & (who == 0)).sum(axis=1) / winners
        return share, (np.asarray(seats) == 0).mean()


class Tables:
    """Several arenas played as one: every candidate plays each table on the same games.

    The win share of a table counts relative to its fair share (share times players), so a
    2-player and a 4-player table weigh alike in the objective; margins count as they are.

    Parameters
    ----------
    arenas : list of Arena
        One per table (player count and rules); they share the seed.
    """

    def __init__(self, arenas: list[Arena]):
        if not arenas:
            raise ValueError("at least one table is needed")
        self.arenas = arenas
        self.seed = arenas[0].seed

    def candidate(self, row: np.ndarray, n_games: int, first_game: int) -> Outcome:
        """Play ``row`` at every table on games ``first_game...``: the outcomes, table after
        table (win shares relative to the fair share)."""
        shares, margins = [], []
        for arena in self.arenas:
            outcome = arena.candidate(row, n_games, first_game)
            shares.append(outcome.share * arena.players)
            margins.append(outcome.margin)
        return Outcome(share=np.concatenate(shares), margin=np.concatenate(margins))


def _rounded(values: np.ndarray) -> np.ndarray:
    return np.array([float(f"{v:.4g}") for v in values])


def cross_entropy(
    arena: Arena, start: dict[str, float], search: Search, games: int, progress=None
) -> TuneRun:
    """Run the cross-entropy method; return the chosen weights (all of the family's, by name).

    Parameters
    ----------
    arena : Arena or Tables
        Plays a weight row against the opponents (at one table or several).
    start : dict of str to float
        The starting weights (the family's full row).
    search : Search
        The weights it moves, its iterations, population, elite, spread and objective.
    games : int
        Games per candidate per iteration (and in the selection block).
    progress : callable, optional
        Called with the number of games just played.
    """
    names, iterations, population = list(search.names), search.iterations, search.population
    objective, smoothing = search.objective, search.smoothing
    rng = np.random.default_rng(np.random.SeedSequence([arena.seed, 0x7E5E]))
    order = list(start)
    index = [order.index(n) for n in names]
    base_row = np.array([start[n] for n in order])
    mean = np.log(np.maximum(base_row[index], LOG_FLOOR))
    spread = np.full(len(index), float(search.sigma))
    n_elite = max(1, int(round(search.elite * population)))
    history: list[dict] = []
    contenders: list[tuple[str, np.ndarray]] = []

    def row_of(log_weights: np.ndarray) -> np.ndarray:
        row = base_row.copy()
        row[index] = _rounded(np.exp(log_weights))
        return row

    for it in range(iterations):
        draws = mean + spread * rng.standard_normal((population, len(index)))
        draws[0] = mean
        rows = [row_of(x) for x in draws]
        values = np.empty(population)
        for k, row in enumerate(rows):
            values[k] = arena.candidate(row, games, it * games).objective(objective)
            if progress:
                progress(games)
        top = np.argsort(-values, kind="stable")[:n_elite]
        chosen = draws[top]
        mean = smoothing * chosen.mean(axis=0) + (1 - smoothing) * mean
        elite_sd = chosen.std(axis=0) if n_elite > 1 else spread
        spread = np.maximum(smoothing * elite_sd + (1 - smoothing) * spread, MIN_SIGMA)
        contenders.append((f"iteration {it + 1} best", rows[top[0]]))
        history.append(
            {
                "iteration": it + 1,
                "mean_candidate": float(values[0]),
                "population_mean": float(values.mean()),
                "elite_mean": float(values[top].mean()),
                "best": float(values[top[0]]),
                "sigma": float(spread.mean()),
            }
        )
    contenders.append(("final mean", row_of(mean)))
    # choose on games the search never saw, so the pick is not flattered by its own noise
    selection_first = iterations * games
    scored = []
    for _, row in contenders:
        scored.append(arena.candidate(row, games, selection_first).objective(objective))
        if progress:
            progress(games)
    pick = int(np.argmax(scored))
    label, row = contenders[pick]
    best = dict(zip(order, (float(v) for v in row), strict=True))
    run = TuneRun(names=names, start=dict(start), best=best, chosen_from=label, history=history)
    run.evaluation["selection_objective"] = float(scored[pick])
    return run


def evaluate(arena: Arena, run: TuneRun, n_games: int, first_game: int, progress=None) -> dict:
    """Chosen weights against the start point on fresh games at one table: paired, and head to
    head (:func:`evaluate_tables` for several)."""
    order = list(run.start)
    start_row = np.array([run.start[n] for n in order])
    best_row = np.array([run.best[n] for n in order])
    tuned = arena.candidate(best_row, n_games, first_game)
    before = arena.candidate(start_row, n_games, first_game)
    if progress:
        progress(2 * n_games)
    h2h, seats = arena.head_to_head(best_row, start_row, n_games, first_game)
    if progress:
        progress(n_games)
    out = {"eval_games": n_games, "eval_first_game": first_game}
    for key, outcome in (("tuned", tuned), ("start", before)):
        wins = float(outcome.share.sum())
        low, high = wilson_interval(wins, n_games)
        margin, margin_se = mean_se(outcome.margin)
        out |= {
            f"{key}_win_rate": wins / n_games,
            f"{key}_win_low": float(low),
            f"{key}_win_high": float(high),
            f"{key}_margin": float(margin),
            f"{key}_margin_se": float(margin_se),
        }
    diff, diff_se = mean_se(tuned.share - before.share)
    out |= {"win_difference": float(diff), "win_difference_se": float(diff_se)}
    low, high = wilson_interval(float(h2h.sum()), n_games)
    out |= {
        "head_to_head_share": float(h2h.mean()),
        "head_to_head_low": float(low),
        "head_to_head_high": float(high),
        "head_to_head_fair": float(seats),
    }
    return out


def evaluate_tables(
    tables: Tables, run: TuneRun, n_games: int, first_game: int, progress=None
) -> dict:
    """:func:`evaluate` at every table; the keys carry the table's label (``"4p_tuned_win_rate"``,
    ``"3p no herd_..."``), and ``tables`` lists the labels in order."""
    out: dict = {"tables": [a.label for a in tables.arenas]}
    for arena in tables.arenas:
        found = evaluate(arena, run, n_games, first_game, progress)
        out |= {f"{arena.label}_{k}": v for k, v in found.items() if not k.startswith("eval_")}
        out |= {k: v for k, v in found.items() if k.startswith("eval_")}
    return out


def tuned_preset(
    name: str, seat: SeatStrategy, run: TuneRun, opponents: list[str], settings: dict
) -> str:
    """The preset file of a tuning run: the family's full weight row, and how it was found.

    Parameters
    ----------
    name : str
        The preset's name.
    seat : SeatStrategy
        The strategy the search started from.
    run : TuneRun
        The run: its chosen weights, the weights it moved and its evaluation.
    opponents : list of str
        The opponent seats by name (:func:`opponent_seats`).
    settings : dict
        The run's settings (``start``, ``against``, ``players``, ...), recorded in this order in
        the file's ``tuning`` table, followed by the weights tuned, where the choice came from and
        the evaluation (floats rounded to 5 decimals).

    Returns
    -------
    str
        The TOML text (:func:`strategies.presets.preset_text`).
    """
    changed = {k: v for k, v in run.best.items() if k in run.names}
    players = settings["players"]
    counts = ", ".join(map(str, players)) if isinstance(players, list) else str(players)
    description = (
        f"tuned from {seat.base} by the cross-entropy method against "
        f"{', '.join(opponents)} ({counts} players)"
    )
    tuning = (
        settings
        | {"tuned": list(run.names), "chosen_from": run.chosen_from}
        | {k: (round(v, 5) if isinstance(v, float) else v) for k, v in run.evaluation.items()}
    )
    return preset_text(
        name,
        seat.family,
        seat.taming,
        description,
        run.best,
        tuning=tuning,
        comment=(
            "Written by `mammoth tune`: the full weight row of the greedy family.\n"
            f"Tuned weights: {', '.join(f'{k}={v:g}' for k, v in changed.items())}"
        ),
    )


__all__ = [
    "Arena",
    "Search",
    "Tables",
    "cross_entropy",
    "evaluate",
    "evaluate_tables",
    "tuned_preset",
]
