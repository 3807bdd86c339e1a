"""Whose a borrowed result is (docs/safety.md, 5): a pointer or reference to a class that a call
returns keeps alive the class pointer and reference arguments it may belong to, besides `self`
(tinyxml2's `node.ShallowClone(XMLDocument* document)`), and a view of an object whose class
closes or clears (tinyxml2's `XMLDocument::Clear()`) is its dependant, cleared by the close. The
rest of ownership, and the close rule (closes), is ownership.py; the runtime is
interfaces/python/ownership.swg and objects.swg."""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Class, Function, TypeKind
from .context import Context, Directives
from .ownership import SMART_POINTERS, closes
from .plan import Apply
from .protocols import cpp_type


def note_result_keeps_args(f: Function, dirs: Directives, symbol: str, method: bool,
                           ctx: Context) -> None:
    """A pointer or reference to a class that a function or method returns, neither `newobject`
    nor `independent` nor, on a method, `borrowed` (which says `self` owns it; on a free function
    it only confirms that Python does not own it: SG304), may be owned by any object the call was
    given: tinyxml2's `node.ShallowClone(XMLDocument* document)` returns a node the document
    passed owns. swiggen cannot know which, and the
    conservative answer is to keep them all alive (docs/safety.md, 5): the result keeps each
    named class pointer or reference argument alive too, as it keeps `self` (or the first
    argument) alive. Only a result Python does not own keeps them (swiggen_result_keeps_arg);
    the result is a new Python object on every call, which the arguments never refer to, so
    this makes no cycle. The SWIGGEN_KEEP_ALIVE typemap by parameter type and name, acting in
    the wrappers SWIGGEN_RESULT_KEEPS_ARGS_<symbol> names. A free function's (or static
    method's) first argument is kept already (`method` false: note_result_keeps)."""
    r = f.result
    if not symbol or r.kind is not TypeKind.CLASS or r.indirection not in ("*", "&") or \
            r.target in SMART_POINTERS or dirs.has("newobject") or dirs.has("independent") or \
            (method and dirs.has("borrowed")):
        return
    outs = {n for d in dirs.all("out") for n in d.args}  # (results, not arguments)
    for p in f.params[0 if method else 1:]:
        t = p.type
        if p.name and p.name not in outs and t.kind is TypeKind.CLASS and \
                t.indirection in ("*", "&") and t.target not in SMART_POINTERS:
            ctx.default_applies.append(Apply(f"SWIGTYPE {t.indirection}SWIGGEN_KEEP_ALIVE",
                                             f"{cpp_type(t)} {p.name}".replace("* ", "*")))
            ctx.symbol_flags.append("SWIGGEN_RESULT_KEEPS_ARGS_" + symbol)


def view_parents(classes: Sequence[Class], ctx: Context) -> set[str]:
    """The classes with a method that closes or clears their object (closes; inherited too),
    and their bases (whose methods a closing object is called with): the borrowed results of
    their methods, and of calls that pass them, are their dependants (note_view_dependants)."""
    by_name = {c.qualname: c for c in classes}
    closing = {c.qualname for c in classes if any(
        closes(m, ctx.all_directives(m)) for m in c.methods if not m.is_static)}

    def bases(name: str, seen: set[str]) -> set[str]:
        c = by_name.get(name)
        for b in c.bases if c else ():
            if b not in seen:
                seen.add(b)
                bases(b, seen)
        return seen

    found = set(closing)
    for c in classes:
        above = bases(c.qualname, set())
        if above & closing:  # a closing class's subclass closes too
            found.add(c.qualname)
        if c.qualname in found:
            found |= above
    return found


def note_view_dependants(f: Function, dirs: Directives, symbol: str, owner: str,
                         method: bool, ctx: Context) -> None:
    """A pointer or reference to a class that a method of a class with a closing method
    returns (view_parents: ctx.view_parents), borrowed, is a dependant of `self` too, and of the
    arguments it keeps alive (note_result_keeps_args, note_result_keeps) whose class has one:
    the close (tinyxml2's `doc.Clear()`) clears it, and its use raises ReferenceError instead of
    reading a freed node. Only there: a dependant costs a weak reference per result.
    SWIGGEN_VIEWS_DEPEND_<symbol>."""
    r = f.result
    if not symbol or r.kind is not TypeKind.CLASS or r.indirection not in ("*", "&") or \
            dirs.has("independent") or dirs.has("newobject"):
        return
    if (method and owner in ctx.view_parents) or any(
            p.type.kind is TypeKind.CLASS and p.type.target in ctx.view_parents
            for p in f.params):
        ctx.symbol_flags.append("SWIGGEN_VIEWS_DEPEND_" + symbol)
