"""C++ exceptions -> Python exceptions: the standard table, `exception` classes, `throws(...)`.

The table below is the single source: the generated translator (templates/exceptions.i.j2)
catches in this order, custom exception classes first (most-derived first), so each C++
exception meets its most specific handler.
"""

from __future__ import annotations

import builtins

from ..model import Class, Field, TypeKind
from .context import Context, Directives
from .plan import (
    CustomException,
    ExceptionField,
    Ignore,
    StdException,
    StubAttribute,
    StubClass,
    ThrowsRule,
)

#: C++ standard exception -> Python exception, most-derived first (order is catch order)
STD_EXCEPTIONS: tuple[tuple[str, str], ...] = (
    ("std::out_of_range", "IndexError"),
    ("std::invalid_argument", "ValueError"),
    ("std::domain_error", "ValueError"),
    ("std::length_error", "ValueError"),
    ("std::overflow_error", "OverflowError"),
    ("std::range_error", "ValueError"),
    ("std::bad_alloc", "MemoryError"),
    ("std::ios_base::failure", "OSError"),
    ("std::system_error", "OSError"),  # with errno for the generic and system categories
    ("std::logic_error", "RuntimeError"),
    ("std::runtime_error", "RuntimeError"),
    ("std::exception", "RuntimeError"),
)
_STD = dict(STD_EXCEPTIONS)

#: field kind -> C expression building a Python value from `e.NAME` (and wrapped classes: copies,
#: see _field)
_FIELD_CONVERSIONS = {
    TypeKind.BOOL: "PyBool_FromLong(e.{0} ? 1 : 0)",
    TypeKind.INT: "PyLong_FromLongLong((long long)e.{0})",
    TypeKind.ENUM: "PyLong_FromLongLong((long long)e.{0})",
    TypeKind.FLOAT: "PyFloat_FromDouble((double)e.{0})",
    TypeKind.STRING: "swiggen_string_to_py(e.{0})",
}


_STUB_TYPES = {TypeKind.BOOL: "bool", TypeKind.INT: "int", TypeKind.ENUM: "int",
               TypeKind.FLOAT: "float", TypeKind.STRING: "str"}


def std_table() -> tuple[StdException, ...]:
    return tuple(StdException(cpp, py) for cpp, py in STD_EXCEPTIONS)


def builtin_exception(name: str) -> bool:
    obj = getattr(builtins, name, None)
    return isinstance(obj, type) and issubclass(obj, BaseException)


def lower_exception_classes(classes: dict[str, Class], ctx: Context) -> None:
    """`classes`: every parsed class by qualified name. Marked ones become Python exceptions."""
    marked = {q: c for q, c in classes.items()
              if any(d.name == "exception" for d in c.directives
                     + ctx.config.by_name.get(q, ()))}
    index: dict[str, int] = {}
    for q in marked:
        index[q] = len(index)

    def python_base(c: Class, seen: set[str]) -> tuple[str, str, int, bool] | None:
        """(python base name, builtin fallback, depth, the base is the builtin) by walking C++
        bases."""
        for b in c.bases:
            if b in marked and b not in seen:
                found = python_base(marked[b], seen | {b})
                if found:
                    return marked[b].name, found[1], found[2] + 1, False
            if b in _STD:
                return _STD[b], _STD[b], 1, True
            if b in classes and b not in seen:
                found = python_base(classes[b], seen | {b})
                if found:
                    return found[0], found[1], found[2] + 1, found[3]
        return None

    out: list[CustomException] = []
    for q, c in marked.items():
        found = python_base(c, {q})
        if found is None:
            ctx.diags.error(c.loc, "SG203", f"'exception' needs a class derived from "
                            f"std::exception; '{q}' is not",
                            "derive it from std::exception (or std::runtime_error, ...)")
            continue
        base, fallback, depth, builtin = found
        own = [f for f in _inherited_fields(c, classes, set())
               if not f.is_static and f.type.indirection == ""
               and (f.type.kind in _FIELD_CONVERSIONS or _copyable_class(f, marked, ctx))]
        out.append(CustomException(index[q], c.name, q, base, fallback, depth, c.doc,
                                   tuple(_field(f) for f in own), builtin))
        ctx.ignores.append(Ignore(q, "exception class: a Python exception in the module"))
        ctx.py_names[q] = c.name
        ctx.stub_classes.append(StubClass(
            c.name, ("builtins." + base if builtin else base,), c.doc,
            tuple(StubAttribute(f.name, _STUB_TYPES.get(f.type.kind)
                                or ctx.py_names[f.type.target], False) for f in own), (), ()))
    # most-derived first; ties in source order
    ctx.exceptions = sorted(out, key=lambda e: (-e.depth, e.index))


def _inherited_fields(c: Class, classes: dict[str, Class], seen: set[str]) -> list[Field]:
    """Public fields of `c` and of its (user-declared) bases, bases first, each name once."""
    out: list[Field] = []
    for b in c.bases:
        if b in classes and b not in seen:
            seen.add(b)
            out += _inherited_fields(classes[b], classes, seen)
    names = {f.name for f in c.fields}
    return [f for f in out if f.name not in names] + list(c.fields)


def _copyable_class(f: Field, marked: dict[str, Class], ctx: Context) -> bool:
    """A field of a class the module wraps (not an exception class), which can be copied."""
    t = f.type.target
    return f.type.kind is TypeKind.CLASS and t in ctx.py_names and t not in marked \
        and t not in ctx.uncopyable


def _field(f: Field) -> ExceptionField:
    if f.type.kind is TypeKind.CLASS:
        # a Python-owned copy: the C++ exception object is gone once it is translated
        return ExceptionField(f.name, f'swiggen_copy_to_py(e.{f.name}, "{f.type.target} *")')
    return ExceptionField(f.name, _FIELD_CONVERSIONS[f.type.kind].format(f.name))


def note_throws(target: str, dirs: Directives, ctx: Context) -> None:
    """`throws(std::runtime_error=IOError, ...)` on `target` -> a per-declaration rule."""
    custom = {e.name: e.index for e in ctx.exceptions}
    for d in dirs.all("throws"):
        pairs: list[tuple[str, str]] = []
        for a in d.args:
            cpp, sep, py = (x.strip() for x in a.partition("="))
            if not sep or not cpp or not py:
                ctx.diags.error(d.loc, "SG204", f"throws argument '{a}' is not CppType=PyExc",
                                "e.g. throws(std::runtime_error=IOError)")
            elif py in custom:
                pairs.append((cpp, f"swiggen_exception_classes[{custom[py]}]"))
            elif builtin_exception(py):
                pairs.append((cpp, f"PyExc_{py}"))
            else:
                ctx.diags.error(d.loc, "SG204", f"throws: '{py}' is neither a builtin Python "
                                "exception nor an 'exception' class of this module",
                                "use e.g. IOError or ValueError, or mark the C++ class "
                                "'swiggen: exception'")
        if pairs:
            ctx.throws.append(ThrowsRule(target, tuple(pairs)))
