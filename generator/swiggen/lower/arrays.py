"""Array parameters and results: which parameter runs become numpy arrays, and why.

A run is a pointer to an arithmetic element followed by its integer dimensions:

    double mean(const double* data, size_t n);               // array: a 1-D input
    void scale(double* data, size_t n, double f);            // inplace_array: modified in place
    void iota(int* out, size_t n);                           // out_array: Python passes n
    void blur(const uint8_t* img, int h, int w, int c);      // array(img, h, w, c): 3-D

A directive names the run (`array(data, n)`); without one, a run is recognised when its names
say what it is (RULES below). SWIG matches typemaps by parameter types and names, so a decision
applies to every function with the same run; each becomes one arrays.swg macro line
(ArrayDecision), merged across the functions it serves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Directive, Param, TypeKind, TypeRef
from .context import Context, Directives
from .plan import ArrayDecision

#: C++ element (canonical spelling) -> numpy scalar type. `long` is LP64 (Linux, macOS).
ELEMENTS = {
    "bool": "bool_",
    "signed char": "int8", "unsigned char": "uint8",
    "short": "int16", "unsigned short": "uint16",
    "int": "int32", "unsigned int": "uint32",
    "long": "int64", "unsigned long": "uint64",
    "long long": "int64", "unsigned long long": "uint64",
    "float": "float32", "double": "float64",
    "std::complex<float>": "complex64", "std::complex<double>": "complex128",
}

#: directive -> arrays.swg macro stem; the number of dimensions is appended
MACROS = {"array": "SWIGGEN_ARRAY", "inplace_array": "SWIGGEN_INPLACE_ARRAY",
          "out_array": "SWIGGEN_OUT_ARRAY"}
MAX_DIMS = {"array": 3, "inplace_array": 3, "out_array": 1}

#: names recognised without a directive: a length after a pointer, or named dimensions
LENGTH_NAMES = frozenset({"n", "len", "length", "size", "count", "num", "nelem", "nelems"})
SHAPE_NAMES: dict[int, set[tuple[str, ...]]] = {
    2: {("rows", "cols"), ("nrows", "ncols"), ("height", "width"), ("h", "w")},
    3: {("height", "width", "channels"), ("h", "w", "c"), ("d0", "d1", "d2")},
}
OUT_NAMES = frozenset({"out", "output", "result", "dst", "dest"})


def dtype(element: str) -> str:
    return f"numpy.{ELEMENTS[element]}"


def ndarray(element: str) -> str:
    return f"numpy.typing.NDArray[{dtype(element)}]"


@dataclass(frozen=True)
class Run:
    """A decided run: `kind` (a directive name), its parameter indices, and why."""

    kind: str
    start: int
    ndim: int
    element: str
    rule: str

    @property
    def stop(self) -> int:
        return self.start + 1 + self.ndim


@dataclass
class ArrayParams:
    """What a function's array runs do to its Python signature."""

    runs: list[Run]

    def covers(self, i: int) -> Run | None:
        return next((r for r in self.runs if r.start <= i < r.stop), None)

    def indices(self) -> frozenset[int]:
        """The parameters the runs take (other rules leave them alone)."""
        return frozenset(i for r in self.runs for i in range(r.start, r.stop))


def element_of(t: TypeRef) -> str | None:
    """The element of a pointer to an arithmetic type we have a dtype for, else None."""
    if t.indirection != "*" or t.kind not in (TypeKind.INT, TypeKind.FLOAT, TypeKind.BOOL,
                                              TypeKind.CLASS):
        return None
    return t.canonical if t.canonical in ELEMENTS else None


def _is_dim(p: Param) -> bool:
    return p.type.kind is TypeKind.INT and not p.type.indirection


def lower_arrays(params: Sequence[Param], dirs: Directives, label: str,
                 ctx: Context) -> ArrayParams:
    """Decide the array runs of a parameter list (directives first, then names) and record
    their macros; `label` names the function in messages."""
    runs: list[Run] = []
    for d in (d for d in dirs.items if d.name in MACROS):
        run = _from_directive(d, params, label, ctx)
        if run and not any(r.start < run.stop and run.start < r.stop for r in runs):
            runs.append(run)
        elif run:
            ctx.diags.error(d.loc, "SG203", f"{d}: parameters of '{label}' are already part of "
                            "another array", "name each parameter in one directive only")
    taken = {i for r in runs for i in range(r.start, r.stop)}
    for i in range(len(params)):
        if i not in taken:
            run = _recognise(params, i)
            if run and all(j not in taken for j in range(run.start, run.stop)):
                runs.append(run)
                taken |= set(range(run.start, run.stop))
    for r in runs:
        run_params = params[r.start:r.stop]
        spelled = ", ".join(_spell(p) for p in run_params)
        ctx.arrays.append(ArrayDecision(f"{MACROS[r.kind]}{r.ndim}",
                                        (r.element, f"({spelled})"), (label,), r.rule))
    return ArrayParams(sorted(runs, key=lambda r: r.start))


def _spell(p: Param) -> str:
    t = p.type.spelling
    return f"{t}{'' if t.endswith('*') else ' '}{p.name}"


def _from_directive(d: Directive, params: Sequence[Param], label: str,
                    ctx: Context) -> Run | None:
    names = [p.name for p in params]

    def bad(what: str, hint: str) -> None:
        ctx.diags.error(d.loc, "SG203", f"{d} on '{label}': {what}", hint)

    missing = [a for a in d.args if a not in names]
    if missing:
        bad(f"no parameter named {', '.join(repr(m) for m in missing)}",
            f"name parameters of '{label}': {', '.join(names) or '(none)'}")
        return None
    start = names.index(d.args[0])
    ndim = len(d.args) - 1
    if ndim > MAX_DIMS[d.name]:
        bad(f"{d.name} takes at most {MAX_DIMS[d.name]} dimension(s), got {ndim}",
            f"write {d.name}(pointer, length)")
        return None
    if [names.index(a) for a in d.args] != list(range(start, start + ndim + 1)):
        bad("the pointer and its dimensions must be adjacent parameters, in that order",
            f"e.g. {d.name}(data, n) for '(double* data, size_t n)'")
        return None
    ptr = params[start]
    element = element_of(ptr.type)
    if element is None:
        bad(f"'{ptr.name}' is {ptr.type.spelling}, not a pointer to an arithmetic type",
            "arrays take bool, integer, float, double or std::complex<float|double> elements")
        return None
    if d.name == "array" and not ptr.type.is_const:
        bad(f"'{ptr.name}' is not a pointer to const, so the function may write to it",
            f"use inplace_array({', '.join(d.args)}), or out_array if it only writes")
        return None
    if d.name != "array" and ptr.type.is_const:
        bad(f"'{ptr.name}' points to const, so the function cannot write to it",
            f"use array({', '.join(d.args)})")
        return None
    dims = params[start + 1:start + 1 + ndim]
    if not all(_is_dim(p) for p in dims):
        bad("dimensions must be integer parameters passed by value",
            f"e.g. {d.name}(data, n) for '(double* data, size_t n)'")
        return None
    return Run(d.name, start, ndim, element, f"{d} at line {d.loc.line}")


def _recognise(params: Sequence[Param], i: int) -> Run | None:
    """A run at `i` whose names make the intent unambiguous (RULES in the module docstring)."""
    ptr = params[i]
    element = element_of(ptr.type)
    if element is None:
        return None
    dims: list[str] = []
    for p in params[i + 1:i + 4]:
        if not _is_dim(p):
            break
        dims.append(p.name)
    shape = None
    for ndim in (3, 2):
        if tuple(dims[:ndim]) in SHAPE_NAMES[ndim]:
            shape = ndim
            break
    if shape is None and dims and (dims[0] in LENGTH_NAMES or dims[0] in (
            f"{ptr.name}_len", f"{ptr.name}_size", f"n_{ptr.name}", f"n{ptr.name}")):
        shape = 1
    if shape is None:
        return None
    names = ", ".join([ptr.name, *dims[:shape]])
    if ptr.type.is_const:
        kind = "array"
    elif ptr.name in OUT_NAMES and shape == 1:
        kind = "out_array"
    else:
        kind = "inplace_array"
    return Run(kind, i, shape, element, f"recognised by name as {kind}({names})")


def merge(decisions: Sequence[ArrayDecision]) -> tuple[ArrayDecision, ...]:
    """One macro line per (macro, args), naming every function it serves, in first-seen order."""
    merged: dict[tuple[str, tuple[str, ...]], ArrayDecision] = {}
    for d in decisions:
        key = (d.macro, d.args)
        if key in merged:
            old = merged[key]
            if d.functions[0] not in old.functions:
                merged[key] = ArrayDecision(d.macro, d.args, old.functions + d.functions,
                                            old.rule)
        else:
            merged[key] = d
    return tuple(merged.values())
