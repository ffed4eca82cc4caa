"""The commented template of a position file (``mammoth position new``), with the lists of the
pieces' names and short ids it shows (:mod:`experiments.shared.report_position_pieces`, which
the position page shows too)."""

from __future__ import annotations

from experiments.shared.report_position_pieces import SEAT_NAMES, piece_ids
from sim.constants import T_BACK
from sim.names import AREA_NAMES, GOOD_NAMES
from sim.position_model import FORMAT, Pieces
from sim.rules import Rules


def _listing(title: str, pairs: list[tuple[str, str]]) -> list[str]:
    lines = [f"# {title}:"]
    row = "#  "
    for short, name in pairs:
        item = f" {short} {name};"
        if len(row) + len(item) > 98:
            lines.append(row)
            row = "#  "
        row += item
    return [*lines, row]


def template(players: int, round_: int, rules: Rules | None = None) -> str:
    """A position file to fill in: every field with its default or a placeholder, and a
    comment saying what goes there.

    Parameters
    ----------
    players : int
        The table's size, 2 to 4.
    round_ : int
        The round being played (1 for the first).
    rules : Rules, optional
        The rules (their tile set names the tiles); default :class:`~sim.rules.Rules`.

    Returns
    -------
    str
        TOML text (it reads as TOML; ``mammoth position check`` says what is left to fill in).
    """
    rules = rules or Rules()
    pieces = Pieces(rules)
    ids = piece_ids(pieces)
    names = SEAT_NAMES[:players]
    earlier = min(round_ - 1, len(pieces.tiles) - 1)
    left = len(pieces.tiles) - earlier - 1
    next_back = int(pieces.tiles[earlier + 1, T_BACK]) if left else 0
    lines = [
        "# A position of Stone Age with The Mammoth Herd (docs/positions.md), to fill in.",
        f"# Written by: mammoth position new --players {players} --round {round_}",
        "# Pieces are named by their text or by their short id (listed at the end).",
        "# Check it with `mammoth position check FILE`; analyse it with `mammoth analyse FILE`.",
        f"format = {FORMAT}",
        f"round = {round_}",
        f'start_player = "{names[0]}"      # who started this round',
        "",
        "[rules]                       # the defaults of docs/rules.md",
        f'tie_rule = "{rules.tie_rule}"',
        f"mammoth_points = {rules.mammoth_points}",
        f'resources_of_choice = "{rules.resources_of_choice}"',
        'tiles = "default"             # or a tile file, found beside this file',
        "",
        "[board]",
        '# the four card spaces, "card 1" (costs 1 resource) first; "" for a space bought this',
        "# round",
        'cards = ["C1", "C2", "C3", "C4"]',
    ]
    for s in range(players):
        lines += [
            "",
            f"[[board.stacks]]              # building stack {s + 1} from the left",
            f'top = "B{s + 1}"                    # the tile showing',
            "left = 7                      # tiles in the stack, its top included",
        ]
    lines += [
        "",
        "[herd]",
        f'area = "{AREA_NAMES[int(pieces.tiles[0, T_BACK])]}"  # its tile\'s back',
        'tile = "T1"                   # this round\'s tile',
        f"# the {earlier} tile{'s' if earlier != 1 else ''} of the earlier rounds, won or boxed",
        "out = [" + ", ".join(f'"T{2 + k}"' for k in range(earlier)) + "]",
    ]
    if left:
        lines.append(
            f'next = "{GOOD_NAMES[next_back]}"  # the back of the pile\'s next tile (it shows)'
        )
    for name in names:
        lines += [
            "",
            "[[player]]                    # in seat order, clockwise",
            f'name = "{name}"',
            "people = 5",
            *(f"{good} = 0" for good in GOOD_NAMES),
            "agriculture = 0",
            "tools = [0, 0, 0]             # each new tool raises the lowest slot: [2, 1, 1]",
            "tools_used = [false, false, false]  # the slots used this round",
            "one_time_tools = []           # e.g. [3]: the one-time tools kept",
            "cards = []                    # the civilization cards taken",
            "buildings = []                # the building tiles taken",
            "points = 0                    # the score track",
            "tiles = 0                     # mammoth tiles held",
            "placed = {}                   # this round's people, e.g. { forest = 3 }",
            "on_tile = 0                   # figures moved onto the herd's tile (a commitment)",
        ]
    lines += [
        "",
        "[decision]",
        'kind = "placement"            # or "commitment" (the seat just gathered on the herd\'s',
        "                              # area and says how many figures move onto the tile)",
        f'seat = "{names[0]}"',
        "# pending = []                # a commitment: the seat's places not resolved yet,",
        '#                             # e.g. ["card 3"]',
        "",
        "# Areas: " + ", ".join(AREA_NAMES[:8]) + ", card 1 to card 4, building 1 to "
        f"building {players}.",
        *_listing("Civilization cards", ids["cards"]),
        *_listing("Building tiles", ids["buildings"]),
        *_listing("Mammoth tiles", ids["tiles"]),
    ]
    return "\n".join(lines) + "\n"


__all__ = ["template"]
