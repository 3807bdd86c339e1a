"""Pointer and reference parameters: which accept None, which are out- or in/out-parameters.

    int find(const Node* start = nullptr);        // None accepted: the default is null
    void link(Node* parent);                      // None raises TypeError naming 'parent'
    Status Open(const Options& o, DB** dbptr);    // dbptr is an out: open(o) -> DB
    Status Get(const Slice& k, std::string* value);   // swiggen: out(value)  -> get(k) -> str
    void bump(int* counter);                      // swiggen: inout(counter) -> bump(1) -> 2

None: a pointer parameter accepts it only where the C++ says null is meaningful (its default
argument is a null pointer, or `nullable(param)`); `T**` and `T*&` never do. Out-parameters:
`out(...)`/`inout(...)`, or by default a `T**` of a wrapped class or a `const char**`, or a
non-const pointer named like an out (OUT_NAMES). SWIG matches typemaps by parameter type and
name, so each decision is one macro line (ParamTypemap) serving every function with that
parameter; two functions that want different things of one `type name` are an SG370 warning.
The runtime side is interfaces/python/nullable.swg and interfaces/python/outparams.swg;
which parameter is an out and its typemap are lower/outparams.py's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..diagnostics import Loc
from ..model import Class, Directive, Param, TypeKind, TypeRef
from .byteparams import buffer_lengths, lower_bytes, out_buffer, text_lengths
from .context import Context, Directives
from .directive_use import DirectiveUse
from .objectarrays import object_arrays
from .outparams import (
    OutParam,
    add_typemap,
    default_out,
    located,
    lower_out,
    pointee_class,
    spell,
    value_kind,
)
from .parammerge import merge as merge  # (merge: lower/__init__ imports it here)
from .parammerge import pattern_key
from .spanlengths import span_lengths
from .types import scalar_pointer, spelled_type, substitute

#: default arguments that make a pointer parameter optional: `= nullptr`, `= NULL`, `= 0`, ...
_NULL_DEFAULT = re.compile(r"\s*(?:nullptr|NULL|__null|0[lLuU]*|\{\s*\}|"
                           r"(?:static_cast\s*<[^<>]*>|\([^()]*\))\s*\(?\s*(?:nullptr|NULL|0)"
                           r"\s*\)?)\s*\Z")

#: default arguments that make a smart pointer parameter optional: an empty one (`= nullptr`,
#: `= {}`, `= std::unique_ptr<T>()`, `= std::shared_ptr<T>{}`)
_EMPTY_SMART = re.compile(r"\s*(?:(?:::)?(?:std::)?(?:unique|shared)_ptr\s*<.*>\s*"
                          r"(?:\(\s*(?:nullptr)?\s*\)|\{\s*(?:nullptr)?\s*\}))\s*\Z")

#: the smart pointers whose None is an empty one (ownership.swg, SWIGGEN_SMART_NONNULL)
SMART = ("std::unique_ptr", "std::shared_ptr")


@dataclass
class ParamShape:
    """What a function's out-parameters do to its Python signature and result."""

    outs: list[OutParam] = field(default_factory=list)
    #: pointer parameters that accept None
    nullable: set[int] = field(default_factory=set)
    #: the C++ result is not part of the Python result (a status result, `false_is`)
    drops_result: bool = False
    #: Python exceptions a status result or `false_is` raises (for the docstring)
    raises: list[str] = field(default_factory=list)
    #: stub annotations decided here (a `bytes(ptr, n)` buffer), and parameters folded into
    #: another one (its length)
    annotations: dict[int, str] = field(default_factory=dict)
    folded: set[int] = field(default_factory=set)
    #: a count folded into the parameter after it (`(int argc, char **argv)`, `(int n, const
    #: Vec *points)`): the count's index -> the name its Python argument binds by keyword (SWIG's
    #: keyword table names the pair by its first parameter: swig/posonly.py renames it)
    keywords: dict[int, str] = field(default_factory=dict)

    def hidden(self, i: int) -> bool:
        """Parameter `i` is not a Python argument (an out that is not in/out, a length)."""
        return i in self.folded or any(o.index == i and not o.inout for o in self.outs)


def lower_params(params: Sequence[Param], dirs: Directives, label: str, loc: Loc,
                 ctx: Context, skip: frozenset[int] = frozenset(), outs: bool = True,
                 symbol: tuple[str, int] = ("", 1), use: DirectiveUse | None = None
                 ) -> ParamShape:
    """Decide None, out and in/out for one function's parameters (`label` names it in
    messages and in the interface; `skip`: indices an array run already took; `outs`: False
    for constructors and templates, whose parameters are all inputs; `symbol`: SWIG's symbol
    name of the wrapper and the argument number of the first parameter; `use`: where the
    directives of the function's overload set took effect, which the caller reports once the
    set is done; without it, this function's are reported here)."""
    if use is None:
        alone = DirectiveUse(label)
        alone.expect(dirs, label)
        shape = lower_params(params, dirs, label, loc, ctx, skip, outs, symbol, alone)
        alone.report(ctx)
        return shape
    use.lowered.add(label)
    ctx.param_locs.setdefault(label, loc)
    borrowed = dirs.has("borrowed")
    names = [p.name for p in params]
    chosen: dict[int, tuple[str, Directive]] = {}
    nullable: dict[int, Directive] = {}
    for d in dirs.items:
        if d.name not in ("out", "inout", "nullable"):
            continue
        for a in d.args:
            if a not in names:
                use.miss(d, a, label, "SG230", f"no parameter named '{a}'",
                         f"name parameters of '{label}': {', '.join(names) or '(none)'}")
                continue
            i = names.index(a)
            if d.name == "nullable":
                nullable[i] = d
            elif i in chosen and chosen[i][0] != d.name:
                use.hit(d, a)  # (an error of its own)
                ctx.diags.error(d.loc, "SG230", f"{d} on '{label}': '{a}' is already "
                                f"{chosen[i][0]}", "name each parameter in one of out, inout")
            else:
                chosen[i] = (d.name, d)
    shape = ParamShape()
    # (a pointer that takes None keeps its own typemaps: a buffer pair would refuse None)
    optional = {i for i, p in enumerate(params)
                if i in nullable or (p.default is not None and _NULL_DEFAULT.match(p.default))}
    binary = lower_bytes(params, dirs, label, ctx, use, skip | set(chosen) | optional, outs)
    object_arrays(params, binary, skip | set(chosen), optional - set(chosen) - set(skip),
                  label, ctx)
    skip = skip | binary.taken()
    shape.folded |= set(binary.pairs.values()) | set(binary.buffers.values())
    shape.folded |= set(binary.items.values())
    shape.annotations.update((i, "bytes") for i in binary.pairs)
    shape.annotations.update((i, "bytearray | memoryview") for i in binary.buffers)
    shape.folded |= set(binary.argv.values())
    shape.annotations.update((i, "list[str]") for i in binary.argv)
    shape.folded |= set(binary.ranges.values()) | set(binary.text_ranges.values())
    shape.annotations.update((i, "str | bytes") for i in binary.text_ranges)
    shape.annotations.update((i, f"list[{ctx.py_names[params[i].type.target]}]")
                             for i in binary.ranges)
    shape.folded |= set(binary.objects.values())
    for pairs in (binary.argv, binary.objects):
        shape.keywords.update((by, params[at].name) for at, by in pairs.items() if by < at)
    for at, by in binary.objects.items():
        if at not in optional and symbol[0]:
            # (the pattern may take None in another function: not here; the typemap's argument
            # is the pair's first)
            ctx.object_nonnull.setdefault(pattern_key(binary.object_patterns[at]), []).append(
                (symbol[0], symbol[1] + min(at, by)))
    shape.annotations.update((i, f"list[{ctx.py_names[params[i].type.target]}]"
                                 + (" | None" if i in optional else ""))
                             for i in binary.objects)
    # (an output buffer: a capacity or a buffer in, the bytes or their number out)
    shape.folded |= {i + 1 for i in binary.outbufs}
    shape.annotations.update((i, "int | bytearray | memoryview") for i in binary.outbufs)
    shape.outs += [OutParam(i, params[i].name, "bytes | int", True, why)
                   for i, why in binary.outbufs.items()]
    shape.folded |= {i + 1 for i in binary.reads}
    shape.annotations.update((i, "bytes") for i in binary.reads)
    shape.outs += [OutParam(i, params[i].name, "int", True, "the bytes read")
                   for i in binary.reads]
    for i, p in enumerate(params):
        if i in skip:
            # an array run or a bytes buffer: their typemaps convert and check it
            if i in chosen:
                use.miss(chosen[i][1], p.name, label, "SG230", f"'{p.name}' is part of an "
                         "array or a buffer, which its own directive converts",
                         f"leave '{p.name}' to that directive")
            if i in nullable:
                use.hit(nullable[i], p.name)
            continue
        if i in binary.outs and (i not in chosen or chosen[i][0] == "out"):
            d = binary.outs[i]
            add_typemap(ctx, "SWIGGEN_OUT_BYTES", (spell(p.type, p.name),), label,
                 f"{d} at line {d.loc.line}")
            shape.outs.append(OutParam(i, p.name, "bytes", False, f"{d}"))
            if i in chosen:
                use.hit(chosen[i][1], p.name)
            continue
        if i in chosen:
            kind, d = chosen[i]

            def fail(why: str, hint: str, d: Directive = d) -> None:
                use.miss(d, p.name, label, "SG230", why, hint)

            out = lower_out(p, i, kind, f"{d} at line {d.loc.line}", ctx, label, borrowed,
                            fail)
            if out:
                use.hit(d, p.name)
                shape.outs.append(out)
            if i in nullable:
                use.hit(nullable[i], p.name)  # (an error of its own)
                _nullable_error(nullable[i], p, label, ctx, f"it is an {kind}-parameter")
            continue
        auto = default_out(p, params[i + 1] if i + 1 < len(params) else None, ctx) \
            if outs else ""
        if auto and i not in nullable:
            out = lower_out(p, i, "out", auto, ctx, label, borrowed, located(ctx, p, label))
            if out:
                shape.outs.append(out)
                continue
        if value_kind(p.type, ctx) or pointee_class(p.type, ctx):
            ctx.param_inputs.setdefault(spell(p.type, p.name), []).append(label)
        elif p.type.is_const and value_kind(replace(p.type, is_const=False), ctx):
            ctx.const_inputs.add(spell(p.type, p.name))
        if _none_rule(p, nullable.get(i), label, ctx, use):
            shape.nullable.add(i)
        elif (p.type.indirection == "*" or bound_smart(p.type, ctx)) and symbol[0]:
            # a class template instance's `const T *x` is SWIG's `const Item *x`: the pattern
            # a nullable `const Item *x` elsewhere is matched by
            bound = bound_smart(p.type, ctx) or (
                substitute(p.type, ctx.template_args, ctx) if ctx.template_args else None)
            ctx.nonnull.setdefault(pattern_key(spell(bound or p.type, p.name)), []).append(
                (symbol[0], symbol[1] + i))
        if scalar_pointer(p.type):
            _opaque_pointer(p, label, i in shape.nullable, ctx,
                            params[i - 1].name if i and out_buffer(params, i - 1, i) else "")
    shape.outs.sort(key=lambda o: o.index)  # (the order the argout typemaps add them)
    text_lengths(params, skip | shape.nullable | {o.index for o in shape.outs}, label, ctx)
    buffer_lengths(params, skip | shape.nullable | {o.index for o in shape.outs}, label, ctx)
    span_lengths(params, skip | {o.index for o in shape.outs}, shape.nullable, label, ctx)
    return shape


def _opaque_pointer(p: Param, label: str, none: bool, ctx: Context, buffer: str = "") -> None:
    """SG312: `p`, a `double *` that is no out, in/out, array or bytes parameter, takes no
    Python value: only a pointer object another call returned (or None). `buffer`: the byte
    pointer before it, whose in/out length `p` may be (not named like one)."""
    only = "None or " if none else ""
    ctx.diags.warning(
        p.loc, "SG312", f"'{label}': parameter '{p.name}' is a {p.type.spelling}, which no "
        f"Python value converts to: the call accepts only {only}a pointer another call returned",
        ("" if p.type.is_const else f"mark it out({p.name}) if C++ writes a result there, "
         f"inout({p.name}) if it reads and writes it, ")
        + (f"bytes({buffer}, {p.name}) if it is the room at '{buffer}' and C sets it to the "
           "bytes written; " if buffer else "")
        + f"array({p.name}, n) or bytes({p.name}, n) for a buffer and its length; or 'ignore' "
        "the declaration")


def _none_rule(p: Param, d: Directive | None, label: str, ctx: Context,
               use: DirectiveUse) -> bool:
    """Whether `p` accepts None (and if so, say so to SWIG)."""
    t = p.type
    smart = bound_smart(t, ctx)
    if smart is not None:  # (a class template instance's `std::unique_ptr<T>` too)
        if d is not None:
            use.hit(d, p.name)
        return _smart_none_rule(replace(p, type=smart), d, label, ctx)
    if "type-parameter" in t.canonical:
        # a class template instance's `T *x` is the instance's `Item *x`; a parameter deeper
        # in the type (`std::vector<T> *`) is left as SWIG passes it
        bound = substitute(t, ctx.template_args, ctx) if ctx.template_args else None
        if bound is None or "type-parameter" in bound.canonical:
            if d is not None:
                use.hit(d, p.name)
            return True
        p, t = replace(p, type=bound), bound
    two_levels = t.kind is TypeKind.OTHER and t.indirection == "*" and \
        t.canonical.rstrip().endswith("*")
    if d is not None and (two_levels or t.indirection != "*"):
        use.miss(d, p.name, label, "SG230", *_nullable_why(
            p, "a T** or T*& never accepts None" if two_levels or
            t.spelling.replace(" ", "").endswith("*&") else "it is not a pointer"))
        return False
    if d is not None:
        use.hit(d, p.name)
    if t.indirection != "*" or two_levels:
        return False
    if t.signature and d is None:
        return False  # a C function pointer: a callback's None is its holder's (callables.py)
    if d is not None:
        rule = f"{d} at line {d.loc.line}"
    elif p.default is not None and _NULL_DEFAULT.match(p.default):
        rule = f"its default is {p.default.strip()}"
    else:
        return False
    add_typemap(ctx, "SWIGGEN_NULLABLE", (spell(t, p.name),), label, rule)
    written = _written(t, p.name, ctx)
    if written and written != spell(t, p.name):
        # an opaque type from a header SWIG does not read (`FILE`, a typedef of `_IO_FILE`):
        # SWIG matches the name as written, since it cannot reduce the typedef
        add_typemap(ctx, "SWIGGEN_NULLABLE", (written,), label, rule)
    return True


def _smart(t: TypeRef) -> bool:
    """`std::unique_ptr<T>` or `std::shared_ptr<T>`, by value or by reference."""
    return t.kind is TypeKind.CLASS and t.target in SMART and t.element is not None and \
        t.indirection in ("", "&", "&&")


def _smart_none_rule(p: Param, d: Directive | None, label: str, ctx: Context) -> bool:
    """Whether the smart pointer parameter `p` accepts None (an empty one): where its default
    is an empty one, or `nullable(p)`. Elsewhere None raises TypeError (ownership.swg), since
    the callee would dereference it."""
    if d is not None:
        rule = f"{d} at line {d.loc.line}"
    elif p.default is not None and (_NULL_DEFAULT.match(p.default) or
                                    _EMPTY_SMART.match(p.default)):
        rule = f"its default is {p.default.strip()}"
    else:
        return False
    add_typemap(ctx, "SWIGGEN_NULLABLE_SMART", (spell(p.type, p.name),), label, rule)
    return True


#: a class template's `std::unique_ptr<T>` parameter, T one of its template parameters
_SMART_OF = re.compile(r"(const )?(?:::)?(?:std::)?(unique_ptr|shared_ptr) ?< ?(\w+) ?> ?(&&|&)?\Z")


def bound_smart(t: TypeRef, ctx: Context) -> TypeRef | None:
    """`t` if it is a smart pointer (`_smart`); a class template instance's
    `std::unique_ptr<T>` as the instance's `std::unique_ptr<Item>`; else None."""
    if _smart(t):
        return t
    if not ctx.template_args or "type-parameter" not in t.canonical:
        return None
    m = _SMART_OF.match(" ".join(t.spelling.split()))
    arg = ctx.template_args.get(m.group(3)) if m else None
    if m is None or arg is None:
        return None
    element = spelled_type(arg, ctx)
    smart = f"std::{m.group(2)}<{element.canonical}>"
    return TypeRef(smart, smart, TypeKind.CLASS, is_const=bool(m.group(1)),
                   indirection=m.group(4) or "", target=f"std::{m.group(2)}", element=element)


def smart_pointee(t: TypeRef, ctx: Context) -> str | None:
    """The Python class of a smart pointer parameter's wrapped class `T`, else None."""
    bound = bound_smart(t, ctx)
    e = bound.element if bound is not None else None
    if e is None or e.kind is not TypeKind.CLASS or e.indirection:
        return None
    return ctx.py_names.get(e.target) if e.target not in ctx.ignored_classes else None


def _written(t: TypeRef, name: str, ctx: Context) -> str:
    """A pointer to a type the module does not wrap, as the header spells it (`FILE *file`);
    "" for the others, whose canonical spelling SWIG knows."""
    if t.indirection != "*" or t.kind not in (TypeKind.OTHER, TypeKind.CLASS, TypeKind.STD) or \
            (t.kind is TypeKind.CLASS and t.target in ctx.py_names):
        return ""
    base = t.spelling.strip().removesuffix("*").strip()
    return f"{base} *{name}" if base else ""


def _nullable_error(d: Directive, p: Param, label: str, ctx: Context, why: str) -> None:
    ctx.diags.error(d.loc, "SG230", f"{d} on '{label}': {_nullable_why(p, why)[0]}",
                    _nullable_why(p, why)[1])


def _nullable_why(p: Param, why: str) -> tuple[str, str]:
    return (f"'{p.name}' ({p.type.spelling}) cannot accept None: {why}",
            "nullable applies to T* and char* parameters")


def default_constructible(c: Class) -> bool:
    """`new T()` compiles: a public default constructor (or none declared), not abstract,
    a public destructor."""
    if c.is_abstract or not c.has_public_destructor or c.template_params:
        return False
    live = [k for k in c.constructors if not k.is_deleted]
    if any(k.is_deleted and not k.params for k in c.constructors):
        return False
    return not c.constructors or any(all(p.default is not None for p in k.params)
                                     for k in live)
