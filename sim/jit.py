"""How the hot kernels are compiled.

numba counts a reference for every array an njit function passes to another, twice per array
per call; with the game state and a hook's arrays that is most of the cost of a decision. The
functions of the game loop and the strategies allocate nothing, so they are compiled without
numba's reference counting (``_nrt=False``: numba then refuses at compile time any function that
would allocate, so the flag cannot hide a leak). Functions that allocate use plain ``njit``.

Every function of the kernels is compiled twice over, as it is called:

- called from Python (tests, notebooks), it is an ordinary numba dispatcher;
- called from other compiled code (the game kernel), it is compiled by a *twin* dispatcher of
  the same Python function. The twin builds no CPython and no C wrapper (a numba function that
  only other numba functions call needs neither; building, optimising and emitting them was a
  quarter of a cold compile of the kernel), and it is compiled once per *widened* signature:
  small signed integers (``int16`` read from the state, literal constants like
  ``check(st, g, SETUP)``, ``True``) are passed as ``int64``/``bool``, where numba would
  otherwise compile one copy per argument type and per literal value (``assumed_figures`` was
  compiled 12 times, ``check`` 7). numba computes with small integers in ``int64`` anyway, so
  this changes no result (the play digest is unchanged).

``inline=True`` asks LLVM, not numba, to inline the function into its callers (``alwaysinline``,
numba's ``forceinline``; set on every twin explicitly, since numba would otherwise let a callee
inherit it from whichever caller compiles it first). numba's own IR inlining
(``inline="always"``) re-types the inlined body at every call site, and it did so for nested
inlinees inside the engine's largest functions: more than half of the default kernel's compile
at the time. LLVM inlines the optimised code instead, and the games play as fast or faster
(measured 2026-11-30, A/B alternated).

Why all this: a cold compile of the game kernel is what a new user waits for first, and it
grows with every strategy registered. Each choice above removes work the compiler otherwise
repeats for every caller (IR inlining re-types a body per call site, wrappers are built for
functions Python never calls, narrow signatures multiply the copies of a function, a twin's
machine code is emitted though only its IR is ever linked: :func:`_link_only_twins`), and
:func:`splice` and :func:`kernel_codegen` below do the same for the kernel's entry and its loops.
Together they took the default kernel's cold compile from about two minutes to under 30 CPU
seconds on the 2-core reference machine (the commits that made each step measure it).
"""

from __future__ import annotations

import inspect
import types as pytypes
from contextlib import contextmanager

from numba import config as numba_config
from numba import njit
from numba import types as nbtypes
from numba.core.registry import CPUDispatcher

from sim._cache import lock_cache_saves

lock_cache_saves()  # processes sharing the cache folder never leave a wrong entry (numba#10128)
_TWIN_SUFFIX = "__twin"  # ends every twin's qualified name, and so the name of its library
__all__ = ["hot", "kernel_codegen", "kernel_function", "splice"]

# How every function is compiled when the game kernel calls it: without reference counting (the
# kernels allocate nothing), numpy's error model (no Python exception on a division by zero, as
# in numba's inlined code before), no wrappers for Python (the twin is never called from Python).
_TWIN_FLAGS = {
    "nopython": True,
    "_nrt": False,
    "error_model": "numpy",
    "no_cpython_wrapper": True,
    "no_cfunc_wrapper": True,
}
_HOT_FLAGS = {"_nrt": False, "error_model": "numpy"}
_NARROW_INTS = frozenset({nbtypes.int8, nbtypes.int16, nbtypes.int32})


def _widen(ty):
    """The type a twin is compiled for: no literals, no signed integer narrower than int64."""
    ty = nbtypes.unliteral(ty)
    return nbtypes.int64 if ty in _NARROW_INTS else ty


class KernelDispatcher(CPUDispatcher):
    """A numba dispatcher whose calls from compiled code go to a wrapper-free twin.

    Calls from Python compile and run this dispatcher as usual (``cache=True``). numba resolves a
    call from another compiled function through :meth:`get_call_template` and lowers it through
    :meth:`get_overload`; both are handed to the twin, with the argument types widened.
    """

    _twin_options: dict = {**_TWIN_FLAGS, "forceinline": False}

    @property
    def twin(self):
        """The dispatcher that compiles this function for other compiled functions."""
        twin = self.__dict__.get("_twin")
        if twin is None:
            func = self.py_func
            copy = pytypes.FunctionType(
                func.__code__, func.__globals__, func.__name__, func.__defaults__, func.__closure__
            )
            copy.__kwdefaults__ = func.__kwdefaults__
            copy.__module__ = func.__module__
            # numba names a function's cache files after its qualified name: the twin's (compiled
            # with other flags) must not be loaded for the Python-callable dispatcher, nor back.
            copy.__qualname__ = f"{func.__qualname__}{_TWIN_SUFFIX}"
            twin = CPUDispatcher(py_func=copy, locals={}, targetoptions=dict(self._twin_options))
            _cache_where_possible(twin)
            self.__dict__["_twin"] = twin
        return twin

    def _reduce_states(self):
        return {**super()._reduce_states(), "twin_options": self._twin_options}

    @classmethod
    def _rebuild(cls, uuid, py_func, locals, targetoptions, can_compile, sigs, twin_options):
        self = super()._rebuild(uuid, py_func, locals, targetoptions, can_compile, sigs)
        self._twin_options = twin_options
        return self

    def get_call_template(self, args, kws):
        """Type a call from compiled code: compile (or load) the twin for the widened types."""
        args = tuple(_widen(a) for a in args)
        kws = {k: _widen(v) for k, v in kws.items()}
        return self.twin.get_call_template(args, kws)

    def get_overload(self, sig):
        """The twin's compiled function, which calls from compiled code link to."""
        return self.twin.get_overload(sig)


def _link_only_twins() -> None:
    """Have numba turn no twin into machine code: a twin's code is only ever linked into callers.

    numba optimises a function's library with everything it calls linked in, then emits its
    machine code; a caller links the callee's optimised code into its own library and does both
    again. A twin is never run on its own (Python calls the other dispatcher; compiled callers
    link the twin's code in), so its machine code was never used, and emitting it (with the
    twin's whole call tree) was about a seventh of a cold compile of the default kernel and a
    third of the heavy one (alternated A/B, docs/design.md section 5). A twin's library keeps
    its optimised module for its callers to link and hands numba's engine a stub that holds only
    the twin's environment pointers, which numba sets by name after a compile. A twin loaded
    from the cache is the same: the stub's object code and the module to link.

    The IR the callers link is the optimised code as it was before emission: numba's own
    libraries hand callers the module after machine code was emitted from it, which LLVM's code
    generator has rewritten in place (its IR passes). So the kernels' machine code differs a
    little from numba's; their games are the same and as fast.
    """
    from llvmlite import binding as ll
    from numba.core import codegen

    create = codegen.JITCPUCodegen.create_library
    if getattr(create, "_mammoth_link_only", False):
        return

    class LinkOnlyLibrary(codegen.JITCodeLibrary):
        """A library whose code is linked into its callers' and never emitted on its own."""

        def _finalize_final_module(self):
            if self._shared_module is None:  # just compiled (a cached one arrives as a stub)
                full = self._final_module
                self._finalize_dynamic_globals()
                self._verify_declare_only_symbols()
                for fn in full.functions:  # as numba's _get_module_for_linking, without a copy
                    if not fn.is_declaration and fn.linkage == ll.Linkage.external:
                        fn.linkage = "linkonce_odr"
                self._shared_module = full
                stub = [str(self._codegen._create_empty_module(self.name))]
                stub += [str(gv) for gv in full.global_variables if _is_environment(gv)]
                self._final_module = ll.parse_assembly("\n".join(stub))
                self._final_module.name = full.name
            super()._finalize_final_module()

    def create_library(self, name, **kwargs):
        if name.endswith(_TWIN_SUFFIX):  # numba names a library after the function's qualname
            return LinkOnlyLibrary(self, name, **kwargs)
        return create(self, name, **kwargs)

    create_library._mammoth_link_only = True
    codegen.JITCPUCodegen.create_library = create_library


def _is_environment(gv) -> bool:
    """Whether a global variable is a function's environment pointer defined in its module."""
    return not gv.is_declaration and gv.name.startswith("_ZN08NumbaEnv")


_link_only_twins()


def _cache_where_possible(dispatcher) -> None:
    """Keep a function's compiled code in numba's on-disk cache, where numba can: a function
    whose source numba cannot locate (written by ``exec``, or in a console) compiles in every
    process instead of failing."""
    try:
        dispatcher.enable_caching()
    except RuntimeError as error:
        if "no locator available" not in str(error):
            raise


def kernel_function(func=None, *, inline: bool = False, **options):
    """Compile a function the game kernel calls (see the module docstring).

    Parameters
    ----------
    func : callable, optional
        The function (when used as ``@kernel_function``).
    inline : bool
        Have LLVM inline it into every compiled caller (``alwaysinline``): for small helpers and
        for the hooks asked at every turn, where a call passes some 80 words of arguments.
    **options
        numba options for calls from Python (``cache=True`` is implied).

    Returns
    -------
    KernelDispatcher, or a decorator when ``func`` is None.
    """
    python_options = {"nopython": True, **options}
    twin_options = {**_TWIN_FLAGS, "forceinline": bool(inline)}

    def decorate(f):
        if not inspect.isfunction(f):
            raise TypeError(f"a kernel function must be a plain Python function, not {f!r}")
        dispatcher = KernelDispatcher(py_func=f, locals={}, targetoptions=python_options)
        dispatcher._twin_options = twin_options
        _cache_where_possible(dispatcher)
        return dispatcher

    return decorate if func is None else decorate(func)


def hot(func=None, *, inline: bool = False):
    """Compile an allocation-free kernel function (cached, no reference counting).

    Parameters
    ----------
    func : callable, optional
        The function (when used as ``@hot``).
    inline : bool
        Have LLVM inline it into its compiled callers (for small helpers and per-turn hooks).

    Returns
    -------
    KernelDispatcher, or a decorator when ``func`` is None.
    """
    return kernel_function(func, inline=inline, **_HOT_FLAGS)


def splice(func):
    """Compile a glue function that numba pastes into every compiled caller (its IR inlining).

    For functions whose body is a few calls and branches, like the kernel builder's hook
    dispatchers. Pasted, such a function has no compiled library of its own; a library is
    optimised and turned into machine code together with everything it calls, so a dispatcher
    of its own would hold (and compile) every strategy's hook once more. Do not splice large
    bodies with many call sites: numba re-types pasted code at every call site (the cost that
    ``hot(inline=True)`` avoids). A large body with one or two call sites (the engine's
    ``resolve`` and ``seat_actions``) is cheaper spliced: re-typed once or twice, it saves the
    compile of a library of its own. So is a small body over a large call tree (the search's
    ``place``, ``search_place`` and commitment, over the play-outs): numba links every callee
    into its caller's library and optimises and emits it there again, so each library of such
    a function compiles the whole tree once more.

    Parameters
    ----------
    func : callable
        The function.

    Returns
    -------
    numba dispatcher (callable from Python too).
    """
    return njit(cache=True, inline="always", **_HOT_FLAGS)(func)


@contextmanager
def kernel_codegen():
    """Compile the game kernels inside this block: without LLVM's loop vectorizer.

    Their loops run over 4 resources, 4 seats or 16 areas. Vectorized, each gains wide-register
    set-up, run-time overlap checks and a remainder loop that cost more than the few trips save:
    greedy's 4-player games with the herd played about 4% slower (A/B alternated, 2026-12-01).
    Loop vectorization reorders no floating-point sum (numba enables no fast-math), so results are
    the same either way. numba reads the setting (``NUMBA_LOOP_VECTORIZE``) whenever it
    optimises a module; it is restored on leaving, so other numba code in the process is left as
    it was.
    """
    saved = numba_config.LOOP_VECTORIZE
    numba_config.LOOP_VECTORIZE = 0
    try:
        yield
    finally:
        numba_config.LOOP_VECTORIZE = saved
