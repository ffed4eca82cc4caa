"""What the report says about a meta-game run: the equilibrium per table size in words, then
each herd play's weight in it, its win rate against it and its exploitability.

Found by the report as every question's ``report_section`` is
(:mod:`experiments.report.report_sections`).
"""

from __future__ import annotations

from experiments.metagame.report import equilibrium_sentence, mix_figure
from experiments.shared.document import Cell, Paragraph, Table
from experiments.shared.numbers import interval, signed
from experiments.shared.report_folder import ResultFolder, figure_block, short_name

TITLE = "the herd decision as a game between the seats"
"""The section's title, after the folder's name."""

ORDER = 70
"""Its place among the questions' sections (it has no answer)."""

TABLES = {
    "equilibrium": (
        ("players", "strategy", "weight", "weight_low", "weight_high", "against_equilibrium",
         "behind_best", "exploitability", "exploitability_low", "exploitability_high",
         "best_deviation", "equilibrium_regret"),
        ("weight", "weight_low", "weight_high", "against_equilibrium", "behind_best",
         "exploitability", "exploitability_low", "exploitability_high", "equilibrium_regret"),
    ),
}  # fmt: skip
"""The tables the section reads (:data:`~experiments.shared.report_folder.Checks`)."""

PRIMARY = "equilibrium"
"""The table that makes a meta-game folder: it must have rows."""


def section(folder: ResultFolder) -> list:
    """The meta-game: the equilibrium per table size in words, then each herd play's weight in
    it, its win rate against it and its exploitability."""
    eq = folder.table("equilibrium")
    names = list(dict.fromkeys(eq["strategy"].astype(str)))
    blocks: list = [
        Paragraph(equilibrium_sentence(part).replace("**", ""))
        for _, part in eq.groupby("players", sort=True)
    ]
    blocks.append(
        figure_block(
            folder,
            "mix",
            mix_figure({"equilibrium": eq}, names),
            "the equilibrium mix of herd plays per table size, as bars",
            "The share of games a seat plays each herd play in the symmetric equilibrium, with "
            "95% bootstrap intervals.",
        )
    )
    rows = []
    for r in eq.sort_values(["players", "weight"], ascending=[True, False]).to_dict("records"):
        rows.append(
            [
                str(int(r["players"])),
                short_name(str(r["strategy"])),
                Cell(f"{r['weight']:.0f}%", f"[{r['weight_low']:.0f}, {r['weight_high']:.0f}]"),
                f"{signed(r['behind_best'])} pp",
                Cell(
                    f"{signed(r['exploitability'])} pp",
                    interval(r["exploitability_low"], r["exploitability_high"], signs=True),
                ),
            ]
        )
    blocks.append(
        Table(
            [
                "players",
                "herd play",
                "in the equilibrium",
                "behind the best against it",
                "exploitability",
            ],
            rows,
            caption="Exploitability: what one seat gains by its best other play at a table of "
            "this play (0 or less: nobody gains by leaving it); 95% intervals from a bootstrap "
            "over games",
        )  # fmt: skip
    )
    return blocks


__all__ = ["ORDER", "PRIMARY", "TABLES", "TITLE", "section"]
