"""Free functions, methods and constructors: overload sets, renames, kwargs, templates, stubs."""

from __future__ import annotations

import keyword
from collections.abc import Sequence

from .. import annotations as A
from ..model import Constructor, Directive, Function, Param
from .context import Context, Directives, python_name_ok
from .plan import Feature, Ignore, Instantiation, Rename, StubFunction, StubParam
from .protocols import is_operator, lower_operator
from .types import annotation, note_types

def lower_functions(funcs: Sequence[Function], ctx: Context, owner: str = "") -> list[
        StubFunction]:
    """Lower one scope's functions (free functions, or the methods of class `owner`)."""
    groups: dict[str, list[Function]] = {}
    for f in funcs:
        if not f.is_deleted:
            groups.setdefault(f.qualname, []).append(f)
    stubs: list[StubFunction] = []
    kind_plain = A.METHOD if owner else A.FUNCTION
    for qualname, group in groups.items():
        overloaded = len(group) > 1
        kept: list[tuple[Function, Directives, str]] = []
        for f in group:
            kind = A.FUNCTION_TEMPLATE if f.template_params else kind_plain
            dirs = ctx.directives(qualname, f.directives, kind)
            target = qualname + f.signature if overloaded else qualname
            if dirs.has("ignore"):
                ctx.ignores.append(Ignore(target, "ignore directive"))
                continue
            if is_operator(f.name):
                lower_operator(f, target, ctx)  # Python protocols: see protocols.py
                continue
            if f.template_params:
                stubs += _instantiate(f, dirs, ctx)
                continue
            name = dirs.rename(f.name)
            if name != f.name:
                ctx.renames.append(Rename(target, name))
            if f.is_noexcept:
                ctx.features.append(Feature("except", target, "0"))
            note_types(tuple(p.type for p in f.params) + (f.result,), ctx)
            kept.append((f, dirs, name))
        if not kept:
            continue
        if len(kept) > 1:
            ctx.features.append(Feature("kwargs", qualname, "0"))
            if any(p.default is not None for f, _, _ in kept for p in f.params):
                ctx.diags.warning(kept[0][0].loc, "SG302",
                                  f"keyword arguments are not available for overloaded "
                                  f"'{qualname}' ({len(kept)} overloads); SWIG dispatches "
                                  "overloads on positional arguments only",
                                  "pass arguments by position, or rename one overload")
        doc = next((f.doc for f, _, _ in kept if f.doc), "")
        ctx.doc(qualname, doc)
        for f, _dirs, name in kept:
            stubs.append(StubFunction(
                name=name,
                params=_stub_params(f.params, ctx),
                returns=annotation(f.result, ctx),
                doc=f.doc or doc,
                is_static=f.is_static,
                overloaded=len(kept) > 1,
            ))
    return stubs


def _instantiate(f: Function, dirs: Directives, ctx: Context) -> list[StubFunction]:
    found = dirs.all("template")
    stubs: list[StubFunction] = []
    if not found:
        ctx.diags.warning(f.loc, "SG303", f"function template '{f.qualname}' is not wrapped",
                          f"add 'swiggen: template(PyName, {', '.join(f.template_params)})' "
                          "naming the types to instantiate it for")
        return stubs
    for d in found:
        if not check_template_args(d, f.qualname, f.template_params, ctx):
            continue
        if python_name_ok(d.args[0], d.loc, ctx):
            cpp = f"{f.qualname}<{', '.join(d.args[1:])}>"
            ctx.instantiations.append(Instantiation(d.args[0], cpp, d.loc))
            ctx.template_args = dict(zip(f.template_params, d.args[1:]))
            try:
                stubs.append(StubFunction(d.args[0], _stub_params(f.params, ctx),
                                          annotation(f.result, ctx), f.doc,
                                          is_static=f.is_static))
            finally:
                ctx.template_args = {}
    return stubs


def check_template_args(d: Directive, what: str, params: tuple[str, ...],
                         ctx: Context) -> bool:
    if len(d.args) - 1 != len(params):
        ctx.diags.error(d.loc, "SG202",
                        f"template '{what}' has {len(params)} parameter(s) "
                        f"({', '.join(params)}), directive gives {len(d.args) - 1}",
                        f"write template(PyName, {', '.join(params)}) with one C++ type each")
        return False
    return True


def lower_constructors(ctors: Sequence[Constructor], class_qualname: str, class_name: str,
                       ctx: Context) -> list[StubFunction]:
    live = [c for c in ctors if not c.is_deleted and not c.is_move]
    target_base = f"{class_qualname}::{class_name}"
    kept: list[Constructor] = []
    for c in live:
        dirs = ctx.directives(target_base, c.directives, A.CONSTRUCTOR)
        target = target_base + c.signature if len(live) > 1 else target_base
        if dirs.has("ignore"):
            ctx.ignores.append(Ignore(target, "ignore directive"))
            continue
        note_types(tuple(p.type for p in c.params), ctx)
        kept.append(c)
    if len(kept) > 1:
        ctx.features.append(Feature("kwargs", target_base, "0"))
    doc = next((c.doc for c in kept if c.doc), "")
    ctx.doc(target_base, doc)
    return [StubFunction("__init__", _stub_params(c.params, ctx), "None", c.doc or doc,
                         overloaded=len(kept) > 1) for c in kept]


def _stub_params(params: Sequence[Param], ctx: Context) -> tuple[StubParam, ...]:
    out = []
    for p in params:
        name = p.name + "_" if keyword.iskeyword(p.name) else p.name
        out.append(StubParam(name, annotation(p.type, ctx, param=True), p.default is not None))
    return tuple(out)
