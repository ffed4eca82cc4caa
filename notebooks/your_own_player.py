# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Your own player
#
# A player written in a cell, registered for this notebook's process, then rated on a small
# ladder against `greedy` and `learned`. Nothing in the package changes: the same calls as
# `mammoth ladder` accept the new name once it is registered (docs/adding_a_strategy.md shows
# the other two ways, in the package and as a plugin package). The first cell holds the
# parameters: change them and run all.

# %% tags=["parameters"]
import os

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"  # the test suite sets it: every size small
GAMES = 60 if SMALL else 2_000  # per table of the ladder and player count
PLAYERS = [2, 4]
SEED = 1

# %% [markdown]
# The player: `greedy` in every decision but one, its tools, which it never uses. A hook is a
# function named after one of `sim/hooks.py`, with exactly its arguments, compiled with `@hot`;
# the other hooks and the parameter row come from `greedy`. Registering the name again after
# an edit replaces the player (and compiles the game kernel anew for the new code).

# %%
from types import SimpleNamespace

from sim.jit import hot
from strategies import greedy
from strategies.registry import register_strategy


@hot
def use_tools(st, g, seat, params, rng, good, dice_sum, people):
    return 0  # no tool on any roll


no_tools = SimpleNamespace(**vars(greedy))  # greedy's hooks and parameters...
no_tools.use_tools = use_tools  # ...but it never uses its tools
no_tools.DESCRIPTION = "greedy that never uses its tools"
register_strategy("no-tools", no_tools)

# %% [markdown]
# The ladder: every table of the schedule plays the same seeds with the seats rotated, the
# ratings are Bradley-Terry on "finished ahead" (Elo scale, `greedy` at 0) with 95% intervals,
# and each player's speed is timed on a short batch. The first compile of a new player's kernel
# takes about half a minute; later runs of the same code load it.

# %%
from experiments.ladder import kind as ladder
from experiments.ladder.report import ladder_figure, ladder_table
from experiments.shared.definition import experiment_from_settings
from experiments.shared.runner import merge

config = experiment_from_settings(
    {
        "kind": "ladder",
        "name": "your-own-player",
        "strategies": ["no-tools", "greedy", "learned"],
        "players": PLAYERS,
        "games": GAMES,
        "seed": SEED,
        "cost_seconds": 0.2 if SMALL else 2.0,
        "rules": {},
    },
    "notebook",
)
merged = merge([ladder.run_chunk(config, chunk) for chunk in ladder.chunks(config)])
table = ladder_table(ladder.ratings(config, merged), ladder.costs(config, merged))
table.round(1)

# %%
# %matplotlib inline
ladder_figure(table)

# %% [markdown]
# Heads-up against `greedy` alone, with the behaviour profile: where the unused tools show.

# %%
from experiments.compare.analysis_profile import profile
from strategies.play import play_games

games = play_games(GAMES * 4, 2, ["no-tools", "greedy"], seed=SEED + 1, rotate=True)
games.groupby("strategy", observed=True)[["winner", "score", "tools"]].mean().round(2)

# %%
profile(games).round(2)
