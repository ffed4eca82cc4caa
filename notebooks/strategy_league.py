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
# # A strategy league
#
# The same library calls as `mammoth compare`: every table of the strategies plays the same
# seeds with the seats rotated; the behaviour profile says how each strategy plays. The first
# cell holds the parameters: change them and run all (`python3 tasks.py notebooks` opens this in
# JupyterLab).

# %% tags=["parameters"]
import os

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"  # the test suite sets it: every size small
GAMES = 40 if SMALL else 4_000  # per table of the league
PLAYERS = 4
STRATEGIES = ["greedy", "greedy+never", "greedy+majority", "random"]
SEED = 1

# %%
from experiments.compare.analysis import play_league_with_profile
from experiments.compare.analysis_profile import profile
from experiments.compare.report import league_figure
from sim.rules import Rules
from strategies.play import play_games

# %%
stats, behaviour = play_league_with_profile(STRATEGIES, PLAYERS, GAMES, seed=SEED)
table = stats.table()
table.round(3)

# %% [markdown]
# Win rates with 95% intervals against the fair share:

# %%
fig = league_figure(table)

# %% [markdown]
# The behaviour profile: game length, the −10 for missing food (and whether the seat could have
# paid with resources), what each strategy ends with, and its herd play.

# %%
behaviour.table().set_index("strategy").T

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
# One game table, per seat, with every score part; and its profile with the herd off:

# %%
games = play_games(GAMES, PLAYERS, STRATEGIES, seed=SEED + 1, rotate=True)
games.groupby("strategy", observed=True)[
    ["score", "building_points", "culture_points", "mammoth_points", "tiles_won"]
].mean().round(1)

# %%
no_herd = play_games(
    GAMES, PLAYERS, STRATEGIES, seed=SEED + 1, rotate=True, rules=Rules(herd=False)
)
profile(no_herd, herd=False).round(2)
