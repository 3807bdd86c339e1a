"""What a function looks like from Python: its stub parameters and result annotation.

Array runs become one numpy argument (or none, for an out array a shim allocates),
out-parameters leave the signature and join the result, `numpy` results are ndarrays, and
defaults that are Python literals are kept for the text signature (signatures.py).
"""

from __future__ import annotations

import keyword
from collections.abc import Sequence
from dataclasses import replace

from ..model import Function, Param, TypeKind
from .arrays import ELEMENTS, ArrayParams, ndarray
from .context import Context, Directives
from .params import ParamShape, smart_pointee
from .plan import ArrayDecision
from .pyrecords import StubClass, StubFunction, StubParam
from .pydefaults import param_default
from .types import annotation, scalar_pointer


def stub_params(params: Sequence[Param], ctx: Context, arrays: ArrayParams | None = None,
                 shape: ParamShape | None = None) -> tuple[StubParam, ...]:
    out: list[StubParam] = []
    for i, p in enumerate(params):
        def add(param: StubParam) -> None:
            # (in an array shim, its own position: SWIG numbers the shim's arguments)
            at = arrays.position(i) if arrays else i  # noqa: B023 (called in this iteration)
            out.append(replace(param, cpp_index=at, positional_only=p.unnamed))  # noqa: B023

        name = p.name + "_" if keyword.iskeyword(p.name) else p.name
        run = arrays.covers(i) if arrays else None
        if shape is not None and shape.hidden(i):
            continue  # an out-parameter: returned, not passed
        if shape is not None and i in shape.annotations:
            add(StubParam(name, shape.annotations[i], p.default is not None,
                           param_default(p, shape.annotations[i], ctx.enum_members)))
        elif run is not None and arrays is not None and arrays.python_int(i):
            add(StubParam(name, "int", False))  # a dimension of an out array
        elif run is None:
            inout = next((o for o in shape.outs if o.index == i and o.inout), None) \
                if shape is not None else None
            py = inout.annotation if inout else annotation(p.type, ctx, param=True)
            if shape is not None and i not in shape.nullable and p.type.indirection == "*":
                py = py.removesuffix(" | None")  # None raises TypeError (nullable.swg)
            pointee = smart_pointee(p.type, ctx) if inout is None else None
            if pointee:  # a std::unique_ptr/shared_ptr takes its class; None where nullable
                py = f"{pointee} | None" if shape is not None and i in shape.nullable \
                    else pointee
            expected = f"a C++ {p.type.spelling} from another call" \
                if scalar_pointer(p.type) and inout is None else ""
            add(StubParam(name, py, p.default is not None,
                          param_default(p, py, ctx.enum_members), expected=expected))
        elif i == run.start:  # the run is one Python argument, named after its pointer
            if run.kind == "out_array" and arrays is not None and arrays.shim:
                continue  # allocated by the shim, shaped by other arguments
            if run.kind == "out_array":
                add(StubParam(name, "int", False))  # the length of the result
            elif run.kind == "array":  # (a defaulted pointer: left out, it is null)
                add(StubParam(name, "numpy.typing.ArrayLike", p.default is not None))
            else:
                add(StubParam(name, ndarray(run.element), p.default is not None))
    return positional_prefix(out)


def positional_prefix(params: Sequence[StubParam]) -> tuple[StubParam, ...]:
    """`params` with every one up to the last unnamed one positional-only: Python's `/` ends
    the positional-only parameters, so a named C++ parameter before an unnamed one is passed by
    position too (`f(int a, int, int c)` is `f(a, arg1, /, c)`)."""
    last = max((i for i, p in enumerate(params) if p.positional_only), default=-1)
    return tuple(replace(p, positional_only=i <= last) for i, p in enumerate(params))


def stub_returns(f: Function, dirs: Directives, arrays: ArrayParams, ctx: Context,
             shape: ParamShape) -> str:
    """The stub's return annotation: numpy results, and out arrays and out-parameters appended
    to the result (which a status result or `false_is` leaves out)."""
    result = annotation(f.result, ctx)
    numpy_element = numpy_return(f, dirs, ctx)
    if numpy_element:
        result = ndarray(numpy_element)
    if shape.drops_result:
        result = "None"
    outs = [ndarray(r.element) for r in arrays.runs if r.kind == "out_array"] + \
        [o.annotation for o in shape.outs]
    if not outs:
        return result
    values = ([] if result == "None" else [result]) + outs
    return values[0] if len(values) == 1 else f"tuple[{', '.join(values)}]"


def numpy_return(f: Function, dirs: Directives, ctx: Context) -> str | None:
    """`numpy`: a std::vector<arithmetic> result becomes an array (moved, not copied)."""
    found = dirs.all("numpy")
    if not found:
        return None
    t, e = f.result, f.result.element
    element = e.canonical if e is not None and not e.indirection else ""
    if t.kind is not TypeKind.VECTOR or t.indirection not in ("", "&") or \
            element not in ELEMENTS:
        ctx.diags.error(found[0].loc, "SG203", f"directive 'numpy' on '{f.qualname}': the "
                        f"result is {t.spelling}, not a std::vector of an arithmetic type",
                        "use 'numpy' on functions returning std::vector<T> by value")
        return None
    ctx.arrays.append(ArrayDecision("SWIGGEN_NUMPY_RETURN", (element, f.name), (f.qualname,),
                                    f"{found[0]} at line {found[0].loc.line}"))
    return element


def unshadowed(fns: Sequence[StubFunction]) -> tuple[StubFunction, ...]:
    """The stub overloads without those an earlier overload of the same name already accepts
    (`isMember(key: str)` for both `const char*` and `std::string`; `str` after `str | None`):
    mypy rejects an overload that can never be matched. A name left with one overload is
    plain; a name given twice (`__add__` of two `operator+`) is an overload set."""
    given: dict[str, int] = {}
    for f in fns:
        given[f.name] = given.get(f.name, 0) + 1
    kept: list[StubFunction] = []
    for f in (replace(f, overloaded=True) if given[f.name] > 1 else f for f in fns):
        if f.overloaded and any(_covers(k, f) for k in kept):
            continue
        kept.append(f)
    counts: dict[str, int] = {}
    for f in kept:
        counts[f.name] = counts.get(f.name, 0) + 1
    return tuple(replace(f, overloaded=False) if f.overloaded and counts[f.name] == 1 else f
                 for f in _array_likes_last(kept))


def _array_likes_last(fns: list[StubFunction]) -> list[StubFunction]:
    """Within an overload set, the overloads taking an `ArrayLike` after the others: an
    array-like is also a number (`twice(a: ArrayLike)` then `twice(x: float)` can never match
    the second, says mypy). A number goes to the scalar overload at run time too: the array
    typemaps' typecheck wants a buffer or a sequence."""
    def takes_array(f: StubFunction) -> bool:
        return any("ArrayLike" in p.annotation for p in f.params)
    order = {name: i for i, name in reversed(list(enumerate(f.name for f in fns)))}
    return sorted(fns, key=lambda f: (order[f.name], f.overloaded and takes_array(f)))


def _covers(k: StubFunction, f: StubFunction) -> bool:
    if k.name != f.name or not k.overloaded or len(k.params) != len(f.params) or \
            k.is_static != f.is_static:
        return False
    return all(set(b.annotation.split(" | ")) <= set(a.annotation.split(" | ")) and
               a.has_default == b.has_default and a.name == b.name
               for a, b in zip(k.params, f.params))


def unshadowed_class(c: StubClass) -> StubClass:
    return replace(c, methods=unshadowed(c.methods),
                   classes=tuple(unshadowed_class(n) for n in c.classes))
