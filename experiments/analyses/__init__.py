"""The analyses: what the experiments compute, free of the command line and of output files.

=============================== ==============================================================
module                          holds
=============================== ==============================================================
:mod:`~.simulate`               games played in chunks (``simulate_chunks``) and the
                                per-strategy ``summary`` of ``mammoth simulate`` (from a
                                ``Tally``, which adds up over chunks)
:mod:`~.league`                 the tables of a league (``lineups_for``), ``LeagueStats``
                                (mergeable; win rates, pairwise results, Bradley-Terry ratings,
                                seats), ``play_league`` and ``play_league_with_profile``
:mod:`~.profile`                the behaviour profile of strategies (``profile``,
                                ``ProfileStats``: mergeable counts, sums and a rounds
                                histogram; ``histogram_percentile``)
:mod:`~.paired`                 ``Moments``: paired, clustered integer sufficient statistics
                                that merge exactly; win shares in twelfths
:mod:`~.commit`                 how many figures to commit: the solver tables, the paired
                                in-game sweep (``sweep``, ``sweep_block``), its conditions and
                                the rule of thumb
:mod:`~.worth`                  what the mammoth scoring is worth: points on vs 0
                                (``worth_run``, ``worth_block``, ``WorthStats``), the tile
                                counterfactual, the tables and the sensitivity conditions
:mod:`~.contest`                the taming contest's exact odds as tidy tables
                                (``odds_frame``, ``demo_frame``, ``two_player_wins``)
:mod:`~.tune`                   the cross-entropy search over a greedy-family strategy's
                                weights (``Arena``, ``cross_entropy``, ``evaluate``,
                                ``tuned_preset``)
=============================== ==============================================================

The files these results become are written by :mod:`experiments.outputs`.
"""
