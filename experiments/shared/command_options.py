"""The options the commands share: one name and one meaning for each, bounded before anything runs.

=================== ===========================================================================
option              meaning
=================== ===========================================================================
``--players``       player counts, 2 to 4: ``--players 2 3 4`` or ``--players 2 --players 3``
                    (:class:`ManyOption`); one count where a command plays one table size
``--games``         games; each command's help says what it counts (in total, per table, per
                    table and arm, per arm, per candidate)
``--workers``       parallel workers (processes or threads, as each command's help says);
                    ``--threads`` is refused with a pointer to it
``--seed``          the run's seed, 0 to :data:`~experiments.shared.limits.MAX_SEED`
``--out``           the output folder (never empty; nothing is written outside it); by default
                    ``results/COMMAND``, a folder of the command's own
``--chunk-size``    games per chunk (what one worker holds at once)
``--resume``        keep the finished chunks of an interrupted run of the same experiment
``--scale``         a finite factor on an experiment file's games
``--tiles``         a mammoth tile file; with ``--mammoth-points`` and ``--tie``, the table's
                    rules (:func:`table_rules_options`, one :class:`TableRules`)
=================== ===========================================================================

A command takes the options that travel together as one frozen object, built and checked once
where the command starts (:func:`gathered`): its games (:class:`GamePlan`: ``--players``,
``--games``, ``--seed``), the table's rules (:class:`TableRules`) and where and how its run goes
(:class:`RunSettings`: ``--out``, ``--workers``, ``--chunk-size``, ``--resume``, ``--dask``,
``--numba-cache``). Each option is still declared where the command's ``--help`` lists it.

Numbers are parsed by :class:`Whole` and :class:`Real`, which refuse anything outside the limits
of :mod:`experiments.shared.limits` (and ``nan``, ``inf``) with one line naming the option.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path

import click

from experiments.shared.limits import (
    MAX_CHUNK_GAMES,
    MAX_MAMMOTH_POINTS,
    MAX_SCALE,
    MAX_SEED,
    MAX_WORKERS,
)
from sim.errors import InputError
from sim.rules import TIE_RULES

_VALUE = re.compile(r"^(?:[^-]|-\.?\d)")
"""An argument that is a value, not an option: anything not starting with ``-``, or a negative
number (refused later by the option's range, with a clear message)."""


class Whole(click.ParamType):
    """A whole number from ``low`` to ``high``; ``what`` names the unit in messages."""

    name = "integer"

    def __init__(self, low: int, high: int, what: str = ""):
        self.low, self.high, self.what = low, high, what

    def convert(self, value, param, ctx):
        """Parse ``value`` and check its range, or fail with one line."""
        if isinstance(value, bool):
            self.fail(f"{value!r} is not a whole number", param, ctx)
        if isinstance(value, int):
            number = value
        else:
            try:
                number = int(str(value).strip(), 10)
            except ValueError:
                self.fail(f"{_shown(value)} is not a whole number", param, ctx)
        if not self.low <= number <= self.high:
            unit = f" {self.what}" if self.what else ""
            self.fail(
                f"must be from {self.low:,} to {self.high:,}{unit}, not {_shown(number)}",
                param,
                ctx,
            )
        return number


class Real(click.ParamType):
    """A finite number in ``(low, high]`` (``low_open``) or ``[low, high]``."""

    name = "number"

    def __init__(self, low: float, high: float, low_open: bool = False):
        self.low, self.high, self.low_open = low, high, low_open

    def convert(self, value, param, ctx):
        """Parse ``value`` and check it is finite and in range, or fail with one line."""
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            self.fail(f"{_shown(value)} is not a number", param, ctx)
        if not math.isfinite(number):
            self.fail(f"must be a finite number, not {_shown(value)}", param, ctx)
        below = number <= self.low if self.low_open else number < self.low
        if below or number > self.high:
            bounds = (
                f"above {self.low:g} and at most {self.high:g}"
                if self.low_open
                else f"from {self.low:g} to {self.high:g}"
            )
            self.fail(f"must be {bounds}, not {_shown(value)}", param, ctx)
        return number


def _shown(value) -> str:
    text = str(value)
    return repr(text if len(text) <= 24 else text[:21] + "...")


class Folder(click.Path):
    """An output folder: never empty, no NUL character, not a file nor below one."""

    def __init__(self):
        super().__init__(file_okay=False)

    def convert(self, value, param, ctx):
        """Refuse an empty name, a NUL character or a file on the way, then click's checks."""
        text = str(value)
        if not text.strip():
            self.fail("must name a folder, not an empty string", param, ctx)
        if "\0" in text:
            self.fail("must not hold a NUL character", param, ctx)
        for parent in Path(text).parents:
            if parent.exists() and not parent.is_dir():
                self.fail(f"{str(parent)!r} is a file, not a folder", param, ctx)
        return super().convert(value, param, ctx)


class InputFile(click.Path):
    """A file a command reads: never empty, no NUL character, not a folder."""

    def __init__(self):
        super().__init__(dir_okay=False)

    def convert(self, value, param, ctx):
        """Refuse an empty name or a NUL character, then click's checks."""
        text = str(value)
        if not text.strip():
            self.fail("must name a file, not an empty string", param, ctx)
        if "\0" in text:
            self.fail("must not hold a NUL character", param, ctx)
        return super().convert(value, param, ctx)


class StrategyName(click.ParamType):
    """A strategy name (``BASE``, ``BASE+TAMING``, either with ``[param=value, ...]``), without
    the whitespace around it and its parts (:func:`strategies.registry.tidy_name`).

    ``--field " greedy + ev"`` is ``--field greedy+ev``: the same settings, experiment
    fingerprint and kernel. Whether the name is known is checked where it is resolved.
    """

    name = "text"

    def convert(self, value, param, ctx):
        """The name without padding."""
        from strategies.registry import tidy_name

        return tidy_name(str(value))


STRATEGY = StrategyName()
"""The type of every option that takes one strategy name."""


class ManyOption(click.Option):
    """An option taking one or more values after one flag, or repeated.

    ``--players 2 3 4`` is ``--players 2 --players 3 --players 4``; the values end at the next
    option (a negative number is a value). With ``several=False`` the option takes one value
    and more values after it are refused with a clear message.
    """

    def __init__(self, *args, several: bool = True, **kwargs):
        kwargs["multiple"] = several
        super().__init__(*args, **kwargs)
        self.several = several


class MammothCommand(click.Command):
    """A command whose :class:`ManyOption` options take several values after their flag."""

    def parse_args(self, ctx, args):
        """Spread the values after a :class:`ManyOption` flag into one flag per value."""
        return super().parse_args(ctx, spread_values(self.params, args))


def spread_values(params, args: list[str]) -> list[str]:
    """``--players 2 3`` -> ``--players 2 --players 3`` for the :class:`ManyOption` params.

    Raises
    ------
    click.UsageError
        For several values after an option that takes one (``several=False``).
    """
    many = {flag: p for p in params if isinstance(p, ManyOption) for flag in p.opts}
    out: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            out += [arg, *rest]
            break
        option = many.get(arg)
        if option is None:
            out.append(arg)
            continue
        values = []
        while rest and rest[0] != "--" and _VALUE.match(rest[0]):
            values.append(rest.pop(0))
        if not values:
            out.append(arg)  # click says the option needs a value
            continue
        if len(values) > 1 and not option.several:
            raise click.UsageError(
                f"{arg} takes one value here, not {' '.join(values)} (this command plays one "
                "table size at a time)"
                if arg == "--players"
                else f"{arg} takes one value, not {' '.join(values)}"
            )
        for value in values:
            out += [arg, value]
    return out


def command(name: str | None = None, **kwargs):
    """``click.command`` with :class:`MammothCommand` (``--players 2 3 4``)."""
    return click.command(name, cls=MammothCommand, **kwargs)


PLAYERS = Whole(2, 4, "players")


def players_option(default=(2, 3, 4), several: bool = True, help: str | None = None):
    """``--players``: player counts, 2 to 4 (several, or one with ``several=False``)."""
    text = help or (
        "Player counts, 2 to 4: --players 2 3 4 or --players 2 --players 3."
        if several
        else "Players at the table, 2 to 4."
    )
    return click.option(
        "--players",
        "player_counts" if several else "players",
        cls=ManyOption,
        several=several,
        type=PLAYERS,
        default=default,
        show_default=True,
        help=text,
    )


def games_option(default: int | None, high: int, help: str, low: int = 1, name: str = "--games"):
    """``--games`` (or ``name``) from ``low`` to ``high``; ``help`` says what it counts."""
    return click.option(
        name,
        type=Whole(low, high, "games"),
        default=default,
        show_default=default is not None,
        help=f"{help} {low:,} to {high:,}.",
    )


def seed_option(help: str = "The run's seed.", name: str = "--seed"):
    """``--seed``: 0 to :data:`~experiments.shared.limits.MAX_SEED`."""
    return click.option(name, type=Whole(0, MAX_SEED), default=0, show_default=True, help=help)


def _no_threads(ctx, param, value):
    if value is not None:
        raise click.UsageError("--threads is now --workers (the same meaning)", ctx)


def workers_option(what: str, default: int | None = 1):
    """``--workers``: 1 to :data:`~experiments.shared.limits.MAX_WORKERS`; ``what`` says which kind.

    ``default`` None: the machine's cores (at most :data:`~experiments.shared.limits.MAX_WORKERS`),
    resolved when the command runs. ``--threads``, the old name on some commands, is refused
    with a pointer to ``--workers``.
    """

    def decorate(function):
        function = click.option(
            "--threads",
            type=str,
            default=None,
            hidden=True,
            expose_value=False,
            callback=_no_threads,
            is_eager=True,
        )(function)
        cores = "the machine's cores" if default is None else None
        return click.option(
            "--workers",
            type=Whole(1, MAX_WORKERS, "workers"),
            default=default,
            show_default=cores or True,
            callback=_cores if default is None else None,
            help=f"Parallel workers: {what}; results do not depend on it. 1 to {MAX_WORKERS}.",
        )(function)

    return decorate


def _cores(ctx, param, value):
    """``--workers`` left out where its default is the machine's cores."""
    if value is not None:
        return value
    import os

    return max(1, min(os.cpu_count() or 1, MAX_WORKERS))


def out_option(help: str, default: str):
    """``--out``: the output folder, ``default`` when omitted (``results/COMMAND``).

    Every command that writes files has a default folder of its own under ``results/``, named
    after the command, and says at the end of the run where it wrote (no two commands share
    one: ``tests/test_cli_vocabulary.py``). A required ``--out`` would need click's "missing
    option" check, which never fires for an option declared with ``default=None``: click 8.3 and
    later take an explicit ``None`` as a given default, so the command would run with no folder.
    """
    if not default:
        raise ValueError("--out needs a default folder (results/COMMAND)")
    return click.option(
        "--out",
        type=Folder(),
        default=default,
        show_default=True,
        help=help,
    )


def chunk_size_option(default: int):
    """``--chunk-size``: games per chunk, 1 to
    :data:`~experiments.shared.limits.MAX_CHUNK_GAMES`."""
    return click.option(
        "--chunk-size",
        type=Whole(1, MAX_CHUNK_GAMES, "games"),
        default=default,
        show_default=True,
        help="Games per chunk (what one worker holds at once); results do not depend on it. "
        f"1 to {MAX_CHUNK_GAMES:,}.",
    )


RESUME_HELP = (
    "Keep the finished chunks of an interrupted run of the same experiment (needs its "
    "experiment.json; a damaged chunk is computed again)."
)


def resume_option():
    """``--resume``: keep the finished chunks of an interrupted run of the same experiment."""
    return click.option("--resume", is_flag=True, help=RESUME_HELP)


def scale_option():
    """``--scale``: a finite factor on the experiment files' games."""
    return click.option(
        "--scale",
        type=Real(0.0, MAX_SCALE, low_open=True),
        default=1.0,
        show_default=True,
        help=f"Multiply the files' games (above 0, at most {MAX_SCALE:g}).",
    )


def gathered(into: str, settings: type):
    """Hand a command one frozen ``settings`` object instead of the options it is made of.

    The command's options named like the fields of the dataclass ``settings`` (those it
    declares; a field it lacks keeps its default) are taken out of its arguments and passed as
    one object, the argument ``into``; a field the object fills itself (``init=False``, such as the
    seats it resolves from the strategy names given) is no option. The object
    checks itself when it is built (``__post_init__``), so a bad combination is refused once,
    before the command runs (an
    :class:`~sim.errors.InputError`: one line on stderr, exit code 2). The options stay declared
    one by one, where the command's ``--help`` lists them.

    Parameters
    ----------
    into : str
        The name of the command function's argument that gets the object.
    settings : type
        A frozen dataclass whose fields are option names (``out``, ``workers``...).

    Returns
    -------
    callable
        A decorator for the command function (below ``command()``).
    """
    names = tuple(field.name for field in dataclasses.fields(settings) if field.init)

    def decorate(function):
        @functools.wraps(function)
        def gathering(*args, **options):
            given = {name: options.pop(name) for name in names if name in options}
            return function(*args, **options, **{into: settings(**given)})

        return gathering

    return decorate


def check_backend(workers: int, dask: str | None, numba_cache: str | None) -> None:
    """Refuse backend options that do not go together.

    Raises
    ------
    InputError
        ``--numba-cache`` without ``--dask``, or ``--dask`` with more than one ``--workers``.
    """
    if dask is None and numba_cache:
        raise InputError("--numba-cache is for Dask workers: give it with --dask")
    if dask is not None and workers > 1:
        raise InputError("give --workers or --dask, not both")


@dataclass(frozen=True)
class RunSettings:
    """Where a command's run writes and how its chunks run, checked once (:func:`run_settings`).

    Attributes
    ----------
    out : str
        The ``--out`` folder, as given.
    workers : int
        ``--workers``: local processes (or threads), 1 with ``--dask``.
    chunk_size : int or None
        ``--chunk-size``: games per chunk (None: the command has no such option).
    resume : bool
        ``--resume``: keep the finished chunks of an interrupted run of the same experiment.
    dask : str or None
        ``--dask``: the Dask scheduler or ``local:N`` (None: the chunks run here).
    numba_cache : str or None
        ``--numba-cache``: the numba cache folder the Dask workers share.

    Raises
    ------
    InputError
        Backend options that do not go together (:func:`check_backend`).
    """

    out: str
    workers: int = 1
    chunk_size: int | None = None
    resume: bool = False
    dask: str | None = None
    numba_cache: str | None = None

    def __post_init__(self):
        check_backend(self.workers, self.dask, self.numba_cache)


run_settings = gathered("run", RunSettings)
"""Hand the command its ``--out``, ``--workers``, ``--chunk-size``, ``--resume``, ``--dask``
and ``--numba-cache`` (those it declares) as one :class:`RunSettings`, the argument ``run``."""


@dataclass(frozen=True)
class GamePlan:
    """The games a command plays: ``--players``, ``--games`` and ``--seed`` (:data:`game_plan`).

    Attributes
    ----------
    player_counts : tuple of int
        The ``--players`` values as given (repeats allowed).
    games : int
        ``--games``; what it counts is each command's.
    seed : int
        ``--seed``: the run's seed.
    """

    player_counts: tuple[int, ...]
    games: int
    seed: int

    @property
    def players(self) -> list[int]:
        """The player counts, sorted, each once."""
        return sorted(set(self.player_counts))

    def settings(self) -> dict:
        """The experiment settings ``players``, ``games`` and ``seed``."""
        return {"players": self.players, "games": self.games, "seed": self.seed}


game_plan = gathered("plan", GamePlan)
"""Hand the command its ``--players``, ``--games`` and ``--seed`` as one :class:`GamePlan`,
the argument ``plan``."""


@dataclass(frozen=True)
class TableRules:
    """The table's rules a command's options set: ``--tiles``, ``--mammoth-points``, ``--tie``.

    The tile file's content is read and checked with the experiment's settings, where the rules
    are built (:mod:`experiments.shared.rules_setup`).

    Attributes
    ----------
    tiles : str or None
        The ``--tiles`` file (None: the assumed tile set).
    mammoth_points : int
        ``--mammoth-points``.
    tie : str
        ``--tie``: the tie rule (:data:`sim.rules.TIE_RULES`).
    """

    tiles: str | None = None
    mammoth_points: int = 10
    tie: str = "longer_wins"

    def settings(self) -> dict:
        """The experiment's ``[rules]`` settings ``tiles``, ``mammoth_points`` and ``tie``."""
        return {
            "tiles": "default" if self.tiles is None else str(self.tiles),
            "mammoth_points": self.mammoth_points,
            "tie": self.tie,
        }


TIE_HELP = (
    "The contest's tie rule when one hand runs out of dice while level (docs/rules.md B3): "
    "longer_wins, the seat with more dice wins; prefix_draw, a draw."
)
"""``--tie``'s help where the command says nothing more of it."""


def table_rules_options(
    points_low: int = 0,
    points_help: str = "Points of the mammoth majority (0: off).",
    tie_help: str | None = None,
    settings: type = TableRules,
):
    """Add ``--tiles``, ``--mammoth-points`` and ``--tie`` to a command, handed to it as one
    :class:`TableRules` (or ``settings``), the argument ``rules``.

    Parameters
    ----------
    points_low : int
        The least ``--mammoth-points`` (the most is
        :data:`~experiments.shared.limits.MAX_MAMMOTH_POINTS`).
    points_help : str
        What ``--mammoth-points`` sets.
    tie_help : str, optional
        What ``--tie`` sets (default: :data:`TIE_HELP`).
    settings : type
        :class:`TableRules`, or a frozen dataclass extending it with more of the table's rules
        (``mammoth simulate``'s ``--herd``), whose options the command declares next to these.

    Returns
    -------
    callable
        A decorator for the command function (below ``command()``).
    """

    def decorate(function):
        function = gathered("rules", settings)(function)
        for option in (
            click.option(
                "--tie",
                type=click.Choice(TIE_RULES),
                default="longer_wins",
                show_default=True,
                help=tie_help or TIE_HELP,
            ),
            click.option(
                "--mammoth-points",
                type=Whole(points_low, MAX_MAMMOTH_POINTS, "points"),
                default=10,
                show_default=True,
                help=f"{points_help} {points_low} to {MAX_MAMMOTH_POINTS}.",
            ),
            click.option(
                "--tiles",
                type=InputFile(),
                default=None,
                help="Mammoth tile file (CSV: back,first_bonus,all_bonus) [default: the "
                "assumed set].",
            ),
        ):
            function = option(function)
        return function

    return decorate


def announce_compile(names=(), heavy: bool | None = None, entry: str = "play") -> None:
    """Say once, before any progress bar, that the run's game kernel compiles first.

    Prints ``compiling the game kernel (first run on this machine, about N s; cached
    afterwards)`` on stderr when the kernel the run needs is not in numba's cache, and nothing
    when it is.

    Parameters
    ----------
    names : iterable of str
        The run's strategy names (``BASE`` or ``BASE+TAMING``), already checked.
    heavy : bool, optional
        Ask about the heavy kernel (True) or the light one (False) instead of naming strategies.
    entry : str
        The kernel entry the run plays (:data:`strategies.compiling.ENTRIES`).
    """
    from strategies.compiling import compile_notice

    if heavy is None:
        line = compile_notice(list(names), entry=entry)
    else:
        line = compile_notice(heavy=heavy, entry=entry)
    if line:
        click.echo(line, err=True)


def field_names(text: str) -> list[str]:
    """The strategy names of a field given as one option value, separated by commas (commas
    inside ``[...]`` belong to a name: ``search[rollouts=3,horizon=1],greedy``).

    Parameters
    ----------
    text : str
        The option's value.

    Returns
    -------
    list of str
        The names without padding (:func:`strategies.registry.tidy_name`); ``[text]`` if none
        is left.
    """
    from strategies.registry import tidy_name

    names, depth, part = [], 0, ""
    for char in text:
        depth += (char == "[") - (char == "]")
        if char == "," and depth == 0:
            names.append(tidy_name(part))
            part = ""
        else:
            part += char
    names.append(tidy_name(part))
    return [n for n in names if n] or [text]
