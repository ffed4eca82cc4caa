"""The questions users ask of the simulator: experiments, reports and the ``mammoth`` CLI.

Imports point one way: the command layer (``cli``) uses the rest; ``kinds``, ``runner`` and
``definition`` use ``outputs`` and ``analyses``; ``outputs`` uses ``analyses``; everything uses
``strategies`` and ``sim``. Nothing outside :mod:`experiments.cli` imports it
(``tests/test_imports.py`` checks that, and that ``sim`` and ``strategies`` import nothing from
here).

Where things are
----------------
``cli/``
    The click layer, one module per command: ``simulate.py``, ``strategies.py``,
    ``contest.py`` (``contest odds|table|commit|report``), ``compare.py``, ``commit.py``,
    ``worth.py``, ``advise.py``, ``ladder.py``, ``train.py``, ``run.py``, ``demo.py``,
    ``report.py``, ``tune.py``, ``bench.py``, ``cache.py``; ``options.py`` (the options the
    commands share, bounded), ``backend.py`` (the ``--dask`` options); ``run.py`` also holds
    :func:`~experiments.cli.run.run_command`, how the commands of a kind run the experiment their
    options make; ``__init__.py`` holds the ``main`` group (the ``mammoth`` entry point) and its
    one-line errors.
``definition.py``
    Experiments: :func:`~experiments.definition.load_experiment` (a TOML file),
    :func:`~experiments.definition.experiment_from_settings` (a file's settings, or those a
    command's options make: one checked object either way), and the default suite
    (``definitions/*.toml``) that ``mammoth demo`` runs.
``settings.py``
    The setting readers every kind checks its settings with (no kind imported, so no cycle).
``limits.py``
    Every size a command or file may ask for.
``runner.py``
    :func:`~experiments.runner.run_experiment`, the one door of every experiment: chunks,
    checkpoints, ``--resume``, workers; :func:`~experiments.backends.run_tasks`, the one seam for
    parallel chunks (a backend: local processes, or Dask).
``cluster.py``
    The Dask backend (``--dask ADDRESS|local:N``): :func:`~experiments.cluster.connect`, the
    version and plugin checks, the kernel readied on every worker.
``games.py``
    :func:`~experiments.games.run_games`: ``mammoth simulate``'s games in part files on any
    backend, resumable, in bounded memory.
``training.py``
    :func:`~experiments.training.train`: ``mammoth train``'s generations in chunk files,
    resumable, then the fit.
``kinds/``
    The experiment kinds, which orchestrate (``__init__.py``: the ``KINDS`` registry and the
    contract): ``compare.py`` (a league), ``worth.py``, ``commit.py``, ``ladder.py`` (the
    strength ladder), ``advice.py`` (decisions played out, the card and its check).
``rules_setup.py``
    :func:`~experiments.rules_setup.rules_from_options`: the rules of a run, from options or
    settings.
``analyses/``
    What is computed, writing nothing: ``simulate.py`` (games in chunks, per-strategy summary),
    ``league.py`` (league statistics, Bradley-Terry ratings), ``paired.py`` (paired, clustered
    sufficient statistics), ``commit.py`` (solver tables, the in-game sweep, the rule of thumb
    as data), ``worth.py`` (points on vs 0, the tile counterfactual), ``contest.py`` (exact odds
    tables), ``profile.py`` (the behaviour profile), ``tune.py`` (the cross-entropy search over
    greedy weights), ``ladder.py`` (the ladder's schedule, ratings and costs),
    ``situations.py`` (the advice table, the card and its agreement), ``train.py`` (the learned
    evaluation's data and fit).
``outputs/``
    What is written and worded, computing no statistic: ``files.py`` (atomic writes,
    ``run.json``), ``games.py`` (simulate's part files and their merge into one Parquet file),
    ``plots.py`` (drawing on an Axes), ``league.py``, ``commit.py``, ``worth.py``, ``ladder.py``,
    ``situations.py`` (each kind's tables, figures and run.json), ``train.py`` (the training's
    chunks, the model and its run.json), ``advice.py`` (the rule of
    thumb in words), ``contest_report.py`` (odds table, heatmap, contest report), ``report.py``
    (report.md and report.html of result folders, answer first) with ``report_sections.py``
    (each kind's answer and section), ``report_advice.py`` (the advice run's part),
    ``report_folder.py`` and ``results.py`` (reading a folder), ``report_charts.py``
    (phone-sized charts) and ``document.py`` (blocks, numbers for people, Markdown and HTML).
``bench/``
    ``mammoth bench``: ``core.py`` (sizes, rows, sections, the table, the games/s timer) and a
    module per section group: ``cold_start.py``, ``contest.py``, ``engine.py``, ``players.py``,
    ``breakdown.py``, ``playouts.py``, ``learned.py``, ``advice.py``, ``cluster.py``.
``definitions/``, ``tiles/``
    Data: the default suite's experiment files; variant mammoth tile files (not the real tiles).
"""
