"""Parameter typemaps merged: one macro line per parameter pattern (lower/params.py decides them).

SWIG matches typemaps by parameter type and name across the module, so the decisions of every
function with a `std::string *value` are one line; where they differ, the first holds and an
SG370 warning names both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..diagnostics import Loc
from .context import Context
from .plan import ParamTypemap


def merge(decisions: Sequence[ParamTypemap], ctx: Context) -> tuple[ParamTypemap, ...]:
    """One macro line per parameter pattern, naming every function it serves. SWIG matches
    typemaps by parameter type and name, so one pattern cannot be an out in one function and
    something else (an input, nullable) in another: the first decision holds for all, with an
    SG370 warning naming both."""
    merged: dict[str, ParamTypemap] = {}
    for d in (*decisions, *_record_smart_fields(ctx)):
        if d.macro in _OBJECT_ARRAYS:
            _merge_objects(merged, d)
            continue
        key = d.args[-1] if d.macro.startswith(("SWIGGEN_OUT", "SWIGGEN_INOUT",
                                                 "SWIGGEN_NULLABLE", "SWIGGEN_BYTES")) \
            else f"bool {d.args[0]}" if d.macro == "SWIGGEN_FALSE_IS" else repr(d)
        old = merged.get(key)
        if old is None:
            merged[key] = d
        elif (old.macro, old.args) == (d.macro, d.args):
            if d.functions[0] not in old.functions:
                rule = old.rule if d.rule in old.rule else \
                    f"{old.rule}; {d.functions[0]}: {d.rule}"
                merged[key] = ParamTypemap(old.macro, old.args, old.functions + d.functions,
                                           rule)
        else:
            _conflict(key, d.functions[0], d.rule, old.functions[0], old.rule, ctx)
    for key, d in list(merged.items()):
        if d.macro in _OBJECT_ARRAYS and d.args[2] == "1":
            for sym, argnum in sorted(set(ctx.object_nonnull.get(pattern_key(d.args[-1]), ()))):
                merged[f"{key} in {sym}:{argnum}"] = ParamTypemap(
                    "SWIGGEN_NONNULL", (sym, str(argnum)), (sym,),
                    f"'{d.args[-1]}' takes None elsewhere, not here")
            continue
        const, source = ctx.const_variants.get(key, ("", ""))
        if const in ctx.const_inputs:
            macro = "SWIGGEN_KEEP_INPUT" + ("_OBJECT" if "SWIGTYPE" in source and
                                            "enum" not in source else "")
            merged[const] = ParamTypemap(macro, (_macro_arg(source), const), (),
                                         f"an input: SWIG would take it for the out '{key}'")
        if not d.macro.startswith(("SWIGGEN_OUT", "SWIGGEN_INOUT")):
            if d.macro not in ("SWIGGEN_NULLABLE", "SWIGGEN_NULLABLE_SMART"):
                continue
            for sym, argnum in sorted(set(ctx.nonnull.get(pattern_key(key), ()))):
                merged[f"{key} in {sym}:{argnum}"] = ParamTypemap(
                    "SWIGGEN_NONNULL", (sym, str(argnum)), (sym,),
                    f"'{key}' is nullable elsewhere, not here")
            continue
        for label in ctx.param_inputs.get(key, ()):
            if label not in d.functions:
                _conflict(key, label, "an input", d.functions[0], d.rule, ctx)
                break
    return tuple(merged.values())


#: a class's array and its count (lower/objectarrays.py): args (class, writes, none,
#: pattern)
_OBJECT_ARRAYS = ("SWIGGEN_OBJECTS_IN", "SWIGGEN_COUNT_OBJECTS_IN")


def _merge_objects(merged: dict[str, ParamTypemap], d: ParamTypemap) -> None:
    """One line per pattern, serving every function: it takes None where any of them does
    (and the others refuse it by SWIGGEN_NONNULL, as nullable pointers do)."""
    key = f"objects {pattern_key(d.args[-1])}"
    old = merged.get(key)
    if old is None:
        merged[key] = d
        return
    none = "1" if "1" in (old.args[2], d.args[2]) else "0"
    functions = old.functions + tuple(f for f in d.functions if f not in old.functions)
    rule = old.rule if d.rule == old.rule else f"{old.rule}; {d.functions[0]}: {d.rule}"
    merged[key] = ParamTypemap(old.macro, (*old.args[:2], none, *old.args[3:]), functions, rule)


def _record_smart_fields(ctx: Context) -> list[ParamTypemap]:
    """A struct's keyword constructor (lower/structs.py) takes its smart pointer fields as
    parameters: None empties the field there, as assigning None to the field does."""
    out = []
    for init in ctx.aggregate_inits:
        for p in init.params:
            if _SMART_PARAM.match(p.type):
                base = p.type.strip()
                pattern = f"{base}{'' if base.endswith(('*', '&')) else ' '}{p.name}"
                out.append(ParamTypemap("SWIGGEN_NULLABLE_SMART", (pattern,),
                                        (f"{init.cls}::{init.name}",),
                                        f"the field '{p.field or p.name}' takes None"))
    return out


#: a smart pointer type spelled in a record's keyword constructor (the whole type: not a
#: container of smart pointers, `std::vector<std::unique_ptr<int>>`)
_SMART_PARAM = re.compile(r"\s*(?:const\s+)?(?:::)?std::(?:unique|shared)_ptr\s*<.*>\s*(?:const\s*)?&?\s*\Z")


def pattern_key(pattern: str) -> str:
    """A parameter pattern as SWIG compares it: `std::unique_ptr< sf::Owned > x` (a class
    template instance's, substituted) is `std::unique_ptr<sf::Owned> x`."""
    return re.sub(r"\s*([<>,*&])\s*", r"\1", pattern.strip())


def _conflict(key: str, label: str, rule: str, first: str, first_rule: str,
              ctx: Context) -> None:
    ctx.diags.warning(ctx.param_locs.get(label, Loc("", 0)), "SG370",
                      f"parameter '{key}' of '{label}' ({rule}) is also a parameter of "
                      f"'{first}' ({first_rule}); SWIG applies one typemap per parameter type "
                      f"and name, so '{first}''s holds for both",
                      "annotate both functions alike, or rename one parameter")


def _macro_arg(text: str) -> str:
    return f"%arg({text})" if "," in text else text
