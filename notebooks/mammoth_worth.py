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
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # What the mammoth scoring is worth
#
# The same library calls as `mammoth worth`: every game is played twice on the same seed, with
# the 10-point mammoth majority and with it switched off (0 points), and the paired differences
# are reported with 95% intervals. The tile fronts are the ASSUMED default set (docs/rules.md B3).
# The first cell holds the parameters: change them and run all (`python3 tasks.py notebooks`
# opens this in JupyterLab).

# %% tags=["parameters"]
import os

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"  # the test suite sets it: every size small
GAMES = 30 if SMALL else 4_000  # per table and arm
PLAYERS = [4] if SMALL else [2, 3, 4]
STRATEGIES = ["greedy", "greedy+never", "greedy+majority"]
POINTS = 10  # of the majority, in the "on" arm
SEED = 1

# %%
from experiments.shared.paired import GameRange
from experiments.worth.analysis import sensitivity_conditions, worth_run, worth_tables
from experiments.worth.report import worth_figure
from sim.rules import Rules

# %%
conditions = sensitivity_conditions(Rules(), tiles=("default",), ties=("longer_wins",))
stats = worth_run(STRATEGIES, PLAYERS, GameRange(GAMES, SEED), conditions, points=POINTS)
tables = worth_tables(stats, conditions, POINTS)
sorted(tables)

# %% [markdown]
# The four headline panels: win-rate changes, winning margins, the value of one more tile and
# how often the majority decides the winner.

# %%
fig = worth_figure(tables, next(iter(conditions)), POINTS)

# %% [markdown]
# How each strategy's win rate changes when the majority scores 10 points instead of 0:

# %%
tables["win_change"].round(3)

# %% [markdown]
# How often the majority decides who wins, and the winning margins:

# %%
tables["games"].round(3)

# %%
tables["margins"].round(2)

# %% [markdown]
# The value of one more tile (its majority value, holding play fixed), by tiles already held:

# %%
tables["tile_value_held"].round(3)
