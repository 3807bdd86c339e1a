"""Callables: which `std::function`s and C callbacks Python can pass and receive, and how.

    int apply(std::function<int(int)> f, int x);        apply(lambda v: v + 1, 2)
    std::function<int(int)> adder(int n);               adder(2)(40) == 42
    struct Button { std::function<void()> on_click; };  b.on_click = handler
    void add_listener(void (*cb)(void *user, int event), void *user);
        // swiggen: callback(cb, user, until=remove_listener)   add_listener(fn)
    void sort_with(int (*cmp)(const int *, const int *, void *), void *user);  sort_with(cmp)

A `std::function` converts through interfaces/python/callables.swg's typemaps (one for every
signature: SWIG matches the template's name), so the decision here is only whether every
argument and result type of its signature converts, in the direction the values travel: a
parameter's callable receives C++ arguments as Python objects and returns a C++ result; a
returned one is called from Python with Python arguments. Wrapped classes in a signature get
their `SWIGGEN_STD_CLASS` registration (convert.swg) so that the runtime can name their type.

A C function pointer whose signature has one `void *` (the user data), next to a `void *`
parameter of the function (or named by `callback(fn, user)`), is one Python callable argument
of a shim (templates/python/callback_shim.i.j2) that passes a thunk and the callable's state as the
pair. The callable lives for the call, or with `until=unregister` from the registering call to
the unregister call that names the same callable, or for the process where the function's name
says the library stores it (stores_callback: `H5Eset_auto2`). A function pointer without user data takes
the module's own functions of its type (lower/fnpointers.py), or is left out (SG332), naming
what to do: a `std::function` or a user-data parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..model import Constructor, Function, Param, TypeKind, TypeRef
from .context import Context
from .convertible import _add, _classes, _value, item_why, uses_generic
from .plan import Ignore, MacroCall
from .shimrecords import CallbackShim
from .pyrecords import StubParam
from .types import cpp_type

if TYPE_CHECKING:
    from .context import Directives

#: value kinds convert.swg's conv<T> converts both ways
_VALUES = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.ENUM)
_CONTAINERS = (TypeKind.VECTOR, TypeKind.MAP, TypeKind.OPTIONAL, TypeKind.SET, TypeKind.PAIR,
               TypeKind.STD)


def is_function(t: TypeRef) -> bool:
    """`std::function<...>` (by value or reference)."""
    return t.kind is TypeKind.STD and t.target == "std::function"


def is_pointer(t: TypeRef) -> bool:
    """A C function pointer (`void (*)(int)`, through typedefs)."""
    return t.kind is TypeKind.OTHER and bool(t.signature)


def is_void_pointer(t: TypeRef) -> bool:
    return t.kind is TypeKind.OTHER and t.indirection == "*" and t.canonical == "void"


def value_why(t: TypeRef, ctx: Context, to_python: bool, result: bool = False) -> str:
    """Why a value of type `t` in a callable's signature does not convert ("" if it does):
    from C++ to Python (`to_python`: a callback's argument, a returned function's result) or
    back."""
    by = t.indirection
    if t.kind is TypeKind.VOID and not by:
        return "" if result else f"'{t.spelling}'"
    plain = by == "" or (by == "&" and t.is_const) or (by == "&&" and not to_python)
    if result and by:
        return f"'{t.spelling}': a callable's result converts by value only"
    if t.kind in _VALUES:
        if plain or (by == "*" and t.is_const and to_python and t.kind is not TypeKind.ENUM):
            return ""
        return f"'{t.spelling}': a number by non-const reference or pointer"
    if t.kind is TypeKind.STRING:
        if by == "*":
            return "" if to_python or (t.is_const and not result) else \
                f"'{t.spelling}': Python cannot own the text a char pointer points to"
        return "" if plain else f"'{t.spelling}': a string by non-const reference"
    if t.kind is TypeKind.CLASS and not t.target.startswith("std::"):
        if t.target not in ctx.py_names or t.target in ctx.ignored_classes:
            return f"'{t.spelling}' is not wrapped by this module"
        if by:
            return ""  # a view of the object (callables.swg)
        if t.target in ctx.uncopyable:
            return f"'{t.spelling}' by value: the class cannot be copied"
        if result and not to_python and t.target not in ctx.default_constructible:
            return f"'{t.spelling}' result: the class cannot be default-constructed"
        return ""
    if t.kind in _CONTAINERS and not is_function(t):
        if not plain:
            return f"'{t.spelling}' by non-const reference or pointer: Python holds a copy"
        value = _value(t)
        if t.kind is TypeKind.STD and not uses_generic(t):
            return f"'{t.spelling}' is not converted"
        why = item_why(value, ctx)
        return why
    return f"'{t.spelling}' is not converted"


def signature_why(t: TypeRef, ctx: Context, param: bool, result: bool) -> str:
    """Why callable type `t` does not convert where it appears ("" if it does): as a
    parameter (`param`: Python passes it), as a result (C++ returns it), or both (a field)."""
    if not t.signature:
        return f"'{t.spelling}': swiggen cannot read its signature"
    r, *args = t.signature
    whys = []
    if param:
        whys += [value_why(a, ctx, True) for a in args] + [value_why(r, ctx, False, True)]
    if result:
        whys += [value_why(a, ctx, False) for a in args] + [value_why(r, ctx, True, True)]
    why = next((w for w in whys if w), "")
    return f"signature uses {why}" if why else ""


def function_why(t: TypeRef, ctx: Context, param: bool, result: bool) -> str:
    """Why a std::function parameter, result or field is not wrapped ("" if it is)."""
    if t.indirection == "*" or (t.indirection == "&" and not t.is_const and param):
        return (f"'{t.spelling}' by pointer or non-const reference: Python passes a callable, "
                "not a std::function object")
    return signature_why(t, ctx, param, result)


def spelled(result: TypeRef, params: list[TypeRef] | tuple[TypeRef, ...]) -> str:
    """`std::function< int (int, const std::string &) >`, spelled at global scope."""
    return f"std::function< {cpp_type(result)} ({', '.join(cpp_type(p) for p in params)}) >"


def note_direct(f: Function, name: str, ctx: Context) -> None:
    """A plain free function Python may pass where C++ takes a std::function of its exact
    signature: C++ then calls it directly (kept if the module has such a std::function)."""
    if f.template_params or f.is_variadic or any(
            p.type.signature or is_function(p.type) for p in f.params):
        return
    ctx.direct_candidates.append((spelled(f.result, [p.type for p in f.params]), name,
                                  f.qualname))
    from .fnpointers import pointer_spelled
    ctx.pointer_candidates.append((pointer_spelled(f.result, [p.type for p in f.params]), name,
                                   f.qualname))


def direct_functions(ctx: Context) -> tuple[MacroCall, ...]:
    """SWIGGEN_DIRECT for each candidate whose signature a std::function of the module has."""
    from .types import arg
    return tuple(MacroCall("SWIGGEN_DIRECT", (arg(sig), name, qualname))
                 for sig, name, qualname in sorted(set(ctx.direct_candidates))
                 if sig in ctx.function_params)


def note(t: TypeRef, ctx: Context) -> None:
    """Register the wrapped classes and converted types a callable's signature uses."""
    if is_function(t) and t.signature:
        ctx.function_params.add(spelled(t.signature[0], t.signature[1:]))
    for s in t.signature:
        base = replace(s, indirection="", is_const=False)
        if s.kind is TypeKind.CLASS and s.target in ctx.py_names:
            _add(ctx, MacroCall("SWIGGEN_STD_CLASS", (s.target,)))
        elif s.kind in _CONTAINERS:
            for cls in sorted(_classes(_value(base))):
                _add(ctx, MacroCall("SWIGGEN_STD_CLASS", (cls,)))


def annotation(t: TypeRef, ctx: Context, param: bool) -> str:
    """`collections.abc.Callable[[int, str], None]`; a parameter also takes None."""
    from .types import annotation as of
    ctx.stub_modules.add("collections.abc")
    if not t.signature:
        return "collections.abc.Callable[..., Any]"
    r, *args = t.signature
    user = [i for i, a in enumerate(args) if is_void_pointer(a)] if is_pointer(t) else []
    shown = [of(_plain(a), ctx, param=not param) for i, a in enumerate(args)
             if i not in user[:1]]
    back = "None" if r.kind is TypeKind.VOID else of(r, ctx, param=param)
    text = f"collections.abc.Callable[[{', '.join(shown)}], {back}]"
    return f"{text} | None" if param and is_function(t) else text


def _plain(t: TypeRef) -> TypeRef:
    """A callback's `const int *` argument arrives as an int."""
    if t.kind in _VALUES and t.indirection == "*":
        return replace(t, indirection="", is_const=False)
    return t


# -- C callbacks with user data ------------------------------------------------------------------

@dataclass(frozen=True)
class Pair:
    """A function pointer parameter and the `void *` parameter passed to it as user data."""

    callback: int  #: index of the function pointer parameter
    user: int  #: index of the user-data parameter
    slot: int  #: index of the user-data argument in the callback's own parameters
    until: str = ""  #: the unregister function (qualified), for a registering call
    registry: str = ""  #: the registering function, for an unregister call


def pairs(f: Function | Constructor, ctx: Context) -> tuple[list[Pair], str]:
    """The callback pairs of `f` (by `callback(fn, user)` directives, else by shape), or why
    a function pointer parameter cannot be one."""
    from .fnpointers import pointer_only
    found: list[Pair] = []
    names = [p.name for p in f.params]
    directives = [d for d in ctx.all_directives(f) if d.name == "callback"] \
        if isinstance(f, Function) else []
    named: dict[int, tuple[int, str]] = {}
    for d in directives:
        fn_name, user_name = d.args[0], d.args[1]
        until = next((a.split("=", 1)[1].strip() for a in d.args[2:]
                      if a.replace(" ", "").startswith("until=")), "")
        if fn_name in names and user_name in names:
            named[names.index(fn_name)] = (names.index(user_name), until)
    qualname = f.qualname if isinstance(f, Function) else ""
    registry = ctx.unregisters.get(qualname, "")
    for i, p in enumerate(f.params):
        if not is_pointer(p.type):
            continue
        slots = [k for k, a in enumerate(p.type.signature[1:]) if is_void_pointer(a)]
        if i not in named and not slots and pointer_only(p.type, ctx):
            continue  # the module's own functions of its type (fnpointers.swg)
        if i in named:
            user, until = named[i]
        else:
            near = [j for j in (i + 1, i - 1) if 0 <= j < len(f.params) and
                    is_void_pointer(f.params[j].type) and not is_pointer(f.params[j].type)]
            user, until = (near[0] if near else -1), ""
        if len(slots) != 1 or user < 0:
            return [], (f"parameter '{p.name}' is a C function pointer "
                        f"({p.type.spelling}) without a user-data pointer: Python callables "
                        "need one (a 'void *' argument of the callback, passed next to it); "
                        "no function of the module has its type")
        if until:
            scope = qualname.rsplit("::", 1)[0] + "::" if "::" in qualname else ""
            until = until if "::" in until else scope + until
        found.append(Pair(i, user, slots[0], until, registry))
    return found, ""


def callback_why(f: Function | Constructor, ctx: Context) -> str:
    """Why `f`'s callables are not wrapped ("" if they all are)."""
    for p in f.params:
        if is_function(p.type):
            why = function_why(p.type, ctx, param=True, result=False)
            if why:
                return f"parameter '{p.name}' is a callable whose {why}"
    result = getattr(f, "result", None)
    if result is not None and is_function(result):
        why = function_why(result, ctx, param=False, result=True)
        if why:
            return f"the result is a callable whose {why}"
    if result is not None and is_pointer(result):
        return (f"the result is a C function pointer ({result.spelling}), which Python cannot "
                "call; return a std::function instead")
    if not any(is_pointer(p.type) for p in f.params):
        return ""
    if isinstance(f, Constructor):
        return "a constructor taking a C callback is not wrapped; add a method that takes it"
    found, why = pairs(f, ctx)
    if why:
        return why
    for pair in found:
        t = f.params[pair.callback].type
        why = signature_why(replace(t, signature=(t.signature[0], *(
            a for k, a in enumerate(t.signature[1:]) if k != pair.slot))), ctx, True, False)
        if why:
            return f"parameter '{f.params[pair.callback].name}' is a callback whose {why}"
    if len(found) > 1:
        return "more than one C callback in one call is not wrapped"
    return ""


def note_unregisters(funcs: list[Function], ctx: Context) -> None:
    """Before a scope's functions are lowered: which are the unregister calls of others."""
    for f in funcs:
        for d in ctx.all_directives(f):
            if d.name != "callback":
                continue
            until = next((a.split("=", 1)[1].strip() for a in d.args[2:]
                          if a.replace(" ", "").startswith("until=")), "")
            if until:
                scope = f.qualname.rsplit("::", 1)[0] + "::" if "::" in f.qualname else ""
                ctx.unregisters[until if "::" in until else scope + until] = f.qualname


def check_directives(f: Function, dirs: "Directives", label: str, funcs: set[str],
                     ctx: Context) -> None:
    """`callback(fn, user, until=...)`: the parameters exist and fit, the function exists."""
    names = [p.name for p in f.params]
    for d in dirs.all("callback"):
        fn, user = d.args[0], d.args[1]
        bad = ""
        if fn not in names or user not in names:
            bad = f"no parameter named '{fn if fn not in names else user}'"
        elif not is_pointer(f.params[names.index(fn)].type):
            bad = f"'{fn}' is not a C function pointer"
        elif not is_void_pointer(f.params[names.index(user)].type):
            bad = f"'{user}' is not a 'void *'"
        extra = [a for a in d.args[2:] if not a.replace(" ", "").startswith("until=")]
        if extra:
            bad = bad or f"unknown argument '{extra[0]}'"
        if bad:
            ctx.diags.error(d.loc, "SG380", f"{d} on '{label}': {bad}",
                            "write callback(FN, USER) or callback(FN, USER, until=UNREGISTER), "
                            f"naming parameters of '{label}': {', '.join(names) or '(none)'}")
            continue
        until = next((a.split("=", 1)[1].strip() for a in d.args[2:]), "")
        scope = f.qualname.rsplit("::", 1)[0] + "::" if "::" in f.qualname else ""
        if until and (until if "::" in until else scope + until) not in funcs:
            ctx.diags.error(d.loc, "SG381", f"{d} on '{label}': no function '{until}' in "
                            "the same scope takes this callback back",
                            "name the function that unregisters it (it takes the same "
                            "callback and user-data pair)")


def lower_shim(f: Function, kind: str, owner: str, target: str, ctx: Context) -> \
        tuple[int, int, str] | None:
    """The shim of a function with a C callback pair (None if it has none): the index of the
    folded user-data parameter, of the callback parameter, and its stub annotation."""
    if not any(is_pointer(p.type) for p in f.params):
        return None
    from .fnpointers import note_params
    note_params(f, ctx)
    found, _ = pairs(f, ctx)
    if not found:
        return None
    pair = found[0]
    cb = f.params[pair.callback]
    fp = replace(cb.type, indirection="*")
    r, *args = fp.signature
    pointer = f"{cpp_type(r)} (*)({', '.join(cpp_type(a) for a in args)})"
    # `set_error_callback(fn cb = NULL, void *user = 0)`: None (or leaving it out) passes
    # the library its own default, a null function pointer and null user data
    nullable = cb.default is not None and cb.default.strip() in _NULLS
    holder = f"swiggen::c_callback< {pointer}, {pair.slot}{', true' if nullable else ''} >"
    decl, call = [], []
    for i, p in enumerate(f.params):
        name = p.name or f"swiggen_arg{i}"
        if i == pair.callback:
            decl.append(f"{holder} {name}")
            call.append(f"{name}.function()")
        elif i == pair.user:
            call.append(f"{cb.name}.user()")
        else:
            default = f" = {p.default}" if p.default is not None and kind == "function" else ""
            decl.append(f"{cpp_type(p.type)} {name}{default}")
            call.append(name)
    at = pair.callback - (pair.user < pair.callback)  # the holder's place among `decl`
    if nullable and all(" = " in d for d in decl[at + 1:]):
        decl[at] += f" = {holder}()"
    short = f.qualname.rsplit("::", 1)[-1]
    if kind == "method":
        expr = f"$self->{f.name}({', '.join(call)})"
    else:
        expr = f"{f.qualname}({', '.join(call)})"
    namespace = f.qualname.rsplit("::", 1)[0] if "::" in f.qualname and kind == "function" \
        else ""
    mode = "keep" if pair.until or stores_callback(f.name) else \
        "find" if pair.registry else "call"
    ctx.callback_shims.append(CallbackShim(
        function=f.qualname + f.signature, kind=kind, owner=owner, namespace=namespace,
        name=short, result=cpp_type(f.result) if f.result.kind is not TypeKind.VOID else "void",
        params=tuple(decl), const=f.is_const, call=expr, callback=cb.name or
        f"swiggen_arg{pair.callback}", mode=mode, registry=pair.registry or f.qualname))
    ctx.ignores.append(Ignore(f.qualname + f.signature, "called through its callback shim "
                              "(lower/callables.py)"))
    note(fp, ctx)
    shown = annotation(fp, ctx, param=True)
    return pair.user, pair.callback, f"{shown} | None" if nullable else shown


#: a null pointer's spellings, as a callback parameter's default
_NULLS = frozenset({"NULL", "nullptr", "0", "0L", "{}", "(void*)0", "((void*)0)"})


#: words of a function's name that say the library keeps the callback it is given for later
#: calls (an error handler, a listener), past the call that registers it
_STORES = frozenset({"set", "register", "add", "install", "attach", "subscribe", "handler",
                     "hook", "watch"})
#: ... and what starts something that runs it later, on another thread or a loop (`uv_timer_start`,
#: `uv_queue_work`, `spawn_async`; a word ending in "start": `zmq_threadstart`). Not "thread"
#: alone: `each_in_thread` runs it on a thread it joins before returning.
_RUNS_LATER = frozenset({"start", "spawn", "async", "launch", "schedule", "defer", "queue",
                         "post"})


def stores_callback(name: str) -> bool:
    """`H5Eset_auto2(estack, func, client_data)`, `sqlite3_busy_handler`, `set_error_handler`,
    `zmq_threadstart(func, arg)`: the library calls the callback after the call returns, so with
    no `until=` the callable is kept for the rest of the process (as an unregistered `until=`
    one is) rather than for the call. A word glued to a one-letter prefix counts (HDF5's
    `H5Eset`: `eset`). Kept when in doubt: a callable kept too long is memory, one freed while
    a thread still calls it is a crash (zmq_threadstart's)."""
    from .ownership import name_words
    return any(w in _STORES or w[1:] in _STORES or w in _RUNS_LATER or w.endswith("start")
               for w in name_words(name))


def shift_stub_params(params: tuple[StubParam, ...], folded: int) -> tuple[StubParam, ...]:
    """The shim has no user-data parameter: later parameters are one place earlier in it."""
    return tuple(replace(p, cpp_index=p.cpp_index - 1) if p.cpp_index > folded else p
                 for p in params)


def uses(params: tuple[Param, ...]) -> bool:
    return any(is_function(p.type) for p in params)
