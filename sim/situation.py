"""A taming decision's situation, and the decision log of the advice runs.

**The situation** (:func:`fill_situation`) is what a seat sees when it must say how many figures
it commits to the contest (docs/rules.md B2.3): the figures it could move and pay for, what the
earlier seats committed, who is still to decide, the prize and its worth to the seat, the
majority standing, the clock and the score. The advice experiment records it for every decision
it plays out; the ``card`` taming policy reads the same numbers to follow the advice card, so the
card is applied to exactly what it was learnt from.

**A placement decision** (whether to seek the herd) is met at a seat's first placement turn of
a round with the herd's area open to it, when its taming policy values being there
(``herd_value`` above zero): the seat either places this round with that value (it *seeks* the
herd) or with none (it places as if there were no herd). Its situation is the same block,
filled as if the seat had all the people it could put on the herd's area there
(``available``), with :data:`S_RIVALS` and :data:`S_HERD_ESTIMATE` telling the rest.

**The decision log** (``GameState.log``, float64, shape ``(real games, 1 + MAX_DECISIONS,
LOG_WIDTH)``) exists only in advice runs (elsewhere it has no rows). Row 0 of a game is its
header (``LOG_*``); rows ``1 + j`` are its decisions (``D_*`` columns, the situation block at
:data:`SITUATION`, the play-out results at :data:`R_WIN` and :data:`R_MARGIN`). The engine notes
a decision (:func:`note_decision`, :func:`note_placement`) by copying the game at that moment
into its snapshot row (:func:`snapshot_row`: rows after the real games) and what the play-outs
need into the log; the play-outs start from that copy once the real game is over, so the real
game is the game the field plays without the advice run.
"""

from __future__ import annotations

import numpy as np

from sim.board import resources_held
from sim.constants import (
    MAX_TILE_FIGURES,
    N_AREAS,
    N_CARDS,
    STACK_SIZE,
    T_ALL_AMOUNT,
    T_ALL_EFFECT,
    T_ALL_RESOURCE,
    T_FIRST_AMOUNT,
    T_FIRST_EFFECT,
    T_FIRST_RESOURCE,
)
from sim.jit import hot
from sim.rules import Flag
from sim.state import (
    CHOICE_TOKENS,
    FLAGS,
    GOODS,
    H_ON_TILE,
    H_TILES_WON,
    HERD,
    I_DECK_POS,
    I_HERD_AREA,
    I_N_STACKS,
    I_N_TILES,
    I_PLAYERS,
    I_PRIZE,
    I_ROUND,
    I_START_PLAYER,
    I_TILE_POS,
    N_PARTS,
    PARTS,
    PLACED,
    STACK_TAKEN,
    TILE_PILE,
    TILES,
    copy_game,
)

MAX_DECISIONS = 96  # decisions noted per game and seat filter; later ones are counted, not kept
MAX_K = MAX_TILE_FIGURES  # the most figures a seat can commit

# the kinds of decision (D_KIND), and the bits of LOG_KINDS that ask for them
COMMIT_DECISION = 0  # how many figures to commit (options: 0 to kmax figures)
PLACE_DECISION = 1  # whether to seek the herd this round (options: OPTION_STAY, OPTION_SEEK)
NOTE_COMMITMENTS = 1
NOTE_PLACEMENTS = 2
OPTION_STAY = 0  # a placement decision's option: place this round as if there were no herd
OPTION_SEEK = 1  # ... with the seat's own herd_value

# the header row of a game's log
LOG_DECISIONS = 0  # decisions noted
LOG_DROPPED = 1  # decisions met after the log was full
LOG_SEAT = 2  # the seat whose decisions are noted (-1: every seat); set before the game
LOG_KINDS = 3  # which kinds are noted (NOTE_* bits); set before the game

# a decision row: noted by the engine
D_SEAT = 0
D_AVAILABLE = 1  # commitment: the seat's people on the herd's area; placement: the most it can put
D_K_FIELD = 2  # commitment: the figures its taming policy committed really (placement: -1)
D_KIND = 3  # COMMIT_DECISION or PLACE_DECISION
D_HERD_VALUE = 4  # placement: the seat's herd_value (commitment: 0)
D_PENDING = 5  # + area: commitment: 1 for each of the seat's places not resolved yet
SITUATION = D_PENDING + N_AREAS  # the situation block (S_* offsets), filled by the play-outs

# the situation block (fill_situation)
S_ROUND = 0  # the round (1 = the first)
S_PLAYERS = 1
S_AVAILABLE = 2  # figures on the herd's area the seat can move
S_CAN_PAY = 3  # food, resources and resource tokens it holds (1 per figure)
S_KMAX = 4  # the most it can commit: min(available, can pay)
S_COMMITTED_MOST = 5  # the most figures an earlier seat committed this round
S_COMMITTED_SEATS = 6  # earlier seats that committed at least one figure
S_TO_DECIDE = 7  # later seats with people on the herd's area, still to decide
S_FIRST_EFFECT = 8  # the "1." bonus: effect code, amount, good (docs/rules.md B1)
S_FIRST_AMOUNT = 9
S_FIRST_GOOD = 10
S_ALL_EFFECT = 11  # the "all" bonus: effect code, amount, good
S_ALL_AMOUNT = 12
S_ALL_GOOD = 13
S_FIRST_WORTH = 14  # points the "1." bonus is worth to the seat (its base strategy's valuation)
S_ALL_WORTH = 15  # points the "all" bonus is worth to the seat
S_TILES_MINE = 16  # tiles the seat holds
S_TILES_LEADER = 17  # the most tiles any other seat holds
S_TILES_LEFT = 18  # tiles still in the pile (this round's prize not counted)
S_ROUNDS_LEFT = 19  # rounds left, this one included, as greedy's clock reads them
S_SCORE_GAP = 20  # the seat's points so far minus the best other seat's
S_MAMMOTH_POINTS = 21  # what the majority of tiles scores at the end
S_RIVALS = 22  # other seats with people on the herd's area now
S_HERD_ESTIMATE = 23  # placement: the seat's herd_value, points (commitment: 0)
N_SITUATION = 24

# + option: mean win share of the play-outs with that option (k figures committed; stay or seek)
R_WIN = SITUATION + N_SITUATION
R_MARGIN = R_WIN + MAX_K + 1  # + option: mean final margin over the best other seat
LOG_WIDTH = R_MARGIN + MAX_K + 1


def new_log(n_games: int, seat: int = -1, kinds: int = NOTE_COMMITMENTS) -> np.ndarray:
    """An empty decision log for ``n_games`` real games, noting ``seat``'s decisions (-1: all).

    Parameters
    ----------
    n_games : int
        Real games of the batch (the snapshot rows follow them: :func:`snapshot_rows`).
    seat : int
        The seat whose decisions are noted; -1 for every seat.
    kinds : int
        The kinds of decision noted: :data:`NOTE_COMMITMENTS`, :data:`NOTE_PLACEMENTS` or both
        (their sum).

    Returns
    -------
    numpy.ndarray
        float64, shape ``(n_games, 1 + MAX_DECISIONS, LOG_WIDTH)``.
    """
    log = np.zeros((n_games, 1 + MAX_DECISIONS, LOG_WIDTH), dtype=np.float64)
    log[:, 0, LOG_SEAT] = seat
    log[:, 0, LOG_KINDS] = kinds
    return log


def snapshot_rows(n_games: int) -> int:
    """Rows of a batch of ``n_games`` advice games: the games, then their snapshot rows."""
    return n_games * (1 + MAX_DECISIONS)


@hot(inline=True)
def snapshot_row(st, g, j):
    """The batch row holding the copy of game ``g`` at its decision ``j``."""
    return st.log.shape[0] + g * MAX_DECISIONS + j


@hot(inline=True)
def prize_tile(st, g):
    """This round's prize tile, or -1. Read from the pile, so it is known during the taming
    itself too (the engine clears ``I_PRIZE`` before asking the winner for its bonus)."""
    tile = st.game[g, I_PRIZE]
    if tile >= 0:
        return tile
    pos = st.game[g, I_TILE_POS]
    if st.game[g, I_HERD_AREA] < 0 or pos <= 0:
        return -1
    return st.game[g, TILE_PILE + pos - 1]


@hot(inline=True)
def rounds_left(st, g, cards_per_round, stack_rate):
    """Rounds expected to remain, this one included: the sooner of the deck running out at
    ``cards_per_round`` cards per player and round and the smallest building stack running out
    at ``stack_rate`` buildings per round (the clock of ``greedy``)."""
    players = st.game[g, I_PLAYERS]
    deck = N_CARDS - st.game[g, I_DECK_POS]
    by_cards = 1.0 + deck / max(0.1, cards_per_round * players)
    smallest = STACK_SIZE
    for s in range(st.game[g, I_N_STACKS]):
        smallest = min(smallest, STACK_SIZE - st.game[g, STACK_TAKEN + s])
    by_stacks = max(1.0, smallest / max(0.05, stack_rate))
    return min(by_cards, by_stacks)


@hot(inline=True)
def turn_of(st, g, seat):
    """The seat's turn in this round's action order (0: the start player)."""
    players = st.game[g, I_PLAYERS]
    start = st.game[g, I_START_PLAYER]
    return seat - start + players * (seat < start)  # (seat - start) % players, no division


@hot(inline=True)
def points_so_far(st, g, seat):
    """The score parts a seat holds during the game (buildings, card points, bonuses...)."""
    total = 0
    for k in range(N_PARTS):
        total += st.seat[g, seat, PARTS + k]
    return total


@hot
def fill_situation(st, g, seat, available, first_worth, all_worth, clock, out):
    """Write the situation of ``seat``'s commitment in game ``g`` into ``out`` (``S_*``).

    Parameters
    ----------
    st, g, seat
        The game at the decision: the seat gathered on the herd's area and must commit now.
    available : int
        Its people on the herd's area.
    first_worth, all_worth : float
        Points the "1." and the "all" bonus are worth to the seat (its base strategy's
        valuation, ``value_goods``).
    clock : numpy.ndarray
        ``(cards_per_round, stack_rate)`` of the rounds-left clock (:func:`rounds_left`).
    out : numpy.ndarray
        float64, at least :data:`N_SITUATION` entries.
    """
    players = st.game[g, I_PLAYERS]
    can_pay = (
        st.seat[g, seat, GOODS] + resources_held(st, g, seat) + st.seat[g, seat, CHOICE_TOKENS]
    )
    out[S_ROUND] = st.game[g, I_ROUND]
    out[S_PLAYERS] = players
    out[S_AVAILABLE] = available
    out[S_CAN_PAY] = can_pay
    out[S_KMAX] = min(available, can_pay, MAX_K)
    area = st.game[g, I_HERD_AREA]
    mine = turn_of(st, g, seat)
    most = 0
    committed = 0
    to_decide = 0
    rivals = 0
    leader = 0
    best_points = -(10**9)
    for q in range(players):
        if q == seat:
            continue
        if turn_of(st, g, q) < mine:
            on_tile = st.seat[g, q, HERD + H_ON_TILE]
            most = max(most, on_tile)
            committed += on_tile > 0
        elif area >= 0 and st.seat[g, q, PLACED + area] > 0:
            to_decide += 1
        if area >= 0 and st.seat[g, q, PLACED + area] > 0:
            rivals += 1
        leader = max(leader, st.seat[g, q, HERD + H_TILES_WON])
        best_points = max(best_points, points_so_far(st, g, q))
    out[S_COMMITTED_MOST] = most
    out[S_COMMITTED_SEATS] = committed
    out[S_TO_DECIDE] = to_decide
    tile = prize_tile(st, g)
    row = TILES + max(tile, 0)
    out[S_FIRST_EFFECT] = st.data[row, T_FIRST_EFFECT] if tile >= 0 else -1
    out[S_FIRST_AMOUNT] = st.data[row, T_FIRST_AMOUNT] if tile >= 0 else 0
    out[S_FIRST_GOOD] = st.data[row, T_FIRST_RESOURCE] if tile >= 0 else -1
    out[S_ALL_EFFECT] = st.data[row, T_ALL_EFFECT] if tile >= 0 else -1
    out[S_ALL_AMOUNT] = st.data[row, T_ALL_AMOUNT] if tile >= 0 else 0
    out[S_ALL_GOOD] = st.data[row, T_ALL_RESOURCE] if tile >= 0 else -1
    out[S_FIRST_WORTH] = first_worth
    out[S_ALL_WORTH] = all_worth
    out[S_TILES_MINE] = st.seat[g, seat, HERD + H_TILES_WON]
    out[S_TILES_LEADER] = leader
    out[S_TILES_LEFT] = max(0, st.game[g, I_N_TILES] - st.game[g, I_TILE_POS])
    out[S_ROUNDS_LEFT] = rounds_left(st, g, clock[0], clock[1])
    out[S_SCORE_GAP] = points_so_far(st, g, seat) - best_points
    out[S_MAMMOTH_POINTS] = st.data[FLAGS, Flag.MAMMOTH_POINTS]
    out[S_RIVALS] = rivals
    out[S_HERD_ESTIMATE] = 0.0


@hot
def _note(st, g, p, available, kind, herd_value):
    head = st.log[g, 0]
    seat = int(head[LOG_SEAT])
    if seat >= 0 and seat != p:
        return -1
    if (int(head[LOG_KINDS]) >> kind) & 1 == 0:
        return -1
    j = int(head[LOG_DECISIONS])
    if j >= MAX_DECISIONS:
        head[LOG_DROPPED] += 1
        return -1
    head[LOG_DECISIONS] = j + 1
    copy_game(st, g, st, snapshot_row(st, g, j))
    row = st.log[g, 1 + j]
    row[D_SEAT] = p
    row[D_AVAILABLE] = available
    row[D_K_FIELD] = -1
    row[D_KIND] = kind
    row[D_HERD_VALUE] = herd_value
    for a in range(N_AREAS):
        row[D_PENDING + a] = 0
    return 1 + j


@hot(inline=True)
def note_decision(st, g, p, available, pending):
    """In an advice run, note seat ``p``'s taming decision in game ``g`` (right after it gathered
    on the herd's area, before it commits): its snapshot, its people there and its places still
    ``pending``. Returns the decision's log row, or -1 when nothing was noted (not an advice
    run, a play-out's copy, another seat than the one followed, no prize, or a full log)."""
    if g >= st.log.shape[0] or prize_tile(st, g) < 0:
        return -1
    j = _note(st, g, p, available, COMMIT_DECISION, 0.0)
    if j >= 0:
        for a in range(N_AREAS):
            st.log[g, j, D_PENDING + a] = pending[a]
    return j


@hot(inline=True)
def note_placement(st, g, p, most, herd_value):
    """In an advice run that notes placements, note seat ``p``'s placement decision in game
    ``g``: its first turn of the round with the herd's area open to it (``most``: the most
    people it can put there), its taming policy valuing the herd at ``herd_value`` points (only
    above zero: else seeking and staying are the same). Returns the log row, or -1 (as
    :func:`note_decision`)."""
    if g >= st.log.shape[0] or herd_value <= 0.0 or prize_tile(st, g) < 0:
        return -1
    return _note(st, g, p, most, PLACE_DECISION, herd_value)


@hot(inline=True)
def note_choice(st, g, p, row):
    """Note the figures seat ``p`` really committed at the decision in log ``row``."""
    if row >= 0:
        st.log[g, row, D_K_FIELD] = st.seat[g, p, HERD + H_ON_TILE]
