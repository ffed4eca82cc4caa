"""The strategies an experiment's settings seat, resolved (:mod:`strategies.registry`)."""

from __future__ import annotations

from strategies.registry import SeatStrategy, resolve


def names_of(config: dict) -> list[str]:
    """The experiment's ``strategies``, as resolved names (one spelling per strategy).

    Parameters
    ----------
    config : dict
        The experiment; its ``strategies`` setting is a list of strategy names.

    Returns
    -------
    list of str

    Raises
    ------
    InputError
        An unknown strategy.
    """
    return [seat.name for seat in played(config)]


def played(config: dict) -> list[SeatStrategy]:
    """The experiment's ``strategies``, resolved: what the workers' kernel must hold.

    Parameters
    ----------
    config : dict
        The experiment; its ``strategies`` setting is a list of strategy names.

    Returns
    -------
    list of SeatStrategy
    """
    return [resolve(n) for n in config["strategies"]]
