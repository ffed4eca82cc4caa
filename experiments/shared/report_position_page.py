"""``position.html``: the page a player fills in at the table to write a position file.

Shared by the commands that write or serve it: ``mammoth position page``, ``mammoth demo`` and
``mammoth serve``. Its scripts (``position_page.js`` and the two below) lie beside it.

Drop-down lists of the game's own cards, buildings and tiles (from the rules data, the tile set
in play included), typed lists of pieces by their short ids or names, the decision first, and
every field named as the loader names it. The same page is written two ways:

- **offline** (``mammoth position page``, ``mammoth demo``): one file that needs no network; it
  checks the typed values, the pieces' names and copies and the counts of the table
  (``position_offline.js``) and says plainly what it leaves to ``mammoth position check``
  (:data:`LEFT_TO_CHECK`); it downloads the file and shows the ``mammoth analyse`` command.
- **served** (``mammoth serve``): its problems are the loader's own
  (:func:`sim.position_read.position_problems`, asked of the server as the player types: one
  implementation of every check), and it analyses the position (``position_serve.js``).

A problem shows in red beside the field the player changed when it is about that field, else
beside its own field; problems of fields not yet touched are listed as what is still to fill in,
in the page's order, the decision first, so a blank page shows no red.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from experiments.shared.files import write_text
from experiments.shared.report_position_pieces import SEAT_NAMES, piece_ids
from sim.constants import (
    MAX_AGRICULTURE,
    MAX_ONE_TIME_TOOLS,
    MAX_PEOPLE,
    MAX_ROUNDS,
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
        "rounds": MAX_ROUNDS - 1,
    }


LEFT_TO_CHECK = (
    "Opened as a file, this page checks the values typed, the names and copies of the pieces "
    "and the counts of the table. It leaves to `mammoth position check position.toml` the "
    "placement rules (how many people and players an area takes), whose turn it is, and the "
    "pieces nobody sees: run it before `mammoth analyse`. Served by `mammoth serve`, the page "
    "makes every check of the loader itself as you type."
)
"""What the offline page says it leaves to ``mammoth position check``."""

NAMING = (
    "Pieces are named by their short id (C1 to C{cards} for the civilization cards, B1 to "
    "B{buildings} for the buildings, T1 to T{tiles} for the mammoth tiles: the drop-down lists "
    "show each id "
    "before the piece's text) or by that text, as in docs/positions.md; a list takes them "
    "comma-separated (ids alone may be separated by spaces). Areas are named as on the board: "
    "{areas}, card 1 to card 4 (card 1 costs 1), building 1 to building 4."
)
"""The page's help on naming pieces and areas (filled in by :func:`position_page`)."""


def position_page(rules: Rules | None = None, players: int = 4, served: bool = False) -> str:
    """The page (one self-contained HTML file, no network).

    Parameters
    ----------
    rules : Rules, optional
        The rules in force (default :class:`~sim.rules.Rules`): their tile set's tiles are
        the herd's.
    players : int
        The table's size the page starts at (the page can change it).
    served : bool
        The page ``mammoth serve`` serves: its problems are the loader's own, asked of the
        server as the player types, and it analyses the position; else the offline page, with
        its own checks (:data:`LEFT_TO_CHECK` says which it leaves out).

    Returns
    -------
    str
        The HTML.
    """
    data = page_data(rules or Rules(), players)
    data["served"] = served
    script = SCRIPT.read_text(encoding="utf-8")
    script = script.replace("__OFFLINE__", "" if served else OFFLINE.read_text(encoding="utf-8"))
    script = script.replace("__SERVED__", SERVED.read_text(encoding="utf-8") if served else "")
    script = script.replace("__DATA__", json.dumps(data).replace("</", "<\\/"))
    areas = ", ".join(data["areas"][:8])
    naming = NAMING.format(
        cards=len(data["cards"]),
        buildings=len(data["buildings"]),
        tiles=len(data["tiles"]),
        areas=areas,
    )
    checks = _SERVED_CHECKS if served else html.escape(LEFT_TO_CHECK)
    return (
        _HTML.replace("__TITLE__", html.escape("Stone Age position"))
        .replace("__CHECKS__", checks)
        .replace("__NAMING__", html.escape(naming))
        .replace("__ANALYSE__", _ANALYSE if served else _OFFLINE_END)
        .replace("__SCRIPT__", script)
    )


def write_page(path, rules: Rules | None = None, players: int = 4) -> Path:
    """Write the offline page (:func:`position_page`) to ``path``; ``mammoth position page``
    and ``mammoth demo`` (``DIR/position.html``) call this."""
    return write_text(path, position_page(rules, players))


_SERVED_CHECKS = (
    "Every check of <code>mammoth analyse</code> is made by the loader itself as you type: a "
    "problem shows in red beside the field you changed; what is still to fill in is listed "
    "below, in the page's order."
)

_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; margin: .6rem; max-width: 96rem; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.1rem; margin: 1rem 0 .3rem; }
.cols { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(23rem, 100%), 1fr));
        gap: 0 .6rem; align-items: start; }
fieldset { border: 1px solid #ccc; margin: .4rem 0; padding: .4rem; min-width: 0; }
legend { font-weight: 600; }
.row { margin: .2rem 0; }
.row > label { display: inline-block; min-width: 8.5rem; }
.row label { margin-right: .4rem; }
input[type=text] { max-width: 100%; box-sizing: border-box; }
select { max-width: 100%; }
.row button { width: 1.8rem; }
.help { color: #555; font-size: .85rem; margin-left: .3rem; }
.err { color: #b00020; font-size: .9rem; }
.err:empty { display: none; }
#todo-box { background: #f4f6fb; border-left: 3px solid #6b7bb3; padding: .2rem .6rem; }
#todo li { color: #333; margin: .1rem 0; }
pre { background: #f5f5f5; padding: .4rem; overflow-x: auto; font-size: .8rem; }
#command { font-family: monospace; background: #f5f5f5; padding: .2rem .4rem; }
#analyses li { margin: .3rem 0; } progress { width: 8rem; }
#result iframe { width: 100%; min-height: 24rem; border: 1px solid #ccc; }
.card { background: #fff8e1; padding: .4rem; }
</style></head><body>
<h1>A position from your table</h1>
<p>Enter what is on the table at the herd decision, the decision first. __CHECKS__</p>
<details><summary>How pieces and areas are named</summary><p>__NAMING__</p></details>
<div id="todo-box" hidden><p>Still to fill in, in the page's order:</p><ol id="todo"></ol></div>
<div id="general" class="err"></div>
<p id="status"></p>
<div id="form"></div>
__ANALYSE__
<pre id="toml"></pre>
<script>
__SCRIPT__
</script>
</body></html>
"""

_OFFLINE_END = """<h2>The file</h2>
<p><button id="download">Download position.toml</button></p>
<p>Then run: <span id="command">mammoth analyse position.toml</span></p>
"""

_ANALYSE = """<h2>Analyse</h2>
<div class="row"><label for="playouts">play-outs per option</label>
<input type="text" id="playouts" value="1000" size="6" inputmode="numeric">
<label for="seed">seed</label><input type="text" id="seed" value="0" size="4" inputmode="numeric">
<label for="field">every seat played by</label>
<input type="text" id="field" value="champion" size="10">
<label><input type="checkbox" id="stop" checked> stop once one option leads</label></div>
<p><button id="analyse" disabled>Analyse</button> <span id="analyse-said" class="err"></span></p>
<ol id="analyses"></ol>
<div id="result"></div>
<h2>The file</h2>
<p><button id="download">Download position.toml</button>
(the same analysis on the command line: <span id="command">mammoth analyse position.toml</span>)</p>
"""

SCRIPT = Path(__file__).with_name("position_page.js")
"""The page's script (its data goes where it says ``__DATA__``)."""
OFFLINE = Path(__file__).with_name("position_offline.js")
"""The offline page's own checks (where the script says ``__OFFLINE__``)."""
SERVED = Path(__file__).with_name("position_serve.js")
"""The served page's analyses (where the script says ``__SERVED__``)."""


__all__ = ["LEFT_TO_CHECK", "POINT_PARTS", "page_data", "position_page", "write_page"]
