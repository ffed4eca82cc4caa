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
# # What the mammoth scoring is worth
#
# The same library calls as `mammoth worth`: every game is played twice on the same seed, with
# the 10-point mammoth majority and with it switched off (0 points), and the paired differences
# are reported with 95% intervals. The tile fronts are the ASSUMED default set (docs/rules.md B3).
# `MAMMOTH_SMALL=1` keeps it small (the test suite sets it).

# %%
import os

from experiments.analyses.worth import sensitivity_conditions, worth_run, worth_tables
from sim.rules import Rules

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"
GAMES = 30 if SMALL else 4_000
STRATEGIES = ["greedy", "greedy+never", "greedy+majority"]
PLAYERS = [4] if SMALL else [2, 3, 4]

# %%
conditions = sensitivity_conditions(Rules(), tiles=("default",), ties=("longer_wins",))
stats = worth_run(STRATEGIES, PLAYERS, GAMES, seed=1, conditions=conditions)
tables = worth_tables(stats, conditions)
sorted(tables)

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
