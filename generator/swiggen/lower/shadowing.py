"""Overloads Python cannot tell apart: one is wrapped, the other left out.

A const/non-const pair (`T& get()` beside `const T& get() const`): Python has one get(). For
numbers, strings and containers (values) it reads through the const overload; for a class (a
view) the non-const one is wrapped, writing through, and on a read-only view it stands for the
const one (SWIGGEN_CONST_TWIN, interfaces/python/constviews.swg).

`f(const char*)` beside `f(const std::string&)` (or `f(std::string_view)`) take the same Python
`str`; SWIG would keep whichever came first and print its raw warning 509. The one that keeps
the whole text is wrapped (std::string, then std::string_view, then `const char*`: a `str` with
an embedded NUL is cut short only by the last), and the other is an SG340 at its line.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Constructor, Function, TypeKind, TypeRef
from .context import Context
from .limits import with_default_variants
from .plan import Ignore

Twin = tuple[str, tuple[str, ...]]


def _str_rank(t: TypeRef) -> int:
    """How a parameter takes a Python `str`: 3 std::string (by value or const&), 2
    std::string_view, 1 `const char*`; 0 not a str."""
    if t.kind is TypeKind.STRING:
        if t.indirection == "" or (t.indirection == "&" and t.is_const):
            return 3
        if t.indirection == "*" and t.is_const:
            return 1
    if t.kind is TypeKind.STRING_VIEW and t.indirection in ("", "&") and \
            (t.indirection == "" or t.is_const):
        return 2
    return 0


def _key(t: TypeRef) -> str:
    return t.canonical + t.indirection + ("c" if t.is_const else "")


def str_shadowed(f: Function | Constructor, group: Sequence[Function | Constructor]
                 ) -> Function | Constructor | None:
    """The overload in `group` that takes the same Python arguments as `f` and is wrapped
    instead of it, or None."""
    for g in group:
        if g is f or g.is_deleted or len(g.params) != len(f.params) or \
                getattr(g, "is_const", False) != getattr(f, "is_const", False):
            continue
        better = False
        for p, q in zip(f.params, g.params):
            a, b = _str_rank(p.type), _str_rank(q.type)
            if a and b:
                if a > b:
                    break
                better = better or b > a
            elif _key(p.type) != _key(q.type):
                break
        else:
            if better:
                return g
    return None


def skip_shadowed(f: Function | Constructor, group: Sequence[Function | Constructor],
                  target: str, ctx: Context, name: str = "") -> bool:
    """Leave `f` out (SG340) if another overload of `group` takes the same str arguments (a
    constructor: `name` is the class's `ns::C::C`), with the shorter forms SWIG makes of its
    default arguments."""
    shadow = str_shadowed(f, group) if len(group) > 1 else None
    if shadow is None:
        return False
    name = name or getattr(f, "qualname", "")
    shown = f"{name}{shadow.written_signature}"
    ctx.ignores += [Ignore(t, f"Python passes a str to '{shown}', which is wrapped")
                    for t in with_default_variants(target, f)]
    ctx.diags.warning(f.loc, "SG340", f"overload '{name}{f.written_signature}' is not wrapped: "
                      f"Python passes a str to it and to '{shown}' alike, and that "
                      "one keeps the whole text", "rename one of them (rename(NAME)) to call "
                      "both, or mark it 'swiggen: ignore' to silence this")
    return True


def skip_beside_static(f: Function, group: Sequence[Function], target: str,
                       ctx: Context) -> bool:
    """Leave out (SG343) a method that shares its name with a static method of its class
    (SQLiteCpp's `Database::getHeaderInfo()` beside `static getHeaderInfo(const std::string&)`):
    Python has one attribute for the name, a static method, and SWIG's dispatcher for the set
    converted `self` where a static call has none (a crash on `db.getHeaderInfo()`)."""
    if f.is_static or not any(g.is_static for g in group):
        return False
    ctx.ignores += [Ignore(t, "a static overload of the same name is wrapped")
                    for t in with_default_variants(target, f)]
    ctx.diags.warning(f.loc, "SG343", f"method '{f.qualname}{f.written_signature}' is not "
                      "wrapped: a static overload of the same name is, and Python has one "
                      "attribute for both", "rename one of them (rename(NAME)) to call both, or "
                      "mark it 'swiggen: ignore' to silence this")
    return True


def param_types(f: Function) -> tuple[str, ...]:
    return tuple(_key(p.type) for p in f.params)


def _class_view(f: Function) -> bool:
    """The result is a reference or pointer to a class: a view, not a value."""
    return f.result.kind is TypeKind.CLASS and f.result.indirection in ("&", "*")


def twins(funcs: Sequence[Function]) -> tuple[set[Twin], set[Twin]]:
    """(const methods, non-const methods returning a class view), by name and parameters."""
    live = [f for f in funcs if not f.is_deleted]
    return ({(f.qualname, param_types(f)) for f in live if f.is_const},
            {(f.qualname, param_types(f)) for f in live if not f.is_const and _class_view(f)})


def twin_choice(f: Function, target: str, const_twins: set[Twin], mutable_twins: set[Twin],
                ctx: Context) -> bool | None:
    """None: `f` is left out for its twin; True: `f` is the non-const twin wrapped for both
    (SWIGGEN_CONST_TWIN); False: no twin decides."""
    from .protocols import is_operator
    twin = (f.qualname, param_types(f))
    if is_operator(f.name) or twin not in const_twins:
        return False
    if twin in mutable_twins:
        if f.is_const:
            ctx.ignores.append(Ignore(target, "the non-const overload of the same parameters "
                                      "is wrapped (a writable view)"))
            return None
        return True
    if not f.is_const:
        ctx.ignores.append(Ignore(target, "the const overload of the same parameters is "
                                  "wrapped"))
        return None
    return False
