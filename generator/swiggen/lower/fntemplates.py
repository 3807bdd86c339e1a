"""fntemplates: function and operator templates, instantiated per `template(...)` directive.

    template <class T> T twice(T x);       // swiggen: template(twice_int, int)
    ->  %template(twice_int) twice<int>;   and `def twice_int(x: int) -> int` in the stub

A function template without a directive is left out (SG303); a constructor template's
instantiations are more `__init__` overloads (through %extend when SWIG's %template would
garble the class's name); an operator template maps to protocols once per directive.
"""

from __future__ import annotations

import re

from ..model import Directive, Function
from .context import Context, Directives, python_name_ok
from .params import lower_params
from .plan import ConstructorExtension, Feature, Ignore, Instantiation, Rename
from .protocols import SWIG_NATIVE
from .pyrecords import StubFunction
from .signatures import with_signature
from .stubs import stub_params
from .types import annotation, cpp_type, note_types, substitute


def instantiate(f: Function, dirs: Directives, ctx: Context) -> list[StubFunction]:
    found = dirs.all("template")
    stubs: list[StubFunction] = []
    if not found:
        ctx.diags.warning(f.loc, "SG303", f"function template '{f.qualname}' is not wrapped",
                          f"add 'swiggen: template(PyName, {', '.join(f.template_params)})' "
                          "naming the types to instantiate it for")
        return stubs
    for d in found:
        if ctx.from_config(d):
            # a config key may name several overloads (`as<T>()` and `as<T, S>(const S&)`): the
            # directive instantiates those whose template parameter count it fits, and is an
            # error only if it fits none (Context.report_config_misfits)
            key = (f.qualname, str(d))
            if len(d.args) - 1 != len(f.template_params):
                ctx.template_misfits.setdefault(key, (d, []))[1].append(f.template_params)
                continue
            ctx.template_fits.add(key)
        elif not check_template_args(d, f.qualname, f.template_params, ctx):
            continue
        parts = f.qualname.split("::")
        constructor = len(parts) > 1 and parts[-1] == parts[-2]
        if constructor and d.args[0] != f.name:
            ctx.diags.error(d.loc, "SG202", f"{d}: a constructor template's instantiations are "
                            f"constructors of '{f.name}'",
                            f"write template({f.name}, {', '.join(f.template_params)})")
            continue
        if python_name_ok(d.args[0], d.loc, ctx):
            cpp = f"{f.qualname}<{', '.join(d.args[1:])}>"
            lower_params(f.params, dirs, cpp, f.loc, ctx, outs=False)
            cls = ctx.py_names.get("::".join(parts[:-1]), "")
            if not constructor:  # (a constructor's is its class's: new_Class)
                ctx.origin(f"{cls.replace('.', '_')}_{d.args[0]}" if cls else d.args[0],
                           f.qualname + f.signature, f.loc,
                           f"{cls}.{d.args[0]}" if cls else d.args[0])
            template_args = dict(zip(f.template_params, d.args[1:]))
            params = [substitute(p.type, template_args, ctx) for p in f.params]
            # containers the instantiation takes or returns need their typemaps too
            result = substitute(f.result, template_args, ctx)
            note_types(tuple(t for t in [*params, result] if t is not None), ctx)
            if constructor and all(params) and \
                    any(re.search(rf"\b{re.escape(f.name)}\b", a) for a in d.args[1:]):
                # SWIG's %template would garble the class's own name in the arguments
                ctx.constructor_extensions.append(ConstructorExtension(
                    "::".join(parts[:-1]), f.name,
                    tuple((cpp_type(t), p.name or f"arg{i}")
                          for i, (t, p) in enumerate(zip(params, f.params)) if t)))
            else:
                ctx.instantiations.append(Instantiation(d.args[0], cpp, d.loc))
                # a member template's %template at global scope would lose to SWIG's own
                # renames (keyword-named `as` -> `_as`): name the instantiation as well
                ctx.renames.append(Rename(cpp, d.args[0]))
            ctx.template_args = template_args
            try:
                if constructor:  # one more overload of __init__ (classes.py groups them)
                    ctx.features.append(Feature("kwargs", f.qualname, "0"))
                    stubs.append(StubFunction("__init__", stub_params(f.params, ctx), "None",
                                              f.doc, overloaded=True))
                else:
                    stubs.append(StubFunction(d.args[0], stub_params(f.params, ctx),
                                              annotation(f.result, ctx), f.doc,
                                              is_static=f.is_static))
                    ctx.doc(cpp, with_signature(f.doc, d.args[0], stubs[-1:], bool(cls), True))
            finally:
                ctx.template_args = {}
    return stubs


def operator_template(f: Function, dirs: Directives, target: str, ctx: Context) -> bool:
    """An operator template maps to protocols once per `template(Args...)` directive (the
    arguments only: an operator has no Python name); without one it is skipped (SG303)."""
    found = dirs.all("template")
    if f.name in SWIG_NATIVE:  # operator(), operator bool: SWIG's own mapping, not a macro's
        why = f"operator template: SWIG maps {f.name} itself and cannot instantiate it here"
        ctx.ignores.append(Ignore(target, why))
        ctx.diags.warning(f.loc, "SG301",
                          f"'{f.qualname}{f.written_signature}' is not wrapped: {why}",
                          "'ignore' it, or wrap a non-template overload")
        return False
    if not found:
        why = "operator template without a template(...) directive (SG303)"
        ctx.ignores.append(Ignore(target, why))
        ctx.diags.warning(f.loc, "SG303", f"operator template '{f.qualname}"
                          f"{f.written_signature}' is not mapped to a Python protocol",
                          f"add 'swiggen: template({', '.join(f.template_params)})' naming the "
                          "types to map it for, or 'ignore' it")
        return False
    fits = False
    for d in found:
        key = (f.qualname, str(d))
        if len(d.args) == len(f.template_params):
            fits = True
            if ctx.from_config(d):
                ctx.template_fits.add(key)
        elif ctx.from_config(d):
            ctx.template_misfits.setdefault(key, (d, []))[1].append(f.template_params)
        else:
            ctx.diags.error(d.loc, "SG202",
                            f"operator template '{f.qualname}' has {len(f.template_params)} "
                            f"parameter(s) ({', '.join(f.template_params)}), directive gives "
                            f"{len(d.args)}",
                            f"write template({', '.join(f.template_params)}) with one C++ type "
                            "each (an operator takes no Python name)")
    return fits


def check_template_args(d: Directive, what: str, params: tuple[str, ...],
                         ctx: Context, defaults: int = 0) -> bool:
    """`defaults`: how many of the last parameters have defaults (may be left out)."""
    if not len(params) - defaults <= len(d.args) - 1 <= len(params):
        ctx.diags.error(d.loc, "SG202",
                        f"template '{what}' has {len(params)} parameter(s) "
                        f"({', '.join(params)}), {d} gives {len(d.args) - 1} after the "
                        "Python name",
                        f"write template(PyName, {', '.join(params)}) with one C++ type each")
        return False
    return True
