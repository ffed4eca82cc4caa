"""Every figure written for people, in one place: the pages, the reports and the terminal.

The README and ``docs/answers.md`` (``mammoth docs``), ``mammoth report`` and the files each
command writes print their figures with these functions only, so one figure reads the same
wherever it stands. One rule holds for all of them:

- **minus**: a negative figure is written with the true minus sign ``−`` (U+2212), never the
  hyphen ``-``;
- **zero**: a figure that rounds to zero at the decimals it is written with has no sign: ``0.0``,
  never ``+0.0`` or ``−0.0`` (an exact zero is written the same way, with its decimals: the
  figures are often rounded before they get here, so "exactly zero" would say nothing);
- **size**: a figure of four digits or more before the point has thousands separators
  (``1,250``);
- **missing**: a missing figure (None or NaN) is :data:`DASH`, and a missing interval is empty.

The module imports only the standard library, so every question's code may use it.
"""

from __future__ import annotations

import math

MINUS = "\N{MINUS SIGN}"
"""The minus sign every negative figure is written with."""
DASH = "–"
"""A missing figure."""
WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
"""The counts written in words (:func:`in_words`)."""


def is_missing(value) -> bool:
    """Whether ``value`` is no figure: None or NaN.

    Parameters
    ----------
    value : float or None
        The figure.

    Returns
    -------
    bool
        True for None and NaN.
    """
    if value is None:
        return True
    try:
        return math.isnan(float(value))
    except (TypeError, ValueError):
        return False


def _rounded(value: float, digits: int, sign: str) -> str:
    """``value`` with ``digits`` decimals, thousands separators and the one rule's signs."""
    text = f"{float(value):{sign},.{digits}f}"
    if text.lstrip("+-").strip("0.,") == "":  # rounds to zero: no sign
        return text.lstrip("+-")
    return text.replace("-", MINUS)


def plain(value, digits: int = 1) -> str:
    """A figure with ``digits`` decimals and no plus sign.

    Parameters
    ----------
    value : float or None
        The figure.
    digits : int
        Its decimals.

    Returns
    -------
    str
        ``3.2``, ``−1.4``, ``0.0`` (``−0.04`` too), ``1,250.0``; :data:`DASH` when missing.
    """
    if is_missing(value):
        return DASH
    return _rounded(value, digits, "")


def signed(value, digits: int = 1, *, near_zero: int | None = None) -> str:
    """A figure with ``digits`` decimals and its sign, ``+`` or ``−``.

    Parameters
    ----------
    value : float or None
        The figure (a difference, a change).
    digits : int
        Its decimals.
    near_zero : int, optional
        The decimals of a figure that is not zero but rounds to zero with ``digits`` (an
        interval's end just short of 0 must not read as reaching it); it is written with them,
        and without a sign only if it still rounds to zero.

    Returns
    -------
    str
        ``+3.2``, ``−1.4``, ``0.0`` (``−0.04`` too), ``+1,250``; :data:`DASH` when missing.
    """
    if is_missing(value):
        return DASH
    text = _rounded(value, digits, "+")
    if near_zero is not None and near_zero > digits and text[0] not in "+" + MINUS and value:
        finer = _rounded(value, near_zero, "+")
        return finer if finer[0] in "+" + MINUS else text
    return text


def percent(fraction, digits: int = 1) -> str:
    """A fraction as a percentage.

    Parameters
    ----------
    fraction : float or None
        The share (``0.0717``).
    digits : int
        The decimals of the percentage.

    Returns
    -------
    str
        ``7.2%``, ``0.0%``, ``100.0%``; :data:`DASH` when missing.
    """
    if is_missing(fraction):
        return DASH
    return plain(100 * float(fraction), digits) + "%"


def pp(fraction, digits: int = 1, *, unit: bool = True) -> str:
    """A difference of fractions in percentage points, signed.

    Parameters
    ----------
    fraction : float or None
        The difference of two shares (``0.033``).
    digits : int
        The decimals of the points.
    unit : bool
        Write `` pp`` after it (False: a table whose caption names the unit).

    Returns
    -------
    str
        ``+3.3 pp``, ``−1.5 pp``, ``0.0 pp``, or without the unit ``+3.3``; :data:`DASH` when
        missing.
    """
    if is_missing(fraction):
        return DASH
    return signed(100 * float(fraction), digits) + (" pp" if unit else "")


def interval(
    low, high, digits: int = 1, *, scale: float = 1.0, signs: bool = False, near_zero=None
) -> str:
    """A 95% interval in brackets, each end scaled by ``scale``.

    Parameters
    ----------
    low, high : float or None
        Its ends.
    digits : int
        Their decimals.
    scale : float
        What the ends are multiplied by first (100: fractions written as percentages or pp).
    signs : bool
        Write each end with its sign, as :func:`signed` does (False: as :func:`plain` does).
    near_zero : int, optional
        With ``signs``: the decimals of an end that rounds to zero but is not (:func:`signed`).

    Returns
    -------
    str
        ``[2.6, 4.1]``, ``[−0.3, 4.1]``, ``[+286, +352]``; empty when an end is missing.
    """
    if is_missing(low) or is_missing(high):
        return ""
    ends = [scale * float(low), scale * float(high)]
    if signs:
        shown = [signed(end, digits, near_zero=near_zero) for end in ends]
    else:
        shown = [plain(end, digits) for end in ends]
    return f"[{shown[0]}, {shown[1]}]"


def estimate(
    value, low, high, digits: int = 1, *, scale: float = 1.0, near_zero: int | None = None
) -> str:
    """A signed estimate with its interval, every figure signed (a difference, a gain).

    Parameters
    ----------
    value, low, high : float or None
        The estimate and its interval's ends.
    digits : int
        Their decimals.
    scale : float
        What every figure is multiplied by first (100: fractions written as pp).
    near_zero : int, optional
        The decimals of a figure that rounds to zero but is not (:func:`signed`).

    Returns
    -------
    str
        ``+0.37 [−0.14, +0.88]``; the estimate alone when an end is missing, :data:`DASH` when
        the estimate is.
    """
    if is_missing(value):
        return DASH
    shown = signed(scale * float(value), digits, near_zero=near_zero)
    ends = interval(low, high, digits, scale=scale, signs=True, near_zero=near_zero)
    return f"{shown} {ends}".rstrip()


def rated(rating, low, high) -> str:
    """A rating on the strength ladder with its interval: :func:`estimate` in whole points.

    Parameters
    ----------
    rating, low, high : float
        The rating and its interval's ends.

    Returns
    -------
    str
        ``+120 [+95, +145]``, ``−1,250 [−1,300, −1,200]``, ``0 [−12, +12]``.
    """
    return estimate(rating, low, high, 0)


def count(value) -> str:
    """A whole number with thousands separators.

    Parameters
    ----------
    value : int or None
        The count.

    Returns
    -------
    str
        ``5,586``; :data:`DASH` when missing.
    """
    if is_missing(value):
        return DASH
    return plain(int(value), 0)


def in_words(value: int) -> str:
    """A small count as prose writes it.

    Parameters
    ----------
    value : int
        The count.

    Returns
    -------
    str
        ``no``, ``six``, ``ten``; 11 and over (or below 0) in figures (``1,200``).
    """
    return WORDS[value] if 0 <= value < len(WORDS) else plain(value, 0)


def shortest(value) -> str:
    """A setting's value as briefly as it reads (``6``, ``0.25``, ``−5``, ``1e+06``).

    Parameters
    ----------
    value : float
        The value.

    Returns
    -------
    str
        At most six significant digits and no trailing zeros (Python's ``g``).
    """
    text = f"{float(value):g}"
    if float(text) == 0:
        return "0"
    return MINUS + text[1:] if text.startswith("-") else text


def measure(value, unit: str, digits: int = 2) -> str:
    """A measurement of the bench with its unit.

    Parameters
    ----------
    value : float
        The measurement.
    unit : str
        Its unit: ``1/s`` (written in millions a second), ``chunks/s``, another rate or ``MB``
        (written whole), else anything (``x``, ``s``), written with ``digits`` decimals.
    digits : int
        The decimals of a measurement of the last kind.

    Returns
    -------
    str
        ``12.3 M/s``, ``1.25 chunks/s``, ``4,120 games/s``, ``0.97 x``.
    """
    if unit == "1/s":
        return f"{plain(value / 1e6, 1)} M/s"
    if unit == "chunks/s":
        return f"{plain(value, 2)} {unit}"
    if unit.endswith("/s") or unit == "MB":
        return f"{plain(value, 0)} {unit}"
    return f"{plain(value, digits)} {unit}"
