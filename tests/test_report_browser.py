"""The demo's report as a person sees it: headless Chromium at a desktop and a phone width.

The browser is the operating system's ``chromium`` (``.ci/run`` installs it where missing),
driven by the ``playwright`` package. At 1,400 px and 390 px the test asserts that every image
loads, that nothing overflows sideways (neither the page nor a table its box), that both answers
(how many figures to commit, what the mammoth scoring is worth) end within the first 1,200 px,
that figures stay readable on the phone (shown at no less than 70% of their designed width), and
that every link resolves (an anchor to an element of the page, a file to a file beside the
report).

Run as a script, it prints the same measurements for any report::

    python tests/test_report_browser.py results/demo/report.html
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

WIDTHS = (1400, 390)
FIRST_SCREENS = 1200
READABLE = 0.7
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

MEASURE = """
() => {
  // An answer is the element with its id; in a report without ids, the first element whose text
  // holds the answer's marker ("commit 1"; the "majority_decided" column of the worth table).
  function locate(id, marker) {
    let element = document.getElementById(id);
    if (!element) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent.includes(marker)) { element = node.parentElement; break; }
      }
    }
    if (!element) return null;
    const box = element.getBoundingClientRect();
    const y = window.scrollY;
    return {top: Math.round(box.top + y), bottom: Math.round(box.bottom + y)};
  }
  const root = document.documentElement;
  return {
    height: root.scrollHeight,
    width: Math.max(root.scrollWidth, document.body.scrollWidth),
    viewport: window.innerWidth,
    viewport_meta: !!document.querySelector("meta[name=viewport]"),
    commit: locate("answer-commit", "commit 1"),
    worth: locate("answer-worth", "majority_decided"),
    images: [...document.images].map(image => ({
      alt: image.alt,
      loaded: image.complete && image.naturalWidth > 0,
      shown: image.clientWidth,
      designed: Number(image.getAttribute("width")) || 0,
    })),
    links: [...document.querySelectorAll("a[href]")].map(a => a.getAttribute("href")),
    // tables wider than their box (they would scroll sideways inside it)
    cramped: [...document.querySelectorAll("table")]
      .filter(t => t.getBoundingClientRect().width > t.parentElement.clientWidth + 1)
      .map(t => (t.caption ? t.caption.textContent : t.textContent).slice(0, 60)),
    ids: [...document.querySelectorAll("[id]")].map(e => e.id),
  };
}
"""


def chromium() -> str | None:
    """The operating system's Chromium, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def measure(report: Path, widths=WIDTHS) -> dict[int, dict]:
    """Open ``report`` in headless Chromium at each width (900 px high); return what MEASURE saw."""
    from playwright.sync_api import sync_playwright

    out = {}
    with tempfile.TemporaryDirectory(prefix="mammoth-chromium-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium(), headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = context.new_page()
            for width in widths:
                page.set_viewport_size({"width": width, "height": 900})
                page.goto(Path(report).resolve().as_uri(), wait_until="load")
                out[width] = page.evaluate(MEASURE)
        finally:
            context.close()
    return out


def broken_links(report: Path, seen: dict) -> list[str]:
    """Links of the page that do not resolve: a missing anchor or a missing file."""
    broken = []
    for href in seen["links"]:
        parts = urlsplit(href)
        if parts.scheme or parts.netloc:
            broken.append(f"{href} (the report must work offline)")
        elif not parts.path:
            if unquote(parts.fragment) not in seen["ids"]:
                broken.append(f"{href} (no such anchor)")
        elif not (Path(report).parent / unquote(parts.path)).is_file():
            broken.append(f"{href} (no such file)")
    return broken


@pytest.fixture(scope="module")
def seen(demo_run):
    if chromium() is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs it (apt-get install chromium)")
        pytest.skip("no chromium here (apt-get install chromium)")
    return measure(demo_run / "report.html")


@pytest.mark.heavy_kernel  # plays the light kernel's advice or analysis entry
@pytest.mark.parametrize("width", WIDTHS)
def test_report_in_a_browser(seen, demo_run, width):
    page = seen[width]
    assert page["viewport"] == width and page["viewport_meta"]
    assert page["images"], "the report shows no figure"
    for image in page["images"]:
        assert image["loaded"], f"image {image['alt']} does not load"
    assert page["width"] <= width, f"the page is {page['width']} px wide at {width} px"
    assert page["cramped"] == [], "tables that do not fit"
    for answer in ("commit", "worth"):
        assert page[answer] is not None, f"no {answer} answer"
        assert page[answer]["bottom"] <= FIRST_SCREENS, (answer, page[answer])
    assert broken_links(demo_run / "report.html", page) == []
    assert any(link.startswith("#") for link in page["links"]), "no contents"
    assert any(link.endswith(".csv") for link in page["links"]), "no link to the data"
    if width < 500:
        for image in page["images"]:
            assert image["designed"] > 0, f"image {image['alt']} has no designed width"
            assert image["shown"] >= READABLE * min(image["designed"], width), image


def summary(report: Path) -> str:
    """One line per width: page height, and the top and bottom of both answers."""
    lines = []
    for width, page in measure(report).items():

        def where(answer, page=page):
            box = page[answer]
            return "missing" if box is None else f"{box['top']}-{box['bottom']} px"

        lines.append(
            f"{width} px wide: page {page['height']} x {page['width']} px; commit answer at "
            f"{where('commit')}, worth answer at {where('worth')}; {len(page['images'])} images, "
            f"{len(page['links'])} links"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(path)
        print(summary(Path(path)))
