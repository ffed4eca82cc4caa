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

    Writes the compiled kernels into the cache folder (`cache where` prints it), nothing else.
    Later runs, and Dask workers sharing this cache folder, load them in about a second.
    """
    from strategies.registry import compile_notice, warm

    folder = sim._cache.configure_numba_cache()
    variants = (False,) if light_only else (False, True)
    for heavy in variants:
        notice = compile_notice(heavy=heavy)
        if notice:
            click.echo(("the heavy kernel: " if heavy else "the light kernel: ") + notice)
    for name, seconds in warm(heavy=not light_only).items():
        done = "loaded from the cache" if seconds is None else f"compiled in {seconds:.0f} s"
        click.echo(f"the {name} kernel: {done}")
    click.echo(f"cache: {folder}")
