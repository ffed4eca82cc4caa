"""The shipped cards as a table a player reads: which card for which tiles and table, how to play
it, and how far one player can exploit a table that plays it.

Every figure comes from the card files themselves (each one's certification, recorded by the
command that derived it, :mod:`experiments.card.card_derive.report`), so the pages that show
this table are rebuilt from the files (``mammoth docs --update``, through this question's
``page`` module) and a test checks that they agree. The result folders it reads lie under
``docs/results``: ``derive/CARD`` (each shipped card's derivation), ``wrong-card/CARD`` (the
``mammoth check-card`` run at a table of the card's players with each other shipped card as the
deviation) and ``one-card`` (each card at every other card's table).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from experiments.shared.document import Bullets, Table
from experiments.shared.numbers import DASH, estimate, signed
from experiments.shared.pages import RESULTS, ROOT
from strategies.taming_card import CARD_PATH, PLAYERS, load_card, shipped_cards


def play_name(path: Path) -> str:
    """How a strategy name plays a shipped card: ``card`` for the default one, else
    ``card[file=strategies/models/NAME.json]``."""
    if Path(path).resolve() == CARD_PATH.resolve():
        return "card"
    return f"card[file={Path(path).resolve().relative_to(ROOT).as_posix()}]"


def shipped_rows() -> list[dict]:
    """One row per shipped card: its file, the name that plays it, the table it was derived for
    and its certification (per table size the best one-seat gain and its 95% interval, pp)."""
    rows = []
    for path in shipped_cards():
        card = load_card(path)
        made = card.get("provenance") or {}
        rows.append(
            {
                "file": Path(path).resolve().relative_to(ROOT).as_posix(),
                "play": play_name(path),
                "table": made.get("table", "written by hand"),
                "certified": made.get("certified", {}),
                "command": made.get("command", ""),
            }
        )
    return rows


def _players_header() -> list[str]:
    return [f"{p} players" for p in PLAYERS]


def shipped_block() -> Table:
    """The shipped cards as a table: tiles and table, the card (``card``, the default; else its
    file under ``strategies/models``, played as ``card[file=...]``), and the best one-seat gain
    at a table of it at 2, 3 and 4 players (pp, 95% interval, the card's own certification)."""
    rows = []
    for row in shipped_rows():
        cells = []
        for players in PLAYERS:
            c = row["certified"].get(str(players))
            cells.append(estimate(c["gain"], c["low"], c["high"], 2) if c else "not derived")
        card = row["play"] if row["play"] == "card" else row["file"].rsplit("/", 1)[-1]
        rows.append([row["table"], f"`{card}`", *cells])
    return Table(["your table", "card", *_players_header()], rows, aligned=False)


def commands_block() -> Bullets:
    """Each shipped card's command, an item each, kept on one line."""
    return Bullets([f"`{row['file']}`: `{row['command']}`" for row in shipped_rows()], wrap=False)


def default_card_block() -> Bullets:
    """The default card (the ``card`` policy's) in words, an item per table size nested in the
    page's list: the words its derivation wrote (its ``words``)."""
    card = load_card(CARD_PATH)
    return Bullets(list(card.get("words") or []), depth=1, wrap=False)


def _table_of(path: Path) -> str:
    return (load_card(path).get("provenance") or {}).get("table", Path(path).stem)


NO_SEPARATION = "no play beats the card measurably at these games"
"""The verdict where neither the certification nor the meta-game separates a play from the
card."""


def metagame_verdict(certified: dict, part: pd.DataFrame) -> str:
    """What a page may say of a card from its meta-game at one table size.

    The meta-game's profiles are few games each: it may claim that a play beats the card only
    where the card's certification (its best one-seat deviation on many fresh games) shows a
    deviation gaining with the whole 95% interval above 0, and the meta-game's regret of the card
    has its whole interval below 0. Anything less is :data:`NO_SEPARATION`.

    Parameters
    ----------
    certified : dict
        The card's certification at this size (``best_deviation``, ``gain``, ``low``,
        ``high``).
    part : pandas.DataFrame
        The derivation's ``equilibrium.csv`` rows of this size (the card first).

    Returns
    -------
    str
    """
    card = part.iloc[0]
    if certified and certified["low"] > 0 and card["behind_high"] < 0:
        return (
            f"{certified['best_deviation']} beats the card by "
            f"{estimate(certified['gain'], certified['low'], certified['high'], 2)}"
        )
    return NO_SEPARATION


def card_results_block(results: Path = RESULTS) -> Table:
    """Per shipped card and table size: each play's regret against the meta-game's equilibrium
    among the card and the deviations that gain most against it (how far it is behind the best
    play there, pp with its 95% interval; the derivation's ``equilibrium.csv``), and what that
    allows a reader to conclude (:func:`metagame_verdict`, checked against the card's
    certification)."""
    rows = []
    for path in shipped_cards():
        found = results / "derive" / path.stem / "equilibrium.csv"
        if not found.is_file():
            continue
        eq = pd.read_csv(found)
        certified = (load_card(path).get("provenance") or {}).get("certified", {})
        for players, part in eq.groupby("players"):
            card = part.iloc[0]  # the card is the meta-game's first play
            regrets = "; ".join(
                f"{_short(row.strategy, card['strategy'])} "
                f"{estimate(row.behind_best, row.behind_low, row.behind_high, 2)}"
                for row in part.itertuples()
            )
            verdict = metagame_verdict(certified.get(str(int(players)), {}), part)
            rows.append([_table_of(path), str(int(players)), regrets, verdict])
    header = [
        "your table",
        "players",
        "each play behind the best against the meta-game's equilibrium (pp)",
        "verdict",
    ]
    return Table(header, rows, words=True, aligned=False)


def _short(strategy: str, card: str) -> str:
    """A meta-game play in a cell: ``the card`` for the card (``card``), the card with the
    setting it changes for another candidate of the card, else the strategy's name."""
    if strategy == card:
        return "the card"
    taming, own = strategy.split("+", 1)[-1], card.split("+", 1)[-1]
    if not (taming.startswith("card[seek_") and own.startswith("card[seek_")):
        return f"`{strategy}`"

    def settings(name: str) -> dict[str, str]:
        return dict(item.split("=") for item in name[name.index("[") + 1 : -1].split(","))

    mine, other = settings(own), settings(taming)
    changed = [key.split("_")[0] for key in other if other[key] != mine.get(key)]
    words = {"seek": {"1": "staying away when someone is there", "2": "seeking always"}}
    said = []
    for key in changed:
        value = other[next(k for k in other if k.startswith(key))]
        if key == "weight":
            said.append(f"at weight {value}")
        elif key == "seek":
            said.append(words["seek"].get(value, f"seek {value}"))
        else:
            said.append("counting it out" if value == "-1" else f"committing {value}")
    return "the card " + ", ".join(said)


def wrong_card_block(results: Path = RESULTS) -> Table:
    """Per shipped card's table and each other shipped card: what one player gains (or loses)
    by playing that card at a table of the right one's players, pp at 2, 3 and 4 players (the
    ``wrong-card`` runs' ``exploit.csv``)."""
    by_file = {p.resolve().relative_to(ROOT).as_posix(): p for p in shipped_cards()}
    rows = []
    for path in shipped_cards():
        found = results / "wrong-card" / path.stem / "exploit.csv"
        if not found.is_file():
            continue
        exploit = pd.read_csv(found)
        for deviation, part in exploit.groupby("deviation", sort=False):
            other = by_file.get(deviation.split("file=", 1)[-1].rstrip("]"))
            label = _table_of(other) if other else deviation
            cells = []
            for players in PLAYERS:
                row = part[part["players"] == players]
                cells.append(
                    estimate(
                        row["gain"].iloc[0], row["gain_low"].iloc[0], row["gain_high"].iloc[0], 2
                    )
                    if len(row)
                    else DASH
                )
            rows.append([_table_of(path), label, *cells])
    header = ["at a table of", "you play the card for", *_players_header()]
    return Table(header, rows, aligned=False)


def _worst(exploit: pd.DataFrame) -> tuple[float, int]:
    """The best deviation's gain at the worst table size, and that size."""
    best = exploit.groupby("players")["gain"].max()
    return float(best.max()), int(best.idxmax())


def every_table_block(results: Path = RESULTS) -> Table:
    """Each shipped card at every shipped card's table: the most one player gains by leaving a
    table that plays it (pp, at the worst table size, which the cell names), its own table from
    its certification, the others from ``mammoth cards --at-every-table`` (``one-card/``)."""
    paths = shipped_cards()
    rows = []
    for card in paths:
        cells, worst = [], None
        for table in paths:
            if card == table:
                found = results / "derive" / card.stem / "exploit.csv"
            else:
                found = results / "one-card" / f"{card.stem}__at__{table.stem}.csv"
            if not found.is_file():
                cells.append(DASH)
                continue
            gain, players = _worst(pd.read_csv(found))
            cells.append(f"{signed(gain, 2)} ({players} players)")
            worst = gain if worst is None else max(worst, gain)
        rows.append([_table_of(card), *cells, signed(worst, 2) if worst is not None else DASH])
    header = ["card for", *(f"at a table of {_table_of(p)}" for p in paths), "worst"]
    return Table(header, rows, aligned=False)


BLOCKS = {
    "shipped-cards": lambda _results: shipped_block(),
    "shipped-commands": lambda _results: commands_block(),
    "default-card": lambda _results: default_card_block(),
    "card-results": card_results_block,
    "wrong-card": wrong_card_block,
    "every-table": every_table_block,
}
"""The marked blocks of the shipped cards: each block's name -> its document elements, given the
results folder (the first three read the card files alone)."""
