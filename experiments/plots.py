"""Plots as library functions: each takes a matplotlib Axes, draws on it and returns it."""

from __future__ import annotations

import numpy as np


def win_heatmap(
    ax, win, figures_seat0, figures_seat1, *, title=None, annotate=True, cmap="viridis"
):
    """Draw seat 0's win probability over its figures (x) and seat 1's figures (y).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    win : array-like of float, shape (len(figures_seat0), len(figures_seat1))
        ``win[i, j]``: P(seat 0 wins) with ``figures_seat0[i]`` against ``figures_seat1[j]``.
    figures_seat0, figures_seat1 : sequence of int
        The figure counts labelling the axes.
    title : str, optional
        Axes title.
    annotate : bool
        Write each cell's probability in per cent.
    cmap : str
        Colour map.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    win = np.asarray(win, dtype=np.float64)
    image = ax.imshow(win.T, origin="lower", cmap=cmap, vmin=0.0, vmax=1.0, aspect="equal")
    ax.set_xticks(range(len(figures_seat0)), [str(k) for k in figures_seat0])
    ax.set_yticks(range(len(figures_seat1)), [str(k) for k in figures_seat1])
    ax.set_xlabel("figures of seat 0")
    ax.set_ylabel("figures of seat 1")
    if title:
        ax.set_title(title)
    if annotate:
        for i in range(win.shape[0]):
            for j in range(win.shape[1]):
                colour = "black" if win[i, j] > 0.6 else "white"
                ax.text(
                    i,
                    j,
                    f"{100 * win[i, j]:.0f}",
                    ha="center",
                    va="center",
                    color=colour,
                    fontsize=8,
                )
    ax.figure.colorbar(image, ax=ax, label="P(seat 0 wins)", shrink=0.8)
    return ax


def interval_bars(ax, labels, rate, low, high, *, reference=None, title=None, xlabel="win rate"):
    """Draw rates as points with interval bars, one row per label.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    labels : sequence of str
        Row labels (top to bottom).
    rate, low, high : array-like of float
        The estimates and their interval bounds.
    reference : float, optional
        A vertical reference line (e.g. the fair share 1/players).
    title : str, optional
        Axes title.
    xlabel : str
        Label of the value axis.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    rate = np.asarray(rate, dtype=np.float64)
    rows = np.arange(len(rate))[::-1]
    err = np.vstack([rate - np.asarray(low), np.asarray(high) - rate])
    ax.errorbar(rate, rows, xerr=err, fmt="o", capsize=4)
    ax.set_yticks(rows, list(labels))
    if reference is not None:
        ax.axvline(reference, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel(xlabel)
    if title:
        ax.set_title(title)
    return ax
