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
# # The taming contest, explored
#
# Exact odds of The Mammoth Herd's taming contest (docs/rules.md B2.4), the Monte Carlo dice kernel
# as a check, and the commitment solver. Open with jupytext (`jupytext --to notebook`) or run
# as a script. `MAMMOTH_SMALL=1` keeps every size small (the test suite sets it).

# %%
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from experiments.outputs.plots import win_heatmap
from sim.contest_exact import odds
from sim.contest_mc import estimate_odds
from sim.contest_solver import sequential_equilibrium

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"
N_MC = 20_000 if SMALL else 2_000_000

# %% [markdown]
# ## Exact odds: one more figure against an opponent
# Seat 0's chance to win (ties on every compared die go to the longer hand by default).

# %%
figures = range(1, 8)
win = np.array([[odds([a, b]).win[0] for b in figures] for a in figures])
ax = win_heatmap(plt.figure(figsize=(5, 4)).gca(), win, list(figures), list(figures))
pd.DataFrame(win, index=list(figures), columns=list(figures)).round(3)

# %% [markdown]
# ## The two tie rules side by side

# %%
rows = []
for profile in ([1, 1], [2, 1], [3, 3], [2, 2, 2], [3, 1, 1, 1]):
    for rule in ("longer_wins", "prefix_draw"):
        o = odds(profile, rule)
        rows.append({"figures": str(profile), "tie rule": rule, "seat 0 wins": o.win[0],
                     "draw": o.draw})  # fmt: skip
pd.DataFrame(rows).round(4)

# %% [markdown]
# ## The dice kernel agrees with the exact odds
# Monte Carlo estimates with 95% intervals; the exact value should fall inside about 95% of
# the time.

# %%
estimate = estimate_odds([3, 2, 2], n=N_MC, seed=1)
exact = odds([3, 2, 2])
print(estimate)
print("exact:", exact.win.round(4), round(exact.draw, 4))

# %% [markdown]
# ## How many figures to commit: the sequential equilibrium
# Prizes in points: the "1." bonus, the "all" bonus, what keeping the tile is worth towards the
# majority, and the cost of a figure (1 food).

# %%
solution = sequential_equilibrium([3, 2, 2], first_bonus=6, all_bonus=2, tile_value=3, food_value=2)
solution
