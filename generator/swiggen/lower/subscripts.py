"""Subscripts: `operator[]` overloads as Python's sequence or mapping protocol.

One integer key type is a sequence (`sq_item`, bounds-checked with `size()`); several key types,
or a non-integer one, are a mapping whose `__getitem__` dispatches on the key's Python type. The
macros are in interfaces/python/protocol_macros.swg; docs/protocols.md has the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..model import Class, Function, TypeKind, TypeRef
from ..parse.annotations import is_identifier
from .context import Context
from .plan import MacroCall
from .pyrecords import StubFunction, StubParam
from .signatures import with_signature
from .types import annotation, cpp_type

Call = Callable[..., None]
Stub = Callable[[str, Sequence[tuple[str, TypeRef | str]], str], None]


def lower_subscripts(c: Class, by_name: dict[str, list[Function]], has_size: bool,
                     checked: str, call: Call, stub: Stub, stubs: list[StubFunction],
                     ctx: Context) -> bool:
    """Macro calls and stubs for `c`'s operator[] overloads; True if `c` is a mapping."""
    subs = [m for m in by_name.get("operator[]", ()) if len(m.params) == 1]
    keys: dict[str, list[Function]] = {}  # one entry per key type, in declaration order
    for m in subs:
        keys.setdefault(cpp_type(m.params[0].type, value=True), []).append(m)
    mapping = False
    py = ctx.py_names.get(c.qualname, "")  # (an instance's: instances.py)
    if subs and py:  # obj[k] reads a read-only view too (constviews.swg)
        ctx.ownership.append(MacroCall("SWIGGEN_CONST_TWIN", (
            f"{py.replace('.', '_')}___getitem__",)))
    if len(keys) == 1 and subs[0].params[0].type.kind is TypeKind.INT:
        getter = next((m for m in subs if m.is_const), subs[0])
        result = value_type(getter.result)
        setter = _setter(subs, c, ctx)
        # the operator's own index type: an index that does not fit it is an IndexError, never
        # converted modulo 2**bits (index_fits, protocol_runtime.swg)
        index = cpp_type(subs[0].params[0].type, value=True)
        if getter.result.kind is TypeKind.CLASS and getter.result.indirection == "&":
            # a view into the container (keeps it alive: ownership.swg), not a copy
            # (with a `T& operator[]` too, a view that writes through: reads of a read-only
            # container give read-only views all the same, constviews.swg)
            writable = any(not m.is_const and m.result.indirection == "&" and
                           not m.result.is_const for m in subs)
            const = "const " if getter.result.is_const and not writable else ""
            call("SWIGGEN_SEQ_GETITEM", f"{const}{result} &", checked, index)
        else:
            call("SWIGGEN_SEQ_GETITEM", result, checked, index)
        stub("__getitem__", [("index", "int")], annotation(getter.result, ctx))
        if checked == "0":
            ctx.notes.append(f"{c.qualname}: obj[i] is not bounds-checked (no size() to check "
                             "against); a negative index raises IndexError")
        elif not has_size:
            ctx.notes.append(f"{c.qualname}: obj[i] is bounds-checked against the "
                             f"{checked[1:]} elements the class is made of (no size()); a "
                             "negative index raises IndexError")
        if setter:
            call("SWIGGEN_SEQ_SETITEM", const_ref(result), checked, index)
            stub("__setitem__", [("index", "int"), ("value", getter.result)], "None")
    elif keys:
        mapping = True
        several = len(keys) > 1
        setters: list[StubFunction] = []  # after the getters: a stub's overloads are adjacent
        # jsoncpp's operator[](int) next to operator[](ArrayIndex): Python has one int, which
        # the unsigned index's getter and setter take (negative from the end)
        unsigned_index = has_size and any(
            g[0].params[0].type.kind is TypeKind.INT and _unsigned(g[0].params[0].type)
            for g in keys.values())
        for group in keys.values():
            getter = next((m for m in group if m.is_const), group[0])
            key = getter.params[0].type
            if unsigned_index and key.kind is TypeKind.INT and not _unsigned(key):
                continue
            result = value_type(getter.result)
            # each key type's own membership overload (jsoncpp's isMember(const char*) and
            # isMember(const String&)): a str dispatches to either subscript overload
            guard = contains_expr(by_name, cpp_type(key, value=True))
            ref = _reference_getter(group, guard)
            if key.kind is TypeKind.INT and has_size and _unsigned(key):
                # an unsigned index: a negative Python index counts from the end; through a
                # non-const reference overload, a view of the element (bounds-checked)
                index_ref = _reference_getter(group, "size()") is not None
                call("SWIGGEN_MAP_GETINDEX_REF" if index_ref else "SWIGGEN_MAP_GETINDEX",
                     cpp_type(key, value=True), result)
                pykey: TypeRef | str = "int"
            elif ref is not None:
                # a view of the element that keeps the container alive (writes reach it); a
                # missing key is a KeyError when the class can say so, never an insertion
                call("SWIGGEN_MAP_GETREF", param_type(key), result, guard or "1")
                pykey = key
            elif any(m.is_const for m in group) and any(
                    not m.is_const and m.result.indirection == "&" for m in group):
                # reads use the const overload: reading a missing key never inserts it (a
                # by-value handle's non-const overload, yaml-cpp's, inserts nothing until
                # assigned through, so its reads keep it for `n["a"]["b"] = 1`)
                call("SWIGGEN_MAP_GETCONST", param_type(key), result, guard or "1")
                pykey = key
            else:
                call("SWIGGEN_MAP_GETITEM", param_type(key), result, guard or "1")
                pykey = key
            stubs.append(_stub_fn("__getitem__", [("key", pykey)],
                                  annotation(getter.result, ctx), ctx, several))
            setter = _setter(group, c, ctx)
            if setter:
                if pykey == "int":
                    call("SWIGGEN_MAP_SETINDEX", cpp_type(key, value=True), const_ref(result))
                else:
                    call("SWIGGEN_MAP_SETITEM", param_type(key), const_ref(result))
                setters.append(_stub_fn("__setitem__", [("key", pykey),
                                                        ("value", getter.result)], "None",
                                        ctx, several))
        stubs += setters
    _named(c, subs, call, stubs, ctx)
    return mapping


def value_type(t: TypeRef) -> str:
    """`t` by value: cpp_type's, without a pointer's own const (`Name *const &` is `Name *`)."""
    text = cpp_type(t, value=True)
    return text[:-5].rstrip() if text.replace(" ", "").endswith("*const") else text


def const_ref(value: str) -> str:
    """A const reference to a `value` type: `const T &`; `Name * const &` for a pointer (whose
    const is its own, not its object's)."""
    return f"{value} const &" if value.endswith("*") else f"const {value} &"


def param_type(t: TypeRef) -> str:
    """A parameter's type for a protocol method: cpp_type's; a const reference to a pointer
    (`Name * const &`, which the model holds as const) as that."""
    value = value_type(t)
    if t.indirection == "&" and value.endswith("*") and \
            (t.is_const or cpp_type(t, value=True) != value):
        return const_ref(value)
    return cpp_type(t)


def _reference_getter(group: Sequence[Function], guard: str) -> Function | None:
    """The non-const `T& operator[]` (T a class) a read may return a view through: when it is
    the only overload, or when a membership test (`guard`) keeps a read from inserting. With a
    const overload and no membership test, reads use the const one (a copy: what it returns for
    a missing key may be a shared sentinel that a view would let Python modify)."""
    for m in group:
        r = m.result
        if not m.is_const and not r.is_const and r.indirection == "&" and \
                r.kind is TypeKind.CLASS:
            if guard or not any(o.is_const for o in group):
                return m
    return None


def _named(c: Class, subs: Sequence[Function], call: Call, stubs: list[StubFunction],
           ctx: Context) -> None:
    """`rename(lookup)` on an operator[] overload: a method `lookup(key)` calling that overload,
    const or not as declared (Python has one subscript; C++'s const operator[] of a container
    like yaml-cpp's Node reads without inserting)."""
    named: list[tuple[str, Function]] = []
    for m in subs:
        renames = [d for d in ctx.all_directives(m) if d.name == "rename"]
        if renames and is_identifier(renames[-1].args[0]):
            named.append((renames[-1].args[0], m))
    for name, m in named:
        self_type = f"const {c.qualname} &" if m.is_const else f"{c.qualname} &"
        call("SWIGGEN_SUBSCRIPT_METHOD", name, self_type, cpp_type(m.params[0].type),
             cpp_type(m.result, value=True))
    start = len(stubs)
    for name, m in named:
        several = sum(1 for n, _ in named if n == name) > 1
        stubs.append(_stub_fn(name, [("key", m.params[0].type)], annotation(m.result, ctx), ctx,
                              several))
    for name in dict.fromkeys(n for n, _ in named):  # (their text signatures, as the stub's)
        ctx.doc(f"{c.qualname}::{name}", with_signature(
            "", name, [s for s in stubs[start:] if s.name == name], True, True))


def _setter(subs: Sequence[Function], c: Class, ctx: Context) -> Function | None:
    """The non-const operator[] that `obj[key] = v` assigns through: one returning a mutable
    reference, or a class by value whose assignment writes through (a handle, like yaml-cpp's
    Node: `node["a"] = v` assigns to the temporary handle, which changes the document)."""
    for m in subs:
        r = m.result
        if m.is_const or r.is_const:
            continue
        if r.indirection == "&" or (r.indirection == "" and r.kind is TypeKind.CLASS
                                    and _writes_through(r.target, ctx)):
            return m
    return None


def _writes_through(cls: str, ctx: Context) -> bool:
    return cls in ctx.assignable


def _unsigned(t: TypeRef) -> bool:
    text = f"{t.canonical} {t.spelling}"
    return "unsigned" in text or "size_t" in text


def _stub_fn(name: str, params: Sequence[tuple[str, TypeRef | str]], returns: str,
             ctx: Context, overloaded: bool) -> StubFunction:
    return StubFunction(name, tuple(
        StubParam(n, t if isinstance(t, str) else annotation(t, ctx, param=True), False)
        for n, t in params), returns, "", overloaded=overloaded)


#: Methods that say whether a key is present, in order of preference: `__contains__` calls the
#: first one a class has, and a subscript checks it before reading (KeyError, never an insertion).
MEMBERSHIP = ("contains", "count", "isMember", "hasMember", "has_key", "hasKey", "contains_key")


def membership(by_name: dict[str, list[Function]], key: str = "") -> Function | None:
    """The method that tests membership: one key parameter (of C++ type `key`, if given), a
    bool (`count`: a number) result."""
    for name in MEMBERSHIP:
        for m in by_name.get(name, ()):
            if len(m.params) == 1 and not m.template_params and m.result.indirection == "" and (
                    m.result.kind is TypeKind.BOOL or (name == "count"
                                                       and m.result.kind is TypeKind.INT)) \
                    and (not key or cpp_type(m.params[0].type, value=True) == key):
                return m
    return None


def contains_expr(by_name: dict[str, list[Function]], key: str = "") -> str:
    """`$self->isMember(key)`: the membership test (taking a key of C++ type `key`, if
    given), or ""."""
    m = membership(by_name, key)
    if m is None:
        return ""
    return f"$self->{m.name}(key) > 0" if m.name == "count" else f"$self->{m.name}(key)"
