"""The slow strategies stay last in the registry, so the light kernel keeps every other id."""

from __future__ import annotations

from strategies.registry import BASE, HEAVY, TAMING, kernel_for, resolve


def test_heavy_strategies_are_registered_last():
    for table in (list(BASE), list(TAMING)):
        heavy = [name for name in table if name in HEAVY]
        assert heavy, "every heavy strategy has a base and a taming module"
        assert table[len(table) - len(heavy) :] == heavy, table


def test_every_light_strategy_plays_on_the_light_kernel():
    light = [name for name in BASE if name not in HEAVY]
    heavy_kernel = kernel_for([resolve("search")])
    for name in light:
        assert kernel_for([resolve(name)]) is not heavy_kernel, name
