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
from dataclasses import dataclass, field, replace

from ..model import Directive, Param, TypeKind, TypeRef
from .array_exprs import DimExpr, ExprError, parse_dim_expr
from .array_overloads import rank, shorter_forms
from .array_shims import ShimSite, build_shim
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
MAX_DIMS = {"array": 3, "inplace_array": 3, "out_array": 3}

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
    """A decided run: `kind` (a directive name), the pointer's parameter index, the indices of
    its dimension parameters (one per axis), and why."""

    kind: str
    start: int
    dims: tuple[int, ...]
    element: str
    rule: str
    strides: tuple[int, ...] = ()  #: stride parameters (`strided`), one per axis
    #: out arrays: dimensions computed from other arguments (`out_array(out, n=len(a))`)
    exprs: tuple[DimExpr, ...] = ()

    @property
    def ndim(self) -> int:
        return len(self.dims)

    @property
    def adjacent(self) -> bool:
        """The dimensions follow the pointer, in order: arrays.swg's macros match it as is."""
        return self.dims == tuple(range(self.start + 1, self.start + 1 + self.ndim))


@dataclass
class ArrayParams:
    """What a function's array runs do to its Python signature. With `shim`, the function is
    called through an ArrayShim: dimensions named only by out arrays stay int arguments."""

    runs: list[Run]
    shim: bool = False
    #: a shim's parameter positions: original index -> index in the shim (SWIG's argnum - 1)
    positions: dict[int, int] = field(default_factory=dict)

    def position(self, i: int) -> int:
        """Where parameter i stands in the C++ function SWIG wraps (the shim, if any)."""
        return self.positions.get(i, i)

    def covers(self, i: int) -> Run | None:
        return next((r for r in self.runs if i == r.start or i in r.dims or i in r.strides),
                    None)

    def python_int(self, i: int) -> bool:
        """Parameter i is a dimension that only out arrays name: an int argument of a shim
        (unless the directive computes it)."""
        return self.shim and any(i in r.dims for r in self.runs) and all(
            i not in r.dims for r in self.runs if r.kind != "out_array") and not any(
            e.dim == i for r in self.runs for e in r.exprs)

    def indices(self) -> frozenset[int]:
        """The parameters the runs take (other rules leave them alone)."""
        return frozenset(i for r in self.runs for i in (r.start, *r.dims, *r.strides))


def element_of(t: TypeRef) -> str | None:
    """The element of a pointer to an arithmetic type we have a dtype for, else None."""
    if t.indirection != "*" or t.kind not in (TypeKind.INT, TypeKind.FLOAT, TypeKind.BOOL,
                                              TypeKind.CLASS, TypeKind.STD):
        return None
    return t.canonical if t.canonical in ELEMENTS else None


def _is_dim(p: Param) -> bool:
    return p.type.kind is TypeKind.INT and not p.type.indirection


def lower_arrays(params: Sequence[Param], dirs: Directives, label: str,
                 ctx: Context, site: ShimSite | None = None) -> ArrayParams:
    """Decide the array runs of a parameter list (directives first, then names) and record
    their macros; `label` names the function in messages. Runs that SWIG's typemaps cannot
    match (shared or distant dimensions, N-D out arrays) go through an ArrayShim at `site`."""
    runs: list[Run] = []
    for d in (d for d in dirs.items if d.name in MACROS):
        run = _from_directive(d, params, label, ctx)
        if run and not any(_overlap(r, run) for r in runs):
            runs.append(run)
        elif run:
            ctx.diags.error(d.loc, "SG203", f"{d}: parameters of '{label}' are already part of "
                            "another array", "name each pointer in one directive only, and "
                            "never a pointer as a dimension")
    runs = _with_strides(runs, params, dirs, label, ctx)
    runs = _with_exprs(runs, params, dirs, label, ctx)
    taken = {i for r in runs for i in (r.start, *r.dims, *r.strides)}
    for i in range(len(params)):
        if i not in taken:
            run = _recognise(params, i)
            if run and all(j not in taken for j in (run.start, *run.dims)):
                runs.append(run)
                taken |= {run.start, *run.dims}
    runs.sort(key=lambda r: r.start)
    _warn_unnamed_dims(params, runs, label, ctx)
    shared = len(taken) < len(runs) + sum(r.ndim + len(r.strides) for r in runs)
    shim = shared or any(not r.adjacent or not _strides_follow(r) or r.exprs or
                         (r.kind == "out_array" and r.ndim > 1) for r in runs)
    if shim and site is None:
        d = next(d for d in dirs.items if d.name in MACROS)
        ctx.diags.error(d.loc, "SG203", f"{d}: the arrays of '{label}' share dimensions or "
                        "name them apart from their pointer, which only functions, methods and "
                        "constructors support", "name each array's dimensions right after it")
        return ArrayParams([])
    if shim and site is not None:
        shim_record, shim_runs, positions = build_shim(site, params, runs, label)
        ctx.array_shims.append(shim_record)
        for r, shim_spelled in shim_runs:
            macro = "SWIGGEN_STRIDED_ARRAY" if r.strides else MACROS[r.kind]
            ctx.arrays.append(ArrayDecision(f"{macro}{r.ndim}",
                                            (r.element, f"({', '.join(shim_spelled)})"),
                                            (label,), f"{r.rule}, through its array shim"))
            ctx.arrays += rank(r, f"({', '.join(shim_spelled)})", label)
        if shim_record.outs:
            ctx.arrays.append(ArrayDecision("SWIGGEN_OUT_HOLDER", (), (label,),
                                            "the out arrays of array shims"))
        if "swiggen_shim_tag" in shim_record.params:
            ctx.arrays.append(ArrayDecision("SWIGGEN_SHIM_TAG", (), (label,),
                                            "array shims opening with a tag (the original's "
                                            "types, or defaults)"))
        ctx.ignores += shorter_forms(site, params)
        return ArrayParams(runs, shim=True, positions=positions)
    for r in runs:
        run_params = params[r.start:r.start + 1 + r.ndim + len(r.strides)]
        spelled = ", ".join(_spell(p) for p in run_params)
        macro = "SWIGGEN_STRIDED_ARRAY" if r.strides else MACROS[r.kind]
        ctx.arrays.append(ArrayDecision(f"{macro}{r.ndim}",
                                        (r.element, f"({spelled})"), (label,), r.rule))
        ctx.arrays += rank(r, f"({spelled})", label)
    return ArrayParams(runs)


def _strides_follow(r: Run) -> bool:
    """No strides, or one per axis right after the dimensions: arrays.swg's strided macros
    match the run as is."""
    after = r.start + 1 + r.ndim
    return r.strides in ((), tuple(range(after, after + r.ndim)))


def _with_strides(runs: list[Run], params: Sequence[Param], dirs: Directives, label: str,
                  ctx: Context) -> list[Run]:
    """Attach each `strided(p, s0...)` directive's stride parameters to p's `array` run."""
    names = [p.name for p in params]
    for d in dirs.all("strided"):
        def bad(what: str, hint: str) -> None:
            ctx.diags.error(d.loc, "SG203", f"{d} on '{label}': {what}", hint)

        at = next((k for k, r in enumerate(runs) if names[r.start] == d.args[0]), None)
        missing = [a for a in d.args[1:] if a not in names]
        if at is None or runs[at].kind != "array":
            bad(f"'{d.args[0]}' is not an array(...) input of this function",
                f"annotate it array({d.args[0]}, dims...) too; only const inputs are strided")
        elif missing:
            bad(f"no parameter named {', '.join(repr(m) for m in missing)}",
                f"name parameters of '{label}': {', '.join(names)}")
        elif len(d.args) - 1 != runs[at].ndim:
            bad(f"'{d.args[0]}' has {runs[at].ndim} dimension(s), so it takes "
                f"{runs[at].ndim} stride(s), got {len(d.args) - 1}", "name one stride per axis")
        elif not all(_is_dim(params[names.index(a)]) for a in d.args[1:]):
            bad("strides must be integer parameters passed by value",
                "e.g. strided(p, sy, sx) for '(..., long sy, long sx)'")
        else:
            runs[at] = replace(runs[at], strides=tuple(names.index(a) for a in d.args[1:]),
                               rule=f"{runs[at].rule}, {d}")
    return runs


def _with_exprs(runs: list[Run], params: Sequence[Param], dirs: Directives, label: str,
               ctx: Context) -> list[Run]:
    """Attach each out_array's computed dimensions (`n=len(a)`: array_exprs.py)."""
    names = [p.name for p in params]
    inputs = {r.start: r.ndim for r in runs if r.kind != "out_array"}
    computed = {names.index(a.partition("=")[0].strip())
                for d in dirs.all("out_array") for a in d.args[1:] if "=" in a
                if a.partition("=")[0].strip() in names}
    ints = {i for i, p in enumerate(params) if _is_dim(p) and i not in computed}
    for d in dirs.all("out_array"):
        at = next((k for k, r in enumerate(runs) if r.kind == "out_array" and d.args and
                   names[r.start] == d.args[0]), None)
        if at is None:
            continue
        exprs = []
        for a in d.args[1:]:
            dim, eq, text = a.partition("=")
            if not eq:
                continue
            try:
                tokens = parse_dim_expr(text, params, inputs, ints)
            except ExprError as exc:
                ctx.diags.error(d.loc, "SG203", f"{d} on '{label}': {exc}",
                                "e.g. out_array(out, n=len(a)), n=a.shape[0]*2 or "
                                "n=round(m*scale)")
                return [r for r in runs if r.kind != "out_array" or names[r.start] != d.args[0]]
            exprs.append(DimExpr(names.index(dim.strip()), text.strip(), tokens))
        runs[at] = replace(runs[at], exprs=tuple(exprs))
    return runs


def _overlap(a: Run, b: Run) -> bool:
    """Two runs may share dimensions, but not a pointer, and no pointer is a dimension."""
    return a.start == b.start or a.start in b.dims or b.start in a.dims


def _warn_unnamed_dims(params: Sequence[Param], runs: Sequence[Run], label: str,
                       ctx: Context) -> None:
    """An integer parameter right after a directive's pointer-and-dims run that no run names
    is most likely one more dimension of that array (`array(src, h, w)` on `(src, h, w, c)`):
    the C++ would read past what the annotation promises. Say so (SG390); not after a run of
    the most dimensions a directive takes, nor of a parameter with a default."""
    named = {i for r in runs for i in (r.start, *r.dims, *r.strides)} | {
        t[1] for r in runs for e in r.exprs for t in e.tokens if isinstance(t, tuple)}
    for r in runs:
        if not r.rule.startswith(r.kind + "(") or not r.adjacent:
            continue
        nxt = r.start + 1 + r.ndim + len(r.strides)
        # (not after a 3-D run, which takes no more dimensions, nor a defaulted parameter)
        if nxt < len(params) and nxt not in named and _is_dim(params[nxt]) and \
                r.ndim < MAX_DIMS[r.kind] and params[nxt].default is None:
            p = params[nxt]
            run = f"{r.kind}({', '.join(params[i].name for i in (r.start, *r.dims))})"
            ctx.diags.warning(p.loc, "SG390",
                              f"'{label}': integer parameter '{p.name}' follows {run} but is "
                              "in no array directive: Python passes it, unchecked against the "
                              "array",
                              f"add it to the directive if it is one more dimension of "
                              f"'{params[r.start].name}', or name it in the array it belongs to "
                              "(arrays may share dimensions)")


def _spell(p: Param) -> str:
    t = p.type.spelling
    return f"{t}{'' if t.endswith('*') else ' '}{p.name}"


def _from_directive(d: Directive, params: Sequence[Param], label: str,
                    ctx: Context) -> Run | None:
    names = [p.name for p in params]

    def bad(what: str, hint: str) -> None:
        ctx.diags.error(d.loc, "SG203", f"{d} on '{label}': {what}", hint)

    if d.name != "out_array" and any("=" in a for a in d.args):
        bad("only out_array computes a dimension (NAME=EXPRESSION)",
            "name the dimension parameter alone")
        return None
    # `n=len(a)`: the dimension n, computed (_with_exprs); here only its name counts
    d = replace(d, args=tuple(a.partition("=")[0].strip() for a in d.args))
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
    dims = tuple(names.index(a) for a in d.args[1:])
    if (len(dims) == 1 and d.name != "array" and params[dims[0]].type.kind is TypeKind.INT
            and params[dims[0]].type.indirection == "*" and not params[dims[0]].type.is_const):
        bad(f"'{d.args[1]}' is a pointer, so C reads a capacity there and writes a length back",
            f"an output buffer with an in/out length: write `bytes({', '.join(d.args)})`, or "
            "nothing — swiggen finds the shape")
        return None
    if not all(_is_dim(params[i]) for i in dims):
        bad("dimensions must be integer parameters passed by value",
            f"e.g. {d.name}(data, n) for '(double* data, size_t n)'")
        return None
    return Run(d.name, start, dims, element, f"{d} at line {d.loc.line}")


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
    return Run(kind, i, tuple(range(i + 1, i + 1 + shape)), element,
               f"recognised by name as {kind}({names})")


def merge(decisions: Sequence[ArrayDecision]) -> tuple[ArrayDecision, ...]:
    """One macro line per (macro, args), naming every function it serves, in first-seen order."""
    merged: dict[tuple[str, tuple[str, ...]], ArrayDecision] = {}
    # a typecheck rank matters only among overloads (their labels carry the signature)
    overloaded = {d.args for d in decisions if d.macro == "SWIGGEN_ARRAY_RANK" and
                  any("(" in f for f in d.functions)}
    for d in decisions:
        if d.macro == "SWIGGEN_ARRAY_RANK" and d.args not in overloaded:
            continue
        key = (d.macro, d.args)
        if key in merged:
            old = merged[key]
            if d.functions[0] not in old.functions:
                merged[key] = ArrayDecision(d.macro, d.args, old.functions + d.functions,
                                            old.rule)
        else:
            merged[key] = d
    return tuple(merged.values())
