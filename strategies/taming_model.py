"""``model``: commit as ``ev`` does, the tile worth what the learned model says it is worth.

``ev`` prices keeping this round's tile as a fixed share of the mammoth points, set by the seat's
tile gap to the leader (four hand-set shares). This policy asks the learned value model
(:mod:`strategies.value_model`, the head of the table size and phase) instead: the tile is worth
the value of the seat's position with one more tile won, less its value now (at least 0). The
model values a position by the final margin it predicts, in points, and reads the tiles through
the seat's tiles and its lead in tiles over the table (also per tile left), so the worth follows
the majority race as the self-play games played it. Everything else is ``ev``'s: the exact
contest odds, the figures the later seats are assumed to commit, the bonuses' and the figures'
worth from the base strategy, ties toward fewer figures, and ``herd_value`` at placement (so a
seat seeking the herd by it seeks the tile at the model's price).

``model=NAME`` picks the model as for ``learned`` (:func:`strategies.value_model.model_path`);
the default is the self-play model. Its row follows ``PARAMS`` in the parameter row
(:data:`EXTRA`), data and not compiled code.
"""

from __future__ import annotations

from sim.jit import hot
from sim.stack import stack_f64
from sim.state import I_PLAYERS
from strategies import taming_ev
from strategies.features import (
    N_FEATURES,
    S_TILES,
    SUMMARY_WIDTH,
    best_other,
    fill_features,
    seat_summary,
)
from strategies.herd_values import (
    COMMON_LIMITS,
    COMMON_PARAMS,
    commitment,
    contest_value,
    current_tile,
)
from strategies.value_model import head_at, load_model, model_path, model_row, value

DESCRIPTION = (
    "ev's expected-value commitment, the tile worth the learned model's value of one more tile "
    "won (model=NAME as for learned; default the self-play model)"
)
PARAMS = {**COMMON_PARAMS}
LIMITS = {**COMMON_LIMITS}
MODEL_AT = len(PARAMS)  # the model's row starts here in the parameter row
EXTRA = model_row(model_path("selfplay"))
"""The self-play model's row, appended to ``PARAMS`` in the parameter row (see the registry)."""


def _model(name: str):
    """The row of the model ``name`` (its weights alone: the player settings a model file keeps
    are ``learned``'s)."""
    return load_model(model_path(name))


DATA_PARAMS = {"model": _model}
"""``model[model=NAME]`` values the tile with another model (a shipped name or a file)."""


@hot(inline=True)
def tile_value(st, g, seat, params):
    """Points of keeping this round's tile: the model's value of the seat's position with one
    more tile won, less its value now (never below 0)."""
    own = stack_f64(SUMMARY_WIDTH)
    other = stack_f64(SUMMARY_WIDTH)
    row = stack_f64(N_FEATURES)
    seat_summary(st, g, seat, own)
    most = best_other(st, g, seat, other)
    players = st.game[g, I_PLAYERS]
    fill_features(st, g, seat, own, other, most, row)
    now = value(params, head_at(MODEL_AT, players, row), row)
    own[S_TILES] += 1.0
    fill_features(st, g, seat, own, other, most, row)
    more = value(params, head_at(MODEL_AT, players, row), row)
    return max(0.0, more - now)


@hot(inline=True)
def herd_value(st, g, seat, params, rng, values):
    """Expected net points of the contest with the best commitment of the people it would place."""
    if current_tile(st, g) < 0:
        return 0.0
    return contest_value(st, g, seat, params, values, tile_value(st, g, seat, params))


@hot(inline=True)
def commit_figures(st, g, seat, params, rng, available, values):
    """The commitment with the best expected net points (ties toward fewer)."""
    if current_tile(st, g) < 0 or available <= 0:
        return 0
    return commitment(st, g, seat, params, available, values, tile_value(st, g, seat, params))


take_first_bonus = taming_ev.take_first_bonus  # the "1." iff worth at least the "all" (values only)
