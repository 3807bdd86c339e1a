"""cffifields: the struct fields PyPy reads and writes through cffi (issue #39, item 4).

Under PyPy, `p.x` on a wrapped struct calls its C getter through cpyext (about 50 ns, where a
cffi struct's field costs 5). For a plain struct the field's address is known from Python: the
object's C++ pointer, read through cffi from the object's own struct (whose address NAME.py
asks once and keeps in the object), plus the field's offset (`offsetof`, from the class's
layout shim). So NAME.py replaces each such field's descriptor with a property that reads and
writes the memory through cffi (templates/python/cffi.py.j2, `_swiggen_fields` in
cffi_call.py):

    struct Point { double x, y; };     p.x, p.x = 2.5: cffi, no call into C

Which classes: top-level, not templates, no bases and none derived from them among the wrapped
classes, no virtual methods, not held by std::shared_ptr (the object then holds a
`shared_ptr<T> *`), standard-layout (the shim answers -1 otherwise, and nothing changes).
Which fields: public, not static, by value, `bool`, an integer type, `float` or `double`, not a
bit-field or a member of an anonymous union, without a directive. Everything else on the class
keeps its C descriptor, and so does every call the fast path does not take (see cffi_call.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Class
from .cffiplan import scalar_ctype
from .cffirecords import CffiClass, CffiField
from .context import Context
from .pyrecords import StubClass


def cffi_classes(classes: Sequence[Class], stubs: Sequence[StubClass], ctx: Context,
                 shared: set[str]) -> tuple[CffiClass, ...]:
    """The plain structs of the headers' top-level `classes` with fields cffi reads, in their
    order; `stubs`: the module's stub classes (Python names, attributes); `shared`: the classes
    held by std::shared_ptr."""
    renames = {r.target: r.name for r in ctx.renames}
    ignored = {i.target for i in ctx.ignores}
    based = {b.lstrip(":") for c in classes for b in c.bases}
    by_name = {s.name: s for s in stubs}
    out = []
    for c in classes:
        qualname = c.qualname.lstrip(":")
        name = renames.get(c.qualname, c.name)
        stub = by_name.get(name)
        if (stub is None or c.template_params or c.bases or stub.bases or qualname in based
                or c.name in based or c.qualname in shared or qualname in shared
                or c.qualname in ignored or c.directives
                or any(m.is_virtual for m in c.methods)):
            continue
        attributes = {a.name: a for a in stub.attributes}
        fields = []
        for f in c.fields:
            attribute = attributes.get(renames.get(f"{c.qualname}::{f.name}", f.name))
            ctype = scalar_ctype(f.type)
            if (attribute is None or ctype is None or f.is_static or f.bit_width or f.in_union
                    or f.directives or "volatile" in f.type.spelling.split()):
                continue
            kind = "bool" if ctype == "bool" else "float" if ctype in ("float", "double") \
                else "int"
            fields.append(CffiField(attribute.name, f.name, ctype, kind,
                                    writable=not attribute.readonly and not f.is_const
                                    and f.is_assignable))
        if fields:
            cpp = c.qualname if c.qualname.startswith("::") else "::" + c.qualname
            out.append(CffiClass(name, cpp, c.qualname, tuple(fields)))
    return tuple(out)
