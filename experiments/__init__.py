"""The questions users ask of the simulator: one folder per question, and the shared machinery.

Each question is a package of its own, named once: its command, its experiment kind, its
analysis, its report, its benchmark section and its tests carry the same name (the folder's, as
the kind's name is). Inside a folder a module's name says its room:

``command*.py``
    The click command (its ``COMMAND``) and its options: parse, check, build the experiment,
    call the runner, print. Only command modules import command modules.
``kind*.py``
    The experiment kind (``kind.py``: chunks through the runner, see
    :mod:`experiments.shared.kinds`), and what it runs.
``settings.py``
    The question's typed settings: its experiment's dataclass (the kind's ``EXPERIMENT``,
    :mod:`experiments.shared.experiment`), its readers, defaults and the helpers its check
    uses; importing no kind, report, page or command, so they all take the class from here.
``analysis*.py``
    Tables from games: pure computation, writing nothing, importing no kind, settings, report
    or command.
``report*.py``
    Words, plots and files from what the analysis returns, importing no kind or command.
``bench.py``
    The question's section of ``mammoth bench``.

``shared/`` holds what every question uses: the runner, the chunk store and its checkpoints,
backends (local processes, Dask), experiment files and their settings, limits, the rules of a
run, the kinds' registry, the report document, files and plots, the options the commands share,
and the commands of no single question (``mammoth run``, ``strategies``, ``cache``). It imports no
question: the command line (:mod:`experiments.cli`), the kinds' registry and the benchmark find a
question's modules by their names (:mod:`experiments.shared.questions`). A question's folder
holds its experiment file of the default suite too (``compare/league.toml``,
``worth/worth.toml``...); ``tiles/`` holds the packaged tile sets. docs/design.md maps
every folder; ``tests/test_imports.py`` checks the rooms and that ``sim`` and ``strategies``
import nothing from here.
"""
