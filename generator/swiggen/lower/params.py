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
The runtime side is interfaces/python/nullable.swg and interfaces/python/outparams.swg.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..diagnostics import Loc
from ..model import Class, Directive, Param, TypeKind, TypeRef
from .byteparams import buffer_lengths, lower_bytes, text_lengths
from .spanlengths import span_lengths
from .context import Context, Directives
from .convertible import converted_out, note as note_converted, swig_spelling
from .directive_use import DirectiveUse
from .outlists import lower_pointer_list, pointer_list
from .parammerge import merge as merge, pattern_key  # (merge: lower/__init__ imports it here)
from .plan import ParamTypemap
from .types import annotation, cpp_type, map_spelling, scalar_pointer, spelled_type, \
    substitute, vector_element_spelling

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

#: parameter names that say "the function writes its result here" (pointers only)
OUT_NAMES = re.compile(r"(?:out|result|\w+_out|out_\w+)\Z")

_SCALARS = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT)


@dataclass(frozen=True)
class OutParam:
    """A decided out- (or in/out-) parameter: its index, how Python sees it, and why."""

    index: int
    name: str
    annotation: str
    inout: bool
    rule: str


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

    def hidden(self, i: int) -> bool:
        """Parameter `i` is not a Python argument (an out that is not in/out, a length)."""
        return i in self.folded or any(o.index == i and not o.inout for o in self.outs)


def spell(t: TypeRef, name: str) -> str:
    """`std::string *value`: a parameter as a typemap pattern (canonical, global scope)."""
    if _is_cstring_out(t):
        base = "const char **"
    elif t.kind is TypeKind.STRING and t.indirection == "*" and _is_std_string(t):
        base = ("const " if t.is_const else "") + "std::string *"
    elif t.kind is TypeKind.OTHER and t.indirection == "*":
        base = ("const " if t.is_const else "") + t.canonical.strip() + " *"
    else:
        base = cpp_type(t)
    return f"{base}{'' if base.endswith(('*', '&')) else ' '}{name}"


def _is_std_string(t: TypeRef) -> bool:
    return t.kind is TypeKind.STRING and t.canonical not in ("char", "signed char",
                                                            "unsigned char")


def pointee_class(t: TypeRef, ctx: Context) -> str | None:
    """The wrapped class `T` of a `T**` (or `T* const*`), else None."""
    if t.kind is not TypeKind.OTHER or t.indirection != "*":
        return None
    base = t.canonical.strip()
    if not base.endswith("*") or base.count("*") != 1:
        return None
    cls = base[:-1].strip().removeprefix("const ").strip()
    return cls if cls in ctx.py_names and cls not in ctx.ignored_classes else None


def _is_cstring_out(t: TypeRef) -> bool:
    """`const char**`: the callee points it at a string it keeps."""
    # the model strips the inner const from the canonical spelling: the spelling keeps it
    return t.kind is TypeKind.OTHER and t.indirection == "*" and \
        " ".join(t.canonical.split()) in ("char *", "const char *") and "const" in t.spelling


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
    binary = lower_bytes(params, dirs, label, ctx, use, skip | set(chosen) | optional)
    skip = skip | binary.taken()
    shape.folded |= set(binary.pairs.values()) | set(binary.buffers.values())
    shape.annotations.update((i, "bytes") for i in binary.pairs)
    shape.annotations.update((i, "bytearray | memoryview") for i in binary.buffers)
    shape.folded |= set(binary.argv.values())
    shape.annotations.update((i, "list[str]") for i in binary.argv)
    shape.folded |= set(binary.ranges.values())
    shape.annotations.update((i, f"list[{ctx.py_names[params[i].type.target]}]")
                             for i in binary.ranges)
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
            _add(ctx, "SWIGGEN_OUT_BYTES", (spell(p.type, p.name),), label,
                 f"{d} at line {d.loc.line}")
            shape.outs.append(OutParam(i, p.name, "bytes", False, f"{d}"))
            if i in chosen:
                use.hit(chosen[i][1], p.name)
            continue
        if i in chosen:
            kind, d = chosen[i]

            def fail(why: str, hint: str, d: Directive = d) -> None:
                use.miss(d, p.name, label, "SG230", why, hint)

            out = _out(p, i, kind, f"{d} at line {d.loc.line}", ctx, label, borrowed, fail)
            if out:
                use.hit(d, p.name)
                shape.outs.append(out)
            if i in nullable:
                use.hit(nullable[i], p.name)  # (an error of its own)
                _nullable_error(nullable[i], p, label, ctx, f"it is an {kind}-parameter")
            continue
        auto = _default_out(p, params[i + 1] if i + 1 < len(params) else None, ctx) \
            if outs else ""
        if auto and i not in nullable:
            out = _out(p, i, "out", auto, ctx, label, borrowed, _located(ctx, p, label))
            if out:
                shape.outs.append(out)
                continue
        if _value_kind(p.type, ctx) or pointee_class(p.type, ctx):
            ctx.param_inputs.setdefault(spell(p.type, p.name), []).append(label)
        elif p.type.is_const and _value_kind(replace(p.type, is_const=False), ctx):
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
            _opaque_pointer(p, label, i in shape.nullable, ctx)
    text_lengths(params, skip | shape.nullable | {o.index for o in shape.outs}, label, ctx)
    buffer_lengths(params, skip | shape.nullable | {o.index for o in shape.outs}, label, ctx)
    span_lengths(params, skip | {o.index for o in shape.outs}, shape.nullable, label, ctx)
    return shape


def _opaque_pointer(p: Param, label: str, none: bool, ctx: Context) -> None:
    """SG312: `p`, a `double *` that is no out, in/out, array or bytes parameter, takes no
    Python value: only a pointer object another call returned (or None)."""
    only = "None or " if none else ""
    ctx.diags.warning(
        p.loc, "SG312", f"'{label}': parameter '{p.name}' is a {p.type.spelling}, which no "
        f"Python value converts to: the call accepts only {only}a pointer another call returned",
        ("" if p.type.is_const else f"mark it out({p.name}) if C++ writes a result there, "
         f"inout({p.name}) if it reads and writes it, ")
        + f"array({p.name}, n) or bytes({p.name}, n) for a buffer and its length; or 'ignore' "
        "the declaration")


#: names of the end of the text a `const char **` cursor reads (`unserialise(const char **p,
#: const char *end)`): the pointer is read and advanced, no out-parameter
_CURSOR_ENDS = re.compile(r"(?:p?end|last|stop|limit|eof)\w*\Z|\w*_end\Z", re.IGNORECASE)


def _default_out(p: Param, after: Param | None, ctx: Context) -> str:
    """Why `p` is an out-parameter with no directive, or "" (`after`: the next parameter)."""
    t = p.type
    if pointee_class(t, ctx):
        return "a T** of a wrapped class is an out-parameter"
    if _is_cstring_out(t):
        if after is not None and after.type.kind is TypeKind.STRING and \
                after.type.indirection == "*" and _CURSOR_ENDS.match(after.name):
            return ""  # xapian's Query::Internal::unserialise: C reads *p (it was NULL)
        return "a const char** is an out-parameter"
    if t.indirection == "*" and not t.is_const and OUT_NAMES.match(p.name) and \
            _value_kind(t, ctx) and p.default is None and not _character(t):
        return f"recognised by name as out({p.name})"
    return ""


#: pointed-to types whose pointer is text or bytes, not one value: `wchar_t *out` is a buffer
#: (uriparser's uriEscapeW), which one scalar out-parameter would overflow
_CHARACTERS = frozenset({"char", "signed char", "unsigned char", "wchar_t", "char8_t",
                         "char16_t", "char32_t"})


def _character(t: TypeRef) -> bool:
    return " ".join(t.canonical.replace("*", " ").split()) in _CHARACTERS


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
    if d is not None:
        rule = f"{d} at line {d.loc.line}"
    elif p.default is not None and _NULL_DEFAULT.match(p.default):
        rule = f"its default is {p.default.strip()}"
    else:
        return False
    _add(ctx, "SWIGGEN_NULLABLE", (spell(t, p.name),), label, rule)
    written = _written(t, p.name, ctx)
    if written and written != spell(t, p.name):
        # an opaque type from a header SWIG does not read (`FILE`, a typedef of `_IO_FILE`):
        # SWIG matches the name as written, since it cannot reduce the typedef
        _add(ctx, "SWIGGEN_NULLABLE", (written,), label, rule)
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
    _add(ctx, "SWIGGEN_NULLABLE_SMART", (spell(p.type, p.name),), label, rule)
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


def _located(ctx: Context, p: Param, label: str) -> Callable[[str, str], None]:
    """Report a failed out at once (a default out, which no directive asked for)."""
    def fail(why: str, hint: str) -> None:
        ctx.diags.error(p.loc, "SG230", f"out({p.name}) on '{label}': {why}", hint)
    return fail


def _value_kind(t: TypeRef, ctx: Context) -> str:
    """The outparams.swg macro for an out of `t` (a T* or T& whose T is a value Python can
    hold), or "" when swiggen cannot return it."""
    if t.indirection not in ("*", "&") or t.is_const:
        return ""
    if t.kind in _SCALARS or t.kind is TypeKind.ENUM or \
            (t.kind is TypeKind.STRING and _is_std_string(t)):
        return "SWIGGEN_OUT"
    if t.kind is TypeKind.VECTOR and vector_element_spelling(t, ctx):
        return "SWIGGEN_OUT"
    if t.kind is TypeKind.MAP and map_spelling(t, ctx):
        return "SWIGGEN_OUT"
    if t.kind is TypeKind.CLASS and t.target in ctx.py_names and \
            t.target not in ctx.ignored_classes and t.element is None:
        return "SWIGGEN_OUT_OBJECT" if t.target in ctx.default_constructible else ""
    if converted_out(t, ctx):  # (convert.swg's typemaps, noted by _out)
        return "SWIGGEN_OUT"
    return ""


def _value_type(t: TypeRef) -> str:
    """The pointed-to type as the macros spell it (`std::vector< int >`, `ns::Color`)."""
    if t.kind is TypeKind.STRING:
        return "std::string"
    return cpp_type(t, value=True)


def _out(p: Param, i: int, kind: str, rule: str, ctx: Context, label: str,
         borrowed: bool, fail: Callable[[str, str], None]) -> OutParam | None:
    """The out- (or in/out-) parameter `p` as `rule` decided it, its typemap emitted; or None,
    with `fail(why, hint)` told why it cannot be one."""
    t = p.type
    pattern = spell(t, p.name)
    cls = pointee_class(t, ctx)
    if cls and kind == "out":
        # an object Python cannot delete (no public destructor: a document's node) is the
        # callee's: borrowed, keeping the object the call was made on alive
        macro = "SWIGGEN_OUT_BORROWED" if borrowed or cls in ctx.no_public_dtor \
            else "SWIGGEN_OUT_NEW"
        _add(ctx, macro, (cls, pattern), label, rule)
        return OutParam(i, p.name, f"{ctx.py_names[cls]} | None", False, rule)
    if _is_cstring_out(t) and kind == "out":
        _add(ctx, "SWIGGEN_OUT_CSTRING", (pattern,), label, rule)
        return OutParam(i, p.name, "str | None", False, rule)
    if pointer_list(t, ctx) and kind == "out":
        return OutParam(i, p.name, lower_pointer_list(p, pattern, label, rule, borrowed, ctx),
                        False, rule)
    macro = _value_kind(t, ctx)
    if not macro or (kind == "inout" and macro != "SWIGGEN_OUT"):
        what = "an in/out-parameter" if kind == "inout" else "an out-parameter"
        fail(f"'{p.name}' is {t.spelling}, which swiggen cannot return as {what}",
             "outs are non-const T* or T& of a scalar, std::string, enum, std::vector, "
             "std::map or a default-constructible wrapped class; T** of a wrapped class; "
             "std::vector<T*>* or std::vector<std::unique_ptr<T>>* of a wrapped class (a list "
             "of objects); const char**" + (
                 "" if kind == "out" else "; in/outs are values, not classes"))
        return None
    value = _value_type(t)
    const_pattern, source = spell(replace(t, is_const=True), p.name), _source(t)
    if converted_out(t, ctx):
        note_converted(_deref(t), ctx)  # the SWIGGEN_STD typemaps SWIGGEN_OUT reads through
        value = swig_spelling(t)  # (as the view spells it: std::u16string, a `str` class)
        pattern = f"{value} {t.indirection}{p.name}"
        const_pattern, source = f"const {pattern}", f"const {value} &"
    ctx.const_variants[pattern] = (const_pattern, source)
    macro = "SWIGGEN_INOUT" if kind == "inout" else macro
    _add(ctx, macro, (_macro_arg(value), pattern), label, rule)
    written = t.spelling.replace("&", " ").replace("*", " ").split()
    if t.kind in _SCALARS and " ".join(written) != value:
        # `size_t* n`: SWIG matches the typedef as written, not only what it stands for
        base = " ".join(written)
        _add(ctx, macro, (base, f"{base} {t.indirection}{p.name}"), label, rule)
    py = annotation(_deref(t), ctx)
    return OutParam(i, p.name, py, kind == "inout", rule)


def _source(t: TypeRef) -> str:
    """The typemaps a `const T&`/`const T*` input of `t`'s type has (SWIGGEN_KEEP_INPUT)."""
    if t.indirection == "*":
        return "SWIGTYPE *"
    if t.kind is TypeKind.ENUM:
        return "const enum SWIGTYPE &"
    if t.kind is TypeKind.CLASS:
        return "const SWIGTYPE &"
    return f"const {_value_type(t)} &"


def _deref(t: TypeRef) -> TypeRef:
    """`t` by value (what Python gets back for an out of type `t`)."""
    return replace(t, indirection="", is_const=False)


def _macro_arg(text: str) -> str:
    return f"%arg({text})" if "," in text else text


def _add(ctx: Context, macro: str, args: tuple[str, ...], label: str, rule: str) -> None:
    ctx.params.append(ParamTypemap(macro, args, (label,), rule))


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
