"""Classes SWIG must not return through their assignment operator.

SWIG returns a class by value as `T result; result = f(); ... new T(result)`: a default
construction and a copy *assignment*. For most classes that is a copy. For a handle whose
`operator=` writes through to what it refers to (yaml-cpp's `Node`), it changes the wrong
object, and it cannot compile for a class without a default constructor. SWIG's value wrapper
(`SwigValueWrapper<T>`, the "Fulton transform") holds the result on the heap and copy-constructs
it instead; `SWIGGEN_VALUE_WRAPPER` (interfaces/python/values.swg) turns it on for one class, with
an out typemap whose final construction names `T&&`, so that a greedy converting constructor
template (`template <class U> explicit T(const U&)`) is never handed the wrapper itself.
"""

from __future__ import annotations

from ..model import Class, TypeKind, TypeRef
from .context import Context
from .plan import ValueWrapper
from .types import arg


def value_wrapper_reason(c: Class) -> str:
    """Why returning `c` by value needs the value wrapper ("" when SWIG's default is right)."""
    if c.is_abstract or not c.has_public_destructor:
        return ""
    if any(m.name == "operator=" and not m.template_params and len(m.params) == 1
           and _is_self(m.params[0].type, c) for m in c.methods):
        return "user-declared assignment: not a plain copy"
    if any(m.name == c.name and m.template_params and len(m.params) == 1
           and _dependent(m.params[0].type) for m in c.methods):
        return "converting constructor template: the out typemap names the copy"
    live = [k for k in c.constructors if not k.is_deleted]
    if c.constructors and not any(all(p.default is not None for p in k.params) for k in live):
        return "no default constructor"
    return ""


def assigns_from_itself(c: Class) -> bool:
    """A public, user-declared (not deleted) assignment from the class's own type: what makes a
    by-value result of a non-const operator[] a write-through handle (lower/protocols.py)."""
    return any(m.name == "operator=" and not m.template_params and not m.is_deleted
               and len(m.params) == 1 and _is_self(m.params[0].type, c) for m in c.methods)


def lower_value_wrapper(c: Class, ctx: Context) -> None:
    if c.qualname in ctx.throwing_dtor and not c.is_abstract:
        ctx.value_wrappers.append(ValueWrapper(arg(c.qualname), "destructor may throw: destroyed "
                                               "inside the wrapper", "SWIGGEN_THROWING_DTOR"))
        return
    if any(k.is_move and k.is_deleted for k in c.constructors) and c.is_copyable and \
            not c.is_abstract and c.has_public_destructor:
        ctx.value_wrappers.append(ValueWrapper(arg(c.qualname), "move constructor deleted: copied "
                                               "where SWIG moves", "SWIGGEN_COPY_ONLY"))
        return
    why = value_wrapper_reason(c)
    if why:
        ctx.value_wrappers.append(ValueWrapper(arg(c.qualname), why))


def _is_self(t: TypeRef, c: Class) -> bool:
    return t.kind is TypeKind.CLASS and t.target == c.qualname


def _dependent(t: TypeRef) -> bool:
    return "type-parameter" in t.canonical or "type-parameter" in t.spelling
