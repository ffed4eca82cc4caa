"""``mammoth bench``: throughput figures measured in one run, with their goals.

The frame is shared (:mod:`~experiments.shared.bench_core`:
:class:`~experiments.shared.bench_core.BenchSize`, :class:`~experiments.shared.bench_core.BenchRow`,
the :data:`~experiments.shared.bench_core.SECTIONS` list and its ``section`` decorator), so a
question's section uses it without borrowing this package's. Its own modules hold the sections of
the engine and the players: :mod:`~experiments.bench.cold_start` (``cold_start``: from an empty
cache, what the demo and the test run compile, entry by entry), :mod:`~experiments.bench.engine`
(``engine_games``, ``herd_overhead``, ``engine_memory``), :mod:`~experiments.bench.players`
(``strong_players``), :mod:`~experiments.bench.breakdown` (``phase_breakdown``),
:mod:`~experiments.bench.playouts` (``playouts``), :mod:`~experiments.bench.learned`
(``learned_games``) and :mod:`~experiments.bench.cluster` (``dask_chunks``, last). A question
measures its own kernels in a ``bench.py`` of its folder (the contest's dice, a decision's
play-outs, a position's analysis); they are found by
:func:`~experiments.shared.questions.room_modules` and run after this package's own sections, before
the Dask section.

Importing the package registers the sections, in this order (:func:`section_names`); the command
is :mod:`experiments.bench.command` (``--section NAME`` runs one).
"""

from experiments.shared.bench_core import SECTIONS
from experiments.shared.questions import import_all, questions, room_modules

# isort: off
from experiments.bench import cold_start, engine, players  # noqa: F401  (in order)
from experiments.bench import breakdown, playouts  # noqa: F401
from experiments.bench import learned  # noqa: F401

import_all(room_modules("bench", [q for q in questions() if q != "bench"]))

from experiments.bench import cluster  # noqa: E402, F401  (the Dask section comes last)
# isort: on


def section_names() -> list[str]:
    """The registered sections' names (their functions'), in registration order.

    Returns
    -------
    list of str
        Every section's: this package's and the questions' (importing the package registered
        them).
    """
    return [run.__name__ for run in SECTIONS]
