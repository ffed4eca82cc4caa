"""One row of a C-contiguous array copied onto another's with a single ``memmove``.

The game kernels are compiled without LLVM's loop vectorizer (:func:`sim.jit.kernel_codegen`),
so an element-by-element copy of a game's 437 ``int16`` cells runs one cell at a time: about a
third of a microsecond, which every play-out pays (:func:`sim.state.copy_game`). A ``memmove``
of the row's bytes does the same in a few wide moves.
"""

from __future__ import annotations

from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def copy_row(typingctx, dst, h, src, g):
    """``dst[h] = src[g]``: every cell of row ``g`` of ``src`` onto row ``h`` of ``dst``.

    Both arrays must be C-contiguous, of one dtype and of at least two dimensions, and ``dst``'s
    rows at least as large as ``src``'s (the game state's arrays of any batch size are). Other
    arrays do not compile.
    """
    if not (isinstance(dst, types.Array) and isinstance(src, types.Array)):
        return None
    if dst.layout != "C" or src.layout != "C" or dst.dtype != src.dtype:
        return None
    if dst.ndim != src.ndim or src.ndim < 2:
        return None
    if not (isinstance(h, types.Integer) and isinstance(g, types.Integer)):
        return None

    def codegen(context, builder, sig, args):
        dst_type, h_type, src_type, g_type = sig.args
        target = context.make_array(dst_type)(context, builder, args[0])
        source = context.make_array(src_type)(context, builder, args[2])
        zero = context.get_constant(types.intp, 0)
        rest = [zero] * (src_type.ndim - 1)
        h_index = context.cast(builder, args[1], h_type, types.intp)
        g_index = context.cast(builder, args[3], g_type, types.intp)
        to = cgutils.get_item_pointer(context, builder, dst_type, target, [h_index, *rest])
        frm = cgutils.get_item_pointer(context, builder, src_type, source, [g_index, *rest])
        cells = context.get_constant(types.intp, 1)
        for extent in cgutils.unpack_tuple(builder, source.shape, src_type.ndim)[1:]:
            cells = builder.mul(cells, extent)
        itemsize = context.get_abi_sizeof(context.get_data_type(src_type.dtype))
        cgutils.raw_memmove(builder, to, frm, cells, itemsize)
        return context.get_dummy_value()

    return types.none(dst, h, src, g), codegen
