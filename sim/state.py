"""The state of a batch of games: a NamedTuple of five arrays, game index first.

``game[g, :]`` holds one game's board (the scalars ``I_*``, the deck, the card display, the
building stacks, the mammoth tile pile) and ``seat[g, p, :]`` one player's board (goods, people,
tools, cards, score parts, herd statistics, people placed this round), both ``int16`` with named
column offsets below. ``data`` holds the rules data (cards, buildings, rule flags, mammoth tiles)
and ``odds`` the exact contest table, so every hook sees what a player at the table could see;
``log`` holds an advice run's decisions (:mod:`sim.situation`; no rows elsewhere).

Few arrays on purpose: numba passes every array of the tuple to every function it calls and
counts a reference for each, so a call costs about 10 ns per array.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.constants import (
    MAX_ONE_TIME_TOOLS,
    MAX_PLAYERS,
    N_AREAS,
    N_BUILDINGS,
    N_CARD_SPACES,
    N_CARDS,
    N_CULTURE_SYMBOLS,
    N_GOODS,
    N_STACKS,
    STACK_SIZE,
    TOOL_SLOTS,
)
from sim.jit import hot
from sim.rowcopy import copy_row

MAX_TILES = 64

# Per-game scalars in ``game[g, I_*]``.
I_PLAYERS = 0  # player count of the game
I_ROUND = 1  # rounds started so far (1 in the first round)
I_START_PLAYER = 2
I_DECK_POS = 3  # cards drawn from the deck so far
I_TILE_POS = 4  # mammoth tiles turned up so far
I_N_TILES = 5  # tiles in the pile at set-up
I_HERD_AREA = 6  # area the herd stands on this round, -1 when there is none
I_PRIZE = 7  # tile id of this round's prize, -1 when there is none
I_TILES_BOXED = 8
I_HERD_ROUNDS = 9  # rounds in which the herd stood on an area
I_CONTESTS = 10  # rounds in which at least one figure was on the tile
I_OVER = 11  # 1 once the game has ended
I_N_STACKS = 12  # building stacks in play
I_VILLAGE_USED = 13  # village spots (tool maker, hut, field) occupied this round
I_ERROR_PHASE = 14  # debug mode: the phase whose invariant check failed (0: none)
I_ERROR_CODE = 15  # debug mode: which invariant failed
I_MAJORITY_CHANGED = 16  # 1 if the mammoth scoring changed the set of winners
N_INFO = 17

# Score parts in ``seat[g, p, PARTS + P_*]``; they add up to the score.
P_BUILDING = 0
P_CARD = 1  # points from card tops (music, hut builder)
P_CULTURE = 2
P_FARMER = 3
P_TOOLMAKER = 4
P_HUTBUILDER = 5
P_SHAMAN = 6
P_RESOURCE = 7
P_STARVATION = 8  # negative
P_HERD_BONUS = 9  # points from mammoth tile bonuses
P_MAMMOTH = 10  # the mammoth scoring (majority of tiles)
N_PARTS = 11
PART_NAMES = (
    "building_points",
    "card_points",
    "culture_points",
    "farmer_points",
    "toolmaker_points",
    "hutbuilder_points",
    "shaman_points",
    "resource_points",
    "starvation_penalty",
    "herd_bonus_points",
    "mammoth_points",
)

# Herd statistics in ``seat[g, p, HERD + H_*]``.
H_TILES_WON = 0
H_CONTESTS_ENTERED = 1
H_FIGURES_COMMITTED = 2
H_FOOD_PAID = 3
H_RESOURCES_PAID = 4
H_FIRST_BONUSES = 5
H_ALL_BONUSES = 6
H_ON_TILE = 7  # figures on this round's tile
N_HERD = 8
HERD_NAMES = (
    "tiles_won",
    "contests_entered",
    "figures_committed",
    "food_paid_taming",
    "resources_paid_taming",
    "first_bonuses",
    "all_bonuses",
)


# Columns of ``game[g, :]`` after the scalars.
DECK = N_INFO  # 36 card ids in draw order
DISPLAY = DECK + N_CARDS  # card id on each space (0 = rightmost, cost 1), -1 when empty
STACKS = DISPLAY + N_CARD_SPACES  # building ids, stack s at STACKS + s * STACK_SIZE, top first
STACK_TAKEN = STACKS + N_STACKS * STACK_SIZE  # tiles taken from each stack
TILE_PILE = STACK_TAKEN + N_STACKS  # mammoth tile ids, top first
N_GAME = TILE_PILE + MAX_TILES

# Columns of ``seat[g, p, :]``.
GOODS = 0  # food, wood, brick, stone, gold
PEOPLE = GOODS + N_GOODS
AGRICULTURE = PEOPLE + 1
TOOLS = AGRICULTURE + 1  # 3 tool slots
TOOLS_USED = TOOLS + TOOL_SLOTS  # 1 if the slot was used this round
ONE_TIME_TOOLS = TOOLS_USED + TOOL_SLOTS  # values of unused one-time tools (0: none)
CULTURE = ONE_TIME_TOOLS + MAX_ONE_TIME_TOOLS  # green cards held by symbol
FIGURES = CULTURE + N_CULTURE_SYMBOLS  # multiplier figures by CardKind (first unused)
N_CARDS_HELD = FIGURES + 5
N_BUILDINGS_HELD = N_CARDS_HELD + 1
CHOICE_TOKENS = N_BUILDINGS_HELD + 1  # kept "resources of choice" (switch `keep`)
PARTS = CHOICE_TOKENS + 1  # score parts P_*
HERD = PARTS + N_PARTS  # herd statistics H_*
SCORE = HERD + N_HERD
RANK = SCORE + 1  # 1 = best; tied players share a rank
PLACED = RANK + 1  # people on each area this round
STARVED_ABLE = PLACED + N_AREAS  # -10s taken while the resources to pay were there
N_SEAT = STARVED_ABLE + 1

# Rows of ``data``.
DATA_WIDTH = 7
CARDS = 0  # 36 rows, columns C_*
BUILDINGS = CARDS + N_CARDS  # 28 rows, columns B_*
FLAGS = BUILDINGS + N_BUILDINGS  # one row: the rule flags (sim.rules.Flag)
TILES = FLAGS + 1  # one row per mammoth tile, columns T_*


class GameState(NamedTuple):
    """A batch of games (game index first) plus the shared rules data."""

    game: np.ndarray  # (G, N_GAME) int16
    seat: np.ndarray  # (G, 4, N_SEAT) int16
    data: np.ndarray  # (TILES + T, DATA_WIDTH) int64, read-only
    odds: np.ndarray  # (11, 11, 11, 11, 6) float64: exact contest outcomes (tie rule in force)
    log: np.ndarray  # (real games, ., .) float64: the advice runs' decision log (sim.situation)


def rules_data(
    cards: np.ndarray, buildings: np.ndarray, tiles: np.ndarray, flags: np.ndarray
) -> np.ndarray:
    """Stack the rules data into the one read-only ``data`` array the kernels read."""
    data = np.zeros((TILES + tiles.shape[0], DATA_WIDTH), dtype=np.int64)
    data[CARDS : CARDS + N_CARDS, : cards.shape[1]] = cards
    data[BUILDINGS : BUILDINGS + N_BUILDINGS, : buildings.shape[1]] = buildings
    data[FLAGS, : flags.shape[0]] = flags
    data[TILES:, : tiles.shape[1]] = tiles
    data.setflags(write=False)
    return data


def new_state(
    n_games: int, players: int, data: np.ndarray, odds: np.ndarray, log: np.ndarray | None = None
) -> GameState:
    """Allocate zeroed arrays for ``n_games`` games; the kernel sets each game up itself.

    Parameters
    ----------
    n_games : int
        Games in the batch.
    players : int
        Player count (2-4) of every game in the batch.
    data : numpy.ndarray
        :func:`rules_data` of the run.
    odds : numpy.ndarray
        Exact contest outcome table for the tie rule in force.
    log : numpy.ndarray, optional
        An advice run's decision log (:func:`sim.situation.new_log`; its real games are the
        first rows of the batch, their snapshot rows follow). By default the log has no rows and
        nothing is noted.

    Returns
    -------
    GameState
    """
    game = np.zeros((n_games, N_GAME), dtype=np.int16)
    game[:, I_PLAYERS] = players
    game[:, I_HERD_AREA] = -1
    game[:, I_PRIZE] = -1
    game[:, DISPLAY : DISPLAY + N_CARD_SPACES] = -1
    game[:, TILE_PILE : TILE_PILE + MAX_TILES] = -1
    seat = np.zeros((n_games, MAX_PLAYERS, N_SEAT), dtype=np.int16)
    if log is None:
        log = np.zeros((0, 1, 1), dtype=np.float64)
    return GameState(game=game, seat=seat, data=data, odds=odds, log=log)


@hot
def copy_game(src, g, dst, h):
    """Copy game ``g`` of ``src`` (its board and every seat) into row ``h`` of ``dst``."""
    copy_row(dst.game, h, src.game, g)
    copy_row(dst.seat, h, src.seat, g)
