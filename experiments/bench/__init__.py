"""``mammoth bench``: throughput figures measured in one run, with their goals.

Its own modules hold the sections of the engine and the players: :mod:`~experiments.bench.core`
(the frame: :class:`~experiments.bench.core.BenchSize`, :class:`~experiments.bench.core.BenchRow`,
the :data:`~experiments.bench.core.SECTIONS` list and its ``section`` decorator),
:mod:`~experiments.bench.cold_start` (``cold_start``: from an empty cache, what the demo and the
test run compile, entry by entry), :mod:`~experiments.bench.engine` (``engine_games``,
``herd_overhead``, ``engine_memory``), :mod:`~experiments.bench.players` (``strong_players``),
:mod:`~experiments.bench.breakdown` (``phase_breakdown``), :mod:`~experiments.bench.playouts`
(``playouts``), :mod:`~experiments.bench.learned` (``learned_games``) and
:mod:`~experiments.bench.cluster` (``dask_chunks``, last). A question measures its own kernels in
a ``bench.py`` of its folder (the contest's dice, a decision's play-outs, a position's analysis);
they are found by :func:`~experiments.shared.questions.room_modules` and run after this package's
own sections, before the Dask section.

Importing the package registers the sections, in this order; the command is
:mod:`experiments.bench.command` (``--section NAME`` runs one).
"""

from experiments.shared.questions import import_all, questions, room_modules

# isort: off
from experiments.bench import cold_start, engine, players  # noqa: F401  (in order)
from experiments.bench import breakdown, playouts  # noqa: F401
from experiments.bench import learned  # noqa: F401

import_all(room_modules("bench", [q for q in questions() if q != "bench"]))

from experiments.bench import cluster  # noqa: E402, F401  (the Dask section comes last)
# isort: on
