"""runtime: who deletes a wrapped object's C++ object, for code that must say so by hand.

    swiggen.owned(obj)   True if Python deletes obj's C++ object when obj is dropped
    swiggen.disown(obj)  Python stops deleting it: C++ (or you) must
    swiggen.own(obj)     Python deletes it from now on

The annotations (`disown(param)`, `newobject`, `std::unique_ptr`: docs/ownership.md) say this for
every call already; these are for what no annotation can say. Each finds the C module of the
module that wrapped the object's class (through the classes of `type(obj).__mro__`: a Python
subclass's wrapped base) and calls its `_swiggen_ownership` (interfaces/python/ownership_api.swg),
which refuses what would make two owners or none with ValueError, an object whose C++ object is
gone with ReferenceError, and anything but a wrapped object with TypeError. Plain Python: this
module imports nothing of swiggen's generator (`import swiggen` stays cheap).
"""

from __future__ import annotations

import sys
from typing import Any, Callable


def _ownership(obj: object, action: str) -> Callable[[object, str], Any]:
    for cls in type(obj).__mro__:
        module = sys.modules.get(getattr(cls, "__module__", "") or "")
        found = getattr(getattr(module, "_swiggen_c", None), "_swiggen_ownership", None)
        if found is not None:
            return found  # type: ignore[no-any-return]
    raise TypeError(f"swiggen.{action}() argument must be an object of a wrapped C++ class, "
                    f"not {type(obj).__name__}")


def owned(obj: object) -> bool:
    """True if Python deletes `obj`'s C++ object when `obj` is dropped (a new object, or one
    a `newobject` function returned); False for a view into another object, an object handed
    to C++ (`disown(param)`, `swiggen.disown`), or one whose C++ object is gone."""
    return bool(_ownership(obj, "owned")(obj, "owned"))


def disown(obj: object) -> None:
    """Python stops deleting `obj`'s C++ object: something else must (C++ code it was handed
    to by a call swiggen does not know takes it), or it leaks. ValueError if Python does not own
    it, or it is held through a `std::shared_ptr` or is of a Python subclass."""
    _ownership(obj, "disown")(obj, "disown")


def own(obj: object) -> None:
    """Python deletes `obj`'s C++ object when `obj` is dropped (it must be an object nothing
    else deletes: one a function returned without `newobject` that the caller must delete).
    Nothing happens if Python owns it already. ValueError for a read-only view, an object held
    through a `std::shared_ptr` or of a Python subclass; ReferenceError if its C++ object is
    gone. (An object of a class without a public destructor is never deleted by Python, owned
    or not.)"""
    _ownership(obj, "own")(obj, "own")
