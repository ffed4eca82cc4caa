"""The engine's layout: the rows of the work array one thread reuses (``new_scratch``), the
per-seat notes, and the timers of the timed variant (``sim.engine.TIMING``): named integers that
numba folds into constants. :mod:`sim.engine` and its parts read them; so does Python that reads
the work rows or the timers (the search, the bench's breakdown).
"""

from sim.board import OCC_WIDTH
from sim.constants import MEMO_WIDTH

# The scratch one thread reuses for every game (new_scratch): random streams, a goods buffer,
# work rows and per-seat notes. The work rows, by name:
W_LO = 0  # placement: the fewest people each area takes from the seat to move (legal places)
W_HI = 1  # placement: the most (0: not open to the seat)
W_ACTIVE = 2  # placement: each seat's state in the phase
W_PENDING = 3  # actions: the places the seat acting has not resolved yet (1 per area)
W_CONTEST = 4  # taming: figures of each seat on the tile
W_DICE = 5  # a card's "dice for everyone"
W_RANKS = 6  # final scoring
W_SHUFFLE = 7  # set-up and re-deals: a row of indices to shuffle
W_OCCUPANCY = 8  # placement: the board's occupancy row (sim.board.OCC_*)
W_TIMES = 9  # the timed variant (TIMING): cycles spent in each part of the game (T_*)
W_LAPS = 10  # the timed variant: how many times each part was timed
W_STAY = 11  # placement: 1 for a seat told to place this phase as if there were no herd (advice)
WORK_ROWS = 12
WORK_WIDTH = 72
if OCC_WIDTH > WORK_WIDTH:  # pragma: no cover - a layout error, caught at import
    raise ImportError("the occupancy row does not fit a work row")
NOTES_WIDTH = 1 + MEMO_WIDTH  # per seat: the herd value, then the place hook's memo

# The timers of the timed variant (sim.engine.TIMING): the parts of a game whose cycles it counts
T_GAME = 0  # a whole game: streams seeded, set-up, rounds, scoring
T_SETUP = 1
T_START_ROUND = 2
T_PLACEMENT = 3  # the placement phase; inside it:
T_LEGAL = 4  # the legal places of a turn (sim.board.legal_places_from)
T_VALUE_GOODS = 5  # value_goods before herd_value
T_HERD_VALUE = 6  # herd_value, at a seat's first turn with the herd's area open to it
T_FIRST_PLACE = 7  # the place hook at a seat's first turn of the phase (memo[0] still 0)
T_PLACE = 8  # the place hook at its later turns
T_ACTIONS = 9  # the actions phase; inside it:
T_NEXT_ACTION = 10  # the next_action hook
T_GATHER = 11  # gathering off the herd's area (the dice, the use_tools hook)
T_VILLAGE = 12  # tool maker, hut, field
T_RESOLVE = 13  # cards, buildings, gathering on the herd's area; inside it:
T_COMMIT = 14  # the commitment; inside it:
T_COMMIT_VALUES = 15  # the base strategy's value_goods
T_COMMIT_FIGURES = 16  # the taming policy's commit_figures
T_COMMIT_PAY = 17  # moving the figures onto the tile and paying for them (food_for_figures)
T_TAMING = 18  # the contest and the bonuses; inside it:
T_BONUS = 19  # the winner's value_goods and take_first_bonus
T_FEEDING = 20
T_END_ROUND = 21
T_SCORING = 22
T_CALIBRATE = 23  # empty laps (play_rows_timed): the cost of a timer itself
N_TIMERS = 24
TIMER_NAMES = (
    "game",
    "set-up",
    "start of round",
    "placement",
    "placement: legal places",
    "placement: value_goods",
    "placement: herd_value",
    "placement: place hook, first turn",
    "placement: place hook, later turns",
    "actions",
    "actions: next_action hook",
    "actions: gathering",
    "actions: village",
    "actions: cards, buildings, herd area",
    "actions: commitment",
    "commitment: value_goods",
    "commitment: commit_figures",
    "commitment: paying for the figures",
    "taming",
    "taming: winner's bonus choice",
    "feeding",
    "end of round",
    "final scoring",
    "timer (calibration)",
)
