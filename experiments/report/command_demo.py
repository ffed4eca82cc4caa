"""``mammoth demo``: the main job — the default suite at a small size, and its report.

The suite's experiments are its files (:func:`experiments.shared.definition.suite`); a question
that adds a folder of its own beside them (the contest's odds) says how in its command module's
``DEMO`` (:func:`experiments.shared.questions.demo_parts`), so the demo names no question.
"""

from __future__ import annotations

from pathlib import Path

import click

from experiments.report.report import write_report
from experiments.shared.command_options import (
    command,
    games_option,
    out_option,
    resume_option,
    scale_option,
    workers_option,
)
from experiments.shared.command_run import experiment_folders, run_announced
from experiments.shared.definition import load_experiment, suite
from experiments.shared.files import writable_folder, writing_inside
from experiments.shared.kinds import kernel_targets
from experiments.shared.limits import MAX_GAMES
from experiments.shared.questions import demo_parts
from experiments.shared.report_position_page import write_page

ORDER = ("league", "commit", "advice", "worth")
"""The report's order of the default experiments; other files follow in name order."""


def default_suite() -> list[Path]:
    """The experiment files of the default suite (each in its question's folder,
    :func:`experiments.shared.definition.suite`).

    Returns
    -------
    list of pathlib.Path
        The files named in :data:`ORDER` first, in that order, then the others by name.
    """
    files = sorted(suite().values())
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(files, key=lambda path: (rank.get(path.stem, len(ORDER)), path.name))


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
    from strategies.compiling import start_warming, wait_estimate

    out = Path(out)
    parts = demo_parts()  # the questions' folders beside the suite's (the contest's odds)
    configs = [load_experiment(f, scale=scale, games=games) for f in default_suite()]
    folders = experiment_folders(configs, out, resume)
    runs = [(c, f, kernel_targets(c)) for c, f in zip(configs, folders, strict=True)]
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
            for name, part in parts.items():
                part(out / name)
            # the experiments that play only whole games first: the play-outs' entry compiles
            # meanwhile (the report keeps the suite's order)
            for config, folder, targets in sorted(runs, key=lambda run: len(run[2])):
                for target in targets:
                    warming.wait(target)
                run_announced(config, folder, resume, workers)
            write_report(
                [*(out / name for name in parts), *folders],
                "Stone Age: The Mammoth Herd — default suite",
                out,
            )
            write_page(out / "position.html")  # the page that writes a position from a table
    finally:
        warming.stop()
    click.echo(f"wrote {out / 'report.md'} and {out / 'report.html'}")


COMMAND = demo
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
