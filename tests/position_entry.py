"""Entering a position on position.html as a person would (issues 61 and 68): every tap, pick
and entry counted, touching only what differs from the page's blank state. The offline page's
tests (tests/test_position_page.py) and the served page's (tests/test_serve_browser.py) share it.
"""

from __future__ import annotations

from sim.names import normal
from sim.position_model import Pieces
from sim.rules import Rules

SEATS = ("Ann", "Bob", "Cy", "Dee")
"""The names a blank page gives the seats."""


class Player:
    """Drives the page as a person would, counting every tap, pick and entry."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def fill(self, selector: str, value) -> None:
        self.count += 1
        self.page.fill(selector, str(value))

    def pick(self, selector: str, value: str) -> None:
        self.count += 1
        self.page.select_option(selector, value)

    def tap(self, selector: str) -> None:
        self.count += 1
        self.page.click(selector)


def slug(area: str) -> str:
    """An area's name in the page's ids."""
    return area.replace(" ", "-")


def _ids(names: list[str], ids: dict[str, str]) -> str:
    return " ".join(ids[normal(name)] for name in names)


def enter(player: Player, doc: dict) -> None:
    """Enter a position document on the page: the decision first, as the page asks; lists of
    pieces typed as their short ids, goods and places as the game says them."""
    pieces = Pieces(Rules())
    players = doc["player"]
    names = [p["name"] for p in players]
    decision = doc["decision"]
    if decision["kind"] != "placement":
        player.pick("#kind", decision["kind"])
    if names.index(decision["seat"]):
        player.pick("#seat", str(names.index(decision["seat"])))
    if len(players) != 4:
        player.pick("#players", str(len(players)))
    player.fill("#round", doc["round"])
    if names.index(doc["start_player"]):
        player.pick("#start", str(names.index(doc["start_player"])))
    for k, card in enumerate(doc["board"]["cards"]):
        if card:
            player.pick(f"#card-{k + 1}", card)
    for s, stack in enumerate(doc["board"]["stacks"]):
        if stack.get("top"):
            player.pick(f"#stack-{s + 1}-top", stack["top"])
        if stack["left"] != 7:
            player.fill(f"#stack-{s + 1}-left", stack["left"])
    herd = doc["herd"]
    player.pick("#tile", herd["tile"])
    out = herd["out"]
    if out:
        player.fill("#out", out if isinstance(out, int) else _ids(out, pieces.tile_ids))
    if "next" in herd:
        player.pick("#next", herd["next"])
    for i, table in enumerate(players):
        p = f"#p{i + 1}"
        if table["name"] != SEATS[i]:
            player.fill(f"{p}-name", table["name"])
        if table["people"] != 5:
            player.fill(f"{p}-people", table["people"])
        goods = [
            f"{g} {table[g]}" for g in ("food", "wood", "brick", "stone", "gold") if table.get(g)
        ]
        if goods:
            player.fill(f"{p}-goods", ", ".join(goods))
        for key in ("agriculture", "tiles", "on_tile"):
            if table.get(key):
                player.fill(f"{p}-{key}", table[key])
        if sum(table.get("tools", [])):
            player.fill(f"{p}-tools", sum(table["tools"]))
        for s, used in enumerate(table.get("tools_used", [])):
            if used:
                player.tap(f"{p}-used-{s + 1}")
        if table.get("one_time_tools"):
            player.fill(f"{p}-onetime", ", ".join(map(str, table["one_time_tools"])))
        if table.get("cards"):
            player.fill(f"{p}-cards", _ids(table["cards"], pieces.card_ids))
        if table.get("buildings"):
            player.fill(f"{p}-buildings", _ids(table["buildings"], pieces.building_ids))
        points = table.get("points", 0)
        if points:
            said = (
                points
                if isinstance(points, int)
                else ", ".join(f"{k} {v}" for k, v in points.items())
            )
            player.fill(f"{p}-points", said)
        if table.get("placed"):
            player.fill(f"{p}-placed", ", ".join(f"{a} {n}" for a, n in table["placed"].items()))
    for area in decision.get("pending", []):
        player.tap(f"#pending-{slug(area)}")
