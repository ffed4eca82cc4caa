"""The outputs: files written atomically, run.json, plots, tables and reports.

=============================== ==============================================================
module                          holds
=============================== ==============================================================
:mod:`~.files`                  atomic writes (text, JSON, CSV, Parquet, figures) and the
                                ``run.json`` document every output carries (``run_metadata``)
:mod:`~.games`                  ``mammoth simulate``'s table: part files while it runs
                                (``open_parts``, ``save_part``), streamed into one Parquet file
                                (``merge_parts``)
:mod:`~.plots`                  plots as library functions, each drawing on a matplotlib Axes
:mod:`~.league`                 a league's files: ``write_league``, ``league_figure``
:mod:`~.commit`                 a commit run's files: ``write_commit``, ``heatmap_figure``,
                                ``sweep_figure``
:mod:`~.worth`                  a worth run's files: ``write_worth``, ``worth_figure``,
                                ``sensitivity_figure``
:mod:`~.contest_report`         the contest's files: the odds table (``write_table``), the
                                2-player heatmap and the contest report (``demo_report``)
:mod:`~.report`                 ``build_report``: result folders -> report.md and report.html
=============================== ==============================================================

A command and its experiment kind write through the same writer, so their folders hold the same
files.
"""
