"""Smart pointers to values Python converts: `std::shared_ptr<const std::string>`,
`std::unique_ptr<int>`, `std::shared_ptr<std::vector<double>>`.

SWIG's `%shared_ptr(T)`/`%unique_ptr(T)` only work for classes: `%shared_ptr(int)` is a SWIG
syntax error, and `%shared_ptr(std::string)` makes every `std::string` of the module a smart
pointer's class (its fields read back as `<Swig Object of type 'std::shared_ptr< std::string >
*'>`). A smart pointer to anything but a class the module wraps is therefore converted by value
(interfaces/python/convert.swg's `conv<std::shared_ptr<T>>`): the pointee's Python value, or
None for an empty pointer; a Python value makes a new pointee. None is refused where the callee
would dereference it, as for class smart pointers (SWIGGEN_SMART_NONNULL), unless the parameter
is nullable.

    std::shared_ptr<const std::string> path() const;   ->  'config.toml' (or None)
    void set_count(std::unique_ptr<int> n);             ->  set_count(3)
"""

from __future__ import annotations

import dataclasses

from ..model import TypeKind, TypeRef

SMART = ("std::unique_ptr", "std::shared_ptr")


def smart_of_value(t: TypeRef) -> bool:
    """`t` is a smart pointer whose pointee is not a class (nor a pointer): a converted value."""
    e = t.element
    return t.kind is TypeKind.CLASS and t.target in SMART and e is not None and \
        e.kind is not TypeKind.CLASS and not e.indirection


def pointee(t: TypeRef) -> TypeRef:
    """The pointee of a smart pointer `smart_of_value` accepts, as an item (no const)."""
    assert t.element is not None
    e = t.element
    return dataclasses.replace(e, spelling=e.spelling.removeprefix("const ").strip(),
                               canonical=e.canonical.removeprefix("const ").strip(),
                               is_const=False)
