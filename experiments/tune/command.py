"""``mammoth tune``: tune a greedy-family strategy's weights and write them as a preset.

The search is :mod:`experiments.tune.analysis`'s; this command checks the options, runs it with a
progress bar, prints the history and the fresh evaluation, and writes the preset file.
"""

from __future__ import annotations

from pathlib import Path

import click

from experiments.shared.command_options import (
    STRATEGY,
    InputFile,
    announce_compile,
    command,
    games_option,
    seed_option,
    workers_option,
)
from experiments.shared.limits import MAX_TUNE_GAMES
from experiments.shared.numbers import percent, plain, signed
from experiments.tune.analysis import (
    FAMILY_MODULE,
    Arena,
    Tables,
    cross_entropy,
    evaluate_tables,
    family_params,
    opponent_seats,
    tuned_preset,
)
from experiments.tune.command_options import (
    Field,
    SearchSettings,
    field_options,
    search_options,
)
from sim.errors import InputError
from sim.rules import Rules
from strategies.presets import ENV_VAR, NAME_PATTERN, PRESET_DIR, write_preset
from strategies.registry import BASE, presets, resolve


def _check(strategy, against):
    seat = resolve(strategy)
    if seat.base_module != FAMILY_MODULE:
        raise InputError(
            f"{strategy!r} is not of the greedy family (its functions are {seat.family!r}'s); "
            "tune greedy or a preset based on it"
        )
    return seat, [resolve(name) for name in against]


def _preset_name(out: Path, name: str | None) -> str:
    if out.suffix != ".toml":
        raise InputError(f"--out must be a .toml file (a preset), not {str(out)!r}")
    name = name or out.stem
    if not NAME_PATTERN.match(name):
        raise InputError(f"preset name {name!r} must be lower-case letters, digits, - or _")
    if name in BASE:
        raise InputError(f"preset name {name!r} is a base strategy; choose another --name")
    existing = presets().get(name)
    if existing and Path(existing.path).resolve() != out.resolve():
        raise InputError(
            f"preset {name!r} already exists in {existing.path}; choose another --name"
        )
    return name


@command()
@click.argument("strategy", type=STRATEGY)
@field_options
@games_option(
    400,
    MAX_TUNE_GAMES,
    "Games per candidate (every candidate of an iteration plays the same games; the selection "
    "block plays as many).",
)
@seed_option()
@click.option(
    "--out", type=InputFile(), required=True, help="Preset file to write (.toml); nothing else."
)
@click.option("--name", default=None, help="Preset name [default: the file's stem].")
@search_options
@games_option(
    4000,
    MAX_TUNE_GAMES,
    "Fresh games of the final check (each of its three comparisons plays them; 0: none).",
    low=0,
    name="--eval-games",
)
@workers_option("threads sharing each block of games")
def tune(
    strategy, field: Field, games, seed, out, name, search: SearchSettings, eval_games, workers
):
    """Tune the weights of STRATEGY (greedy or a greedy preset) by the cross-entropy method.

    Every candidate of an iteration plays the same games (common random numbers) in one seat,
    rotated, against the --against opponents; the objective is the mean win share (ties shared)
    or the mean score margin over the best other seat. The weights chosen (on a separate block
    of games) are written as a preset file, and checked against STRATEGY on fresh games (95%
    Wilson intervals). Writes the preset file OUT (.toml) and nothing else.

    Loading the result: a file in strategies/presets/ (e.g. --out strategies/presets/tuned.toml)
    is a strategy at once, by its name (`mammoth simulate --strategy tuned`). A file anywhere
    else is loaded when its folder (or the file) is listed in the environment variable
    MAMMOTH_PRESETS (separated like PATH), e.g. `MAMMOTH_PRESETS=results mammoth simulate
    --strategy NAME`. The name is --name, or the file's stem.
    """
    from tqdm import tqdm

    seat, opponents = _check(strategy, field.against)
    start, tunable = family_params(seat)
    search = search.search(tunable)
    unknown = [n for n in search.names if n not in start]
    if unknown:
        raise InputError(f"unknown weight {', '.join(unknown)}; known: {', '.join(start)}")
    out = Path(out)
    preset_name = _preset_name(out, name)
    tables = Tables(
        [
            Arena(seat, opponents, players, seed, Rules(herd=on), workers)
            for on in field.herds
            for players in field.players
        ]
    )
    n_tables = len(tables.arenas)
    announce_compile([strategy, *field.against])
    iterations, population, objective = search.iterations, search.population, search.objective
    total = ((iterations * population + iterations + 1) * games + 3 * eval_games) * n_tables
    with tqdm(total=total, unit="game", leave=False) as bar:
        run = cross_entropy(
            tables, start, search, games, progress=lambda n: bar.update(n * n_tables)
        )
        if eval_games:
            first = (iterations + 1) * games
            run.evaluation |= evaluate_tables(tables, run, eval_games, first, bar.update)
    opponents_label = [o.name for o in opponent_seats(opponents, max(field.players))]
    for row in run.history:
        click.echo(
            f"iteration {row['iteration']}: mean candidate {row['mean_candidate']:.3f}, "
            f"population {row['population_mean']:.3f}, elite {row['elite_mean']:.3f}, "
            f"best {row['best']:.3f}, sigma {row['sigma']:.3f}"
        )
    click.echo(
        f"chosen: {run.chosen_from} ({objective} {run.evaluation['selection_objective']:.3f} on "
        f"{games} selection games)"
    )
    ev = run.evaluation
    if eval_games:
        click.echo(
            f"fresh games: {eval_games} per table (against {', '.join(opponents_label)}, cycled; "
            "seats rotated)"
        )
        for table in ev["tables"]:
            for key, label in (("tuned", preset_name), ("start", seat.name)):
                click.echo(
                    f"  {table:11s} {label:20s} win {percent(ev[f'{table}_{key}_win_rate'])} "
                    f"[{percent(ev[f'{table}_{key}_win_low'])}, "
                    f"{percent(ev[f'{table}_{key}_win_high'])}]  "
                    f"margin {signed(ev[f'{table}_{key}_margin'])} "
                    f"± {plain(ev[f'{table}_{key}_margin_se'])}"
                )
            difference, se = ev[f"{table}_win_difference"], ev[f"{table}_win_difference_se"]
            click.echo(
                f"  {table:11s} paired difference: {signed(100 * difference)} points "
                f"± {plain(100 * se)} (z = {plain(difference / se if se else 0.0)}); head to head "
                f"{preset_name} takes {percent(ev[f'{table}_head_to_head_share'])} "
                f"[{percent(ev[f'{table}_head_to_head_low'])}, "
                f"{percent(ev[f'{table}_head_to_head_high'])}] of the wins, "
                f"fair {percent(ev[f'{table}_head_to_head_fair'])}"
            )
    settings = {
        "start": seat.name,
        "against": list(field.against),
        "players": list(field.players),
        "games": games,
        "iterations": iterations,
        "population": population,
        "elite": search.elite,
        "sigma": search.sigma,
        "objective": objective,
        "seed": seed,
        "herd": field.herd,
    }
    write_preset(out, tuned_preset(preset_name, seat, run, opponents_label, settings))
    where = out.resolve().parent
    click.echo(f"wrote {out}: preset {preset_name!r}")
    if where != PRESET_DIR.resolve():
        click.echo(f"  load it with {ENV_VAR}={where} (then --strategy {preset_name})")


COMMAND = tune
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
