"""The README's commands and snippets, as the README tests run them (issue 22).

The README and the pages of ``docs/`` it moved its details to (:data:`DOCUMENTS`) are read as one
text, in that order. :func:`commands` collects every command of them: each line of their ``sh``
blocks (a ``\\`` continuation joined, a ``#`` comment dropped), the synopses of every command's
section (:data:`COMMAND_TABLE`: docs/commands.md, "Every command", read as the rows of one
command table; the README's short table only links to them), and every inline code span of the
prose that is a command with arguments (``mammoth X --option ...``, ``python3 tasks.py ...``,
``make ...``). :func:`snippets` collects the ``python`` blocks. A test runs each command as
written, in a fresh folder, with only these changes, each spelled out below:

- **Synopses** of the command table (:func:`concrete`): an optional part ``[...]`` is included,
  of alternatives ``A \\| B`` the first is taken, a repetition mark ``...`` is dropped.
- **Placeholders** (:data:`PLACEHOLDERS`, by the option before them, and :data:`POSITIONAL`):
  ``DIR`` -> ``out``, ``N`` games -> 2, ``P`` or ``N`` players -> 2, ``S`` seed -> 1, ``NAME``,
  ``A``, ``S`` strategies -> ``greedy``, ``B`` -> ``classic``, ``FILE.toml`` of ``run`` ->
  ``experiments/compare/league.toml``... A cluster address ``tcp://SCHEDULER:8786`` and
  ``ADDRESS|local:N`` -> ``local:2``: the same code path on two local worker processes.
- **Sizes** (:data:`SIZES`, :data:`APPENDED`): ``--games`` at most 2, ``--scale`` 0.005,
  ``--iterations`` 1, ``--population`` 2, ``--eval-games`` 2, ``--mc`` 1,000, ``--cost-seconds``
  0.02, ``--generations`` 1, ``--check-games`` 2, ``--playouts`` 2 (raised to a command's floor,
  :data:`FLOORS`: ``train`` needs 10 games); a command that names no size gets these appended
  (``demo``, ``simulate``, ``run``: ``--games 2``; ``tune``: the search's sizes; ``contest
  report``: ``--mc 1000``; ``ladder``: ``--cost-seconds 0.02``; ``advise``: ``--games 2
  --playouts 2``). ``cache warm`` gets ``--light-only`` (the test session compiles the heavy
  kernel once for all tests, tests/conftest.py).
- **Resume**: a command with ``--resume`` is first run without it in the same folder (a resume
  needs an intact run to resume; into an empty folder it is refused), then as written.

The files a command writes are those its row of the command table names (:func:`row_files`),
with ``DIR`` its ``--out`` (or its default folder), ``OUT`` the report's, ``NAME`` each
experiment's name; a row that "prints only" writes nothing. Commands that cannot run in a test
are :data:`EXCEPTIONS`, each with its reason (a ``mammoth`` one is still parsed by click, so a
renamed option fails the test).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import click

from experiments.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [
    README,
    *(
        ROOT / "docs" / f"{page}.md"
        for page in ("answers", "commands", "strategies", "card_format")
    ),
]
"""What is tested as the README is: the README, then the answers, the command reference, the
strategy guide and the card format (``docs/adding_a_strategy.md`` runs in
tests/test_adding_a_strategy.py)."""

COMMAND_TABLE = (ROOT / "docs" / "commands.md", "Every command")
"""The page and heading of the commands' sections: under that heading, a section per command
(``### mammoth NAME``, its anchor ``mammoth-NAME``) with its synopses (the code spans of its
``**Synopsis:**`` line) and the files it writes (its ``**Writes**`` paragraph), read by
:func:`command_table` as the rows of one table. Its synopses are the commands run; the files a
section names are checked. The README's table links to these sections and is kept short
(tests/test_readme.py)."""

SMALL_GAMES = 2
"""What ``--games`` shrinks to (and what commands without a size get)."""

SIZES = {
    "--games": SMALL_GAMES,
    "--scale": 0.005,
    "--iterations": 1,
    "--population": 2,
    "--eval-games": 2,
    "--mc": 1_000,
    "--cost-seconds": 0.02,
    "--generations": 1,
    "--check-games": SMALL_GAMES,
    "--playouts": 2,
    "--first-games": 10,
    "--metagame-games": 2,
}
"""Size options and the value they shrink to (a smaller value written stays)."""

FLOORS = {("train", "--games"): 10}
"""(command, size option) -> the smallest value the command accepts, where it is above the shrunk
size (``train`` fits on at least 10 games)."""

APPENDED = {
    "demo": {"--games": SMALL_GAMES},
    "simulate": {"--games": SMALL_GAMES},
    "run": {"--games": SMALL_GAMES},
    "tune": {"--iterations": 1, "--population": 2, "--eval-games": 2, "--games": SMALL_GAMES},
    "contest report": {"--mc": 1_000},
    "cache warm": {"--light-only": None},
    "ladder": {"--cost-seconds": 0.02},
    "advise": {"--games": SMALL_GAMES, "--playouts": 2},
    "check-card": {"--games": SMALL_GAMES},
    "derive-card": {"--games": SMALL_GAMES, "--first-games": 10, "--metagame-games": 2},
}
"""Sizes a command gets when it names none of them (``run`` and ``demo``: nor ``--scale``)."""

PLACEHOLDERS = {
    ("--games", "N"): str(SMALL_GAMES),
    ("--players", "N"): "2",
    ("--players", "P"): "2",
    ("--workers", "N"): "2",
    ("--mc", "N"): "1000",
    ("--seed", "S"): "1",
    ("--strategy", "S"): "greedy",
    ("--strategy", "NAME"): "greedy",
    ("--strategy", "A"): "greedy",
    ("--strategy", "B"): "classic",
    ("--against", "NAME"): "classic",
    ("--max-figures", "M"): "3",
    ("--out", "DIR"): "out",
    ("--host", "H"): "127.0.0.1",
    ("--port", "P"): "0",
    ("--out", "OUT"): "report",
    ("--out", "FILE.toml"): "preset.toml",
    ("--scale", "X"): str(SIZES["--scale"]),
    ("--dask", "ADDRESS|local:N"): "local:2",
    ("--dask", "tcp://SCHEDULER:8786"): "local:2",
    ("--generations", "K"): "1",
    ("--ridge", "R"): "0.01",
    ("--opponent", "NAME"): "greedy",
    ("--learner", "NAME"): "learned[replan=1]",
    ("--window", "W"): "2",
    ("--clip", "C"): "50",
    ("--check-games", "N"): str(SMALL_GAMES),
    ("--playouts", "K"): "2",
    ("--playouts", "N"): "2",
    ("--field", "NAME"): "greedy",
    ("--fields", "NAME,NAME"): "balanced,cards,farmer,balanced",
    ("--tiles", "FILE"): "experiments/tiles/rich.csv",
    ("--policy", "NAME"): "never",
    ("--seat", "SEAT"): "0",
    ("--section", "NAME"): "cold_start",
    ("--deviation", "NAME"): "never",
    ("--bootstrap", "B"): "20",
    ("--first-games", "N"): "10",
    ("--metagame-games", "N"): "2",
    ("--round", "R"): "9",
}
"""(option, placeholder) -> value."""

POSITIONAL = {
    ("run", "FILE.toml"): "experiments/compare/league.toml",
    ("report", "DIR"): "results/compare",
    ("tune", "STRATEGY"): "greedy",
    ("check-card", "CARD"): "card[seek=0]",
    ("analyse", "POSITION"): "docs/positions/example.toml",
    ("position new", "FILE"): "position.toml",
    ("position check", "FILE"): "docs/positions/example.toml",
    ("position page", "FILE"): "position.html",
}
"""(command, placeholder argument) -> value."""

PREPARE = {
    "report": ["compare", "--strategy", "greedy", "--strategy", "classic", "--players", "2",
               "--games", "2", "--out", "results/compare"],
}  # fmt: skip
"""A command that reads a result folder gets one first (``report DIR`` reads
``results/compare``, where ``mammoth compare`` writes by default)."""

COPIED = [
    "experiments/advice/advice.toml",
    "experiments/commit/commit.toml",
    "experiments/compare/league.toml",
    "experiments/worth/worth.toml",
    "experiments/tiles",
    "docs",
]
"""Files and folders of the repository copied into the fresh folder, so the README's paths
resolve (the default suite's experiment files, each in its question's folder)."""

EXCEPTIONS = {
    "python3 tasks.py test": "the default test suite itself; CI runs it (.ci/run)",
    "python3 tasks.py test --heavy": "the compile-heavy tier of the test suite; CI runs it",
    "python3 tasks.py test --slow": "the slow tier of the test suite; CI runs it last",
    "python3 tasks.py demo": "installs the project into .venv first; CI runs it on a clean clone "
    "(.ci/run); the command it then runs, mammoth demo, runs here (its row of the table)",
    "make demo": "an alias of python3 tasks.py demo (make is not on every machine)",
    "make test": "an alias of python3 tasks.py test",
    "python3 tasks.py bench": "a benchmark of minutes on every core (mammoth bench)",
    "mammoth cards --at-every-table --games 5000 --workers 2": "plays every shipped card at every "
    "other card's table (minutes even shrunk); tests/test_card_derive.py runs it at 3 games",
    "python3 tasks.py answers": "rebuilds every committed result folder of the pages (tens of "
    "minutes) and rewrites the repository's own pages; tests/test_pages.py checks the pages "
    "against the folders, and its slow test rebuilds one",
    "python3 tasks.py answers --pages-only": "rewrites the repository's own pages; "
    "tests/test_pages.py checks that they equal what the committed folders give",
    "mammoth docs": "rebuilds the repository's own result folders and rewrites its pages "
    "(docs/results, README.md); tests/test_pages.py runs it on copies",
    "mammoth bench": "a benchmark of minutes on every core, even --quick; prints only",
    "python3 tasks.py notebooks": "installs JupyterLab and serves it until stopped; its pairing "
    "step, jupytext --sync, runs here",
    "git clone REPOSITORY stoneage && cd stoneage && git checkout COMMIT": "clones a repository "
    "from the network",
    "python3 -m venv .venv && .venv/bin/pip install -e '.[dask]'": "installs the project (what "
    "tasks.py does before every task)",
    "mammoth serve": "a server that runs until stopped; tests/test_serve.py starts it on a free "
    "port of 127.0.0.1, asks its API and stops it with SIGTERM, and tests/test_serve_browser.py "
    "drives its page in Chromium",
    ".venv/bin/dask scheduler --port 8786": "a cluster's scheduler: a server that runs until "
    "stopped; the --dask local:2 form of the commands runs instead",
    ".venv/bin/dask worker tcp://SCHEDULER:8786 --nworkers 8 --nthreads 1": "a cluster's "
    "worker, needs a scheduler's address; the --dask local:2 form runs instead",
}
"""Commands that cannot run in a test, each with its reason: the command as written (after
synopsis expansion) or ``mammoth`` and its command's name."""


def exception(command: Command) -> str | None:
    """Why ``command`` does not run in a test (None: it runs)."""
    if command.written in EXCEPTIONS:
        return EXCEPTIONS[command.written]
    runnable(command)
    return EXCEPTIONS.get(f"mammoth {command.path}") if command.path else None


def plays_search(args: list[str]) -> bool:
    """Whether a command's run needs the heavy kernel (the ``search`` strategies and the
    ``model`` taming policy): it names a search or the ``model`` policy, runs the default ladder
    (every player, ``search`` among them) or checks a card against the default policies
    (``search`` taming among them)."""
    words = " ".join(args)
    if "search" in words or "--check-games" in words:
        return True
    policies = [v for option, v in zip(args, args[1:], strict=False) if option == "--policy"]
    if any(p.split("[")[0] == "model" for p in policies) or "+model" in words:
        return True
    if args[:1] == ["check-card"]:  # its default policies include search
        return "--policy" not in args
    return args[:1] == ["ladder"] and "--strategy" not in args


def plays_advice_or_analysis(args: list[str]) -> bool:
    """Whether a command plays the light kernel's advice or analysis entry (``advise``,
    ``analyse``): entries of their own, compiled only in the ``heavy_kernel`` tier, so the
    default run compiles the game entry alone."""
    return args[:1] in (["advise"], ["analyse"])


def runs_long(args: list[str]) -> bool:
    """Whether a command runs for many seconds even at the test's sizes: the demo (the whole
    suite), ``cache warm`` (every kernel entry, in processes of their own), the commit file at
    ``--scale`` (its solver tables at full size), ``commit`` at every table size (hundreds of
    arms, a chunk each), ``advise`` at every table size (each size's card checked by play-outs),
    ``derive-card`` (its race of 42 candidates at every table size), ``worth`` at every table
    size (every lineup of its strategies, twice, each chunk reduced in pandas), a ``compare``
    league of more than four strategies (hundreds of lineups, a chunk each) and ``train`` (it
    plays round by round from Python, which compiles the kernel's round function once more).
    They run in the ``heavy_kernel`` tier, with the commands that play search, so the default
    run stays within its four minutes."""
    if args[:1] in (["demo"], ["train"], ["derive-card"]) or args[:2] == ["cache", "warm"]:
        return True
    if args[:1] in (["commit"], ["advise"]):
        return _values(args, "--players") == ["2", "3", "4"]
    if args[:1] == ["worth"]:
        return _values(args, "--players") in (["2", "3", "4"], [])  # every size by default
    if args[:1] == ["compare"]:
        return args.count("--strategy") > 4
    return args[:1] == ["run"] and any(a.endswith(("commit.toml", "worth.toml")) for a in args)


def _values(args: list[str], option: str) -> list[str]:
    """The values following ``option`` in ``args`` (up to the next option)."""
    if option not in args:
        return []
    rest = args[args.index(option) + 1 :]
    return rest[: next((i for i, a in enumerate(rest) if a.startswith("--")), len(rest))]


def parse(args: list[str]) -> None:
    """Have click parse ``mammoth ARGS`` (every option known, every value valid), run nothing."""
    path, cmd, rest = command_path(args)
    cmd.make_context(f"mammoth {path}", rest)


def copy_repository_files(folder: Path) -> None:
    """Copy :data:`COPIED` into ``folder``, so the README's relative paths resolve there."""
    import shutil

    for name in COPIED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, folder / name)
        else:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)


def run(command: Command, folder: Path, monkeypatch) -> None:
    """Run ``command`` in ``folder`` (a fresh one) and check what its row of the command table
    says it writes.

    The folder gets :data:`COPIED`, then :data:`PREPARE`'s command (and a command with
    ``--resume`` first runs without it: a resume needs a run to resume); the command must exit with
    code 0 and write the files of its row of the command table (a row that prints only: no
    file appears).
    """

    from cli_contract import invoke, snapshot

    from experiments.shared.definition import load_experiment

    copy_repository_files(folder)
    monkeypatch.chdir(folder)
    # the project's own cache root, which `cache clear` empties, lies in the fresh folder (the
    # tests' kernels are in NUMBA_CACHE_DIR, a folder `cache clear` leaves alone)
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder / "xdg-cache"))
    args = runnable(command)
    assert args is not None, f"not a mammoth command: {command.written}"
    if command.path in PREPARE:
        result = invoke(*PREPARE[command.path])
        assert result.exit_code == 0, result.output
    if "--resume" in args:  # a resume needs a run to resume: the run first, without it
        first = invoke(*[a for a in args if a != "--resume"])
        assert first.exit_code == 0, first.output
    before = snapshot(folder)
    result = invoke(*args)
    shown = (
        f"mammoth {' '.join(args)} (README: {command.written}): exit {result.exit_code}\n"
        f"{result.output[-3000:]}\nexception {result.exception!r}"
    )
    assert result.exit_code == 0, shown
    names = []
    if command.path == "run":
        files = [a for a in args[1:] if a.endswith(".toml") and (folder / a).is_file()]
        names = [load_experiment(folder / f).name for f in files]
    expected = expected_files(command.path, args, names)
    for path in expected:
        assert list(folder.glob(path.rstrip("/"))), f"{path} not written; {shown}"
    if row_files(command.path) is None:
        assert snapshot(folder) == before, f"wrote files, its row says it prints only; {shown}"


@dataclass
class Command:
    """One README command: where it stands, as written, and as the test runs it."""

    source: str
    written: str
    args: list[str] = field(default_factory=list)  # after "mammoth", as the test runs it
    path: str = ""  # the command's name: "simulate", "contest table"...
    variant: bool = False  # another alternative of a synopsis than its first (:func:`variants`)

    @property
    def id(self) -> str:
        """A short test id."""
        text = " ".join(self.written.split())
        return f"{self.source}: {text if len(text) <= 70 else text[:67] + '...'}"


def _text() -> str:
    return "\n\n".join(path.read_text(encoding="utf-8") for path in DOCUMENTS)


def fenced(language: str) -> list[str]:
    """The fenced blocks of ``language`` of :data:`DOCUMENTS`, in order."""
    pattern = re.compile(rf"^```{language}\n(.*?)^```", re.MULTILINE | re.DOTALL)
    return [m.group(1) for m in pattern.finditer(_text())]


def snippets() -> list[str]:
    """The Python blocks of :data:`DOCUMENTS`, in order (one namespace: later ones use earlier
    names)."""
    return fenced("python")


def _cells(line: str) -> list[str]:
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [cell.strip().replace("\\|", "|") for cell in cells]


@dataclass
class Row:
    """One row of the command table: its anchor, its synopses and what it does and writes."""

    anchor: str
    synopses: list[str]
    description: str


def command_table() -> list[Row]:
    """The commands' sections (:data:`COMMAND_TABLE`), in order: each ``### mammoth NAME``
    section under the heading, its anchor the heading's, its synopses the code spans of its
    ``**Synopsis:**`` line, its description its ``**Writes**`` paragraph (the files it writes,
    or "prints only")."""
    page, heading = COMMAND_TABLE
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert f"## {heading}" in lines, f"{page.name} has no heading {heading!r}"
    rest = lines[lines.index(f"## {heading}") + 1 :]
    rest = rest[: next((i for i, line in enumerate(rest) if line.startswith("## ")), len(rest))]
    rows = []
    starts = [i for i, line in enumerate(rest) if line.startswith("### mammoth ")]
    for at, end in zip(starts, [*starts[1:], len(rest)], strict=True):
        name = rest[at][4:].strip()
        body = rest[at + 1 : end]
        synopsis = [line for line in body if line.startswith("**Synopsis:**")]
        assert len(synopsis) == 1, f"the section of {name} has no one **Synopsis:** line"
        writes = next((i for i, line in enumerate(body) if line.startswith("**Writes**")), None)
        assert writes is not None, f"the section of {name} has no **Writes** paragraph"
        paragraph = body[writes:]
        paragraph = paragraph[: next((i for i, ln in enumerate(paragraph) if not ln.strip()), None)]
        description = "writes " + " ".join(paragraph)[len("**Writes**") :].strip()
        anchor = name.lower().replace(" ", "-")
        rows.append(Row(anchor, re.findall(r"`([^`]+)`", synopsis[0]), description))
    assert rows, f"no command sections under {heading!r} in {page.name}"
    return rows


def table_rows() -> list[tuple[str, str]]:
    """(synopsis, description) of every row of the command table (a synopsis per code span)."""
    return [(span, row.description) for row in command_table() for span in row.synopses]


def _prose() -> str:
    text = re.sub(r"^```.*?^```", "", _text(), flags=re.MULTILINE | re.DOTALL)
    lines = [line for line in text.splitlines() if not line.startswith(("|", "**Synopsis:**"))]
    return " ".join(lines)


GROUPS = {name for name, cmd in main.commands.items() if isinstance(cmd, click.Group)}


def _is_command(span: str) -> bool:
    words = span.split()
    if words[:2] == ["python3", "tasks.py"]:
        return len(words) > 2
    if words[0] == "make":
        return len(words) > 1
    if words[0] != "mammoth" or len(words) < 2:
        return False
    rest = words[3:] if words[1] in GROUPS else words[2:]
    return bool(rest)  # a bare name (`mammoth run`, `mammoth cache warm`) is a reference


def commands() -> list[Command]:
    """Every command of :data:`DOCUMENTS`, in the order: sh blocks, command table, prose."""
    found = []
    for block in fenced("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split(" #")[0].strip() if not line.startswith("#") else ""
            if line:
                found.append(Command("sh block", line))
    for synopsis, _ in table_rows():
        for number, form in enumerate(variants(synopsis)):
            words = form.split()
            if words[1] in GROUPS and "|" in words[2]:  # mammoth cache clear|where: each of them
                for word in words[2].split("|"):
                    command = " ".join([*words[:2], word, *words[3:]])
                    found.append(Command("command table", command))
            else:
                found.append(Command("command table", " ".join(words), variant=number > 0))
    for span in re.findall(r"`([^`]+)`", _prose()):
        span = " ".join(span.split())
        if _is_command(span):
            found.append(Command("prose", span))
    return found


def concrete(synopsis: str, pick: dict[int, int] | None = None, groups: list | None = None) -> str:
    """A synopsis as one command: optional parts in, no ``...``; of the alternatives ``A | B``
    of a part the first, or for the part numbered ``n`` (innermost first, left to right) the
    one ``pick[n]`` says. ``groups``, if given, gets each part's number of alternatives."""
    text, pick, number = synopsis, pick or {}, 0

    def choose(match) -> str:
        nonlocal number
        alternatives = [a.strip() for a in match.group(1).split(" | ")]
        if groups is not None:
            groups.append(len(alternatives))
        chosen = alternatives[pick.get(number, 0)]
        number += 1
        return chosen

    while "[" in text:
        text = re.sub(r"\[([^\[\]]*)\]", choose, text)
    return " ".join(word for word in text.split() if word != "...")


_VALUES = re.compile(r"^[a-z_]+(\|[a-z_]+)+$")
"""An option's alternative values, ``on|off|both``."""


def variants(synopsis: str) -> list[str]:
    """Every form of a synopsis the tests run: :func:`concrete`'s, then one more for each other
    alternative of each part (``[--workers N | --dask ADDRESS|local:N]``) and each other value
    of an option (``--herd on|off|both``), the rest as in the first."""
    groups: list[int] = []
    first = concrete(synopsis, groups=groups)
    forms = [first]
    forms += [
        concrete(synopsis, {n: alt}) for n, count in enumerate(groups) for alt in range(1, count)
    ]

    def values(words: list[str]) -> list[int]:
        return [
            i
            for i in range(1, len(words))
            if words[i - 1].startswith("--")
            and _VALUES.match(words[i])
            and (words[i - 1], words[i]) not in PLACEHOLDERS
        ]

    def with_value(form: str, at: int | None = None, value: str = "") -> str:
        words = form.split()
        spots = values(words)
        return " ".join(
            value if i == at else (w.split("|")[0] if i in spots else w)
            for i, w in enumerate(words)
        )

    out = [with_value(form) for form in forms]
    words = first.split()
    for spot in values(words):
        out += [with_value(first, spot, value) for value in words[spot].split("|")[1:]]
    return list(dict.fromkeys(out))


def command_path(args: list[str]) -> tuple[str, click.Command, list[str]]:
    """The command a ``mammoth`` argument list names, and the arguments after its name."""
    command, names, rest = main, [], list(args)
    while isinstance(command, click.Group):
        names.append(rest.pop(0))
        command = command.commands[names[-1]]
    return " ".join(names), command, rest


def runnable(command: Command) -> list[str] | None:
    """The ``mammoth`` arguments the test runs for ``command`` (None: not a mammoth command)."""
    words = shlex.split(command.written)
    if words[0] == ".venv/bin/mammoth":
        words[0] = "mammoth"
    if words[0] != "mammoth":
        return None
    path, _, rest = command_path(words[1:])
    out: list[str] = path.split()
    before = None  # the option the word is a value of
    for word in rest:
        if (before, word) in PLACEHOLDERS:
            word = PLACEHOLDERS[(before, word)]
        elif (path, word) in POSITIONAL:
            word = POSITIONAL[(path, word)]
        elif before in SIZES and re.fullmatch(r"[\d_]+(\.\d+)?", word):
            small = SIZES[before]
            word = str(min(float(word), small) if before == "--scale" else min(int(word), small))
        elif "|" in word:
            word = word.split("|")[0]
        if (path, before) in FLOORS and re.fullmatch(r"\d+", word):
            word = str(max(int(word), FLOORS[(path, before)]))
        out.append(word)
        if word.startswith("--"):
            before = word
    sized = {"--games", "--scale"} & set(out)
    for option, value in APPENDED.get(path, {}).items():
        if option not in out and not (path in ("run", "demo") and sized):
            out += [option] if value is None else [option, str(value)]
    command.path = path
    return out


def _default_out(path: str) -> str | None:
    _, cmd, _ = command_path(path.split())
    out = next((p for p in cmd.params if "--out" in getattr(p, "opts", ())), None)
    return out.default if out is not None and isinstance(out.default, str) else None


def _option_value(args: list[str], option: str) -> str | None:
    return args[args.index(option) + 1] if option in args else None


def row_files(path: str) -> list[str] | None:
    """The files the command table says ``path`` writes (None: it prints only)."""
    for synopsis, description in table_rows():
        words = synopsis.split()[1:]
        names = words[:2] if words[0] in GROUPS else words[:1]
        if names[0] in GROUPS and "|" in names[1]:
            names = [[names[0], word] for word in names[1].split("|")]
        else:
            names = [names]
        if path.split() not in names:
            continue
        if "prints only" in description or "only into the cache folder" in description:
            return None
        text = description.split("writes", 1)[1] if "writes" in description else description
        text = re.sub(r"\([^()]*(default|while it runs)[^()]*\)", "", text)
        names = re.findall(r"`([^`\s]+)`", text)
        return [n for n in names if not n.startswith(".") and ("." in n or n.endswith("/"))]
    raise AssertionError(f"no row of the command table (docs/commands.md) for mammoth {path}")


LEFT_OUT = {("check-card", "--no-exploit"): ("exploit.csv", "exploit_goals.csv")}
"""(command, option) -> files of the command's row that the option leaves unwritten."""


def expected_files(path: str, args: list[str], names: list[str]) -> list[str]:
    """The paths (relative to the working folder) ``mammoth ARGS`` must have written.

    ``names`` are the experiments' names (``run``, ``demo``).
    """
    files = row_files(path)
    if files is None:
        return []
    skipped = {f for (p, o), fs in LEFT_OUT.items() if p == path and o in args for f in fs}
    files = [f for f in files if f not in skipped]
    out = _option_value(args, "--out") or _default_out(path)
    if path == "report":
        out = out or str(Path(args[1]).parent)
    found = []
    for name in files:
        for experiment in names if "NAME" in name else [None]:
            text = name.replace("NAME", experiment or "NAME")
            if text.startswith(("DIR/", "OUT/")):
                text = f"{out}/{text[4:]}"
            elif text == "FILE.toml":
                text = out
            else:
                text = f"{out}/{text}"
            found.append(text)
    return found
