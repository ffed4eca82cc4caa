"""Every figure of the README, docs/answers.md and docs/strategies.md comes from a committed result
folder (issues 62 and 67).

The pages' figures stand in marked blocks that ``mammoth docs --update`` writes from the folders
of ``docs/results``; these tests check that each block (and each data file and chart the pages
draw on) equals what the committed folders give now, that no result figure is typed in outside a
block, that every chart a page shows is drawn by ``mammoth docs``, that every folder records the
commands that made it, and that a folder rebuilt from its command gives the same figures (slow).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import matplotlib
import pandas as pd
import pytest
from click.testing import CliRunner

from experiments.cli import main
from experiments.pages.command_rebuild import rebuild
from experiments.shared.page_charts import drawn_by
from experiments.shared.pages import (
    FIELDS,
    PAGES,
    RESULTS,
    ROOT,
    Source,
    blocks,
    blocks_of,
    field_ratings,
    fill_blocks,
    marks,
    sources,
    writes,
)
from sim import ENGINE_VERSION


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_block_of_the_page_equals_what_the_committed_folders_give(page):
    text = _text(page)
    found = blocks_of(text, blocks())
    assert found, f"{page.name} holds no marked block"
    for name, fill in blocks().items():
        if name in found:
            assert found[name] == fill(), f"{page.name}: {name} is stale: run mammoth docs --update"


def test_every_block_stands_on_a_page_and_every_page_block_is_known():
    held = set()
    for page in PAGES:
        text = _text(page)
        held |= set(blocks_of(text, blocks()))
        opened = set(re.findall(r"<!-- ([a-z0-9-]+): written by mammoth docs -->", text))
        assert opened <= set(blocks()), f"{page.name}: blocks no question writes: {opened}"
    assert held == set(blocks()), f"blocks on no page: {set(blocks()) - held}"


@pytest.mark.parametrize(
    "path",
    sorted(p for p in writes() if p.suffix in (".csv", ".md")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_pages_data_files_are_written_from_the_folders(path):
    assert _text(path) == writes()[path](), f"{path.name} is stale: run mammoth docs --update"


FIGURE = re.compile(r"(?<![\w.])[+−-]?\d[\d,]*(?:\.\d+)?\s*(?:%|pp\b)|(?<![\w.\[])[+−]\d[\d,.]*")
"""A result figure: a share or a difference in pp (``6.7%``, ``+2.4 pp``), or a signed number
(``+319``, ``−8.2``)."""


def _prose(text: str) -> str:
    """The page without its marked blocks, code, comments and link targets."""
    for name in blocks():
        start, end = marks(name)
        text = re.sub(re.escape(start) + r".*?" + re.escape(end), " ", text, flags=re.DOTALL)
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.DOTALL)
    return re.sub(r"\]\([^)]*\)", "]", text)


SETTINGS = {"95%", "1 pp"}
"""Figures of the prose that are settings, not results: the intervals' level and the card's goal
(at most 1 pp to any one player)."""
DEFINITIONS = {"strategies.md": {"−10", "+100", "64%"}}
"""Figures of one page's prose that are the game's rules or a scale's definition, not results:
the −10 of a seat that cannot feed, and the rating scale's +100, which finishes ahead of the
anchor 64% of the time (a rating is 400 log10 of the strengths' ratio)."""


def _typed(page: Path) -> list[str]:
    allowed = SETTINGS | DEFINITIONS.get(page.name, set())
    return [f for f in FIGURE.findall(_prose(_text(page))) if f.rstrip(",.") not in allowed]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_result_figure_is_typed_in_outside_a_block(page):
    typed = _typed(page)
    assert typed == [], f"{page.name}: figures typed in outside a marked block: {typed}"


def test_the_figure_pattern_finds_what_it_must():
    found = FIGURE.findall(
        _prose("gains +2.4 pp, decides 6.7% of games, rates +319 or −8.2; 3.11+")
    )
    assert found == ["+2.4 pp", "6.7%", "+319", "−8.2"]


SHOWING = sorted(
    page
    for page in (ROOT / "README.md", *(ROOT / "docs").glob("*.md"))
    if page.name != "history.md"
)
"""The pages whose every chart is drawn by ``mammoth docs``: the README and the pages of docs/
(the dated record, history.md, excepted)."""
SUFFIXES = ("png", "svg", "jpg", "jpeg", "gif", "webp")
"""The image files' suffixes."""
IMAGE = re.compile(
    rf"\]\(\s*<?([^)\s>]+\.(?:{'|'.join(SUFFIXES)}))>?(?:\s[^)]*)?\)"
    r"|<img\b[^>]*?\bsrc\s*=\s*[\"']([^\"']+)[\"']",
    re.IGNORECASE,
)
"""An image a page shows or links to: a Markdown image or link to an image file, or an HTML
``<img>``."""


def images(text: str) -> list[str]:
    """The images a page's Markdown shows or links to, outside its code, as written."""
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    return [markdown or html for markdown, html in IMAGE.findall(text)]


def test_the_image_finder_finds_what_it_must():
    text = (
        "![a chart](x.png) a [link to one](sub/y.PNG) <img alt='z' src=\"z.svg\"> "
        '![titled](t.png "its title") [a page](p.md) `![code](no.png)`\n'
        "```python\nfig.savefig('no.png')\n![fenced](no.png)\n```\n"
    )
    assert images(text) == ["x.png", "sub/y.PNG", "z.svg", "t.png"]


@pytest.mark.parametrize("page", SHOWING, ids=lambda p: p.name)
def test_every_chart_a_page_shows_is_drawn_by_mammoth_docs(page):
    drawn = set(writes())
    shown = [name for name in images(_text(page)) if (page.parent / name).resolve() not in drawn]
    assert shown == [], f"{page.name} shows charts mammoth docs does not draw: {shown}"


def test_every_chart_in_docs_is_drawn_by_mammoth_docs():
    """No image is left beside the pages that nothing draws (an orphan of a renamed or retired
    chart)."""
    found = {
        path
        for folder in (ROOT, ROOT / "docs")
        for path in folder.iterdir()
        if path.suffix.lower().lstrip(".") in SUFFIXES
    }
    assert sorted(found - set(writes())) == []


CHARTS = sorted(path for path in writes() if path.suffix == ".png")
"""Every chart ``mammoth docs`` draws."""


@pytest.mark.parametrize("path", CHARTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_chart_is_drawn_from_the_folders(path):
    """A chart drawn twice gives the same bytes, and the committed one is what the folders give
    now. Its bytes are compared under the matplotlib that drew it (which it records): another
    matplotlib may lay out or anti-alias the same figure differently."""
    drawn = writes()[path]()
    assert drawn == writes()[path](), f"{path.name}: two drawings differ"
    assert path.is_file(), f"{path.name} is missing: run mammoth docs --update"
    committed = path.read_bytes()
    version = drawn_by(committed)
    assert version is not None, f"{path.name} names no matplotlib: run mammoth docs --update"
    if version != matplotlib.__version__:
        pytest.skip(
            f"{path.name} was drawn by matplotlib {version}, this is {matplotlib.__version__}"
        )
    assert committed == drawn, f"{path.name} is stale: run mammoth docs --update"


def test_the_fields_stand_in_the_order_of_their_rating_on_the_committed_ladder():
    """The answers give the fields "in order of the field's 4-player rating": that order is the
    committed ladder's."""
    ratings = field_ratings(RESULTS)
    assert [ratings[f.name] for f in FIELDS] == sorted(ratings.values())


SEEDED_ELSEWHERE = {
    "one-card": "plays each shipped card's certification games, whose seeds its card file records"
}
"""Folders whose commands name no seed, and where their seeds are."""


def _recorded(folder: Path) -> list[str]:
    run = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    return run["commands"] if "commands" in run else [run["command"]]


@pytest.mark.parametrize("name", sorted(sources()))
def test_every_committed_folder_records_its_commands_and_engine(name):
    source = sources()[name]
    folder = RESULTS / name
    assert folder.is_dir(), f"docs/results/{name} is missing: mammoth docs --rebuild {name}"
    assert _recorded(folder) == list(source.commands)
    run = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    assert run["engine_version"] == ENGINE_VERSION, "played by another engine: rebuild it"
    if name not in SEEDED_ELSEWHERE:
        assert all(re.search(r"--seed \d+", c) for c in source.commands), "a command names no seed"
    assert sum(p.stat().st_size for p in folder.iterdir()) < 300_000, "keep the folder small"


def test_docs_lists_the_folders_and_refuses_an_unknown_one(tmp_path):
    runner = CliRunner()
    listed = runner.invoke(main, ["docs"])
    assert listed.exit_code == 0
    assert "docs/results/commit/greedy" in listed.output
    refused = runner.invoke(main, ["docs", "--rebuild", "nosuch"])
    assert refused.exit_code == 2
    assert "no result folder 'nosuch'" in refused.output
    missing = runner.invoke(main, ["docs", "--rebuild", "ladder", "--update", tmp_path / "no.md"])
    assert missing.exit_code == 2 and "--update: no page" in missing.output  # before any rebuild


def test_docs_update_writes_a_stale_block_and_leaves_a_fresh_page(tmp_path):
    page = tmp_path / "page.md"
    start, end = marks("herd-score-short")
    page.write_text(f"intro\n{start}\nstale\n{end}\nend\n", encoding="utf-8")
    before = {p: p.read_bytes() for p in writes()}
    runner = CliRunner()
    done = runner.invoke(main, ["docs", "--update", str(page)])
    assert done.exit_code == 0, done.output
    assert _text(page) == fill_blocks(f"intro\n{start}\nstale\n{end}\nend\n", blocks())
    assert "stale" not in _text(page)
    assert {p: p.read_bytes() for p in writes()} == before  # not beside this page
    again = runner.invoke(main, ["docs", "--update", str(page)])
    assert f"up to date: {page}" in again.output
    bare = tmp_path / "bare.md"
    bare.write_text("no blocks\n", encoding="utf-8")
    refused = runner.invoke(main, ["docs", "--update", str(bare)])
    assert refused.exit_code == 2 and "none of the marked blocks" in refused.output


def test_docs_update_all_writes_every_page_of_the_figures(tmp_path, monkeypatch):
    """``--update all`` is every page of :data:`PAGES` (``python3 tasks.py answers`` names no
    page of its own): copies of them, made stale, are each written anew."""
    import experiments.pages.command as docs_command

    copies = []
    for page in PAGES:
        copy = tmp_path / page.name
        name = next(iter(blocks_of(_text(page), blocks())))
        start, end = marks(name)
        copy.write_text(f"{start}\nstale\n{end}\n", encoding="utf-8")
        copies.append(copy)
    monkeypatch.setattr(docs_command, "PAGES", tuple(copies))
    done = CliRunner().invoke(main, ["docs", "--update", "all"])
    assert done.exit_code == 0, done.output
    for copy in copies:
        assert f"wrote {copy}" in done.output
        assert "stale" not in _text(copy)


TINY = Source(
    "tiny/simulate",
    ("mammoth simulate --games 3 --players 2 --seed 5 --strategy greedy",),
    keep=("games.parquet",),
)


def test_a_rebuild_replaces_the_folder_whole_and_a_failed_one_keeps_it(tmp_path):
    done = rebuild(TINY, workers=1, echo=lambda _line: None, results=tmp_path)
    assert sorted(p.name for p in done.iterdir()) == ["games.parquet", "run.json"]
    run = json.loads((done / "run.json").read_text(encoding="utf-8"))
    assert run["commands"] == list(TINY.commands) and run["seeds"] == [5]
    assert run["engine_version"] == ENGINE_VERSION
    games = pd.read_parquet(done / "games.parquet")
    assert sorted(games["game"].unique()) == [0, 1, 2]
    broken = Source(TINY.name, ("mammoth simulate --games 3 --players 9 --seed 5",), ("x",))
    with pytest.raises(Exception, match="failed"):
        rebuild(broken, echo=lambda _line: None, results=tmp_path)
    assert (done / "games.parquet").is_file(), "a failed rebuild lost the folder"
    assert [p.name for p in (tmp_path / "tiny").iterdir()] == ["simulate"], "scratch left over"


@pytest.mark.slow
def test_a_committed_folder_rebuilt_from_its_command_gives_the_same_figures(tmp_path):
    """The commit answer against the `greedy` field, made again from its recorded command."""
    name = "commit/greedy"
    rebuild(sources()[name], workers=2, echo=lambda _line: None, results=tmp_path)
    for file in sources()[name].keep:
        again = pd.read_csv(tmp_path / name / file)
        committed = pd.read_csv(RESULTS / name / file)
        pd.testing.assert_frame_equal(again, committed, check_exact=False, rtol=1e-12)
    copy = tmp_path / "all"
    shutil.copytree(RESULTS, copy)
    shutil.rmtree(copy / name)
    shutil.copytree(tmp_path / name, copy / name)
    for page in PAGES:
        text = _text(page)
        assert fill_blocks(text, blocks(copy)) == text
    assert ROOT.joinpath("docs", "results").is_dir()
