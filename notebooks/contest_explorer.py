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
# # The taming contest, explored
#
# Exact odds of The Mammoth Herd's taming contest (docs/rules.md B2.4), the Monte Carlo dice kernel
# as a check, and the commitment solver. `python3 tasks.py notebooks` opens it in JupyterLab; it
# also runs as a script. The first cell holds the parameters: change them and run all.

# %% tags=["parameters"]
import os

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"  # the test suite sets it: every size small
N_MC = 20_000 if SMALL else 2_000_000  # contests rolled die by die for the check
MAX_FIGURES = 7  # the heatmap's figures per seat, 1 to this
SEED = 1

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from experiments.shared.plots import win_heatmap
from sim.contest_exact import odds
from sim.contest_mc import estimate_odds
from sim.contest_solver import sequential_equilibrium

# %% [markdown]
# ## Exact odds: one more figure against an opponent
# Seat 0's chance to win (ties on every compared die go to the longer hand by default).

# %%
figures = range(1, MAX_FIGURES + 1)
win = np.array([[odds([a, b]).win[0] for b in figures] for a in figures])
fig, ax = plt.subplots(figsize=(5, 4))
win_heatmap(ax, win, list(figures), list(figures))
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
estimate = estimate_odds([3, 2, 2], n=N_MC, seed=SEED)
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
