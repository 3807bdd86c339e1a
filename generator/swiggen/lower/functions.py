"""Free functions, methods and constructors: overload sets, renames, kwargs, templates, stubs."""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..parse.annotations import CONSTRUCTOR, FUNCTION, FUNCTION_TEMPLATE, METHOD
from ..diagnostics import Loc
from ..model import Constructor, Function, Param, TypeKind
from . import callables, kwforms
from .array_shims import ShimSite
from .arrays import ArrayParams, lower_arrays
from .context import Context, Directives, safe_python_name, unclashed
from .convertible import converted_out
from .directive_use import DirectiveUse
from .plan import ArrayDecision, Feature, Ignore, MacroCall, Rename
from .pyrecords import StubFunction
from .exceptions import note_throws
from .fntemplates import instantiate, operator_template
from .limits import function_why, skip, with_default_variants
from .stdtypes import left_out, unconverted
from .overload_order import narrow_first
from .ownership import keep_registered_alive, keep_text_alive, keep_uncopyable_alive, \
    note_closes, \
    note_deleter_call, note_destroys, note_disown, note_frees_object, note_frees_text, \
    note_keep_alive, note_ownership, note_pointer_holder, note_result_keeps, note_smart_pointers
from .outlists import listed_outs
from .result_owners import note_result_keeps_args, note_view_dependants
from .params import ParamShape, lower_params
from .status import false_is_spread, note_result
from .protocols import is_operator, lower_operator
from .shadowing import skip_beside_static, skip_shadowed, twin_choice, twins
from .signatures import with_signature
from .stubs import stub_params, stub_returns
from .types import note_types

#: an overload kept for wrapping: the function, its directives, Python name, arrays, shape
_K = tuple[Function, Directives, str, ArrayParams, ParamShape]


def lower_functions(funcs: Sequence[Function], ctx: Context, owner: str = "") -> list[
        StubFunction]:
    """Lower one scope's functions (free functions, or the methods of class `owner`)."""
    groups: dict[str, list[Function]] = {}
    for f in funcs:
        if not f.is_deleted:
            groups.setdefault(f.qualname, []).append(f)
    const_twins, mutable_twins = twins(funcs)
    stubs: list[StubFunction] = []
    kind_plain = METHOD if owner else FUNCTION
    callables.note_unregisters(list(funcs), ctx)
    folded: dict[int, int] = {}  #: id of a function with a callback shim -> its user index
    for qualname, group in groups.items():
        # a constructor template shares its SWIG name with the class's constructors: address it
        # by signature, or an `ignore` would drop every constructor
        overloaded = len(group) > 1 or (bool(owner) and qualname == f"{owner}::"
                                        f"{owner.rsplit('::', 1)[-1]}")
        kept: list[_K] = []
        start = len(stubs)
        # a config key names every overload: its directives act where they can (directive_use)
        use = DirectiveUse(qualname)
        for f in group:
            kind = FUNCTION_TEMPLATE if f.template_params else kind_plain
            dirs = ctx.directives(qualname, f.directives, kind, signature=f.signature,
                                  written=f.written_signature)
            target = qualname + f.signature if overloaded else qualname
            if dirs.has("ignore"):
                ctx.ignores += [Ignore(t, "ignore directive")
                                for t in with_default_variants(target, f)]
                continue
            if not f.template_params and not is_operator(f.name):
                use.expect(dirs, target)
            if skip_shadowed(f, group, target, ctx) or (
                    owner and skip_beside_static(f, group, target, ctx)):
                continue
            if dirs.has("callback"):
                callables.check_directives(f, dirs, qualname, set(groups), ctx)
            # (a std::vector<T*>* that out(...) names is a list of objects: outlists.py)
            lists = listed_outs(f.params, dirs, ctx)
            cannot = function_why(replace(f, params=tuple(
                p for p in f.params if p.name not in lists)) if lists else f, ctx)
            if cannot:
                skip(target, f, *cannot, f"'{qualname}{f.written_signature}'", ctx)
                continue
            if (f.result.indirection == "&&" and f.result.kind is TypeKind.CLASS
                    and f.result.target in ctx.immovable):
                ctx.ignores.append(Ignore(target, "rvalue-reference result of an immovable class"))
                ctx.diags.warning(f.loc, "SG350", f"'{qualname}' is not wrapped: it returns "
                                  f"'{f.result.spelling}', which Python receives as a new object "
                                  f"moved from it, and '{f.result.target}' cannot be moved or "
                                  "copied", "mark it 'swiggen: ignore' to silence this")
                continue
            # `<=>` is not called from Python: its comparison category never crosses
            # (a converted type's T& or T* that out(...)/inout(...) names returns it: params.py)
            outs = {a for d in dirs.all("out") + dirs.all("inout") for a in d.args}
            why = unconverted((p.type for p in f.params
                               if p.name not in outs or not converted_out(p.type, ctx)),
                              f.result if f.name != "operator<=>" else None, ctx,
                              operator=is_operator(f.name))
            if why:
                left_out(with_default_variants(target, f), f.qualname + f.signature, f.loc,
                         why, ctx)
                continue
            note_throws(target, dirs, ctx)
            note_ownership(f, target, dirs, ctx, method=bool(owner) and not f.is_static)
            if dirs.has("rename") and (f.template_params or is_operator(f.name)) and \
                    f.name != "operator[]":
                d = dirs.all("rename")[0]
                ctx.diags.error(d.loc, "SG203", f"directive '{d}' does not apply to "
                                f"'{qualname}': "
                                + ("an operator is a Python protocol" if is_operator(f.name)
                                   else "a function template's Python names come from "
                                   "template(PyName, ...)"),
                                "rename applies to operator[] overloads (a named subscript "
                                "method) and to plain functions")
            twin_view = twin_choice(f, target, const_twins, mutable_twins, ctx)
            if twin_view is None:
                continue
            if is_operator(f.name):
                if f.template_params and not operator_template(f, dirs, target, ctx):
                    continue
                skipped = ctx.operator_skips.get((f.qualname, f.signature))
                if skipped and (f.qualname, f.signature) not in ctx.operators_mapped:
                    ctx.ignores.append(Ignore(target, skipped))
                    ctx.diags.warning(f.loc, "SG301", f"operator '{f.qualname}"
                                      f"{f.written_signature}' is not mapped: {skipped}",
                                      "wrap that class too, or 'ignore' the operator")
                    continue
                lower_operator(f, target, ctx, member=bool(owner) and not f.is_static)
                continue
            if f.template_params:
                stubs += instantiate(f, dirs, ctx)
                continue
            name = dirs.rename(f.name)
            why = ""
            if name == f.name:
                # `bool is(const Node&)`: not callable as `x.is(...)`; PEP 8's trailing
                # underscore, in the module and the stub alike (a rename directive wins)
                if keyword.iskeyword(name):
                    name, why = safe_python_name(f.name)
            if not owner:
                name = unclashed(name, qualname, f.loc, ctx)
            if name != f.name:
                ctx.renames.append(Rename(target, name, why))
            sym = _symbol(name, owner, f.is_static, ctx)[0] if twin_view else ""
            if sym and sym not in ctx.const_twins:  # callable on a read-only view too
                # (constviews.swg); once per symbol: the twins of each overload share it
                # (tinyxml's FirstChild() and FirstChild(const char *), const and not)
                ctx.const_twins.add(sym)
                ctx.ownership.append(MacroCall("SWIGGEN_CONST_TWIN", (sym,)))
            note_types(tuple(p.type for p in f.params) + (f.result,), ctx)
            site = ShimSite("static" if f.is_static else "method" if owner else "function",
                            qualname, owner, f.name, f.result, f.is_const, dirs.has("nogil"))
            arrays = lower_arrays(f.params, dirs, target, ctx, site)
            if arrays.shim:  # the shim releases the GIL itself and may raise: no features
                ctx.ignores.append(Ignore(qualname + f.signature, "called through its array "
                                          "shim (lower/array_shims.py)"))
            shim = None if arrays.shim else callables.lower_shim(
                f, "static" if f.is_static else "method" if owner else "function", owner,
                target, ctx)
            if not arrays.shim:
                nogil = _nogil(dirs, target, ctx)
                if f.is_noexcept and not nogil and shim is None:
                    if callables.uses(f.params):  # its callbacks report, not throw
                        ctx.nothrow.append(target)
                    else:
                        ctx.features.append(Feature("except", target, "0"))
            symbol = _symbol(name, owner, f.is_static, ctx)
            shape = lower_params(f.params, dirs, target, f.loc, ctx, arrays.indices(),
                                 symbol=symbol, use=use)
            ctx.origin(symbol[0], target, f.loc, _python(name, owner, ctx))
            note_disown(f.params, dirs, symbol[0], ctx, use, target)
            if owner and not f.is_static:
                note_keep_alive(f.params, dirs, symbol[0], ctx, use, target)
                note_closes(f, dirs, symbol[0], ctx)
            else:
                for d in dirs.all("keep_alive"):
                    for a in d.args:
                        use.miss(d, a, target, "SG221", "a static method has no object to keep "
                                 "its arguments alive", "keep_alive applies to methods and "
                                 "constructors")
            note_destroys(f.params, dirs, symbol[0], ctx, use, target)
            method = bool(owner) and not f.is_static
            note_result_keeps_args(f, dirs, symbol[0], method, ctx)
            note_view_dependants(f, dirs, symbol[0], owner, method, ctx)
            if not owner or f.is_static:  # a class's deleter, called directly; a result
                note_deleter_call(f, symbol[0], ctx)  # that keeps its first argument alive
                note_result_keeps(f, symbol[0], ctx)
            if not owner or f.is_static:  # a C library's free function of a struct
                note_frees_object(f, dirs, symbol[0], ctx)
                keep_registered_alive(f, symbol[0], dirs, ctx)  # an observer it registers
            note_frees_text(f, symbol[0], ctx)
            if shim is not None:  # one Python callable for the pair
                user, callback, callable_type = shim
                shape.folded.add(user)
                shape.annotations[callback] = callable_type
                folded[id(f)] = user
            elif not owner and len(group) == 1 and not arrays.shim and not shape.outs \
                    and not shape.drops_result and not is_operator(f.name):
                callables.note_direct(f, name, ctx)
            note_result(f, dirs, target, shape, ctx, use)
            kept.append((f, dirs, name, arrays, shape))
        use.report(ctx)
        false_is_spread([(k[0], k[1]) for k in kept], qualname, ctx)
        if not kept:
            _shared_names(qualname, stubs, start, ctx, owner, len(stubs))
            continue
        if len(kept) > 1:  # SWIG dispatches; keywords through kwdispatch.py
            ctx.features.append(Feature("kwargs", qualname, "0"))
        elif owner and _constructs_owner(kept[0][0], owner):
            # SWIG qualifies `Node()` inside class Node as `ns::Node::Node()` (the constructor,
            # which C++ cannot call) when keyword arguments make the wrapper evaluate defaults;
            # without keywords it generates one overload per default instead.
            f = kept[0][0]
            ctx.features.append(Feature("kwargs", qualname, "0"))
            ctx.diags.warning(f.loc, "SG302",
                              f"a default argument of '{qualname}' constructs its own class, "
                              "which SWIG cannot spell in the wrapper: C++ fills it in (one "
                              "overload per default), and a keyword call cannot skip it",
                              "pass it when passing a later argument by keyword")
        elif _scoped_default(kept[0][0].params, qualname, kept[0][0].loc, ctx):
            pass
        elif not kept[0][0].params:
            # Nothing to name: without a keyword parser SWIG registers METH_NOARGS (a keyword
            # wrapper costs a tuple and a format walk per call, and ignored stray keywords).
            ctx.features.append(Feature("kwargs", qualname, "0"))
        elif not kept[0][3].shim:  # one wrapper with SWIG's keyword table
            # a callback shim's wrapper takes the parameters less the folded user data
            user = folded.get(id(kept[0][0]), -1)
            kwforms.note_positional(ctx.positional_only,
                                    [p for i, p in enumerate(kept[0][0].params) if i != user],
                                    _symbol(kept[0][2], owner, kept[0][0].is_static, ctx)[0],
                                    kept[0][4].keywords if user < 0 else None)
        doc = next((f.doc for f, *_ in kept if f.doc), "")
        raises = _raises(kept[0][4])
        doc = f"{doc}\n\n{raises}" if doc and raises else doc or raises
        first = len(stubs)
        declared = {id(k[0]): i for i, k in enumerate(kept)}  # SWIG's order (kwforms.py)
        # narrow before wide, as a type checker reads overloads in order (bool is an int, an
        # enum member is an int, an int is accepted as a float): `f(Color)` before `f(int)`
        kept = narrow_first(kept, lambda k: k[0])
        # an overload renamed out of the set (`rename(position)`) must not split the others'
        # @overload run in the stub: each Python name's overloads together, first seen first
        seen = {n: i for i, n in enumerate(dict.fromkeys(k[2] for k in kept))}
        kept.sort(key=lambda k: seen[k[2]])
        for f, dirs, name, arrays, shape in kept:
            params = stub_params(f.params, ctx, arrays, shape)
            if id(f) in folded:
                params = callables.shift_stub_params(params, folded[id(f)])
            stubs.append(StubFunction(
                name=name,
                params=params,
                returns=stub_returns(f, dirs, arrays, ctx, shape),
                doc=doc if f.doc == kept[0][0].doc or not f.doc else f.doc,
                is_static=f.is_static,
                overloaded=len(kept) > 1,
            ))
        keywords = not ctx.has_feature("kwargs", qualname)
        if not keywords:  # SWIG dispatches: keywords through kwdispatch.py
            order = sorted(range(len(kept)), key=lambda i: declared[id(kept[i][0])])
            keywords = kwforms.note(ctx.keyword_overloads, [stubs[first + i] for i in order],
                                    _kw_symbol(owner, ctx), not any(k[3].shim for k in kept))
        if not keywords:
            stubs[first:] = [replace(s, positional=True) for s in stubs[first:]]
        ctx.doc(qualname, with_signature(doc, stubs[first].name, stubs[first:], bool(owner),
                                         keywords))
        _shared_names(qualname, stubs, start, ctx, owner, first)
    return stubs




def _scoped_default(params: Sequence[Param], target: str, loc: Loc, ctx: Context) -> bool:
    """A default SWIG cannot evaluate in its wrapper (`x = 2 * kDefault`, a constant of the
    function's namespace): without keyword arguments SWIG wraps one overload per default
    instead, and C++ evaluates the default where it was written. True if so (and warned)."""
    found = next((p for p in params if p.default_needs_scope), None)
    if found is None:
        return False
    ctx.features.append(Feature("kwargs", target, "0"))
    ctx.diags.warning(loc, "SG302", f"the default of '{found.name}' of '{target}' "
                      f"({found.default}) names a declaration of its scope, which SWIG cannot "
                      "spell in the wrapper: C++ fills it in (one overload per default), and "
                      "a keyword call cannot skip it",
                      "qualify the names in the default (e.g. ns::kDefault), or pass it when "
                      "passing a later argument by keyword")
    return True


def _shared_names(qualname: str, stubs: list[StubFunction], start: int, ctx: Context,
                  owner: str, first: int) -> None:
    """Template instantiations named like another overload of the set (`remove<std::string>`
    as `remove`, next to `remove(const Node&)`) are one Python overload set with it: dispatched
    by SWIG (keywords through kwdispatch.py), and @overload in the stub. (`first`: where the
    stubs of the plain overloads start, after the instances'.)"""
    names = [s.name for s in stubs[start:]]
    shared = {n for n in names if names.count(n) > 1}
    kwforms.note_instances(ctx.keyword_overloads, stubs[start:first], stubs[first:], shared,
                           _kw_symbol(owner, ctx))
    if not shared:
        return
    ctx.features.append(Feature("kwargs", qualname, "0"))
    for i in ctx.instantiations:
        if i.name in shared and i.cpp.startswith(qualname + "<"):
            ctx.features.append(Feature("kwargs", i.cpp, "0"))
    stubs[start:] = [replace(s, overloaded=True) if s.name in shared else s
                     for s in stubs[start:]]


def _kw_symbol(owner: str, ctx: Context) -> Callable[[StubFunction], str]:
    """The SWIG symbol of a stub's overload set in `owner`: `new_Box` for a constructor."""
    return lambda s: ("new_" + _symbol("", owner, True, ctx)[0].rstrip("_") if s.name == "__init__"
                      else _symbol(s.name, owner, s.is_static, ctx)[0])


def _constructs_owner(f: Function, owner: str) -> bool:
    """A default argument that constructs the method's own class: `const Node& n = Node()`."""
    name = owner.rsplit("::", 1)[-1]
    pattern = re.compile(rf"(?:[\w:]*::)?{re.escape(name)}\s*(?:<[^()]*>)?\s*[({{]")
    return any(p.default is not None and pattern.match(p.default.strip()) for p in f.params)


def lower_constructors(ctors: Sequence[Constructor], class_qualname: str, class_name: str,
                       ctx: Context, views_text: bool = False) -> list[StubFunction]:
    live = [c for c in ctors if not c.is_deleted and not c.is_move]
    target_base = f"{class_qualname}::{class_name}"
    for c in ctors:
        if c.is_move and not c.is_deleted:
            # `T(T&&)` would move out of a Python object that stays alive: copies or shares only
            ctx.ignores.append(Ignore(target_base + c.signature, "move constructor: Python "
                                      "passes objects by copy or by reference"))
    kept: list[tuple[Constructor, ArrayParams, ParamShape]] = []
    use = DirectiveUse(target_base)
    for c in live:
        dirs = ctx.directives(target_base, c.directives, CONSTRUCTOR, signature=c.signature,
                              written=c.written_signature)
        target = target_base + c.signature if len(live) > 1 else target_base
        if dirs.has("ignore"):
            ctx.ignores += [Ignore(t, "ignore directive") for t in with_default_variants(target, c)]
            continue
        use.expect(dirs, target)
        # `C(const char*)` beside `C(const std::string&)`: SG340; not for a view over text,
        # whose `const char*` constructors keep the str alive (keep_text_alive) while a
        # std::string argument is a temporary
        if not views_text and skip_shadowed(c, live, target, ctx, target_base):
            continue
        cannot = function_why(c, ctx)
        if cannot:
            skip(target, c, *cannot, f"constructor '{target_base}{c.written_signature}'", ctx)
            continue
        why = unconverted((p.type for p in c.params), ctx=ctx)
        if why:
            left_out(with_default_variants(target, c), target_base + c.signature, c.loc, why,
                     ctx)
            continue
        note_throws(target, dirs, ctx)
        symbol = "new_" + _symbol("", class_qualname, True, ctx)[0].rstrip("_")
        ctx.origin(symbol, target, c.loc, _python("", class_qualname, ctx).rstrip("."))
        note_disown(c.params, dirs, symbol, ctx, use, target)
        flags = len(ctx.symbol_flags)
        note_keep_alive(c.params, dirs, symbol, ctx, use, target)
        keep_uncopyable_alive(c.params, class_qualname, symbol, dirs, ctx)
        if "SWIGGEN_KEEPS_" + symbol in ctx.symbol_flags[flags:]:  # its arguments' dependant
            ctx.symbol_flags.append("SWIGGEN_DEPENDS_" + symbol)
        if views_text:
            keep_text_alive(c.params, class_qualname, "new_" + ctx.py_names.get(
                class_qualname, class_name).replace(".", "_"), dirs, ctx)
        note_smart_pointers([p.type for p in c.params], ctx)
        note_types(tuple(p.type for p in c.params), ctx)
        site = ShimSite("constructor", target_base, class_qualname, class_name, None, False,
                        False)
        arrays = lower_arrays(c.params, dirs, target, ctx, site)
        if arrays.shim:
            ctx.ignores.append(Ignore(target_base + c.signature, "called through its array "
                                      "shim (lower/array_shims.py)"))
        _nogil(dirs, target, ctx)
        kept.append((c, arrays, lower_params(
            c.params, dirs, target, c.loc, ctx, arrays.indices(), outs=False,
            symbol=("new_" + _symbol("", class_qualname, True, ctx)[0].rstrip("_"), 1),
            use=use)))
    use.report(ctx)
    note_pointer_holder(live, class_qualname, target_base, ctx)  # a view of its maker?
    if len(kept) > 1:
        ctx.features.append(Feature("kwargs", target_base, "0"))
    elif kept and not _scoped_default(kept[0][0].params, target_base, kept[0][0].loc, ctx) \
            and not kept[0][1].shim:  # one wrapper with SWIG's keyword table
        kwforms.note_positional(ctx.positional_only, kept[0][0].params, "new_" + _symbol(
            "", class_qualname, True, ctx)[0].rstrip("_"), kept[0][2].keywords)
    doc = next((c.doc for c, *_ in kept if c.doc), "")
    stubs = [StubFunction("__init__", stub_params(c.params, ctx, arrays, shape), "None",
                          c.doc or doc, overloaded=len(kept) > 1) for c, arrays, shape in kept]
    # (the constructor's and the class's docstrings, with the signatures: classes.py)
    if ctx.has_feature("kwargs", target_base) and not kwforms.note(
            ctx.keyword_overloads, stubs, _kw_symbol(class_qualname, ctx),
            not any(arrays.shim for _, arrays, _ in kept)):  # (keywords: kwdispatch.py)
        stubs = [replace(s, positional=True) for s in stubs]
    return stubs


def _raises(shape: ParamShape) -> str:
    """What a status result or `false_is` makes a function raise, for its docstring."""
    return " ".join(shape.raises)


def _symbol(name: str, owner: str, static: bool, ctx: Context) -> tuple[str, int]:
    """SWIG's symbol name of a function's wrapper (`Class_method`, `function`) and the
    argument number of its first parameter (2 for methods: `self` is 1)."""
    if not owner:
        return name, 1
    # a class template's instance is named by its template(...) directive (ItemHolder), not
    # as the template itself
    instance = f"{owner}<{', '.join(ctx.template_args.values())}>" if ctx.template_args else ""
    cls = ctx.py_names.get(instance) or ctx.py_names.get(owner, "")
    if not cls:
        return "", 1
    return f"{cls.replace('.', '_')}_{name}", 1 if static else 2


def _python(name: str, owner: str, ctx: Context) -> str:
    """A function's Python name as a user writes it: `Box.get`, `pick`."""
    if not owner:
        return name
    instance = f"{owner}<{', '.join(ctx.template_args.values())}>" if ctx.template_args else ""
    cls = ctx.py_names.get(instance) or ctx.py_names.get(owner, owner.rsplit("::", 1)[-1])
    return f"{cls}.{name}"


def _nogil(dirs: Directives, target: str, ctx: Context) -> bool:
    found = dirs.all("nogil")
    if found:
        ctx.arrays.append(ArrayDecision("SWIGGEN_NOGIL", (target,), (target,),
                                        f"{found[0]} at line {found[0].loc.line}"))
    return bool(found)
