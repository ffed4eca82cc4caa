"""The ``mammoth`` command line.

Every command reports bad input as one line on stderr and exits with code 2, never a traceback.
"""

from __future__ import annotations

import sys

import click

import sim
from sim.errors import InputError


class MammothGroup(click.Group):
    """A click group whose errors are one clear line and exit code 2."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            result = super().main(
                args=args,
                prog_name=prog_name or "mammoth",
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except (click.exceptions.Abort, KeyboardInterrupt):
            click.echo("mammoth: interrupted", err=True)
            sys.exit(130)
        except click.ClickException as exc:
            click.echo(f"mammoth: error: {_one_line(exc.format_message())}", err=True)
            sys.exit(2)
        except (InputError, OSError) as exc:
            click.echo(f"mammoth: error: {_one_line(str(exc))}", err=True)
            sys.exit(2)
        if isinstance(result, int) and standalone_mode:
            sys.exit(result)
        return result


def _one_line(message: str) -> str:
    return " ".join(message.split())


@click.group(cls=MammothGroup)
@click.version_option(package_name="stoneage-mammoth-herd", prog_name="mammoth")
def main() -> None:
    """Monte Carlo simulator for Stone Age and The Mammoth Herd."""


@main.group()
def cache() -> None:
    """Manage numba's on-disk cache of compiled kernels."""


@cache.command("clear")
def cache_clear() -> None:
    """Delete the compiled kernels this project cached."""
    removed = sim._cache.clear_cache()
    click.echo("removed " + ", ".join(removed) if removed else "nothing to remove")


@cache.command("where")
def cache_where() -> None:
    """Print the cache folder in use."""
    click.echo(sim._cache.configure_numba_cache())


from experiments import bench_engine  # noqa: E402, F401  (registers engine sections)

# Commands live in their own modules; importing them here registers them.
from experiments.bench import bench  # noqa: E402
from experiments.commit_cli import commit  # noqa: E402
from experiments.compare_cli import compare  # noqa: E402
from experiments.contest_cli import contest  # noqa: E402
from experiments.contest_cli import demo as contest_report  # noqa: E402
from experiments.demo_cli import demo  # noqa: E402
from experiments.report import report  # noqa: E402
from experiments.run_cli import run  # noqa: E402
from experiments.simulate_cli import simulate, strategies_command  # noqa: E402
from experiments.tune import tune  # noqa: E402
from experiments.worth_cli import worth  # noqa: E402

contest.add_command(contest_report, name="report")
for command in (
    bench, commit, compare, contest, demo, report, run, simulate, strategies_command, tune, worth
):  # fmt: skip
    main.add_command(command)
