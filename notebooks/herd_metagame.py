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
# # The herd decision as a game between the seats
#
# The same library calls as `mammoth metagame`: every profile of some herd plays over the seats
# is played on the same game indices (seats rotated), a play's payoff is its seats' mean win
# share, and the symmetric equilibrium of the resulting game is solved in numpy, with each
# play's exploitability (what the best one-seat deviation gains at a table of it). The tile
# fronts are the ASSUMED default set (docs/rules.md B3). The first cell holds the parameters:
# change them and run all (`python3 tasks.py notebooks` opens this in JupyterLab).

# %% tags=["parameters"]
import os

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"  # the test suite sets it: every size small
GAMES = 12 if SMALL else 3_000  # per profile and player count
PLAYERS = [2, 3] if SMALL else [2, 3, 4]
BASE = "greedy" if SMALL else "champion"
PLAYS = [f"{BASE}+never", f"{BASE}+fixed-1", f"{BASE}+card", f"{BASE}+majority"]
BOOTSTRAP = 20 if SMALL else 200
SEED = 1

# %%
import tempfile
from pathlib import Path

import pandas as pd

from experiments.library.symmetric_game import SymmetricGame
from experiments.metagame.report import heatmap_figure, mix_figure
from experiments.shared.definition import experiment_from_settings
from experiments.shared.runner import run_experiment

# %%
config = experiment_from_settings(
    {
        "kind": "metagame",
        "players": PLAYERS,
        "games": GAMES,
        "seed": SEED,
        "strategies": PLAYS,
        "bootstrap": BOOTSTRAP,
    },
    "notebook",
)
folder = Path(tempfile.mkdtemp(prefix="metagame-"))
run_experiment(config, folder, progress=False)
tables = {name: pd.read_csv(folder / f"{name}.csv") for name in ("payoff", "equilibrium")}
names = list(dict.fromkeys(tables["equilibrium"]["strategy"]))

# %% [markdown]
# One seat's win rate minus its par share at a table where every other seat plays each play
# (rows: the one seat; the diagonal is a table of one play, exactly par):

# %%
fig = heatmap_figure(tables, names)

# %% [markdown]
# The equilibrium per table size: each play's weight, its win rate against the equilibrium
# population, how far behind the best that is, and its exploitability.

# %%
columns = ["players", "strategy", "weight", "against_equilibrium", "behind_best", "exploitability"]
tables["equilibrium"][columns].round(2)

# %%
fig = mix_figure(tables, names)

# %% [markdown]
# The solver takes any symmetric game: here chicken for two (dare or swerve), whose symmetric
# equilibrium dares half the time.

# %%
chicken = SymmetricGame.from_matrix([[0, 3], [1, 2]])
chicken.equilibrium(), chicken.support_enumeration()
