"""``mammoth advise``: every taming decision of real games played out, and the advice card.

Runs the ``advice`` experiment kind (:mod:`experiments.kinds.advice`) through the runner, so it
has chunks, checkpoints, ``--resume``, ``--workers`` and ``--dask`` like ``mammoth run``. Writes
into ``--out``: ``decisions.parquet``, ``agreement.csv``, ``advice.csv``, ``card.md``,
``card.json``, ``run.json``, ``experiment.json`` and ``chunks/``; prints the card (and, on
stderr, how many decisions were not played out, if any).
"""

from __future__ import annotations

import click

from experiments.cli.backend import dask_options
from experiments.cli.options import (
    Whole,
    chunk_size_option,
    command,
    games_option,
    out_option,
    players_option,
    resume_option,
    seed_option,
    workers_option,
)
from experiments.cli.run import run_command
from experiments.definition import experiment_from_settings
from experiments.kinds.advice import CHUNK_GAMES, DEFAULT_PLAYOUTS
from experiments.limits import MAX_GAMES
from experiments.outputs.results import read_run_json
from sim.advising import MAX_PLAYOUTS
from sim.situation import MAX_DECISIONS

DEFAULT_GAMES = 2_000
FILES = "decisions.parquet, agreement.csv, advice.csv, card.md, card.json and run.json"


@command()
@players_option()
@games_option(
    DEFAULT_GAMES, MAX_GAMES, "Games per player count (every decision in them is played out)."
)
@seed_option()
@out_option(
    f"Output folder: gets {FILES}, and the run's checkpoints (experiment.json, chunks/).",
    default="results/advise",
)
@click.option(
    "--field",
    "field",
    multiple=True,
    help="The strategy of every seat (once), or of each seat in turn (repeat). [default: greedy]",
)
@click.option(
    "--playouts",
    type=Whole(1, MAX_PLAYOUTS),
    default=DEFAULT_PLAYOUTS,
    show_default=True,
    help="Play-outs to the end of the game per decision and commitment.",
)
@click.option(
    "--seat",
    type=Whole(-1, 3),
    default=-1,
    show_default=True,
    help="Play out only this seat's decisions (0 is the first seat); -1: every seat's.",
)
@games_option(
    0,
    MAX_GAMES,
    "Check the shipped card (the card policy): games per arm, field and player count, one seat "
    "playing greedy+card, then greedy+never, fixed-1, ev, majority and search, against greedy and "
    "the preset field (balanced, cards, farmer); 0: no check.",
    low=0,
    name="--check-games",
)
@click.option(
    "--check-card",
    default="card",
    show_default=True,
    help="The card policy the check plays: card, or a variant such as card[herd_weight=0] "
    "(the card's commitments with fixed-K's placement: the herd not sought).",
)
@chunk_size_option(CHUNK_GAMES)
@workers_option("local processes, one chunk each")
@resume_option()
@dask_options
def advise(
    player_counts, games, seed, out, field, playouts, seat, check_games, check_card, chunk_size,
    workers, resume, dask, numba_cache,
):  # fmt: skip
    """How many figures to commit, situation by situation: the advice card.

    Plays GAMES games per player count with the field; at every taming decision, each
    commitment from 0 to what the seat can move and pay is played out PLAYOUTS times to the end
    of the game, on the same dice and re-deals, and the real game goes on with the seat's own
    choice. Groups the decisions into situation classes, writes the advice table (each
    commitment's effect on the win share, 95% intervals clustered by game, the solver's answer
    beside it) and the card, and prints the card. With --check-games, also plays the shipped
    card against the other taming policies (check.csv). Ctrl-C keeps the finished chunks (rerun
    with --resume).
    """
    config = experiment_from_settings(
        {
            "kind": "advice",
            "name": "advise",
            "players": sorted(set(player_counts)),
            "games": games,
            "seed": seed,
            "chunk_games": chunk_size,
            "rules": {},
            "field": list(field) or ["greedy"],
            "playouts": playouts,
            "seat": seat,
            "check_games": check_games,
            "check_card": check_card,
        },
        "mammoth advise",
    )
    folder = run_command(
        config, out, config["field"], resume=resume, workers=workers, dask=dask,
        numba_cache=numba_cache,
    )  # fmt: skip
    click.echo((folder / "card.md").read_text(encoding="utf-8").rstrip())
    meta = read_run_json(folder)
    dropped = int(meta.get("decisions_dropped", 0))
    click.echo(f"{int(meta.get('decisions', 0)):,} decisions played out; wrote {folder}")
    if dropped:
        click.echo(
            f"{dropped:,} later decisions were not played out: a game's log holds "
            f"{MAX_DECISIONS} (run.json, decisions_dropped)",
            err=True,
        )


__all__ = ["advise"]
