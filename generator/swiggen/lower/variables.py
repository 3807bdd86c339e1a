"""Namespace-scope variables: constants are module attributes, other variables live ones.

SWIG (with -builtin) puts a `const`/`constexpr` variable's value into the module at import and
reaches every variable through the module's `cvar` object. A constant cannot change, so its
value is what Python needs; a variable can, so NAME.py gives the module a class whose properties
read (and assign) it through `cvar` each time: `module.counter` is the C++ variable itself.
A constant one-dimensional array of numbers (`inline constexpr double kWeights[2]`) is a tuple.
A `const char*` that is not itself const is read-only to Python (assigning would leak or
dangle: SWIG cannot know who owns the text), and so is a variable marked `readonly`. A
non-const `static` variable is skipped (SG301): the wrapper's copy is not the library's.
A header's own constant macro (`#define MAX_ITEMS 64`) is a module constant too: SWIG makes one
of the `#define` the declaration view passes on, and the stub declares it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..parse.annotations import VARIABLE
from ..model import MacroConstant, TypeKind, Variable
from .context import Context, unclashed
from .plan import Feature, GlobalVariable, Ignore, Rename
from .limits import number_array, unreadable_why
from .types import annotation

_ELEMENT_ANNOTATIONS = {"bool": "bool", "float": "float", "double": "float"}

#: the kinds of variables swiggen wraps (by value; strings also as `const char*`)
_KINDS = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING, TypeKind.ENUM)


def lower_variables(variables: Sequence[Variable], ctx: Context) -> None:
    seen = {g.cpp for g in ctx.variables}
    for v in variables:
        if v.qualname in seen:  # declared again (SQLiteCpp's `extern const int OK;` in two
            continue            # headers): one variable, one module attribute
        seen.add(v.qualname)
        dirs = ctx.directives(v.qualname, v.directives, VARIABLE)
        if dirs.has("ignore"):
            ctx.ignores.append(Ignore(v.qualname, "ignore directive"))
            continue
        t = v.type
        char_pointer = t.kind is TypeKind.STRING and t.indirection == "*"
        if v.is_internal and not v.is_const:
            why = "static variable: each translation unit has its own copy (the module would " \
                "see the wrapper's, not the library's)"
            ctx.ignores.append(Ignore(v.qualname, why))
            ctx.diags.warning(v.loc, "SG301", f"global variable '{v.qualname}' is not wrapped: "
                              "it is static (internal linkage), so the module's copy would not "
                              "be the library's", "declare it 'extern' in the header and define "
                              "it in a .cpp, or mark it 'swiggen: ignore'")
            continue
        unreadable = unreadable_why(t)
        if unreadable:  # (the declaration view leaves it out)
            ctx.ignores.append(Ignore(v.qualname, unreadable))
            ctx.diags.warning(v.loc, "SG301", f"global variable '{v.qualname}' is not wrapped: "
                              f"it is {unreadable}", "mark it 'swiggen: ignore' to silence this")
            continue
        array = number_array(t)
        if (t.kind not in _KINDS or (t.indirection and not char_pointer)) and not (
                array and v.is_const and "[" not in array):
            why = f"global variable of type '{t.spelling}': only numbers, bool, strings and " \
                "enums are wrapped"
            ctx.ignores.append(Ignore(v.qualname, why))
            ctx.diags.warning(v.loc, "SG301", f"global variable '{v.qualname}' is not wrapped: "
                              f"its type '{t.spelling}' is not a number, bool, string or enum",
                              "mark it 'swiggen: ignore' to silence this, or give Python "
                              "accessor functions")
            continue
        name = dirs.rename(v.name)
        if name == v.name:  # (`struct counter` beside `int counter`: one Python module)
            name = unclashed(name, v.qualname, v.loc, ctx)
        if name != v.name:
            ctx.renames.append(Rename(v.qualname, name))
        readonly = v.is_const or char_pointer or dirs.has("readonly")
        if readonly and not v.is_const:
            ctx.features.append(Feature("immutable", v.qualname))
        # SWIG reads enum-typed variables as plain ints
        ann = "int" if t.kind is TypeKind.ENUM else annotation(t, ctx)
        if array:  # constant numbers: a tuple (interfaces/python/array_fields.swg); chars: str
            ann = "str" if array == "char" else \
                f"tuple[{_ELEMENT_ANNOTATIONS.get(array, 'int')}, ...]"
        ctx.variables.append(GlobalVariable(name, v.qualname, ann, v.is_const, readonly, v.doc))


def lower_constants(constants: Sequence[MacroConstant], ctx: Context) -> None:
    """The header's constant macros, as the module constants SWIG makes of them."""
    for c in constants:
        ctx.variables.append(GlobalVariable(c.name, c.name, constant_annotation(c.body), True,
                                            True))


def constant_annotation(body: str) -> str:
    """The Python type of the constant SWIG makes of a macro body of literals and operators
    (macroscan.py): text for a string literal or a lone character, float where a floating
    literal takes part (C's arithmetic), else int."""
    text = body.strip()
    if text.endswith('"') or (text.startswith("'") and text.endswith("'")):
        return "str"
    for token in text.split():
        if not token[:1].isdigit() and not (token[:1] == "." and token[1:2].isdigit()):
            continue
        hexadecimal = token[:2].lower() == "0x"
        if (hexadecimal and "p" in token.lower()) or (not hexadecimal and (
                "." in token or "e" in token.lower())):
            return "float"
    return "int"
