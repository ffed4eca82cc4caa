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
# # How many figures to commit: the advice explorer
#
# Every taming decision of real `greedy` games is played out once per commitment k (0 to what the
# seat can move and pay), on the same dice and re-deals for every k (issue 20). Pick a situation
# with the filter below and see each k's effect on the seat's win share against committing
# nothing, with its 95% interval clustered by game, the solver's answer for the same contest
# beside it, and the advice card learnt from these decisions. `python3 tasks.py notebooks` opens
# it in JupyterLab; it also runs as a script. The first cell holds the parameters.

# %% tags=["parameters"]
import os

SMALL = os.environ.get("MAMMOTH_SMALL") == "1"  # the test suite sets it: every size small
PLAYERS = 4
FIELD = "greedy"  # every seat's strategy
GAMES = 30 if SMALL else 400  # real games; each has some 12-25 decisions at 4 players
PLAYOUTS = 4 if SMALL else 16  # continuations per decision and commitment
SEED = 20
# the situation: a pandas query over the decision's columns and the card's features
# (committed_most, kmax, prize, tile_gap, rounds_left, to_decide, players, round, score_gap, ...)
SITUATION = "committed_most == 0 and prize >= 5"

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from experiments.advice.analysis import advice_table, derive_card, features_frame, solver_answers
from experiments.advice.report_words import with_situations
from experiments.shared.report_card_words import card_lines
from strategies.play import advise_games
from strategies.taming_card import load_card

decisions = advise_games(GAMES, PLAYERS, FIELD, playouts=PLAYOUTS, seed=SEED, rotate=True)
decisions = decisions.join(features_frame(decisions)[["prize", "tile_gap"]])
f"{len(decisions):,} decisions in {GAMES} games"

# %% [markdown]
# ## The situation you picked
# Each k's effect on win share against k = 0 ("commit k, or all you can if fewer"), with its 95%
# interval clustered by game. The dashed line is the solver's answer (majority over these
# decisions), the dotted one the field's own most frequent choice.

# %%
picked = decisions.query(SITUATION) if SITUATION else decisions
one = advice_table(picked, classes=[[]])
solver = solver_answers(picked) if len(picked) else np.array([0])
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.axhline(0, color="grey", lw=0.8)
ax.errorbar(
    one["k"],
    100 * one["effect"],
    yerr=[100 * (one["effect"] - one["lo"]), 100 * (one["hi"] - one["effect"])],
    fmt="o",
    capsize=3,
)
ax.axvline(np.bincount(solver).argmax(), ls="--", color="C1", label="solver")
ax.axvline(picked["k_field"].mode().min(), ls=":", color="C2", label=f"{FIELD}'s choice")
ax.set_xlabel("figures committed (k)")
ax.set_ylabel("win share vs k = 0 (pp)")
ax.set_title(f"{SITUATION}: {len(picked):,} decisions, {picked['game'].nunique()} games")
ax.legend()
plt.show()
one[["k", "effect", "lo", "hi", "share_can", "best_k", "best_sure", "too_few", "solver_k"]].round(3)

# %% [markdown]
# ## The classes chosen from the data, and the card
# With few games the tree keeps few classes (a split must gain three clustered standard errors).

# %%
table = with_situations(advice_table(decisions), after="class")
classes = table.sort_values(["class", "k"]).groupby("class").first()
cols = min(4, len(classes))
rows = -(-len(classes) // cols)
fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3 * rows), squeeze=False)
for ax in axes.flat[len(classes) :]:
    ax.axis("off")
for ax, (c, row) in zip(axes.flat, classes.iterrows(), strict=False):
    part = table[table["class"] == c]
    ax.axhline(0, color="grey", lw=0.8)
    ax.fill_between(part["k"], 100 * part["lo"], 100 * part["hi"], alpha=0.3)
    ax.plot(part["k"], 100 * part["effect"], "o-")
    ax.axvline(row["solver_k"], ls="--", color="C1")
    ax.set_title(row["situation"], fontsize=8, wrap=True)
    ax.set_xlabel("k")
for ax in axes[:, 0]:
    ax.set_ylabel("win share vs k = 0 (pp)")
plt.tight_layout()
plt.show()
print("\n".join(card_lines(derive_card(table))))
pd.DataFrame(classes[["situation", "decisions", "games", "best_k", "best_sure", "solver_k"]])

# %% [markdown]
# ## The shipped card
# The card the `card` taming policy plays (`strategies/models/card_default_champion.json`):
# derived by `mammoth derive-card` (docs/answers.md, "The advice card"); its provenance names
# the command that derives the same bytes again, and its certification: per table size the
# best one-seat gain at a table of card players.

# %%
shipped = load_card()
print("\n".join(card_lines(shipped)))
shipped["provenance"]["certified"]
