"""Status results: `status(...)` classes raise instead of returning, `false_is(...)` bools too.

    class Status {  // swiggen: status(ok=ok, message=ToString, IsNotFound=KeyError)
      bool ok() const; bool IsNotFound() const; std::string ToString() const; ... };
    Status Get(const std::string& key, std::string* value);   // get(key) -> str, or raises
    bool TryGet(int key, std::string* value);   // swiggen: out(value), false_is(KeyError)

A function returning a status class by value raises `StatusError` (generated, carrying
`.status` and `.message`) when `ok()` is false, or `StatusNotFoundError` (a subclass of
StatusError and KeyError) when `IsNotFound()` is also true; otherwise its C++ result is left
out of the Python one (its outs, or None). The class's own methods returning it (static
factories like `Status::OK()`) return it as a value. The runtime side is outparams.swg.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..model import Class, Directive, Function, TypeKind
from .context import Context, Directives
from .directive_use import DirectiveUse
from .exceptions import builtin_exception
from .params import ParamShape
from .plan import ParamTypemap
from .pyrecords import StubAttribute, StubClass

_PAIR = re.compile(r"\s*([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\s*\Z")


def collect_status(classes: Sequence[Class], ctx: Context) -> None:
    """First pass: which classes are status classes (so every function's stub knows)."""
    for c in classes:
        for d in c.directives + ctx.config.by_name.get(c.qualname, ()):
            if d.name == "status" and not c.template_params:
                ctx.status_classes[c.qualname] = d
        collect_status(c.classes, ctx)


def lower_status(c: Class, dirs: Directives, ctx: Context) -> None:
    """Check a status class's directive and emit its macros and exception classes."""
    found = dirs.all("status")
    if not found:
        return
    d = found[-1]
    pairs: dict[str, str] = {}
    for a in d.args:
        m = _PAIR.match(a)
        if not m:
            _bad(d, c, f"'{a}' is not NAME=VALUE", ctx)
            return
        pairs[m.group(1)] = m.group(2)
    methods = {f.name: f for f in c.methods if not f.is_static}
    ok = pairs.pop("ok", "")
    message = pairs.pop("message", "")
    for role, name in (("ok", ok), ("message", message)):
        if role == "ok" and not name:
            _bad(d, c, "it names no ok=METHOD", ctx)
            return
        if name and (name not in methods or methods[name].params):
            _bad(d, c, f"{role}={name}: '{c.qualname}' has no method {name}() without "
                 "parameters", ctx)
            return
    if c.qualname in ctx.uncopyable:
        _bad(d, c, "the class cannot be copied (a raised exception carries a copy)", ctx)
        return
    index = len([p for p in ctx.params if p.macro == "SWIGGEN_STATUS"])
    py = ctx.py_names.get(c.qualname, c.name).replace(".", "_")
    base = f"{py}Error"
    rule = f"{d} at line {d.loc.line}"
    predicates: list[ParamTypemap] = []
    subclasses: list[StubClass] = []
    for slot, (pred, exc) in enumerate(pairs.items(), start=1):
        if pred not in methods or methods[pred].params or \
                methods[pred].result.kind is not TypeKind.BOOL:
            _bad(d, c, f"{pred}={exc}: '{c.qualname}' has no method bool {pred}() without "
                 "parameters", ctx)
            return
        if not builtin_exception(exc):
            _bad(d, c, f"{pred}={exc}: '{exc}' is not a builtin Python exception", ctx)
            return
        stem = re.sub(r"^(?:Is|is_?|Has|has_?)(?=[A-Za-z])", "", pred)
        stem = stem[:1].upper() + stem[1:]
        name = f"{py}{stem}" if stem.endswith("Error") else f"{py}{stem}Error"
        predicates.append(ParamTypemap("SWIGGEN_STATUS_PREDICATE",
                                       (str(index), c.qualname, str(slot), pred, f'"{name}"',
                                        exc), (c.qualname,), rule))
        subclasses.append(StubClass(name, (base, exc), f"{base} where {pred}() is true.",
                                    (), (), ()))
    msg = f"swiggen_status.{message}()" if message else f'std::string("{py} is not ok")'
    ctx.params.append(ParamTypemap("SWIGGEN_STATUS", (
        str(index), c.qualname, f'"{base}"', ok, f"%arg({msg})", str(len(pairs) + 1)),
        (c.qualname,), rule))
    ctx.params += predicates
    for f in c.methods:  # the class's own factories return it as a value
        if f.result.kind is TypeKind.CLASS and f.result.target == c.qualname and \
                not f.result.indirection:
            ctx.params.append(ParamTypemap("SWIGGEN_STATUS_VALUE", (c.qualname, f.name),
                                           (f.qualname,), "the status class's own method"))
    ctx.stub_classes.append(StubClass(
        base, ("Exception",), f"Raised where a function returns a {py} that is not ok: "
        f"`status` is that {py}, `message` its {message or 'description'}.",
        (StubAttribute("status", py, False), StubAttribute("message", "str", False)), (), ()))
    ctx.stub_classes += subclasses


def false_is_name(f: Function, ctx: Context) -> str:
    """The name SWIGGEN_FALSE_IS's typemaps match: SWIG matches a result's typemap by the
    function's name, qualified (`kv::DB::GetProperty`), so that another class's `bool find`
    is left alone; a class template instance's methods by their own name (SWIG qualifies them
    with the instance), and so every overload of the name."""
    return f.name if ctx.template_args else f.qualname


def false_is_spread(kept: Sequence[tuple[Function, Directives]], target: str,
                    ctx: Context) -> None:
    """SG370 where `false_is` is on some but not all `bool` overloads of one name: the typemap
    matches them all (by name), so the others raise too."""
    marked = [(f, dirs.all("false_is")[0]) for f, dirs in kept if dirs.has("false_is")]
    if not marked:
        return
    f, d = marked[0]
    for g, dirs in kept:
        if not dirs.has("false_is") and g.result.kind is TypeKind.BOOL and \
                not g.result.indirection and g.name == f.name:
            ctx.diags.warning(g.loc, "SG370", f"'{target}{g.signature}' returns bool without "
                              f"false_is, but {d} on another overload of '{target}' applies to "
                              "it too: SWIG matches the typemap by the function's name",
                              f"put {d} on every bool overload (the key '{target}' names them "
                              "all), or rename one")
            return


def _bad(d: Directive, c: Class, what: str, ctx: Context) -> None:
    ctx.diags.error(d.loc, "SG231", f"{d} on '{c.qualname}': {what}",
                    "write status(ok=METHOD, message=METHOD, PREDICATE=PythonException, ...) "
                    "naming methods of the class that take no arguments")


def note_result(f: Function, dirs: Directives, target: str, shape: ParamShape,
                ctx: Context, use: DirectiveUse | None = None) -> None:
    """Status results and `false_is`: whether the C++ result drops out of the Python one
    (`use`: where the overload set's `false_is` took effect; without it, errors at once)."""
    t = f.result
    if t.kind is TypeKind.CLASS and not t.indirection and t.target in ctx.status_classes and \
            f.qualname.rsplit("::", 1)[0] != t.target:
        shape.drops_result = True
        # an ok status means the outs were written: a T** out is an object, not None
        shape.outs = [replace(o, annotation=o.annotation.removesuffix(" | None"))
                      for o in shape.outs]
        name = ctx.py_names.get(t.target, t.target).replace(".", "_")
        shape.raises.append(f"Raises {name}Error (or a subclass) when the {name} it gets "
                            "is not ok.")
    for d in dirs.all("false_is"):
        if t.kind is not TypeKind.BOOL or t.indirection:
            why, hint = f"the result is {t.spelling}, not bool", "false_is applies to bool results"
            if use is None:
                ctx.diags.error(d.loc, "SG231", f"{d} on '{f.qualname}': {why}", hint)
            else:
                use.miss(d, "", target, "SG231", why, hint)
            continue
        if use is not None:
            use.hit(d)
        if not builtin_exception(d.args[0]):
            ctx.diags.error(d.loc, "SG231", f"{d} on '{f.qualname}': '{d.args[0]}' is not a "
                            "builtin Python exception", "e.g. false_is(KeyError)")
        else:
            ctx.params.append(ParamTypemap("SWIGGEN_FALSE_IS", (false_is_name(f, ctx),
                                                                d.args[0]),
                                           (target,), f"{d} at line {d.loc.line}"))
            shape.drops_result = True
            shape.raises.append(f"Raises {d.args[0]} when the C++ function returns false.")
