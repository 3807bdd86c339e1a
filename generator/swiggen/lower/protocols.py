"""C++ operators and container shapes -> Python protocols. The mapping is data (tables below);
docs/protocols.md lists the same rows.

Every operator declaration is %ignore'd where SWIG would see it, and its meaning re-added per
class through macros of interfaces/python/protocol_macros.swg: `(*$self) + other` compiles the same
whether C++ declares operator+ as a member or a free function, and reflected forms (`2.0 * v`) come
from free operators whose right operand is the class.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..model import Class, Directive, Function, TypeKind, TypeRef
from .context import Context
from .conversions import conversion, is_conversion, unmapped_why
from .operator_lookup import operator_lookup
from .plan import Ignore, MacroCall, TypePatch
from .pyrecords import StubFunction, StubParam
from .stubs import stub_params
from .subscripts import MEMBERSHIP, contains_expr, lower_subscripts, membership, param_type
from .types import annotation, arg, cpp_type, substitute

__all__ = ["SWIG_NATIVE", "arg", "collect_free_operators", "cpp_type", "inherit_comparisons",
           "is_operator", "lower_class_protocols", "lower_operator"]

#: C++ binary operator -> (method stem, number slot). `stem` gives _swiggen_<stem> (forward)
#: and _swiggen_r<stem> (reflected), which the slot dispatcher calls.
BINARY: dict[str, tuple[str, str, str]] = {
    "operator+": ("add", "nb_add", "__add__"),
    "operator-": ("sub", "nb_subtract", "__sub__"),
    "operator*": ("mul", "nb_multiply", "__mul__"),
    # SWIG's feature for nb_true_divide is python:nb_divide (a Python 2 name)
    "operator/": ("truediv", "nb_divide", "__truediv__"),
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
    "operator/=": ("itruediv", "nb_inplace_divide", "__itruediv__"),
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
# conversion operators (`operator int()`): see conversions.py
#: operators without a Python protocol, by (name, operand count; 0: any): why
NO_PROTOCOL: dict[tuple[str, int], str] = {
    ("operator++", 0): "Python has no ++ (use += 1 where C++ has +=)",
    ("operator--", 0): "Python has no -- (use -= 1 where C++ has -=)",
    ("operator->", 0): "Python has no member access operator",
    ("operator->*", 0): "Python has no member access operator",
    ("operator,", 0): "Python has no comma operator",
    ("operator&&", 0): "Python's `and` cannot be overloaded",
    ("operator||", 0): "Python's `or` cannot be overloaded",
    ("operator*", 1): "Python has no dereference operator",
    ("operator&", 1): "Python has no address-of operator",
    ("operator=", 0): "",  # assignment: how copies are made, not an API of its own
}
#: class-specific allocation functions: used by the wrapper's `new`/`delete`, not wrapped
ALLOCATION = {"operator new", "operator delete", "operator new[]", "operator delete[]"}
#: operators SWIG maps well on its own under -builtin (kept, not ignored)
SWIG_NATIVE = {"operator()", "operator bool"}

#: why an operator SWIG must not wrap itself is in the plan's ignores: it is a protocol slot
MAPPED_TO_PROTOCOL = "operator: mapped to a Python protocol per class"


def is_operator(name: str) -> bool:
    return name.startswith("operator") and not name[8:9].isalnum() and name[8:9] != "_"


def lower_operator(f: Function, target: str, ctx: Context, member: bool = False) -> None:
    """The operator declaration itself: SWIG sees it only where it maps it natively. Operators
    Python has no protocol for are left out with a warning (SG330)."""
    if f.name in SWIG_NATIVE:
        return
    if f.name in ALLOCATION:
        ctx.ignores.append(Ignore(target, "allocation function: the wrapper's new and delete "
                                  "use it"))
        return
    operands = len(f.params) + (1 if member else 0)
    why = unmapped_why(f) if is_conversion(f) else NO_PROTOCOL.get((f.name, operands)) or \
        NO_PROTOCOL.get((f.name, 0), "")
    literal = f.name.startswith('operator""')
    if literal:  # the declaration view leaves it out (render/view.py): %ignore cannot name it
        why = "a user-defined literal has no Python meaning"
    if why:
        if not literal:
            ctx.ignores.append(Ignore(target, why))
        ctx.diags.warning(f.loc, "SG330",
                          f"'{f.qualname}{f.written_signature}' is not wrapped: {why}",
                          "add a named method that does the same for Python, or mark the "
                          "operator 'swiggen: ignore' to silence this")
        return
    ctx.ignores.append(Ignore(target, MAPPED_TO_PROTOCOL))


def collect_free_operators(funcs: Sequence[Function], ctx: Context) -> None:
    """File each free operator (and each instantiation of a free operator template) under the
    class(es) it operates on."""
    for template in funcs:
        if not is_operator(template.name) or template.is_deleted or _ignored(template, ctx):
            continue
        for f in instantiations(template, ctx) if template.template_params else [template]:
            owners = {_class_of(p.type) for p in f.params[:2]} - {""}
            for owner in owners:
                ctx.free_operators.setdefault(owner, []).append(f)


def instantiations(f: Function, ctx: Context) -> list[Function]:
    """An operator template as the concrete operators its `template(Args...)` directives name
    (`template <class Key> Node operator[](const Key&)` with template(std::string) is
    `Node operator[](const std::string&)`); C++ picks the template when the protocol macro
    writes `(*$self)[key]`. Directives that do not fit are reported by lower_functions."""
    out = []
    for d in ctx.all_directives(f):
        if d.name != "template" or len(d.args) != len(f.template_params):
            continue
        args = dict(zip(f.template_params, d.args))
        params = [substitute(p.type, args, ctx) for p in f.params]
        result = substitute(f.result, args, ctx)
        if result is None or any(t is None for t in params):
            continue  # the parameter sits inside another type: not rebuilt (not mapped)
        # the instance keeps the template's directives (config keys name the template's
        # signature, not the instance's)
        out.append(replace(f, template_params=(), result=result,
                           directives=ctx.all_directives(f), params=tuple(
            replace(p, type=t) for p, t in zip(f.params, params) if t is not None)))
    return out


def _class_of(t: TypeRef) -> str:
    return t.target if t.kind is TypeKind.CLASS and t.indirection in ("", "&") else ""


def lower_class_protocols(c: Class, cls_py: str, ctx: Context,
                          iterate: Directive | None = None) -> list[StubFunction]:
    """Protocol macros for class `c` (its members and the free operators filed under it)."""
    cls = c.qualname
    calls: list[MacroCall] = []
    stubs: list[StubFunction] = []

    def call(macro: str, *args: str) -> None:
        calls.append(MacroCall(macro, (arg(cls),) + tuple(arg(a) for a in args)))

    def origin(method: str, f: Function, pyname: str) -> None:
        """The operator `f` is what the protocol method's wrapper is generated for."""
        ctx.origin(f"{cls_py.replace('.', '_')}_{method}", f.qualname + f.signature, f.loc,
                   f"{cls_py}.{pyname}")

    def stub(name: str, params: Sequence[tuple[str, TypeRef | str]], returns: str) -> None:
        stubs.append(StubFunction(name, tuple(
            StubParam(n, t if isinstance(t, str) else annotation(t, ctx, param=True), False)
            for n, t in params), returns, ""))

    # (a member whose type stays a template's parameter, one left to its default, has no
    # concrete C++ type to write: instances.py)
    members = [m for m in c.methods if not m.is_deleted and not m.is_static
               and not m.template_params and not _ignored(m, ctx)
               and not any(_dependent(t) for t in (m.result, *(p.type for p in m.params)))]
    # operator templates, as the operators their template(...) directives instantiate; a
    # non-template overload with the same parameter types is preferred
    plain = {(m.name, m.is_const, _param_types(m)) for m in members}
    for t in c.methods:
        if t.template_params and is_operator(t.name) and not t.is_deleted and \
                not _ignored(t, ctx):
            members += [m for m in instantiations(t, ctx)
                        if (m.name, m.is_const, _param_types(m)) not in plain]
    by_name: dict[str, list[Function]] = {}
    for m in members:
        by_name.setdefault(m.name, []).append(m)
    has_size = any(not m.params for m in by_name.get("size", ()))
    # without size(), a class that is N of its elements (`T x, y, z;`: Imath's Vec3) is bounded
    # by N, where the compiler agrees its size is N elements of operator[]'s (index_ok)
    checked = "1" if has_size else f"-{c.extent}" if c.extent else "0"
    if checked.startswith("-") and any(len(m.params) == 1 and m.is_const
                                       for m in by_name.get("operator[]", ())):
        # a divisor of N integers is checked element by element (Imath's V3i / V3i: SIGFPE)
        call("SWIGGEN_DIVISOR_EXTENT", str(c.extent))

    # -- subscript, len, truth, membership ------------------------------------------------
    mapping = lower_subscripts(c, by_name, has_size, checked, call, stub, stubs, ctx)
    # what each protocol method's wrapper is made from (a compile error there leaves these
    # members out, not the class: compile/leaveout.py)
    for method, members_ in (("__getitem__", ("operator[]",)), ("__setitem__", ("operator[]",)),
                             ("__delitem__", ("erase", "remove")), ("__len__", ("size",)),
                             ("__bool__", ("empty", "operator!")),
                             ("__iter__", ("begin", "end", "operator[]")),
                             ("__contains__", MEMBERSHIP)):
        for name in members_:
            for m in by_name.get(name, ()):
                origin(method, m, method)
    ranged = all(any(not m.params for m in by_name.get(n, ())) for n in ("begin", "end"))
    sequence = any(len(m.params) == 1 for m in by_name.get("operator[]", ())) and not mapping
    if iterate is not None:
        switch = _iterate_switch(c, iterate, ctx)
        if switch:
            call("SWIGGEN_ITER_SWITCH", *switch)
            stub("__iter__", [], "Iterator[Any]")
    elif ranged and not sequence:
        call("SWIGGEN_ITER")
        stub("__iter__", [], "Iterator[Any]")
    elif sequence and checked != "0" and not ranged:
        # obj[0], obj[1], ... until the bounds check's IndexError: iter(), sorted(), sum()
        getter = min((m for m in by_name["operator[]"] if len(m.params) == 1),
                     key=lambda m: not m.is_const)
        call("SWIGGEN_SEQ_ITER")
        stub("__iter__", [], f"Iterator[{annotation(getter.result, ctx)}]")
    elif "operator[]" in by_name and checked == "0" and not ranged:
        # no bound: Python's fallback (obj[0], obj[1], ... until IndexError) would read past
        # the object, or insert forever (docs/safety.md)
        call("SWIGGEN_NOT_ITERABLE")
    if has_size:
        call("SWIGGEN_LEN" + _mutable(by_name, "size"), "mp_length" if mapping else "sq_length")
        stub("__len__", [], "int")
    if "operator bool" not in by_name:
        if any(not m.params for m in by_name.get("empty", ())):
            call("SWIGGEN_BOOL_FROM_EMPTY" + _mutable(by_name, "empty"))
            stub("__bool__", [], "bool")
        elif any(not m.params for m in by_name.get("operator!", ())):
            call("SWIGGEN_BOOL_FROM_NOT")
            stub("__bool__", [], "bool")
    for m in by_name.get("operator bool", ())[:1]:  # SWIG's own mapping (SWIG_NATIVE)
        stub("__bool__", [], "bool")
    calls_ = [m for m in by_name.get("operator()", ())
              if not any(_dependent(p.type) for p in m.params)]
    for m in calls_:
        stubs.append(StubFunction("__call__", stub_params(m.params, ctx),
                                  annotation(m.result, ctx), m.doc,
                                  overloaded=len(calls_) > 1))
    contains = contains_expr(by_name)
    if contains:
        probe = membership(by_name)
        assert probe is not None
        call("SWIGGEN_CONTAINS" + ("" if probe.is_const else "_MUTABLE"),
             param_type(probe.params[0].type), contains)
        stub("__contains__", [("key", probe.params[0].type)], "bool")

    # -- operators -----------------------------------------------------------------------
    slots: set[str] = set()
    compare = False
    has_eq = False
    seen: set[tuple[str, str]] = set()
    converted: dict[str, tuple[str, str, str]] = {}
    streamed = False
    operators = [(m, list(m.params), True) for m in members if is_operator(m.name)]
    operators += [(f, list(f.params), False) for f in ctx.free_operators.get(cls, ())
                  if not _ignored(f, ctx)]
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
                call("SWIGGEN_UNARY", pyname, name[8:], cpp_type(f.result, value=True), slot,
                     *operator_lookup(f, member, ctx))
                origin(pyname, f, pyname)
                stub(pyname, [], annotation(f.result, ctx))
        elif member and is_conversion(f):
            found = conversion(f)
            if found is None or found[0] in converted:
                continue  # no protocol (warned), or the first conversion of the kind wins
            pyname, through, declared, slot = found
            converted[pyname] = (through, declared, slot)
        elif any(_dependent(t) for t in operands + [f.result] if t is not None):
            continue  # involves a template parameter: no concrete C++ type to write
        elif len(operands) == 2 and name == "operator<<" and operands[1] is None and \
                operands[0] is not None and "ostream" in operands[0].canonical:
            call("SWIGGEN_STR_FROM_STREAM", *operator_lookup(f, member, ctx))
            origin("__str__", f, "__str__")
            streamed = True
        elif len(operands) == 2:
            left, right = operands
            if left is None:  # forward: class OP other
                # (the class on both sides: as the right operand's declared, const or not)
                other = right or (_self_type(cls) if _const_operand(params[1].type)
                                  else params[1].type)
                sig = (name, cpp_type(other))
                if sig in seen:
                    continue
                seen.add(sig)
                if name in BINARY:
                    stem, slot, pyname = BINARY[name]
                    # a non-const left operand (`Stream& operator<<(Stream&, const T&)`) needs a
                    # non-const self; a reference result stays a reference (not a copy)
                    const_self = f.is_const if member else _const_operand(params[0].type)
                    call("SWIGGEN_BINOP" if const_self else "SWIGGEN_MUTATING_BINOP",
                         f"_swiggen_{stem}", name[8:], cpp_type(other), _result(f.result),
                         *operator_lookup(f, member, ctx))
                    slots.add(slot)
                    ctx.operators_mapped.add((f.qualname, f.signature))
                    origin(f"_swiggen_{stem}", f, pyname)
                    stub(pyname, [("other", right or cls_py)], annotation(f.result, ctx))
                elif name in INPLACE:
                    stem, slot, pyname = INPLACE[name]
                    call("SWIGGEN_INPLACE", f"_swiggen_{stem}", name[8:], cpp_type(other),
                         *operator_lookup(f, member, ctx))
                    slots.add(slot)
                    origin(f"_swiggen_{stem}", f, pyname)
                    stub(pyname, [("other", right or cls_py)], cls_py)
                elif name in COMPARE or name == "operator<=>":
                    # C++20 rewrites `a < b` to `(a <=> b) < 0`, and a defaulted `<=>` declares
                    # a defaulted `==` too: Python's comparisons call C++'s
                    for op in three_way(f) if name == "operator<=>" else [name]:
                        if op != name and (op, cpp_type(other)) in seen:
                            continue
                        seen.add((op, cpp_type(other)))
                        stem, pyname = COMPARE[op]
                        const_self = f.is_const if member else _const_operand(params[0].type)
                        call("SWIGGEN_BINOP" if const_self else "SWIGGEN_MUTATING_BINOP",
                             f"_swiggen_{stem}", op[8:], cpp_type(other), "bool",
                             *operator_lookup(f, member, ctx))
                        origin(f"_swiggen_{stem}", f, pyname)
                        has_eq = has_eq or op == "operator=="
                        stub(pyname, [("other", "object")], "bool")
                    compare = True
                    ctx.operators_mapped.add((f.qualname, f.signature))
            elif right is None and name in BINARY:
                # reflected: other OP class
                why = _unmappable_reflected(left, f.result, ctx)
                if why:
                    ctx.operator_skips[(f.qualname, f.signature)] = why
                    continue
                stem, slot, pyname = BINARY[name]
                sig = ("r" + name, cpp_type(left))
                if sig in seen:
                    continue
                seen.add(sig)
                call("SWIGGEN_RBINOP" if _const_operand(params[1].type) else
                     "SWIGGEN_MUTATING_RBINOP", f"_swiggen_r{stem}", name[8:], cpp_type(left),
                     _result(f.result), *operator_lookup(f, member, ctx))
                slots.add(slot)
                ctx.operators_mapped.add((f.qualname, f.signature))
                origin(f"_swiggen_r{stem}", f, "__r" + pyname[2:])
                stub("__r" + pyname[2:], [("other", left)], annotation(f.result, ctx))
    for pyname, (through, declared, slot) in converted.items():
        if pyname == "__str__":
            if not streamed:  # an ostream operator<< says what str() is first
                call("SWIGGEN_STR_FROM_CONVERSION", declared)
                stub(pyname, [], "str")
        else:
            call("SWIGGEN_CONVERT", pyname, through, slot, declared)
            stub(pyname, [], "float" if pyname == "__float__" else "int")
    for slot in sorted(slots):
        call("SWIGGEN_NUMBER_SLOT", slot)
    if compare:
        call("SWIGGEN_COMPARE")
    if has_eq:
        call("SWIGGEN_UNHASHABLE")
    if _copyable(c):
        call("SWIGGEN_COPY")
        stub("__copy__", [], cls_py)
        stub("__deepcopy__", [("memo", "Any")], cls_py)
    ctx.macro_calls += calls
    ctx.type_patches.append(TypePatch(cls_py, "__module__", "__name__"))
    return stubs


def inherit_comparisons(bases: dict[str, tuple[str, ...]], ctx: Context) -> None:
    """A derived class compares as its base: `_swiggen_eq` and the others are inherited
    methods, but each -builtin type has a tp_richcompare (and tp_hash) of its own, SWIG's
    identity comparison unless SWIGGEN_COMPARE points it at the dispatcher. `bases`: each
    wrapped class's bases (qualnames, instance keys). One pass over the macro calls."""
    marks: dict[str, set[str]] = {"SWIGGEN_COMPARE": set(), "SWIGGEN_UNHASHABLE": set()}
    for m in ctx.macro_calls:
        if m.macro in marks:
            marks[m.macro].add(m.args[0])
    done: set[str] = set()

    def settle(cls: str, depth: int = 0) -> None:
        if cls in done or depth > 64:
            return
        done.add(cls)
        of = bases.get(cls, ())
        for b in of:
            settle(b, depth + 1)
        if cls not in ctx.py_names or cls in ctx.ignored_classes:
            return
        for macro, marked in marks.items():
            if arg(cls) not in marked and any(arg(b) in marked for b in of):
                marked.add(arg(cls))
                ctx.macro_calls.append(MacroCall(macro, (arg(cls),)))

    for cls in bases:
        settle(cls)


def _mutable(by_name: dict[str, list[Function]], name: str) -> str:
    """"_MUTABLE" when no overload of the class's `name()` without parameters is const (its
    protocol method then calls it through a non-const self), else ""."""
    const = any(m.is_const for m in by_name.get(name, ()) if not m.params)
    return "" if const else "_MUTABLE"


def three_way(f: Function) -> list[str]:
    """The comparisons a C++20 `operator<=>` gives Python (its defaulted form, `==` too)."""
    ordered = ["operator<", "operator<=", "operator>", "operator>="]
    return ordered + (["operator==", "operator!="] if f.is_defaulted else [])


def _ignored(f: Function, ctx: Context) -> bool:
    """`ignore` on the operator (in the header, or a config key naming it or this overload)."""
    return any(d.name == "ignore" for d in ctx.all_directives(f))


def _result(t: TypeRef) -> str:
    """An operator's result type for the %extend method: a reference stays one."""
    return cpp_type(t) if t.indirection == "&" else cpp_type(t, value=True)


def _const_operand(t: TypeRef) -> bool:
    return t.is_const or t.indirection == ""


def _unmappable_reflected(left: TypeRef, result: TypeRef, ctx: Context) -> str:
    """Why `other OP self` cannot be a method of self's class ("" if it can): the left operand's
    class must be wrapped (Python has to pass one), and a result by value copyable."""
    for t, role in ((left, "left operand"), (result, "result")):
        if t.kind is TypeKind.CLASS and (t.target not in ctx.py_names or
                                         t.target in ctx.ignored_classes):
            return f"reflected operator: its {role} class '{t.target}' is not wrapped"
    if result.kind is TypeKind.CLASS and result.indirection == "" and \
            result.target in ctx.uncopyable:
        return f"reflected operator: its result class '{result.target}' cannot be copied"
    return ""


def _iterate_switch(c: Class, d: Directive, ctx: Context) -> tuple[str, str] | None:
    """(predicate method, values class or "void") for `iterate(pairs_if=P, values_as=C)`, or
    None after an SG208 error naming what is wrong."""
    args: dict[str, str] = {}
    for a in d.args:
        key, eq, value = a.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or key not in ("pairs_if", "values_as") or not value or key in args:
            ctx.diags.error(d.loc, "SG208", f"{d}: '{a}' is not pairs_if=METHOD or "
                            "values_as=CLASS", "e.g. iterate(pairs_if=IsMap, values_as=Node)")
            return None
        args[key] = value
    predicate = args.get("pairs_if")
    no_args = {m.name for m in c.methods
               if not m.params and not m.is_static and not m.is_deleted and
               not m.template_params}
    if predicate is None or predicate not in no_args:
        ctx.diags.error(d.loc, "SG208", f"{d}: pairs_if names no method of '{c.qualname}' "
                        "without parameters", "name the method that says the container is a "
                        "mapping, e.g. pairs_if=IsMap")
        return None
    if not {"begin", "end"} <= no_args:
        ctx.diags.error(d.loc, "SG208", f"{d}: '{c.qualname}' has no begin() and end() to "
                        "iterate over", "remove the directive")
        return None
    values = args.get("values_as", "void")
    if values != "void" and (values not in ctx.py_names or values in ctx.uncopyable):
        ctx.diags.error(d.loc, "SG208", f"{d}: values_as names no copyable class the module "
                        "wraps", "name the wrapped class the elements derive from, qualified "
                        "(values_as=ns::Node)")
        return None
    return predicate, values


def _param_types(f: Function) -> tuple[str, ...]:
    return tuple(cpp_type(p.type) for p in f.params)


def _dependent(t: TypeRef) -> bool:
    return "type-parameter" in t.canonical or "type-parameter" in t.spelling


def _self_type(cls: str) -> TypeRef:
    return TypeRef(cls, cls, TypeKind.CLASS, True, "&", cls)


def _copyable(c: Class) -> bool:
    if c.is_abstract or not c.has_public_destructor or \
            not c.is_copyable or c.shallow_copy:
        return False  # (a shallow copy would free twice: docs/safety.md)
    copies = [k for k in c.constructors if k.is_copy]
    return all(not k.is_deleted for k in copies)
