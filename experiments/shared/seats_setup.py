"""The strategies an experiment's settings seat, resolved (:mod:`strategies.registry`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from strategies.registry import SeatStrategy, resolve


class Seated(Protocol):
    """An experiment that names its strategies (the ``compare`` and ``metagame`` kinds')."""

    @property
    def strategies(self) -> Sequence[str]:
        """The strategy names, as written."""
        ...


def names_of(experiment: Seated) -> list[str]:
    """The experiment's ``strategies``, as resolved names (one spelling per strategy).

    Parameters
    ----------
    experiment : Seated
        The experiment (:class:`~experiments.shared.experiment.Experiment`); its
        ``strategies`` are strategy names.

    Returns
    -------
    list of str

    Raises
    ------
    InputError
        An unknown strategy.
    """
    return [seat.name for seat in played(experiment)]


def played(experiment: Seated) -> list[SeatStrategy]:
    """The experiment's ``strategies``, resolved: what the workers' kernel must hold.

    Parameters
    ----------
    experiment : Seated
        The experiment (:class:`~experiments.shared.experiment.Experiment`); its
        ``strategies`` are strategy names.

    Returns
    -------
    list of SeatStrategy
    """
    return [resolve(n) for n in experiment.strategies]
