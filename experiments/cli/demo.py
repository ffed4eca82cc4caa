"""``mammoth demo``: the main job — the default suite at a small size, and its report."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.cli.options import (
    announce_compile,
    command,
    games_option,
    out_option,
    resume_option,
    scale_option,
    workers_option,
)
from experiments.cli.run import config_strategies, experiment_folders, run_announced
from experiments.definition import default_suite, load_experiment
from experiments.limits import MAX_GAMES
from experiments.outputs.files import writing_inside
from experiments.outputs.report import write_report

CONTEST = "contest"
"""The demo's folder of the contest odds, beside the suite's experiments."""


@command("demo")
@out_option(
    "Output folder: gets contest/ and one folder per experiment of the suite (league/, "
    "commit/, advice/, worth/), then report.md (its charts in figures/) and report.html.",
    default="results/demo",
)
@scale_option()
@games_option(
    None,
    MAX_GAMES,
    "Replace the suite's games: per table (league), per arm (commit), per player count "
    "(advice), per table and arm (worth).",
)
@workers_option("local processes, one chunk each")
@resume_option()
def demo(out, scale, games, workers, resume) -> None:
    """Run the default suite (contest odds, the league, commit, advice, worth) and write the
    report.

    Writes OUT/contest/ (the exact odds), OUT/league/, OUT/commit/, OUT/advice/, OUT/worth/ (each
    experiment's files and checkpoints), OUT/report.md (its charts in OUT/figures/) and
    OUT/report.html (self-contained).
    """
    from experiments.outputs.contest_report import demo_report

    out = Path(out)
    configs = [load_experiment(f, scale=scale, games=games) for f in default_suite()]
    folders = experiment_folders(configs, out, resume)
    announce_compile([name for config in configs for name in config_strategies(config)])
    with writing_inside(out):
        click.echo("contest: exact odds table and dice-kernel check")
        demo_report(out / CONTEST, 7, 200_000, 0)
        for config, folder in zip(configs, folders, strict=True):
            run_announced(config, folder, resume, workers)
        write_report([out / CONTEST, *folders], "Stone Age: The Mammoth Herd — default suite", out)
    click.echo(f"wrote {out / 'report.md'} and {out / 'report.html'}")
