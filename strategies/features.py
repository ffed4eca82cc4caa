"""Position features: a fixed-width float row describing one seat's position against the table.

A learned evaluation (:mod:`strategies.value_model`) values a seat's position as a weighted sum
of this row. The row is built in two steps, so that a player can value a position it has not
reached yet without touching the game:

1. :func:`seat_summary` reads one seat's board into a *summary* (``S_*``: goods, people,
   agriculture, tools, one-time tools, kept resource tokens, culture symbols held, multiplier
   figures, buildings, points so far, mammoth tiles won). A player adds the expected effect of a
   decision to its own summary (more wood, one more person, a card's symbol...).
2. :func:`fill_features` turns the seat's (possibly changed) summary and the other seats' boards
   into the row: a block of :data:`SEAT_FEATURES` for the seat, the same block for the best
   other seat (the one whose score would be highest if the game ended now), their difference
   times the rounds left, and the game's clock and herd (:data:`N_FEATURES` in all).

The rounds left are estimated as ``greedy`` reads them with its default parameters (the deck's
and the stacks' clocks, :func:`strategies.greedy_values.rounds_left`).

Everything here runs in the game kernel (``@hot``: allocation-free, writing into given rows);
:func:`reference_features` is a plain numpy rendering of the same row from the state's arrays,
which the tests compare with the compiled one.
"""

from __future__ import annotations

import numpy as np

from sim.constants import (
    MAX_ONE_TIME_TOOLS,
    MAX_PLAYERS,
    N_CARDS,
    N_CULTURE_SYMBOLS,
    STACK_SIZE,
    CardKind,
)
from sim.jit import hot
from sim.situation import rounds_left as situation_rounds_left
from sim.stack import stack_f64
from sim.state import (
    AGRICULTURE,
    CHOICE_TOKENS,
    CULTURE,
    FIGURES,
    GOODS,
    H_TILES_WON,
    HERD,
    I_DECK_POS,
    I_N_STACKS,
    I_N_TILES,
    I_PLAYERS,
    I_TILE_POS,
    N_BUILDINGS_HELD,
    N_CARDS_HELD,
    N_PARTS,
    ONE_TIME_TOOLS,
    PARTS,
    PEOPLE,
    STACK_TAKEN,
    TOOLS,
)
from strategies.greedy_values import CLOCK

# The summary of one seat (floats, so that expected gains can be added).
S_FOOD = 0  # S_FOOD + good: food, wood, brick, stone, gold
S_PEOPLE = 5
S_AGRICULTURE = 6
S_TOOLS = 7  # tool steps over the three slots
S_ONE_TIME = 8  # values of the unused one-time tools
S_TOKENS = 9  # kept "resources of choice" tokens
S_CULTURE = 10  # S_CULTURE + symbol: green cards held per symbol
S_FIGURES = S_CULTURE + N_CULTURE_SYMBOLS  # S_FIGURES + kind - 1: farmer, toolmaker, hut, shaman
S_BUILDINGS = S_FIGURES + 4
S_POINTS = S_BUILDINGS + 1  # score parts so far (buildings, card tops, bonuses, -10s)
S_TILES = S_POINTS + 1  # mammoth tiles won
S_CARDS = S_TILES + 1  # civilization cards held
SUMMARY_WIDTH = S_CARDS + 1

# The block of one seat in the feature row.
SEAT_NAMES = (
    "food",
    "wood",
    "brick",
    "stone",
    "gold",
    "resource_value",
    "people",
    "agriculture",
    "tools",
    "one_time_tools",
    "tokens",
    "culture_points",
    "next_symbol",
    "farmer_points",
    "toolmaker_points",
    "hutbuilder_points",
    "shaman_points",
    "farmers",
    "toolmakers",
    "hutbuilders",
    "shamans",
    "buildings",
    "points",
    "tiles",
    "food_balance",
    "food_short",
    "people_rounds",
    "agriculture_rounds",
    "tools_rounds",
    "standing",
)
SEAT_FEATURES = len(SEAT_NAMES)
F_OWN = 0
F_OTHER = F_OWN + SEAT_FEATURES
F_LEAD = F_OTHER + SEAT_FEATURES  # (own - other) * rounds left / 10
F_GAME = F_LEAD + SEAT_FEATURES
GAME_NAMES = (
    "rounds_left",
    "deck_left",
    "smallest_stack",
    "tiles_left",
    "tile_lead",
    "tile_lead_left",
    "two_players",
    "three_players",
)
N_FEATURES = F_GAME + len(GAME_NAMES)
FEATURE_NAMES = (
    tuple("own_" + n for n in SEAT_NAMES)
    + tuple("other_" + n for n in SEAT_NAMES)
    + tuple("lead_rounds_" + n for n in SEAT_NAMES)
    + GAME_NAMES
)


@hot(inline=True)
def rounds_left(st, g):
    """Rounds left, this one included, as greedy reads them (its default clock)."""
    return situation_rounds_left(st, g, CLOCK[0], CLOCK[1])


@hot(inline=True)
def seat_summary(st, g, p, out):
    """Fill ``out`` (``SUMMARY_WIDTH`` floats) with seat ``p``'s board (see ``S_*``)."""
    for k in range(5):
        out[S_FOOD + k] = st.seat[g, p, GOODS + k]
    out[S_PEOPLE] = st.seat[g, p, PEOPLE]
    out[S_AGRICULTURE] = st.seat[g, p, AGRICULTURE]
    out[S_TOOLS] = st.seat[g, p, TOOLS] + st.seat[g, p, TOOLS + 1] + st.seat[g, p, TOOLS + 2]
    one_time = 0
    for k in range(MAX_ONE_TIME_TOOLS):
        one_time += st.seat[g, p, ONE_TIME_TOOLS + k]
    out[S_ONE_TIME] = one_time
    out[S_TOKENS] = st.seat[g, p, CHOICE_TOKENS]
    for k in range(N_CULTURE_SYMBOLS):
        out[S_CULTURE + k] = st.seat[g, p, CULTURE + k]
    for k in range(4):
        out[S_FIGURES + k] = st.seat[g, p, FIGURES + 1 + k]
    out[S_BUILDINGS] = st.seat[g, p, N_BUILDINGS_HELD]
    points = 0
    for k in range(N_PARTS):
        points += st.seat[g, p, PARTS + k]
    out[S_POINTS] = points
    out[S_TILES] = st.seat[g, p, HERD + H_TILES_WON]
    out[S_CARDS] = st.seat[g, p, N_CARDS_HELD]


@hot(inline=True)
def culture_of(summary):
    """Culture points of the green cards in a summary (sets of different symbols, squared),
    and the symbols of the first set still missing."""
    total = 0.0
    level = 1.0
    missing = 0.0
    while True:
        distinct = 0.0
        for k in range(N_CULTURE_SYMBOLS):
            if summary[S_CULTURE + k] >= level:
                distinct += 1.0
        if level == 1.0:
            missing = N_CULTURE_SYMBOLS - distinct
        if distinct == 0.0:
            break
        total += distinct * distinct
        level += 1.0
    return total, missing


@hot(inline=True)
def standing(summary):
    """Points the seat would score if the game ended now (the mammoth majority aside)."""
    culture, _ = culture_of(summary)
    return standing_with(summary, culture)


@hot(inline=True)
def standing_with(summary, culture):
    """:func:`standing` given the culture points of its green cards (:func:`culture_of`)."""
    resources = summary[1] + summary[2] + summary[3] + summary[4] + summary[S_TOKENS]
    return (
        summary[S_POINTS]
        + culture
        + resources
        + summary[S_FIGURES] * summary[S_AGRICULTURE]
        + summary[S_FIGURES + 1] * summary[S_TOOLS]
        + summary[S_FIGURES + 2] * summary[S_BUILDINGS]
        + summary[S_FIGURES + 3] * summary[S_PEOPLE]
    )


@hot(inline=True)
def seat_block(summary, rounds, out, at):
    """Write a seat's block of the feature row (``SEAT_NAMES``) at ``out[at:]``."""
    for k in range(5):
        out[at + k] = summary[S_FOOD + k]
    out[at + 5] = 3.0 * summary[1] + 4.0 * summary[2] + 5.0 * summary[3] + 6.0 * summary[4]
    people = summary[S_PEOPLE]
    agriculture = summary[S_AGRICULTURE]
    tools = summary[S_TOOLS]
    out[at + 6] = people
    out[at + 7] = agriculture
    out[at + 8] = tools
    out[at + 9] = summary[S_ONE_TIME]
    out[at + 10] = summary[S_TOKENS]
    culture, missing = culture_of(summary)
    out[at + 11] = culture
    out[at + 12] = missing
    out[at + 13] = summary[S_FIGURES] * agriculture
    out[at + 14] = summary[S_FIGURES + 1] * tools
    out[at + 15] = summary[S_FIGURES + 2] * summary[S_BUILDINGS]
    out[at + 16] = summary[S_FIGURES + 3] * people
    for k in range(4):
        out[at + 17 + k] = summary[S_FIGURES + k]
    out[at + 21] = summary[S_BUILDINGS]
    out[at + 22] = summary[S_POINTS]
    out[at + 23] = summary[S_TILES]
    balance = summary[S_FOOD] + agriculture - people
    out[at + 24] = balance
    out[at + 25] = max(0.0, -balance)
    out[at + 26] = people * rounds
    out[at + 27] = agriculture * rounds
    out[at + 28] = tools * rounds
    out[at + 29] = standing_with(summary, culture)


@hot(inline=True)
def best_other(st, g, seat, other):
    """Fill ``other`` with the summary of the other seat standing best (the first on a tie);
    return its tiles and the most tiles any other seat has won."""
    players = st.game[g, I_PLAYERS]
    scratch = stack_f64(SUMMARY_WIDTH)
    best = -1e300
    most_tiles = 0.0
    for q in range(players):
        if q == seat:
            continue
        seat_summary(st, g, q, scratch)
        most_tiles = max(most_tiles, scratch[S_TILES])
        value = standing(scratch)
        if value > best:
            best = value
            for k in range(SUMMARY_WIDTH):
                other[k] = scratch[k]
    return most_tiles


@hot(inline=True)
def fill_table(st, g, other, most_tiles, own_tiles, out):
    """Fill the parts of the feature row a seat's own decision cannot change: the best other
    seat's block (from its summary ``other``) and the game's; return the rounds left."""
    rounds = rounds_left(st, g)
    seat_block(other, rounds, out, F_OTHER)
    players = st.game[g, I_PLAYERS]
    smallest = STACK_SIZE
    for s in range(st.game[g, I_N_STACKS]):
        smallest = min(smallest, STACK_SIZE - st.game[g, STACK_TAKEN + s])
    tiles_left = max(0, st.game[g, I_N_TILES] - st.game[g, I_TILE_POS])
    lead = own_tiles - most_tiles
    out[F_GAME] = rounds
    out[F_GAME + 1] = N_CARDS - st.game[g, I_DECK_POS]
    out[F_GAME + 2] = smallest
    out[F_GAME + 3] = tiles_left
    out[F_GAME + 4] = lead
    out[F_GAME + 5] = lead / (1.0 + tiles_left)
    out[F_GAME + 6] = 1.0 if players == 2 else 0.0
    out[F_GAME + 7] = 1.0 if players == 3 else 0.0
    return rounds


@hot(inline=True)
def fill_own(own, rounds, out):
    """Fill the seat's own block and the lead block from its summary ``own``, the rest of the
    row being filled already (:func:`fill_table`, with ``own``'s tiles)."""
    seat_block(own, rounds, out, F_OWN)
    for k in range(SEAT_FEATURES):
        out[F_LEAD + k] = (out[F_OWN + k] - out[F_OTHER + k]) * rounds / 10.0


@hot(inline=True)
def fill_features(st, g, seat, own, other, most_tiles, out):
    """Fill ``out`` (``N_FEATURES`` floats) from the seat's summary ``own`` (possibly with a
    decision's expected effect added), the best other seat's summary ``other`` and the most
    tiles any other seat has won (:func:`best_other`)."""
    rounds = fill_table(st, g, other, most_tiles, own[S_TILES], out)
    fill_own(own, rounds, out)


@hot
def position_features(st, g, seat, out):
    """Fill ``out`` (``N_FEATURES`` floats) with seat ``seat``'s features as the game stands."""
    own = stack_f64(SUMMARY_WIDTH)
    other = stack_f64(SUMMARY_WIDTH)
    seat_summary(st, g, seat, own)
    most_tiles = best_other(st, g, seat, other)
    fill_features(st, g, seat, own, other, most_tiles, out)


# --- the plain numpy reference -------------------------------------------------------------


def _reference_summary(seat_row: np.ndarray) -> np.ndarray:
    row = seat_row.astype(np.float64)
    s = np.zeros(SUMMARY_WIDTH)
    s[S_FOOD : S_FOOD + 5] = row[GOODS : GOODS + 5]
    s[S_PEOPLE] = row[PEOPLE]
    s[S_AGRICULTURE] = row[AGRICULTURE]
    s[S_TOOLS] = row[TOOLS : TOOLS + 3].sum()
    s[S_ONE_TIME] = row[ONE_TIME_TOOLS : ONE_TIME_TOOLS + MAX_ONE_TIME_TOOLS].sum()
    s[S_TOKENS] = row[CHOICE_TOKENS]
    s[S_CULTURE : S_CULTURE + N_CULTURE_SYMBOLS] = row[CULTURE : CULTURE + N_CULTURE_SYMBOLS]
    s[S_FIGURES : S_FIGURES + 4] = row[FIGURES + 1 : FIGURES + 5]
    s[S_BUILDINGS] = row[N_BUILDINGS_HELD]
    s[S_POINTS] = row[PARTS : PARTS + N_PARTS].sum()
    s[S_TILES] = row[HERD + H_TILES_WON]
    s[S_CARDS] = row[N_CARDS_HELD]
    return s


def _reference_block(s: np.ndarray, rounds: float) -> np.ndarray:
    symbols = s[S_CULTURE : S_CULTURE + N_CULTURE_SYMBOLS]
    top = int(symbols.max()) if symbols.size else 0
    sets = [(symbols >= level).sum() for level in range(1, top + 1)]
    culture = float(sum(n * n for n in sets))
    missing = float(N_CULTURE_SYMBOLS - (symbols >= 1).sum())
    figures = s[S_FIGURES : S_FIGURES + 4]
    bases = np.array([s[S_AGRICULTURE], s[S_TOOLS], s[S_BUILDINGS], s[S_PEOPLE]])
    products = figures * bases
    goods = s[S_FOOD : S_FOOD + 5]
    balance = goods[0] + s[S_AGRICULTURE] - s[S_PEOPLE]
    standing_now = s[S_POINTS] + culture + goods[1:].sum() + s[S_TOKENS] + products.sum()
    return np.concatenate(
        [
            goods,
            [goods[1:] @ np.array([3.0, 4.0, 5.0, 6.0])],
            [s[S_PEOPLE], s[S_AGRICULTURE], s[S_TOOLS], s[S_ONE_TIME], s[S_TOKENS]],
            [culture, missing],
            products,
            figures,
            [s[S_BUILDINGS], s[S_POINTS], s[S_TILES], balance, max(0.0, -balance)],
            rounds * bases[[3, 0, 1]],
            [standing_now],
        ]
    )


def reference_features(game_row: np.ndarray, seat_rows: np.ndarray, seat: int) -> np.ndarray:
    """The feature row of ``seat`` computed in plain numpy (the tests' reference).

    Parameters
    ----------
    game_row : numpy.ndarray
        ``st.game[g]`` of a game.
    seat_rows : numpy.ndarray
        ``st.seat[g]`` of the game (one row per seat).
    seat : int
        The seat whose position is described.

    Returns
    -------
    numpy.ndarray
        ``N_FEATURES`` floats, the same row as :func:`position_features`.
    """
    players = int(game_row[I_PLAYERS])
    deck = N_CARDS - int(game_row[I_DECK_POS])
    n_stacks = int(game_row[I_N_STACKS])
    taken = game_row[STACK_TAKEN : STACK_TAKEN + n_stacks].astype(np.int64)
    smallest = int(min([STACK_SIZE] + list(STACK_SIZE - taken)))
    rounds = min(
        1.0 + deck / max(0.1, CLOCK[0] * players),
        max(1.0, smallest / max(0.05, CLOCK[1])),
    )
    summaries = [_reference_summary(seat_rows[q]) for q in range(players)]
    others = [q for q in range(players) if q != seat]
    standings = [_reference_block(summaries[q], rounds)[-1] for q in others]
    other = others[int(np.argmax(standings))]
    own_block = _reference_block(summaries[seat], rounds)
    other_block = _reference_block(summaries[other], rounds)
    most_tiles = max(summaries[q][S_TILES] for q in others)
    tiles_left = max(0, int(game_row[I_N_TILES]) - int(game_row[I_TILE_POS]))
    lead = summaries[seat][S_TILES] - most_tiles
    game = [
        rounds,
        deck,
        smallest,
        tiles_left,
        lead,
        lead / (1.0 + tiles_left),
        float(players == 2),
        float(players == 3),
    ]
    return np.concatenate([own_block, other_block, (own_block - other_block) * rounds / 10.0, game])


if MAX_PLAYERS != 4 or [int(k) for k in CardKind][1:] != [1, 2, 3, 4]:
    raise ImportError("strategies.features reads the multiplier figures as kinds 1..4")
