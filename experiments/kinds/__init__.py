"""Experiment kinds: what an experiment file's ``kind`` runs, in chunks.

=========== ================================ ======================================
kind        module                           runs, as the command
=========== ================================ ======================================
``compare`` :mod:`experiments.kinds.compare` a league (``mammoth compare``)
``worth``   :mod:`experiments.kinds.worth`   points on vs 0 (``mammoth worth``)
``commit``  :mod:`experiments.kinds.commit`  solver tables and the paired sweep
                                             (``mammoth commit``)
``ladder``  :mod:`experiments.kinds.ladder`  ratings and costs of every player
                                             (``mammoth ladder``)
``advice``  :mod:`experiments.kinds.advice`  every herd decision played out, the
                                             advice card (``mammoth advise``)
``card_check`` :mod:`experiments.kinds.card_check` a card against the other taming
                                             policies (``mammoth check-card``)
``train``   :mod:`experiments.kinds.train`   self-play generations and the fit of the
                                             learned model (``mammoth train``)
``metagame`` :mod:`experiments.kinds.metagame` every profile of some herd plays, the
                                             game's equilibrium (``mammoth metagame``)
``analyse`` :mod:`experiments.kinds.analyse`  every option of a position's herd decision
                                             played out (``mammoth analyse``)
=========== ================================ ======================================

A kind is a module with three functions: ``chunks(config) -> list[dict]`` (independent pieces of
work, each a JSON-ready dict), ``run_chunk(config, chunk) -> dict[str, numpy.ndarray]``
(sufficient statistics: counts, sums, sums of squares; plain arrays, saved without pickle) and
``finish(config, merged, folder, command, started)`` (the tables computed by
:mod:`experiments.analyses` from the merged statistics, then written by its writer of
:mod:`experiments.outputs`; ``command`` and ``started`` are what ``run.json`` records). The
runner (:mod:`experiments.runner`) sums the statistics key by key in chunk order.

Every experiment goes through one door, :func:`experiments.runner.run_experiment`: ``mammoth
run`` with the experiments of its files, and the kind's own command (``mammoth compare``,
``worth``, ``commit``) with the experiment its options make
(:func:`experiments.definition.experiment_from_settings`), so each command has chunks,
``--resume`` and ``--dask``. A new kind is a module here, a line of :data:`KINDS`, and (if it
wants its own command) a command that builds its settings and calls
:func:`experiments.cli.run.run_command`.

Optional parts of a kind: ``DEFAULTS`` (settings a file may leave out), ``check(config)``
(raises :class:`~sim.errors.InputError` for bad settings;
:func:`~experiments.definition.load_experiment` calls it, so nothing runs with a bad file),
``merge(parts) -> dict`` (replaces the key-by-key sum, for statistics whose groups differ between
chunks; it gets the chunks in chunk order), ``GAMES`` (what ``games`` counts, for messages;
default "games per table"), ``SCALED`` (other sizes that ``--scale`` and ``--games`` change in
proportion to ``games``) and ``played(config) -> list`` (every strategy the experiment seats, as
resolved strategies or kernel slots: a backend has the kernel that plays them compiled on every
worker before it hands out chunks).

A kind whose chunks depend on earlier ones (``train``: each generation is played with the model
fitted on the generations before) defines ``run(config, folder, command, backend=None,
progress=None)`` instead of ``run_chunk`` and ``finish``: the runner checks the folder, writes
``experiment.json``, deletes the old chunks without ``--resume``, prepares the backend (or
``--workers`` local processes) and hands it over; the kind saves its chunks under ``chunks/``,
resumes from them, runs each pass through :func:`experiments.backends.run_tasks` and writes its
files. Its ``chunks(config)`` still lists every chunk it plays, for the run's limits.

A kind checks its settings with the readers of :mod:`experiments.settings` and builds its rules
with :func:`experiments.rules_setup.rules_from_options`.
"""

from __future__ import annotations

import importlib

KINDS = {
    "compare": "experiments.kinds.compare",
    "worth": "experiments.kinds.worth",
    "commit": "experiments.kinds.commit",
    "ladder": "experiments.kinds.ladder",
    "advice": "experiments.kinds.advice",
    "card_check": "experiments.kinds.card_check",
    "train": "experiments.kinds.train",
    "metagame": "experiments.kinds.metagame",
    "analyse": "experiments.kinds.analyse",
}


def kind_module(config: dict):
    """The module implementing the experiment's kind."""
    return importlib.import_module(KINDS[config["kind"]])


def games_label(config: dict) -> str:
    """What the experiment's ``games`` counts (e.g. "games per table"), for messages."""
    return getattr(kind_module(config), "GAMES", "games per table")


def game_blocks(games: int, size: int) -> list[tuple[int, int]]:
    """``(start, n)`` of the blocks of at most ``size`` game indices that cover ``0..games-1``.

    A kind's chunk holds whole game indices (every table and arm of them), which is what its
    paired statistics cluster on, so chunk results merge exactly.
    """
    return [(start, min(size, games - start)) for start in range(0, games, size)]
