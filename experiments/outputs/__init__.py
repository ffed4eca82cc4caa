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
:mod:`~.league`                 a league's files (profile.csv too): ``write_league``,
                                ``league_figure``
:mod:`~.commit`                 a commit run's files: ``write_commit``, ``heatmap_figure``,
                                ``sweep_figure``
:mod:`~.advice`                 the rule of thumb in words (``with_words``, ``short_advice``):
                                the one place its sentences are written
:mod:`~.worth`                  a worth run's files: ``write_worth``, ``worth_figure``,
                                ``sensitivity_figure``
:mod:`~.contest_report`         the contest's files: the odds table (``write_table``), the
                                2-player heatmap and the contest report (``demo_report``)
:mod:`~.report`                 ``write_report``: result folders -> report.md and report.html,
                                answer first
:mod:`~.report_sections`        what the report says of each kind of folder: the answers and
                                the sections
:mod:`~.report_folder`          a result folder as the report reads it (``ResultFolder``), the
                                "how this was run" box, data links, short generic tables
:mod:`~.report_charts`          the report's key charts, narrow enough for a phone
:mod:`~.document`               the report's blocks, numbers for people, Markdown and HTML
=============================== ==============================================================

A command runs its experiment kind (:func:`experiments.runner.run_experiment`, the one door), so
``mammoth run`` and the command write through the same writer and their folders hold the same
files. Writers only write: the tables they get are computed in :mod:`experiments.analyses`.
"""
