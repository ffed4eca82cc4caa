"""``mammoth run``: run experiment files (TOML) in chunks, resumably."""

from __future__ import annotations

from pathlib import Path

import click

from experiments.cli.backend import chunk_backend, dask_options
from experiments.definition import load_experiment
from experiments.kinds import games_label
from experiments.runner import run_experiment
from sim.errors import InputError


@click.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--out", type=click.Path(file_okay=False), default="results", show_default=True)
@click.option("--scale", type=float, default=1.0, show_default=True, help="Multiply games.")
@click.option("--games", type=int, default=None, help="Games per table (overrides the file).")
@click.option("--workers", type=int, default=1, show_default=True, help="Local processes.")
@click.option("--resume", is_flag=True, help="Keep finished chunks of an earlier run.")
@dask_options
def run(files, out, scale, games, workers, resume, dask, numba_cache):
    """Run each experiment FILE into OUT/<name>; Ctrl-C keeps every finished chunk.

    With --dask the chunks run on a Dask cluster; the files are the same as a local run's.
    """
    if workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    configs = [load_experiment(f, scale=scale, games=games) for f in files]  # all checked first
    with chunk_backend(dask, numba_cache, workers) as backend:
        for config in configs:
            folder = Path(out) / config["name"]
            run_announced(config, folder, resume, workers, backend)
            click.echo(f"  wrote {folder}")


def run_announced(config: dict, folder: Path, resume: bool, workers: int, backend=None) -> None:
    """Say what runs, run it into ``folder``, and on Ctrl-C say where its chunks are kept."""
    click.echo(f"{config['name']}: {config['kind']}, {config['games']:,} {games_label(config)}")
    try:
        run_experiment(config, folder, resume=resume, workers=workers, backend=backend)
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished chunks are kept in {folder}; rerun with --resume")
        raise
