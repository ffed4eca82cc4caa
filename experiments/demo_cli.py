"""``mammoth demo``: the main job — the default suite at a small size, and its report."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.outputs import write_text
from experiments.report import build_report
from experiments.suite import load_experiment, run_experiment
from sim.errors import InputError

DEFINITIONS = Path(__file__).resolve().parent / "definitions"


def default_suite() -> list[Path]:
    """The experiment files of the default suite, in name order."""
    return sorted(DEFINITIONS.glob("*.toml"))


def _default(command: click.Command, name: str):
    return next(p.default for p in command.params if p.name == name)


@click.command("demo")
@click.option("--out", type=click.Path(file_okay=False), default="results/demo", show_default=True)
@click.option("--scale", type=float, default=1.0, show_default=True, help="Multiply games.")
@click.option("--games", type=int, default=None, help="Games per table (overrides the files).")
@click.option("--workers", type=int, default=1, show_default=True, help="Local processes.")
@click.option("--resume", is_flag=True, help="Keep finished chunks of an earlier run.")
@click.pass_context
def demo(ctx, out, scale, games, workers, resume) -> None:
    """Run the default suite (contest odds, the league, commit, worth) and write the report."""
    from experiments.commit_cli import commit
    from experiments.contest_report import demo_report
    from experiments.worth_cli import worth

    if workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    out = Path(out)
    configs = [load_experiment(f, scale=scale, games=games) for f in default_suite()]
    click.echo("contest: exact odds table and dice-kernel check")
    demo_report(out / "contest", 7, 200_000, 0)
    folders = [out / "contest"]
    for config in configs:
        click.echo(f"{config['name']}: {config['kind']}, {config['games']:,} games per table")
        run_experiment(config, out / config["name"], resume=resume, workers=workers)
        folders.append(out / config["name"])
    for name, command in (("commit", commit), ("worth", worth)):
        size = games if games is not None else max(1, round(_default(command, "games") * scale))
        click.echo(f"{name}: {size:,} games per arm")
        ctx.invoke(command, out=str(out / name), games=size)
        folders.append(out / name)
    md, page = build_report(folders, "Stone Age: The Mammoth Herd — default suite", out)
    write_text(out / "report.md", md)
    write_text(out / "report.html", page)
    click.echo(f"wrote {out / 'report.md'} and {out / 'report.html'}")
