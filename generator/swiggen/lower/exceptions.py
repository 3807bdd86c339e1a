"""C++ exceptions -> Python exceptions: the standard table, `exception` classes, `throws(...)`.

The table below is the single source: the generated translator (templates/python/exceptions.i.j2)
catches in this order, custom exception classes first (most-derived first), so each C++
exception meets its most specific handler.
"""

from __future__ import annotations

import builtins

from ..model import Class, Directive, Field, TypeKind
from .context import Context, Directives
from .exrecords import CustomException, ExceptionField, StdException, ThrowsRule
from .plan import Ignore
from .pyrecords import StubAttribute, StubClass

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

#: field kinds an exception carries as attributes (besides copies of wrapped classes): the C++
#: side converts each by its own type (swiggen_field_to_py, interfaces/python/exceptions.swg)
_FIELD_KINDS = frozenset({TypeKind.BOOL, TypeKind.INT, TypeKind.ENUM, TypeKind.FLOAT,
                          TypeKind.STRING})


_STUB_TYPES = {TypeKind.BOOL: "bool", TypeKind.INT: "int", TypeKind.ENUM: "int",
               TypeKind.FLOAT: "float", TypeKind.STRING: "str"}


def std_table() -> tuple[StdException, ...]:
    return tuple(StdException(cpp, py) for cpp, py in STD_EXCEPTIONS)


def builtin_exception(name: str) -> bool:
    obj = getattr(builtins, name, None)
    return isinstance(obj, type) and issubclass(obj, BaseException)


def lower_exception_classes(classes: dict[str, Class], ctx: Context) -> None:
    """`classes`: every parsed class by qualified name. Marked ones become Python exceptions:
    classes derived from std::exception (the message is `what()`), and, with
    `exception(message=METHOD)`, classes of libraries whose exceptions are not (muParser's
    `mu::ParserError`, message `GetMsg()`), which are caught by their own type."""
    marked = {q: c for q, c in classes.items() if _marking(c, q, ctx) is not None}
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
        if c.qualname in marked:
            own = _options(c, ctx)
            if own.get("message"):  # the root of a hierarchy not derived from std::exception
                py = own.get("base", "RuntimeError")
                return py, py, 0, True
        return None

    out: list[CustomException] = []
    for q, c in marked.items():
        options = _options(c, ctx)
        bad = _bad_options(options)
        if bad:
            ctx.diags.error(c.loc, "SG204", f"'exception' on '{q}': {bad}",
                            "e.g. exception, exception(message=GetMsg) or "
                            "exception(message=GetMsg, base=ValueError)")
            continue
        found = python_base(c, {q})
        if found is None:
            ctx.diags.error(c.loc, "SG203", f"'exception' needs a class derived from "
                            f"std::exception, or a method giving the message; '{q}' has "
                            "neither",
                            "derive it from std::exception (or std::runtime_error, ...), or "
                            "name the method that returns its message: "
                            "exception(message=GetMsg)")
            continue
        base, fallback, depth, builtin = found
        message = _message(c, marked, classes, ctx)
        if message is None:
            ctx.diags.error(c.loc, "SG203", f"exception(message={options['message']}): "
                            f"'{q}' has no method {options['message']}() without arguments "
                            "returning a string",
                            "name a const method taking no arguments that returns a "
                            "std::string or const char*")
            continue
        own = [f for f in _inherited_fields(c, classes, set())
               if not f.is_static and f.type.indirection == ""
               and (f.type.kind in _FIELD_KINDS or _copyable_class(f, marked, ctx))]
        out.append(CustomException(index[q], c.name, q, base, fallback, depth, c.doc,
                                   tuple(_field(f) for f in own), builtin, message,
                                   standard=_derives_from_std(c, classes, set())))
        ctx.ignores.append(Ignore(q, "exception class: a Python exception in the module"))
        ctx.py_names[q] = c.name
        ctx.stub_classes.append(StubClass(
            c.name, ("builtins." + base if builtin else base,), c.doc,
            tuple(StubAttribute(f.name, _STUB_TYPES.get(f.type.kind)
                                or ctx.py_names[f.type.target], False) for f in own), (), ()))
    # most-derived first; ties in source order
    ctx.exceptions = sorted(out, key=lambda e: (-e.depth, e.index))


def _marking(c: Class, q: str, ctx: Context) -> Directive | None:
    """`c`'s `exception` directive (in its header or the config), if any."""
    return next((d for d in c.directives + ctx.config.by_name.get(q, ())
                 if d.name == "exception"), None)


def _options(c: Class, ctx: Context) -> dict[str, str]:
    """`exception(message=GetMsg, base=ValueError)` -> {"message": "GetMsg", "base": ...};
    an argument without `=` is kept under its own text (reported by _bad_options)."""
    d = _marking(c, c.qualname, ctx)
    out: dict[str, str] = {}
    for a in d.args if d is not None else ():
        key, sep, value = (x.strip() for x in a.partition("="))
        out[key if sep else a] = value if sep else ""
    return out


def _bad_options(options: dict[str, str]) -> str:
    """What is wrong with an `exception(...)` argument list, or ""."""
    for key, value in options.items():
        if key not in ("message", "base"):
            return f"unknown argument '{key}' (message=METHOD and base=PyExc are known)"
        if not value.isidentifier():
            return f"{key}= needs a name, not '{value}'"
        if key == "base" and not builtin_exception(value):
            return f"base={value} is not a builtin Python exception"
    return ""


def _message(c: Class, marked: dict[str, Class], classes: dict[str, Class],
             ctx: Context) -> str | None:
    """The method giving `c`'s message: the one its `exception(message=...)` names, or a
    marked base's; `what` for the std::exception hierarchy. None if the named method is not a
    string-returning method without arguments of that class or its bases."""
    chain = [c]
    while True:
        name = _options(chain[-1], ctx).get("message")
        if name:
            return name if _has_message_method(chain[-1], name, classes) else None
        parent = next((marked[b] for b in chain[-1].bases if b in marked), None)
        if parent is None or parent in chain:
            return "what"
        chain.append(parent)


def _derives_from_std(c: Class, classes: dict[str, Class], seen: set[str]) -> bool:
    """`c` has std::exception among its (transitive) bases: it is caught as one."""
    return any(b in _STD or (b in classes and b not in seen and
                             _derives_from_std(classes[b], classes, seen | {b}))
               for b in c.bases)


def _has_message_method(c: Class, name: str, classes: dict[str, Class]) -> bool:
    for m in c.methods:
        if m.name == name and not m.is_static and m.result.kind is TypeKind.STRING and \
                all(p.default is not None for p in m.params):
            return True
    return any(_has_message_method(classes[b], name, classes) for b in c.bases if b in classes)


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
        return ExceptionField(f.name, f"{f.type.target} *")
    return ExceptionField(f.name)


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
