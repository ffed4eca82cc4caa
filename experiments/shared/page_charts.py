"""The pages' charts as PNG bytes that record the matplotlib that drew them.

A chart of the published pages is drawn by ``mammoth docs`` from the committed result folders
(a ``WRITES`` entry of a question's ``page.py``, :mod:`experiments.shared.pages`). Its bytes are
the same whenever one matplotlib draws the same figure, but another matplotlib may lay out or
anti-alias it differently; so each chart records the version that drew it in its ``Software``
text, and a check compares a committed chart's bytes with a new drawing only under that version
(:func:`drawn_by`).
"""

from __future__ import annotations

import struct
import zlib
from io import BytesIO

SOFTWARE = "matplotlib "
"""The start of a chart's ``Software`` text, before the version."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
"""The first bytes of every PNG file."""


def png(figure, **savefig) -> bytes:
    """A figure as the PNG bytes of a page's chart.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
        The chart.
    **savefig
        Passed on to :meth:`~matplotlib.figure.Figure.savefig` (``dpi``, ``bbox_inches``).

    Returns
    -------
    bytes
        The PNG file: no date, and a ``Software`` text naming the matplotlib version, so two
        drawings of one figure under one matplotlib give the same bytes.
    """
    import matplotlib

    buffer = BytesIO()
    metadata = {"Software": SOFTWARE + matplotlib.__version__}
    figure.savefig(buffer, format="png", metadata=metadata, **savefig)
    return buffer.getvalue()


def texts(data: bytes) -> dict[str, str]:
    """The ``tEXt`` and ``zTXt`` entries of a PNG file, keyword -> text.

    Raises
    ------
    ValueError
        When ``data`` is not a PNG file or a chunk runs past its end.
    """
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG file")
    found, at = {}, len(SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if len(body) != length:
            raise ValueError("a PNG chunk runs past the end of the file")
        if kind == b"tEXt":
            key, _, text = body.partition(b"\0")
            found[key.decode("latin-1")] = text.decode("latin-1")
        elif kind == b"zTXt":
            key, _, packed = body.partition(b"\0")
            found[key.decode("latin-1")] = zlib.decompress(packed[1:]).decode("latin-1")
        if kind == b"IEND":
            break
        at += 12 + length
    return found


def drawn_by(data: bytes) -> str | None:
    """The matplotlib version a chart of :func:`png` records; None for a PNG that names none."""
    software = texts(data).get("Software", "")
    return software[len(SOFTWARE) :] if software.startswith(SOFTWARE) else None


__all__ = ["drawn_by", "png", "texts"]
