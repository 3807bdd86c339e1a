"""Structs feel like Python records: keyword constructor, a field-listing __repr__, pickle.

    struct Point { double x = 0; double y = 0; };   ->   Point(x=1.0, y=2.0)
                                                          repr: Point(x=1.0, y=2.0)
"""

from __future__ import annotations

import keyword

from ..model import Class, Field, TypeKind
from .context import Context
from .plan import AggregateInit, InitParam, StubFunction, StubParam, TypePatch
from .protocols import cpp_type
from .types import annotation

#: field kinds whose values Python can pickle and pass back to the setter
_PICKLABLE = {TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING, TypeKind.VECTOR,
              TypeKind.ENUM}


def lower_struct(c: Class, cls_py: str, fields: list[tuple[Field, str]],
                 ctx: Context, init: bool = True) -> list[StubFunction]:
    """`fields`: the wrapped public fields with their Python names. Returns extra stubs.
    `init`: Python may construct it (not so for a C type with a `deleter`)."""
    if not (c.is_aggregate and c.is_struct) or c.template_params or c.is_abstract:
        return []
    settable = [(f, py) for f, py in fields if not f.is_const and not f.is_static
                and f.type.kind is not TypeKind.OTHER and f.type.indirection == ""]
    instance = [(f, py) for f, py in fields if not f.is_static]
    assignable = [(f, py) for f, py in instance if not f.is_const]
    stubs: list[StubFunction] = []
    if init and settable and len(settable) == len(assignable) and \
            all(py in (f.name, f.name + "_" if keyword.iskeyword(f.name) else "")
                for f, py in settable):
        # the constructor's parameters are named like the fields in C++; SWIG gives a keyword
        # (`from`) a trailing underscore (interfaces/keywords.swg), as the field has
        params = tuple(
            InitParam(_param_type(f), f.name,
                      f"swiggen::default_value< {c.qualname} >().{f.name}")
            for f, _ in settable)
        ctx.aggregate_inits.append(AggregateInit(c.qualname, c.name, params))
        stubs.append(StubFunction("__init__", tuple(
            StubParam(py, annotation(f.type, ctx, param=True), True) for f, py in settable),
            "None", ""))
    names = tuple(py for _, py in instance)
    # pointer fields are links (lists, trees, parents): showing them could recurse forever
    shown = tuple(py for f, py in instance if f.type.indirection != "*")
    if shown:
        ctx.type_patches.append(TypePatch(cls_py, "__repr__", f"_swiggen_repr({shown!r})"))
    if init and names and all(f.type.kind in _PICKLABLE for f, _ in instance) and settable:
        ctx.type_patches.append(TypePatch(cls_py, "__reduce__", f"_swiggen_reduce({names!r})"))
        ctx.type_patches.append(TypePatch(cls_py, "__setstate__", "_swiggen_setstate"))
    return stubs


def _param_type(f: Field) -> str:
    t = cpp_type(f.type, value=True)
    return t if f.type.kind in (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.ENUM) \
        else f"const {t} &"
