"""Reading a position file and checking it (docs/positions.md): :func:`read_position`.

:func:`position_problems` checks a parsed document in a single pass and lists every problem it
finds, each a line that starts with the field at fault (a misspelt name or field gets a "did you
mean"); a problem that leaves nothing sound to check further (no players, a tile file that
cannot be read) ends the list. :func:`position_from_dict` builds the
:class:`~sim.position_model.Position` of a document without problems, and otherwise raises an
:class:`~sim.errors.InputError` of one line: the first problem, and how many more there are.

Names of pieces may be given as their full text or their short id (``C12``, ``B3``, ``T7``:
:func:`sim.names.short_ids`). A relative ``rules.tiles`` is found beside the position file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

from sim.board import legal_places
from sim.constants import (
    C_FIGURES,
    C_KIND,
    C_SYMBOL,
    FIELD,
    FIRST_BUILDING,
    FIRST_CARD_SPACE,
    MAX_AGRICULTURE,
    MAX_ONE_TIME_TOOLS,
    MAX_PEOPLE,
    MAX_ROUNDS,
    MAX_TOOL_SLOT,
    N_AREAS,
    N_BUILDINGS,
    N_CARD_SPACES,
    N_CARDS,
    STACK_SIZE,
    START_PEOPLE,
    T_BACK,
    TOOL_MAKER,
    TOOL_SLOTS,
    CardKind,
)
from sim.data import load_cards, load_tiles
from sim.errors import InputError
from sim.names import (
    AREA_NAMES,
    GOOD_NAMES,
    normal,
)
from sim.position_fields import (
    NOTES,
    Taker,
    area_of,
    did_you_mean,
    fields,
    listed,
    note,
    stop_if,
    whole,
)
from sim.position_model import (
    FORMAT,
    HERD_STATS,
    KINDS,
    MAX_GOODS,
    MAX_POSITION_BYTES,
    PARTS_OF,
    Pieces,
    Position,
    action_order,
)
from sim.position_rules import broken_rule
from sim.rules import RESOURCES_OF_CHOICE, TIE_RULES, Rules
from sim.state import (
    AGRICULTURE,
    CHOICE_TOKENS,
    CULTURE,
    DECK,
    DISPLAY,
    FIGURES,
    GOODS,
    H_ON_TILE,
    H_TILES_WON,
    HERD,
    I_CONTESTS,
    I_DECK_POS,
    I_HERD_AREA,
    I_HERD_ROUNDS,
    I_N_STACKS,
    I_N_TILES,
    I_PLAYERS,
    I_PRIZE,
    I_ROUND,
    I_START_PLAYER,
    I_TILE_POS,
    I_TILES_BOXED,
    I_VILLAGE_USED,
    N_BUILDINGS_HELD,
    N_CARDS_HELD,
    N_GAME,
    N_SEAT,
    ONE_TIME_TOOLS,
    PARTS,
    PEOPLE,
    PLACED,
    STACK_TAKEN,
    STACKS,
    STARVED_ABLE,
    TILE_PILE,
    TOOLS,
    TOOLS_USED,
    GameState,
)
from sim.textfiles import parse_toml, read_toml

_TOP = ("format", "round", "start_player", "rules", "board", "herd", "player", "decision", "hidden")
_RULES = ("tie_rule", "mammoth_points", "resources_of_choice", "tiles", "herd")
_BOARD = ("cards", "stacks", "deck")
_STACK = ("top", "left")
_HERD = ("area", "tile", "out", "next", "contests")
_PLAYER = (
    "name",
    "people",
    *GOOD_NAMES,
    "agriculture",
    "tools",
    "tools_used",
    "one_time_tools",
    "cards",
    "buildings",
    "points",
    "tiles",
    "placed",
    "on_tile",
    "resources_of_choice",
    "herd",
    "starved_while_able",
)
_DECISION = ("kind", "seat", "pending")
_HIDDEN = ("known", "deck", "stacks", "pile")


def tiles_beside(tiles, folder: str | os.PathLike | None):
    """``rules.tiles`` of a position file in ``folder``: a relative tile file's path is found
    beside the position file (``"default"``, an absolute path, or no folder: as given)."""
    if not isinstance(tiles, str) or tiles == "default" or folder is None:
        return tiles
    if Path(tiles).is_absolute():
        return tiles
    return str(Path(folder) / tiles)


def _rules(doc: dict) -> Rules:
    table = fields(doc.get("rules", {}), _RULES, "rules")
    tie = table.get("tie_rule", "longer_wins")
    if tie not in TIE_RULES:
        raise InputError(f"rules.tie_rule must be one of {', '.join(TIE_RULES)}, not {tie!r}")
    choice = table.get("resources_of_choice", "immediate")
    if choice not in RESOURCES_OF_CHOICE:
        raise InputError(
            f"rules.resources_of_choice must be one of {', '.join(RESOURCES_OF_CHOICE)}, "
            f"not {choice!r}"
        )
    herd = table.get("herd", True)
    if not isinstance(herd, bool):
        raise InputError(f"rules.herd must be true or false, not {herd!r}")
    tiles = table.get("tiles", "default")
    if not isinstance(tiles, str):
        raise InputError(f"rules.tiles must be 'default' or a tile file's path, not {tiles!r}")
    points = whole(table, "mammoth_points", "rules", 0, 100, default=10)
    rules = Rules(
        tie_rule=tie,
        herd=herd,
        mammoth_points=points,
        tiles=tiles,
        tiles_assumed=tiles == "default",
        resources_of_choice=choice,
    )
    load_tiles(rules.tiles)  # a bad tile file: its own one-line error
    return rules


def _players(doc: dict) -> list[dict]:
    players = doc.get("player")
    if not isinstance(players, list) or not players:
        raise InputError("player: the players are missing (one [[player]] table per seat)")
    if not 2 <= len(players) <= 4:
        raise InputError(f"player: Stone Age is played by 2 to 4 players, not {len(players)}")
    names = []
    for i, table in enumerate(players):
        name = table.get("name") if isinstance(table, dict) else None
        where = f"player {name!r}" if isinstance(name, str) and name.strip() else f"player {i + 1}"
        players[i] = table = fields(table, _PLAYER, where)
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"{where}: the field 'name' is missing (a name for the seat)")
        if normal(name) in names:
            raise InputError(f"{where}: the name {name!r} is taken by an earlier player")
        names.append(normal(name))
    return players


def tool_slots(total: int) -> list[int]:
    """The tool slots of a player with ``total`` tools: each new tool raises the lowest slot,
    the leftmost first (:func:`sim.board.gain_tool_step`'s order)."""
    base, extra = divmod(total, TOOL_SLOTS)
    return [base + (s < extra) for s in range(TOOL_SLOTS)]


def _seat_of(names: list[str], name, where: str) -> int:
    if isinstance(name, str) and normal(name) in [normal(n) for n in names]:
        return [normal(n) for n in names].index(normal(name))
    hint = did_you_mean(name, names)
    raise InputError(f"{where} must name a player ({', '.join(names)}), not {name!r}{hint}")


def _player(
    table: dict,
    p: int,
    seat: np.ndarray,
    pieces: Pieces,
    cards: Taker,
    buildings: Taker,
    rules: Rules,
    players: int,
) -> list[int]:
    """Fill one seat's row from its table; return the buildings it names."""
    where = f"player {table['name']!r}"
    row = seat[p]
    row[PEOPLE] = whole(table, "people", where, START_PEOPLE, MAX_PEOPLE)
    for good, name in enumerate(GOOD_NAMES):
        row[GOODS + good] = whole(table, name, where, 0, MAX_GOODS, default=0)
    row[AGRICULTURE] = whole(table, "agriculture", where, 0, MAX_AGRICULTURE, default=0)
    tools = listed(table, "tools", where, default=[])
    if len(tools) > TOOL_SLOTS:
        note(f"{where}.tools: a player has {TOOL_SLOTS} tool slots, not {len(tools)}")
        tools = []
    for s, value in enumerate(tools):
        row[TOOLS + s] = whole({"tools": value}, "tools", where, 0, MAX_TOOL_SLOT)
    slots = [int(v) for v in row[TOOLS : TOOLS + TOOL_SLOTS]]
    if slots != tool_slots(sum(slots)):
        note(
            f"{where}.tools: each new tool raises the lowest slot, the leftmost first, so "
            f"{sum(slots)} tools lie as {tool_slots(sum(slots))}, not {slots}"
        )
    used = listed(table, "tools_used", where, default=[])
    if len(used) > TOOL_SLOTS or any(not isinstance(u, bool) for u in used):
        note(f"{where}.tools_used must be up to {TOOL_SLOTS} true/false, one a slot")
        used = []
    for s, flag in enumerate(used):
        if flag and row[TOOLS + s] == 0:
            note(f"{where}.tools_used: tool slot {s + 1} holds no tool to have used")
        row[TOOLS_USED + s] = int(flag)
    one_time = listed(table, "one_time_tools", where, default=[])
    if len(one_time) > MAX_ONE_TIME_TOOLS:
        note(f"{where}.one_time_tools: at most {MAX_ONE_TIME_TOOLS}, not {len(one_time)}")
        one_time = []
    for s, value in enumerate(one_time):
        row[ONE_TIME_TOOLS + s] = whole({"one_time_tools": value}, "one_time_tools", where, 0, 6)
    for i, name in enumerate(listed(table, "cards", where, default=[])):
        card = cards.take(name, f"{where}.cards[{i + 1}]")
        if card is None:
            continue
        data = load_cards()[card]
        if int(data[C_KIND]) == CardKind.CULTURE:
            row[CULTURE + int(data[C_SYMBOL])] += 1
        else:
            row[FIGURES + int(data[C_KIND])] += int(data[C_FIGURES])
        row[N_CARDS_HELD] += 1
    held = [
        buildings.take(name, f"{where}.buildings[{i + 1}]")
        for i, name in enumerate(listed(table, "buildings", where, default=[]))
    ]
    held = [b for b in held if b is not None]
    row[N_BUILDINGS_HELD] = len(held)
    points = table.get("points", 0)
    if isinstance(points, dict):
        for key in points:
            if key not in PARTS_OF:
                hint = did_you_mean(key, PARTS_OF) or "; the parts are " + ", ".join(PARTS_OF)
                note(f"{where}.points: unknown part {key!r}{hint}")
                continue
            row[PARTS + PARTS_OF[key]] = whole(points, key, f"{where}.points", -999, 999)
    else:
        row[PARTS + PARTS_OF["building"]] = whole(table, "points", where, -999, 999, default=0)
    row[HERD + H_TILES_WON] = whole(table, "tiles", where, 0, len(pieces.tiles), default=0)
    row[HERD + H_ON_TILE] = whole(table, "on_tile", where, 0, MAX_PEOPLE, default=0)
    stats = fields(table.get("herd", {}), tuple(HERD_STATS), f"{where}.herd")
    for key, k in HERD_STATS.items():
        if k != H_ON_TILE and key in stats:
            row[HERD + k] = whole(stats, key, f"{where}.herd", 0, 9_999)
    tokens = whole(table, "resources_of_choice", where, 0, 99, default=0)
    if tokens and rules.resources_of_choice != "keep":
        note(f"{where}.resources_of_choice: kept resources need rules resources_of_choice = 'keep'")
    row[CHOICE_TOKENS] = tokens
    row[STARVED_ABLE] = whole(table, "starved_while_able", where, 0, MAX_ROUNDS, default=0)
    placed = table.get("placed", {})
    if not isinstance(placed, dict):
        note(f"{where}.placed must be a table of areas and people")
        placed = {}
    for name in placed:
        area = area_of(name, f"{where}.placed", players)
        if area is None:
            continue
        if row[PLACED + area]:
            note(f"{where}.placed: the {AREA_NAMES[area]} is named twice")
            continue
        row[PLACED + area] = whole(placed, name, f"{where}.placed", 1, MAX_PEOPLE)
        if area >= FIRST_CARD_SPACE and row[PLACED + area] > 1:
            note(
                f"{where}.placed: {row[PLACED + area]} people on {AREA_NAMES[area]}, "
                "which takes one"
            )
    if row[PLACED : PLACED + N_AREAS].sum() > row[PEOPLE]:
        note(
            f"{where}.placed: {row[PLACED : PLACED + N_AREAS].sum()} people placed, "
            f"but the player has {row[PEOPLE]}"
        )
    return held


def _board(
    doc: dict, game: np.ndarray, players: int, pieces: Pieces, cards: Taker, buildings: Taker
) -> list[tuple[int, int]]:
    """Fill the display; return each stack's (top or -1, tiles left)."""
    board = fields(doc.get("board"), _BOARD, "board") if "board" in doc else None
    if board is None:
        raise InputError("board: the field is missing (the card display and the stacks)")
    display = listed(board, "cards", "board")
    if len(display) != N_CARD_SPACES:
        note(
            f"board.cards: the display has {N_CARD_SPACES} spaces (card 1 first; "
            f"'' for an empty one), not {len(display)}"
        )
        cards.failed = True
        display = display[:N_CARD_SPACES]
    for s, name in enumerate(display):
        card = -1 if name == "" else cards.take(name, f"board.cards[{s + 1}]")
        game[DISPLAY + s] = -1 if card is None else card
    stacks = listed(board, "stacks", "board")
    if len(stacks) != players:
        raise InputError(
            f"board.stacks: {players} players play {players} building stacks, not {len(stacks)}"
        )
    out = []
    for s, table in enumerate(stacks):
        where = f"board.stacks[{s + 1}]"
        table = fields(table, _STACK, where)
        left = whole(table, "left", where, 0, STACK_SIZE)
        top = table.get("top", "")
        if (left == 0) != (top in ("", None)):
            note(f"{where}: a stack with tiles left shows its top, an empty one none")
            buildings.failed = True
            left = 0
        top = buildings.take(top, f"{where}.top") if left else -1
        out.append((-1, 0) if top is None else (top, left))
    return out


def _herd(doc: dict, game: np.ndarray, pieces: Pieces, rules: Rules) -> tuple[list[int], int, bool]:
    """Fill the herd's scalars; return the tiles seen (earlier rounds, then this one's), the
    back of the next tile (-1: none), and whether the earlier tiles were given as a count only
    (then dealt here in a fixed order: the first tiles of the set not seen, leaving the pile
    one with the next tile's back; :func:`sim.position_deal.deal_earlier` deals them anew)."""
    if not rules.herd:
        if "herd" in doc:
            raise InputError("herd: the rules play without The Mammoth Herd (rules.herd = false)")
        return [], -1, False
    table = fields(doc.get("herd", {}), _HERD, "herd")
    taker = Taker("mammoth tile", pieces.tile_copies, pieces.tile_names)
    out = table.get("out")
    count = None
    if isinstance(out, int) and not isinstance(out, bool):
        if not 0 <= out < len(pieces.tiles):
            raise InputError(
                f"herd.out: the earlier rounds turned 0 to {len(pieces.tiles) - 1} tiles, not {out}"
            )
        count, seen = out, []
    else:
        seen = [
            taker.take(n, f"herd.out[{i + 1}]") for i, n in enumerate(listed(table, "out", "herd"))
        ]
    if taker.failed:
        raise InputError(NOTES.get().pop() if NOTES.get() else "herd.out: a tile is wrong")
    game[I_N_TILES] = len(pieces.tiles)
    tile = table.get("tile")
    if tile is not None:
        prize = taker.take(tile, "herd.tile")
        area = area_of(table.get("area", ""), "herd.area", 4)
        if prize is None or area is None:
            raise InputError(NOTES.get().pop())
        back = int(pieces.tiles[prize, T_BACK])
        if area != back:
            raise InputError(
                f"herd.area: the tile {tile!r} puts the herd on the "
                f"{AREA_NAMES[back]}, not the {AREA_NAMES[area]}"
            )
        seen.append(prize)
        game[I_PRIZE] = prize
        game[I_HERD_AREA] = area
    elif "area" in table:
        raise InputError("herd.area: the herd stands on an area only with this round's tile")
    rest = taker.rest(len(pieces.tiles))
    if count is not None and count > len(rest):
        raise InputError(
            f"herd.out: {count} tiles out in earlier rounds, but the tile set has "
            f"{len(rest)} besides this round's"
        )
    remaining = len(rest) - (count or 0)
    next_back = -1
    if remaining:
        name = table.get("next")
        if not isinstance(name, str) or normal(name) not in GOOD_NAMES:
            said = "is not given" if name is None else f"must be one of them, not {name!r}"
            raise InputError(
                "herd.next: the back of the pile's next tile (food, wood, brick, stone or "
                f"gold) {said}"
            )
        next_back = GOOD_NAMES.index(normal(name))
        backs = [t for t in rest if pieces.tiles[t, T_BACK] == next_back]
        if not backs:
            raise InputError(f"herd.next: no tile left in the pile has a {name} back")
        if count is not None:  # a fixed deal: the pile keeps a tile with the next one's back
            seen = [t for t in rest if t != backs[0]][:count] + seen
    elif "next" in table:
        raise InputError("herd.next: the pile is empty, there is no next tile")
    elif count is not None:
        seen = rest + seen
    game[I_TILE_POS] = len(seen)
    game[I_HERD_ROUNDS] = len(seen)
    return seen, next_back, count is not None


def _hidden(
    doc: dict,
    game: np.ndarray,
    players: int,
    pieces: Pieces,
    cards: Taker,
    buildings: Taker,
    stacks: list,
    seen: list[int],
    next_back: int,
) -> bool:
    """Fill the deck, the stacks under their tops, the box and the pile; True if known."""
    table = fields(doc.get("hidden", {}), _HIDDEN, "hidden")
    for key in ("deck", "stacks", "pile"):
        if key in table and not isinstance(table[key], list):
            raise InputError(f"hidden.{key} must be a list of names, not {table[key]!r}")
    known = table.get("known", False)
    if not isinstance(known, bool):
        raise InputError(f"hidden.known must be true or false, not {known!r}")
    drawn = sorted(cards.taken)
    game[DECK : DECK + len(drawn)] = drawn
    game[I_DECK_POS] = len(drawn)
    rest = cards.rest(N_CARDS)
    if "deck" in table:
        deck = [cards.take(n, f"hidden.deck[{i + 1}]") for i, n in enumerate(table["deck"])]
        stop_if(cards)
        if len(deck) != len(rest):
            raise InputError(
                f"hidden.deck: {len(rest)} cards are left in the deck, not {len(deck)}"
            )
        rest = deck
    elif known:
        raise InputError("hidden.deck: known = true needs the deck's order")
    game[DECK + len(drawn) : DECK + N_CARDS] = rest
    # buildings: the tiles taken (with the players), the tops, then what lies under them
    taken = sorted(buildings.taken - {top for top, _ in stacks})
    unseen = buildings.rest(N_BUILDINGS)  # under the tops, and (2-3 players) in the box
    if "stacks" in table:
        under = listed(table, "stacks", "hidden")
        if len(under) != players:
            raise InputError(
                f"hidden.stacks: one list per stack in play ({players}), not {len(under)}"
            )
        for s, lst in enumerate(under):
            where = f"hidden.stacks[{s + 1}]"
            if not isinstance(lst, list) or len(lst) != max(0, stacks[s][1] - 1):
                raise InputError(f"{where}: the {max(0, stacks[s][1] - 1)} tiles under the top")
        unseen = [
            buildings.take(n, f"hidden.stacks[{s + 1}]") for s, lst in enumerate(under) for n in lst
        ]
        stop_if(buildings)
    elif known:
        raise InputError("hidden.stacks: known = true needs the tiles under the stack tops")
    k = 0
    for s, (top, left) in enumerate(stacks):
        base = STACKS + s * STACK_SIZE
        taken_here = STACK_SIZE - left
        game[base : base + taken_here] = taken[:taken_here]
        taken = taken[taken_here:]
        if left:
            game[base + taken_here] = top
            game[base + taken_here + 1 : base + STACK_SIZE] = unseen[k : k + left - 1]
            k += left - 1
        game[STACK_TAKEN + s] = taken_here
    game[I_N_STACKS] = players
    # the mammoth pile: the tiles seen, then the rest with the next tile's back first
    left = [t for t in range(len(pieces.tiles)) if t not in seen]
    if "pile" in table:
        taker = Taker("mammoth tile", pieces.tile_copies, pieces.tile_names)
        taker.taken = set(seen)
        pile = [taker.take(n, f"hidden.pile[{i + 1}]") for i, n in enumerate(table["pile"])]
        stop_if(taker)
        if len(pile) != len(left):
            raise InputError(
                f"hidden.pile: {len(left)} tiles are left in the pile, not {len(pile)}"
            )
        if pile and pieces.tiles[pile[0], T_BACK] != next_back:
            raise InputError("hidden.pile: the first tile's back is not herd.next")
        left = pile
    elif known and left:
        raise InputError("hidden.pile: known = true needs the pile's order")
    else:
        first = next(t for t in left if pieces.tiles[t, T_BACK] == next_back) if left else None
        left = ([first] + [t for t in left if t != first]) if left else []
    game[TILE_PILE : TILE_PILE + len(seen)] = seen
    game[TILE_PILE + len(seen) : TILE_PILE + len(seen) + len(left)] = left
    return known


def _turn_check(names, seat, players: int, start: int, p: int) -> None:
    """A placement turn: seat ``p`` has people at home, every seat has taken its turns."""
    turns = [(seat[q, PLACED : PLACED + N_AREAS] > 0).sum() for q in range(players)]
    home = [seat[q, PEOPLE] - seat[q, PLACED : PLACED + N_AREAS].sum() for q in range(players)]
    if home[p] <= 0:
        raise InputError(f"decision.seat: {names[p]} has placed every person; it is not their turn")
    before = True
    for q in action_order(players, start):
        if q == p:
            before = False
            continue
        want = turns[p] + 1 if before else turns[p]
        if turns[q] > want or (turns[q] < want and home[q] > 0):
            raise InputError(
                f"decision.seat: it cannot be {names[p]}'s turn: {names[q]} has "
                f"taken {turns[q]} turns, {names[p]} {turns[p]}"
            )


def _placement_check(st: GameState, names, players: int, kind: str, start: int) -> None:
    """Every place taken is one the engine allows, the others' places as they are; a place
    that is not is blamed on the last of its area's players in this round's order, with the
    rule it breaks (:func:`sim.position_rules.broken_rule`), once per area."""
    lo = np.zeros(N_AREAS, dtype=np.int64)
    hi = np.zeros(N_AREAS, dtype=np.int64)
    last = N_AREAS if kind == "placement" else FIRST_CARD_SPACE  # cards, buildings: resolved
    blamed: set[int] = set()
    for q in reversed(action_order(players, start)):
        for a in range(last):
            n = int(st.seat[0, q, PLACED + a])
            if n == 0 or a in blamed:
                continue
            st.seat[0, q, PLACED + a] = 0
            village = TOOL_MAKER <= a <= FIELD
            st.game[0, I_VILLAGE_USED] -= village
            legal_places(st, 0, q, lo, hi)
            used = int(st.game[0, I_VILLAGE_USED])
            st.seat[0, q, PLACED + a] = n
            st.game[0, I_VILLAGE_USED] += village
            if not lo[a] <= n <= hi[a] or hi[a] == 0:
                blamed.add(a)
                others = [
                    (names[o], int(st.seat[0, o, PLACED + a]))
                    for o in action_order(players, start)
                    if o != q and st.seat[0, o, PLACED + a] > 0
                ]
                if FIRST_CARD_SPACE <= a < FIRST_BUILDING:
                    space_open = bool(st.game[0, DISPLAY + a - FIRST_CARD_SPACE] >= 0)
                else:
                    s = a - FIRST_BUILDING
                    space_open = bool(s < players and st.game[0, STACK_TAKEN + s] < STACK_SIZE)
                rule = broken_rule(names[q], a, n, others, players, used, space_open)
                note(f"player {names[q]!r}.placed: {rule}")


def _decision(doc: dict, names, game, seat, players: int, start: int) -> tuple[str, int, tuple]:
    table = fields(doc.get("decision", {}), _DECISION, "decision")
    kind = table.get("kind")
    if kind not in KINDS:
        raise InputError(f"decision.kind must be one of {', '.join(KINDS)}, not {kind!r}")
    p = _seat_of(names, table.get("seat"), "decision.seat")
    area = int(game[I_HERD_AREA])
    order = action_order(players, start)
    if kind == "placement":
        if "pending" in table:
            raise InputError("decision.pending: only a commitment has places still to resolve")
        for q in range(players):
            if seat[q, HERD + H_ON_TILE]:
                raise InputError(
                    f"player {names[q]!r}.on_tile: nobody is on the tile before the actions"
                )
        if (game[DISPLAY : DISPLAY + N_CARD_SPACES] < 0).any():
            raise InputError(
                "board.cards: at a placement turn every space holds a card (the "
                "display is refilled at each round's end, or the game is over)"
            )
        if (game[STACK_TAKEN : STACK_TAKEN + players] >= STACK_SIZE).any():
            raise InputError(
                "board.stacks: at a placement turn no stack is empty (an empty "
                "stack ends the game at the round's end)"
            )
        _turn_check(names, seat, players, start, p)
        return kind, p, ()
    if area < 0:
        raise InputError("decision.kind: a commitment needs the herd on an area this round")
    if seat[p, PLACED + area] == 0:
        raise InputError(f"decision.seat: {names[p]} has nobody on the {AREA_NAMES[area]}")
    for q in order[order.index(p) :]:
        if seat[q, HERD + H_ON_TILE]:
            raise InputError(
                f"player {names[q]!r}.on_tile: only seats before {names[p]} in this "
                "round's order have committed"
            )
    for q in range(players):
        if seat[q, HERD + H_ON_TILE] > seat[q, PLACED + max(area, 0)]:
            raise InputError(
                f"player {names[q]!r}.on_tile: more figures than people on the {AREA_NAMES[area]}"
            )
    pending = []
    for name in listed(table, "pending", "decision", default=[]):
        a = area_of(name, "decision.pending", players)
        if a is None:
            continue
        if a == area or seat[p, PLACED + a] == 0 or a in pending:
            raise InputError(f"decision.pending: {name!r} is not another place of {names[p]}")
        pending.append(a)
    return kind, p, tuple(sorted(pending))


def _spaces_check(names, seat, players: int) -> None:
    """One person per card and building space, whoever placed it."""
    for a in range(FIRST_CARD_SPACE, FIRST_BUILDING + players):
        on = [q for q in range(players) if seat[q, PLACED + a] > 0]
        for q in on[1:]:
            note(
                f"player {names[q]!r}.placed: {AREA_NAMES[a]} is taken by {names[on[0]]} "
                "(one person per card and building space)"
            )


def _takes_check(names, game, seat, players: int, start: int, p: int, pending) -> None:
    """At a commitment: a card space shows a card, a stack a tile, while a seat still has to
    take it; an empty one only where a seat that has resolved its actions took it."""
    order = action_order(players, start)
    after = order[order.index(p) + 1 :]
    before = order[: order.index(p)]
    herd = int(game[I_HERD_AREA])

    def on(q: int, a: int) -> bool:
        return bool(seat[q, PLACED + a] > 0)

    spaces = [
        (a, game[DISPLAY + a - FIRST_CARD_SPACE] < 0)
        for a in range(FIRST_CARD_SPACE, FIRST_BUILDING)
    ]
    spaces += [
        (a, game[STACK_TAKEN + a - FIRST_BUILDING] >= STACK_SIZE)
        for a in range(FIRST_BUILDING, FIRST_BUILDING + players)
    ]
    for a, empty in spaces:
        field = (
            f"board.cards[{a - FIRST_CARD_SPACE + 1}]"
            if a < FIRST_BUILDING
            else f"board.stacks[{a - FIRST_BUILDING + 1}]"
        )
        if not empty:
            continue
        waiting = [q for q in after if on(q, a)] + ([p] if a in pending else [])
        if waiting:
            note(
                f"{field}: {AREA_NAMES[a]} is shown empty, but {names[waiting[0]]} still has "
                f"to take it (a person there, actions not resolved)"
            )
        elif not any(on(q, a) for q in before) and not (on(p, a) and a != herd):
            note(
                f"{field}: {AREA_NAMES[a]} is shown empty, but no seat that has resolved its "
                "actions took it this round"
            )


def position_problems(doc: dict) -> tuple[Position | None, list[str]]:
    """Check a position document (a parsed file): its :class:`Position` and every problem.

    Parameters
    ----------
    doc : dict
        The document (:func:`read_document`).

    Returns
    -------
    position : Position or None
        The position, None when there is a problem.
    problems : list of str
        One line per problem, each starting with the field at fault, in the file's order as
        far as it can be kept; empty when the position is sound.
    """
    notes: list[str] = []
    token = NOTES.set(notes)
    try:
        position = _check(doc)
    except InputError as exc:
        notes.append(str(exc))
        position = None
    finally:
        NOTES.reset(token)
    return (position if not notes else None), notes


def position_from_dict(doc: dict) -> Position:
    """Check a position document (a parsed file) and build its :class:`Position`.

    Raises
    ------
    InputError
        One line: the first problem (:func:`position_problems`) and how many more there are.
    """
    position, problems = position_problems(doc)
    if problems:
        more = len(problems) - 1
        tail = f" (and {more} more: mammoth position check lists them)" if more else ""
        raise InputError(problems[0] + tail)
    return position


def _check(doc: dict) -> Position:
    """The checks, noting what they can and raising where nothing sound is left to check."""
    if not isinstance(doc, dict):
        raise InputError("the position must be a table")
    doc = fields(doc, _TOP, "the position")
    version = doc.get("format", FORMAT)
    if isinstance(version, bool) or version != FORMAT:
        shown = json.dumps(version) if isinstance(version, bool) else repr(version)
        note(f"format: this is position format {FORMAT}, not {shown}")
    rules = _rules(doc)
    pieces = Pieces(rules)
    tables = _players(doc)
    names = tuple(t["name"].strip() for t in tables)
    players = len(names)
    game = np.zeros(N_GAME, dtype=np.int16)
    seat = np.zeros((4, N_SEAT), dtype=np.int16)
    game[I_PLAYERS] = players
    game[I_HERD_AREA] = -1
    game[I_PRIZE] = -1
    game[DISPLAY : DISPLAY + N_CARD_SPACES] = -1
    game[TILE_PILE:] = -1
    game[I_ROUND] = whole(doc, "round", "round", 1, MAX_ROUNDS - 1)
    start = _seat_of(list(names), doc.get("start_player"), "start_player")
    game[I_START_PLAYER] = start
    cards = Taker("civilization card", pieces.cards, pieces.card_names)
    buildings = Taker("building tile", pieces.buildings, pieces.building_names)
    for p, table in enumerate(tables):
        _player(table, p, seat, pieces, cards, buildings, rules, players)
    _spaces_check(names, seat, players)
    stacks = _board(doc, game, players, pieces, cards, buildings)
    seen, next_back, earlier_unknown = _herd(doc, game, pieces, rules)
    hidden = doc.get("hidden", {}) if isinstance(doc.get("hidden", {}), dict) else {}
    if earlier_unknown and ("pile" in hidden or hidden.get("known") is True):
        note(
            "herd.out: with the earlier tiles a count, the pile is not known: name them to give "
            "[hidden] pile or known = true"
        )
    if rules.herd:
        turned = min(int(game[I_ROUND]), len(pieces.tiles))
        if len(seen) != turned:
            note(
                f"round: by round {int(game[I_ROUND])} the herd has turned {turned} "
                f"tile{'s' if turned != 1 else ''} of "
                f"the pile (one a round while it lasts), but this round's tile (herd.tile) and "
                f"the earlier ones (herd.out) make {len(seen)}"
            )
    won = int(seat[:players, HERD + H_TILES_WON].sum())
    earlier = len(seen) - (game[I_PRIZE] >= 0)
    if won > earlier:
        note(
            f"player.tiles: the players hold {won} tiles, but {earlier} were out "
            "in earlier rounds (herd.out)"
        )
    game[I_TILES_BOXED] = max(0, earlier - won)
    herd = doc.get("herd", {}) if isinstance(doc.get("herd", {}), dict) else {}
    game[I_CONTESTS] = whole(herd, "contests", "herd", won, max(won, earlier), default=won)
    board = doc.get("board", {})
    if "deck" in board and not cards.failed:
        left = whole(board, "deck", "board", 0, N_CARDS)
        if left != N_CARDS - len(cards.taken):
            note(
                f"board.deck: the cards named leave {N_CARDS - len(cards.taken)} in "
                f"the deck, not {left}"
            )
    held = sum(STACK_SIZE - left for _, left in stacks)
    taken = len(buildings.taken - {top for top, _ in stacks})
    if not buildings.failed and taken != held:
        note(f"player.buildings: the players hold {taken} buildings, but the stacks miss {held}")
    if NOTES.get():
        raise InputError(NOTES.get().pop())  # nothing sound to deal the rest from
    known = _hidden(doc, game, players, pieces, cards, buildings, stacks, seen, next_back)
    game[I_VILLAGE_USED] = sum(
        int(seat[q, PLACED + a] > 0) for q in range(players) for a in range(TOOL_MAKER, FIELD + 1)
    )
    kind, p, pending = _decision(doc, names, game, seat, players, start)
    if kind == "commitment":
        _takes_check(names, game, seat, players, start, p, pending)
    position = Position(rules, names, game, seat, kind, p, pending, known, earlier_unknown)
    _placement_check(position.state(), names, players, kind, start)
    if kind == "placement" and game[I_HERD_AREA] < 0:
        note("herd.tile: no herd this round, so there is no herd decision to analyse")
    return position


def read_document(path: str | Path) -> dict:
    """Read a position file into its document (JSON-ready: TOML's dates become strings, which
    no field takes), unchecked but for a relative ``rules.tiles``, which is made the path of
    the tile file beside the position file (:func:`tiles_beside`).

    Raises
    ------
    InputError
        A file that cannot be read, is not TOML or is nested too deep: one line naming the file.
    """
    doc = read_toml(path, "position file", MAX_POSITION_BYTES)
    doc = json.loads(json.dumps(doc, default=str))
    rules = doc.get("rules")
    if isinstance(rules, dict) and "tiles" in rules:
        rules["tiles"] = tiles_beside(rules["tiles"], Path(path).parent)
    return doc


def document_of_text(text: str) -> dict:
    """:func:`read_document` of a position given as text (a request's body): the same size
    and nesting bounds, TOML's dates made strings; a relative ``rules.tiles`` is left as given.

    Raises
    ------
    InputError
        A text too long, not TOML, or nested too deep: one line.
    """
    if len(text.encode("utf-8")) > MAX_POSITION_BYTES:
        raise InputError(f"the position is larger than {MAX_POSITION_BYTES:,} bytes")
    doc = parse_toml(text, "the position")
    return json.loads(json.dumps(doc, default=str))


def read_position(path: str | Path) -> Position:
    """Read and check a position file (docs/positions.md).

    Parameters
    ----------
    path : str or Path
        A TOML file.

    Returns
    -------
    Position

    Raises
    ------
    InputError
        A file that cannot be read, is not TOML, or holds an impossible position: one line
        naming the file and the field.
    """
    return position_of_document(read_document(path), f"position file {str(path)!r}")


def position_of_document(doc: dict, where: str) -> Position:
    """:func:`position_from_dict` of a file's document, ``where`` (the file) put before any
    refusal."""
    try:
        return position_from_dict(doc)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


__all__ = [
    "did_you_mean",
    "document_of_text",
    "position_from_dict",
    "position_of_document",
    "position_problems",
    "read_document",
    "read_position",
    "tiles_beside",
    "tool_slots",
]
