"""``mammoth bench``: throughput figures measured in one run, with their goals.

================================= ==========================================================
module                            holds
================================= ==========================================================
:mod:`experiments.bench.core`     :class:`~experiments.bench.core.BenchSize` (``FULL``,
                                  ``QUICK``), :class:`~experiments.bench.core.BenchRow`, the
                                  :data:`~experiments.bench.core.SECTIONS` list and its
                                  ``section`` decorator, ``best_time``, ``format_rows``
:mod:`experiments.bench.contest`  sections ``taming_dice`` (the dice kernel against numba's
                                  built-in dice) and ``table_draws`` (exact-table draws)
:mod:`experiments.bench.engine`   sections ``engine_games`` (games per second),
                                  ``herd_overhead`` (herd on / off) and ``engine_memory``
                                  (peak memory)
:mod:`experiments.bench.breakdown` section ``phase_breakdown``: the share of a game's time
                                  spent in each phase and hook (the timed kernel)
:mod:`experiments.bench.playouts` section ``playouts``: play-outs per second (the branch
                                  primitive) beside whole games per second
:mod:`experiments.bench.players`  section ``strong_players``: ``search`` and the quick search,
                                  games per second and their ratio
:mod:`experiments.bench.learned`  section ``learned_games``: the learned player's games per
                                  second (4 players, the herd, one core)
:mod:`experiments.bench.advice`   section ``advice_playouts``: play-outs from taming
                                  decisions per second (4 players, greedy, one core)
:mod:`experiments.bench.analyse`  section ``position_analysis``: ``mammoth analyse`` on the
                                  documented example (1,000 play-outs per option, 4 players,
                                  champion, 2 workers) against its 60 s budget
:mod:`experiments.bench.cold_start` section ``cold_start``: from an empty cache, the CPU
                                  and wall seconds to make ready what the demo and the test
                                  run play, kernel entry by entry, side by side
:mod:`experiments.bench.cluster`  section ``dask_chunks``: chunks per second on a
                                  LocalCluster of 1 and 2 workers, and against local processes
================================= ==========================================================

Importing the package registers the sections, in this order; the command is
:mod:`experiments.cli.bench` (``--section NAME`` runs one).
"""

# isort: off
from experiments.bench import cold_start, contest, engine, players  # noqa: F401  (in order)
from experiments.bench import breakdown, playouts  # noqa: F401
from experiments.bench import learned  # noqa: F401
from experiments.bench import advice  # noqa: F401
from experiments.bench import analyse  # noqa: F401
from experiments.bench import cluster  # noqa: F401  (the Dask section comes last)
# isort: on
