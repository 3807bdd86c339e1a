"""Structs feel like Python records: keyword constructor, a field-listing __repr__, pickle.

    struct Point { double x = 0; double y = 0; };   ->   Point(x=1.0, y=2.0)
                                                          repr: Point(x=1.0, y=2.0)

A struct C++ cannot default-construct (`struct Rec { const int id; int value; };`) is
aggregate-initialised from every field, all required: `Rec(id=1, value=2)`; one with a member
Python cannot pass (a reference) gets no constructor at all. Bit-fields refuse values they
cannot hold (interfaces/bitfields.swg).
"""

from __future__ import annotations

import keyword

from ..model import Class, Field, TypeKind
from .context import Context
from .plan import AggregateInit, Feature, InitParam, MacroCall, StubFunction, StubParam, TypePatch
from .protocols import cpp_type
from .types import annotation

#: field kinds whose values Python can pickle and pass back to the setter
_PICKLABLE = {TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING, TypeKind.VECTOR,
              TypeKind.ENUM}


def lower_struct(c: Class, cls_py: str, fields: list[tuple[Field, str]],
                 ctx: Context, init: bool = True) -> list[StubFunction]:
    """`fields`: the wrapped public fields with their Python names. Returns extra stubs.
    `init`: Python may construct it (not so for a C type with a `deleter`)."""
    _bitfields(c, fields, ctx)
    if not c.default_constructible and not c.template_params and \
            not any(not k.is_deleted for k in c.constructors):
        return _without_default(c, cls_py, fields, ctx, init)
    if not (c.is_aggregate and c.is_struct) or c.template_params or c.is_abstract:
        return []
    settable = [(f, py) for f, py in fields if _settable(f)]
    instance = [(f, py) for f, py in fields if not f.is_static]
    assignable = [(f, py) for f, py in instance if not f.is_const]
    stubs: list[StubFunction] = []
    if init and settable and len(settable) == len(assignable) and _named_as_fields(settable):
        # the constructor's parameters are named like the fields in C++; SWIG gives a keyword
        # (`from`) a trailing underscore (interfaces/keywords.swg), as the field has
        params = tuple(
            InitParam(_param_type(f), f.name,
                      f"swiggen::default_value< {c.qualname} >().{f.name}", f.bit_width)
            for f, _ in settable)
        ctx.aggregate_inits.append(AggregateInit(c.qualname, c.name, params))
        stubs.append(StubFunction("__init__", tuple(
            StubParam(py, annotation(f.type, ctx, param=True), True) for f, py in settable),
            "None", ""))
    _repr(cls_py, instance, ctx)
    names = tuple(py for _, py in instance)
    if init and names and all(f.type.kind in _PICKLABLE for f, _ in instance) and settable:
        ctx.type_patches.append(TypePatch(cls_py, "__reduce__", f"_swiggen_reduce({names!r})"))
        ctx.type_patches.append(TypePatch(cls_py, "__setstate__", "_swiggen_setstate"))
    return stubs


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
            InitParam(_param_type(f), f.name, "", f.bit_width) for f, _ in instance),
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
    return all(py in (f.name, f.name + "_" if keyword.iskeyword(f.name) else "")
               for f, py in fields)


def _repr(cls_py: str, instance: list[tuple[Field, str]], ctx: Context) -> None:
    # pointer fields are links (lists, trees, parents): showing them could recurse forever
    shown = tuple(py for f, py in instance if f.type.indirection != "*")
    if shown:
        ctx.type_patches.append(TypePatch(cls_py, "__repr__", f"_swiggen_repr({shown!r})"))


def _param_type(f: Field) -> str:
    t = cpp_type(f.type, value=True)
    return t if f.type.kind in (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.ENUM) \
        else f"const {t} &"
