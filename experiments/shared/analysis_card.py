"""The advice card's data (:class:`Card`): its rules as the ``card`` policy reads them, with the
numbers behind each, and its seek part.

Derived by the advice (:func:`experiments.advice.analysis.derive_card`), checked on a run's
play-outs there (:func:`experiments.advice.analysis.card_agreement`), and worded for the advice
and the card's check alike (:mod:`experiments.shared.report_card_words`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Card:
    """The advice card: its rules as the policy reads them, with the numbers behind each.

    Attributes
    ----------
    rules : list of dict
        In order; the first whose box holds the situation applies. One rule per class whose best
        ``k`` is not the default, ``{"when": [{"feature", "lo", "hi"}], "commit": k, "sure",
        "effect", "lo", "hi", "over_default", "decisions", "solver_k", "disagree"}``
        (``effect``, ``lo``, ``hi``: against committing none; ``over_default``: that minus the
        default's effect in the class), then the catch-all ``{"when": [], "commit": default,
        "decisions", "covers", "too_few"}``: the classes (their ``when``) answering the default,
        and those with too few decisions to tell (which take it rather than a guess). A card
        file's rules carry their ``text`` too (its words:
        :func:`~experiments.shared.report_card_words.worded_card`).
    default : int
        The catch-all's commitment: the answer of the most decisions.
    provenance : dict
        How the card was made (command, seeds, games); filled by its maker.
    seek : dict or None
        Whether to seek the herd (:func:`experiments.advice.analysis_seeking.derive_seek`); None:
        the card says nothing about it (the ``card`` policy then never seeks).
    """

    rules: list[dict]
    default: int
    provenance: dict = field(default_factory=dict)
    seek: dict | None = None

    def to_dict(self) -> dict:
        """JSON-ready."""
        data = {"rules": self.rules, "default": self.default}
        if self.seek is not None:
            data["seek"] = self.seek
        data["provenance"] = self.provenance
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Card:
        """From :meth:`to_dict`'s answer."""
        return cls(
            list(data["rules"]),
            int(data["default"]),
            dict(data.get("provenance", {})),
            data.get("seek"),
        )
