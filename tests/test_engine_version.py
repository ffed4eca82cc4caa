"""``sim.ENGINE_VERSION`` moves with play: golden games fail the test when play changes and the
version does not.

``tests/golden/engine_version.json`` holds the version and the digests (:mod:`play_digest`) of
a few fixed tables: several strategies (greedy with ``ev``, ``random``, ``classic`` with
``majority``, the ``tuned`` preset; and the shipped card, whose file is part of play, with
``ev`` and ``majority`` against it) at 2, 3 and 4 players, with the herd and without,
:data:`GAMES` games each, seed 5, seats rotated. A change that moves a single decision of
these games changes a digest: then the version must be raised by one and the games recorded
again, with :data:`RECORD` (which refuses to record changed play under the same version). A
version raised for another reason (the way games are played from Python, say) is recorded the
same way. The pinned digests of each strategy (``tests/test_greedy_play.py``...) say which
play changed; this test says that the version must say so too.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from play_digest import table_digest

import sim

GOLDEN = Path(__file__).resolve().parent / "golden" / "engine_version.json"
"""The recorded version and digests."""

RECORD = ".venv/bin/python tests/test_engine_version.py --record"
"""The command that records the golden games again (from the repository's folder)."""

LINEUPS = {
    "mixed": ["greedy+ev", "random", "classic+majority", "tuned"],
    "cards": ["champion+card", "greedy+card", "champion+ev[weight=0.4]", "learned+majority"],
}
"""The line-up of the golden tables: its first ``players`` strategies sit at a table."""

TABLES = (
    "2p-herd-mixed",
    "3p-herd-mixed",
    "4p-herd-mixed",
    "4p-noherd-mixed",
    "2p-herd-cards",
    "3p-herd-cards",
    "4p-herd-cards",
)
"""The golden tables (:func:`play_digest.table_digest`'s keys)."""

GAMES = 60
"""Games per golden table."""


def measure() -> dict[str, str]:
    """The digests of the golden tables, played now."""
    return {key: table_digest(key, LINEUPS, games=GAMES) for key in TABLES}


def verdict(recorded: dict, version, digests: dict[str, str]) -> str | None:
    """Whether the version and the play agree with the record.

    Parameters
    ----------
    recorded : dict
        The golden file's content: ``version`` and ``digests``.
    version : int or str
        ``sim.ENGINE_VERSION``.
    digests : dict
        The golden tables' digests, played now.

    Returns
    -------
    str or None
        None when they agree; else what is wrong and what to do.
    """
    changed = sorted(k for k in recorded["digests"] if digests.get(k) != recorded["digests"][k])
    if changed and version == recorded["version"]:
        return (
            f"play changed ({', '.join(changed)}) but sim.ENGINE_VERSION is still {version}: "
            f"raise it by one (sim/__init__.py), then record the golden games again: {RECORD}"
        )
    if version != recorded["version"]:
        what = "play changed" if changed else "play did not change"
        return (
            f"sim.ENGINE_VERSION is {version}, the golden games were recorded at version "
            f"{recorded['version']} ({what}): record them again: {RECORD}"
        )
    return None


def record(path: Path = GOLDEN) -> dict:
    """Play the golden tables and write them with ``sim.ENGINE_VERSION`` into ``path``.

    Raises
    ------
    SystemExit
        When play changed and the version did not: raise the version first.
    """
    digests = measure()
    if path.is_file():
        recorded = json.loads(path.read_text(encoding="utf-8"))
        problem = verdict(recorded, sim.ENGINE_VERSION, digests)
        if problem and sim.ENGINE_VERSION == recorded["version"]:
            raise SystemExit(f"not recorded: {problem.split(': raise')[0]}; raise it first")
    document = {
        "version": sim.ENGINE_VERSION,
        "games": GAMES,
        "seed": 5,
        "lineup": LINEUPS["mixed"],
        "digests": digests,
        "recorded_by": RECORD,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return document


def test_the_golden_games_play_as_recorded_at_this_version():
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert recorded["games"] == GAMES and recorded["lineup"] == LINEUPS["mixed"]
    assert set(recorded["digests"]) == set(TABLES)
    problem = verdict(recorded, sim.ENGINE_VERSION, measure())
    assert problem is None, problem


def test_changed_play_under_the_same_version_is_refused():
    recorded = {"version": 3, "digests": {"2p-herd-mixed": "a", "3p-herd-mixed": "b"}}
    assert verdict(recorded, 3, {"2p-herd-mixed": "a", "3p-herd-mixed": "b"}) is None
    same_version = verdict(recorded, 3, {"2p-herd-mixed": "a", "3p-herd-mixed": "c"})
    assert "3p-herd-mixed" in same_version and "raise it by one" in same_version
    assert RECORD in same_version
    raised = verdict(recorded, 4, {"2p-herd-mixed": "a", "3p-herd-mixed": "c"})
    assert "recorded at version 3" in raised and RECORD in raised
    raised_alone = verdict(recorded, 4, {"2p-herd-mixed": "a", "3p-herd-mixed": "b"})
    assert "play did not change" in raised_alone


def test_the_recorder_refuses_changed_play_under_the_same_version(tmp_path, monkeypatch):
    stale = {**json.loads(GOLDEN.read_text(encoding="utf-8"))}
    stale["digests"] = {key: "0" * 16 for key in TABLES}
    path = tmp_path / "engine_version.json"
    path.write_text(json.dumps(stale))
    monkeypatch.setattr(sim, "ENGINE_VERSION", stale["version"])
    try:
        record(path)
    except SystemExit as exc:
        assert "raise it first" in str(exc)
    else:
        raise AssertionError("recorded changed play under the same version")
    assert json.loads(path.read_text()) == stale  # nothing written


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        raise SystemExit(f"usage: {RECORD}")
    print(json.dumps(record(), indent=2))
