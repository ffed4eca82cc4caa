"""The report's charts: their size, made for the page, and their PNG bytes.

Each chart of the report is one narrow figure (:data:`WIDTH` inches, shown at 100 CSS pixels per
inch and saved at twice that for sharp screens), so that it stays readable when a phone shows it
at 360 pixels. The charts use :class:`matplotlib.figure.Figure` directly: no pyplot, no backend,
no global state. Each question draws its own (in its ``report_section``); :func:`render` turns
one into PNG bytes and its designed size.
"""

from __future__ import annotations

import io

from matplotlib.figure import Figure

WIDTH = 4.8
"""Width of every chart, inches."""

CSS_PER_INCH = 100
DPI = 2 * CSS_PER_INCH


def render(figure: Figure) -> tuple[bytes, int, int]:
    """The figure as PNG bytes and its designed width and height in CSS pixels."""
    buffer = io.BytesIO()
    width, height = figure.get_size_inches()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue(), round(width * CSS_PER_INCH), round(height * CSS_PER_INCH)


__all__ = ["WIDTH", "render"]
