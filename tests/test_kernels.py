"""Readying the game kernels ahead of time: ``mammoth cache warm`` and the kernel a run needs."""

from __future__ import annotations

from click.testing import CliRunner

from experiments.cli import main
from experiments.kernels import is_cached, needs_heavy
from strategies.registry import resolve


def test_cache_warm_leaves_the_kernel_cached():
    result = CliRunner().invoke(main, ["cache", "warm", "--light-only"])
    assert result.exit_code == 0, result.output
    assert "the game kernel: ready in" in result.output and "heavy" not in result.output
    assert is_cached(heavy=False)


def test_only_heavy_strategies_need_the_heavy_kernel():
    assert not needs_heavy([resolve("greedy"), resolve("random+fixed-2"), resolve("classic")])
    assert needs_heavy([resolve("greedy"), resolve("search")])
    assert needs_heavy([resolve("greedy+search")])
    assert not needs_heavy([])
