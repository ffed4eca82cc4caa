"""One seat's arms played on common game indices against a field: the paired sweep's block.

The focal seat plays one arm (a strategy: ``BASE+never``, ``BASE+POLICY``, a card...) and then
every other arm on the same seed and game indices (common random numbers), the focal seat
rotating with the game index (the focal seat of game ``i`` is ``i % players``), the other seats
played by a fixed field. Each game gives one paired difference per arm against the first:
:func:`sweep_block` reduces a block of game indices to :class:`~experiments.shared.paired.Moments`
(keys :data:`SWEEP_KEYS`, metrics :data:`SWEEP_METRICS`), which merge exactly.

Played by the commit sweep (:func:`experiments.commit.analysis.sweep`, its kind), the card's
check (:mod:`experiments.shared.analysis_card_check`) and the card's derivation
(:mod:`experiments.card.card_derive.kind`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from experiments.shared.paired import SHARE, GameBlock, Moments, win_twelfths
from sim.errors import InputError
from sim.rules import Rules
from sim.run import Run, Slot
from strategies.play import play
from strategies.registry import resolve

NOSEEK = "ev-noseek"
"""A parameter-row variant: ``ev`` commitment, but the base strategy's ``herd`` placement weight
is 0, so the seat goes to the herd's area no more often than ``never`` or ``fixed-K`` do. It
separates the value of *seeking* the herd from the value of the commitment rule."""

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

    Every sweep plays its games through this (:func:`experiments.commit.analysis.sweep` and the
    ``commit`` experiment kind, the card's check and derivation). A game index is one cluster;
    every arm of it is reduced here.

    Parameters
    ----------
    baseline : Arm
        The focal seat's ``BASE+never`` arm.
    arms : sequence of Arm
        The policy arms (:func:`experiments.commit.analysis.sweep_arms`, :func:`focal_arm`).
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
