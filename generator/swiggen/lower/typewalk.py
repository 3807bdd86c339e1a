"""Every TypeRef of a model object replaced, the rest shared: how lowering retypes the whole
model before it starts (a library's string class as `str`: lower/textclasses.py; Eigen's and
OpenCV's types as converted ones: lower/libtypes.py).

    map_types(header, lambda t: retyped(t))   # a Header with each TypeRef retyped; objects no
                                              # TypeRef of which changed are the same objects
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..model import Directive, TypeRef


def map_types(obj: Any, fn: Callable[[TypeRef], TypeRef]) -> Any:
    """`obj` (a Header, Class, Function, a tuple of them...) with every TypeRef `t` in it
    replaced by `fn(t)`; unchanged parts are returned as they are (no copies)."""
    if isinstance(obj, TypeRef):
        return fn(obj)
    if isinstance(obj, tuple):
        items = tuple(map_types(o, fn) for o in obj)
        return items if not all(a is b for a, b in zip(items, obj)) else obj
    if not dataclasses.is_dataclass(obj) or isinstance(obj, (type, Directive)):
        return obj
    changes = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, (TypeRef, tuple)) or dataclasses.is_dataclass(value):
            new = map_types(value, fn)
            if new is not value:
                changes[f.name] = new
    return replace(obj, **changes) if changes else obj
