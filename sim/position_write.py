"""Writing a :class:`~sim.position_model.Position` as a position file: :func:`position_text`
(:func:`sim.position_read.read_position` reads it back to the same state).
"""

from __future__ import annotations

import numpy as np

from sim.constants import (
    C_FIGURES,
    C_KIND,
    C_SYMBOL,
    CULTURE_SYMBOLS,
    MAX_ONE_TIME_TOOLS,
    N_AREAS,
    N_CARD_SPACES,
    N_CARDS,
    STACK_SIZE,
    T_BACK,
    TOOL_SLOTS,
    CardKind,
)
from sim.data import load_cards
from sim.names import (
    AREA_NAMES,
    GOOD_NAMES,
)
from sim.position_model import (
    FORMAT,
    HERD_STATS,
    PARTS_OF,
    Pieces,
    Position,
)
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
    I_N_TILES,
    I_PRIZE,
    I_ROUND,
    I_START_PLAYER,
    I_TILE_POS,
    N_BUILDINGS_HELD,
    N_CARDS_HELD,
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
)


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    return "[" + ", ".join(_toml(v) for v in value) + "]"


def _key(key: str) -> str:
    return key if key.replace("_", "").isalnum() else _toml(key)


def _share_cards(seat: np.ndarray, players: int, pool: list[int]) -> list[list[int]]:
    """Which card each seat holds: a share of ``pool`` (the cards drawn and not on display)
    matching every seat's culture symbols, figures per kind and number of cards (the engine
    keeps these, not the cards themselves; any matching share plays the same)."""
    cards = load_cards()
    held: list[list[int]] = [[] for _ in range(players)]
    need_symbols = seat[:players, CULTURE : CULTURE + len(CULTURE_SYMBOLS)].astype(int).copy()
    need_figures = seat[:players, FIGURES : FIGURES + 5].astype(int).copy()
    count = seat[:players, N_CARDS_HELD].astype(int) - need_symbols.sum(axis=1)
    sands = []
    for card in pool:
        if int(cards[card, C_KIND]) == CardKind.CULTURE:
            symbol = int(cards[card, C_SYMBOL])
            q = int(np.flatnonzero(need_symbols[:, symbol] > 0)[0])
            need_symbols[q, symbol] -= 1
            held[q].append(card)
        else:
            sands.append(card)
    sands.sort(key=lambda c: (-int(cards[c, C_FIGURES]), c))

    def place(i: int) -> bool:
        if i == len(sands):
            return not need_figures.any() and not count.any()
        card = sands[i]
        kind, figures = int(cards[card, C_KIND]), int(cards[card, C_FIGURES])
        for q in range(players):
            if need_figures[q, kind] >= figures and count[q] > 0:
                need_figures[q, kind] -= figures
                count[q] -= 1
                held[q].append(card)
                if place(i + 1):
                    return True
                held[q].pop()
                need_figures[q, kind] += figures
                count[q] += 1
        return False

    if not place(0):  # pragma: no cover - the engine's invariants make a share exist
        raise RuntimeError("no share of the drawn cards matches the players' tableaus")
    return held


def position_text(position: Position) -> str:
    """The position as a position file (TOML; :func:`read_position` reads it back).

    Every field is written, what the seats cannot see included (``[hidden]``, with ``known``
    as the position has it), so the file stands for the same state (:func:`position_digest`).
    Which seat took which building and card the engine does not keep: the buildings taken are
    shared out in seat order, the cards as :func:`_share_cards` finds them.
    """
    rules, game, seat, players = position.rules, position.game, position.seat, position.n_players
    pieces = Pieces(rules)
    names = position.players
    lines = [
        "# A position of Stone Age with The Mammoth Herd (docs/positions.md).",
        f"format = {FORMAT}",
        f"round = {int(game[I_ROUND])}",
        f"start_player = {_toml(names[int(game[I_START_PLAYER])])}",
        "",
        "[rules]",
        f"tie_rule = {_toml(rules.tie_rule)}",
        f"mammoth_points = {rules.mammoth_points}",
        f"resources_of_choice = {_toml(rules.resources_of_choice)}",
        f"tiles = {_toml(rules.tiles)}",
        f"herd = {_toml(rules.herd)}",
        "",
        "[board]",
        "cards = "
        + _toml(
            [
                pieces.card_names[c] if c >= 0 else ""
                for c in game[DISPLAY : DISPLAY + N_CARD_SPACES]
            ]
        ),
        f"deck = {N_CARDS - int(game[I_DECK_POS])}",
    ]
    taken = []
    for s in range(players):
        base = STACKS + s * STACK_SIZE
        n = int(game[STACK_TAKEN + s])
        taken += [int(b) for b in game[base : base + n]]
        top = pieces.building_names[int(game[base + n])] if n < STACK_SIZE else ""
        lines += ["", "[[board.stacks]]", f"top = {_toml(top)}", f"left = {STACK_SIZE - n}"]
    pos = int(game[I_TILE_POS])
    current = int(game[I_PRIZE]) >= 0
    if rules.herd:
        out = [int(t) for t in game[TILE_PILE : TILE_PILE + pos - current]]
        lines += ["", "[herd]"]
        if current:
            lines.append(f"area = {_toml(AREA_NAMES[int(game[I_HERD_AREA])])}")
            lines.append(f"tile = {_toml(pieces.tile_names[int(game[I_PRIZE])])}")
        if position.earlier_unknown:  # a count: every play-out deals them
            lines.append(f"out = {len(out)}")
        else:
            lines.append("out = " + _toml([pieces.tile_names[t] for t in out]))
        if pos < int(game[I_N_TILES]):
            back = int(pieces.tiles[int(game[TILE_PILE + pos]), T_BACK])
            lines.append(f"next = {_toml(GOOD_NAMES[back])}")
        lines.append(f"contests = {int(game[I_CONTESTS])}")
    drawn = [int(c) for c in game[DECK : DECK + int(game[I_DECK_POS])]]
    display = [int(c) for c in game[DISPLAY : DISPLAY + N_CARD_SPACES] if c >= 0]
    pool = list(drawn)
    for c in display:
        pool.remove(c)
    held = _share_cards(seat, players, pool)
    for p in range(players):
        row = seat[p]
        lines += ["", "[[player]]", f"name = {_toml(names[p])}", f"people = {int(row[PEOPLE])}"]
        lines += [f"{g} = {int(row[GOODS + k])}" for k, g in enumerate(GOOD_NAMES)]
        lines.append(f"agriculture = {int(row[AGRICULTURE])}")
        lines.append("tools = " + _toml([int(t) for t in row[TOOLS : TOOLS + TOOL_SLOTS]]))
        lines.append(
            "tools_used = " + _toml([bool(u) for u in row[TOOLS_USED : TOOLS_USED + TOOL_SLOTS]])
        )
        one_time = [int(t) for t in row[ONE_TIME_TOOLS : ONE_TIME_TOOLS + MAX_ONE_TIME_TOOLS]]
        while one_time and one_time[-1] == 0:
            one_time.pop()
        lines.append("one_time_tools = " + _toml(one_time))
        lines.append("cards = " + _toml([pieces.card_names[c] for c in sorted(held[p])]))
        n_buildings = int(row[N_BUILDINGS_HELD])
        lines.append(
            "buildings = " + _toml([pieces.building_names[b] for b in taken[:n_buildings]])
        )
        taken = taken[n_buildings:]
        parts = {name: int(row[PARTS + k]) for name, k in PARTS_OF.items() if row[PARTS + k]}
        lines.append(f"points = {_toml(parts)}")
        lines.append(f"tiles = {int(row[HERD + H_TILES_WON])}")
        lines.append(
            "placed = "
            + _toml(
                {AREA_NAMES[a]: int(row[PLACED + a]) for a in range(N_AREAS) if row[PLACED + a]}
            )
        )
        lines.append(f"on_tile = {int(row[HERD + H_ON_TILE])}")
        lines.append(f"resources_of_choice = {int(row[CHOICE_TOKENS])}")
        lines.append(
            "herd = "
            + _toml({k: int(row[HERD + i]) for k, i in HERD_STATS.items() if i != H_ON_TILE})
        )
        lines.append(f"starved_while_able = {int(row[STARVED_ABLE])}")
    lines += [
        "",
        "[decision]",
        f"kind = {_toml(position.kind)}",
        f"seat = {_toml(names[position.to_act])}",
    ]
    if position.kind == "commitment":
        lines.append("pending = " + _toml([AREA_NAMES[a] for a in position.pending]))
    deck = [pieces.card_names[int(c)] for c in game[DECK + int(game[I_DECK_POS]) : DECK + N_CARDS]]
    under = []
    for s in range(players):
        base = STACKS + s * STACK_SIZE
        n = int(game[STACK_TAKEN + s])
        under.append(
            [pieces.building_names[int(b)] for b in game[base + n + 1 : base + STACK_SIZE]]
        )
    pile = [
        pieces.tile_names[int(t)] for t in game[TILE_PILE + pos : TILE_PILE + int(game[I_N_TILES])]
    ]
    lines += [
        "",
        "# What the seats cannot see: re-dealt by every play-out unless known = true.",
        "[hidden]",
        f"known = {_toml(position.known)}",
        "deck = " + _toml(deck),
        "stacks = " + _toml(under),
    ]
    if not position.earlier_unknown:  # else the pile is dealt with the earlier tiles
        lines.append("pile = " + _toml(pile))
    return "\n".join(lines) + "\n"


__all__ = ["position_text"]
