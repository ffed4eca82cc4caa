"""The chart of the answers against the field's rating, drawn from docs/answers_by_field.csv."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from experiments.shared.plots import answers_by_field  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "docs" / "answers_by_field.csv"


def test_the_chart_draws_each_answer_at_its_fields_ratings():
    table = pd.read_csv(DATA)
    fig, ax = plt.subplots()
    answers_by_field(ax, table, players=4)
    four = table[table["players"] == 4]
    series = {container.get_label(): container.lines[0] for container in ax.containers}
    assert set(series) == set(four["answer"])
    for answer, line in series.items():
        rows = four[four["answer"] == answer].sort_values("field_rating")
        assert np.allclose(line.get_xdata(), rows["field_rating"])
        assert np.allclose(line.get_ydata(), rows["estimate"])
    plt.close(fig)


def test_the_data_holds_every_field_at_every_player_count_with_its_interval():
    table = pd.read_csv(DATA)
    assert set(table["players"]) == {2, 3, 4}
    assert (table["low"] <= table["estimate"]).all() and (table["estimate"] <= table["high"]).all()
    ratings = table.groupby("field")["field_rating"].nunique()
    assert (ratings == 1).all()  # one rating per field
