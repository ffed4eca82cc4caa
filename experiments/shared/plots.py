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


def commitment_heatmap(
    ax, commitments, figures, prizes, *, title=None, vmax=None, annotate=True, cmap="viridis"
):
    """Draw commitments over figures available (x) and the winner's prize (y).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    commitments : array-like of float, shape (len(figures), len(prizes))
        ``commitments[i, j]``: figures committed with ``figures[i]`` available and a winner's
        prize of ``prizes[j]`` points (NaN: no cell).
    figures : sequence of int
        Figures available (x axis labels).
    prizes : sequence of float
        Winner's prizes in points (y axis labels).
    title : str, optional
        Axes title.
    vmax : float, optional
        Top of the colour scale (default: the largest figure count).
    annotate : bool
        Write each cell's commitment.
    cmap : str
        Colour map.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    grid = np.asarray(commitments, dtype=np.float64)
    top = float(max(figures)) if vmax is None else float(vmax)
    image = ax.imshow(grid.T, origin="lower", cmap=cmap, vmin=0.0, vmax=top, aspect="auto")
    ax.set_xticks(range(len(figures)), [str(f) for f in figures])
    ax.set_yticks(range(len(prizes)), [f"{p:g}" for p in prizes])
    ax.set_xlabel("figures available")
    ax.set_ylabel("winner's prize (points)")
    if title:
        ax.set_title(title)
    if annotate:
        for i in range(grid.shape[0]):
            for j in range(grid.shape[1]):
                if np.isnan(grid[i, j]):
                    continue
                colour = "black" if grid[i, j] > 0.6 * top else "white"
                ax.text(
                    i, j, f"{grid[i, j]:.0f}", ha="center", va="center", color=colour, fontsize=7
                )
    ax.figure.colorbar(image, ax=ax, label="figures committed", shrink=0.8)
    return ax


def grouped_intervals(
    ax, labels, series, *, reference=None, title=None, xlabel="difference", scale=1.0
):
    """Draw several series of estimates with interval bars, one row per label.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    labels : sequence of str
        Row labels (top to bottom).
    series : dict of str to (mean, low, high)
        One entry per series (legend label); each array has one value per label (NaN: none).
    reference : float, optional
        A vertical reference line (e.g. 0 for paired differences).
    title : str, optional
        Axes title.
    xlabel : str
        Label of the value axis.
    scale : float
        Multiply every value (e.g. 100 for percentage points).

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    rows = np.arange(len(labels))[::-1].astype(float)
    k = max(1, len(series))
    offsets = ((k - 1) / 2 - np.arange(k)) * (0.7 / k)  # the first series on top
    for offset, (name, (mean, low, high)) in zip(offsets, series.items(), strict=False):
        mean = scale * np.asarray(mean, dtype=np.float64)
        err = np.vstack([mean - scale * np.asarray(low), scale * np.asarray(high) - mean])
        ax.errorbar(mean, rows + offset, xerr=err, fmt="o", capsize=3, markersize=4, label=name)
    ax.set_yticks(rows, list(labels))
    if reference is not None:
        ax.axvline(reference, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel(xlabel)
    if title:
        ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize=7)
    return ax


def interval_lines(
    ax, x, band, *, label=None, title=None, xlabel=None, ylabel=None, reference=None
):
    """Draw an estimate over ``x`` as a line with a shaded 95% band.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    x : array-like of float
        The positions of the estimates.
    band : tuple of array-like
        ``(mean, low, high)``: the estimates and their interval bounds, one value per ``x`` (as
        a series of :func:`grouped_intervals`).
    label, title, xlabel, ylabel : str, optional
        The line's legend label, the axes' title and axis labels.
    reference : float, optional
        A horizontal reference line (e.g. 0 for paired differences).

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    mean, low, high = band
    x = np.asarray(x, dtype=np.float64)
    (line,) = ax.plot(x, mean, marker="o", markersize=3, label=label)
    ax.fill_between(x, low, high, color=line.get_color(), alpha=0.2, linewidth=0)
    if reference is not None:
        ax.axhline(reference, color="grey", linestyle="--", linewidth=1)
    if xlabel:
        ax.set_xlabel(xlabel)
    if ylabel:
        ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    if label is not None:
        ax.legend(fontsize=7)
    return ax


def histogram_steps(
    ax, values, counts, *, label=None, title=None, xlabel=None, density=True, bin_width=1
):
    """Draw an integer histogram (values with counts) as a step line, in bins of ``bin_width``.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    values = np.asarray(values, dtype=np.float64)
    counts = np.asarray(counts, dtype=np.float64)
    order = np.argsort(values)
    values, counts = values[order], counts[order]
    if bin_width > 1 and values.size:
        edges = np.floor(values / bin_width) * bin_width
        values, inverse = np.unique(edges, return_inverse=True)
        counts = np.bincount(inverse, weights=counts)
        values = values + bin_width / 2
    heights = counts / counts.sum() if density and counts.sum() > 0 else counts
    ax.step(values, heights, where="mid", label=label)
    ax.set_ylabel("share of games" if density else "games")
    if xlabel:
        ax.set_xlabel(xlabel)
    if title:
        ax.set_title(title)
    if label is not None:
        ax.legend(fontsize=7)
    return ax


def answers_by_field(ax, table, *, players=4, title=None):
    """Draw each answer (y, with its 95% interval) against the rating of the field it was
    measured in (x): does the answer settle as the field gets stronger?

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    table : pandas.DataFrame
        One row per field and answer: ``field``, ``field_rating`` (the field's rating on the
        ladder), ``answer`` (the series' label), ``players``, ``estimate``, ``low``, ``high``
        (in percentage points).
    players : int
        The player count drawn.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    rows = table[table["players"] == players]
    for answer, group in rows.groupby("answer", sort=False):
        group = group.sort_values("field_rating")
        x = group["field_rating"].to_numpy(dtype=float)
        y = group["estimate"].to_numpy(dtype=float)
        error = np.vstack([y - group["low"].to_numpy(float), group["high"].to_numpy(float) - y])
        ax.errorbar(x, y, yerr=error, marker="o", capsize=3, label=answer)
    for field, rating in rows.drop_duplicates("field")[["field", "field_rating"]].itertuples(
        index=False
    ):
        ax.annotate(field, (rating, 0.0), xytext=(0, -14), textcoords="offset points",
                    ha="center", fontsize=8, color="0.35")  # fmt: skip
    ax.axhline(0.0, color="0.6", linewidth=0.8)
    ax.margins(x=0.08)  # room for the outer fields' names
    ax.set_xlabel(f"the field's rating ({players} players, 0 = greedy)")
    ax.set_ylabel("win-rate change, pp (95% interval)")
    ax.legend(fontsize=8)
    if title:
        ax.set_title(title)
    return ax
