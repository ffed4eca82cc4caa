"""Experiment kinds: what an experiment file's ``kind`` runs, in chunks.

A kind is the ``kind.py`` of a question's folder (``experiments/<name>/kind.py``), and its name
is the folder's: :data:`KINDS` is found by looking (:func:`experiments.shared.questions.kinds`),
and ``mammoth run`` names them when a file's ``kind`` is wrong.

A kind is a module with three functions: ``chunks(experiment) -> list[dict]`` (independent pieces of
work, each a JSON-ready dict), ``run_chunk(experiment, chunk) -> dict[str, numpy.ndarray]``
(sufficient statistics: counts, sums, sums of squares; plain arrays, saved without pickle) and
``finish(experiment, merged, folder, command, started)`` (the tables computed by
 the question's ``analysis`` from the merged statistics, then written by its ``report``;
``command`` and ``started`` are what ``run.json`` records). The
runner (:mod:`experiments.shared.runner`) sums the statistics key by key in chunk order.

Every experiment goes through one door, :func:`experiments.shared.runner.run_experiment`: ``mammoth
run`` with the experiments of its files, and the kind's own command (``mammoth compare``,
``worth``, ``commit``) with the experiment its options make
(:func:`experiments.shared.definition.experiment_from_settings`), so each command has chunks,
``--resume`` and ``--dask``. A new kind is a question's ``kind.py`` and (if it wants its own
command) a ``command.py`` beside it that builds its settings and calls
:func:`experiments.shared.command_run.run_command`.

A kind's settings are typed: its ``EXPERIMENT`` is a frozen dataclass derived from
:class:`experiments.shared.experiment.Experiment` (a field and a reader per setting, its
``[rules]``, its cross-setting ``check``), which
:func:`~experiments.shared.definition.load_experiment` reads the experiment into, so nothing runs
with a bad file and ``chunks``, ``run_chunk`` and ``finish`` get the typed object. The class lives
in the question's ``settings.py`` (its own room, beside the kind: the dataclass, its readers, its
``DEFAULTS``, ``RULES`` and ``CHUNK_GAMES`` (its chunk size where ``chunk_games`` is left out:
``experiment.chunk_size``) and the small helpers its check uses), so the question's report, page
and command take it from there, never from the kind; the kind imports it and sets ``EXPERIMENT``
(and re-exports the ``DEFAULTS`` the machinery reads from the kind).

Optional parts of a kind: ``DEFAULTS`` (settings a file may leave out), ``merge(parts) -> dict``
(replaces the key-by-key sum, for statistics whose groups differ between chunks; it gets the
chunks in chunk order), ``GAMES`` (what ``games`` counts, for messages; default "games per
table"), ``SCALED`` (other sizes that ``--scale`` and ``--games`` change in
proportion to ``games``) and ``played(experiment) -> list`` (every strategy the experiment seats, as
resolved strategies or kernel slots: a backend has the kernel that plays them compiled on every
worker before it hands out chunks).

A kind whose chunk results are tables, not sums (``simulate``: the games of a block of indices),
sets ``STREAMED = True``: its chunks are saved as they finish and never held together in memory;
``finish(experiment, parts, folder, command, started)`` gets ``parts``, an iterator that reads them
back one at a time in chunk order (:meth:`experiments.shared.chunk_store.ChunkStore.read`),
writes its files from them, and returns what the runner returns (the chunk files go once it has).
A kind whose ``--workers`` are the kernel's threads sharing each chunk rather than local processes
sets ``THREADED = True``; its ``run_chunk(experiment, chunk, threads)`` gets them.

A kind whose chunks depend on earlier ones (``train``: each generation is played with the model
fitted on the generations before) defines ``run(experiment, folder, command, backend=None,
progress=None)`` instead of ``run_chunk`` and ``finish``: the runner checks the folder, writes
``experiment.json``, deletes the old chunks without ``--resume``, prepares the backend (or
``--workers`` local processes) and hands it over; the kind loads, plays and saves its chunks
under ``chunks/`` through the one chunk store (:class:`experiments.shared.chunk_store.ChunkStore`:
the runner's resume and damage rules), a pass at a time, and writes its files. Its
``chunks(experiment)`` still lists every chunk it plays, for the run's limits.

A question's ``settings.py`` checks its settings with the readers of
:mod:`experiments.shared.settings`; the rules are built with
:func:`experiments.shared.rules_setup.rules_from_options`
(:meth:`experiments.shared.experiment.RuleSettings.rules`).
"""

from __future__ import annotations

import importlib

from experiments.shared.experiment import Experiment
from experiments.shared.questions import kinds

KINDS = kinds()
"""Kind name -> its module (:func:`experiments.shared.questions.kinds`): a question with a
``kind.py``."""


def kind_named(kind: str):
    """The module implementing the kind ``kind`` (one of :data:`KINDS`)."""
    return importlib.import_module(KINDS[kind])


def kind_module(experiment: Experiment):
    """The module implementing the experiment's kind."""
    return kind_named(experiment.kind)


def seated_names(experiment: Experiment) -> list[str]:
    """The strategy names an experiment's games seat (for the compile notice).

    Parameters
    ----------
    experiment : experiments.shared.experiment.Experiment
        A checked experiment.

    Returns
    -------
    list of str
        The kind's ``seated_names(experiment)`` where it defines one, else its ``strategies``.
    """
    own = getattr(kind_module(experiment), "seated_names", None)
    if own is not None:
        return list(own(experiment))
    return list(experiment.strategies)


def kernel_targets(experiment: Experiment) -> list:
    """The kernel entries an experiment plays (:class:`strategies.compiling.Target`).

    Parameters
    ----------
    experiment : experiments.shared.experiment.Experiment
        A checked experiment.

    Returns
    -------
    list of strategies.compiling.Target
        Whole games (``"play"``) of the strategies it seats, and the entries the kind names in
        its ``ENTRIES`` (default ``("play",)``): a kind that plays decisions out names theirs.
    """
    from strategies.compiling import Target
    from strategies.registry import needs_heavy, resolve

    heavy = needs_heavy([resolve(name) for name in seated_names(experiment)])
    return [
        Target(heavy, entry) for entry in getattr(kind_module(experiment), "ENTRIES", ("play",))
    ]


def games_label(experiment: Experiment) -> str:
    """What the experiment's ``games`` counts (e.g. "games per table"), for messages."""
    return getattr(kind_module(experiment), "GAMES", "games per table")
