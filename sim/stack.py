"""Fixed-shape arrays in the calling function's stack frame, for allocation-free kernels.

The game kernel and the strategies are compiled without numba's reference counting
(:mod:`sim.jit`), so they cannot allocate arrays. Where a function needs a small private array
(the engine's valuation row for a taming decision, a search's private copy of the game), these
intrinsics reserve it in the stack frame of the function that calls them. The shape must be
compile-time constants (module-level ints or literals); the memory is not initialised and lives
until the *calling function* returns, so call them only in the function that uses the arrays,
never in a helper that returns them, and outside loops.
"""

from __future__ import annotations

import numpy as np
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array


def _stack_array_codegen(nbtype, shape):
    arrty = types.Array(nbtype, len(shape), "C")

    def codegen(context, builder, sig, args):
        item = context.get_value_type(nbtype)
        data = cgutils.alloca_once(builder, item, size=int(np.prod(shape)))
        itemsize = context.get_abi_sizeof(item)
        strides = []
        step = itemsize
        for extent in reversed(shape):
            strides.append(step)
            step *= extent
        intp = context.get_value_type(types.intp)
        ary = make_array(arrty)(context, builder)
        populate_array(
            ary,
            data=data,
            shape=[intp(n) for n in shape],
            strides=[intp(s) for s in reversed(strides)],
            itemsize=intp(itemsize),
            meminfo=None,
        )
        return ary._getvalue()

    return arrty, codegen


def _literal(*dims):
    return all(isinstance(d, types.IntegerLiteral) and d.literal_value > 0 for d in dims)


def _stack_intrinsics(nbtype):
    """Intrinsics that make a 1-, 2- or 3-d C array of ``nbtype`` in the caller's stack frame.

    The shape must be compile-time constants (module-level ints or literals). The memory is not
    initialised and lives until the *calling function* returns: call these only in the function
    that uses the arrays (never in a helper that returns them).
    """

    @intrinsic
    def one(typingctx, n0):
        if not _literal(n0):
            return None
        arrty, codegen = _stack_array_codegen(nbtype, (n0.literal_value,))
        return arrty(n0), codegen

    @intrinsic
    def two(typingctx, n0, n1):
        if not _literal(n0, n1):
            return None
        arrty, codegen = _stack_array_codegen(nbtype, (n0.literal_value, n1.literal_value))
        return arrty(n0, n1), codegen

    @intrinsic
    def three(typingctx, n0, n1, n2):
        if not _literal(n0, n1, n2):
            return None
        shape = (n0.literal_value, n1.literal_value, n2.literal_value)
        arrty, codegen = _stack_array_codegen(nbtype, shape)
        return arrty(n0, n1, n2), codegen

    return one, two, three


stack_i16, stack_i16_2d, stack_i16_3d = _stack_intrinsics(types.int16)
stack_i64, stack_i64_2d, _ = _stack_intrinsics(types.int64)
stack_f64, stack_f64_2d, _ = _stack_intrinsics(types.float64)
_, stack_u64_2d, _ = _stack_intrinsics(types.uint64)
