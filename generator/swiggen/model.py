"""The typed intermediate model between the parser and the templates.

`parse` fills it from libclang; `lower` reads it and decides; templates never see parser types.
Every node is frozen, holds tuples, and carries `loc`. The docstrings show the C++ each node
stands for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .diagnostics import Loc


class TypeKind(str, Enum):
    VOID = "void"
    BOOL = "bool"
    INT = "int"  #: any integer type, char types included
    FLOAT = "float"
    STRING = "string"  #: std::string
    VECTOR = "vector"  #: std::vector<T>; `element` says T
    MAP = "map"  #: std::map<K, V> or std::unordered_map<K, V>; `key` says K, `element` V
    OPTIONAL = "optional"  #: std::optional<T>; `element` says T
    SET = "set"  #: std::set<T> or std::unordered_set<T> (`target`); `element` says T
    PAIR = "pair"  #: std::pair<A, B>; `key` says A, `element` B
    STRING_VIEW = "string_view"  #: std::string_view
    #: another standard library type (std::tuple, std::variant, std::array, std::complex,
    #: std::deque, std::list, std::chrono::duration, std::filesystem::path, std::wstring, ...):
    #: `target` names its template (`std::tuple`), `args` holds its type arguments
    STD = "std"
    ENUM = "enum"
    CLASS = "class"  #: a class or struct; `target` is its qualified name
    OTHER = "other"


@dataclass(frozen=True)
class TypeRef:
    """A C++ type as used in a declaration, e.g. `const std::vector<double> &`.

    `spelling` is what SWIG reads in the declaration view and the wrapper compiles (the view's
    spelling, parse/declspell.py: fully qualified, typedef names kept where SWIG knows them);
    `written` is as the header writes it; `canonical` resolves typedefs (`std::int64_t` ->
    `long`); `decl` is the view's spelling, "" when SWIG cannot read the type in any spelling
    (`__int128`: the view leaves the declaration out).
    `indirection` is "" (by value), "&", "&&" or "*" (one level; deeper pointers are OTHER).
    `target` names the enum or class (qualified) for ENUM/CLASS and the element's TypeRef sits in
    `element` for VECTOR (and the mapped type for MAP, whose key type is in `key`).
    `signature` is a callable's result type followed by its parameter types, for a function
    pointer (`void (*)(void *, int)`, through typedefs too) and a `std::function<R(A...)>`;
    () for every other type (lower/callables.py).
    """

    spelling: str
    canonical: str
    kind: TypeKind
    is_const: bool = False
    indirection: str = ""
    target: str = ""
    element: TypeRef | None = None
    key: TypeRef | None = None
    args: tuple[TypeRef, ...] = ()  #: a STD type's (or any class template's) type arguments
    signature: tuple[TypeRef, ...] = ()  #: a callable's (result, *params)
    #: where a CLASS (not the standard library's) is defined: real path and line
    decl_file: str = field(default="", compare=False)
    decl_line: int = field(default=0, compare=False)
    #: the CLASS is private or protected in the class that declares it (Python cannot have it)
    decl_private: bool = field(default=False, compare=False)
    decl: str = field(default="", compare=False)
    written: str = field(default="", compare=False)
    #: a CLASS declared but never defined where the header is parsed (`class Line;`)
    incomplete: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Directive:
    """One parsed directive, e.g. `rename(area)` from `// swiggen: rename(area)`."""

    name: str
    args: tuple[str, ...]
    loc: Loc

    def __str__(self) -> str:
        return f"{self.name}({', '.join(self.args)})" if self.args else self.name


@dataclass(frozen=True)
class Param:
    """`double x = 1.5` in a parameter list; `default` is the default expression's text
    (`default_needs_scope`: it names a declaration of the function's scope unqualified,
    `x = 2 * kDefault`, which SWIG's wrapper cannot evaluate at global scope)."""

    name: str
    type: TypeRef
    default: str | None
    loc: Loc
    default_needs_scope: bool = False
    #: the declaration names it not (`void visit(const Text&)`): `name` is made up (`arg0`),
    #: and Python passes it by position only
    unnamed: bool = False


@dataclass(frozen=True)
class Function:
    """A free function, method, static method or operator: `double area(const Shape& s);`.

    `qualname` is `ns::area` or `ns::Shape::area`; `signature` is SWIG's spelling of the
    parameter list, used to address one overload (`(double,int) const`).
    """

    name: str
    qualname: str
    params: tuple[Param, ...]
    result: TypeRef
    loc: Loc
    doc: str = ""
    directives: tuple[Directive, ...] = ()
    is_static: bool = False
    is_const: bool = False
    is_noexcept: bool = False
    is_deleted: bool = False
    is_virtual: bool = False
    is_pure: bool = False
    template_params: tuple[str, ...] = ()
    is_variadic: bool = False  #: `int log(const char* fmt, ...)`
    is_defaulted: bool = False  #: `auto operator<=>(const T&) const = default;`
    #: a friend declared only inside its class (`friend bool operator==(...) {...}`): C++
    #: finds it by argument-dependent lookup alone, never by its qualified name
    is_hidden_friend: bool = field(default=False, compare=False)
    #: a function template's parameters as declared (`class T`, `int N = 4`), for the view
    template_decls: tuple[str, ...] = field(default=(), compare=False)
    is_explicit: bool = field(default=False, compare=False)  #: `explicit operator bool()`

    @property
    def signature(self) -> str:
        """The parameter list as SWIG reads it in the view (to address one overload)."""
        params = ",".join([p.type.spelling for p in self.params]
                          + (["..."] if self.is_variadic else []))
        return f"({params})" + (" const" if self.is_const else "")

    @property
    def written_signature(self) -> str:
        """The parameter list as the header writes it (config keys may name it so)."""
        params = ",".join([p.type.written or p.type.spelling for p in self.params]
                          + (["..."] if self.is_variadic else []))
        return f"({params})" + (" const" if self.is_const else "")


@dataclass(frozen=True)
class Constructor:
    """`Vector(size_t n, double fill = 0.0);` inside a class."""

    params: tuple[Param, ...]
    loc: Loc
    doc: str = ""
    directives: tuple[Directive, ...] = ()
    is_deleted: bool = False
    is_copy: bool = False
    is_move: bool = False
    is_variadic: bool = False
    is_explicit: bool = field(default=False, compare=False)
    #: a constructor template's parameters as declared (`class It`), for the view
    template_decls: tuple[str, ...] = field(default=(), compare=False)

    @property
    def signature(self) -> str:
        return "(" + ",".join([p.type.spelling for p in self.params]
                              + (["..."] if self.is_variadic else [])) + ")"

    @property
    def written_signature(self) -> str:
        return "(" + ",".join([p.type.written or p.type.spelling for p in self.params]
                              + (["..."] if self.is_variadic else [])) + ")"


@dataclass(frozen=True)
class Field:
    """A public data member, `double x = 0.0;` (`is_static` for `static int count;`).

    `is_assignable` is False when C++ cannot assign it from a value of its type (a reference,
    `std::atomic<long>`, `std::unique_ptr<int>`, a class with a deleted `operator=`);
    `bit_width` is the width of a bit-field (`unsigned mode : 3;`), 0 for other fields;
    `in_union` for a member of an anonymous union, `union { int i; float f; };`, which shares
    its storage with the union's other members.
    """

    name: str
    type: TypeRef
    loc: Loc
    doc: str = ""
    directives: tuple[Directive, ...] = ()
    is_const: bool = False
    is_static: bool = False
    is_assignable: bool = True
    bit_width: int = 0
    in_union: bool = False


@dataclass(frozen=True)
class Enumerator:
    """`Red = 1` inside an enum."""

    name: str
    value: int
    loc: Loc
    doc: str = ""


@dataclass(frozen=True)
class Enum_:
    """`enum class Color : int { Red, Green };` or a plain `enum Mode { A, B };` (`name` is ""
    for an anonymous `enum { kA = 1 };`, whose `qualname` is its scope's; `unsigned` when the
    underlying type is, `enum class Big : std::uint64_t`)."""

    name: str
    qualname: str
    scoped: bool
    members: tuple[Enumerator, ...]
    loc: Loc
    doc: str = ""
    directives: tuple[Directive, ...] = ()
    unsigned: bool = False


@dataclass(frozen=True)
class Class:
    """`struct Point { double x, y; };` or `class Vector { public: ... };`.

    Only public members are recorded. `template_params` is non-empty for a class template
    (`template <class T> class Box`); `is_aggregate` marks structs with public fields only.
    """

    name: str
    qualname: str
    is_struct: bool
    loc: Loc
    doc: str = ""
    directives: tuple[Directive, ...] = ()
    bases: tuple[str, ...] = ()
    fields: tuple[Field, ...] = ()
    methods: tuple[Function, ...] = ()
    constructors: tuple[Constructor, ...] = ()
    enums: tuple[Enum_, ...] = ()
    classes: tuple[Class, ...] = ()
    template_params: tuple[str, ...] = ()
    is_abstract: bool = False
    has_public_destructor: bool = True
    is_aggregate: bool = False
    #: a field (public or not) points into text it does not own (`const char* data_`,
    #: `std::string_view`): its constructors' text arguments must outlive it
    views_text: bool = False
    #: the destructor is declared `noexcept(false)`: it may throw
    destructor_throws: bool = False
    #: C++ can copy-construct it (no deleted or inaccessible copy constructor, its own or its
    #: fields' and bases')
    is_copyable: bool = True
    #: its copy constructor (implicit or defaulted) shares what a destructor frees, its own or
    #: a base's or member's (parse/traits.py): copying it in Python would free twice
    shallow_copy: bool = False
    #: members brought in from a base by `using Base::f;` (SWIG overloads them with its own)
    using_members: tuple[str, ...] = ()
    #: how many of the last template parameters have defaults (`template <class T, int N = 4>`)
    template_defaults: int = 0
    #: C++ can construct it without arguments (False for `struct R { const int id; };` and
    #: `struct V { int& r; };`, whose implicit default constructor is deleted)
    default_constructible: bool = True
    #: it has virtual functions, its own or a base's (`overridable` needs one)
    is_polymorphic: bool = False
    #: its destructor is virtual (declared so, or a base's is)
    has_virtual_destructor: bool = False
    #: the class template's parameters as declared (`class T`, `int N = 4`), for the view
    template_decls: tuple[str, ...] = field(default=(), compare=False)
    #: its public bases as the view spells them (`ns::List< ns::Name >`)
    base_decls: tuple[str, ...] = field(default=(), compare=False)
    #: it declares constructors that are not public (SWIG must not make a default one), or a
    #: copy constructor that is not public
    hidden_constructor: bool = field(default=False, compare=False)
    hidden_copy: bool = field(default=False, compare=False)
    #: `using Base::f;` as the view writes it (`ns::Base::f`) and its line, in order
    using_decls: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    #: the name a C typedef gives it in the same scope (`typedef struct ctx_st {...} CTX;`,
    #: `typedef struct ctx_st CTX;`): the name C code uses, so its Python name
    c_name: str = ""
    #: declared and defined nowhere the header is parsed (`typedef struct ctx_st CTX;`): a C
    #: library's opaque handle, which Python holds only by pointer (parse/walker.py `handle`)
    opaque: bool = False
    #: its data members (public or not) are N elements of one type, each a member of that type
    #: or of a one-dimensional array of it (`T x, y, z;`, `float v[4];`): N, else 0. An
    #: operator[] without size() is bounded by N where the compiler agrees that the class is
    #: exactly N of its elements (protocol_runtime.swg `index_ok`)
    extent: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Alias:
    """`typedef double Real;` or `using Real = double;`."""

    name: str
    qualname: str
    target: TypeRef
    loc: Loc
    doc: str = ""
    directives: tuple[Directive, ...] = ()


@dataclass(frozen=True)
class Variable:
    """A namespace-scope variable: `constexpr double PI = 3.14159;`, `extern int counter;`,
    `const char* const GREETING = "hello";` (`is_const`: the variable itself is const;
    `is_internal`: internal linkage, `static int n;`, a copy per translation unit)."""

    name: str
    qualname: str
    type: TypeRef
    loc: Loc
    doc: str = ""
    directives: tuple[Directive, ...] = ()
    is_const: bool = False
    is_internal: bool = False


@dataclass(frozen=True)
class Skipped:
    """A declaration swiggen saw but does not wrap (a union, an anonymous namespace, ...), and
    why."""

    qualname: str
    what: str
    why: str
    loc: Loc
    directives: tuple[Directive, ...] = ()
    #: SWIG skips it by itself (an anonymous namespace): no %ignore, whose target would be the
    #: enclosing namespace and take every declaration of it along
    swig_skips: bool = False


@dataclass(frozen=True)
class MacroConstant:
    """`#define MAX_ITEMS 64` or `#define VERSION "1.2"` in a wrapped header: an object-like
    macro whose body is literals and operators only, a module constant (as SWIG makes one)."""

    name: str
    body: str
    loc: Loc


Decl = Function | Class | Enum_ | Alias


@dataclass(frozen=True)
class Header:
    """One parsed header: its declarations in source order (namespaces flattened into qualnames).

    `include` is the name the generated interface uses in `#include "..."` and `%include`.
    `real` is its resolved path (what other headers' `includes` name).
    """

    path: str
    include: str
    real: str = ""
    functions: tuple[Function, ...] = ()
    classes: tuple[Class, ...] = ()
    enums: tuple[Enum_, ...] = ()
    aliases: tuple[Alias, ...] = ()
    variables: tuple[Variable, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    #: real paths of every file this header includes, directly or not (for ordering headers)
    includes: tuple[str, ...] = field(default=(), compare=False)
    #: real paths of the headers it includes itself from its own folder or below, in order (an
    #: umbrella header's library: box2d/box2d.h's b2_*.h; umbrella.py)
    library_includes: tuple[str, ...] = field(default=(), compare=False)
    annotation_lines: tuple[int, ...] = field(default=(), compare=False)
    #: the header cut into declarations (segments.py: which split units an edit can affect)
    segments: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: qualified names of the inline namespaces it declares (`inline namespace v2`), whose
    #: names C++ sees in the enclosing namespace
    inline_namespaces: tuple[str, ...] = ()
    #: the header's own constant macros (`#define MAX_ITEMS 64`), in order
    constants: tuple[MacroConstant, ...] = ()
    #: C tags its types name that a function or variable hides (`struct stat`), as (typedef
    #: name, `struct stat`): the view declares the typedef for the compiler (declspell.py)
    hidden_tags: tuple[tuple[str, str], ...] = ()
    #: the umbrella this header was parsed through (ParseOptions.within): the wrapper includes
    #: the umbrella first, so that the header is read as the umbrella includes it
    within: str = ""
