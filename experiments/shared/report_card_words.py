"""The advice card in words: the one place its sentences are written, for the advice
(:mod:`experiments.advice.report`), the card's check (:mod:`experiments.card.card_check.report`)
and the card at the table (:mod:`experiments.shared.report_card_page`).

The analyses (:mod:`experiments.advice.analysis`, :mod:`experiments.advice.analysis_seeking`)
return data: situation classes as conditions ``lo <= feature < hi`` (the ``when`` of a rule, a
class or a cell), answers (a count to commit, whether to seek the herd), effects with their
intervals, verdicts. Here they become what a person reads:

- a situation: :func:`condition_text`, :func:`class_text`, :func:`when_text` (the ``situation``
  columns of ``advice.csv``, ``seek.csv`` and ``agreement.csv``, and the ``text`` of a derived
  card's rules), and :func:`short_condition` (the report's table, for a phone's first screen);
- an answer: :func:`commit_words` and :func:`seek_words` for sentences, :func:`commit_cell` and
  :func:`seek_cell` for the report's table (one vocabulary per rule, :data:`SEEK_WORDS`);
- the card: :func:`card_lines` (``card.md``: :func:`card_text`), :func:`seek_lines`, and
  :func:`worded_card` (the card as ``card.json`` holds it: each rule with its ``text``).

A run's verdict on a card's rule and the advice's tables with their situations are the advice's
own words (:mod:`experiments.advice.report_words`).

Nothing reads a sentence back: programs choose rules and rows by their ``when`` and answers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping

import numpy as np

from experiments.library.situation_tree import Condition
from experiments.shared.analysis_card import Card
from experiments.shared.numbers import interval, percent, pp, shortest, signed
from strategies import taming_ev
from strategies.taming_card import COUNT, COUNT_BY_GAP

FEATURE_WORDS = {
    "committed_most": "most committed before you",
    "kmax": "figures you can commit",
    "prize": "better bonus worth (points)",
    "tile_gap": "your tiles minus the leader's",
    "rounds_left": "rounds left",
    "to_decide": "seats still to decide after you",
    "players": "players",
    "rivals": "other seats on the herd's area",
}
"""Each feature of the card (:data:`strategies.taming_card.FEATURES`, ``SEEK_FEATURES``) named."""

COUNT_WORDS = "count it out"
"""A commitment the card counts out (:data:`strategies.taming_card.COUNT`), in words."""
COUNT_HOW = (
    "the count with the most expected points: its chance to win (the exact odds) times the "
    'better bonus and the tile, plus the "all" bonus when it loses, minus what the figures cost'
)
COUNT_DETAILS = (
    "players still to decide count as one figure each; the tile is worth the mammoth points "
    "times how much one more tile raises your chance of the most tiles"
)
"""How the card counts a commitment out, in a sentence, and the details of the count."""
GAP_WORDS = "count it out by the tile gap"
"""A commitment the card counts out by the tile gap
(:data:`strategies.taming_card.COUNT_BY_GAP`), in words."""
GAP_SHARES = tuple(taming_ev.PARAMS[f"tile_{at}"] for at in ("ahead", "level", "behind", "far"))
"""The shares of the mammoth points a tile is worth, counted by the tile gap: when you hold the
most tiles alone, when level with the leader (0 to 0 included), one behind, two or more."""
GAP_DETAILS = (
    "players still to decide count as one figure each; the tile is worth the mammoth points "
    "times {:.0%} when you hold the most tiles alone, {:.0%} when level with the most, {:.0%} "
    "one behind and {:.0%} two or more behind"
).format(*GAP_SHARES)
"""The details of the count by the tile gap."""

OTHERWISE = "otherwise"
"""The catch-all rule's situation."""

SEEK_WORDS = {
    True: ("seek the herd", "seek"),
    False: ("do not go out of your way for the herd", "do\u00a0not\u00a0seek"),
}
"""The seek rule's answer in words: ``(sentence, table cell)`` (the cell without breaks, so the
report's column stays narrow)."""


def condition_text(c: Condition) -> str:
    """A condition in words ("nobody committed before you", "better bonus worth >= 6 points")."""
    integer = c.feature != "prize" and c.feature != "rounds_left"
    if integer:
        lo = None if c.lo is None else math.ceil(c.lo)
        hi = None if c.hi is None else math.ceil(c.hi) - 1  # inclusive
        if c.feature == "committed_most" and lo is None and hi == 0:
            return "nobody committed before you"
        if c.feature == "to_decide" and lo is None and hi == 0:
            return "nobody decides after you"
        if c.feature == "to_decide" and lo is not None and hi is None:
            return f"{lo}+ seat(s) still to decide after you"
        if c.feature == "rivals" and lo is None and hi == 0:
            return "nobody on the herd's area yet"
        if c.feature == "rivals" and lo == 1 and hi is None:
            return "someone on the herd's area already"
        if c.feature == "players":
            if lo is None:
                return "2 players" if hi == 2 else f"{hi} players or fewer"
            hi = 4 if hi is None else hi
            return f"{lo} players" if lo == hi else f"{lo}-{hi} players"
        if c.feature == "tile_gap":
            if lo is not None and lo >= 1 and hi is None:
                return f"you lead the tiles by {lo}+"
            if lo is None and hi is not None and hi <= -1:
                return f"you trail the tiles by {-hi}+"
        label = FEATURE_WORDS[c.feature]
        if lo is not None and hi is not None:
            return f"{label} {lo}" if lo == hi else f"{label} {lo} to {hi}"
        if lo is not None:
            return f"{label} >= {lo}"
        return f"{label} <= {hi}"
    label = FEATURE_WORDS[c.feature]
    if c.feature == "prize":
        label = "better bonus worth"
        if c.lo is not None and c.hi is not None:
            return f"{label} {shortest(c.lo)} to <{shortest(c.hi)} points"
        if c.lo is not None:
            return f"{label} >= {shortest(c.lo)} points"
        return f"{label} < {shortest(c.hi)} points"
    if c.lo is not None and c.hi is not None:
        return f"{label} {shortest(c.lo)} to under {shortest(c.hi)}"
    if c.lo is not None:
        return f"{label} >= {shortest(c.lo)}"
    return f"{label} < {shortest(c.hi)}"


def class_text(conditions: list[Condition]) -> str:
    """A class in words (its conditions joined; none: "any situation")."""
    if not conditions:
        return "any situation"
    return ", ".join(condition_text(c) for c in conditions)


def when_text(when: list[Mapping] | str) -> str:
    """A ``when`` in words: the conditions of a rule, class or cell, as the card and the tables
    hold them (a list of ``{"feature", "lo", "hi"}``, or that list as JSON)."""
    if isinstance(when, str):
        when = json.loads(when)
    return class_text([Condition(str(c["feature"]), c.get("lo"), c.get("hi")) for c in when])


def rule_text(rule: Mapping) -> str:
    """A rule's situation in words: its ``text`` (a card may carry its own), else its conditions
    worded (the catch-all, with none: :data:`OTHERWISE`)."""
    if rule.get("text"):
        return str(rule["text"])
    return when_text(rule["when"]) if rule.get("when") else OTHERWISE


def gate_figures(gate: list[Mapping] | Mapping) -> dict[str, list[float]]:
    """A whole-game gate's figures keyed by its tables in words ("3 players, greedy (default
    tiles)": ``[effect, lo, hi]``, pp), as a card file holds them (they may be so already)."""
    if isinstance(gate, Mapping):
        return dict(gate)
    figures = {}
    for g in gate:
        figures[f"{g['players']} players, {g['field']} ({g['tiles']} tiles)"] = [
            g["effect"],
            g["lo"],
            g["hi"],
        ]
    return figures


def _worded_rule(rule: Mapping, answer: str) -> dict:
    """A rule with its ``text`` after its answer (a rule that has one keeps it), its gate's
    figures keyed in words."""
    out = {}
    for key, value in rule.items():
        out[key] = gate_figures(value) if key == "gate" else value
        if key == answer and "text" not in rule:
            out["text"] = rule_text(rule)
    if "text" not in out:
        out["text"] = rule_text(rule)
    return out


def _situations(items: list) -> list[str]:
    """Classes named by the catch-all (``covers``, ``too_few``): their conditions in words."""
    return [item if isinstance(item, str) else when_text(item) for item in items]


def worded_card(card: Mapping) -> dict:
    """A card's data with its words: each rule of both parts with its ``text`` (after its
    answer; a rule written with one keeps it), the catch-all's ``covers`` and ``too_few`` as
    situations in words. This is what a derived or gated ``card.json`` holds.

    Parameters
    ----------
    card : mapping
        A card's data (:meth:`experiments.shared.analysis_card.Card.to_dict`, or a card file's).

    Returns
    -------
    dict
        The same keys in the same order.
    """
    out = dict(card)
    rules = []
    for rule in card.get("rules", []):
        worded = _worded_rule(rule, "commit")
        for key in ("covers", "too_few"):
            if key in worded:
                worded[key] = _situations(worded[key])
        rules.append(worded)
    out["rules"] = rules
    seek = card.get("seek")
    if seek is not None:
        seek = {**seek, "rules": [_worded_rule(rule, "seek") for rule in seek["rules"]]}
        if "otherwise" in seek:
            seek["otherwise"] = _worded_rule(seek["otherwise"], "seek")
        out["seek"] = seek
    return out


def commit_words(k: int) -> str:
    """A count to commit in words ("commit none", "commit 2", "count it out")."""
    if k == COUNT:
        return COUNT_WORDS
    if k == COUNT_BY_GAP:
        return GAP_WORDS
    return "commit none" if k == 0 else f"commit {k}"


def seek_words(seek: bool) -> str:
    """The seek rule's answer as a sentence (:data:`SEEK_WORDS`)."""
    return SEEK_WORDS[bool(seek)][0]


def commit_cell(k: int) -> str:
    """:func:`commit_words` for a table cell (no break: the column stays narrow)."""
    return commit_words(k).replace(" ", "\u00a0")


def seek_cell(seek: bool) -> str:
    """The seek rule's answer for a table cell (:data:`SEEK_WORDS`)."""
    return SEEK_WORDS[bool(seek)][1]


def _effect_words(rule: Mapping) -> str:
    if "gate" in rule:  # a whole-game gate: where the card lost most over whole games
        figures = gate_figures(rule["gate"]).items()
        name, (effect, lo, hi) = min(figures, key=lambda item: item[1][2])
        part = "seeking as the card says" if "seek" in rule else "the card's commitments"
        shown = f"{signed(effect, 2)} pp {interval(lo, hi, 2, signs=True)}"
        return f" (whole games, {part}: {shown} at {name})"
    if "effect" not in rule or not np.isfinite(rule["effect"]):
        return ""
    return (
        f" (seeking: {pp(rule['effect'])} win share per decision "
        f"{interval(rule['lo'], rule['hi'], scale=100, signs=True)}, worst field "
        f"{pp(rule['worst'], unit=False)})"
    )


def seek_lines(seek: Mapping) -> list[str]:
    """The seek part in words: a line per rule, then the default (with the play-outs' effect of
    seeking where the part carries it)."""
    lines = []
    for n, rule in enumerate(seek["rules"], 1):
        lines.append(f"{n}. {rule_text(rule)}: {seek_words(rule['seek'])}{_effect_words(rule)}")
    rest = seek.get("otherwise", {})
    lines.append(
        f"{'Otherwise' if seek['rules'] else 'Always'}: {seek_words(seek['default'])}"
        f"{_effect_words(rest)}."
    )
    weight = seek.get("weight")
    if weight:
        shares = ", ".join(f"{100 * float(weight[p]):.0f}% at {p} players" for p in ("2", "3", "4"))
        lines.append(
            f"Seeking the herd: count the contest at {shares} of its expected points when you "
            "choose where to place."
        )
    return lines


def card_lines(card: Card | Mapping) -> list[str]:
    """The card as text: at most one screen (a line per rule, with its gain over the default).

    Parameters
    ----------
    card : Card or mapping
        From :func:`experiments.advice.analysis.derive_card` (or its data, or a card file's).

    Returns
    -------
    list of str
    """
    if isinstance(card, Mapping):
        card = Card.from_dict(card)
    lines = []
    if card.seek is not None:
        lines.append(
            "Whether to go to the herd's area for the herd (at your first placement with the "
            "area open to you): the first rule that fits."
        )
        lines += seek_lines(card.seek)
    lines.append(
        "How many figures to commit: the first rule that fits "
        "(commit all you can move and pay if that is fewer)."
    )
    if not card.rules:
        return lines + ["No decisions were played out: no advice."]
    numbered = [rule for rule in card.rules if rule["when"]]
    for i, rule in enumerate(numbered, 1):
        if "gate" in rule or "sure" not in rule:  # a whole-game gate, or a hand-written rule
            lines.append(
                f"{i}. {rule_text(rule)}: {commit_words(rule['commit'])}{_effect_words(rule)}"
            )
            continue
        note = (
            f"{pp(rule.get('over_default', 0.0))} win share over {card.default}, "
            f"best in {percent(rule['sure'], 0)} of resamples"
        )
        if rule.get("disagree"):
            note += f"; the solver says {rule['solver_k']}"
        lines.append(f"{i}. {rule_text(rule)}: {commit_words(rule['commit'])} ({note})")
    rest = [rule for rule in card.rules if not rule["when"]]
    commit = rest[0]["commit"] if rest else card.default
    lines.append(f"{'Otherwise' if numbered else 'Always'}: {commit_words(commit)}.")
    commitments = {int(rule["commit"]) for rule in card.rules} | {int(card.default)}
    if COUNT in commitments:
        lines += [f"To count it out: {COUNT_HOW}.", f"In the count, {COUNT_DETAILS}."]
    if COUNT_BY_GAP in commitments:
        lines += [
            f"To count it out by the tile gap: {COUNT_HOW}.",
            f"In that count, {GAP_DETAILS}.",
        ]
    too_few = _situations(rest[0].get("too_few", [])) if rest else []
    if too_few:
        lines.append(
            f"({len(too_few)} situation class(es) had too few decisions to tell; they take this "
            "answer: " + "; ".join(too_few) + ")"
        )
    return lines


def card_text(card, title: str = "Advice card") -> str:
    """``card.md``: the card's lines (:func:`card_lines`) under a title, one paragraph or list
    item each."""
    return f"# {title}\n\n" + "\n\n".join(card_lines(card)) + "\n"


def _whole(x: float) -> int:
    """The first whole number at or above a bound (integer features' bounds sit at halves)."""
    return int(math.ceil(x))


SHORT_NAMES = {
    "rivals": "there",
    "committed_most": "committed before",
    "kmax": "you can commit",
    "to_decide": "decide after you",
}
"""The integer features' short names (after a count: "2+ committed before")."""


def short_condition(feature: str, lo: float | None, hi: float | None) -> str:
    """A card condition ``lo <= feature < hi`` in the fewest words (for a phone's first screen).

    Parameters
    ----------
    feature : str
        One of :data:`strategies.taming_card.FEATURES` or
        :data:`~strategies.taming_card.SEEK_FEATURES`.
    lo, hi : float or None
        The bounds (None: open).

    Returns
    -------
    str
    """
    if feature == "prize":
        if lo is not None and hi is not None:
            return f"bonus {lo:g} to <{hi:g}"
        return f"bonus ≥ {lo:g}" if lo is not None else f"bonus < {hi:g}"
    if feature == "rounds_left":
        if lo is not None and hi is not None:
            return f"{lo:g} to <{hi:g} rounds left"
        return f"≥ {lo:g} rounds left" if lo is not None else f"< {hi:g} rounds left"
    low = None if lo is None else _whole(lo)
    high = None if hi is None else _whole(hi) - 1  # inclusive
    if feature == "tile_gap":
        if low is not None and high is None:
            return f"≤ {-low} tile(s) behind" if low < 0 else f"≥ {low} tile(s) ahead"
        if low is None and high is not None:
            return f"{-high}+ tiles behind" if high < 0 else f"≤ {high} tile(s) ahead"
        return f"tiles vs leader {low} to {high}"
    if feature == "players":
        if low is None:
            return "2 players" if high == 2 else f"≤ {high} players"
        if low == (high or 4):
            return f"{low} players"
        return f"{low}-{high or 4} players"
    if feature == "rivals" and low is not None and low >= 1 and high is None:
        return "someone there" if low == 1 else f"{low}+ others there"  # on the herd's area
    if feature == "to_decide" and low is None and high == 0:
        return "you decide last"
    if feature == "to_decide" and low == 1 and high is None:
        return "others to decide"
    if feature == "committed_most" and low == 1 and high is None:
        return "someone committed"
    if low is None and high == 0 and feature != "kmax":
        return f"nobody {SHORT_NAMES[feature]}"
    if low is not None and high is not None:
        return f"{low} to {high} {SHORT_NAMES[feature]}"
    name = SHORT_NAMES[feature]
    return f"{low}+ {name}" if low is not None else f"≤ {high} {name}"


__all__ = [
    "COUNT_DETAILS",
    "COUNT_HOW",
    "COUNT_WORDS",
    "FEATURE_WORDS",
    "OTHERWISE",
    "SEEK_WORDS",
    "SHORT_NAMES",
    "card_lines",
    "card_text",
    "class_text",
    "commit_cell",
    "commit_words",
    "condition_text",
    "gate_figures",
    "rule_text",
    "seek_cell",
    "seek_lines",
    "seek_words",
    "short_condition",
    "when_text",
    "worded_card",
]
