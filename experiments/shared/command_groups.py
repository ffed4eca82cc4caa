"""Options taken together: a click command gets related options as one checked object.

:func:`option_group` adds some options to a command and hands the command, in their place, the
one value a function builds from them (a frozen, validated object such as
:class:`sim.rules.Rules`), so a command with many options takes a few grouped arguments. A
question's own groups live in its folder (``experiments.simulate.command_options.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence


def _parameter(option: Callable) -> str:
    """The name a click option decorator gives its value."""

    def probe():
        pass

    option(probe)
    return probe.__click_params__[-1].name


def option_group(name: str, options: Sequence[Callable], build: Callable) -> Callable:
    """A decorator that adds ``options`` to a command and gives it ``build(**values)`` as ``name``.

    Parameters
    ----------
    name : str
        The command's parameter that gets the built value.
    options : sequence of callable
        Click option decorators, in the order ``--help`` lists them.
    build : callable
        Called with the options' values by their parameter names; returns the value (raising
        :class:`~sim.errors.InputError` for bad input, which the command reports in one line).

    Returns
    -------
    callable
        The decorator.
    """
    keys = [_parameter(option) for option in options]

    def decorate(command: Callable) -> Callable:
        @functools.wraps(command)
        def grouped(*args, **kwargs):
            values = {key: kwargs.pop(key) for key in keys}
            return command(*args, **{name: build(**values)}, **kwargs)

        for option in reversed(options):
            grouped = option(grouped)
        return grouped

    return decorate


__all__ = ["option_group"]
