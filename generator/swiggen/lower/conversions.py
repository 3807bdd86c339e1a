"""Conversion operators (`explicit operator int() const`) as Python's conversion protocols.

The protocol follows the kind of the type C++ converts to, not its spelling (`operator size_t`,
`operator Real` with `using Real = double` are `int()` and `float()` too). The generated method
converts in two explicit steps, `static_cast<long long>(static_cast<int>(*self))`: one
`static_cast` to `long long` would not consider an `explicit operator int`.

    integer, enum      int(obj)     __int__    through long long (unsigned: unsigned long long)
    float types        float(obj)   __float__  through double
    bool               bool(obj)    SWIG's own operator bool mapping
    std::string, char* str(obj)     __str__    (unless an ostream operator<< gives str already)

A conversion to anything else (a class, a pointer) has no Python protocol: it is left out
with a located warning (SG330).
"""

from __future__ import annotations

from ..model import Function, TypeKind, TypeRef
from .types import cpp_type

#: result kind -> (Python method, slot)
_PROTOCOLS = {
    TypeKind.INT: ("__int__", "nb_int"),
    TypeKind.ENUM: ("__int__", "nb_int"),
    TypeKind.FLOAT: ("__float__", "nb_float"),
    TypeKind.STRING: ("__str__", "tp_str"),
}


def is_conversion(f: Function) -> bool:
    """`operator T()`: an operator named by a type, without parameters."""
    return f.name.startswith("operator ") and not f.params and f.name != "operator bool"


def conversion(f: Function) -> tuple[str, str, str, str] | None:
    """(Python method, result type, C++ type converted to, slot) for a conversion operator
    Python has a protocol for, else None."""
    t = f.result
    found = _PROTOCOLS.get(t.kind)
    if found is None or (t.indirection and t.kind is not TypeKind.STRING):
        return None
    pyname, slot = found
    declared = cpp_type(t)
    if t.kind is TypeKind.FLOAT:
        through = "double"
    elif t.kind is TypeKind.STRING:
        through = "std::string"
    elif _unsigned(t):
        through = "unsigned long long"
    else:
        through = "long long"
    return pyname, through, declared, slot


def unmapped_why(f: Function) -> str:
    """Why conversion operator `f` is not wrapped ("" if it is)."""
    if conversion(f) is not None:
        return ""
    return (f"conversion to '{f.result.spelling}': Python has no conversion protocol for it "
            "(only int(), float(), bool() and str())")


def _unsigned(t: TypeRef) -> bool:
    return t.kind is TypeKind.INT and ("unsigned" in t.canonical or t.canonical in (
        "char16_t", "char32_t", "bool"))
