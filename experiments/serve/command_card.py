"""The last step of a served analysis (:mod:`experiments.serve.command_jobs`): write
``card.json``, what the shipped card takes at the position of a run folder
(:func:`experiments.serve.analysis_card.card_says`, with the analysis's field and seed).

Run as ``python -m experiments.serve.command_card FOLDER`` by the server, as a child process
like the analysis itself (so it can be stopped, and a cold kernel compiles outside the server).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from experiments.serve.analysis_card import card_says
from experiments.shared.files import write_json
from sim.position import read_position


def write_card(folder: str | Path) -> Path:
    """Write ``folder/card.json`` from ``folder/position.toml`` and ``folder/request.json``.

    Parameters
    ----------
    folder : path-like
        A served analysis's run folder.

    Returns
    -------
    pathlib.Path
        The file written.
    """
    folder = Path(folder)
    request = json.loads((folder / "request.json").read_text(encoding="utf-8"))
    position = read_position(folder / "position.toml")
    said = card_says(position, request["field"], int(request["seed"]))
    return write_json(folder / "card.json", said)


if __name__ == "__main__":
    write_card(sys.argv[1])


__all__ = ["write_card"]
