# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # A strategy league
#
# The same library call as `mammoth compare`: every table of the strategies plays the same
# seeds with the seats rotated. `MAMMOTH_SMALL=1` keeps it small (the test suite sets it).

# %%
import os

import matplotlib

matplotlib.use("Agg")

from experiments.analyses.league import play_league
from experiments.outputs.league import league_figure
from strategies.play import play_games

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"
GAMES = 40 if SMALL else 4_000
STRATEGIES = ["greedy", "greedy+never", "greedy+majority", "random"]

# %%
stats = play_league(STRATEGIES, 4, GAMES, seed=1)
table = stats.table()
table.round(3)

# %%
fig = league_figure(table)

# %% [markdown]
# Who finishes ahead of whom, and Bradley-Terry ratings with standard errors:

# %%
stats.pairwise().round(3)

# %%
stats.ratings().round(1)

# %% [markdown]
# The start player's advantage (seat 0 starts the first round):

# %%
stats.seat_table().round(3)

# %% [markdown]
# One game table, per seat, with every score part:

# %%
games = play_games(GAMES, 4, STRATEGIES, seed=2, rotate=True)
games.groupby("strategy", observed=True)[
    ["score", "building_points", "culture_points", "mammoth_points", "tiles_won"]
].mean().round(1)
