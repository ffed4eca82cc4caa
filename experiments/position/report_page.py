"""``position.html``: an offline page a player fills in at the table to write a position file.

Drop-down lists of the game's own cards, buildings and tiles (from the rules data, the tile set
in play included), steppers for every count, the herd's tile picked from the tile set (its back
gives the herd's area), and the loader's counting and consistency checks
(:mod:`sim.position_read`) shown beside the field at fault as the player enters the position,
with the loader's field names. A button downloads the position file, and the page prints the
``mammoth analyse`` command to run on it. The engine's own placement rules (a resource area's
spaces, whose turn it is) are checked by the loader (``mammoth position check``), not the page.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from experiments.position.report_template import SEAT_NAMES, piece_ids
from experiments.shared.files import write_text
from sim.constants import (
    MAX_AGRICULTURE,
    MAX_ONE_TIME_TOOLS,
    MAX_PEOPLE,
    MAX_TOOL_SLOT,
    N_CARD_SPACES,
    STACK_SIZE,
    START_PEOPLE,
    T_BACK,
    TOOL_SLOTS,
)
from sim.names import AREA_NAMES, GOOD_NAMES
from sim.position_model import FORMAT, MAX_GOODS, Pieces
from sim.rules import Rules

POINT_PARTS = ("building", "card", "herd_bonus", "starvation")
"""The score track's parts a game in progress has (the rest are scored at the end)."""


def page_data(rules: Rules, players: int) -> dict:
    """What the page knows of the game: the pieces with their copies and ids, the areas, the
    limits of every count (the loader's), the tile set's tiles with their backs.

    Parameters
    ----------
    rules : Rules
        The rules in force (their tile set gives the tiles).
    players : int
        The table's size the page starts at.

    Returns
    -------
    dict
        JSON-ready.
    """
    pieces = Pieces(rules)
    ids = piece_ids(pieces)

    def listed(key: str, names: tuple[str, ...]) -> list[dict]:
        lower = [n.lower() for n in names]
        return [
            {"id": short, "name": name, "copies": lower.count(name.lower())}
            for short, name in ids[key]
        ]

    tiles = listed("tiles", pieces.tile_names)
    lower = [n.lower() for n in pieces.tile_names]
    for tile in tiles:
        back = int(pieces.tiles[lower.index(tile["name"].lower()), T_BACK])
        tile["back"] = GOOD_NAMES[back]
        tile["area"] = AREA_NAMES[back]
    return {
        "format": FORMAT,
        "players": players,
        "seat_names": list(SEAT_NAMES),
        "rules": {
            "tie_rule": rules.tie_rule,
            "mammoth_points": rules.mammoth_points,
            "resources_of_choice": rules.resources_of_choice,
            "tiles": rules.tiles,
        },
        "cards": listed("cards", pieces.card_names),
        "buildings": listed("buildings", pieces.building_names),
        "tiles": tiles,
        "areas": list(AREA_NAMES),
        "resource_areas": list(AREA_NAMES[:5]),
        "village": list(AREA_NAMES[5:8]),
        "goods": list(GOOD_NAMES),
        "parts": list(POINT_PARTS),
        "card_spaces": N_CARD_SPACES,
        "stack_size": STACK_SIZE,
        "people": [START_PEOPLE, MAX_PEOPLE],
        "agriculture": MAX_AGRICULTURE,
        "tool_slots": TOOL_SLOTS,
        "tool_max": MAX_TOOL_SLOT,
        "one_time_tools": MAX_ONE_TIME_TOOLS,
        "max_goods": MAX_GOODS,
    }


def position_page(rules: Rules | None = None, players: int = 4) -> str:
    """The page (one self-contained HTML file, no network).

    Parameters
    ----------
    rules : Rules, optional
        The rules in force (default :class:`~sim.rules.Rules`): their tile set's tiles are
        the herd's.
    players : int
        The table's size the page starts at (the page can change it).

    Returns
    -------
    str
        The HTML.
    """
    data = page_data(rules or Rules(), players)
    script = SCRIPT.read_text(encoding="utf-8").replace(
        "__DATA__", json.dumps(data).replace("</", "<\\/")
    )
    title = html.escape("Stone Age position")
    return _HTML.replace("__TITLE__", title).replace("__SCRIPT__", script)


def write_page(path, rules: Rules | None = None, players: int = 4) -> Path:
    """Write the page (:func:`position_page`) to ``path``; ``mammoth position page`` and
    ``mammoth demo`` (``DIR/position.html``) call this."""
    return write_text(path, position_page(rules, players))


_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
body { font-family: system-ui, sans-serif; margin: .6rem; max-width: 46rem; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.1rem; margin: 1rem 0 .3rem; }
fieldset { border: 1px solid #ccc; margin: .5rem 0; padding: .4rem; }
label { display: inline-block; margin: .15rem .4rem .15rem 0; }
input[type=number] { width: 3.2rem; }
select { max-width: 100%; }
.step button { width: 1.8rem; }
.err { color: #b00020; font-size: .9rem; }
.err:empty { display: none; }
.list span { display: inline-block; background: #eef; margin: .1rem; padding: 0 .3rem; }
.list button { border: 0; background: none; color: #b00020; }
pre { background: #f5f5f5; padding: .4rem; overflow-x: auto; font-size: .8rem; }
#command { font-family: monospace; background: #f5f5f5; padding: .2rem .4rem; }
</style></head><body>
<h1>A position from your table</h1>
<p>Enter what is on the table at the herd decision; every check of <code>mammoth analyse</code>
that counts pieces is made as you go, beside the field at fault. Then download the file and run
the command shown.</p>
<div id="form"></div>
<h2>The file</h2>
<p><button id="download">Download position.toml</button> <span id="status"></span></p>
<p>Then run: <span id="command">mammoth analyse position.toml</span></p>
<pre id="toml"></pre>
<script>
__SCRIPT__
</script>
</body></html>
"""

SCRIPT = Path(__file__).with_name("position_page.js")
"""The page's script (its data goes where it says ``__DATA__``)."""


__all__ = ["POINT_PARTS", "page_data", "position_page", "write_page"]
