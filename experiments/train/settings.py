"""The settings of a training (the ``train`` kind), read and checked once into
:class:`TrainExperiment`.

Settings of ``[experiment]`` (a setting left out takes the default of the ``mammoth train`` option):
``games`` (per generation), ``seed``, ``generations``, ``opponents`` (a list), ``learner``,
``window``, ``ridge``, ``clip`` (0: the margin unclipped), ``heads``, ``keep_chunks`` (keep
``chunks/``, the fit's data, afterwards). Every generation plays 2, 3 and 4 players in turn, in
chunks of :data:`~experiments.train.analysis.CHUNK_GAMES` games, under the default rules:
``players``, ``chunk_games`` and ``[rules]`` are not settings of this kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from experiments.shared.experiment import Experiment, setting
from experiments.shared.settings import flag, names, number, short, whole_number
from experiments.train.analysis import CHUNK_GAMES, HEADS, PLAYER_CYCLE, TrainSpec, check_spec
from sim.errors import InputError

DEFAULTS = {
    "players": list(PLAYER_CYCLE),
    "games": 5000,
    "generations": 3,
    "opponents": ["greedy"],
    "learner": "learned",
    "window": 3,
    "ridge": 0.01,
    "clip": 50.0,
    "heads": "players",
    "keep_chunks": False,
}


def _learner(value, key: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{key} must be a player name, not {short(value)}")
    return value


def _heads(value, key: str) -> str:
    if not isinstance(value, str) or value not in HEADS:
        raise InputError(f"{key} must be one of {', '.join(HEADS)}, not {short(value)}")
    return value


@dataclass(frozen=True, kw_only=True)
class TrainExperiment(Experiment):
    """The settings of a training (see the module's docstring).

    Attributes
    ----------
    generations : int
        Generations played and fitted.
    opponents : tuple of str
        The learner's fixed opponents.
    learner : str
        The player whose model is trained (with its settings).
    window : int
        Generations of positions each fit uses.
    ridge, clip : float
        The fit's ridge and the target margin's clip (0: unclipped).
    heads : str
        The model's heads (:data:`~experiments.train.analysis.HEADS`).
    keep_chunks : bool
        Keep ``chunks/`` (the fit's data) afterwards.
    """

    generations: int = setting(whole_number)
    opponents: tuple[str, ...] = setting(names)
    learner: str = setting(_learner)
    window: int = setting(whole_number)
    ridge: float = setting(number)
    clip: float = setting(number)
    heads: str = setting(_heads)
    keep_chunks: bool = setting(flag)

    def check(self) -> None:
        """The chunks and player counts a training plays, and its sizes and players
        (:func:`~experiments.train.analysis.check_spec`).

        Raises
        ------
        InputError
            ``chunk_games`` set, players other than 2, 3 and 4, impossible sizes, unknown
            players.
        """
        if self.chunk_games is not None:
            raise InputError(f"chunk_games: a training plays chunks of {CHUNK_GAMES} games")
        if sorted(self.players) != list(PLAYER_CYCLE):
            raise InputError("players: a training plays 2, 3 and 4 players in turn")
        check_spec(self.spec)

    @property
    def spec(self) -> TrainSpec:
        """The training the experiment describes."""
        return TrainSpec(
            games=self.games,
            generations=self.generations,
            seed=self.seed,
            ridge=self.ridge,
            clip=self.clip,
            opponents=self.opponents,
            window=self.window,
            learner=self.learner,
            heads=self.heads,
        )
