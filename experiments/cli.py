"""The ``mammoth`` command line: a thin click layer over the library.

Every command reports bad input as one line on stderr and exits with code 2, never a traceback
(:class:`MammothGroup`). A command parses its options, calls the library (analyses, the runner,
outputs) and prints; nothing outside this package imports it.

Every command is the ``COMMAND`` of a module named ``command*.py`` in a question's folder (or
in ``shared/``: ``run``, ``strategies``, ``cache``); :func:`experiments.shared.questions.commands`
finds them, so this module names none. ``mammoth --help`` lists them.

The options the commands share (``--players 2 3 4``, ``--games``, ``--workers``, ``--seed``,
``--out``...) are defined once, in :mod:`experiments.shared.command_options`, with the limits of
:mod:`experiments.shared.limits`.
"""

from __future__ import annotations

import sys

import click

from experiments.shared.questions import commands
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


for command in commands():
    main.add_command(command)
