"""The players: strategy families, each one module, registered by name.

``registry.py`` names them (base strategies, taming policies, presets, parameter variants) and
builds the kernel a run plays; ``plugins.py`` adds players from other packages (entry points)
and from a notebook; ``compiling.py`` readies the kernels (what a run plays, compiled once, side
by side); ``play.py`` is the library's door for games (:func:`strategies.play.play_games`);
``params.py`` places and bounds the parameters. The players: ``random.py``, ``greedy.py`` (with
``greedy_values.py``), ``classic.py``, ``learned.py`` (with ``features.py`` and
``value_model.py``), ``search.py`` and ``search_classic.py`` (over ``search_core.py``); the
taming policies ``taming_*.py`` (over ``herd_values.py``) and ``search_taming.py``;
``presets/`` holds the greedy family's named weight rows and ``models/`` the shipped card and
value model with their provenance.
"""
