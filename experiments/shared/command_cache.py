"""``mammoth cache clear|where|warm``: numba's on-disk cache of compiled kernels."""

from __future__ import annotations

import click

import sim


@click.group()
def cache() -> None:
    """Manage numba's on-disk cache of compiled kernels."""


@cache.command("clear")
def cache_clear() -> None:
    """Delete the compiled kernels this project cached (under the folder `cache where` prints).

    Writes nothing.
    """
    removed = sim._cache.clear_cache()
    click.echo("removed " + ", ".join(removed) if removed else "nothing to remove")


@cache.command("where")
def cache_where() -> None:
    """Print the cache folder in use; writes nothing."""
    click.echo(sim._cache.configure_numba_cache())


@cache.command("warm")
@click.option(
    "--light-only",
    is_flag=True,
    help="Only the light kernel (every strategy but the heavy search ones): about half the time.",
)
def cache_warm(light_only: bool) -> None:
    """Compile the game kernels into the cache now (for worker images and CI).

    The light and the heavy kernel compile side by side, each in a process of its own that
    compiles its entries (whole games, then the play-outs of decisions) one after the other.
    Writes the compiled kernels into the cache folder (`cache where` prints it), nothing else.
    Later runs, and Dask workers sharing this cache folder, load them in about a second.
    """
    from strategies.compiling import Target, is_ready, wait_estimate, warm

    folder = sim._cache.configure_numba_cache()
    targets = [Target(heavy, entry) for heavy in (False, True) for entry in ("play", "advise")]
    targets = [t for t in targets if not (light_only and t.heavy)]
    cold = [t for t in targets if not is_ready(t)]
    if cold:
        click.echo(
            f"compiling {len(cold)} kernel entr{'y' if len(cold) == 1 else 'ies'}, a process per "
            f"kernel (about {wait_estimate(cold):.0f} s; cached afterwards)"
        )
    for done in warm(targets):
        said = "loaded from the cache" if done.cpu is None else f"compiled in {done.cpu:.0f} s"
        click.echo(f"the {done.target.label}: {said}")
    click.echo(f"cache: {folder}")


COMMAND = cache
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""
