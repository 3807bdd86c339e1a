"""cffiplan: which free functions a PyPy build also calls through cffi (issue #39, item 4).

Under PyPy a call through the C API goes through cpyext, 10-40x a CPython call; a call through
cffi's API mode costs about what a CPython call does. A free function whose conversions cffi
makes as swiggen does gets an `extern "C"` shim in the wrapper (templates/python/cffi.i.j2), and
under PyPy NAME.py calls the shim through `_NAME_cffi` when it was built
(compile/cffibuild.py, templates/python/cffi.py.j2). Eligible (docs/pypy.md):

    int add(int a, int b = 2);                 namespace scope or extern "C", one overload
    double scale(double x, float f) noexcept;  every parameter bool, an integer, float, double
    void reset();                              the result one of those, or void
    size_t count(int64_t);                     integer typedefs too (by their canonical type)

Not eligible, so called as before: overload sets, templates, operators, anything with a
directive other than `nogil` and `rename` (ownership, out-parameters, buffers, callbacks,
status results, keep-alive, throws), enums, chars, pointers, references, defaults the stub
cannot write as a literal of the parameter's type, and anything else swiggen left out.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..model import Directive, Function, TypeKind, TypeRef
from .cffioverloads import overload_set
from .cffirecords import CffiFunction, CffiOverloads, CffiParam
from .context import Context
from .pydefaults import literal
from .pyrecords import StubFunction

#: the C types a scalar converts as, by its canonical C++ spelling
_INTS = {"short", "unsigned short", "int", "unsigned int", "long", "unsigned long",
         "long long", "unsigned long long"}
_FLOATS = {"float", "double"}
#: directives that do not change how a function converts its arguments
_NEUTRAL = {"nogil", "rename"}


def cffi_functions(functions: Sequence[Function], stubs: Sequence[StubFunction],
                   ctx: Context, direct: Collection[str] = ()
                   ) -> tuple[tuple[CffiFunction, ...], tuple[CffiOverloads, ...]]:
    """The eligible ones of the headers' free functions `functions`, in their order, and the
    overload sets with members it calls (lower/cffioverloads.py); `stubs`: the module's final
    stub functions (the Python names and signatures); `direct`: the arguments of the plan's
    SWIGGEN_DIRECT and SWIGGEN_FNPTR lines (a function C++ calls directly when Python passes
    it as a callback must stay the C API's function object)."""
    sets: dict[str, list[Function]] = {}
    for f in functions:
        if not f.is_deleted:
            sets.setdefault(f.qualname, []).append(f)
    by_name: dict[str, list[StubFunction]] = {}
    for s in stubs:
        by_name.setdefault(s.name, []).append(s)
    renames = {r.target: r.name for r in ctx.renames}
    ignored = {i.target for i in ctx.ignores}
    special = {feat.target for feat in ctx.features
               if (feat.name, feat.value) not in (("kwargs", "0"), ("except", "0"))}
    special |= {t.target for t in ctx.throws}
    special |= {t for a in ctx.arrays if a.macro != "SWIGGEN_NOGIL" for t in a.functions}
    special |= {t for p in ctx.params for t in p.functions}
    special |= set(ctx.nothrow)
    flagged = {a for m in ctx.ownership for a in m.args} | set(ctx.symbol_flags)

    def plain(f: Function, name: str) -> bool:
        """Nothing but its types decides how `f` (Python name `name`) converts."""
        return not (f.template_params or f.is_variadic or f.is_hidden_friend
                    or f.name.startswith("operator") or f.qualname in ignored
                    or f.qualname + f.signature in ignored or f.qualname in special
                    or any(name in s for s in flagged) or f.qualname in direct
                    or name in direct
                    or any(d.name not in _NEUTRAL for d in ctx.all_directives(f)))

    out: list[CffiFunction] = []
    overloads: list[CffiOverloads] = []
    done: set[str] = set()
    named = {n: len(s) for n, s in by_name.items()}  # (Python name: how many stubs)
    taken: set[str] = set()  # Python names a cffi function or set already stands for
    for f in functions:
        if f.is_deleted or f.qualname in done:
            continue
        done.add(f.qualname)
        members = sets[f.qualname]
        if len(members) > 1:
            # an overload's rename is keyed by its signature (lower/functions.py: a user's, or
            # SG334's for a second namespace's set of the same name): every member must have
            # the same Python name, and that name stand for these members alone
            names = {renames.get(m.qualname + m.signature, renames.get(m.qualname, m.name))
                     for m in members}
            name = names.pop() if len(names) == 1 else ""
            if not name or name in taken or named.get(name) != len(members):
                continue
            def member(m: Function, tag: str, name: str = name) -> CffiFunction | None:
                return _function(m, name, None, ctx.all_directives(m), tag)

            dispatched = overload_set(name, members, by_name[name], plain, member)
            if dispatched is not None:
                taken.add(name)
                overloads.append(dispatched)
                out.extend(dict.fromkeys(b.member for b in dispatched.branches))
            continue
        name = renames.get(f.qualname, f.name)
        stub = by_name.get(name, [])
        if name in taken:
            continue
        if (len(stub) != 1 or stub[0].overloaded or len(stub[0].params) != len(f.params)
                or not plain(f, name)):
            continue
        made = _function(f, name, stub[0], ctx.all_directives(f))
        if made is not None:
            taken.add(name)
            out.append(made)
    return tuple(out), tuple(overloads)


def _function(f: Function, name: str, stub: StubFunction | None,
              directives: Sequence[Directive], tag: str = "") -> CffiFunction | None:
    """`f`'s shim, or None if cffi does not convert one of its types as swiggen does; `stub`:
    its Python signature (None: a member of an overload set, called by position only)."""
    nogil = any(d.name == "nogil" for d in directives)
    result = "void" if f.result.kind is TypeKind.VOID and not f.result.indirection \
        else scalar_ctype(f.result)
    if result is None:
        return None
    params = []
    for i, p in enumerate(f.params):
        ctype = scalar_ctype(p.type)
        if ctype is None:
            return None
        kind = "bool" if ctype == "bool" else "float" if ctype in _FLOATS else "int"
        default = ""
        if p.default is not None:
            default = stub.params[i].default if stub else ""
            if not literal(default) or not _fits(default, kind, p.default):
                return None
        params.append(CffiParam(stub.params[i].name if stub else p.name, ctype, kind, default))
    cpp = f.qualname if f.qualname.startswith("::") else "::" + f.qualname
    return CffiFunction(name, cpp, tuple(params), result, catches=not f.is_noexcept,
                        nogil=nogil, positional=stub.positional_prefix if stub else len(params),
                        tag=tag)


def scalar_ctype(t: TypeRef) -> str | None:
    """The C type `t` passes as, or None if cffi does not convert it as swiggen does."""
    if t.indirection or t.kind not in (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT):
        return None
    canonical = " ".join(w for w in t.canonical.split() if w not in ("const", "volatile"))
    if t.kind is TypeKind.BOOL:
        return "bool" if canonical == "bool" else None
    if canonical in _INTS or canonical in _FLOATS:
        return canonical
    return None


def _fits(default: str, kind: str, cpp: str) -> bool:
    """Whether the stub's literal `default` is the value C++ passes for `cpp`: a literal of
    the parameter's own kind (a float written with an `f` into a double is not: 0.1f != 0.1)."""
    if kind == "bool":
        return default in ("True", "False")
    if kind == "int":
        return default.lstrip("-").isdigit()
    if cpp.strip().lower().endswith("f") and not cpp.strip().lower().startswith("0x"):
        return False
    try:
        float(default)
    except ValueError:
        return False
    return True
