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
# # Analyse a position from a real table
#
# The same library calls as `mammoth analyse`: a position file (docs/positions.md) is read and
# checked, every option of its herd decision is played to the end of the game by the field at
# every seat, with the same dice and re-deal for every option, and each option's win share is
# shown with its 95% interval. Then the position is changed (the deciding player has less food)
# and analysed again. The tile fronts are the ASSUMED default set (docs/rules.md B3). The first
# cell holds the parameters: change them and run all.

# %% tags=["parameters"]
import os

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"  # the test suite sets it: every size small
POSITION = "docs/positions/example.toml"  # a position file (from the repository's top folder)
FIELD = "greedy" if SMALL else "champion"  # every seat's player
PLAYOUTS = 40 if SMALL else 1_000  # per option
SEED = 0

# %%
import copy
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt

from experiments.shared.definition import experiment_from_settings
from experiments.shared.runner import run_experiment
from sim.position import position_from_dict, read_document

top = next(p for p in (Path.cwd(), *Path.cwd().parents) if (p / POSITION).exists())
document = read_document(top / POSITION)
position = position_from_dict(document)
print(position.players, position.kind, "by", position.players[position.to_act])


# %%
def analyse(document: dict, name: str):
    """Run the analysis of one position document; its table."""
    config = experiment_from_settings(
        {
            "kind": "analyse",
            "name": name,
            "players": [len(document["player"])],
            "games": PLAYOUTS,
            "seed": SEED,
            "position": document,
            "field": FIELD,
        },
        "notebook",
    )
    folder = Path(tempfile.mkdtemp(prefix="analyse-"))
    run_experiment(config, folder, progress=False)
    import pandas as pd

    return pd.read_csv(folder / "analysis.csv")


table = analyse(document, "example")
table[["option", "win", "win_low", "win_high", "margin", "contest_odds", "best", "own_choice"]]


# %%
def bars(table, title):
    fig, ax = plt.subplots(figsize=(6, 2.5))
    low = table["win"] - table["win_low"]
    high = table["win_high"] - table["win"]
    ax.barh(table["option"], table["win"], xerr=[low, high], color="#9ab")
    ax.set_xlabel("win share (95% interval)")
    ax.set_title(title)
    fig.tight_layout()
    return fig


bars(table, "the example position")

# %% [markdown]
# ## The same position with less food
#
# The deciding player pays each figure with a food (or a resource). With 2 food and no
# resources, fewer figures can be paid: the options shrink, and the analysis says what is left.

# %%
poorer = copy.deepcopy(document)
decider = poorer["decision"]["seat"]
for player in poorer["player"]:
    if player["name"] == decider:
        player.update(food=2, wood=0, brick=0, stone=0, gold=0)
poorer_table = analyse(poorer, "poorer")
bars(poorer_table, f"{decider} with 2 food")
poorer_table[["option", "win", "win_low", "win_high", "best"]]
