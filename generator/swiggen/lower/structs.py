"""Structs feel like Python records: keyword constructor, a field-listing __repr__, pickle.

    struct Point { double x = 0; double y = 0; };   ->   Point(x=1.0, y=2.0)
                                                          repr: Point(x=1.0, y=2.0)
    struct Point3 : Point { double z = 0; };        ->   Point3(x=1.0, y=2.0, z=3.0)

A struct derived from records is one too, with its bases' fields first (C++17 aggregates may
have bases). Members of an anonymous union are fields, but not constructor arguments, shown or
pickled (only one of them holds a value). A class SWIG would not construct (no constructor of
its own, and a base whose constructor is one of these %extend ones) gets a default constructor.

A struct C++ cannot default-construct (`struct Rec { const int id; int value; };`) is
aggregate-initialised from every field, all required: `Rec(id=1, value=2)`; one with a member
Python cannot pass (a reference) gets no constructor at all. Bit-fields refuse values they
cannot hold (interfaces/python/bitfields.swg).
"""

from __future__ import annotations

import keyword

from ..model import Class, Field, TypeKind, TypeRef
from .context import Context, safe_python_name
from .convertible import uses_generic
from .plan import AggregateInit, Feature, InitParam, MacroCall, TypePatch
from .protocols import cpp_type
from .pyrecords import StubFunction, StubParam
from .types import annotation

#: field kinds whose values Python can pickle and pass back to the setter
_PICKLABLE = {TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING, TypeKind.VECTOR,
              TypeKind.ENUM}


def lower_struct(c: Class, cls_py: str, fields: list[tuple[Field, str]],
                 ctx: Context, init: bool = True) -> list[StubFunction]:
    """`fields`: the wrapped public fields with their Python names. Returns extra stubs.
    `init`: Python may construct it (not so for a C type with a `deleter`)."""
    _bitfields(c, fields, ctx)
    if not c.default_constructible and not any(not k.is_deleted for k in c.constructors):
        ctx.records[c.qualname] = None
        return _without_default(c, cls_py, fields, ctx, init)
    # members of an anonymous union share storage: no keyword, no repr, no pickling of them
    union = any(f.in_union for f, _ in fields)
    fields = [(f, py) for f, py in fields if not f.in_union]
    inherited = _inherited(c, fields, ctx)
    if inherited is None or not (c.is_aggregate and c.is_struct) or c.is_abstract:
        ctx.records[c.qualname] = None
        return _default_constructor(c, ctx) if init else []
    fields = inherited + fields
    ctx.records[c.qualname] = [(f, py) for f, py in fields if not f.is_static]
    settable = [(f, py) for f, py in fields if _settable(f)]
    instance = [(f, py) for f, py in fields if not f.is_static]
    assignable = [(f, py) for f, py in instance if not f.is_const]
    stubs: list[StubFunction] = []
    if init and settable and len(settable) == len(assignable) and _named_as_fields(settable):
        # The constructor's parameters are named like the fields in Python: SWIG gives a
        # keyword (`from`) a trailing underscore itself (interfaces/python/keywords.swg)
        params = tuple(
            InitParam(_param_type(f), f.name if keyword.iskeyword(f.name) else py,
                      f"swiggen::default_value< {c.qualname} >().{f.name}",
                      field=f.name if py != f.name and not keyword.iskeyword(f.name) else "",
                      bit_width=f.bit_width)
            for f, py in settable)
        ctx.aggregate_inits.append(AggregateInit(c.qualname, c.name, params,
                                                 new=f"new {c.qualname}()"))
        stubs.append(StubFunction("__init__", tuple(
            StubParam(py, annotation(f.type, ctx, param=True), True) for f, py in settable),
            "None", ""))
    _repr(cls_py, instance, ctx)
    # Unpickling assigns the fields it can; a const one keeps its initializer. A field that is
    # only read-only in Python (a `std::unique_ptr` member) would be lost: no pickling.
    const = {f.name for f in c.fields if f.is_const}
    names = tuple(py for f, py in instance if _settable(f))
    if init and names and all(_picklable(f.type) for f, _ in instance) and \
            all(_settable(f) or f.name in const for f, _ in instance) and not union:
        ctx.type_patches.append(TypePatch(cls_py, "__reduce__", f"_swiggen_reduce({names!r})"))
        ctx.type_patches.append(TypePatch(cls_py, "__setstate__", "_swiggen_setstate"))
    return stubs


def _picklable(t: TypeRef) -> bool:
    """A field whose value Python reads as a plain value and assigns back: numbers, text,
    containers, and the converted types (a `std::shared_ptr<const std::string>`: a str); not
    callables."""
    return t.kind in _PICKLABLE or t.kind in (TypeKind.MAP, TypeKind.OPTIONAL, TypeKind.SET,
                                              TypeKind.PAIR) or (uses_generic(t) and not t.signature)


def _inherited(c: Class, own: list[tuple[Field, str]],
               ctx: Context) -> list[tuple[Field, str]] | None:
    """The fields `c` inherits from its bases, bases first, each name once (a field of `c`
    hides a base's); None when a base is not a record the module wraps."""
    out: list[tuple[Field, str]] = []
    for b in c.bases:
        fields = ctx.records.get(b)
        if fields is None:
            return None
        out += fields
    seen = {f.name for f, _ in own}
    unique = []
    for f, py in reversed(out):  # the most derived of several equally named fields
        if f.name not in seen:
            seen.add(f.name)
            unique.append((f, py))
    return unique[::-1]


def _default_constructor(c: Class, ctx: Context) -> list[StubFunction]:
    """SWIG gives a class without constructors none when a base's constructor is an %extend
    (it cannot know that C++ has a default one): give it one, a TypeError where C++ has not."""
    extended = {a.cls for a in ctx.aggregate_inits}
    if c.constructors or c.is_abstract or not c.has_public_destructor or \
            not any(b in extended for b in c.bases):
        return []
    ctx.aggregate_inits.append(AggregateInit(c.qualname, c.name, (),
                                             new=f"swiggen::new_default< {c.qualname} >()"))
    return [StubFunction("__init__", (), "None", "")]


def _param_type(f: Field) -> str:
    t = cpp_type(f.type, value=True)
    return t if f.type.kind in (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.ENUM) \
        else f"const {t} &"


def _without_default(c: Class, cls_py: str, fields: list[tuple[Field, str]], ctx: Context,
                     init: bool) -> list[StubFunction]:
    """A class whose implicit default constructor is deleted: SWIG must not write `new C()`.
    An aggregate struct whose every field Python can pass takes them all, in order."""
    ctx.features.append(Feature("nodefaultctor", c.qualname))
    instance = [(f, py) for f, py in fields if not f.is_static]
    _repr(cls_py, instance, ctx)
    every = len(instance) == len([f for f in c.fields if not f.is_static])
    if init and c.is_aggregate and c.is_struct and not c.is_abstract and instance and every \
            and all(_passable(f) for f, _ in instance) and _named_as_fields(instance):
        ctx.aggregate_inits.append(AggregateInit(c.qualname, c.name, tuple(
            InitParam(_param_type(f), f.name, "", bit_width=f.bit_width) for f, _ in instance),
            braced=True))
        return [StubFunction("__init__", tuple(
            StubParam(py, annotation(f.type, ctx, param=True), False) for f, py in instance),
            "None", "")]
    ctx.notes.append(f"{c.qualname}: no constructor: C++ cannot default-construct it (a "
                     "reference or uninitialised const member) and Python cannot pass every "
                     "field")
    return []


def _bitfields(c: Class, fields: list[tuple[Field, str]], ctx: Context) -> None:
    """Assignments to bit-fields are range-checked (SWIGGEN_BITFIELD, per type and name)."""
    for f, _ in fields:
        if f.bit_width and not f.is_const and not f.is_static:
            call = MacroCall("SWIGGEN_BITFIELD", (cpp_type(f.type, value=True), f.name))
            if call not in ctx.macro_calls:
                ctx.macro_calls.append(call)


def _settable(f: Field) -> bool:
    return not f.is_const and not f.is_static and f.is_assignable and \
        f.type.kind is not TypeKind.OTHER and f.type.indirection == ""


def _passable(f: Field) -> bool:
    """A field an aggregate initialiser can take from a Python value (const or not)."""
    return f.type.kind is not TypeKind.OTHER and f.type.indirection == "" and \
        (f.is_assignable or f.is_const)


def _named_as_fields(fields: list[tuple[Field, str]]) -> bool:
    return all(py in (f.name, safe_python_name(f.name)[0]) for f, py in fields)


def _repr(cls_py: str, instance: list[tuple[Field, str]], ctx: Context) -> None:
    # pointer fields are links (lists, trees, parents): showing them could recurse forever
    shown = tuple(py for f, py in instance if f.type.indirection != "*")
    if shown:
        ctx.type_patches.append(TypePatch(cls_py, "__repr__", f"_swiggen_repr({shown!r})"))
