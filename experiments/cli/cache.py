"""``mammoth cache clear|where``: numba's on-disk cache of compiled kernels."""

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
