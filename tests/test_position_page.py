"""``position.html`` as a player uses it at the table (issues 61, 68): headless Chromium at a
phone's width fills in the documented example position, interaction by interaction, and the file the
page downloads reads to the example's state; the page's checks agree with the loader's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from experiments.shared.report_position_page import LEFT_TO_CHECK, position_page
from sim.position import position_digest, read_position
from sim.position_model import Pieces
from sim.position_read import position_problems
from sim.rules import Rules
from tests import test_card_browser
from tests.position_entry import Player, enter

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "positions" / "example.toml"
browser_page = test_card_browser.browser_page  # the phone-sized Chromium page (a fixture)
MAX_INTERACTIONS = 60
"""What a player entering the example may need at most (issue 68)."""


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
    assert " ".join(LEFT_TO_CHECK.split()) in " ".join(page.inner_text("body").split())
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


CY_PLACES = "river 2, card 2, building 1, building 2, building 3, building 4"
BAD = [
    ("#p3-placed", CY_PLACES + ", card 1", "player 'Cy'.placed"),  # card 1 is Ann's
    ("#round", "5", "round"),  # eight tiles out by round 5
    ("#stack-1-left", "5", "player.buildings"),  # a tile missing nobody holds
    ("#p1-people", "12", "player 'Ann'.people"),  # a typed value out of bounds
    ("#p2-goods", "food 7, wood 2.5, brick 4, stone 3, gold 3", "player 'Bob'.wood"),
    ("#p1-on_tile", "3", "player 'Ann'.on_tile"),  # figures on the tile, nobody on the river
    ("#p1-used-1", None, None),  # a tool used: no problem (slot 1 holds a 3)
]


@pytest.mark.slow  # many positions typed into the offline page, about 11 s
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
    again = Pieces(Rules()).card_ids["shaman 1: stone 1"]
    player.fill("#p1-cards", page.input_value("#p1-cards") + " " + again)
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


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
def test_the_demo_writes_the_page(demo_run):
    text = (demo_run / "position.html").read_text(encoding="utf-8")
    assert text == position_page(Rules(), 4)


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
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
