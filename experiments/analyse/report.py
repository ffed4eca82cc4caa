"""The files of a position's analysis: ``analysis.md`` (the short table ``mammoth analyse``
prints), ``analysis.csv``, ``analysis.json``, ``analysis.html`` (one self-contained page) and
``run.json``. Words only: the figures come from :mod:`experiments.analyse.analysis`.
"""

from __future__ import annotations

import html
import math
from pathlib import Path

import pandas as pd

from experiments.analyse.analysis import STOP_RULE
from experiments.shared.files import run_metadata, write_csv, write_json, write_text
from experiments.shared.numbers import percent, signed
from sim.names import AREA_NAMES
from sim.position import Position
from sim.state import H_TILES_WON, HERD, I_HERD_AREA, I_PRIZE, I_ROUND, I_TILE_POS

FIGURES = 6
"""Decimals of the figures written (the same bytes on any machine)."""
FILES = ("analysis.md", "analysis.csv", "analysis.json", "analysis.html", "run.json")


def _win_cell(r) -> str:
    if int(r["playouts"]) < 2:
        return f"{percent(r['win'])} (one play-out: no interval)"
    return f"{percent(r['win'])} [{percent(r['win_low'])}, {percent(r['win_high'])}]"


def _margin_cell(r) -> str:
    if int(r["playouts"]) < 2:
        return f"{signed(r['margin'])} (no interval)"
    return f"{signed(r['margin'])} [{signed(r['margin_low'])}, {signed(r['margin_high'])}]"


def no_best(table: pd.DataFrame, best: dict) -> str | None:
    """Why no option can be called best (one play-out per option, or a tie in win share and
    margin between the two leaders), or None when one is."""
    n = int(table["playouts"].iloc[0])
    top, second = best["best"], best["second"]
    if n < 2:
        return (
            "One play-out per option gives no interval and names no best option: each figure "
            "is a single game (run more play-outs with --playouts)."
        )
    same = ("win", "margin")
    if all(table[c][top] == table[c][second] for c in same):
        return (
            f"No best option: {table['option'][top]} and {table['option'][second]} tie in win "
            "share and margin."
        )
    return None


def verdict(table: pd.DataFrame, best: dict) -> str:
    """The answer in a sentence: the best option and its win share, or why there is none."""
    reason = no_best(table, best)
    if reason is not None:
        return reason
    top = best["best"]
    return (
        f"Best: {table['option'][top]}, which wins {percent(table['win'][top])} of the play-outs, "
        f"{signed(100 * best['lead'])} points of win share ahead of "
        f"{table['option'][best['second']]}."
    )


def headline(position: Position) -> str:
    """The position in a line: round, players, who decides what, the herd's area, the tiles."""
    name = position.players[position.to_act]
    area = int(position.game[I_HERD_AREA])
    where = AREA_NAMES[area] if area >= 0 else "no area"
    tiles = ", ".join(
        f"{n} {int(position.seat[q, HERD + H_TILES_WON])}" for q, n in enumerate(position.players)
    )
    what = "places" if position.kind == "placement" else "commits"
    return (
        f"Round {int(position.game[I_ROUND])}, {position.n_players} players: {name} {what} "
        f"(the herd on the {where}); tiles {tiles}."
    )


def dealt_note(position: Position) -> list[str]:
    """A line when the earlier tiles were given as a count (each play-out deals them)."""
    if not position.earlier_unknown:
        return []
    n = int(position.game[I_TILE_POS]) - (int(position.game[I_PRIZE]) >= 0)
    return [
        f"The {n} mammoth tile{'s' if n != 1 else ''} of the earlier rounds were given as a "
        "count: every play-out deals them anew, with the pile, like what nobody can see."
    ]


def summary(table: pd.DataFrame, best: dict, stopped: bool, stop: bool = True) -> list[str]:
    """The lines under the table: the best option, its lead over the runner-up, how it ended."""
    top = table["option"][best["best"]]
    second = table["option"][best["second"]]
    n = int(table["playouts"].iloc[0])
    reason = no_best(table, best)
    lines = [
        reason
        or f"Best: {top}. Lead over {second}: {signed(100 * best['lead'])} pp win share "
        f"[{signed(100 * best['lead_low'])}, {signed(100 * best['lead_high'])}], "
        f"{signed(best['margin_lead'])} points of margin "
        f"[{signed(best['margin_lead_low'])}, {signed(best['margin_lead_high'])}].",
    ]
    playouts = f"{n:,} play-out{'s' if n != 1 else ''} per option"
    if stopped:
        lines.append(f"Stopped early after {playouts}: {STOP_RULE}.")
    elif stop:
        lines.append(f"{playouts}: no option led every other with confidence "
                     "sooner (the stopping rule, docs/positions.md).")  # fmt: skip
    else:
        lines.append(f"{playouts} (no early stop asked).")
    own = table.index[table["own_choice"]]
    if len(own):
        lines.append(f"The field's own player would take: {table['option'][own[0]]}.")
    return lines


def markdown(
    position: Position,
    table: pd.DataFrame,
    best: dict,
    stopped: bool,
    field: str,
    stop: bool = True,
) -> str:
    """``analysis.md``: the headline, the table, the summary."""
    odds = table["contest_odds"].notna().any()
    head = "| option | win share [95%] | final margin [95%] |" + (" contest odds |" if odds else "")
    rule = "|---|---|---|" + ("---|" if odds else "")
    rows = []
    named = no_best(table, best) is None
    for _, r in table.iterrows():
        mark = " **best**" if r["best"] and named else ""
        own = " (own)" if r["own_choice"] else ""
        row = f"| {r['option']}{mark}{own} | {_win_cell(r)} | {_margin_cell(r)} |"
        if odds:
            row += f" {percent(r['contest_odds'])} |"
        rows.append(row)
    lines = [headline(position), f"Every seat played by {field}.", *dealt_note(position)]
    lines += ["", head, rule, *rows, ""]
    if odds:
        lines.append(
            "Contest odds: the exact chance to win the tile against the figures on it now and "
            "one figure of each later seat on the herd's area (still to decide)."
        )
    lines += summary(table, best, stopped, stop)
    return "\n".join(lines) + "\n"


def page(
    position: Position,
    table: pd.DataFrame,
    best: dict,
    stopped: bool,
    field: str,
    stop: bool = True,
) -> str:
    """``analysis.html``: the table with a bar per option's win share and interval."""
    odds = table["contest_odds"].notna().any()
    named = no_best(table, best) is None
    rows = []
    for _, r in table.iterrows():
        left, width = 100 * r["win_low"], 100 * (r["win_high"] - r["win_low"])
        bar = (
            f'<div class="bar"><div class="ci" style="left:{left:.1f}%;width:{width:.1f}%"></div>'
            f'<div class="mean" style="left:{100 * r["win"]:.1f}%"></div></div>'
        )
        cells = [
            html.escape(r["option"])
            + (" <b>best</b>" if r["best"] and named else "")
            + (" <i>(own)</i>" if r["own_choice"] else ""),
            _win_cell(r),
            bar,
            _margin_cell(r),
        ]
        if odds:
            cells.append(percent(r["contest_odds"]))
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    heads = ["option", "win share [95%]", "", "final margin [95%]"] + (
        ["contest odds"] if odds else []
    )
    notes = "".join(f"<p>{html.escape(line)}</p>" for line in summary(table, best, stopped, stop))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Position analysis</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1rem; max-width: 52rem; }}
.answer {{ font-size: 1.2rem; font-weight: 600; }}
.wide {{ overflow-x: auto; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ padding: .3rem .5rem; border-bottom: 1px solid #ddd; text-align: left; }}
.bar {{ position: relative; width: 10rem; max-width: 30vw; height: .8rem; background: #eee; }}
@media (max-width: 600px) {{
  body {{ margin: .5rem; font-size: 15px; }}
  td, th {{ padding: .25rem .3rem; }}
  th:nth-child(3), td:nth-child(3) {{ display: none; }}
}}
.ci {{ position: absolute; top: 0; height: 100%; background: #9ab; }}
.mean {{ position: absolute; top: -.15rem; width: 2px; height: 1.1rem; background: #123; }}
</style></head><body>
<h1>Position analysis</h1>
<p class="answer">{html.escape(verdict(table, best))}</p>
<p>{html.escape(headline(position))} Every seat played by {html.escape(field)}.
{" ".join(html.escape(line) for line in dealt_note(position))}</p>
<div class="wide"><table><tr>{"".join(f"<th>{h}</th>" for h in heads)}</tr>
{chr(10).join(rows)}
</table></div>
{notes}
</body></html>
"""


def write_analysis(
    folder: Path,
    position: Position,
    table: pd.DataFrame,
    best: dict,
    *,
    stopped: bool,
    field: str,
    seed: int,
    stop: bool,
    command: str,
    seconds: float | None,
) -> str:
    """Write the analysis's files into ``folder`` (:data:`FILES`); return ``analysis.md``'s
    text (``mammoth analyse`` prints it).

    Parameters
    ----------
    folder : pathlib.Path
        Output folder.
    position : Position
        The position analysed.
    table, best : pandas.DataFrame, dict
        The options' table and the lead of the best one
        (:func:`experiments.analyse.analysis.option_table`, :func:`~experiments.analyse.
        analysis.lead`).
    stopped : bool
        Whether the play-outs stopped early.
    field : str
        The strategy of every seat.
    seed : int
        The run's seed.
    stop : bool
        Whether the stopping rule was on.
    command : str
        What produced the output, for run.json.
    seconds : float or None
        The run's seconds (None: not one number, e.g. a resumed run).
    """
    folder = Path(folder)
    table = table.round(FIGURES)
    best = {k: round(v, FIGURES) if isinstance(v, float) else v for k, v in best.items()}
    if no_best(table, best):  # a tie (or one play-out): no row is the best, in any file
        table = table.assign(best=False)
    text = markdown(position, table, best, stopped, field, stop)
    write_text(folder / "analysis.md", text)
    write_csv(folder / "analysis.csv", table)
    document = {
        "position": headline(position),
        "field": field,
        "seed": seed,
        "playouts": int(table["playouts"].iloc[0]),
        "stopped_early": stopped,
        "stop_rule": STOP_RULE if stop else None,
        "best": None if no_best(table, best) else table["option"][best["best"]],
        "no_best": no_best(table, best),
        "lead": {
            k: (table["option"][v] if k in ("best", "second") else v) for k, v in best.items()
        },
        "options": [
            {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
            for row in table.astype(object).to_dict(orient="records")
        ],
    }
    write_json(folder / "analysis.json", document)
    write_text(folder / "analysis.html", page(position, table, best, stopped, field, stop))
    extra = {"seed": seed, "field": field, "files": list(FILES)}
    if seconds is not None:
        extra["seconds"] = round(seconds, 3)
    write_json(folder / "run.json", run_metadata(command, position.rules, kind="analyse", **extra))
    return text


__all__ = ["FILES", "headline", "markdown", "page", "summary", "write_analysis"]
