"""``mammoth demo``: the main job — the default suite at a small size, and its report."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.cli.options import (
    command,
    games_option,
    out_option,
    resume_option,
    scale_option,
    workers_option,
)
from experiments.cli.run import config_targets, experiment_folders, run_announced
from experiments.definition import default_suite, load_experiment
from experiments.limits import MAX_GAMES
from experiments.outputs.files import writable_folder, writing_inside
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
@workers_option("local processes, one chunk each", default=None)
@resume_option()
def demo(out, scale, games, workers, resume) -> None:
    """Run the default suite (contest odds, the league, commit, advice, worth) and write the
    report.

    Writes OUT/contest/ (the exact odds), OUT/league/, OUT/commit/, OUT/advice/, OUT/worth/ (each
    experiment's files and checkpoints), OUT/report.md (its charts in OUT/figures/) and
    OUT/report.html (self-contained). On a first run the kernel entries the suite plays compile
    in the background (a process per kernel) while the contest odds are worked out.
    """
    from experiments.analyses.contest import contest_report
    from experiments.outputs.contest_report import demo_report
    from strategies.compiling import start_warming, wait_estimate

    out = Path(out)
    configs = [load_experiment(f, scale=scale, games=games) for f in default_suite()]
    folders = experiment_folders(configs, out, resume)
    runs = [(c, f, config_targets(c)) for c, f in zip(configs, folders, strict=True)]
    writable_folder(out)  # before anything is said or compiles: a refused --out is one line
    warming = start_warming(t for _, _, targets in runs for t in targets)
    if warming.compiling:
        seconds = wait_estimate(warming.compiling)
        click.echo(
            f"compiling the game kernels in the background (first run on this machine, about "
            f"{max(5, int(5 * round(seconds / 5)))} s; cached afterwards)",
            err=True,
        )
    try:
        with writing_inside(out):
            click.echo("contest: exact odds table and dice-kernel check")
            demo_report(out / CONTEST, contest_report(7, 200_000, 0))
            # the experiments that play only whole games first: the play-outs' entry compiles
            # meanwhile (the report keeps the suite's order)
            for config, folder, targets in sorted(runs, key=lambda run: len(run[2])):
                for target in targets:
                    warming.wait(target)
                run_announced(config, folder, resume, workers)
            write_report(
                [out / CONTEST, *folders], "Stone Age: The Mammoth Herd — default suite", out
            )
    finally:
        warming.stop()
    click.echo(f"wrote {out / 'report.md'} and {out / 'report.html'}")
