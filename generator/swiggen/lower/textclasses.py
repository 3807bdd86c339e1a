"""A library's own string class as Python `str` (the `str` directive).

    class String {                       // swiggen: str(to=toCString(true),
      String(const std::string &s, Type t = Latin1);   //        from=String(String::UTF8))
      const char *toCString(bool unicode = false) const;
    };
    String title();                     ->  title() returns a str
    void setTitle(const String &s);     ->  setTitle('Mötley Crüe 😀')
    std::vector<String> names();        ->  a list of str; List<String>, std::map<String, ...> too

The class is not wrapped: every type naming it becomes a converted standard-library-like type
(model TypeKind.STD with target TEXT_CLASS), so lower/convertible.py converts it wherever such
types convert (by value and const reference, results, fields, nested in containers, through
`implicit` constructors) and leaves it out where they do not (non-const references, pointers),
with SG311. interfaces/python/textclasses.swg's `swiggen::text_out` turns what `to=` gives into
a str; the `swiggen::conv<S>` specialisation rendered by templates/python/textclasses.i.j2
reads a str into the text type `from=`'s callable takes and calls it.

`to=METHOD` or `to=METHOD(ARGS)`: a method of the class (or of a base), or a free function
taking the object first, returning std::string, std::string_view, std::wstring,
std::u16string, std::u32string or a pointer to const char, wchar_t, char16_t, char32_t or
unsigned short units (UTF-16): NUL-terminated, or counted by `size=METHOD`.
`from=CALLABLE` or `from=CALLABLE(ARGS)`: the class's name for a constructor, a static method
or a free function returning the class, whose first parameter takes text (a string type, or a
pointer to const units, followed or not by its length: an integer named like one, `len`,
`size`, `textLength`); ARGS follow the text. Of the
overloads that fit, UTF-8 comes first, then UTF-16, UTF-32 and wchar_t; with a length before
without. By default, `from` is a constructor taking text alone (`String(const std::string&)`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..model import Class, Directive, Function, Header, Param, TypeKind, TypeRef
from .byteparams import LENGTH_NAMES
from .context import Context
from .plan import TextClass
from .typewalk import map_types

#: the `target` of a type naming a `str` class (TypeKind.STD): lower/convertible.py converts it
TEXT_CLASS = "swiggen::str"

#: text units by C++ type, in the order `from=` prefers them: (unit, the std::basic_string of
#: it that a str is read into)
_UNITS = {"char": "std::string", "char16_t": "std::u16string", "unsigned short": "std::u16string",
          "char32_t": "std::u32string", "wchar_t": "std::wstring"}
_STRINGS = {"std::wstring": "wchar_t", "std::u16string": "char16_t", "std::u32string": "char32_t"}
_ORDER = ("char", "char16_t", "unsigned short", "char32_t", "wchar_t")
_CALL = re.compile(r"^\s*([A-Za-z_][\w:]*)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def text_classes(headers: Sequence[Header], ctx: Context) -> list[Header]:
    """Find the classes marked `str`, record their conversions in ctx.text_classes, and return
    the headers with every type naming one retyped (see retyped)."""
    everything = {c.qualname: c for h in headers for c in _all(h.classes)}
    functions = [f for h in headers for f in h.functions]
    for h in headers:
        for c, namespace in _with_namespace(h.classes):
            marks = [d for d in c.directives + ctx.config.by_name.get(c.qualname, ())
                     if d.name == "str"]
            if not marks or c.template_params:
                continue  # (a class template marked `str`: SG203 from the directive's check)
            found = _conversions(c, namespace, marks[-1], everything, functions, ctx)
            if found is not None:
                ctx.text_classes[c.qualname] = found
    if not ctx.text_classes:
        return list(headers)
    return [map_types(h, lambda t: retyped(t, ctx)) for h in headers]


def retyped(t: TypeRef, ctx: Context) -> TypeRef:
    """`t`, where it names a `str` class (or holds one), as the converted type it is."""
    if not ctx.text_classes:
        return t
    element = retyped(t.element, ctx) if t.element is not None else None
    key = retyped(t.key, ctx) if t.key is not None else None
    args = tuple(retyped(a, ctx) for a in t.args)
    signature = tuple(retyped(a, ctx) for a in t.signature)
    if t.kind is TypeKind.CLASS and t.target in ctx.text_classes:
        return replace(t, kind=TypeKind.STD, target=TEXT_CLASS, canonical=t.target)
    if element is t.element and key is t.key and _same(args, t.args) and \
            _same(signature, t.signature):
        return t
    return replace(t, element=element, key=key, args=args, signature=signature)


def _same(a: tuple[TypeRef, ...], b: tuple[TypeRef, ...]) -> bool:
    return all(x is y for x, y in zip(a, b))


def _all(classes: Iterable[Class]) -> Iterable[Class]:
    for c in classes:
        yield c
        yield from _all(c.classes)


def _with_namespace(classes: Iterable[Class], namespace: str | None = None
                    ) -> Iterable[tuple[Class, str]]:
    """Each class with the namespace it is in ("" for the global one); a nested class is in its
    outermost class's (`namespace`: that one's; None for the headers' own classes)."""
    for c in classes:
        ns = c.qualname.rpartition("::")[0] if namespace is None else namespace
        yield c, ns
        yield from _with_namespace(c.classes, ns)


def _options(d: Directive) -> tuple[dict[str, str], str]:
    """`str(to=X, from=Y(Z), size=W)` -> ({"to": "X", ...}, what is wrong or "")."""
    out: dict[str, str] = {}
    for a in d.args:
        key, sep, value = (x.strip() for x in a.partition("="))
        if not sep or key not in ("to", "from", "size"):
            return out, (f"'{a}' is not one of to=METHOD, from=CALLABLE, size=METHOD")
        if not _CALL.match(value):
            return out, f"{key}= needs a C++ name, optionally with arguments: not '{value}'"
        out[key] = value
    if "to" not in out:
        return out, "to=METHOD is missing: name the method giving the text"
    return out, ""


def _call(text: str) -> tuple[str, tuple[str, ...]]:
    """`toCString(true, x)` -> ("toCString", ("true", "x"))."""
    m = _CALL.match(text)
    assert m is not None
    args = _split(m.group(2)) if m.group(2) is not None and m.group(2).strip() else ()
    return m.group(1), args


def _split(text: str) -> tuple[str, ...]:
    """Comma-separated C++ arguments (commas inside brackets do not split)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return tuple(out)


def unit(t: TypeRef) -> tuple[str, str] | None:
    """The text `t` holds: (unit, "string" | "view" | "pointer"), or None if it is no text."""
    if t.kind is TypeKind.STRING:
        if t.indirection == "*":
            return ("char", "pointer") if t.is_const else None
        return ("char", "string") if t.indirection != "&" or t.is_const else None
    if t.kind is TypeKind.STRING_VIEW and t.indirection in ("", "&"):
        return "char", "view"
    if t.kind is TypeKind.STD and t.target in _STRINGS and \
            (t.indirection == "" or (t.indirection == "&" and t.is_const)):
        return _STRINGS[t.target], "string"
    if t.kind is TypeKind.INT and t.indirection == "*" and t.is_const and t.canonical in _UNITS:
        return t.canonical, "pointer"
    return None


def _fits(params: Sequence[Param], given: int) -> bool:
    """`given` arguments fill the first parameters, and the rest have defaults."""
    return len(params) >= given and all(p.default is not None for p in params[given:])


def _methods(c: Class, name: str, everything: dict[str, Class]) -> list[Function]:
    """The class's methods named `name`, then its bases'."""
    found = [m for m in c.methods if m.name == name and not m.is_deleted]
    for b in c.bases:
        if b in everything and b != c.qualname:
            found += _methods(everything[b], name, everything)
    return found


def _conversions(c: Class, namespace: str, d: Directive, everything: dict[str, Class],
                 functions: list[Function], ctx: Context) -> TextClass | None:
    options, bad = _options(d)
    fix = ("e.g. str(to=toStdString) or str(to=toCString(true), from=String(String::UTF8)): "
           "docs/strings.md")
    if bad:
        ctx.diags.error(d.loc, "SG204", f"'str' on '{c.qualname}': {bad}", fix)
        return None
    get = _getter(c, options, everything, functions, d, ctx)
    made = _maker(c, options.get("from", c.name), "from" in options, everything, functions, d,
                  ctx)
    if get is None or made is None:
        return None
    text, make, length_type = made
    call, copy = get
    return TextClass(c.qualname, namespace, text, make, length_type, call, copy)


def _getter(c: Class, options: dict[str, str], everything: dict[str, Class],
            functions: list[Function], d: Directive, ctx: Context) -> tuple[str, bool] | None:
    """(the arguments of swiggen::text_out, whether they call a non-const method)."""
    name, args = _call(options["to"])
    methods = [m for m in _methods(c, name, everything) if not m.is_static
               and _fits(m.params, len(args))]
    free = [f for f in functions if (f.name == name or f.qualname == name) and f.params
            and f.params[0].type.target == c.qualname and _fits(f.params[1:], len(args))]
    texts = [m for m in methods + free if unit(m.result)]
    if not texts:
        what = "method" if methods or free or not _methods(c, name, everything) \
            else "method taking these arguments"
        ctx.diags.error(d.loc, "SG203", f"str(to={options['to']}): '{c.qualname}' has no "
                        f"{what} '{name}' returning text" + (
                            f" ('{(methods + free)[0].result.spelling}' is not text)"
                            if methods or free else ""),
                        "name a method returning std::string, const char*, std::wstring, "
                        "std::u16string, std::u32string, or a pointer to const char16_t, "
                        "char32_t, wchar_t or unsigned short units")
        return None
    chosen = texts[0]
    kind = unit(chosen.result)
    assert kind is not None
    size = ""
    copy = chosen in methods and not chosen.is_const
    if "size" in options:
        if kind[1] != "pointer":
            ctx.diags.error(d.loc, "SG203", f"str(size={options['size']}): to={name} returns "
                            f"'{chosen.result.spelling}', which knows its size",
                            "size= counts the units a pointer result points to: remove it")
            return None
        size_name, size_args = _call(options["size"])
        sizes = [m for m in _methods(c, size_name, everything) if not m.is_static and
                 m.result.kind is TypeKind.INT and not m.result.indirection
                 and _fits(m.params, len(size_args))]
        if not sizes:
            ctx.diags.error(d.loc, "SG203", f"str(size={options['size']}): '{c.qualname}' has "
                            f"no method named '{size_name}' returning an integer",
                            "name the method giving the number of units (length(), size())")
            return None
        copy = copy or not sizes[0].is_const
        size = f"{size_name}({', '.join(size_args)})"
    target = "self" if copy else "value"
    call = (f"{target}.{name}({', '.join(args)})" if chosen in methods
            else f"{chosen.qualname}({', '.join((target,) + args)})")
    if size:
        call += f", (size_t){target}.{size}"
    return call, copy


def _maker(c: Class, spec: str, given: bool, everything: dict[str, Class],
           functions: list[Function], d: Directive, ctx: Context) -> tuple[str, str, str] | None:
    """(the string type a str is read into, the C++ expression making the object from
    `text`, the type of a length passed, or "")."""
    name, extra = _call(spec)
    short = name.rpartition("::")[2]
    candidates: list[tuple[tuple[Param, ...], str]] = []
    if short == c.name and name in (c.name, c.qualname):
        candidates = [(k.params, c.qualname) for k in c.constructors
                      if not (k.is_deleted or k.is_copy or k.is_move)]
    else:
        candidates = [(m.params, f"{c.qualname}::{m.name}") for m in c.methods
                      if m.is_static and m.name == short and _makes(m, c)]
        candidates += [(f.params, f.qualname) for f in functions
                       if (f.name == name or f.qualname == name) and _makes(f, c)]
    fits: list[tuple[int, int, str, str, str]] = []
    for params, callee in candidates:
        if not params:
            continue
        kind = unit(params[0].type)
        if kind is None:
            continue
        rest = params[1:]
        length = ""
        if kind[1] == "pointer" and rest and rest[0].type.kind is TypeKind.INT and \
                not rest[0].type.indirection and LENGTH_NAMES.match(rest[0].name):
            length = rest[0].type.spelling
            rest = rest[1:]
        if not _fits(rest, len(extra)):
            continue
        text = _UNITS[kind[0]]
        if kind[1] == "pointer":
            first = f"reinterpret_cast<const {kind[0]} *>(text.c_str())"
            if length:
                first += f", ({length})text.size()"
        elif kind[1] == "view":
            first = "std::string_view(text)"
        else:
            first = "text"
        make = f"{callee}({', '.join((first,) + extra)})"
        fits.append((_ORDER.index(kind[0]), 0 if length else 1, text, make, length))
    if not fits:
        what = ("no constructor" if short == c.name else f"no static method or function "
                f"'{name}' returning it")
        head = f"str(from={spec})" if given else f"'str' without from= on '{c.qualname}'"
        ctx.diags.error(d.loc, "SG203", f"{head}: '{c.qualname}' has {what} taking "
                        "text first" + (f" and {len(extra)} more argument(s)" if extra else
                                        "" if given else " and nothing else"),
                        "name a constructor (the class's name), static method or function "
                        "whose first parameter is std::string, const char* (with or without "
                        "a length after it), std::u16string, const char16_t*, std::wstring, "
                        "...: from=fromUtf8, from=String(String::UTF8)")
        return None
    _, _, text, make, length = min(fits, key=lambda f: f[:2])
    return text, make, length


def _makes(f: Function, c: Class) -> bool:
    """`f` returns an object of `c` by value."""
    return f.result.kind is TypeKind.CLASS and f.result.target == c.qualname and \
        not f.result.indirection
