"""The processor's cycle counter, read from compiled code (for the engine's timed variant).

:func:`read_cycles` is LLVM's ``readcyclecounter`` (``rdtsc`` on x86-64: a constant-rate counter,
some 20 to 40 cycles a read; 0 on targets without one). Only the timed variant of the game kernel
calls it (``TIMING`` in :mod:`sim.engine`); the other kernels never read it.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def read_cycles(typingctx):
    """The cycle counter now (int64); differences of two reads are elapsed cycles."""

    def codegen(context, builder, sig, args):
        fnty = ir.FunctionType(ir.IntType(64), [])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
        return builder.call(fn, [])

    return types.int64(), codegen
