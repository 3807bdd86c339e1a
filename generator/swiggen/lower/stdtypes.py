"""std::optional, std::set, std::pair, std::string_view: Python values, or left out.

    std::optional<int> maybe(bool);          ->  maybe(True) == 3, maybe(False) is None
    std::set<std::string> tags();            ->  {'a', 'b'}
    std::pair<int, double> span();           ->  (1, 2.5)
    int count(std::string_view s);           ->  count("abc")

Items are arithmetic types or strings (interfaces/python/stdtypes.swg converts them with SWIG's
checked conversions). A declaration that uses one of these templates in a way swiggen does not
convert (of a class, by non-const reference or pointer) is left out with a warning (SG311)
instead of handing Python an opaque object it cannot use or free.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostics import Loc
from ..model import TypeKind, TypeRef
from .context import Context
from .convertible import STREAMS, std_why, uses_generic
from .plan import Ignore, MacroCall

#: item kinds stdtypes.swg converts (as lower/types.py's VECTOR_ELEMENTS)
_ITEMS = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING)

KINDS = (TypeKind.OPTIONAL, TypeKind.SET, TypeKind.PAIR, TypeKind.STRING_VIEW)


def item(t: TypeRef | None) -> str | None:
    """The C++ spelling of an item stdtypes.swg converts (a number, bool or string), or None."""
    if t is None or t.indirection or t.kind not in _ITEMS:
        return None
    return "std::string" if t.kind is TypeKind.STRING else t.canonical


def unconverted(types: Iterable[TypeRef], result: TypeRef | None = None,
                ctx: Context | None = None, operator: bool = False) -> str:
    """Why a declaration with these parameter (and result) types cannot be wrapped, or ""
    (other standard library types: lower/convertible.py decides, given `ctx`; an operator's
    stream operands are its protocol's)."""
    for t, is_result in [(t, False) for t in types] + ([(result, True)] if result else []):
        if ctx is not None and uses_generic(t):
            if operator and t.target in STREAMS:
                continue
            why = std_why(t, ctx, is_result)
            if why:
                return why
            continue
        if t.kind not in KINDS:
            continue
        by = t.indirection
        if by == "*" or (by == "&" and not t.is_const) or (is_result and by == "&&"):
            return f"'{t.spelling}' {'result' if is_result else 'parameter'} by " \
                f"{'pointer' if by == '*' else 'reference'}: only values and const " \
                "references convert"
        if t.kind is TypeKind.STRING_VIEW:
            continue
        items = (t.key, t.element) if t.kind is TypeKind.PAIR else (t.element,)
        if any(item(e) is None for e in items):
            return f"'{t.spelling}': only numbers, bool and strings convert as its items"
    return ""


def note_std_types(types: Iterable[TypeRef], ctx: Context) -> None:
    """Record the typemap macros the module needs for these (converted) types."""
    for t in types:
        if t.kind is TypeKind.STRING_VIEW:
            ctx.string_view = True
        elif t.kind is TypeKind.OPTIONAL and item(t.element):
            _add(ctx, MacroCall("SWIGGEN_OPTIONAL", (item(t.element) or "",)))
        elif t.kind is TypeKind.SET and item(t.element):
            template = "std::unordered_set" if t.target.endswith("unordered_set") else "std::set"
            _add(ctx, MacroCall("SWIGGEN_SET", (template, item(t.element) or "")))
        elif t.kind is TypeKind.PAIR and item(t.key) and item(t.element):
            _add(ctx, MacroCall("SWIGGEN_PAIR", (item(t.key) or "", item(t.element) or "")))


def annotation_of(t: TypeRef, param: bool, inner: str, second: str = "") -> str:
    """The stub annotation, given the annotations of the items."""
    if t.kind is TypeKind.OPTIONAL:
        return f"{inner} | None"
    if t.kind is TypeKind.CLASS:  # a smart pointer to a value: None where it is empty
        return inner if param else f"{inner} | None"
    if t.kind is TypeKind.SET:
        return f"Sequence[{inner}] | set[{inner}] | frozenset[{inner}]" if param \
            else f"set[{inner}]"
    if t.kind is TypeKind.PAIR:
        return f"tuple[{inner}, {second}]"
    return "str"


def left_out(target: str | list[str], name: str, loc: Loc, why: str, ctx: Context) -> None:
    """Leave declaration `name` (SWIG `target`, or targets: an overload and its default
    argument variants, `limits.with_default_variants`) out, with an SG311 warning saying
    `why`."""
    ctx.ignores += [Ignore(t, why) for t in ([target] if isinstance(target, str) else target)]
    ctx.diags.warning(loc, "SG311", f"'{name}' is not wrapped: {why}",
                      "change the declaration, give Python an overload that takes or returns "
                      "a converted type, or mark it 'swiggen: ignore'")


def _add(ctx: Context, call: MacroCall) -> None:
    if call not in ctx.std_types:
        ctx.std_types.append(call)
