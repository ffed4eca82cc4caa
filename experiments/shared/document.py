"""A small document model for the report, rendered as Markdown and as a responsive HTML page.

A document is a list of blocks (:class:`Heading`, :class:`Paragraph`, :class:`Bullets`,
:class:`Table`, :class:`Figure`, :class:`RunBox`, :class:`Box`); text is a list of inline parts
(``str``, :class:`Strong`, :class:`Link`). :func:`to_markdown` and :func:`to_html` render the
same blocks, so the two reports say the same thing, and :func:`markdown` renders blocks alone:
the published pages' marked blocks (:mod:`experiments.shared.pages`), their prose wrapped at the
pages' width. Its numbers are written by :mod:`experiments.shared.numbers`, as the published
pages' are.

The HTML page is self-contained (figures embedded as data URIs), has a viewport meta tag, lets
figures scale down with the page and keeps wide tables inside their own scrolling box, so it
reads on a phone as on a desktop.
"""

from __future__ import annotations

import base64
import html
import math
import re
import textwrap
from dataclasses import dataclass, field

# --------------------------------------------------------------------------------------------
# Inline text


@dataclass(frozen=True)
class Strong:
    """Bold text."""

    text: str


@dataclass(frozen=True)
class Link:
    """A link: ``#anchor`` within the page, or a file relative to the report."""

    text: str
    href: str


def _inline_md(parts) -> str:
    out = []
    for part in [parts] if isinstance(parts, str | Strong | Link) else parts:
        if isinstance(part, Strong):
            out.append(f"**{part.text}**")
        elif isinstance(part, Link):
            out.append(f"[{part.text}]({part.href})")
        else:
            out.append(str(part))
    return "".join(out)


def _inline_html(parts) -> str:
    out = []
    for part in [parts] if isinstance(parts, str | Strong | Link) else parts:
        if isinstance(part, Strong):
            out.append(f"<strong>{html.escape(part.text)}</strong>")
        elif isinstance(part, Link):
            out.append(f'<a href="{html.escape(part.href)}">{html.escape(part.text)}</a>')
        else:
            out.append(html.escape(str(part)))
    return "".join(out)


# --------------------------------------------------------------------------------------------
# Blocks


@dataclass
class Heading:
    """A heading of ``level`` 1 to 3 with an anchor ``anchor`` (links use ``#anchor``)."""

    text: str
    level: int = 2
    anchor: str | None = None


@dataclass
class Paragraph:
    """A paragraph of inline parts."""

    parts: list
    css: str | None = None


@dataclass
class Bullets:
    """A list of items, each a list of inline parts.

    ``depth``: how deep the list is nested in Markdown (1: the items of an item the page writes
    around it, indented by two spaces); ``wrap``: whether Markdown rendered at a width wraps
    each item (False: each item stays on one line, as a command a reader copies whole).
    """

    items: list
    css: str | None = None
    depth: int = 0
    wrap: bool = True


@dataclass
class Cell:
    """A table cell: the value and, optionally, its 95% interval (shown below on a phone).

    A table's cell may also be a ``str`` or inline parts (a :class:`Strong` total)."""

    text: str
    ci: str = ""


@dataclass
class Table:
    """A small table: a header and rows of cells (``str`` or :class:`Cell`); the first column
    labels the rows.

    ``caption`` is shown above it; ``max_columns`` value columns fit on a phone: a wider table
    is split into several with the label column repeated. ``words``: the values are words, not
    numbers (aligned left); ``dense``: a smaller font on a phone; ``aligned``: Markdown's
    alignment row sets the labels left and the values right (False: ``|---|``, each reader's
    own alignment, as the published pages write their tables).
    """

    header: list[str]
    rows: list[list]
    caption: list | str | None = None
    max_columns: int = 5
    words: bool = False
    dense: bool = False
    aligned: bool = True

    def parts(self) -> list[Table]:
        """The table split so that no part has more than ``max_columns`` value columns."""
        values = len(self.header) - 1
        if values <= self.max_columns:
            return [self]
        pieces = math.ceil(values / self.max_columns)
        size = math.ceil(values / pieces)
        out = []
        for start in range(1, len(self.header), size):
            cols = [0, *range(start, min(start + size, len(self.header)))]
            out.append(
                Table(
                    [self.header[c] for c in cols],
                    [[row[c] for c in cols] for row in self.rows],
                    self.caption if start == 1 else None,
                    self.max_columns,
                    self.words,
                    self.dense,
                    self.aligned,
                )
            )
        return out


@dataclass
class Figure:
    """A PNG figure: ``width`` x ``height`` CSS pixels as designed (the image may be sharper).

    ``file`` is its path relative to the Markdown report; the HTML page embeds ``png``.
    """

    name: str
    png: bytes
    width: int
    height: int
    alt: str
    caption: str = ""
    file: str = ""


@dataclass
class RunBox:
    """The compact "how this was run" box of a section: label -> value pairs."""

    items: list[tuple[str, str]]


@dataclass
class Box:
    """A framed group of blocks (the answers) with an anchor."""

    blocks: list
    anchor: str | None = None
    css: str = "box"


@dataclass
class Document:
    """A title and blocks."""

    title: str
    blocks: list = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Markdown


def _cell_md(cell) -> str:
    if isinstance(cell, Cell):
        text = f"{cell.text} {cell.ci}".strip()
    elif isinstance(cell, list | Strong | Link):
        text = _inline_md(cell)
    else:
        text = str(cell)
    return text.replace("|", "\\|").replace("\n", " ")


def _row_md(cells) -> str:
    """A table row: each cell between pipes, an empty one a single space."""
    return "|" + "|".join(f" {text} " if text else " " for text in map(_cell_md, cells)) + "|"


def _table_md(table: Table) -> list[str]:
    lines = []
    if table.caption:
        lines += [_inline_md(table.caption), ""]
    lines.append(_row_md(table.header))
    if table.aligned:
        lines.append("|" + "|".join([":---"] + ["---:"] * (len(table.header) - 1)) + "|")
    else:
        lines.append("|" + "---|" * len(table.header))
    lines += [_row_md(row) for row in table.rows]
    return lines


def _fill(text: str, width: int | None, first: str = "", rest: str = "") -> list[str]:
    """``text`` after ``first``, wrapped at ``width`` (None: on one line) with its further lines
    after ``rest``; words are never broken, nor at hyphens."""
    lines = None
    if width is not None:
        lines = textwrap.wrap(
            text,
            width,
            initial_indent=first,
            subsequent_indent=rest,
            break_long_words=False,
            break_on_hyphens=False,
        )
    return lines or [first + text]


def _blocks_md(blocks, width: int | None = None) -> list[str]:
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            if block.anchor:
                out += [f'<a id="{block.anchor}"></a>', ""]
            out += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Paragraph):
            quote = "> " if block.css == "run" else ""
            out += _fill(_inline_md(block.parts), width, quote, quote) + [""]
        elif isinstance(block, Bullets):
            indent = "  " * block.depth
            for item in block.items:
                out += _fill(
                    _inline_md(item), width if block.wrap else None, indent + "- ", indent + "  "
                )
            out.append("")
        elif isinstance(block, Table):
            out += _table_md(block) + [""]
        elif isinstance(block, Figure):
            out += [f"![{block.alt}]({block.file})", ""]
            if block.caption:
                out += [f"*{block.caption}*", ""]
        elif isinstance(block, RunBox):
            out += ["> **How this was run:** " + "; ".join(f"{k} {v}" for k, v in block.items), ""]
        elif isinstance(block, Box):
            if block.anchor:
                out += [f'<a id="{block.anchor}"></a>', ""]
            out += _blocks_md(block.blocks, width)
        else:  # pragma: no cover - a programming error
            raise TypeError(f"unknown block {block!r}")
    return out


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1]:
        lines.pop()
    return lines


def to_markdown(document: Document) -> str:
    """The document as Markdown (figures linked by their ``file``)."""
    return "\n".join(_trimmed([f"# {document.title}", "", *_blocks_md(document.blocks)])) + "\n"


def markdown(blocks, width: int | None = None) -> str:
    """Blocks as Markdown text, a blank line between two, without a final newline.

    Parameters
    ----------
    blocks : block or list of blocks
        What to render (one block alone, or a list).
    width : int, optional
        The width paragraphs and list items are wrapped at (a list item's further lines
        indented under its text; words never broken); None: each on one line.

    Returns
    -------
    str
    """
    if not isinstance(blocks, list | tuple):
        blocks = [blocks]
    return "\n".join(_trimmed(_blocks_md(blocks, width)))


# --------------------------------------------------------------------------------------------
# HTML

STYLE = """
*{box-sizing:border-box}
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1d;
 max-width:980px;margin:0 auto;padding:0 16px 48px;overflow-wrap:break-word}
h1{font-size:1.45em;line-height:1.2;margin:.6em 0 .3em}
h2{font-size:1.25em;margin:1.8em 0 .4em;padding-bottom:.15em;border-bottom:1px solid #ccc}
h3{font-size:1.05em;margin:1.2em 0 .3em}
p{margin:.4em 0}
a{color:#0550ae}
.box{border:2px solid #2f6f3e;border-radius:6px;padding:4px 12px 8px;margin:.6em 0;
 background:#f6fbf7}
.box h2{border:0;margin:.4em 0 .2em;font-size:1.15em}
.lead{margin:.2em 0 .5em}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.3em 0 .6em;font-variant-numeric:tabular-nums}
caption{text-align:left;font-size:.9em;color:#444;padding-bottom:2px}
th,td{padding:3px 8px;border-bottom:1px solid #ddd;text-align:right;vertical-align:top}
thead th{font-weight:600;border-bottom:1px solid #999}
tbody th{font-weight:600}
th:first-child,td:first-child,table.words td,table.words th{text-align:left}
.ci{color:#555;font-size:.85em;white-space:nowrap}
figure{margin:.6em 0}
img{display:block;max-width:100%;height:auto}
figcaption{font-size:.85em;color:#444;margin-top:2px}
.run{font-size:.8em;color:#333;background:#f3f3f3;border-left:3px solid #999;
 padding:4px 8px;margin:.6em 0}
.contents{columns:2 14em;padding-left:1.2em}
.note{font-size:.9em;color:#444}
@media (max-width:600px){
 body{font-size:15px;padding:0 10px 40px}
 th,td{padding:3px 3px}
 .ci{display:block;white-space:normal}
 .box{padding:2px 6px 6px}
 .box table,table.dense{font-size:.88em}
}
"""


def _breakable(text: str) -> str:
    """Escaped text; a name may break after a "+" or a "/" (``greedy+majority``,
    ``food_backs/prefix_draw``) to fit a phone."""
    return re.sub(r"(?<=[a-z0-9])([+/])(?=[a-z])", r"\1<wbr>", html.escape(text))


def _table_html(table: Table) -> str:
    parts = []
    for piece in table.parts():
        head = "".join(f"<th>{_breakable(str(h))}</th>" for h in piece.header)
        body = []
        for row in piece.rows:
            cells = []
            for j, cell in enumerate(row):
                tag = "th" if j == 0 else "td"
                if isinstance(cell, Cell):
                    ci = f' <span class="ci">{html.escape(cell.ci)}</span>' if cell.ci else ""
                    cells.append(f"<{tag}>{_breakable(cell.text)}{ci}</{tag}>")
                elif isinstance(cell, list | Strong | Link):
                    cells.append(f"<{tag}>{_inline_html(cell)}</{tag}>")
                else:
                    cells.append(f"<{tag}>{_breakable(str(cell))}</{tag}>")
            body.append("<tr>" + "".join(cells) + "</tr>")
        caption = f"<caption>{_inline_html(piece.caption)}</caption>" if piece.caption else ""
        classes = [c for c, on in (("words", piece.words), ("dense", piece.dense)) if on]
        css = f' class="{" ".join(classes)}"' if classes else ""
        parts.append(
            f'<div class="scroll"><table{css}>{caption}<thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>"
        )
    return "\n".join(parts)


def _blocks_html(blocks) -> list[str]:
    out = []
    for block in blocks:
        if isinstance(block, Heading):
            anchor = f' id="{html.escape(block.anchor)}"' if block.anchor else ""
            out.append(f"<h{block.level}{anchor}>{html.escape(block.text)}</h{block.level}>")
        elif isinstance(block, Paragraph):
            css = f' class="{block.css}"' if block.css else ""
            out.append(f"<p{css}>{_inline_html(block.parts)}</p>")
        elif isinstance(block, Bullets):
            items = "".join(f"<li>{_inline_html(item)}</li>" for item in block.items)
            css = f' class="{block.css}"' if block.css else ""
            out.append(f"<ul{css}>{items}</ul>")
        elif isinstance(block, Table):
            out.append(_table_html(block))
        elif isinstance(block, Figure):
            data = base64.b64encode(block.png).decode()
            caption = (
                f"<figcaption>{html.escape(block.caption)}</figcaption>" if block.caption else ""
            )
            out.append(
                f'<figure><img alt="{html.escape(block.alt)}" width="{block.width}" '
                f'height="{block.height}" src="data:image/png;base64,{data}">{caption}</figure>'
            )
        elif isinstance(block, RunBox):
            items = " · ".join(f"<b>{html.escape(k)}</b> {html.escape(v)}" for k, v in block.items)
            out.append(f'<p class="run">How this was run: {items}</p>')
        elif isinstance(block, Box):
            anchor = f' id="{html.escape(block.anchor)}"' if block.anchor else ""
            out.append(f'<section class="{block.css}"{anchor}>')
            out += _blocks_html(block.blocks)
            out.append("</section>")
        else:  # pragma: no cover - a programming error
            raise TypeError(f"unknown block {block!r}")
    return out


def to_html(document: Document) -> str:
    """The document as one self-contained, responsive HTML page."""
    body = "\n".join(_blocks_html(document.blocks))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(document.title)}</title><style>{STYLE}</style></head>\n"
        f"<body>\n<h1>{html.escape(document.title)}</h1>\n{body}\n</body></html>\n"
    )


__all__ = [
    "Box",
    "Bullets",
    "Cell",
    "Document",
    "Figure",
    "Heading",
    "Link",
    "Paragraph",
    "RunBox",
    "Strong",
    "Table",
    "markdown",
    "to_html",
    "to_markdown",
]
