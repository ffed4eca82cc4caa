"""``mammoth demo``: the main job — the default suite at a small size, and its report."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.cli.run import run_announced
from experiments.definition import default_suite, load_experiment
from experiments.outputs.report import write_report
from sim.errors import InputError


@click.command("demo")
@click.option("--out", type=click.Path(file_okay=False), default="results/demo", show_default=True)
@click.option("--scale", type=float, default=1.0, show_default=True, help="Multiply games.")
@click.option("--games", type=int, default=None, help="Games per table (overrides the files).")
@click.option("--workers", type=int, default=1, show_default=True, help="Local processes.")
@click.option("--resume", is_flag=True, help="Keep finished chunks of an earlier run.")
def demo(out, scale, games, workers, resume) -> None:
    """Run the default suite (contest odds, the league, commit, worth) and write the report."""
    from experiments.outputs.contest_report import demo_report

    if workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    out = Path(out)
    configs = [load_experiment(f, scale=scale, games=games) for f in default_suite()]
    click.echo("contest: exact odds table and dice-kernel check")
    demo_report(out / "contest", 7, 200_000, 0)
    folders = [out / "contest"]
    for config in configs:
        folder = out / config["name"]
        run_announced(config, folder, resume, workers)
        folders.append(folder)
    write_report(folders, "Stone Age: The Mammoth Herd — default suite", out)
    click.echo(f"wrote {out / 'report.md'} and {out / 'report.html'}")
