"""The report of result folders: one Markdown file and one self-contained HTML page.

Each result folder (written by ``simulate``, ``compare``, ``run``, ``worth``, ``commit``, ``contest
table`` or ``demo``) holds a ``run.json``, CSV tables and PNG plots. The report gives every
folder a section that first says what was run (command, players, strategies, games, seed, rules,
tile set), then shows its tables and plots; the HTML page embeds the plots, so it can be mailed
as one file. ``mammoth report`` and ``mammoth demo`` write it.
"""

from __future__ import annotations

import base64
import html
import os
from pathlib import Path

import pandas as pd

from experiments.outputs.results import read_notes, read_run_json, read_table

MAX_ROWS = 40
TABLE_ORDER = (
    "league",
    "rule_of_thumb",
    "worth",
    "commit",
    "ratings",
    "pairwise",
    "seats",
)


def _what_was_run(meta: dict) -> list[tuple[str, str]]:
    rules = meta.get("rules", {})
    tiles = rules.get("tiles", "default")
    tile_text = (
        "default set, fronts ASSUMED (docs/rules.md B3)"
        if rules.get("tiles_assumed", True)
        else f"user file {tiles}"
    )
    rows = [("command", f"mammoth {meta.get('command', '?')}")]
    for key, label in (
        ("players", "players"),
        ("strategies", "strategies"),
        ("games", "games"),
        ("games_per_table", "games per table"),
        ("seed", "seed"),
    ):
        if key in meta:
            value = meta[key]
            rows.append((label, ", ".join(map(str, value)) if isinstance(value, list) else value))
    if rules:
        rows.append(
            (
                "rules",
                f"herd {'on' if rules.get('herd', True) else 'off'}, mammoth points "
                f"{rules.get('mammoth_points', 10)}, tie rule {rules.get('tie_rule', '?')}, "
                f"resources of choice {rules.get('resources_of_choice', 'immediate')}",
            )
        )
        rows.append(("mammoth tiles", tile_text))
    if meta.get("commit"):
        rows.append(("code", f"commit {meta['commit'][:12]}"))
    return [(k, str(v)) for k, v in rows]


def _tables(folder: Path) -> list[Path]:
    files = sorted(folder.glob("*.csv"))

    def rank(path: Path) -> tuple[int, str]:
        for i, stem in enumerate(TABLE_ORDER):
            if path.stem.startswith(stem):
                return i, path.stem
        return len(TABLE_ORDER), path.stem

    return sorted(files, key=rank)


def _format(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.head(MAX_ROWS).copy()
    for col in out.columns:
        if pd.api.types.is_float_dtype(out[col]):
            out[col] = out[col].map(lambda v: "" if pd.isna(v) else f"{v:.4g}")
    return out


def _markdown_table(frame: pd.DataFrame) -> str:
    frame = _format(frame)
    header = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    body = ["| " + " | ".join(map(str, row)) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([header, rule, *body])


def build_report(folders: list[Path], title: str, target: Path) -> tuple[str, str]:
    """Return the report as (Markdown, HTML) text; Markdown links plots relative to ``target``.

    Raises
    ------
    InputError
        If a folder does not exist, holds no ``run.json``, or a file of it is malformed
        (:mod:`experiments.outputs.results`).
    """
    md = [f"# {title}", ""]
    parts = [f"<h1>{html.escape(title)}</h1>"]
    md.append(
        "Every figure comes from the simulator's own runs; each section says what was run. "
        "Unless a section names a tile file, the mammoth tile fronts are the ASSUMED default set "
        "of docs/rules.md B3, not the real ones. Intervals are 95%."
    )
    parts.append(f"<p>{html.escape(md[-1])}</p>")
    for folder in folders:
        folder = Path(folder)
        meta = read_run_json(folder)
        md += ["", f"## {folder.name}", ""]
        parts.append(f"<h2>{html.escape(folder.name)}</h2>")
        run_rows = _what_was_run(meta)
        md += ["| what was run | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in run_rows]
        parts.append(
            "<table class='run'>"
            + "".join(
                f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in run_rows
            )
            + "</table>"
        )
        for note in (folder / "notes.md",):
            if note.is_file():
                text = read_notes(note)
                md += ["", text]
                parts.append(f"<pre class='notes'>{html.escape(text)}</pre>")
        for image in sorted(p for p in folder.glob("*.png") if p.is_file()):
            link = os.path.relpath(image.resolve(), Path(target).resolve())
            md += ["", f"![{image.stem}]({Path(link).as_posix()})"]
            data = base64.b64encode(image.read_bytes()).decode()
            parts.append(
                f"<figure><img alt='{html.escape(image.stem)}' "
                f"src='data:image/png;base64,{data}'/><figcaption>{html.escape(image.stem)}"
                "</figcaption></figure>"
            )
        for table in _tables(folder):
            frame = read_table(table)
            more = f" (first {MAX_ROWS} of {len(frame)} rows)" if len(frame) > MAX_ROWS else ""
            md += ["", f"### {table.stem}{more}", "", _markdown_table(frame)]
            parts.append(f"<h3>{html.escape(table.stem + more)}</h3>")
            parts.append(_format(frame).to_html(index=False, border=0, classes="data"))
    style = (
        "body{font-family:sans-serif;max-width:1100px;margin:2em auto;line-height:1.4}"
        "table{border-collapse:collapse;margin:0.5em 0}td,th{padding:2px 8px;"
        "border-bottom:1px solid #ddd;text-align:right}table.run th,table.run td{text-align:left}"
        "img{max-width:100%}"
    )
    page = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{style}</style></head><body>"
        + "\n".join(parts)
        + "</body></html>"
    )
    return "\n".join(md) + "\n", page
