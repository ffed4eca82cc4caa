"""``mammoth cards``: the shipped cards, which to play for which tiles and table; and, with
``--at-every-table``, whether one of them holds at every shipped card's table."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import click

from experiments.card.card_derive.analysis import plays_of
from experiments.card.card_derive.kind import certify
from experiments.card.report_shipped import commands_block, shipped_block
from experiments.shared.backends import PoolBackend, executor
from experiments.shared.command_options import Whole, command
from experiments.shared.definition import experiment_from_settings
from experiments.shared.document import markdown
from experiments.shared.files import inside, run_metadata, write_csv, write_text
from experiments.shared.limits import MAX_GAMES
from strategies.registry import resolve
from strategies.taming_card import load_card, shipped_cards


def play_at_every_table(games: int, out: Path, workers: int) -> list[Path]:
    """Each shipped card's exploitability at every other shipped card's table: its plays
    certified as the table's own card was (its tiles, its base player, every default
    deviation, the certification's fresh games), on ``games`` games per arm.

    Returns
    -------
    list of pathlib.Path
        The tables written, ``OUT/CARD__at__TABLE.csv`` (every deviation's gain,
        :func:`~experiments.card.card_derive.analysis.gains`).
    """
    cards = {path.stem: load_card(path) for path in shipped_cards()}
    written = []
    for table, own in cards.items():
        settings = {**own["provenance"]["experiment"], "games": games}
        experiment = experiment_from_settings(settings, "mammoth cards")
        for name, card in cards.items():
            if name == table:
                continue
            backend = PoolBackend(executor(workers), workers, own=True) if workers > 1 else None
            try:
                if backend is not None:
                    backend.prepare([resolve(n) for n in experiment.field])
                chunks = out / "chunks" / f"{name}__at__{table}"
                exploit = certify(experiment, plays_of(card), chunks, backend)
            finally:
                if backend is not None:
                    backend.close()
            target = out / f"{name}__at__{table}.csv"
            write_csv(target, exploit)
            for chunk in sorted((chunks / "chunks").glob("*.npz")):
                inside(chunk).unlink()
            for folder in (chunks / "chunks", chunks, out / "chunks"):  # the tables hold them
                if folder.is_dir() and not any(folder.iterdir()):
                    inside(folder).rmdir()
            written.append(target)
    return written


@command(name="cards")
@click.option(
    "--at-every-table",
    is_flag=True,
    help="Play each shipped card at every other shipped card's table (its tiles and base "
    "player, every default deviation) and write its gains into OUT.",
)
@click.option(
    "--games",
    type=Whole(1, MAX_GAMES, "games"),
    default=5_000,
    show_default=True,
    help=f"With --at-every-table: games per arm and table size, 1 to {MAX_GAMES:,}.",
)
@click.option(
    "--workers",
    type=Whole(1, 32, "workers"),
    default=1,
    show_default=True,
    help="With --at-every-table: local processes, one chunk each; results do not depend on it.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default="results/cards",
    show_default=True,
    help="With --at-every-table: the folder of its tables and run.json.",
)
def cards(at_every_table, games, workers, out):
    """Print the shipped cards: for which tiles and table each was derived, how to play it, the
    best one-seat gain at a table of it (pp, 95% interval) and the command that derived it
    (mammoth docs --update writes them into the pages). With --at-every-table, writes into OUT
    each card's gains at every other card's table (CARD__at__TABLE.csv) and run.json."""
    if at_every_table:
        written = play_at_every_table(games, out, workers)
        words = ["mammoth", "cards", "--at-every-table", "--games", str(games)]
        meta = run_metadata(
            " ".join(shlex.quote(w) for w in words), kind="cards", games=games,
            files=[p.name for p in written],
        )  # fmt: skip
        write_text(out / "run.json", json.dumps(meta, indent=2) + "\n")
        click.echo(f"wrote {out}")
        return
    click.echo(markdown([shipped_block(), commands_block()]))


COMMAND = cards
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
