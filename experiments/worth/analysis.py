"""What the mammoth scoring is worth (GitHub issue 6, item 3).

Every table of strategies (every combination of the named strategies that fills the seats, seats
rotated each game) plays the same seed and game indices twice: with the mammoth majority worth
``points`` (10) and worth 0. Everything else is equal, so the per-game paired differences
measure the scoring's effect. Policies that value a tile by the mammoth points (``ev``,
``majority``) commit differently when the points are 0, and everyone's play can diverge from
that moment: this is the counterfactual "the same players, without the mammoth scoring", not
"the same games with 10 points struck off". (A policy that ignores the points, like ``never`` or
``fixed-K``, in a field that ignores them too, plays the two arms identically: only the
``mammoth_points`` column differs.)

Measured, per condition (tile set x tie rule) and player count:

- each strategy's change in win rate (ties shared) and in score, with 95% intervals from the
  per-game paired differences (a game index is one cluster: all its tables and seats);
- the share of games whose winner the majority decides (``majority_decided`` of the 10-point
  run: removing the 10 points from the final scores changes the winners), and the share whose
  winners differ between the paired runs (play adapts too);
- the winning margin (winner's score minus the runner-up's; 0 on a tie), its mean, spread and
  quantiles in both runs, and its paired change;
- the value of one more tile, by an **end-of-game counterfactual**: in each finished 10-point game
  give one seat one more tile, everything else fixed, recompute the majority (docs/rules.md B2.5)
  and the winners (score, then the tie-break agriculture + tools + people) and take the change in
  the seat's points and win share. It is exact for each game and needs no model, but it holds the
  rest of the game fixed: it is the tile's *majority* value (not its bonus, nor the knock-on effects
  on play). Why not compare contests a seat won and lost? The kernel does not record per-round
  outcomes. Why not regress the final result on ``tiles_won``? Strong seats win both tiles and
  games, so that association overstates the tile's effect; it is reported beside the counterfactual
  (``win``, ``score`` by tiles held) as a description only. "By round" here is by game length
  (rounds played): the end-of-game value of a tile does not depend on the round in which it was won,
  and the round a tile was won is not recorded.

Tile fronts are assumed (docs/rules.md B3); every table says which tile set it used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.library.league import lineups_for
from experiments.shared.analysis_sweep import LONG_GAME
from experiments.shared.paired import (
    SHARE,
    GameBlock,
    GameRange,
    Moments,
    histogram_quantiles,
    win_twelfths,
)
from experiments.shared.rules_setup import TILES_DIR, tiles_label
from sim.errors import InputError
from sim.rules import TIE_RULES, Rules
from strategies.play import play_games
from strategies.registry import resolve

DEFAULT_STRATEGIES = (
    "greedy+ev",
    "greedy+majority",
    "greedy+fixed-2",
    "greedy+never",
    "champion+ev",
)
DEFAULT_GAMES = 300
"""Games per table and arm of ``mammoth worth`` and of the ``worth`` experiment kind."""
VARIANT_TILES = ("rich", "food_backs")
"""Variant tile files in ``experiments/tiles`` for the sensitivity runs (NOT the real tiles)."""

STRATEGY_METRICS = (
    "dwin",  # win share (twelfths), points-on run minus points-off run
    "win",
    "win_off",
    "dscore",
    "score",
    "score_off",
    "dbase",  # change in the score without the mammoth points (a change of play)
    "tiles",
    "tiles_off",
    "figures",
    "figures_off",
)
GAME_METRICS = (
    "majority_decided",
    "winner_changed",
    "margin",
    "margin_off",
    "dmargin",
    "rounds",
    "long_game",  # more than LONG_GAME rounds in the points-on run (stalled play)
)

TILE_METRICS = ("win", "score", "cf_dwin", "cf_dpoints")
SCALE = {"dwin": SHARE, "win": SHARE, "win_off": SHARE, "cf_dwin": SHARE}


def sensitivity_conditions(
    rules: Rules, tiles: Sequence[str] = ("default", *VARIANT_TILES), ties=TIE_RULES
) -> dict[str, Rules]:
    """Conditions ``TILESET/TIE_RULE`` for the tile sets and tie rules given.

    ``"default"`` keeps the tile set of ``rules``; other names are files in
    ``experiments/tiles`` (``rich``, ``food_backs``) or paths.
    """
    out = {}
    for name in tiles:
        if name == "default":
            base, label = rules, (Path(rules.tiles).stem if rules.tiles != "default" else name)
        else:
            path = TILES_DIR / f"{name}.csv" if (TILES_DIR / f"{name}.csv").is_file() else name
            if not Path(path).is_file():
                raise InputError(f"tile file {path} does not exist")
            base, label = rules.with_(tiles=str(Path(path).resolve()), tiles_assumed=True), name
        for tie in ties:
            out[f"{label}/{tie}"] = base.with_(tie_rule=tie)
    return out


def worth_conditions(rules: Rules, sensitivity: bool = True) -> tuple[str, dict[str, Rules]]:
    """The main condition's label and every condition of a worth run, the main one first.

    Parameters
    ----------
    rules : Rules
        The main condition (its tile set and tie rule).
    sensitivity : bool
        Also the variant tile sets and both tie rules (:func:`sensitivity_conditions`).

    Returns
    -------
    main_label : str
        ``TILESET/TIE_RULE`` of ``rules``.
    conditions : dict of str to Rules
    """
    tile_set = Path(rules.tiles).stem if rules.tiles != "default" else "default"
    main_label = f"{tile_set}/{rules.tie_rule}"
    if not sensitivity:
        return main_label, {main_label: rules}
    conditions = sensitivity_conditions(rules)
    return main_label, {main_label: conditions.pop(main_label), **conditions}


def winners(score: np.ndarray, tie_break: np.ndarray) -> np.ndarray:
    """Winner mask per game (docs/rules.md A7): best score, then best tie-break; level = shared."""
    best = score.max(axis=1, keepdims=True)
    level = score == best
    best_tb = np.where(level, tie_break, np.iinfo(np.int64).min).max(axis=1, keepdims=True)
    return level & (tie_break == best_tb)


def tile_counterfactual(
    score: np.ndarray,
    mammoth: np.ndarray,
    tiles: np.ndarray,
    tie_break: np.ndarray,
    points: int,
    min_tiles: int = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's change in points and win share (twelfths) if it had held one more tile.

    Parameters
    ----------
    score, mammoth, tiles, tie_break : numpy.ndarray
        ``(n_games, players)`` final scores, mammoth points scored, tiles held, and
        agriculture + tool total + people.
    points : int
        The mammoth majority's points.
    min_tiles : int
        Tiles needed to score the majority.

    Returns
    -------
    points_change, win_change : numpy.ndarray
        ``int64`` ``(n_games, players)``; the win change in twelfths.
    """
    score = np.asarray(score, dtype=np.int64)
    base = score - np.asarray(mammoth, dtype=np.int64)
    tiles = np.asarray(tiles, dtype=np.int64)
    tie_break = np.asarray(tie_break, dtype=np.int64)
    now = win_twelfths(winners(score, tie_break))
    d_points = np.zeros_like(score)
    d_win = np.zeros_like(score)
    for seat in range(score.shape[1]):
        more = tiles.copy()
        more[:, seat] += 1
        most = more.max(axis=1, keepdims=True)
        new_score = base + np.where((more == most) & (most >= min_tiles), points, 0)
        d_points[:, seat] = new_score[:, seat] - score[:, seat]
        d_win[:, seat] = win_twelfths(winners(new_score, tie_break))[:, seat] - now[:, seat]
    return d_points, d_win


def _margin(score: np.ndarray) -> np.ndarray:
    top = np.sort(score, axis=1)
    return (top[:, -1] - top[:, -2]).astype(np.int64)


TABLES = {
    "strategy": (("condition", "players", "strategy"), STRATEGY_METRICS),
    "game": (("condition", "players"), GAME_METRICS),
    "margins": (("condition", "players", "arm", "margin"), ()),
    "tile_gap": (("condition", "players", "tiles", "gap"), TILE_METRICS),
    "tile_held": (("condition", "players", "tiles"), TILE_METRICS),
    "tile_rounds": (("condition", "players", "rounds"), TILE_METRICS),
    "tile_all": (("condition", "players"), TILE_METRICS),
}
"""The tables of :class:`WorthStats`: keys and metrics of each."""


@dataclass
class WorthStats:
    """The merged statistics of a worth run; ``+`` merges two exactly."""

    strategy: Moments
    game: Moments
    margins: Moments
    tile_gap: Moments
    tile_held: Moments
    tile_rounds: Moments
    tile_all: Moments

    @classmethod
    def empty(cls) -> WorthStats:
        """Statistics of no games."""
        return cls(**{name: Moments(keys, metrics) for name, (keys, metrics) in TABLES.items()})

    def __add__(self, other: WorthStats) -> WorthStats:
        return WorthStats(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def equals(self, other: WorthStats) -> bool:
        """Whether every statistic is identical."""
        return all(getattr(self, f.name).equals(getattr(other, f.name)) for f in fields(self))

    def to_arrays(self) -> dict[str, np.ndarray]:
        """Every statistic as plain arrays (``{table}.key.*``, ``{table}.stat.*``; no pickle)."""
        out: dict[str, np.ndarray] = {}
        for f in fields(self):
            out.update(getattr(self, f.name).to_arrays(f"{f.name}."))
        return out

    @classmethod
    def from_arrays(cls, arrays: dict) -> WorthStats:
        """The statistics written by :meth:`to_arrays` (an exact round trip)."""
        return cls(
            **{
                name: Moments.from_arrays(arrays, f"{name}.", keys, metrics)
                for name, (keys, metrics) in TABLES.items()
            }
        )


def _arrays(frame: pd.DataFrame, n: int, players: int) -> dict[str, np.ndarray]:
    def grid(column: str) -> np.ndarray:
        return frame[column].to_numpy().reshape(n, players)

    out = {
        c: grid(c).astype(np.int64)
        for c in (
            "score",
            "mammoth_points",
            "tiles_won",
            "figures_committed",
            "agriculture",
            "tools",
            "people",
            "rounds",
        )
    }
    out["winner"] = grid("winner").astype(bool)
    out["majority_decided"] = grid("majority_decided")[:, 0].astype(np.int64)
    out["strategy"] = grid("strategy").astype(str)
    return out


def paired_chunk(
    label: str,
    table: Sequence[str],
    on: pd.DataFrame,
    off: pd.DataFrame,
    players: int,
    points: int,
) -> dict[str, pd.DataFrame]:
    """Unit rows of one table's chunk, played with the points on and off (same game indices)."""
    n = len(on) // players
    a, b = _arrays(on, n, players), _arrays(off, n, players)
    if not (a["strategy"] == b["strategy"]).all():
        raise RuntimeError("the paired runs seated different strategies")
    game = on["game"].to_numpy().reshape(n, players)[:, 0]
    win_on, win_off = win_twelfths(a["winner"]), win_twelfths(b["winner"])
    games_p = np.repeat(game, players)
    strategy = pd.DataFrame(
        {
            "condition": label,
            "players": players,
            "strategy": a["strategy"].ravel(),
            "game": games_p,
            "dwin": (win_on - win_off).ravel(),
            "win": win_on.ravel(),
            "win_off": win_off.ravel(),
            "dscore": (a["score"] - b["score"]).ravel(),
            "score": a["score"].ravel(),
            "score_off": b["score"].ravel(),
            "dbase": (a["score"] - a["mammoth_points"] - b["score"] + b["mammoth_points"]).ravel(),
            "tiles": a["tiles_won"].ravel(),
            "tiles_off": b["tiles_won"].ravel(),
            "figures": a["figures_committed"].ravel(),
            "figures_off": b["figures_committed"].ravel(),
        }
    )
    margin_on, margin_off = _margin(a["score"]), _margin(b["score"])
    games = pd.DataFrame(
        {
            "condition": label,
            "players": players,
            "game": game,
            "majority_decided": a["majority_decided"],
            "winner_changed": (a["winner"] != b["winner"]).any(axis=1).astype(np.int64),
            "margin": margin_on,
            "margin_off": margin_off,
            "dmargin": margin_on - margin_off,
            "rounds": a["rounds"][:, 0],
            "long_game": (a["rounds"][:, 0] > LONG_GAME).astype(np.int64),
        }
    )
    margins = pd.DataFrame(
        {
            "condition": label,
            "players": players,
            "arm": np.repeat([f"{points} points", "0 points"], n),
            "margin": np.concatenate([margin_on, margin_off]),
            "game": np.concatenate([game, game]),
        }
    )
    tie_break = a["agriculture"] + a["tools"] + a["people"]
    cf_points, cf_win = tile_counterfactual(
        a["score"], a["mammoth_points"], a["tiles_won"], tie_break, points
    )
    tiles = a["tiles_won"]
    others = np.stack([np.delete(tiles, s, axis=1).max(axis=1) for s in range(players)], axis=1)
    tile_units = pd.DataFrame(
        {
            "condition": label,
            "players": players,
            "tiles": tiles.ravel(),
            "gap": (tiles - others).ravel(),
            "rounds": a["rounds"].ravel(),
            "game": games_p,
            "win": win_on.ravel(),
            "score": a["score"].ravel(),
            "cf_dwin": cf_win.ravel(),
            "cf_dpoints": cf_points.ravel(),
        }
    )
    return {"strategy": strategy, "game": games, "margins": margins, "tiles": tile_units}


def worth_block(
    names: Sequence[str],
    label: str,
    rules: Rules,
    points: int,
    block: GameBlock,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
) -> WorthStats:
    """Play every table of one block of game indices with both arms and reduce it.

    A game index is one cluster (all its tables and seats), so all the tables of a block are
    reduced together: this is the smallest piece of a worth run whose statistics merge exactly.
    :func:`worth_run` and the ``worth`` experiment kind (:mod:`experiments.worth.kind`) both
    play their games through it.

    Parameters
    ----------
    names : sequence of str
        Resolved strategy names (at least two); every combination filling the seats is a table.
    label : str
        The condition's label (a key column of the statistics).
    rules : Rules
        The condition's rules; the arms set the mammoth points to ``points`` and to 0.
    points : int
        The mammoth points of the "on" arm.
    block : GameBlock
        The player count, the run's seed and the block's game indices.
    threads : int
        Threads per kernel call.
    progress : callable, optional
        Called with the number of games played after every kernel call.

    Returns
    -------
    WorthStats
    """
    n, players, seed, start = block.games, block.players, block.seed, block.start
    rules_on = rules.with_(mammoth_points=points)
    rules_off = rules.with_(mammoth_points=0)
    parts: dict[str, list[pd.DataFrame]] = {}
    for table in lineups_for(list(names), players):
        frames = [
            play_games(
                n,
                players,
                list(table),
                seed=seed,
                rules=r,
                first_game=start,
                rotate=True,
                threads=threads,
            )
            for r in (rules_on, rules_off)
        ]
        if progress:
            progress(2 * n)
        for key, frame in paired_chunk(label, table, *frames, players, points).items():
            parts.setdefault(key, []).append(frame)
    # all tables of these game indices at once: a game index is one cluster
    units = {k: pd.concat(v, ignore_index=True) for k, v in parts.items()}
    sources = {"strategy": "strategy", "game": "game", "margins": "margins"}
    return WorthStats(
        **{
            name: Moments.from_units(units[sources.get(name, "tiles")], keys, metrics, "game")
            for name, (keys, metrics) in TABLES.items()
        }
    )


def worth_run(
    names: Sequence[str],
    players: Sequence[int],
    games: GameRange,
    conditions: dict[str, Rules],
    points: int = 10,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
) -> WorthStats:
    """Play every table with the mammoth points on and off, paired, and merge the statistics.

    Parameters
    ----------
    names : sequence of str
        Strategies (at least two); every combination filling the seats is a table.
    players : sequence of int
        Player counts.
    games : GameRange
        The games per table and arm (per condition and player count), the run's seed (both
        arms play the same game indices of it), the first game's index and the games per kernel
        call.
    conditions : dict of str to Rules
        Labelled rules (tile set, tie rule); the mammoth points are set by ``points`` and 0.
    points : int
        The mammoth points of the "on" arm (> 0).
    threads : int
        Threads per kernel call.
    progress : callable, optional
        Called with the number of games played after every kernel call.

    Returns
    -------
    WorthStats
    """
    if threads < 1:
        raise InputError("threads must be at least 1")
    if isinstance(points, bool) or not isinstance(points, int) or points <= 0:
        raise InputError(f"the mammoth points of the 'on' arm must be a positive integer: {points}")
    names = [resolve(n).name for n in names]
    total = WorthStats.empty()
    for p in sorted(set(players)):
        if not 2 <= p <= 4:
            raise InputError(f"Stone Age is played by 2 to 4 players, not {p}")
        lineups_for(names, p)  # at least two different strategies
        for label, rules in conditions.items():
            if not rules.herd:
                raise InputError("the mammoth scoring needs the herd (--herd)")
            for block in games.blocks(p):
                total = total + worth_block(names, label, rules, points, block, threads, progress)
    return total


def _describe(frame: pd.DataFrame, conditions: dict[str, Rules]) -> pd.DataFrame:
    """Add the tile set (saying the fronts are assumed) and the tie rule of each condition."""
    order = {label: i for i, label in enumerate(conditions)}
    frame = frame.sort_values("condition", key=lambda c: c.map(order), kind="stable")
    frame = frame.reset_index(drop=True)
    frame.insert(1, "tile_set", frame["condition"].map(lambda c: tiles_label(conditions[c])))
    frame.insert(2, "tie_rule", frame["condition"].map(lambda c: conditions[c].tie_rule))
    return frame


def worth_tables(
    stats: WorthStats, conditions: dict[str, Rules], points: int = 10
) -> dict[str, pd.DataFrame]:
    """The report's tables from merged statistics.

    Returns
    -------
    dict of str to pandas.DataFrame
        ``win_change`` (per strategy), ``games`` (majority decided, winner changed, margins),
        ``margins`` (histograms), ``tile_value`` (by tiles held and gap to the best other seat),
        ``tile_value_held``, ``tile_value_rounds`` and ``sensitivity`` (headline figures per
        condition, long format). Win rates as fractions.
    """
    win_change = _describe(stats.strategy.summary(SCALE), conditions)
    games = stats.game.summary(SCALE)
    hist = stats.margins.table.reset_index()[["condition", "players", "arm", "margin", "units"]]
    hist = hist.rename(columns={"units": "games"})
    spread_rows = []
    for (cond, p, arm), part in hist.groupby(["condition", "players", "arm"], sort=True):
        values = part["margin"].to_numpy(dtype=np.float64)
        counts = part["games"].to_numpy(dtype=np.float64)
        mean = (values * counts).sum() / counts.sum()
        sd = np.sqrt(max((values * values * counts).sum() / counts.sum() - mean * mean, 0.0))
        q10, q50, q90 = histogram_quantiles(values, counts, (0.1, 0.5, 0.9))
        key = "" if arm.startswith(f"{points} ") else "_off"
        spread_rows.append(
            {
                "condition": cond,
                "players": p,
                "arm": key,
                "sd": sd,
                "p10": q10,
                "median": q50,
                "p90": q90,
            }
        )
    spread = pd.DataFrame(spread_rows)
    if not spread.empty:
        wide = spread.pivot_table(
            index=["condition", "players"], columns="arm", values=["sd", "p10", "median", "p90"]
        )
        wide.columns = [f"margin_{stat}{arm}" for stat, arm in wide.columns]
        games = games.merge(wide.reset_index(), on=["condition", "players"], how="left")
    tables = {
        "win_change": win_change,
        "games": _describe(games, conditions),
        "margins": _describe(hist, conditions),
        "tile_value": _describe(stats.tile_gap.summary(SCALE), conditions),
        "tile_value_held": _describe(stats.tile_held.summary(SCALE), conditions),
        "tile_value_rounds": _describe(stats.tile_rounds.summary(SCALE), conditions),
    }
    tables["sensitivity"] = sensitivity_table(
        tables["games"], _describe(stats.tile_all.summary(SCALE), conditions), win_change
    )
    return tables


def sensitivity_table(
    games: pd.DataFrame, tile_all: pd.DataFrame, win_change: pd.DataFrame
) -> pd.DataFrame:
    """Headline figures per condition and player count, long format, with 95% intervals."""
    rows = []
    ident = ["condition", "tile_set", "tie_rule", "players"]

    def add(frame, column, quantity):
        for r in frame.itertuples(index=False):
            d = r._asdict()
            rows.append(
                {
                    **{k: d[k] for k in ident},
                    "quantity": quantity,
                    "estimate": d[column],
                    "low": d[f"{column}_low"],
                    "high": d[f"{column}_high"],
                }
            )

    add(games, "majority_decided", "share of games the majority decides")
    add(games, "winner_changed", "share of games whose winners differ between the paired runs")
    add(games, "margin", "mean winning margin, points on")
    add(games, "dmargin", "change in the winning margin (on - off)")
    add(tile_all, "cf_dwin", "win-probability value of one more tile (all seats)")
    add(tile_all, "cf_dpoints", "points value of one more tile (all seats)")
    for name, part in win_change.groupby("strategy", sort=False):
        add(part, "dwin", f"change in win rate of {name}")
    return pd.DataFrame(rows)


__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_STRATEGIES",
    "TABLES",
    "VARIANT_TILES",
    "WorthStats",
    "paired_chunk",
    "sensitivity_conditions",
    "tile_counterfactual",
    "tiles_label",
    "winners",
    "worth_block",
    "worth_conditions",
    "worth_run",
    "worth_tables",
]
