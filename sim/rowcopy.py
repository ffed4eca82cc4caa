"""One row of a C-contiguous array copied onto another's with a single ``memmove``.

The game kernels are compiled without LLVM's loop vectorizer (:func:`sim.jit.kernel_codegen`),
so an element-by-element copy of a game's 437 ``int16`` cells runs one cell at a time (about a
third of a microsecond measured alone), and every play-out pays it (:func:`sim.state.copy_game`).
A ``memmove`` of the row's bytes does the same in a few wide moves.
"""

from __future__ import annotations

from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def copy_row(typingctx, dst, h, src, g):
    """``dst[h] = src[g]``: every cell of row ``g`` of ``src`` onto row ``h`` of ``dst``.

    Both arrays must be C-contiguous, of one dtype and of at least two dimensions (other arrays
    do not compile). Rows of different sizes copy the shorter's count of cells, so nothing is
    written past ``dst``'s row; the game state's arrays of any batch size have rows of one size.
    The row indexes are not checked (as numba's own indexing, compiled without bounds checks).
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
        cells = _row_cells(context, builder, source, src_type.ndim)
        room = _row_cells(context, builder, target, dst_type.ndim)
        cells = builder.select(builder.icmp_signed("<", room, cells), room, cells)
        itemsize = context.get_abi_sizeof(context.get_data_type(src_type.dtype))
        cgutils.raw_memmove(builder, to, frm, cells, itemsize)
        return context.get_dummy_value()

    return types.none(dst, h, src, g), codegen


def _row_cells(context, builder, array, ndim):
    """Cells in one row of ``array`` (the product of its extents after the first)."""
    cells = context.get_constant(types.intp, 1)
    for extent in cgutils.unpack_tuple(builder, array.shape, ndim)[1:]:
        cells = builder.mul(cells, extent)
    return cells
