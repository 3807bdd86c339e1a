"""The annotation grammar and the single table of directives.

    // swiggen: rename(py_name), ignore
    /// swiggen: template(IntBox, int), template(PairIS, std::pair<int, std::string>)

A directive list is `swiggen:` followed by comma-separated directives; each is a name, optionally
followed by a parenthesised, comma-separated argument list (commas inside <>, () and [] do not
split). Adding a directive is one row in DIRECTIVES; `lower` gives it meaning.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass

from ..diagnostics import Diagnostics, Loc
from ..model import Directive

__all__ = ["Directive", "DIRECTIVES", "parse_directives", "check_applies"]

#: Declaration kinds a directive can be attached to.
(FUNCTION, METHOD, CONSTRUCTOR, CLASS, CLASS_TEMPLATE, FUNCTION_TEMPLATE, FIELD, ENUM, ALIAS,
 VARIABLE) = (
    "function",
    "method",
    "constructor",
    "class",
    "class template",
    "function template",
    "field",
    "enum",
    "alias",
    "variable",
)
ANY = frozenset(
    {FUNCTION, METHOD, CONSTRUCTOR, CLASS, CLASS_TEMPLATE, FUNCTION_TEMPLATE, FIELD, ENUM, ALIAS,
     VARIABLE}
)
#: declarations swiggen does not wrap yet (unions, anonymous namespaces, ...) take only `ignore`
UNSUPPORTED = "unsupported declaration"

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class DirectiveSpec:
    name: str
    min_args: int
    max_args: int | None  #: None: no upper bound
    applies_to: frozenset[str]
    summary: str
    example: str

    def arity_text(self) -> str:
        if self.max_args == self.min_args:
            return f"exactly {self.min_args} argument{'s' if self.min_args != 1 else ''}"
        if self.max_args is None:
            return f"at least {self.min_args} arguments"
        return f"{self.min_args} to {self.max_args} arguments"


#: The directive vocabulary: name -> spec. The annotation reference in docs/ is generated from it.
DIRECTIVES: dict[str, DirectiveSpec] = {
    spec.name: spec
    for spec in (
        DirectiveSpec(
            "ignore", 0, 0, ANY | {UNSUPPORTED},
            "Do not wrap this declaration (for a function: this overload only).",
            "void debug_dump(); // swiggen: ignore",
        ),
        DirectiveSpec(
            "rename", 1, 1, ANY - {CLASS_TEMPLATE, CONSTRUCTOR, ALIAS},
            "Give the declaration another Python name. On an `operator[]` overload (or operator "
            "template): also a method of that name calling it, e.g. the const overload that "
            "reads without inserting (a function template's names come from `template(...)`).",
            "double area(const Shape& s); // swiggen: rename(shape_area)",
        ),
        DirectiveSpec(
            "template", 1, None, frozenset({CLASS_TEMPLATE, FUNCTION_TEMPLATE}),
            "Instantiate a template for the listed C++ arguments under a Python name; "
            "repeat the directive for more instantiations. An operator template takes the "
            "arguments only (`template(std::string)`) and maps to its protocol once per "
            "directive.",
            "template <class T> class Box; // swiggen: template(IntBox, int)",
        ),
        DirectiveSpec(
            "newobject", 0, 1, frozenset({FUNCTION, METHOD}),
            "The returned pointer is a new object: Python owns it and deletes it (a method's "
            "result also keeps `self` alive, unless `independent`). For a `char*` "
            "result, the optional argument names the C function that frees it once Python has "
            "copied the text (`newobject(free)`).",
            "Node* make_node(int v); // swiggen: newobject",
        ),
        DirectiveSpec(
            "deleter", 1, 1, frozenset({CLASS}),
            "Objects of this C type are released with this function instead of `delete` (and "
            "only the library's functions create them: no Python constructor).",
            "typedef struct cJSON { ... } cJSON; // swiggen: deleter(cJSON_Delete)",
        ),
        DirectiveSpec(
            "readonly", 0, 0, frozenset({FIELD, VARIABLE}),
            "Python may read this field (or global variable) but not assign it.",
            "struct Node { Node* next; }; // on the field: swiggen: readonly",
        ),
        DirectiveSpec(
            "disown", 1, None, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "The call takes ownership of these `T*` parameters: Python stops deleting them, and "
            "each stays usable as long as the object it was handed to (the receiver) lives.",
            "void add_child(Node* child); // swiggen: disown(child)",
        ),
        DirectiveSpec(
            "destroys", 1, None, frozenset({FUNCTION, METHOD}),
            "The call deletes these `T*` arguments (`world.DestroyBody(body)`, "
            "`doc.DeleteNode(node)`): once it returns, the Python object passed raises "
            "ReferenceError when used, instead of reaching freed memory, and Python never "
            "deletes it. Other Python objects for the same C++ object, or for objects it owned, "
            "are not cleared: drop them too.",
            "void DestroyBody(b2Body* body); // swiggen: destroys(body)",
        ),
        DirectiveSpec(
            "view", 0, 0, frozenset({CLASS}),
            "Objects of this class are handles into the object that made them (pugixml's "
            "`xml_node` points into its document): wherever one is returned by value, it keeps "
            "the object the call was made on alive, as a reference result does.",
            "class xml_node { ... };  // swiggen: view",
        ),
        DirectiveSpec(
            "independent", 0, 0, frozenset({METHOD, CONSTRUCTOR, FUNCTION}),
            "The method's pointer or reference result does not refer to `self` (a `newobject` "
            "clone that owns all it uses): it does not keep `self` alive, as method results do "
            "by default, nor the class pointer and reference arguments of the call. On a free "
            "function: its class pointer or reference result does not keep the first argument "
            "alive, nor the others. On a constructor: the new object keeps none of its "
            "arguments alive "
            "(by default it keeps those of a class that cannot be copied, which it can only "
            "refer to).",
            "Shape* clone() const; // swiggen: independent, newobject",
        ),
        DirectiveSpec(
            "keep_alive", 1, None, frozenset({METHOD, CONSTRUCTOR}),
            "The object stores a pointer to these arguments (a view over a `const char*` or a "
            "buffer, an observer it calls later): each argument stays alive as long as the "
            "object (for a constructor: the new object; for a method: `self`).",
            "explicit Slice(const char* data); // swiggen: keep_alive(data)",
        ),
        DirectiveSpec(
            "closes", 0, 0, frozenset({METHOD}),
            "This method closes its object, whatever its name (`Finish()`, `Teardown()`; names "
            "starting with close, shutdown, dispose, destroy, finalize, terminate or disconnect, "
            "and `clear`/`clear_all`, are found without it): the objects that depend on it "
            "(iterators, statements, the views its methods returned) are deleted or cleared "
            "before it runs, and raise ReferenceError when used after.",
            "void Finish(); // swiggen: closes",
        ),
        DirectiveSpec(
            "borrowed", 0, 0, frozenset({FUNCTION, METHOD}),
            "The returned pointer or reference is owned by `self`; the result keeps `self` "
            "alive (and, on a method, not the class pointer and reference arguments of the "
            "call, which it keeps by default). The default for methods; on a free function it "
            "confirms that Python must not delete the result.",
            "Node& at(size_t i); // swiggen: borrowed",
        ),
        DirectiveSpec(
            "exception", 0, 2, frozenset({CLASS}),
            "Make this class (derived from std::exception) a Python exception class of the "
            "module, derived from the Python type its C++ base maps to; its public fields "
            "become attributes of the raised exception. A library's exception class not "
            "derived from std::exception names the method giving its message, "
            "`exception(message=GetMsg)`, and optionally its Python base (`base=ValueError`; "
            "RuntimeError by default).",
            "class DegenerateError : public std::runtime_error { ... }; "
            "// swiggen: exception",
        ),
        DirectiveSpec(
            "throws", 1, None, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "For this declaration only, translate C++ exception type `CppType` to the Python "
            "exception `PyExc` (a builtin, or an `exception` class of this module).",
            "void load(const std::string& path); "
            "// swiggen: throws(std::runtime_error=IOError)",
        ),
        DirectiveSpec(
            "array", 2, 4, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "Take a `const T*` and its 1 to 3 dimensions as one numpy array argument (zero-copy "
            "for a C-contiguous array of T; other array-likes are converted when safe). The "
            "dimensions may stand anywhere in the signature and be shared with other arrays "
            "(`array(a, m, k), array(b, k, n)`): the shapes are checked to agree (ValueError).",
            "double mean(const double* xs, size_t n); // swiggen: array(xs, n)",
        ),
        DirectiveSpec(
            "inplace_array", 2, 4, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "Take a `T*` and its 1 to 3 dimensions as one numpy array that the function "
            "modifies in place: writable, C-contiguous, exactly of T; never copied.",
            "void scale(double* xs, size_t n, double f); // swiggen: inplace_array(xs, n)",
        ),
        DirectiveSpec(
            "out_array", 2, 4, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "For a function that fills a caller's `T*` buffer of 1 to 3 dimensions: Python "
            "gets a new numpy array back (after the result, if any). A dimension another array "
            "names comes from that array's shape; the others are int arguments (`out_array(buf, "
            "n)` alone: Python passes the length), or computed from the other arguments with "
            "NAME=EXPRESSION (`out_array(out, n=len(a))`, `m=src.shape[0] * 2`).",
            "void iota(int* buf, size_t n); // swiggen: out_array(buf, n)",
        ),
        DirectiveSpec(
            "strided", 2, 4, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "For an `array(p, dims...)` input whose C++ also takes its steps: any view of exactly "
            "T (a crop, a channel, a transpose) is passed without a copy, its steps in elements "
            "given to the named stride parameters (one per dimension).",
            "double sum(const float* p, int h, int w, long sy, long sx); "
            "// swiggen: strided(p, sy, sx), array(p, h, w)",
        ),
        DirectiveSpec(
            "numpy", 0, 0, frozenset({FUNCTION, METHOD}),
            "Return a `std::vector<T>` result as a numpy array, moving the data (no copy) "
            "instead of building a list.",
            "std::vector<double> samples(size_t n); // swiggen: numpy",
        ),
        DirectiveSpec(
            "implicit", 0, 1, frozenset({CLASS}),
            "Wherever this class is taken by value or `const&`, accept any Python value its "
            "constructors take, as C++ converts implicitly: `f(5)` calls `f(Value(5))` (the "
            "converted object lives for the call). Lists and dicts convert through "
            "constructors taking `std::vector`/`std::map`, item by item. `implicit(none)`: "
            "`None` is the default-constructed object.",
            "class Value { template <class T> explicit Value(const T&); }; "
            "// swiggen: implicit(none)",
        ),
        DirectiveSpec(
            "str", 1, 3, frozenset({CLASS}),
            "This string class is Python `str` both ways wherever it is used: parameters, "
            "results, fields, items of containers (`std::vector<S>`, `std::map<S, ...>`, "
            "`List<S>`) and `implicit` constructors. `to=METHOD` gives its text (a method, or a "
            "free function taking it, returning std::string, std::wstring, std::u16string, "
            "std::u32string or a pointer to const char, wchar_t, char16_t or char32_t units; "
            "`size=METHOD` counts the units of a pointer that is not NUL-terminated). "
            "`from=CALLABLE` makes one from text: the class's name for a constructor, or a "
            "static method or function (UTF-8 preferred; by default the constructor taking "
            "text alone). C++ arguments after the text go in parentheses: "
            "`to=toCString(true)`, `from=String(String::UTF8)`. The class itself is not "
            "wrapped (docs/strings.md).",
            "class String { ... }; // swiggen: str(to=toCString(true), "
            "from=String(String::UTF8))",
        ),
        DirectiveSpec(
            "iterate", 1, 2, frozenset({CLASS}),
            "For a container that is a mapping or a sequence at runtime (JSON/YAML nodes): "
            "`for x in obj` yields `(first, second)` tuples of each `begin()`/`end()` element "
            "when `obj.PRED()` is true, and otherwise each element as itself, or as a copy "
            "of the wrapped class `values_as` it derives from.",
            "class Node { bool IsMap() const; ... }; "
            "// swiggen: iterate(pairs_if=IsMap, values_as=Node)",
        ),
        DirectiveSpec(
            "nullable", 1, None, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "These `T*` or `char*` parameters accept `None` (passed as a null pointer). Without "
            "it, only a pointer parameter whose default argument is `nullptr`/`NULL`/`0` does; "
            "`None` elsewhere raises `TypeError` naming the parameter. `T**` and `T*&` never "
            "accept `None`.",
            "void draw(const Style* style); // swiggen: nullable(style)",
        ),
        DirectiveSpec(
            "out", 1, None, frozenset({FUNCTION, METHOD}),
            "These pointer or reference parameters are results: they leave the Python "
            "signature and come back after the result, as a tuple `(result, out1, ...)` (a "
            "void function with one out returns it alone). Scalars, `std::string`, enums, "
            "`std::vector`, `std::map`, wrapped classes (default-constructed, then filled), "
            "`T**` of a wrapped class (Python owns the object unless `borrowed`; a null one is "
            "`None`) and `const char**` (a `str`).",
            "Status Get(const Slice& key, std::string* value); // swiggen: out(value)",
        ),
        DirectiveSpec(
            "inout", 1, None, frozenset({FUNCTION, METHOD}),
            "These pointer or reference parameters are read and written: Python passes the "
            "initial value and gets the final one back as an out (scalars, strings, enums, "
            "vectors, maps).",
            "void bump(int* counter); // swiggen: inout(counter)",
        ),
        DirectiveSpec(
            "bytes", 1, 2, frozenset({FUNCTION, METHOD}),
            "Binary data: `bytes(ptr, n)` makes a `const char*` (or `const void*`) and its "
            "length one argument taking bytes, bytearray or memoryview (read in place; a "
            "`void*` or `uint8_t*` followed by its length is one without the directive: "
            "docs/safety.md); `bytes(param)` returns a `std::string*`/`std::string&` out-parameter as `bytes` "
            "instead of `str`; `bytes(dest, destLen)` on `(Bytef* dest, uLongf* destLen)` is an "
            "output buffer: a capacity (or a writable buffer) in, the bytes written out (found "
            "with no directive where the length is named like one: docs/outparams.md).",
            "size_t Compress(const char* in, size_t n, std::string* out); "
            "// swiggen: bytes(in, n), bytes(out)",
        ),
        DirectiveSpec(
            "status", 1, None, frozenset({CLASS}),
            "A status class (`ok=METHOD, message=METHOD`, then `PREDICATE=PyExc`...): every "
            "function returning it by value raises the generated `NAMEError` (with `.status` "
            "and `.message`) when `ok()` is false, or the exception of the first true "
            "predicate (a subclass of both); otherwise it returns its outs, or `None`.",
            "class Status { ... }; // swiggen: status(ok=ok, message=ToString, "
            "IsNotFound=KeyError)",
        ),
        DirectiveSpec(
            "false_is", 1, 1, frozenset({FUNCTION, METHOD}),
            "A `bool` result that says whether the outs were written: `false` raises this "
            "Python exception, `true` returns the outs (without the bool).",
            "bool TryGet(int key, std::string* value); // swiggen: false_is(KeyError), "
            "out(value)",
        ),
        DirectiveSpec(
            "nogil", 0, 0, frozenset({FUNCTION, METHOD, CONSTRUCTOR}),
            "Release the GIL while the C++ function runs, so other Python threads run too "
            "(array arguments stay valid; the function must not touch Python objects).",
            "void blur(const float* img, int h, int w); // swiggen: nogil",
        ),
        DirectiveSpec(
            "overridable", 0, 0, frozenset({CLASS}),
            "Python subclasses of this polymorphic class (and of the module's classes derived "
            "from it) override its virtual methods, and C++ calls the Python overrides (a "
            "SWIG director; docs/callbacks.md). `overridable = \"all\"` in the config does it "
            "for every polymorphic class of the module.",
            "class Visitor { public: virtual bool enter(const Node&) = 0; }; "
            "// swiggen: overridable",
        ),
        # -- the buffer protocol (lower/buffers.py) --
        DirectiveSpec(
            "buffer", 1, 11, frozenset({CLASS}),
            "Objects of this class expose their storage to `memoryview`/`numpy.asarray` "
            "without a copy: `buffer(DATA, DIM...)`, DATA a method or field giving a pointer "
            "to the first element (or a `std::vector<T>` field), each DIM a method, field, "
            "integer or `+ - * /` expression of them (1 to 8 dimensions, C order); then "
            "optionally `strides(S...)` in bytes (`itemsize` is the element's size) and "
            "`readonly`. A view keeps the object alive; while one exists, methods that may "
            "reallocate (`resize`, `push_back`, `clear`, ..., or marked `resizes`) raise "
            "BufferError (docs/buffers.md).",
            "class Image { uint8_t* pixels(); int h() const; ... }; "
            "// swiggen: buffer(pixels, h, w, 3)",
        ),
        DirectiveSpec(
            "resizes", 0, 0, frozenset({METHOD, FIELD}),
            "On a member of a `buffer` class: calling this method (or assigning this field) "
            "may move or free the storage, so it raises BufferError while a view of the "
            "object exists (methods named resize, reserve, push_back, clear, ... are found "
            "without it).",
            "void Reallocate(int n); // swiggen: resizes",
        ),
        # -- callables (lower/callables.py) --
        DirectiveSpec(
            "callback", 2, 3, frozenset({FUNCTION, METHOD}),
            "A C function pointer parameter and the `void*` user data passed to it are one "
            "Python callable argument (found by shape without this when the `void*` is next to "
            "it). The callable lives for the call, or with `until=UNREGISTER` until that "
            "function is called with the same callable.",
            "void add_listener(void (*cb)(void*, int), void* user); // swiggen: "
            "callback(cb, user, until=remove_listener)",
        ),
    )
}


def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split on `sep` where no (), <> or [] is open. `a, f(b, c), V<d, e>` -> 3 parts."""
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in text:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return parts


def parse_directives(text: str, loc: Loc, diags: Diagnostics) -> tuple[Directive, ...]:
    """Parse the text after `swiggen:`; malformed pieces become SG204/SG201/SG202 diagnostics."""
    text = text.strip()
    if not text:
        diags.error(loc, "SG204", "empty directive list after 'swiggen:'",
                    f"write directives such as {_valid_names()}, or remove the comment")
        return ()
    if text.count("(") != text.count(")"):
        diags.error(loc, "SG204", f"unbalanced parentheses in 'swiggen: {text}'",
                    "close every argument list, e.g. rename(name)")
        return ()
    out: list[Directive] = []
    for piece in split_top_level(text):
        if not piece:
            diags.error(loc, "SG204", f"empty directive in 'swiggen: {text}'",
                        "separate directives with single commas")
            continue
        name, _, rest = piece.partition("(")
        name = name.strip()
        if rest and not rest.rstrip().endswith(")"):
            diags.error(loc, "SG204", f"malformed directive '{piece}'",
                        "write name(arg, ...) with nothing after the closing parenthesis")
            continue
        args = tuple(a for a in split_top_level(rest.rstrip()[:-1])) if rest else ()
        if args == ("",):
            args = ()
        spec = DIRECTIVES.get(name)
        if spec is None:
            diags.error(loc, "SG201", f"unknown directive '{name}'",
                        f"valid directives: {_valid_names()}")
            continue
        if len(args) < spec.min_args or (spec.max_args is not None and len(args) > spec.max_args):
            diags.error(loc, "SG202",
                        f"directive '{name}' takes {spec.arity_text()}, got {len(args)}",
                        f"e.g. {spec.example}")
            continue
        if any(not a for a in args):
            diags.error(loc, "SG204", f"empty argument in '{piece}'", f"e.g. {spec.example}")
            continue
        out.append(Directive(name, args, loc))
    return tuple(out)


def check_applies(directive: Directive, kind: str, what: str, diags: Diagnostics) -> bool:
    """SG203 unless `directive` may be attached to a declaration of `kind` (named `what`).
    A name no annotation can spell is one the lowering implied (`allocated`: handles.py)."""
    spec = DIRECTIVES.get(directive.name)
    if spec is None:
        return True
    if kind in spec.applies_to:
        return True
    allowed = ", ".join(sorted(spec.applies_to))
    diags.error(directive.loc, "SG203",
                f"directive '{directive.name}' does not apply to {kind} '{what}'",
                f"'{directive.name}' applies to: {allowed}")
    return False


def is_identifier(name: str) -> bool:
    """A usable Python name: an identifier that is not a keyword (`class`, `lambda`, ...)."""
    return bool(_IDENT.match(name)) and not keyword.iskeyword(name)


def _valid_names() -> str:
    return ", ".join(sorted(DIRECTIVES))
