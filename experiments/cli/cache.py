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
    "--light-only", is_flag=True, help="Only the kernel without the heavy strategies (faster)."
)
def cache_warm(light_only: bool) -> None:
    """Compile every game kernel into the cache now (for worker images and CI).

    Later runs, and Dask workers sharing this cache folder, load the kernels in seconds.
    """
    from experiments.kernels import COMPILE_MINUTES, is_cached, warm

    folder = sim._cache.configure_numba_cache()
    for heavy in (False,) if light_only else (False, True):
        name = "the game kernel" + (" with the heavy strategies" if heavy else "")
        if not is_cached(heavy):
            click.echo(f"compiling {name} (about {COMPILE_MINUTES} minutes)...")
        seconds = warm(heavy)
        click.echo(f"{name}: ready in {seconds:.0f} s")
    click.echo(f"cache: {folder}")
