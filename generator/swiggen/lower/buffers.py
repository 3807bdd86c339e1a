"""The buffer protocol on wrapped classes (the `buffer` directive).

    class Image {              // swiggen: buffer(pixels, height, width, channels)
      std::uint8_t *pixels();  ->  memoryview(img): format 'B', shape (h, w, c), writable;
      int height() const; ...      numpy.asarray(img) views the pixels without a copy
      void resize(int h, int w);   ->  BufferError while a view of img exists
    };

`buffer(DATA, DIM..., strides(S...), readonly)`: DATA names a method without required
arguments returning a pointer to the first element (`T*`: writable, `const T*`: read-only), or
a `std::vector<T>&` (a reference, never a copy), or a field that is such a pointer, a
`std::vector<T>` or a `T[N]` array. T is any arithmetic type or `std::complex`. Each DIM is an
integer expression: an integer literal, a method without arguments or a field of the class
giving an integer, or `+ - * / ( )` of those (1 to 8 dimensions); a `std::vector` DATA alone is
one dimension of its size. `strides(S...)`, one per dimension, gives the steps in bytes (`itemsize`
is the element's size): without it the storage is C-contiguous. `readonly` exports read-only.

The view's exporter is the Python object itself (`Py_buffer.obj`), so a view keeps its object
alive. Methods that may reallocate the storage, non-const methods whose name's first word is one
of _RESIZING (`resize`, `push_back`, `clearAll`) or marked `resizes`, and assigning the DATA
field or a field marked `resizes`, raise BufferError while a view exists
(interfaces/python/buffers.swg counts the views per C++ object). Nothing is detected without the
directive: a class holding a `std::vector` may hand it out in ways the counting cannot see.
A bad directive (an unknown member, DATA that is no pointer to numbers, a DIM that is not an
integer) is SG208, at the directive.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence

from ..model import Class, Directive, Field, Function, Header, TypeKind, TypeRef
from ..parse.annotations import split_top_level
from .context import Context, safe_python_name
from .ownership import name_words
from .plan import BufferClass, BufferResizer
from .pyrecords import StubFunction, StubParam

#: first words of a non-const method's name that say it may reallocate the storage
_RESIZING = frozenset({"resize", "reserve", "push", "emplace", "pop", "clear", "assign",
                       "append", "insert", "erase", "shrink", "swap", "reallocate", "realloc"})
_MAX_DIMS = 8
_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_]\w*)|([-+*/()]))")
_ARRAY = re.compile(r"^(.*\S)\s*\[(\d+)\]$")
_HOW = ("write buffer(DATA, DIM...), DATA a method or field giving a pointer to the first "
        "element (or a std::vector field), each DIM an integer method, field or literal: "
        "docs/buffers.md")


def lower_buffers(headers: Sequence[Header], ctx: Context
                  ) -> tuple[tuple[BufferClass, ...], tuple[BufferResizer, ...]]:
    """The classes marked `buffer` that the module wraps, checked, and their members that may
    reallocate the storage."""
    everything = {c.qualname: c for h in headers for c in _all(h.classes)}
    out: list[BufferClass] = []
    resizers: list[BufferResizer] = []
    for c in sorted(everything.values(), key=lambda c: c.qualname):
        marks = [d for d in c.directives + ctx.config.by_name.get(c.qualname, ())
                 if d.name == "buffer"]
        if not marks:
            _stray_resizes(c, ctx)
        if not marks or c.template_params or c.qualname in ctx.ignored_classes or \
                c.qualname not in ctx.py_names:
            continue  # (a class template marked `buffer`: SG203 from the directive's check)
        found = _buffer(c, marks[-1], _members(c, everything), ctx)
        if found is not None:
            out.append(found[0])
            resizers += found[1]
    return tuple(out), tuple(dict.fromkeys(resizers))


def buffer_stubs(c: Class, ctx: Context) -> list[StubFunction]:
    """`__buffer__` in the class's stub (PEP 688: type checkers then take the class where a
    buffer is wanted, `numpy.asarray`'s argument, `memoryview(obj)`)."""
    if not any(d.name == "buffer" for d in c.directives + ctx.config.by_name.get(c.qualname, ())):
        return []
    return [StubFunction("__buffer__", (StubParam("flags", "int", False),), "memoryview",
                         "The object's storage, without a copy (the `buffer` directive).")]


def _buffer(c: Class, d: Directive, members: tuple[list[Function], list[Field]],
            ctx: Context) -> tuple[BufferClass, list[BufferResizer]] | None:
    methods, fields = members
    args = list(d.args)
    readonly = "readonly" in args and not any(
        m.name == "readonly" for m in methods) and not any(f.name == "readonly" for f in fields)
    args = [a for a in args if not (readonly and a == "readonly")]
    strides: list[str] = []
    for a in list(args):
        if a.startswith("strides(") and a.endswith(")"):
            args.remove(a)
            strides = [s.strip() for s in split_top_level(a[len("strides("):-1])]
    data_name, dims = args[0], args[1:]
    data = _data(c, d, data_name, methods, fields, ctx)
    if data is None:
        return None
    expr, is_vector, const_ok, field = data
    if not dims:
        if not is_vector:
            _fail(d, c, f"'{data_name}' gives a pointer, which says nothing of its "
                  "length: name the dimensions after it", ctx)
            return None
        dims = []
        shape = [f"{expr}.size()"]
        expr = f"{expr}.data()"
    else:
        if is_vector:
            expr = f"{expr}.data()"
        shape = []
    if len(dims) > _MAX_DIMS:
        _fail(d, c, f"{len(dims)} dimensions: at most {_MAX_DIMS}", ctx)
        return None
    ok = True
    for dim in dims:
        got = _integer(c, d, dim, methods, fields, ctx, itemsize=False)
        ok, const_ok = ok and got is not None, const_ok and (got is None or got[1])
        shape += [got[0]] if got is not None else []
    if strides and len(strides) != len(shape):
        _fail(d, c, f"strides({', '.join(strides)}) gives {len(strides)} step{'s' * (len(strides) != 1)} for "
              f"{len(shape)} dimensions: give one per dimension", ctx)
        return None
    steps = []
    for s in strides:
        got = _integer(c, d, s, methods, fields, ctx, itemsize=True)
        ok, const_ok = ok and got is not None, const_ok and (got is None or got[1])
        steps += [got[0]] if got is not None else []
    if not ok:
        return None
    return BufferClass(c.qualname, re.sub(r"\W", "_", c.qualname), expr, tuple(shape),
                       tuple(steps), readonly, const_ok), \
        _resizers(c, field, methods, fields, ctx)


def _data(c: Class, d: Directive, name: str, methods: list[Function], fields: list[Field],
          ctx: Context) -> tuple[str, bool, bool, str] | None:
    """DATA as a C++ expression over `o`, whether it is a std::vector (to take .data() and
    .size() of), whether a const object can give it, and the field it names ("" for a method)."""
    for f in fields:
        if f.name == name and not f.is_static:
            t = f.type
            if t.kind is TypeKind.VECTOR and not t.indirection and _numeric(t.element):
                return f"o.{name}", True, True, name
            if t.indirection == "*" and _numeric(t):
                return f"o.{name}", False, True, name
            m = _ARRAY.match(t.spelling)
            if t.kind is TypeKind.OTHER and m and _numeric_spelling(m.group(1)):
                return f"o.{name}", False, True, ""  # (assigning it copies in place)
            _fail(d, c, f"field '{name}' is '{t.spelling}', not a pointer to numbers, a "
                  "std::vector of numbers or an array of them", ctx)
            return None
    found = [m for m in methods if m.name == name and not m.is_static and _no_args(m)]
    if not found:
        _fail(d, c, f"'{c.qualname}' has no method or field '{name}' (a method must take no "
              "arguments)", ctx)
        return None
    usable = [m for m in found if _pointer_result(m.result)]
    if not usable:
        _fail(d, c, f"'{name}()' returns '{found[0].result.spelling}', not a pointer to numbers "
              "(T*, const T*) or a std::vector<T>&", ctx)
        return None
    vector = usable[0].result.kind is TypeKind.VECTOR
    return f"o.{name}()", vector, any(m.is_const for m in usable), ""


def _integer(c: Class, d: Directive, text: str, methods: list[Function], fields: list[Field],
             ctx: Context, itemsize: bool) -> tuple[str, bool] | None:
    """An integer expression of members as C++ over `o`, and whether a const object gives it."""
    if not _arithmetic(text):
        _fail(d, c, f"'{text}' is not an integer expression (integers, members, + - * / "
              "and parentheses)", ctx)
        return None
    out: list[str] = []
    const_ok = True
    pos = 0
    tokens = 0
    where = "" if text.strip().isidentifier() else f" in '{text}'"
    while pos < len(text.rstrip()):
        m = _TOKEN.match(text, pos)
        if not m:
            _fail(d, c, f"'{text}' is not an integer expression (integers, members, + - * / "
                  "and parentheses)", ctx)
            return None
        pos = m.end()
        tokens += 1
        number, name, op = m.groups()
        if number or op:
            out.append(number or op)
            continue
        if itemsize and name == "itemsize":
            out.append("itemsize")
            continue
        field = next((f for f in fields if f.name == name and not f.is_static), None)
        if field is not None:
            if field.type.kind not in (TypeKind.INT, TypeKind.ENUM) or field.type.indirection:
                _fail(d, c, f"'{name}'{where} is a '{field.type.spelling}' field, not an "
                      "integer", ctx)
                return None
            out.append(f"o.{name}")
            continue
        found = [f for f in methods if f.name == name and _no_args(f)]
        if not found:
            _fail(d, c, f"'{name}'{where} names no method without arguments or field of "
                  f"'{c.qualname}'" + (" (`itemsize` is only for strides)"
                                       if name == "itemsize" else ""), ctx)
            return None
        ints = [f for f in found if f.result.kind is TypeKind.INT and not f.result.indirection
                or f.result.kind is TypeKind.INT and f.result.indirection == "&"
                and f.result.is_const]
        if not ints:
            _fail(d, c, f"'{name}()'{where} returns '{found[0].result.spelling}', not an "
                  "integer", ctx)
            return None
        const_ok = const_ok and any(f.is_const or f.is_static for f in ints)
        out.append(f"o.{name}()")
    if not tokens:
        _fail(d, c, "an empty dimension", ctx)
        return None
    return "(" + " ".join(out) + ")", const_ok


def _stray_resizes(c: Class, ctx: Context) -> None:
    """SG203 for `resizes` on a member of a class without `buffer`: it would guard nothing."""
    own = [(m.qualname, m.directives) for m in c.methods] + [
        (f"{c.qualname}::{f.name}", f.directives) for f in c.fields]
    for qualname, dirs in own:
        for d in dirs + ctx.config.by_name.get(qualname, ()):
            if d.name == "resizes":
                ctx.diags.error(d.loc, "SG203", f"'resizes' on '{qualname}': "
                                f"'{c.qualname}' has no 'buffer' directive, so no view of it "
                                "can be invalidated", "mark the class 'buffer(...)', or remove "
                                "'resizes'")


def _arithmetic(text: str) -> bool:
    """`text` is integers and names joined by + - * / and parentheses (as Python reads it)."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return False
    return all(isinstance(n, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Name, ast.Load,
                              ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub, ast.UAdd))
               or isinstance(n, ast.Constant) and type(n.value) is int
               for n in ast.walk(tree))


def _resizers(c: Class, data_field: str, methods: list[Function], fields: list[Field],
              ctx: Context) -> list[BufferResizer]:
    """The wrappers that refuse to run while a view exists: methods that may reallocate, and
    the setters of the DATA field and of fields marked `resizes`."""
    out: list[BufferResizer] = []
    cls = ctx.py_names[c.qualname]
    flat = cls.replace(".", "_")
    for m in methods:
        dirs = m.directives + ctx.config.by_name.get(m.qualname, ())
        marked = any(d.name == "resizes" for d in dirs)
        words = name_words(m.name)
        if m.is_static or (m.is_const and not marked):
            continue
        if marked or (words and words[0] in _RESIZING):
            name = _renamed(m.name, dirs)
            out.append(BufferResizer(f"{flat}_{name}", f"{cls}.{name}()"))
    for f in fields:
        dirs = f.directives + ctx.config.by_name.get(f"{c.qualname}::{f.name}", ())
        if f.name == data_field or any(d.name == "resizes" for d in dirs):
            name = _renamed(f.name, dirs)
            out.append(BufferResizer(f"{flat}_{name}_set", f"assigning {cls}.{name}"))
    return out


def _renamed(name: str, dirs: Iterable[Directive]) -> str:
    """A member's Python name, as lower/functions.py and lower/classes.py give it."""
    renames = [d.args[0] for d in dirs if d.name == "rename" and d.args]
    return renames[-1] if renames else safe_python_name(name)[0]


def _members(c: Class, everything: dict[str, Class]) -> tuple[list[Function], list[Field]]:
    """The class's methods and fields, then its bases' (public ones: what the wrapper reaches)."""
    methods = [m for m in c.methods if not m.is_deleted]
    fields = list(c.fields)
    for b in c.bases:
        base = everything.get(b)
        if base is not None and base is not c:
            more = _members(base, everything)
            methods += [m for m in more[0] if m.name not in {x.name for x in c.methods}]
            fields += [f for f in more[1] if f.name not in {x.name for x in c.fields}]
    return methods, fields


def _no_args(f: Function) -> bool:
    return all(p.default is not None for p in f.params) and not f.template_params


def _numeric(t: TypeRef | None) -> bool:
    """A number type the buffer has a format for: arithmetic, or std::complex of floating."""
    if t is None:
        return False
    if t.kind in (TypeKind.INT, TypeKind.FLOAT, TypeKind.BOOL):
        return True
    return t.kind is TypeKind.STD and t.target == "std::complex" and \
        all(a.kind is TypeKind.FLOAT for a in t.args)


def _numeric_spelling(spelling: str) -> bool:
    """An array field's element type, as spelled: a type libclang reported as a number type
    (the wrapper's static_assert checks what this cannot)."""
    return not any(ch in spelling for ch in "<*&") or spelling.startswith("std::complex<")


def _pointer_result(t: TypeRef) -> bool:
    if t.indirection == "*":
        return _numeric(t)
    return t.kind is TypeKind.VECTOR and t.indirection == "&" and _numeric(t.element)


def _fail(d: Directive, c: Class, what: str, ctx: Context) -> None:
    ctx.diags.error(d.loc, "SG208", f"{d} on '{c.qualname}': {what}", _HOW)


def _all(classes: Iterable[Class]) -> Iterable[Class]:
    for c in classes:
        yield c
        yield from _all(c.classes)

