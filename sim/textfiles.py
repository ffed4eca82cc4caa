"""Reading the small text files a user hands in (tile files, presets, experiment files) safely.

A user's file may be anything: missing, a folder, a FIFO or ``/dev/zero`` (reading would never
end), huge, binary, UTF-16, or TOML nested thousands deep (``tomllib`` recurses and overflows the
stack). :func:`read_text` reads a regular file of bounded size as UTF-8 text and
:func:`read_toml` checks a TOML document's nesting before and after parsing it; each raises
:class:`~sim.errors.InputError` with one line naming the file, never another exception.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path

from sim.errors import InputError

MAX_TOML_DEPTH = 16
"""Deepest nesting of arrays and tables in a TOML file a user hands in."""


def read_text(path: str | os.PathLike, what: str, max_bytes: int) -> str:
    """Read a user's text file: a regular file of at most ``max_bytes`` bytes, UTF-8, no NULs.

    Parameters
    ----------
    path : path-like
        The file.
    what : str
        How the file is named in messages (``"tile file"``, ``"experiment file"``...).
    max_bytes : int
        The largest size accepted; the file is never read beyond it.

    Returns
    -------
    str
        The text (a UTF-8 byte order mark is dropped).

    Raises
    ------
    InputError
        A missing file, a folder or other non-regular file, a file too large, not UTF-8 or
        holding NUL characters (binary).
    """
    shown = repr(str(path))
    if "\0" in str(path):
        raise InputError(f"{what} name {shown} holds a NUL character")
    try:
        # a FIFO or a device would block open() itself: look first, then open without waiting
        # (O_NONBLOCK), and look again at what was opened (it may have been swapped meanwhile)
        if not stat.S_ISREG(os.stat(path).st_mode):
            if stat.S_ISDIR(os.stat(path).st_mode):
                raise IsADirectoryError
            raise InputError(f"{what} {shown} is not a regular file")
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if not stat.S_ISREG(mode):
                raise InputError(f"{what} {shown} is not a regular file")
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError(f"{what} {shown} does not exist") from None
    except IsADirectoryError:
        raise InputError(f"{what} {shown} is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"cannot read {what} {shown}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise InputError(f"{what} {shown} is larger than {max_bytes:,} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{what} {shown} is not UTF-8 text (byte {exc.start}: {data[exc.start]:#04x})"
        ) from None
    if "\0" in text:
        raise InputError(f"{what} {shown} holds NUL characters (a binary file?)")
    return text


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in TOML text, outside strings and comments.

    An upper bound of the nesting ``tomllib`` will recurse into (table headers count too), found
    without recursion.
    """
    depth = deepest = 0
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if char in "\"'":
            i = _string_end(text, i)
            continue
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return deepest


def _string_end(text: str, start: int) -> int:
    """The index just past the TOML string opening at ``start`` (or the end of the text)."""
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    close = quote * 3 if triple else quote
    i = start + len(close)
    while i < len(text):
        char = text[i]
        if char == "\\" and quote == '"':
            i += 2
            continue
        if char == "\n" and not triple:
            return i  # unterminated: tomllib rejects it
        if text.startswith(close, i):
            return i + len(close)
        i += 1
    return i


def _document_depth(document) -> int:
    deepest = 0
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return deepest


def read_toml(
    path: str | os.PathLike, what: str, max_bytes: int, max_depth: int = MAX_TOML_DEPTH
) -> dict:
    """Read a user's TOML file with :func:`read_text`, its nesting bounded before parsing.

    Parameters
    ----------
    path : path-like
        The file.
    what : str
        How the file is named in messages.
    max_bytes : int
        The largest size accepted.
    max_depth : int
        The deepest nesting of arrays, inline tables and dotted keys accepted.

    Returns
    -------
    dict
        The document.

    Raises
    ------
    InputError
        As :func:`read_text`, or for invalid TOML or nesting deeper than ``max_depth``.
    """
    text = read_text(path, what, max_bytes)
    return parse_toml(text, f"{what} {str(Path(path))!r}", max_depth)


def parse_toml(text: str, named: str, max_depth: int = MAX_TOML_DEPTH) -> dict:
    """Parse a user's TOML text, its nesting bounded before parsing (:func:`read_toml`'s
    parser, for a text that came without a file: the body of a request).

    Parameters
    ----------
    text : str
        The TOML.
    named : str
        How the text is named in messages (``"position file 'p.toml'"``).
    max_depth : int
        The deepest nesting of arrays, inline tables and dotted keys accepted.

    Returns
    -------
    dict
        The document.

    Raises
    ------
    InputError
        Invalid TOML or nesting deeper than ``max_depth``, in one line.
    """
    too_deep = f"{named} is nested deeper than {max_depth} levels"
    if nesting_depth(text) > max_depth:
        raise InputError(too_deep)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{named} is not valid TOML: {exc}") from None
    except RecursionError:  # not reached after the check above; kept as a backstop
        raise InputError(too_deep) from None
    if _document_depth(document) > max_depth + 1:
        raise InputError(too_deep)
    return document
