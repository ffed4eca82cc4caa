"""Named integers of the game: resources, areas, card kinds and effects.

Kernels index arrays with these; they are plain module-level ints (numba treats them as
compile-time constants) mirrored by IntEnums for Python code and output labels.
"""

from enum import IntEnum

import numpy as np

MAX_PLAYERS = 4
START_PEOPLE = 5
MAX_PEOPLE = 10
START_FOOD = 12
MAX_AGRICULTURE = 10
TOOL_SLOTS = 3
MAX_TOOL_SLOT = 4
MAX_ONE_TIME_TOOLS = 4
N_CARDS = 36
N_CARD_SPACES = 4
N_BUILDINGS = 28
STACK_SIZE = 7
N_STACKS = 4
N_CULTURE_SYMBOLS = 8
STARVATION_PENALTY = 10
MAX_ROUNDS = 200  # a safety stop: a game still going then is cut off (``safety_stop``)


class Resource(IntEnum):
    """Goods a player holds; index 0 is food, which is never a "resource"."""

    FOOD = 0
    WOOD = 1
    BRICK = 2
    STONE = 3
    GOLD = 4


FOOD, WOOD, BRICK, STONE, GOLD = 0, 1, 2, 3, 4
N_GOODS = 5
UNIT_VALUE = np.array([0, 3, 4, 5, 6], dtype=np.int64)
DIVISOR = np.array([2, 3, 4, 5, 6], dtype=np.int64)


class Area(IntEnum):
    """Places on the board; a gathering area's index equals the good it yields."""

    HUNTING_GROUNDS = 0
    FOREST = 1
    CLAY_PIT = 2
    QUARRY = 3
    RIVER = 4
    TOOL_MAKER = 5
    HUT = 6
    FIELD = 7
    CARD_1 = 8  # the rightmost card space: costs 1 resource
    CARD_2 = 9
    CARD_3 = 10
    CARD_4 = 11
    BUILDING_1 = 12
    BUILDING_2 = 13
    BUILDING_3 = 14
    BUILDING_4 = 15


HUNTING_GROUNDS, FOREST, CLAY_PIT, QUARRY, RIVER = 0, 1, 2, 3, 4
TOOL_MAKER, HUT, FIELD = 5, 6, 7
FIRST_CARD_SPACE = 8
FIRST_BUILDING = 12
N_AREAS = 16
RESOURCE_AREA_SPACES = 7


class CardKind(IntEnum):
    """A civilization card's bottom: culture (green) or a multiplier type (sand)."""

    CULTURE = 0
    FARMER = 1
    TOOLMAKER = 2
    HUTBUILDER = 3
    SHAMAN = 4


K_CULTURE, K_FARMER, K_TOOLMAKER, K_HUTBUILDER, K_SHAMAN = 0, 1, 2, 3, 4  # CardKind, for kernels
CULTURE_SYMBOLS = ("writing", "medicine", "art", "music", "pottery", "weaving", "transport", "time")


class Effect(IntEnum):
    """Top effects of cards and bonuses of mammoth tiles."""

    FOOD = 0
    RESOURCE = 1  # `amount` of the good in the resource column
    POINTS = 2
    AGRICULTURE = 3
    TOOL = 4  # tool steps
    ONE_TIME_TOOL = 5
    DICE_FOR_EVERYONE = 6
    ROLL2 = 7  # roll 2 dice for the good in the resource column
    EXTRA_CARD = 8
    RESOURCES_OF_CHOICE = 9


E_FOOD, E_RESOURCE, E_POINTS, E_AGRICULTURE, E_TOOL = 0, 1, 2, 3, 4
E_ONE_TIME_TOOL, E_DICE_FOR_EVERYONE, E_ROLL2, E_EXTRA_CARD, E_RESOURCES_OF_CHOICE = 5, 6, 7, 8, 9

# Columns of the card array.
C_KIND, C_SYMBOL, C_FIGURES, C_EFFECT, C_AMOUNT, C_RESOURCE = 0, 1, 2, 3, 4, 5
# Columns of the building array.
B_WOOD, B_BRICK, B_STONE, B_GOLD, B_COUNT, B_KINDS, B_VARIABLE = 0, 1, 2, 3, 4, 5, 6
# Columns of the mammoth tile array.
T_BACK, T_FIRST_EFFECT, T_FIRST_AMOUNT, T_FIRST_RESOURCE = 0, 1, 2, 3
T_ALL_EFFECT, T_ALL_AMOUNT, T_ALL_RESOURCE = 4, 5, 6

# Why a payment in resources is asked for.
PAY_FEEDING, PAY_TAMING, PAY_CARD, PAY_BUILDING = 0, 1, 2, 3

# Floats a base strategy's ``place`` hook may keep across its turns of one placement phase.
MEMO_WIDTH = 56

# Most figures of one seat on the mammoth tile that the exact contest table covers.
MAX_TILE_FIGURES = 10
# The valuation a seat's base strategy hands its taming policy (hook ``value_goods``): what each
# figure on the tile costs and what this round's bonuses are worth, in points. One valuation of
# food and resources serves both the base strategy and the taming policy.
V_FIGURES = 0  # V_FIGURES + k: points the (k+1)-th figure costs; -1.0 if it cannot be paid
V_FIRST = V_FIGURES + MAX_TILE_FIGURES  # points of this round's "1." bonus to the seat
V_ALL = V_FIRST + 1  # points of this round's "all" bonus to the seat
# the weight the base strategy's placement puts on the taming policy's herd_value at this table
# (the engine writes 1.0 before asking; a base that weighs it otherwise says so)
V_HERD = V_ALL + 1
VALUES_WIDTH = V_HERD + 1
