"""``position.html`` as a player uses it at the table (issue 61): headless Chromium at a phone's
width fills in the documented example position, interaction by interaction, and the file the
page downloads reads to the example's state; the page's checks agree with the loader's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from experiments.position.report_page import POINT_PARTS, position_page
from sim.position import position_digest, read_position
from sim.position_model import Pieces
from sim.position_read import position_problems
from sim.rules import Rules
from tests import test_card_browser

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "positions" / "example.toml"
browser_page = test_card_browser.browser_page  # the phone-sized Chromium page (a fixture)
MAX_INTERACTIONS = 120
"""What a player entering the example may need at most (about five minutes at the table)."""


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


def _slug(area: str) -> str:
    return area.replace(" ", "-")


def enter(player: Player, doc: dict) -> None:
    """Enter a position document on the page, touching only what differs from the page's
    defaults."""
    pieces = Pieces(Rules())
    tile_id = {name: short for name, short in pieces.tile_ids.items()}
    players = doc["player"]
    names = [p["name"] for p in players]
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
    for name in herd["out"]:
        player.tap(f"#out-{tile_id[name]}")
    player.pick("#next", herd["next"])
    for i, table in enumerate(players):
        p = f"#p{i + 1}"
        if table["name"] != ("Ann", "Bob", "Cy", "Dee")[i]:
            player.fill(f"{p}-name", table["name"])
        if table["people"] != 5:
            player.fill(f"{p}-people", table["people"])
        for key in ("food", "wood", "brick", "stone", "gold", "agriculture", "tiles", "on_tile"):
            if table.get(key):
                player.fill(f"{p}-{key}", table[key])
        for s, value in enumerate(table.get("tools", [])):
            if value:
                player.fill(f"{p}-tool-{s + 1}", value)
        for s, used in enumerate(table.get("tools_used", [])):
            if used:
                player.tap(f"{p}-used-{s + 1}")
        for s, value in enumerate(table.get("one_time_tools", [])):
            player.fill(f"{p}-onetime-{s + 1}", value)
        for card in table.get("cards", []):
            player.pick(f"{p}-add-card", card)
        for building in table.get("buildings", []):
            player.pick(f"{p}-add-building", building)
        points = table.get("points", {})
        for part, value in points.items() if isinstance(points, dict) else []:
            assert part in POINT_PARTS, part
            player.fill(f"{p}-points-{part}", value)
        for area, n in table.get("placed", {}).items():
            player.fill(f"{p}-placed-{_slug(area)}", n)
    decision = doc["decision"]
    if decision["kind"] != "placement":
        player.pick("#kind", decision["kind"])
    if names.index(decision["seat"]):
        player.pick("#seat", str(names.index(decision["seat"])))
    for area in decision.get("pending", []):
        player.tap(f"#pending-{_slug(area)}")


def _download(player: Player, tmp_path: Path, name: str) -> Path:
    with player.page.expect_download() as info:
        player.tap("#download")
    path = tmp_path / name
    info.value.save_as(path)
    return path


def _open(page, tmp_path) -> None:
    path = tmp_path / "position.html"
    path.write_text(position_page(Rules(), 4), encoding="utf-8")
    page.goto(path.resolve().as_uri(), wait_until="load")


def test_the_example_entered_on_the_page_reads_to_the_example_s_state(browser_page, tmp_path):
    page = browser_page
    _open(page, tmp_path)
    player = Player(page)
    enter(player, tomllib.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert page.inner_text("#status") == "no problem found"
    written = _download(player, tmp_path, "position.toml")
    assert player.count <= MAX_INTERACTIONS, f"{player.count} interactions"
    said = " ".join((ROOT / "docs" / "positions.md").read_text(encoding="utf-8").split())
    assert f"takes {player.count} interactions on the page" in said  # the docs' figure
    assert position_digest(read_position(written)) == position_digest(read_position(EXAMPLE))
    assert "mammoth analyse position.toml" in page.inner_text("#command")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"


def _field(problem: str) -> str:
    return re.match(r"^(.*?)(?:: | must )", problem).group(1)


BAD = [
    ("#p3-placed-card-1", "1", "player 'Cy'.placed"),  # card 1 is Ann's
    ("#round", "5", "round"),  # eight tiles out by round 5
    ("#stack-1-left", "5", "player.buildings"),  # a tile missing nobody holds
    ("#p1-used-1", None, None),  # a tool used: no problem (slot 1 holds a 3)
]


def test_the_page_s_checks_agree_with_the_loader_s(browser_page, tmp_path):
    page = browser_page
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    for k, (selector, value, field) in enumerate(BAD):
        _open(page, tmp_path)
        player = Player(page)
        enter(player, example)
        if value is None:
            player.tap(selector)
        else:
            player.fill(selector, value)
        shown = page.locator(".problem").evaluate_all("els => els.map(e => e.dataset.field)")
        loader = [
            _field(p)
            for p in position_problems(
                tomllib.loads(
                    _download(player, tmp_path, f"bad{k}.toml").read_text(encoding="utf-8")
                )
            )[1]
        ]
        if field is None:
            assert not shown and not loader, (shown, loader)
            continue
        assert field in shown and field in loader, (shown, loader)
    # a card named more often than the game has it: said at the same field by both
    _open(page, tmp_path)
    player = Player(page)
    enter(player, example)
    player.pick("#p1-add-card", "shaman 1: stone 1")
    shown = page.locator(".problem").evaluate_all("els => els.map(e => e.dataset.field)")
    loader = position_problems(
        tomllib.loads(_download(player, tmp_path, "twice.toml").read_text())
    )[1]
    assert "player 'Ann'.cards[9]" in shown and any(
        p.startswith("player 'Ann'.cards[9]") for p in loader
    )


@pytest.mark.parametrize("players", [2, 3])
def test_a_smaller_table_shows_only_its_stacks(browser_page, tmp_path, players):
    page = browser_page
    path = tmp_path / "p.html"
    path.write_text(position_page(Rules(), players), encoding="utf-8")
    page.goto(path.resolve().as_uri(), wait_until="load")
    assert page.locator(f"#stack-{players}-top").count() == 1
    assert page.locator(f"#stack-{players + 1}-top").count() == 0
    assert page.locator(f"#p1-placed-building-{players + 1}").count() == 0


def test_the_demo_writes_the_page(demo_run):
    text = (demo_run / "position.html").read_text(encoding="utf-8")
    assert text == position_page(Rules(), 4)


def test_the_analysis_page_reads_on_a_phone_with_the_answer_first(browser_page, tmp_path):
    from cli_contract import invoke

    args = ["analyse", EXAMPLE, "--playouts", 200, "--field", "greedy", "--no-stop"]
    result = invoke(*args, "--out", tmp_path / "a")
    assert result.exit_code == 0, result.output
    page = browser_page
    page.goto((tmp_path / "a" / "analysis.html").resolve().as_uri(), wait_until="load")
    first = page.locator("h1 + p").inner_text()
    assert first.startswith("Best: ") and "which wins" in first, first
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"analysis.html is {width} px wide on a 390 px phone"
