"""The ``mammoth`` command line: a thin click layer over the library.

Every command reports bad input as one line on stderr and exits with code 2, never a traceback
(:class:`MammothGroup`). A command parses its options, calls the library (analyses, the runner,
outputs) and prints; nothing outside this package imports it.

=============================== =========================================
command                         module
=============================== =========================================
``mammoth simulate``            :mod:`experiments.cli.simulate`
``mammoth strategies``          :mod:`experiments.cli.strategies`
``mammoth contest ...``         :mod:`experiments.cli.contest` (``odds``, ``table``, ``commit``,
                                ``report``)
``mammoth compare``             :mod:`experiments.cli.compare`
``mammoth commit``              :mod:`experiments.cli.commit`
``mammoth worth``               :mod:`experiments.cli.worth`
``mammoth ladder``              :mod:`experiments.cli.ladder`
``mammoth advise``              :mod:`experiments.cli.advise`
``mammoth check-card``          :mod:`experiments.cli.check_card`
``mammoth metagame``            :mod:`experiments.cli.metagame`
``mammoth analyse``             :mod:`experiments.cli.analyse`
``mammoth run``                 :mod:`experiments.cli.run`
``mammoth demo``                :mod:`experiments.cli.demo`
``mammoth report``              :mod:`experiments.cli.report`
``mammoth tune``                :mod:`experiments.cli.tune`
``mammoth train``               :mod:`experiments.cli.train`
``mammoth bench``               :mod:`experiments.cli.bench`
``mammoth cache ...``           :mod:`experiments.cli.cache` (``clear``, ``where``, ``warm``)
=============================== =========================================

The options the commands share (``--players 2 3 4``, ``--games``, ``--workers``, ``--seed``,
``--out``...) are defined once, in :mod:`experiments.cli.options`, with the limits of
:mod:`experiments.limits`.
"""

from __future__ import annotations

import sys

import click

from experiments.cli.advise import advise
from experiments.cli.analyse import analyse
from experiments.cli.bench import bench
from experiments.cli.cache import cache
from experiments.cli.check_card import check_card
from experiments.cli.commit import commit
from experiments.cli.compare import compare
from experiments.cli.contest import contest
from experiments.cli.demo import demo
from experiments.cli.ladder import ladder
from experiments.cli.metagame import metagame
from experiments.cli.report import report
from experiments.cli.run import run
from experiments.cli.simulate import simulate
from experiments.cli.strategies import strategies_command
from experiments.cli.train import train_command
from experiments.cli.tune import tune
from experiments.cli.worth import worth
from sim.errors import InputError


class MammothGroup(click.Group):
    """A click group whose errors are one clear line and exit code 2."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Run the command; bad input and interruptions end the process with one line."""
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
        except (click.exceptions.Abort, KeyboardInterrupt) as exc:
            if isinstance(exc.__cause__, EOFError):  # click turns an EOFError into Abort
                click.echo(f"mammoth: error: a file ended too early ({exc.__cause__})", err=True)
                sys.exit(2)
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


MAX_MESSAGE = 1_000
"""Longest error line printed (a hostile value can be megabytes long)."""


def _one_line(message: str) -> str:
    line = " ".join(message.split())
    return line if len(line) <= MAX_MESSAGE else line[: MAX_MESSAGE - 3] + "..."


@click.group(cls=MammothGroup)
@click.version_option(package_name="stoneage-mammoth-herd", prog_name="mammoth")
def main() -> None:
    """Monte Carlo simulator for Stone Age and The Mammoth Herd."""
    import matplotlib

    # The command line draws to files only. The library never picks a backend: that is the
    # caller's (a notebook shows its figures inline).
    matplotlib.use("Agg")


for command in (
    bench, cache, commit, compare, contest, demo, report, run, simulate, strategies_command, tune,
    worth,
):  # fmt: skip
    main.add_command(command)
main.add_command(ladder)
main.add_command(advise)
main.add_command(analyse)
main.add_command(check_card)
main.add_command(metagame)
main.add_command(train_command)
