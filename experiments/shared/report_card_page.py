"""``card.html``: the advice card at the table, one self-contained page for a phone.

The page carries the card (both parts, with each rule's play-out effect and interval) and the
exact odds of the taming contest as data, and a few lines of script that apply the card to what
the player enters: the players, the worth of the better bonus, the tile standing, the rounds
left, who is on the herd's area, what the earlier seats committed and how many figures the
player could commit. It shows the card's line for the placement and for the commitment, the
play-out effect of that line's class with its 95% interval, and the odds of winning the contest
for each count. No network, no library: it works saved on a phone.

The odds come from :func:`sim.contest_exact.odds` (exact, for the tie rule of the run): the
player with ``k`` figures against the earlier seats' commitments and, for each later seat still
to decide, one figure (the assumption of ``ev``'s ``later_figures``, shown on the page).

Written by the advice (its derived card, and the shipped card beside the report), the card's
check (a gated card) and its derivation; the card's sentences are
:mod:`experiments.shared.report_card_words`'s.
"""

from __future__ import annotations

import html
import itertools
import json

from experiments.shared.report_card_words import (
    COUNT_DETAILS,
    COUNT_HOW,
    COUNT_WORDS,
    GAP_DETAILS,
    GAP_SHARES,
    GAP_WORDS,
    OTHERWISE,
    SEEK_WORDS,
    rule_text,
)
from sim.contest_exact import odds
from sim.rules import Rules
from strategies.taming_card import (
    COUNT,
    COUNT_BY_GAP,
    FEATURES,
    MAJORITY_BOX,
    SEEK_FEATURES,
    load_card,
    shipped_cards,
)

MAX_COUNT = 6
"""Figures tabulated per seat (the player's 1 to this; each other seat 0 to this)."""


def odds_table(tie_rule: str = "longer_wins") -> dict[str, float]:
    """The player's chance to win the contest, keyed ``"k|a,b,c"``: ``k`` figures (1 to
    :data:`MAX_COUNT`) against other seats with ``a, b, c`` figures (sorted, descending; zeros
    left out, at most three seats)."""
    table = {}
    for others in range(4):
        for combo in itertools.combinations_with_replacement(range(MAX_COUNT, 0, -1), others):
            for k in range(1, MAX_COUNT + 1):
                key = f"{k}|{','.join(map(str, combo))}"
                table[key] = round(float(odds((k, *combo), tie_rule).win[0]), 6)
    return table


def _rules(rules: list[dict], answer: str) -> list[dict]:
    keep = ("when", answer, "effect", "lo", "hi", "worst", "decisions", "over_default")
    return [{**{k: r[k] for k in keep if k in r}, "text": rule_text(r)} for r in rules]


def _made(provenance: dict) -> str:
    """How the card was made, in a line: its command, or its check's for a card written by
    hand."""
    if provenance.get("command"):
        return str(provenance["command"])
    if provenance.get("written"):
        check = provenance.get("check", {}).get("command", "")
        return "written by hand" + (f"; checked by {check}" if check else "")
    return ""


def _sentence(words: str) -> str:
    """Words as a sentence: capital first, full stop last."""
    return words[:1].upper() + words[1:] + "."


def _card_data(card: dict, label: str) -> dict:
    """One card as the page's script reads it: its two parts with each rule's words, how it
    was made and its notes."""
    commit_rules = [r for r in card["rules"] if r.get("when")]
    rest = [r for r in card["rules"] if not r.get("when")]
    seek = card.get("seek") or {"rules": [], "default": False}
    return {
        "label": label,
        "commit": {
            "rules": _rules(commit_rules, "commit"),
            "default": int(card["default"]),
            "otherwise": _rules(rest, "commit")[0] if rest else {},
        },
        "seek": {
            "rules": _rules(seek["rules"], "seek"),
            "default": bool(seek["default"]),
            "otherwise": dict(seek.get("otherwise", {})),
            "weight": {str(k): float(v) for k, v in (seek.get("weight") or {}).items()},
        },
        "provenance": _made(card.get("provenance", {})),
        "notes": [
            [str(head), [str(line) for line in lines]]
            for head, lines in (card.get("notes") or {}).items()
        ],
    }


def card_label(card: dict, fallback: str) -> str:
    """What the page's list calls a card: the table it was derived for (``champion, rich
    tiles``), else ``fallback``."""
    table = (card.get("provenance") or {}).get("table")
    return f"for {table}" if table else fallback


def card_page(
    card: dict,
    tie_rule: str = "longer_wins",
    title: str = "Advice card",
    mammoth_points: int = Rules().mammoth_points,
    others: list[tuple[str, dict]] | None = None,
) -> str:
    """The whole page as text.

    Parameters
    ----------
    card : dict
        A card (:func:`strategies.taming_card.load_card`, or a run's ``card.json``): the one
        the page opens with.
    tie_rule : str
        The contest's tie rule, for the odds.
    title : str
        The page's title.
    mammoth_points : int
        What the most tiles score at the end, for a tile's worth when the card counts a
        commitment out.
    others : list of (str, dict), optional
        More cards the player can pick from the page's list, each with its label (default: the
        shipped cards, :func:`strategies.taming_card.shipped_cards`, by the table each was
        derived for). The page can also open a card file of the player's own.

    Returns
    -------
    str
        HTML with its style, script and data inline.
    """
    if others is None:
        others = [(card_label(load_card(path), path.stem), load_card(path)) for path in
                  shipped_cards()]  # fmt: skip
    cards = [_card_data(card, card_label(card, "this card"))]
    for label, other in others:
        if other != card:
            cards.append(_card_data(other, label))
    data = {
        "cards": cards,
        "features": {"commit": list(FEATURES), "seek": list(SEEK_FEATURES)},
        "odds": odds_table(tie_rule),
        "max_count": MAX_COUNT,
        "count": {
            "code": COUNT,
            "how": _sentence(f"{COUNT_WORDS}: {COUNT_HOW}") + " " + _sentence(COUNT_DETAILS)[:-1],
            "points": int(mammoth_points),
            "box": MAJORITY_BOX,
            "min_tiles": Rules().mammoth_min_tiles,
        },
        "gap": {
            "code": COUNT_BY_GAP,
            "how": _sentence(f"{GAP_WORDS}: {COUNT_HOW}") + " " + _sentence(GAP_DETAILS)[:-1],
            "shares": list(GAP_SHARES),
        },
        "words": {
            "seek": [_sentence(SEEK_WORDS[False][0]), _sentence(SEEK_WORDS[True][0])],
            "otherwise": OTHERWISE,
        },
    }
    payload = json.dumps(data, separators=(",", ":"), sort_keys=True).replace("</", "<\\/")
    return _PAGE.replace("__TITLE__", html.escape(title)).replace("__DATA__", payload)


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 0.8rem;
       line-height: 1.4; color: #222; }
h1 { font-size: 1.3rem; margin: 0.2rem 0 0.6rem; }
fieldset { border: 1px solid #ccc; border-radius: 0.4rem; margin: 0 0 0.8rem; padding: 0.5rem; }
legend { font-weight: 600; }
label { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem;
        margin: 0.3rem 0; }
input, select { font-size: 1rem; width: 6.5rem; padding: 0.2rem; }
.answer { background: #f3f7ee; border-left: 0.3rem solid #5a8a2f; padding: 0.5rem;
          margin: 0.5rem 0; }
.answer b { font-size: 1.1rem; }
table { border-collapse: collapse; width: 100%; }
td, th { border-bottom: 1px solid #ddd; padding: 0.2rem 0.4rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.note { color: #555; font-size: 0.85rem; }
</style>
</head>
<body>
<h1>__TITLE__</h1>
<form id="which" autocomplete="off">
<fieldset><legend>The card</legend>
<label>Your tiles and table <select id="card-choice"></select></label>
<label>Or open a card file (card.json) <input id="card-file" type="file"
accept=".json,application/json"></label>
<p class="note" id="card-file-note"></p>
</fieldset>
</form>
<form id="table" autocomplete="off">
<fieldset><legend>The table</legend>
<label>Players <select id="players"><option>2</option><option>3</option>
<option selected>4</option></select></label>
<label>Better bonus worth (points to you) <input id="prize" type="number" step="0.5" value="6">
</label>
<label>Your tiles minus the leader's <input id="tile_gap" type="number" step="1" value="0">
</label>
<label>Rounds left (this one included) <input id="rounds_left" type="number" step="1" min="1"
value="6"></label>
</fieldset>
<fieldset><legend>Placement: go to the herd's area?</legend>
<label>Other players on the herd's area already <input id="rivals" type="number" min="0" max="3"
step="1" value="0"></label>
</fieldset>
<fieldset><legend>Taming: how many figures?</legend>
<label>Figures you can move and pay for <input id="kmax" type="number" min="0" max="10" step="1"
value="3"></label>
<label>What earlier players committed (e.g. 2,1) <input id="earlier" type="text" value="">
</label>
<label>Later players on the area, still to decide <input id="to_decide" type="number" min="0"
max="3" step="1" value="0"></label>
</fieldset>
<fieldset id="count-inputs"><legend>Counting it out</legend>
<label>"All" bonus worth (points to you) <input id="all_worth" type="number" step="0.5"
value="1"></label>
<label>A figure's cost (points: the food or resource you pay) <input id="figure_cost"
type="number" min="0" step="0.5" value="2"></label>
<div id="tile-inputs">
<label>Your tiles <input id="tiles_mine" type="number" min="0" step="1" value="0"></label>
<label>The other players' tiles (e.g. 2,1) <input id="tiles_others" type="text" value="">
</label>
<label>Tiles left in the pile after this one <input id="tiles_left" type="number" min="0"
step="1" value="8"></label>
</div>
</fieldset>
</form>
<div class="answer" id="seek-answer"></div>
<div class="answer" id="commit-answer"></div>
<table id="odds"><thead><tr><th>figures</th><th>chance to win the contest</th>
<th id="points-head">expected points</th></tr></thead>
<tbody></tbody></table>
<p class="note" id="odds-note"></p>
<div id="notes"></div>
<p class="note" id="made-by"></p>
<script id="card-data" type="application/json">__DATA__</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("card-data").textContent);
let C = D.cards[0];
const num = (id) => Number(document.getElementById(id).value);
function fits(rule, f) {
  return rule.when.every((c) => (c.lo === null || c.lo === undefined || f[c.feature] >= c.lo)
    && (c.hi === null || c.hi === undefined || f[c.feature] < c.hi));
}
function firstRule(part, f) {
  for (let i = 0; i < part.rules.length; i++) {
    if (fits(part.rules[i], f)) { return [i + 1, part.rules[i]]; }
  }
  return [part.rules.length + 1, null];
}
function pp(x) {  // as experiments.shared.numbers.pp writes it, without the unit
  const text = Math.abs(100 * x).toFixed(1);
  return Number(text) === 0 ? text : (x > 0 ? "+" : "\\u2212") + text;
}
function effect(rule, what) {
  if (!rule || rule.effect === undefined) { return ""; }
  let text = " Play-outs: " + what + " " + pp(rule.effect) + " pp win share per decision";
  if (rule.lo !== undefined) { text += " [" + pp(rule.lo) + ", " + pp(rule.hi) + "]"; }
  return text + ".";
}
function earlier() {
  const text = document.getElementById("earlier").value;
  return text.split(/[ ,;]+/).filter((s) => s !== "").map(Number)
    .filter((x) => Number.isFinite(x) && x > 0).map((x) => Math.min(Math.round(x), D.max_count));
}
function chance(k, others) {
  const sorted = others.filter((x) => x > 0).sort((a, b) => b - a).slice(0, 3);
  return D.odds[Math.min(k, D.max_count) + "|" + sorted.join(",")];
}
function counts(id) {
  return document.getElementById(id).value.split(/[ ,;]+/).filter((s) => s !== "").map(Number)
    .filter((x) => Number.isFinite(x) && x >= 0).map(Math.round);
}
function lnFactorial(n) {
  let sum = 0;
  for (let i = 2; i <= n; i++) { sum += Math.log(i); }
  return sum;
}
function majorityChance(mine, tiles, left, players) {
  // each tile left is boxed with probability box, else won by one of the players alike
  const p = (1 - D.count.box) / players;
  const rivals = tiles.slice(0, players - 1);
  while (rivals.length < players - 1) { rivals.push(0); }
  let total = 0;
  function spread(i, used, logWeight, top) {
    if (i === rivals.length) {
      const rest = left - used;
      total += Math.exp(lnFactorial(left) - lnFactorial(rest) + logWeight
        + rest * Math.log(D.count.box));
      return;
    }
    for (let b = 0; b <= Math.min(top - rivals[i], left - used); b++) {
      spread(i + 1, used + b, logWeight - lnFactorial(b) + b * Math.log(p), top);
    }
  }
  for (let a = 0; a <= left; a++) {
    if (mine + a >= Math.max(D.count.min_tiles, 1)) {
      spread(0, a, -lnFactorial(a) + a * Math.log(p), mine + a);
    }
  }
  return total;
}
function gapShare(gap) {
  // the share of the mammoth points a tile is worth, by your tiles minus the leader's
  const g = Math.round(gap);
  return D.gap.shares[g > 0 ? 0 : g === 0 ? 1 : g === -1 ? 2 : 3];
}
function countOut(f, others, byGap) {
  // the count with the best expected points (ties toward fewer), and each count's points;
  // the tile by the chance of the most tiles, or by the tile gap
  const mine = Math.max(0, Math.round(num("tiles_mine")));
  const left = Math.max(0, Math.round(num("tiles_left")));
  const tiles = counts("tiles_others");
  const tile = byGap ? D.count.points * gapShare(f.tile_gap)
    : D.count.points * (majorityChance(mine + 1, tiles, left, f.players)
      - majorityChance(mine, tiles, left, f.players));
  const all = num("all_worth");
  const cost = num("figure_cost");
  const points = [0];
  let best = 0;
  for (let j = 1; j <= Math.min(f.kmax, D.max_count); j++) {
    const win = chance(j, others);
    points.push(win * (Math.max(f.prize, all) + tile) + (1 - win) * all - j * cost);
    if (points[j] > points[best] + 1e-9 * Math.max(1, Math.abs(points[best]))) { best = j; }
  }
  return [best, points, tile];
}
function update() {
  const before = earlier();
  const f = {
    players: num("players"), prize: num("prize"), tile_gap: num("tile_gap"),
    rounds_left: num("rounds_left"), rivals: num("rivals"), kmax: num("kmax"),
    committed_most: before.length ? Math.max(...before) : 0, to_decide: num("to_decide"),
  };
  const [sn, srule] = firstRule(C.seek, f);
  const go = srule ? srule.seek : C.seek.default;
  const sline = srule ? srule.text : D.words.otherwise;
  const w = C.seek.weight[String(f.players)];
  const how = go && w !== undefined ? " Count the contest at " + Math.round(100 * w)
    + "% of its expected points when you choose where to place." : "";
  document.getElementById("seek-answer").innerHTML =
    "<b>" + D.words.seek[go ? 1 : 0] + "</b> Rule "
    + sn + " (" + sline + ")." + how + effect(srule || C.seek.otherwise, "seeking");
  const [cn, crule] = firstRule(C.commit, f);
  const want = crule ? crule.commit : C.commit.default;
  const others = before.concat(Array(Math.max(0, Math.min(3 - before.length, f.to_decide)))
    .fill(1));
  const byGap = want === D.gap.code;
  const counting = want === D.count.code || byGap;
  const [counted, points, tile] = counting ? countOut(f, others, byGap) : [0, [], 0];
  const k = counting ? counted : Math.max(0, Math.min(want, f.kmax));
  const why = counting ? " " + (byGap ? D.gap.how : D.count.how) + ". The tile is worth "
    + tile.toFixed(1)
    + " points to you here." : effect(crule || C.commit.otherwise, "committing " + want
    + " against none");
  document.getElementById("commit-answer").innerHTML =
    "<b>Commit " + (k === 0 ? "none" : k) + ".</b> Rule " + cn + " ("
    + (crule ? crule.text : D.words.otherwise) + (!counting && want > f.kmax ? "; all you can"
    : "") + ")." + why;
  document.getElementById("count-inputs").style.display = counting ? "" : "none";
  // the count by the tile gap reads the gap above, not the tiles held and left
  document.getElementById("tile-inputs").style.display = byGap ? "none" : "";
  document.getElementById("points-head").style.display = counting ? "" : "none";
  const body = document.querySelector("#odds tbody");
  body.innerHTML = "";
  for (let j = 1; j <= Math.min(Math.max(f.kmax, 1), D.max_count); j++) {
    const row = document.createElement("tr");
    row.innerHTML = "<td>" + j + (j === k ? " (the card)" : "") + "</td><td>"
      + (100 * chance(j, others)).toFixed(1) + "%</td>"
      + (counting && j < points.length ? "<td>" + points[j].toFixed(2) + "</td>" : "");
    body.appendChild(row);
  }
  document.getElementById("odds-note").textContent = "Exact odds of the contest against "
    + (others.length ? others.join(", ") + " figure(s)" : "nobody")
    + (f.to_decide ? " (each later player counted as committing 1)" : "") + ".";
}
function showCard() {
  document.getElementById("made-by").textContent = C.provenance ? "Card made by: "
    + C.provenance : "";
  const box = document.getElementById("notes");
  box.innerHTML = "";
  for (const [head, lines] of C.notes) {
    const h = document.createElement("h2");
    h.textContent = head;
    h.style.fontSize = "1rem";
    box.appendChild(h);
    const list = document.createElement("ul");
    for (const line of lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    }
    box.appendChild(list);
  }
  update();
}
function ruleWords(rule, answer) {
  // a rule of a card file: its own words, else its conditions
  if (rule.text) { return rule.text; }
  const parts = (rule.when || []).map((c) => c.feature
    + (c.lo !== null && c.lo !== undefined ? " \u2265 " + c.lo : "")
    + (c.hi !== null && c.hi !== undefined ? " < " + c.hi : ""));
  return parts.length ? parts.join(", ") : D.words.otherwise;
}
function fromFile(card, label) {
  // a card file read by the page, checked as the player's loader checks its shape
  if (!card || !Array.isArray(card.rules) || !Number.isInteger(card.default)) {
    throw new Error("not a card: a card file has 'rules' (a list) and 'default' (a number)");
  }
  const seek = card.seek || { rules: [], default: false };
  if (!Array.isArray(seek.rules) || typeof seek.default !== "boolean") {
    throw new Error("not a card: 'seek' has 'rules' (a list) and 'default' (true or false)");
  }
  const words = (answer) => (r) => Object.assign({}, r, { text: ruleWords(r, answer) });
  const made = card.provenance || {};
  return {
    label: label,
    commit: { rules: card.rules.filter((r) => r.when && r.when.length).map(words("commit")),
      default: card.default, otherwise: card.rules.find((r) => !r.when || !r.when.length) || {} },
    seek: { rules: seek.rules.map(words("seek")), default: seek.default,
      otherwise: seek.otherwise || {}, weight: seek.weight || {} },
    provenance: made.command || (made.written ? "written by hand" : ""),
    notes: Object.entries(card.notes || {}),
  };
}
const choice = document.getElementById("card-choice");
function listCards() {
  choice.innerHTML = "";
  D.cards.forEach((card, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = card.label;
    choice.appendChild(option);
  });
}
choice.addEventListener("change", () => { C = D.cards[Number(choice.value)]; showCard(); });
document.getElementById("card-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  const note = document.getElementById("card-file-note");
  if (!file) { return; }
  file.text().then((text) => {
    const card = fromFile(JSON.parse(text), file.name);
    D.cards.push(card);
    listCards();
    choice.value = String(D.cards.length - 1);
    C = card;
    note.textContent = "Opened " + file.name + ".";
    showCard();
  }).catch((error) => { note.textContent = file.name + ": " + error.message; });
});
listCards();
document.getElementById("table").addEventListener("input", update);
showCard();
</script>
</body>
</html>
"""

__all__ = ["MAX_COUNT", "card_page", "odds_table"]
