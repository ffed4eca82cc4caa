"""Head-to-head figures the pages publish: the strongest player against `search`, heads-up, on
two seeds; the shipped players' direct matches and the strongest player's league with its
predecessors, in docs/strategies.md (:mod:`experiments.shared.pages`)."""

from __future__ import annotations

from pathlib import Path
from shlex import quote

import pandas as pd

from experiments.shared.document import Link, Paragraph
from experiments.shared.numbers import count, interval, percent, plain
from experiments.shared.pages import LADDER, QUICK_SEARCH, Source, read

CHAMPION = "learned[model=selfplay3,herd_3_4=0.3,block=2,block_areas=6,gatherers=3]"
"""The strongest player written out (``champion`` names it), as its matches were run."""
OPPONENT = "search"
SEEDS = (3600, 4242)
"""Two seeds no other measurement used."""


def folder(seed: int) -> str:
    """The committed match of one seed (under ``docs/results``)."""
    return f"heads-up/champion-search-{seed}"


SOURCES = tuple(
    Source(
        folder(seed),
        (
            f"mammoth compare --strategy {quote(CHAMPION)} --strategy {OPPONENT} --players 2 "
            f"--games 2000 --seed {seed}",
        ),
        keep=("league.csv",),
    )
    for seed in SEEDS
)
"""The committed matches, one per seed."""


def heads_up_block(results: Path) -> Paragraph:
    """The README's sentence: the strongest player's win share against `search`, per seed."""
    cells, games = [], set()
    for seed in SEEDS:
        league = read(results, folder(seed), "league.csv")
        (row,) = league[~league["strategy"].str.startswith(f"{OPPONENT}+")].itertuples()
        cells.append(f"{percent(row.win_rate)} {interval(row.win_low, row.win_high, scale=100)}")
        games.add(int(row.seats))
    (played,) = games
    return Paragraph(
        [
            f"Heads-up it wins {' and '.join(cells)} of {count(played)} games against "
            f"`{OPPONENT}` on two fresh seeds (95% Wilson intervals)."
        ]
    )


QUICK = f"{QUICK_SEARCH}+ev"
"""The quick search, as the matches name it."""
MATCHES = {
    "greedy-classic": ("greedy", "classic", 5000),
    "greedy-search-classic": ("greedy", "search-classic", 5000),
    "search-greedy": ("search", "greedy", 2000),
    "learned-greedy": ("learned", "greedy", 5000),
    "learned-search": ("learned", "search", 2000),
    "quick-search-search": (QUICK, "search", 2000),
}
"""The shipped players' direct matches, heads-up on seed 1: folder under ``heads-up/`` ->
(player, opponent, games)."""
MATCH_SEED = 1
LEAGUE = "league/champion"
"""The committed 4-player league of the strongest player and its predecessors."""
LEAGUE_PLAYERS = (CHAMPION, "learned[model=selfplay2]", "learned[model=selfplay]", "greedy")
LEAGUE_NAMES = ("it", "`selfplay2`", "`selfplay`", "`greedy`")
"""The league's players as the prose names them."""
LEAGUE_COMMAND = (
    "mammoth compare "
    + " ".join(f"--strategy {quote(name)}" for name in LEAGUE_PLAYERS)
    + " --players 4 --games 2000 --seed 3"
)


def _match_command(player: str, opponent: str, games: int) -> str:
    return (
        f"mammoth compare --strategy {quote(player)} --strategy {quote(opponent)} --players 2 "
        f"--games {games} --seed {MATCH_SEED}"
    )


SOURCES += (
    *(
        Source(f"heads-up/{name}", (_match_command(*match),), keep=("league.csv",))
        for name, match in MATCHES.items()
    ),
    Source(LEAGUE, (LEAGUE_COMMAND,), keep=("league.csv", "profile.csv")),
)
"""With the strongest player's matches: the shipped players' matches and the league."""


def _named(name: str) -> str:
    """A player as the prose names it."""
    return "the quick search" if name == QUICK else f"`{name}`"


def _first(results: Path, name: str) -> pd.Series:
    """The first player's row of a committed match's league (the order of its command)."""
    league = read(results, f"heads-up/{name}", "league.csv")
    if len(league) != 2:
        raise ValueError(f"docs/results/heads-up/{name} is not a match of two players")
    return league.iloc[0]


def _won(row: pd.Series) -> str:
    return f"{plain(row.win_rate * 100)}% {interval(row.win_low, row.win_high, scale=100)}"


def matches_block(results: Path) -> Paragraph:
    """docs/strategies.md's head to head: each committed match's win share of its first player."""
    cells = []
    for name, (player, opponent, _games) in MATCHES.items():
        row = _first(results, name)
        cells.append(
            f"{_named(player)} wins {_won(row)} of {int(row.seats):,} games against "
            f"{_named(opponent)}"
        )
    return Paragraph(
        [
            "Direct matches of the shipped players, heads-up (seats rotated, common seeds, 95% "
            "Wilson intervals; each committed in docs/results/heads-up with its command, `mammoth "
            f"compare --strategy A --strategy B --players 2 --games N --seed {MATCH_SEED}`): "
            + "; ".join(cells)
            + "."
        ]
    )


HEAD_TO_HEAD = Link("head to head", "#head-to-head")
"""The link to docs/strategies.md's direct matches."""


def learned_block(results: Path) -> Paragraph:
    """docs/strategies.md's sentence on the first learned player's direct matches."""
    greedy, search = _first(results, "learned-greedy"), _first(results, "learned-search")
    return Paragraph(
        [
            f"Heads-up against `greedy` it wins {plain(greedy.win_rate * 100)}%, against "
            f"`search` {plain(search.win_rate * 100)}% (",
            HEAD_TO_HEAD,
            ").",
        ]
    )


def _verdict(row: pd.Series) -> str:
    if row.win_low > row.fair_share:
        return "beats"
    return "loses to" if row.win_high < row.fair_share else "is level with"


def learned_search_block(results: Path) -> Paragraph:
    """docs/strategies.md's note below the ladder: `learned` against `search` directly, and
    where the ladder's joint fit puts them heads-up."""
    row = _first(results, "learned-search")
    ratings = read(results, LADDER, "ratings.csv")
    two = ratings[ratings["players"] == 2].set_index("player")["rating"]
    below = two["learned+ev"] < two["search+search"]
    rates = f"the joint fit rates it {'below' if below else 'above'} `search`"
    if below and _verdict(row) == "beats":
        rates += ": it met `search` only through the schedule's neighbours and the anchor"
    return Paragraph(
        [
            f"Heads-up, `learned` {_verdict(row)} `search` directly ({_won(row)} of "
            f"{int(row.seats):,} games, ",
            HEAD_TO_HEAD,
            f"), and {rates}.",
        ]
    )


def league_block(results: Path) -> Paragraph:
    """docs/strategies.md's figures of the strongest player's 4-player league with its
    predecessors: cards, culture points, wins and starving, per player."""
    league = read(results, LEAGUE, "league.csv")
    profile = read(results, LEAGUE, "profile.csv")
    if len(league) != len(LEAGUE_PLAYERS) or len(profile) != len(LEAGUE_PLAYERS):
        raise ValueError(f"docs/results/{LEAGUE} does not hold the league's players")
    names = LEAGUE_NAMES
    me, *others = range(len(LEAGUE_PLAYERS))

    def theirs(column: str) -> str:
        return ", ".join(f"{names[i]} {plain(profile[column].iloc[i])}" for i in others)

    wins = ", ".join(f"{names[i]} {plain(league['win_rate'].iloc[i] * 100)}%" for i in others)
    return Paragraph(
        [
            f"It keeps people for the cards: in a 4-player league with {', '.join(names[1:-1])} "
            f"and {names[-1]} (`{LEAGUE_COMMAND}`, committed in docs/results/{LEAGUE}) it takes "
            f"{plain(profile['cards'].iloc[me])} cards a game ({theirs('cards')}) and scores "
            f"{plain(profile['culture_points'].iloc[me])} culture points "
            f"({theirs('culture_points')}), and wins {_won(league.iloc[me])} ({wins}). It "
            f"starves in {plain(profile['share_starved'].iloc[me] * 100)}% of its seats there "
            f"({plain(profile['share_starved_able'].iloc[me] * 100)}% while able to pay)."
        ]
    )


BLOCKS = {
    "champion-heads-up": heads_up_block,
    "head-to-head": matches_block,
    "learned-heads-up": learned_block,
    "learned-search": learned_search_block,
    "champion-league": league_block,
}
"""The marked blocks this answer writes."""
