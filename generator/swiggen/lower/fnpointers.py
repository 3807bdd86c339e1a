"""Function pointers without user data: the module's own functions of the pointer's type pass.

    void record(int signal);
    void on_signal(void (*handler)(int));               on_signal(record)

A Python callable cannot become such a pointer (nothing tells the C side which callable a call
is for: interfaces/python/fnpointers.swg), but a free function of the module whose type is exactly
the pointer's can: its wrapper's C function is registered with the C++ function at import, and the
parameter's typemap hands C that function. A function pointer parameter that no function of
the module fits is left out (lower/callables.py: SG332).
"""

from __future__ import annotations

from ..model import Function, TypeRef
from .callables import is_function, is_pointer, is_void_pointer
from .context import Context
from .plan import MacroCall
from .types import cpp_type


def pointer_spelled(result: TypeRef, params: list[TypeRef] | tuple[TypeRef, ...]) -> str:
    """`int (*)(int, const std::string &)`, spelled at global scope."""
    return f"{cpp_type(result)} (*)({', '.join(cpp_type(p) for p in params)})"


def _stands_for_pointer(f: Function) -> bool:
    """Whether free function `f` may be passed where C++ takes a pointer of its type."""
    return not (f.template_params or f.is_variadic or any(
        p.type.signature or is_function(p.type) for p in f.params))


def note_pointer_functions(funcs: list[Function], ctx: Context) -> None:
    """Before anything is lowered: the function pointer types the module's free functions
    have (a pointer parameter of one of them is wrapped, taking those functions)."""
    count: dict[str, int] = {}
    for f in funcs:
        count[f.qualname] = count.get(f.qualname, 0) + 1
    ctx.pointer_functions.update(
        pointer_spelled(f.result, [p.type for p in f.params]) for f in funcs
        if count[f.qualname] == 1 and _stands_for_pointer(f) and not f.is_deleted
        and not any(d.name == "ignore"
                    for d in (*f.directives, *ctx.config.by_name.get(f.qualname, ()))))


def pointer_only(t: TypeRef, ctx: Context) -> bool:
    """A function pointer without user data that the module's own functions can be passed as."""
    return is_pointer(t) and not any(is_void_pointer(a) for a in t.signature[1:]) and \
        pointer_spelled(t.signature[0], t.signature[1:]) in ctx.pointer_functions


def note_params(f: Function, ctx: Context) -> None:
    """The function pointer types without user data that `f` takes from the module."""
    for p in f.params:
        if pointer_only(p.type, ctx):
            ctx.pointer_params.add(pointer_spelled(p.type.signature[0], p.type.signature[1:]))


def pointer_functions(ctx: Context) -> tuple[MacroCall, ...]:
    """SWIGGEN_FNPTR for each function pointer type without user data the module takes, then
    SWIGGEN_FNPTR_DIRECT for each function of the module of one of those types."""
    from .types import arg
    return tuple(MacroCall("SWIGGEN_FNPTR", (arg(sig),)) for sig in sorted(ctx.pointer_params)) \
        + tuple(MacroCall("SWIGGEN_FNPTR_DIRECT", (arg(sig), name, qualname))
                for sig, name, qualname in sorted(set(ctx.pointer_candidates))
                if sig in ctx.pointer_params)
