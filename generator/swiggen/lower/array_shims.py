"""Array shims: C++ overloads swiggen adds where SWIG's array typemaps cannot reach.

SWIG matches a multi-argument typemap to *adjacent* parameters, so arrays.swg can turn
`(const double* a, int rows, int cols)` into one numpy argument, but not

    // swiggen: array(a, m, k), array(b, k, n), inplace_array(c, m, n)
    void matmul(const double* a, const double* b, double* c, int m, int k, int n);

where the dimensions follow all the pointers (BLAS style), `k` is shared by two arrays, and
`m`, `n` by an input and an output. For such a function lower adds an overload that has one
adjacent run per array, %ignores the original, and calls it:

    void matmul(const double *a, int a_m, int a_k, const double *b, int b_k, int b_n,
                double *c, int c_m, int c_n) {
      swiggen_same_dim("matmul", "k", "a", 1, {a_m, a_k}, "b", 0, {b_k, b_n});   // ValueError
      ...
      return ns::matmul(a, b, c, a_m, a_k, b_n);
    }

An `out_array` of several dimensions is a holder parameter (`swiggen_array *swiggen_out_dst`,
no Python argument) that the shim fills with a new array shaped from other arrays' dimensions
and from the dimensions only out arrays name, which stay int arguments:
`out_array(dst, oh, ow, c)` with `array(src, h, w, c)` takes `(src, oh, ow)` and returns `dst`.

Free functions get the overload in their namespace (`%inline`), methods and constructors through
`%extend`; the template (array_shim.i.j2) prints `ArrayShim` records, arrays.swg has the
helpers. The shim keeps the function's name, so renames, docstrings, keyword arguments and
exception translation apply to it as they would to the original.

Defaults and overloads: the shim keeps each parameter's default (an array's pointer default makes
the array optional: its dimensions default to 0 and its shape checks are skipped). Where the
shim's parameter types would be the original's, or it has defaults, it opens with a
`swiggen_shim_tag` (then its out holders): no call meant for the original, with or without its
defaults, can then reach the shim, nor the reverse, and the %ignore of the original's forms
without its trailing defaults (array_overloads.py) never matches one of the shim's. Argument
errors count the shim's parameters (ArrayParams.position), so the tag's place does not matter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import Param, TypeRef
from .array_exprs import render
from .shimrecords import ArrayShim, DimCheck, OutArray
from .types import cpp_type

if TYPE_CHECKING:
    from .arrays import Run


@dataclass(frozen=True)
class ShimSite:
    """Where the function lives: what a shim needs to declare and call it."""

    kind: str  #: "function", "method", "static" or "constructor"
    qualname: str  #: ns::f, ns::Cls::f, or ns::Cls::Cls
    owner: str  #: the class (methods, constructors), else ""
    name: str  #: the C++ name
    result: TypeRef | None
    is_const: bool
    nogil: bool


def shim_params(params: Sequence[Param]) -> list[str]:
    """Every parameter's name in the shim (unnamed parameters get one)."""
    return [p.name or f"swiggen_arg{i}" for i, p in enumerate(params)]


@dataclass
class _Entry:
    """One parameter of the shim: its declaration, default, and C++ type (to compare)."""

    text: str
    default: str | None
    type: str
    fallback: str | None = None  #: a default it takes only after a defaulted parameter
    index: int = -1  #: the original's parameter Python passes here (an array's: its pointer)


def build_shim(site: ShimSite, params: Sequence[Param], runs: Sequence["Run"],
               label: str) -> tuple[ArrayShim, list[tuple["Run", tuple[str, ...]]],
                                    dict[int, int]]:
    """The shim for `runs`, the input and in-place runs with the shim's own spelling of
    their pointer and dimensions, for arrays.swg's macros, and where each parameter Python
    passes stands in the shim (original index -> shim index, for argument errors)."""
    names = shim_params(params)
    taken = set(names)
    by_ptr = {r.start: r for r in runs}
    # each dimension parameter's value in the shim: the first input axis that names it
    first: dict[int, str] = {}
    axis_var: dict[tuple[int, int], str] = {}
    for r in sorted(runs, key=lambda r: r.start):
        if r.kind == "out_array":
            continue
        for axis, d in enumerate(r.dims):
            # the first axis a dimension is read from keeps its name (messages say 'n')
            var = names[d] if d not in first else f"{names[r.start]}_{names[d]}"
            while var in taken and var != names[d]:
                var = "swiggen_" + var
            taken.add(var)
            axis_var[(r.start, axis)] = var
            first.setdefault(d, var)
        for d in r.strides:  # a stride parameter belongs to its one array: it keeps its name
            first[d] = names[d]
    dims = {d for r in runs for d in (*r.dims, *r.strides)}
    # dimensions an out_array computes (`n=len(a)`, `oh=round(rh*fy)`): a local of the shim,
    # evaluated (and checked) before the out arrays are allocated
    value_of = {i: first.get(i, names[i]) for i in range(len(params))}
    computed: dict[int, str] = {}
    sizes: list[tuple[str, str]] = []
    for r in runs:
        for e in r.exprs:
            var = names[e.dim]
            while var in taken and var != names[e.dim]:
                var = "swiggen_" + var
            taken.add(var)
            what = f"out array '{names[r.start]}': {names[e.dim]} = {e.text}"
            where = f"{_c_string(site.name)}, {_c_string(what)}"
            sizes.append((var, render(e.tokens, value_of, axis_var, where)))
            computed[e.dim] = var
    first.update(computed)
    entries: list[_Entry] = []
    call: list[str] = []
    macro_runs: list[tuple["Run", tuple[str, ...]]] = []
    outs: list[OutArray] = []
    optional: set[int] = set()  #: array pointers with a default: omitted, they are null
    for i, p in enumerate(params):
        name = names[i]
        run = by_ptr.get(i)
        if run is not None and run.kind != "out_array":
            # an array whose pointer has a default may be left out (its dims then too)
            opt = p.default is not None
            if opt:
                optional.add(i)
            run_entries = [_Entry(f"{_ptr_type(p.type)}{name}", p.default, _sig(p.type),
                                  index=i)] + [
                _Entry(f"{cpp_type(params[d].type, value=True)} {axis_var[(i, axis)]}",
                       (params[d].default or "0") if opt else None, _sig(params[d].type))
                for axis, d in enumerate(run.dims)] + [
                _Entry(f"{cpp_type(params[d].type, value=True)} {names[d]}",
                       (params[d].default or "0") if opt else None, _sig(params[d].type))
                for d in run.strides]
            entries += run_entries
            macro_runs.append((run, tuple(e.text for e in run_entries)))
            call.append(name)
        elif run is not None:  # an out array: filled by the shim, returned by the typemap
            holder = f"swiggen_out_{name}"
            entries.append(_Entry(f"swiggen_array *{holder}", None, "swiggen_array *",
                                  fallback="0"))
            shape = tuple(first.get(d, names[d]) for d in run.dims)
            axes = tuple(f"{names[d]} = {e.text}" if e is not None else names[d]
                         for d in run.dims
                         for e in [next((x for x in run.exprs if x.dim == d), None)])
            outs.append(OutArray(holder, run.element, name, shape, axes))
            call.append(f"({_ptr_type(p.type).strip()}){holder}->data()")
        elif i in dims:
            if i in computed:
                call.append(f"({cpp_type(p.type, value=True)}){computed[i]}")
            elif i in first:
                call.append(first[i])
            else:  # named by out arrays only: the caller says how large the result is
                entries.append(_Entry(f"{cpp_type(p.type, value=True)} {name}", p.default,
                                      _sig(p.type), index=i))
                call.append(name)
        else:
            entries.append(_Entry(f"{cpp_type(p.type)} {name}", p.default, _sig(p.type),
                                  index=i))
            call.append(name)
    if [e.type for e in entries] == [_sig(p.type) for p in params] or \
            any(e.default is not None for e in entries):
        # the original's parameter types (a dimension moved), or defaults (SWIG wraps the
        # shorter forms apart in an overload set, and C++ could take the shim's shorter forms
        # for the original's): the shim opens with a tag Python never sees (SWIGGEN_SHIM_TAG),
        # so no call of one can reach the other, and its out holders follow (before defaults)
        holders = [e for e in entries if e.fallback is not None]
        entries[:] = [_Entry("swiggen_shim_tag", None, "swiggen_shim_tag"), *holders,
                      *(e for e in entries if e.fallback is None)]
    _trailing_defaults(entries)
    decl = tuple(e.text + (f" = {e.default}" if e.default is not None else "")
                 for e in entries)
    checks = []
    for d in sorted(dims - {d for r in runs for d in r.strides}):
        seen = [(r, axis) for r in sorted(runs, key=lambda r: r.start)
                if r.kind != "out_array" for axis, dd in enumerate(r.dims) if dd == d]
        for r, axis in seen[1:]:
            a, a_axis = seen[0]
            guard = " && ".join(names[x] for x in (a.start, r.start) if x in optional)
            checks.append(DimCheck(names[d], names[a.start], a_axis, _shape(a, axis_var),
                                   names[r.start], axis, _shape(r, axis_var), guard))
    short = site.qualname.rsplit("::", 1)[-1]
    if site.kind == "constructor":
        target = f"new {site.owner}({', '.join(call)})"
        result = ""
    elif site.kind == "method":
        target = f"$self->{site.name}({', '.join(call)})"
        result = cpp_type(site.result) if site.result else "void"
    else:
        result = cpp_type(site.result) if site.result else "void"
        target = f"{site.qualname}({', '.join(call)})"
    namespace = site.qualname.rsplit("::", 1)[0] if "::" in site.qualname and \
        site.kind == "function" else ""
    return ArrayShim(
        function=label, kind=site.kind, owner=site.owner, namespace=namespace,
        name=short, result=result, params=decl, const=site.is_const,
        checks=tuple(checks), outs=tuple(outs), call=target, nogil=site.nogil,
        sizes=tuple(sizes),
    ), macro_runs, {e.index: k for k, e in enumerate(entries) if e.index >= 0}


def _trailing_defaults(entries: list[_Entry]) -> None:
    """C++ wants every parameter after a defaulted one defaulted: an out array's holder there
    takes its fallback (the typemap fills it all the same); should anything else lack one, the
    defaults before it go (Python must then pass those arguments)."""
    seen = False
    for e in entries:
        if e.default is not None:
            seen = True
        elif seen and e.fallback is not None:
            e.default = e.fallback
    last = max((k for k, e in enumerate(entries) if e.default is None), default=-1)
    for e in entries[:last]:
        e.default = None


def _sig(t: TypeRef) -> str:
    """A parameter's type as C++ overloading compares it (top-level const aside)."""
    return cpp_type(t) if t.indirection else cpp_type(t, value=True)


def _c_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _ptr_type(t: TypeRef) -> str:
    """`const double *` for a pointer parameter, spelled at global scope."""
    return cpp_type(t) + ("" if cpp_type(t).endswith("*") else " ")


def _shape(run: "Run", axis_var: dict[tuple[int, int], str]) -> tuple[str, ...]:
    return tuple(axis_var[(run.start, axis)]
                 for axis in range(len(run.dims)))
