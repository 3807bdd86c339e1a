"""C++ operators and container shapes -> Python protocols. The mapping is data (tables below);
docs/protocols.md lists the same rows.

Every operator declaration is %ignore'd where SWIG would see it, and its meaning re-added per
class through macros of interfaces/protocols.swg: `(*$self) + other` compiles the same whether
C++ declares operator+ as a member or a free function, and reflected forms (`2.0 * v`) come
from free operators whose right operand is the class.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Class, Function, TypeKind, TypeRef
from .context import Context
from .plan import Ignore, MacroCall, StubFunction, StubParam, TypePatch
from .types import annotation

#: C++ binary operator -> (method stem, number slot). `stem` gives _swiggen_<stem> (forward)
#: and _swiggen_r<stem> (reflected), which the slot dispatcher calls.
BINARY: dict[str, tuple[str, str, str]] = {
    "operator+": ("add", "nb_add", "__add__"),
    "operator-": ("sub", "nb_subtract", "__sub__"),
    "operator*": ("mul", "nb_multiply", "__mul__"),
    "operator/": ("truediv", "nb_true_divide", "__truediv__"),
    "operator%": ("mod", "nb_remainder", "__mod__"),
    "operator&": ("and", "nb_and", "__and__"),
    "operator|": ("or", "nb_or", "__or__"),
    "operator^": ("xor", "nb_xor", "__xor__"),
    "operator<<": ("lshift", "nb_lshift", "__lshift__"),
    "operator>>": ("rshift", "nb_rshift", "__rshift__"),
}
#: compound assignment -> (method stem, in-place number slot)
INPLACE: dict[str, tuple[str, str, str]] = {
    "operator+=": ("iadd", "nb_inplace_add", "__iadd__"),
    "operator-=": ("isub", "nb_inplace_subtract", "__isub__"),
    "operator*=": ("imul", "nb_inplace_multiply", "__imul__"),
    "operator/=": ("itruediv", "nb_inplace_true_divide", "__itruediv__"),
    "operator%=": ("imod", "nb_inplace_remainder", "__imod__"),
    "operator&=": ("iand", "nb_inplace_and", "__iand__"),
    "operator|=": ("ior", "nb_inplace_or", "__ior__"),
    "operator^=": ("ixor", "nb_inplace_xor", "__ixor__"),
    "operator<<=": ("ilshift", "nb_inplace_lshift", "__ilshift__"),
    "operator>>=": ("irshift", "nb_inplace_rshift", "__irshift__"),
}
#: comparison -> method stem (tp_richcompare dispatches to _swiggen_<stem>)
COMPARE: dict[str, tuple[str, str]] = {
    "operator==": ("eq", "__eq__"), "operator!=": ("ne", "__ne__"),
    "operator<": ("lt", "__lt__"), "operator<=": ("le", "__le__"),
    "operator>": ("gt", "__gt__"), "operator>=": ("ge", "__ge__"),
}
#: unary operator -> (Python method, slot)
UNARY: dict[str, tuple[str, str]] = {
    "operator-": ("__neg__", "nb_negative"),
    "operator+": ("__pos__", "nb_positive"),
    "operator~": ("__invert__", "nb_invert"),
}
#: conversion operator -> (Python method, C++ type it converts through, slot)
CONVERSIONS: dict[str, tuple[str, str, str]] = {
    **{f"operator {t}": ("__float__", "double", "nb_float")
       for t in ("double", "float", "long double")},
    **{f"operator {t}": ("__int__", "long long", "nb_int")
       for t in ("int", "long", "long long", "short", "unsigned int", "unsigned long",
                 "unsigned long long", "std::size_t", "size_t")},
}
#: operators SWIG maps well on its own under -builtin (kept, not ignored)
SWIG_NATIVE = {"operator()", "operator bool"}


def is_operator(name: str) -> bool:
    return name.startswith("operator") and not name[8:9].isalnum() and name[8:9] != "_"


def lower_operator(f: Function, target: str, ctx: Context) -> None:
    """The operator declaration itself: SWIG sees it only where it maps it natively."""
    if f.name not in SWIG_NATIVE:
        ctx.ignores.append(Ignore(target, "operator: mapped to a Python protocol per class"))


def collect_free_operators(funcs: Sequence[Function], ctx: Context) -> None:
    """File each free operator under the class(es) it operates on."""
    for f in funcs:
        if not is_operator(f.name) or f.is_deleted:
            continue
        owners = {_class_of(p.type) for p in f.params[:2]} - {""}
        for owner in owners:
            ctx.free_operators.setdefault(owner, []).append(f)


def _class_of(t: TypeRef) -> str:
    return t.target if t.kind is TypeKind.CLASS and t.indirection in ("", "&") else ""


def cpp_type(t: TypeRef, value: bool = False) -> str:
    """A C++ spelling of `t` valid at global scope (`value`: without const and reference)."""
    if t.kind is TypeKind.STRING and t.indirection != "*":
        base = "std::string"
    elif t.kind is TypeKind.VECTOR and t.element is not None:
        base = f"std::vector< {cpp_type(t.element, value=True)} >"
    else:
        base = t.canonical
    if value:
        return base
    const = "const " if t.is_const else ""
    return f"{const}{base} {t.indirection}".strip() if t.indirection else f"{const}{base}"


def arg(text: str) -> str:
    """A macro argument that may contain commas."""
    return f"%arg({text})" if "," in text else text


def lower_class_protocols(c: Class, cls_py: str, ctx: Context) -> list[StubFunction]:
    """Protocol macros for class `c` (its members and the free operators filed under it)."""
    cls = c.qualname
    calls: list[MacroCall] = []
    stubs: list[StubFunction] = []

    def call(macro: str, *args: str) -> None:
        calls.append(MacroCall(macro, (arg(cls),) + tuple(arg(a) for a in args)))

    def stub(name: str, params: Sequence[tuple[str, TypeRef | str]], returns: str) -> None:
        stubs.append(StubFunction(name, tuple(
            StubParam(n, t if isinstance(t, str) else annotation(t, ctx, param=True), False)
            for n, t in params), returns, ""))

    members = [m for m in c.methods if not m.is_deleted and not m.is_static
               and not m.template_params and not _ignored(m, ctx)]
    by_name: dict[str, list[Function]] = {}
    for m in members:
        by_name.setdefault(m.name, []).append(m)
    has_size = any(not m.params for m in by_name.get("size", ()))
    checked = "1" if has_size else "0"

    # -- subscript, len, truth, membership ------------------------------------------------
    subs = [m for m in by_name.get("operator[]", ()) if len(m.params) == 1]
    mapping = False
    if subs:
        getter = next((m for m in subs if m.is_const), subs[0])
        key = getter.params[0].type
        result = cpp_type(getter.result, value=True)
        setter = next((m for m in subs if not m.is_const and m.result.indirection == "&"
                       and not m.result.is_const), None)
        if key.kind is TypeKind.INT:
            if getter.result.kind is TypeKind.CLASS and getter.result.indirection == "&":
                # a view into the container (keeps it alive: ownership.swg), not a copy
                const = "const " if getter.result.is_const else ""
                call("SWIGGEN_SEQ_GETITEM", f"{const}{result} &", checked)
            else:
                call("SWIGGEN_SEQ_GETITEM", result, checked)
            stub("__getitem__", [("index", "int")], annotation(getter.result, ctx))
            if setter:
                call("SWIGGEN_SEQ_SETITEM", f"const {result} &", checked)
                stub("__setitem__", [("index", "int"), ("value", getter.result)], "None")
        else:
            mapping = True
            contains = _contains_expr(by_name)
            call("SWIGGEN_MAP_GETITEM", cpp_type(key), result, contains or "1")
            stub("__getitem__", [("key", key)], annotation(getter.result, ctx))
            if setter:
                call("SWIGGEN_MAP_SETITEM", cpp_type(key), f"const {result} &")
                stub("__setitem__", [("key", key), ("value", getter.result)], "None")
    ranged = all(any(not m.params for m in by_name.get(n, ())) for n in ("begin", "end"))
    if ranged and not (subs and not mapping):
        call("SWIGGEN_ITER")
        stub("__iter__", [], "Iterator[Any]")
    if has_size:
        call("SWIGGEN_LEN", "mp_length" if mapping else "sq_length")
        stub("__len__", [], "int")
    if "operator bool" not in by_name:
        if any(not m.params for m in by_name.get("empty", ())):
            call("SWIGGEN_BOOL_FROM_EMPTY")
            stub("__bool__", [], "bool")
        elif any(not m.params for m in by_name.get("operator!", ())):
            call("SWIGGEN_BOOL_FROM_NOT")
            stub("__bool__", [], "bool")
    contains = _contains_expr(by_name)
    if contains:
        probe = next(m for m in by_name.get("contains", by_name.get("count", ())) if m.params)
        call("SWIGGEN_CONTAINS", cpp_type(probe.params[0].type), contains)
        stub("__contains__", [("key", probe.params[0].type)], "bool")

    # -- operators -----------------------------------------------------------------------
    slots: set[str] = set()
    compare = False
    has_eq = False
    seen: set[tuple[str, str]] = set()
    operators = [(m, list(m.params), True) for m in members if is_operator(m.name)]
    operators += [(f, list(f.params), False) for f in ctx.free_operators.get(cls, ())
                  if not _ignored(f, ctx) and not f.template_params]
    for f, params, member in operators:
        # normalise to (left, right) operand types; None where the operand is the class
        if member:
            operands: list[TypeRef | None] = [None] + [p.type for p in params]
        else:
            operands = [None if _class_of(p.type) == cls else p.type for p in params]
        name = f.name
        if len(operands) == 1 and name in UNARY:
            pyname, slot = UNARY[name]
            if ("unary", name) not in seen:
                seen.add(("unary", name))
                call("SWIGGEN_UNARY", pyname, name[8:], cpp_type(f.result, value=True), slot)
                stub(pyname, [], annotation(f.result, ctx))
        elif len(operands) == 1 and name in CONVERSIONS:
            pyname, through, slot = CONVERSIONS[name]
            call("SWIGGEN_CONVERT", pyname, through, slot)
            stub(pyname, [], "float" if pyname == "__float__" else "int")
        elif any(_dependent(t) for t in operands + [f.result] if t is not None):
            continue  # involves a template parameter: no concrete C++ type to write
        elif len(operands) == 2 and name == "operator<<" and operands[1] is None and \
                operands[0] is not None and "ostream" in operands[0].canonical:
            call("SWIGGEN_STR_FROM_STREAM")
        elif len(operands) == 2:
            left, right = operands
            if left is None:  # forward: class OP other
                other = right or _self_type(cls)
                sig = (name, cpp_type(other))
                if sig in seen:
                    continue
                seen.add(sig)
                if name in BINARY:
                    stem, slot, pyname = BINARY[name]
                    call("SWIGGEN_BINOP", f"_swiggen_{stem}", name[8:], cpp_type(other),
                         cpp_type(f.result, value=True))
                    slots.add(slot)
                    stub(pyname, [("other", right or cls_py)], annotation(f.result, ctx))
                elif name in INPLACE:
                    stem, slot, pyname = INPLACE[name]
                    call("SWIGGEN_INPLACE", f"_swiggen_{stem}", name[8:], cpp_type(other))
                    slots.add(slot)
                    stub(pyname, [("other", right or cls_py)], cls_py)
                elif name in COMPARE:
                    stem, pyname = COMPARE[name]
                    call("SWIGGEN_BINOP", f"_swiggen_{stem}", name[8:], cpp_type(other), "bool")
                    compare = True
                    has_eq = has_eq or name == "operator=="
                    stub(pyname, [("other", "object")], "bool")
            elif right is None and name in BINARY and f.result.indirection == "":
                # reflected: other OP class (a reference result, as in `Stream& << T`, is a
                # stream-style operator, not arithmetic)
                stem, slot, pyname = BINARY[name]
                sig = ("r" + name, cpp_type(left))
                if sig in seen:
                    continue
                seen.add(sig)
                call("SWIGGEN_RBINOP", f"_swiggen_r{stem}", name[8:], cpp_type(left),
                     cpp_type(f.result, value=True))
                slots.add(slot)
                stub("__r" + pyname[2:], [("other", left)], annotation(f.result, ctx))
    for slot in sorted(slots):
        call("SWIGGEN_NUMBER_SLOT", slot)
    if compare:
        call("SWIGGEN_COMPARE")
    if has_eq:
        call("SWIGGEN_UNHASHABLE")
    if _copyable(c):
        call("SWIGGEN_COPY")
    ctx.macro_calls += calls
    ctx.type_patches.append(TypePatch(cls_py, "__module__", "__name__"))
    return stubs


def _ignored(f: Function, ctx: Context) -> bool:
    return any(d.name == "ignore" for d in f.directives + ctx.config.by_name.get(f.qualname, ()))


def _dependent(t: TypeRef) -> bool:
    return "type-parameter" in t.canonical or "type-parameter" in t.spelling


def _self_type(cls: str) -> TypeRef:
    return TypeRef(cls, cls, TypeKind.CLASS, True, "&", cls)


def _contains_expr(by_name: dict[str, list[Function]]) -> str:
    if any(len(m.params) == 1 for m in by_name.get("contains", ())):
        return "$self->contains(key)"
    if any(len(m.params) == 1 for m in by_name.get("count", ())):
        return "$self->count(key) > 0"
    return ""


def _copyable(c: Class) -> bool:
    if c.is_abstract or c.template_params or not c.has_public_destructor:
        return False
    copies = [k for k in c.constructors if k.is_copy]
    return all(not k.is_deleted for k in copies)
