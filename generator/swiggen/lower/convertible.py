"""Whether a standard library type converts, and how: the one place that decides.

Every type libclang resolves to a standard library class that the older typemaps do not cover
(model `TypeKind.STD`, or a vector/map/optional/set/pair of one) is either converted through
interfaces/python/convert.swg's `swiggen::conv<T>` (SWIGGEN_STD), or the declaration using it is
left out with a located SG311 warning naming the type and why. No standard library type reaches
SWIG as an opaque pointer.

    std::tuple<int, std::string> f();        ->  (1, 'a')
    void g(std::variant<int, double> v);     ->  g(3), g(2.5)
    std::array<double, 3> h();               ->  [1.0, 2.0, 3.0]; in, exactly 3 items
    std::complex<double> z();                ->  (1+2j)
    std::deque<int>, std::list<int>          ->  [1, 2]
    std::chrono::milliseconds timeout();     ->  0.25 (seconds; in, also datetime.timedelta)
    std::filesystem::path where();           ->  '/tmp' (in, also pathlib.Path)
    std::any, std::span<int>, std::bitset<8>, std::mutex&, ...  ->  left out (SG311)

Items nest freely (`std::vector<std::tuple<int, std::wstring>>`); items are numbers, bool,
char, strings, enums, the types above, and classes the module wraps that can be copied and
default-constructed.
"""

from __future__ import annotations

import re

from ..model import TypeKind, TypeRef
from .context import Context
from .libtypes import LIBRARIES
from .plan import MacroCall
from .smartvalues import pointee, smart_of_value
from .textclasses import TEXT_CLASS

#: templates convert.swg converts -> (dispatch precedence, stub annotation format; {0}, {1}..
#: are the annotations of the type arguments, {all} all of them joined with ", ")
_CONVERTED = {
    "std::tuple": ("SWIG_TYPECHECK_PAIR", "tuple[{all}]", "tuple[{all}] | list[Any]"),
    "std::array": ("SWIG_TYPECHECK_STDARRAY", "list[{0}]", "Sequence[{0}]"),
    "std::complex": ("SWIG_TYPECHECK_COMPLEX", "complex", "complex"),
    "std::deque": ("SWIG_TYPECHECK_DEQUE", "list[{0}]", "Sequence[{0}]"),
    "std::list": ("SWIG_TYPECHECK_LIST", "list[{0}]", "Sequence[{0}]"),
    "std::variant": ("SWIG_TYPECHECK_STACK", "{union}", "{union}"),
    "std::monostate": ("SWIG_TYPECHECK_POINTER", "None", "None"),
    "std::chrono::duration": ("SWIG_TYPECHECK_DOUBLE", "float", "float | datetime.timedelta"),
    "std::filesystem::path": ("SWIG_TYPECHECK_STRING", "str", "str | os.PathLike[str]"),
    "std::wstring": ("SWIG_TYPECHECK_STDUNISTRING", "str", "str"),
    # (after the narrow and wide strings in overload dispatch: widetext.swg)
    "std::u16string": ("144", "str", "str"),
    "std::u32string": ("145", "str", "str"),
    TEXT_CLASS: ("146", "str", "str"),  # a library's string class marked `str`
}
#: templates whose type arguments are items (converted in turn): all of them, or the first
_CONTAINERS = {"std::tuple": 99, "std::variant": 99, "std::array": 1, "std::deque": 1,
               "std::list": 1}
#: why a standard library type does not convert, for the common ones
_WHY = {
    "std::any": "Python cannot know the type a std::any holds",
    "std::span": "a std::span views memory Python does not own; take a std::vector or an "
                 "array(ptr, n) pair instead",
    "std::bitset": "std::bitset is not converted",
    "std::function": "callables are not converted",
    "std::initializer_list": "only a braced list in C++ source can make one",
    "std::basic_ostream": "Python cannot make a C++ stream",
    "std::basic_istream": "Python cannot make a C++ stream",
    "std::basic_iostream": "Python cannot make a C++ stream",
}
#: stream types: an operator<<'s operand (lower/protocols.py), nothing Python can make
STREAMS = {"std::basic_ostream", "std::basic_istream", "std::basic_iostream"}
#: templates the standard library names through aliases SWIG cannot see into
_ALIASED = {"std::chrono::duration"}
#: standard library types SWIG's own typemaps convert at the top level (std_wstring.i)
_NATIVE = {"std::wstring"}
#: items of std::optional/set/pair that stdtypes.swg converts
_SIMPLE = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING)
#: items of a vector or map that only convert.swg converts (SWIGGEN_VECTOR and SWIGGEN_MAP take
#: numbers, strings and classes): `std::vector<std::pair<int, int>>`, `std::vector<std::vector<int>>`
_NESTED = (TypeKind.VECTOR, TypeKind.MAP, TypeKind.PAIR, TypeKind.OPTIONAL, TypeKind.SET)
#: typedefs SWIG knows as types of their own: a spelling with them matches no typemap of the
#: canonical spelling (`std::vector<std::pair<size_t, size_t>>`)
_SWIG_PRIMITIVE = re.compile(r"\b(size_t|ptrdiff_t)\b")
#: kinds the older typemaps convert (their items: converted here when those do not)
_ITEM_KINDS = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.ENUM)


def std_why(t: TypeRef, ctx: Context, is_result: bool = False) -> str:
    """Why a parameter, result or field of type `t` is not wrapped ("" if it is, or if `t`
    uses no standard library type this module decides)."""
    if not uses_generic(t) or (t.kind is TypeKind.STD and t.target == "std::function"):
        return ""  # (std::function: lower/callables.py decides)
    if t.kind is TypeKind.STD and t.target in LIBRARIES:  # a library's type (lower/libtypes.py)
        return LIBRARIES[t.target].why(t, ctx, is_result)
    if t.kind is TypeKind.STD and t.target == "std::complex" and t.indirection == "*":
        return ""  # a numpy array of complex (array directives)
    why = item_why(_value(t), ctx)
    by = t.indirection
    if why or (by == "&" and is_result):
        return why  # (a non-const reference result: read as a copy, like a const one)
    if by == "*" or (by == "&" and not t.is_const) or (is_result and by == "&&"):
        return (f"'{t.spelling}' by {'pointer' if by == '*' else 'non-const reference'}: "
                "Python holds a copy, so only values and const references convert")
    return ""


def converted_out(t: TypeRef, ctx: Context) -> bool:
    """`t` is a non-const `T&` or `T*` of a type this module converts (`std::wstring`, a `str`
    class, a vector of them): an `out` or `inout` parameter (outparams.swg's SWIGGEN_OUT
    returns the value through SWIGGEN_STD's typemaps)."""
    return t.indirection in ("*", "&") and not t.is_const and uses_generic(t) and \
        not t.signature and not item_why(_value(t), ctx)


def uses_generic(t: TypeRef) -> bool:
    """Whether `t` is (or holds) a STD type: one this module decides. Iterators (`begin()`,
    `end()`) are left to the iteration protocol (lower/protocols.py), as other classes'."""
    if t.kind is TypeKind.STD:
        return not is_iterator(t)
    if t.kind in (TypeKind.OPTIONAL, TypeKind.SET, TypeKind.PAIR) and not t.indirection == "*":
        # stdtypes.swg converts these of numbers and strings; of anything else, convert.swg
        return any(e.kind not in _SIMPLE or e.indirection for e in (t.key, t.element)
                   if e is not None)
    if t.kind in (TypeKind.VECTOR, TypeKind.MAP) and any(
            e.kind in _NESTED and not e.indirection for e in (t.key, t.element) if e is not None):
        return True  # a list or dict of containers, pairs, optionals or sets
    if t.kind in (TypeKind.VECTOR, TypeKind.MAP, TypeKind.OPTIONAL, TypeKind.SET,
                  TypeKind.PAIR):
        # (not of `std::unique_ptr<int>` items: a container of them cannot be copied)
        return any(uses_generic(e) and e.target != "std::unique_ptr"
                   for e in (t.key, t.element) if e is not None)
    return smart_of_value(t)  # (lower/smartvalues.py)


def is_iterator(t: TypeRef) -> bool:
    """A standard container's iterator (`std::_Rb_tree_const_iterator<...>`)."""
    return "iterator" in t.target.lower() or t.target.startswith("std::_")


def item_why(t: TypeRef, ctx: Context) -> str:
    """Why `t` (a value, maybe an item inside another) does not convert, or ""."""
    if t.indirection:
        return f"'{t.spelling}': pointers and references inside containers are not converted"
    if t.kind in _ITEM_KINDS:
        return ""
    if t.kind is TypeKind.STRING:
        return "" if "char *" not in t.canonical else \
            f"'{t.spelling}': char pointers inside containers are not converted"
    if smart_of_value(t):
        return item_why(pointee(t), ctx)
    if t.kind is TypeKind.CLASS:
        if t.target.startswith("std::"):
            return f"'{t.spelling}' is not converted"
        if t.target not in ctx.py_names:
            return f"'{t.spelling}' is not wrapped by this module"
        if t.target in ctx.uncopyable or t.target not in ctx.default_constructible:
            return (f"'{t.spelling}' cannot be copied or default-constructed, which a "
                    "converted container item must be")
        return ""
    if t.kind in (TypeKind.VECTOR, TypeKind.MAP, TypeKind.OPTIONAL, TypeKind.SET,
                  TypeKind.PAIR):
        for e in (t.key, t.element):
            why = item_why(e, ctx) if e is not None else ""
            if why:
                return why
        return ""
    if t.kind is TypeKind.STD:
        if t.target in LIBRARIES:
            return LIBRARIES[t.target].item_why(t, ctx)
        if t.target not in _CONVERTED:
            reason = _WHY.get(t.target, "swiggen has no conversion for it")
            return f"'{t.spelling}' ({t.target}) is not converted: {reason}"
        for a in items(t):
            why = item_why(a, ctx)
            if why:
                return why
        return ""
    return f"'{t.spelling}' is not converted"


def note(t: TypeRef, ctx: Context) -> None:
    """Record the SWIGGEN_STD typemaps a converted parameter, result or field of type `t`
    needs (nothing for a type the older typemaps convert)."""
    if t.kind is TypeKind.STD and t.target == "std::function":
        from .callables import note as note_callable
        note_callable(t, ctx)
        return
    if not uses_generic(t) or std_why(t, ctx) or t.indirection == "*":
        return  # (a pointer to std::complex: an array, lower/arrays.py)
    if t.kind is TypeKind.STD and t.target in LIBRARIES:
        LIBRARIES[t.target].note(t, ctx)
        return
    value = _value(t)
    if value.kind is TypeKind.STD and value.target in _NATIVE:
        return
    precedence = _CONVERTED[value.target][0] if value.kind is TypeKind.STD else \
        "SWIG_TYPECHECK_VECTOR"
    for spelling in _spellings(value):
        _add(ctx, MacroCall("SWIGGEN_STD", (precedence, spelling)))
    for cls in sorted(_classes(value)):
        _add(ctx, MacroCall("SWIGGEN_STD_CLASS", (cls,)))


def stub(t: TypeRef, param: bool, inner: list[str]) -> str:
    """The stub annotation of a converted STD type, given its type arguments' annotations."""
    if t.target in LIBRARIES:
        return LIBRARIES[t.target].stub(t, param)
    if t.target not in _CONVERTED:
        return "Any"
    fmt = _CONVERTED[t.target][2 if param else 1]
    args = inner or ["Any"]
    alts = sorted(set(args), key=args.index)
    return fmt.format(*args, all=", ".join(args), union=" | ".join(alts))


def items(t: TypeRef) -> tuple[TypeRef, ...]:
    """The item types of a STD container type (none for other types)."""
    return t.args[:_CONTAINERS.get(t.target, 0)] if t.kind is TypeKind.STD else ()


def _value(t: TypeRef) -> TypeRef:
    spelling = t.spelling.removeprefix("const ").rstrip(" &*").removesuffix(" const").strip()
    canonical = t.canonical.removeprefix("const ").strip()
    return TypeRef(spelling, canonical, t.kind, False, "", t.target, t.element, t.key, t.args)


def _spellings(t: TypeRef) -> list[str]:
    """The spellings SWIG may see the type as: built from its parts (what aliases in the
    headers resolve to) and, for a type written with the standard library's own alias
    (`std::chrono::seconds`), also the canonical one."""
    out = [swig_spelling(t)]
    if t.canonical not in out and t.kind is TypeKind.STD and t.target in _ALIASED:
        out.append(t.canonical)
    if _SWIG_PRIMITIVE.search(t.spelling) and t.spelling not in out:
        out.append(t.spelling)  # SWIG does not reduce its own `size_t` to `unsigned long`
    return out


def swig_spelling(t: TypeRef) -> str:
    """`t` spelled as SWIG resolves a declaration's type: qualified, `std::string` rather
    than libclang's `std::basic_string<char>`, without the library's inline namespaces."""
    if t.kind is TypeKind.STRING and t.indirection != "*":
        return "std::string"
    if t.kind is TypeKind.VECTOR and t.element is not None:
        return f"std::vector<{swig_spelling(t.element)}>"
    if t.kind is TypeKind.OPTIONAL and t.element is not None:
        return f"std::optional<{swig_spelling(t.element)}>"
    if t.kind is TypeKind.SET and t.element is not None:
        return f"{std_template(t.target)}<{swig_spelling(t.element)}>"
    if t.kind in (TypeKind.MAP, TypeKind.PAIR) and t.key is not None and t.element is not None:
        template = "std::pair" if t.kind is TypeKind.PAIR else std_template(t.target)
        return f"{template}<{swig_spelling(t.key)}, {swig_spelling(t.element)}>"
    if t.kind is TypeKind.STD and t.target in ("std::wstring", "std::u16string",
                                                "std::u32string"):
        return t.target
    if t.kind is TypeKind.STD and t.target in _CONTAINERS:
        args = [swig_spelling(a) for a in items(t)]
        if t.target == "std::array":  # the size, a non-type argument: last in the canonical
            args.append(t.canonical.rstrip(">").rsplit(",", 1)[-1].strip())
        return f"{t.target}<{', '.join(args)}>"
    if t.kind is TypeKind.STD and t.target in _ALIASED and \
            _value(t).spelling.startswith(t.target.rsplit("::", 1)[0] + "::"):
        return _value(t).spelling  # `std::chrono::seconds`: SWIG knows only the alias
    if t.kind is TypeKind.STD and t.target == "std::complex" and t.args:
        return f"std::complex<{t.args[0].canonical}>"
    if smart_of_value(t) and t.element is not None:
        const = "const " if t.element.is_const else ""
        return f"{t.target}<{const}{swig_spelling(pointee(t))}>"
    return t.canonical.removeprefix("const ")


def std_template(target: str) -> str:
    for name in ("std::unordered_map", "std::unordered_set", "std::map", "std::set"):
        if target.endswith(name.removeprefix("std::")):
            return name
    return target


def _classes(t: TypeRef) -> set[str]:
    if smart_of_value(t):
        return _classes(pointee(t))
    if t.kind is TypeKind.CLASS:
        return {t.canonical}
    found: set[str] = set()
    for e in (t.key, t.element, *items(t)):
        if e is not None:
            found |= _classes(e)
    return found


def _add(ctx: Context, call: MacroCall) -> None:
    call = MacroCall(call.macro, tuple(f"%arg({a})" if "," in a else a for a in call.args))
    if call not in ctx.std_types:
        ctx.std_types.append(call)
