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


def build_shim(site: ShimSite, params: Sequence[Param], runs: Sequence["Run"],
               label: str) -> tuple[ArrayShim, list[tuple["Run", tuple[str, ...]]]]:
    """The shim for `runs`, and the input and in-place runs with the shim's own spelling of
    their pointer and dimensions, for arrays.swg's macros."""
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
    # dimensions an out_array computes (`n=len(a)`): an expression, not a parameter
    value_of = {i: first.get(i, names[i]) for i in range(len(params))}
    computed = {e.dim: f"({render(e.tokens, value_of, axis_var)})"
                for r in runs for e in r.exprs}
    first.update(computed)
    decl: list[str] = []
    call: list[str] = []
    macro_runs: list[tuple["Run", tuple[str, ...]]] = []
    outs: list[OutArray] = []
    for i, p in enumerate(params):
        name = names[i]
        run = by_ptr.get(i)
        if run is not None and run.kind != "out_array":
            spelled = [f"{_ptr_type(p.type)}{name}"] + [
                f"{cpp_type(params[d].type, value=True)} {axis_var[(i, axis)]}"
                for axis, d in enumerate(run.dims)] + [
                f"{cpp_type(params[d].type, value=True)} {names[d]}" for d in run.strides]
            decl += spelled
            macro_runs.append((run, tuple(spelled)))
            call.append(name)
        elif run is not None:  # an out array: filled by the shim, returned by the typemap
            holder = f"swiggen_out_{name}"
            decl.append(f"swiggen_array *{holder}")
            shape = tuple(first.get(d, names[d]) for d in run.dims)
            outs.append(OutArray(holder, run.element, name, shape))
            call.append(f"({_ptr_type(p.type).strip()}){holder}->data()")
        elif i in dims:
            if i in computed:
                call.append(f"({cpp_type(p.type, value=True)}){computed[i]}")
            elif i in first:
                call.append(first[i])
            else:  # named by out arrays only: the caller says how large the result is
                decl.append(f"{cpp_type(p.type, value=True)} {name}")
                call.append(name)
        else:
            default = f" = {p.default}" if p.default is not None and site.kind == "function" \
                else ""
            decl.append(f"{cpp_type(p.type)} {name}{default}")
            call.append(name)
    if len(decl) == len(params):
        # as many parameters as the original (a strided run in place): a C++ overload needs
        # another signature, so the shim takes a tag Python never sees (SWIGGEN_SHIM_TAG)
        decl.append("swiggen_shim_tag")
    checks = []
    for d in sorted(dims - {d for r in runs for d in r.strides}):
        seen = [(r, axis) for r in sorted(runs, key=lambda r: r.start)
                if r.kind != "out_array" for axis, dd in enumerate(r.dims) if dd == d]
        for r, axis in seen[1:]:
            a, a_axis = seen[0]
            checks.append(DimCheck(names[d], names[a.start], a_axis, _shape(a, axis_var),
                                   names[r.start], axis, _shape(r, axis_var)))
    short = site.qualname.rsplit("::", 1)[-1]
    if site.kind == "constructor":
        target = f"new {site.owner}({', '.join(call)})"
        result = ""
    elif site.kind == "method":
        target = f"$self->{site.name}({', '.join(call)})"
        result = cpp_type(site.result) if site.result else "void"
    else:
        target = f"{site.qualname}({', '.join(call)})"
        result = cpp_type(site.result) if site.result else "void"
    namespace = site.qualname.rsplit("::", 1)[0] if "::" in site.qualname and \
        site.kind == "function" else ""
    return ArrayShim(
        function=label, kind=site.kind, owner=site.owner, namespace=namespace,
        name=short, result=result, params=tuple(decl), const=site.is_const,
        checks=tuple(checks), outs=tuple(outs), call=target, nogil=site.nogil,
    ), macro_runs


def _ptr_type(t: TypeRef) -> str:
    """`const double *` for a pointer parameter, spelled at global scope."""
    return cpp_type(t) + ("" if cpp_type(t).endswith("*") else " ")


def _shape(run: "Run", axis_var: dict[tuple[int, int], str]) -> tuple[str, ...]:
    return tuple(axis_var[(run.start, axis)]
                 for axis in range(len(run.dims)))
