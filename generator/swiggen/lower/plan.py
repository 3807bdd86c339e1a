"""What the templates print: every decision already made, as plain frozen records.

A ModulePlan is the whole generated interface (module.i) and stub (module.pyi). Targets are SWIG
declaration specifiers (`geo::area`, `geo::Vector::get(size_t) const`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Loc
from .cffirecords import CffiClass, CffiFunction, CffiOverloads
from .directors import DirectorPlan
from .exrecords import CustomException, StdException, ThrowsRule
from .kwforms import KeywordOverloads, PositionalOnly
from .pyrecords import NestedClass, PyEnum, StubClass, StubFunction
from .shimrecords import ArrayShim, CallbackShim


@dataclass(frozen=True)
class Rename:
    target: str
    name: str
    why: str = ""  #: for renames swiggen makes itself (a Python keyword), else ""
    #: "class": the class of that name only (`%$isclass`): a C struct tag may share its name
    #: with an enumerator or function (md4c's `struct MD_SPAN_WIKILINK` and `MD_SPAN_WIKILINK`);
    #: global names only (SWIG applies a qualified name so restricted to nothing)
    kind: str = ""


@dataclass(frozen=True)
class Ignore:
    target: str
    why: str


@dataclass(frozen=True)
class Origin:
    """The declaration a SWIG symbol's wrapper (`_wrap_Box_get`) was generated for: what a
    compiler error in that wrapper leaves out (compile/leaveout.py)."""

    key: str  #: the config key naming it (`ns::Box::get`, `ns::pick(double)`, `ns::Box`)
    loc: Loc
    python: str  #: its Python name as a user sees it (`Box.get`, `pick`, `Box`)
    #: what leaving it out means: "ignore" it; "class": ignore a class (its own code, and what
    #: nothing more precise names); "copy": the class offers no copies (__copy__, by-value
    #: copies); "assign": the field is read-only (no setter, not a keyword argument)
    kind: str = "ignore"


@dataclass(frozen=True)
class Feature:
    """`%feature("name", "value") target;` (value "1" is SWIG's plain switch-on)."""

    name: str
    target: str
    value: str = "1"


@dataclass(frozen=True)
class Docstring:
    target: str
    text: str


@dataclass(frozen=True)
class Instantiation:
    """`%template(IntBox) geo::Box<int>;`"""

    name: str
    cpp: str
    loc: Loc
    #: a base instance (lower/base_templates.py): the top-level class of the views it is
    #: instantiated just before (SWIG needs the base first); "": after the views
    before: str = ""


@dataclass(frozen=True)
class ConstructorExtension:
    """A constructor template instance written as an `%extend` constructor, for template
    arguments that name the class itself (SWIG's %template rewrites `std::vector<ns::Node>`
    into `std::vector<ns::Node<...>>` in a constructor template of ns::Node)."""

    cls: str  #: qualified C++ class name
    name: str  #: its unqualified name, the constructor's
    params: tuple[tuple[str, str], ...]  #: (C++ type, parameter name)

    @property
    def signature(self) -> str:
        return ", ".join(f"{t} {n}" for t, n in self.params)

    @property
    def arguments(self) -> str:
        return ", ".join(n for _, n in self.params)


@dataclass(frozen=True)
class VectorType:
    """Typemaps between `std::vector<element>` and Python lists: `SWIGGEN_VECTOR` for arithmetic
    types and strings, `SWIGGEN_VECTOR_CLASS` for wrapped classes (lists of copies)."""

    element: str
    precedence: str  #: SWIG typecheck precedence, for overload dispatch order
    macro: str = "SWIGGEN_VECTOR"


@dataclass(frozen=True)
class MapType:
    """Typemaps between `template<key, value>` (std::map, std::unordered_map) and dicts:
    `SWIGGEN_MAP` for arithmetic or string values, `SWIGGEN_MAP_CLASS` for wrapped classes."""

    template: str
    key: str
    value: str
    macro: str = "SWIGGEN_MAP"
    precedence: str = "SWIG_TYPECHECK_MAP"


@dataclass(frozen=True)
class ImplicitClass:
    """`implicit`: Python values convert to the class through its constructors."""

    cpp: str
    none: bool  #: None is the default-constructed object


@dataclass(frozen=True)
class BufferClass:
    """A class exporting its storage through the buffer protocol (`buffer`: lower/buffers.py),
    as templates/python/buffers.i.j2 renders it: C++ expressions over the object `o` giving
    the first element's address, each dimension and (if any) each step in bytes."""

    cpp: str  #: `bf::Image`
    key: str  #: `bf_Image`, for the fragment's name
    data: str  #: `o.pixels()`
    shape: tuple[str, ...]  #: `(o.height())`, ...
    strides: tuple[str, ...]  #: () for C order; else over `o` and `itemsize`
    readonly: bool  #: `readonly` given (a `const T*` is read-only by its type)
    const_ok: bool  #: a read-only view of the object (constviews.swg) can give them all


@dataclass(frozen=True)
class BufferResizer:
    """A wrapper (`Image_resize`, `Samples_values_set`) that raises BufferError while a view of
    its object exists; `what` names it for the message (`Image.resize()`)."""

    symbol: str
    what: str


@dataclass(frozen=True)
class TextClass:
    """A `str` class's conversions, as templates/python/textclasses.i.j2 renders them."""

    cpp: str  #: the class, qualified
    namespace: str  #: its namespace (the directive's C++ arguments are written in it), or ""
    text: str  #: the std::basic_string a str is read into
    make: str  #: the C++ expression making the object from `text` (a local of that type)
    length_type: str  #: the type of the length `make` passes, "" if none
    get: str  #: the C++ arguments of swiggen::text_out giving the object `value`'s text
    copy: bool  #: `get` calls a non-const method: on `self`, a copy of `value`


@dataclass(frozen=True)
class MacroCall:
    """One call of a macro from swiggen's SWIG library, e.g. `SWIGGEN_LEN(geo::Path, sq_length)`.
    Arguments are final text (types wrapped in %arg(...) so their commas survive)."""

    macro: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class ValueWrapper:
    """`SWIGGEN_VALUE_WRAPPER(ns::Handle)`: return the class by copy construction, not
    `T result; result = f();` (see lower/values.py), and why."""

    cls: str
    why: str
    #: SWIGGEN_THROWING_DTOR for a class whose destructor may throw (interfaces/python/values.swg)
    macro: str = "SWIGGEN_VALUE_WRAPPER"


@dataclass(frozen=True)
class TypePatch:
    """Python-side: set attribute `attr` of wrapped class `cls` to the Python expression `value`
    once the module is loaded (for __repr__, __reduce__, __module__ and friends)."""

    cls: str
    attr: str
    value: str


@dataclass(frozen=True)
class InitParam:
    """`double x = swiggen::default_value< ns::Point >().x` in an aggregate's constructor
    (`default` "": a required parameter)."""

    type: str
    name: str  #: the parameter's name (the Python keyword)
    default: str
    bit_width: int = 0  #: a bit-field's width: the argument is checked against it
    field: str = ""  #: the field it sets, when not named like the parameter (`from`)


@dataclass(frozen=True)
class AggregateInit:
    """A keyword constructor for a struct: `Point(x=1.0, y=2.0)`, every field optional."""

    cls: str  #: qualified C++ name
    name: str  #: unqualified C++ name (what %extend calls its constructor)
    params: tuple[InitParam, ...]
    #: aggregate-initialised, `new Rec{id, value}` (every field required), for a struct C++
    #: cannot default-construct (`struct Rec { const int id; int value; };`)
    braced: bool = False
    #: the C++ expression making the object (`swiggen::new_default< T >()` where C++ may not
    #: be able to: a class without constructors of its own that SWIG would not construct)
    new: str = ""


@dataclass(frozen=True)
class Apply:
    """`%apply PATTERN { PARAMETER };`, e.g. the disown typemap onto `ns::Node *child`."""

    pattern: str
    parameter: str


@dataclass(frozen=True)
class GlobalVariable:
    """A namespace-scope variable: a module constant (`constant`), or a module attribute that
    reads (and, unless `readonly`, assigns) the C++ variable through SWIG's `cvar`."""

    name: str  #: the Python name
    cpp: str
    annotation: str
    constant: bool
    readonly: bool
    doc: str = ""

    @property
    def writable(self) -> bool:
        return not self.readonly


@dataclass(frozen=True)
class InlineNamespace:
    """`inline namespace v2` in `lib`: SWIG is told `namespace lib { using namespace v2; }`, so
    that `lib::Config` names `lib::v2::Config` for it as for C++."""

    outer: tuple[str, ...]  #: the enclosing namespaces, outermost first
    name: str


@dataclass(frozen=True)
class TypedefDecl:
    """`namespace lib { typedef int int32; }` for SWIG, before the headers (lower/aliases.py):
    a typedef SWIG would not see (declared in an unwrapped header), or one it cannot reduce
    (`redefined`: the header declares it too; SWIG keeps this first definition)."""

    opens: str  #: `namespace a { namespace b {`, or ""
    closes: str
    name: str
    qualname: str
    cpp: str  #: the canonical target, spelled so that SWIG's typemaps match it
    origin: str  #: file:line of the C++ declaration
    redefined: bool = False


def view_path(module: str, include: str) -> str:
    """Where a header's declaration view is, relative to NAME.i: `NAME.decls/x.h`."""
    return f"{module}.decls/{include}"


@dataclass(frozen=True)
class ModulePlan:
    module: str
    version: str
    headers: tuple[str, ...]  #: as named by the user, for the banner
    includes: tuple[str, ...]  #: names for #include
    renames: tuple[Rename, ...]
    ignores: tuple[Ignore, ...]
    features: tuple[Feature, ...]
    docstrings: tuple[Docstring, ...]
    instantiations: tuple[Instantiation, ...]
    vectors: tuple[VectorType, ...]
    enums: tuple[PyEnum, ...]
    typemaps: tuple[str, ...]  #: user typemap files to %include before the headers
    stub_functions: tuple[StubFunction, ...]
    stub_classes: tuple[StubClass, ...]
    module_doc: str = ""
    #: the includes of C headers that do not say `extern "C"` themselves, which the wrapper
    #: includes inside `extern "C" { }` (compile/clinkage.py: known only after a link)
    c_includes: tuple[str, ...] = ()
    #: the declaration views SWIG reads (render/view.py), paths relative to NAME.i
    views: tuple[str, ...] = ()
    protocols: tuple[MacroCall, ...] = ()
    type_patches: tuple[TypePatch, ...] = ()
    aggregate_inits: tuple[AggregateInit, ...] = ()
    std_exceptions: tuple[StdException, ...] = ()
    ownership: tuple[MacroCall, ...] = ()
    applies: tuple[Apply, ...] = ()
    #: SWIG symbols (`new_Slice`) of constructors that keep their text arguments alive
    #: (lower/ownership.py's keep_text_alive)
    text_keepers: tuple[str, ...] = ()
    #: macros naming the wrappers where disown/keep_alive/destroys typemaps act
    #: (interfaces/python/ownership.swg)
    symbol_flags: tuple[str, ...] = ()
    #: SWIG runtime type table: our own, or the one shared with the modules we %import
    type_table: str = ""
    imports: tuple[str, ...] = ()  #: other swiggen modules' interfaces, for %import
    package: str = ""  #: Python package (so modules that %import this one import pkg.NAME)
    exceptions: tuple[CustomException, ...] = ()
    throws: tuple[ThrowsRule, ...] = ()
    arrays: tuple[ArrayDecision, ...] = ()  #: numpy array typemaps, numpy results, nogil
    value_wrappers: tuple[ValueWrapper, ...] = ()
    variables: tuple[GlobalVariable, ...] = ()  #: namespace-scope variables and constants
    maps: tuple[MapType, ...] = ()  #: std::map / std::unordered_map <-> dict typemaps
    implicits: tuple[ImplicitClass, ...] = ()  #: classes Python values convert to
    text_classes: tuple[TextClass, ...] = ()  #: library string classes as str
    buffers: tuple[BufferClass, ...] = ()  #: classes with the buffer protocol (lower/buffers.py)
    buffer_resizers: tuple[BufferResizer, ...] = ()  #: wrappers refused while a view exists
    directors: DirectorPlan = DirectorPlan()  #: overridable virtuals (lower/directors.py)
    constructor_extensions: tuple[ConstructorExtension, ...] = ()
    array_shims: tuple[ArrayShim, ...] = ()
    callback_shims: tuple[CallbackShim, ...] = ()  #: C callbacks with user data
    nothrow: tuple[str, ...] = ()  #: noexcept functions that call std::function callbacks
    #: SWIGGEN_DIRECT(std::function<...>, "pyname", ns::f): functions C++ may call directly
    direct_functions: tuple[MacroCall, ...] = ()
    pointer_functions: tuple[MacroCall, ...] = ()  #: SWIGGEN_FNPTR, SWIGGEN_FNPTR_DIRECT
    inline_namespaces: tuple[InlineNamespace, ...] = ()
    #: limits of wrapped declarations that `swiggen inspect` reports (unchecked subscripts, ...)
    notes: tuple[str, ...] = ()
    nested: tuple[NestedClass, ...] = ()  #: nested classes, outer ones first
    typedefs: tuple[TypedefDecl, ...] = ()  #: typedefs SWIG must be told about
    #: SWIGGEN_OPTIONAL / SWIGGEN_SET / SWIGGEN_PAIR lines (lower/stdtypes.py)
    std_types: tuple[MacroCall, ...] = ()
    #: the SWIG library files of the libraries whose types the module converts (eigen.swg)
    libraries: tuple[str, ...] = ()
    string_view: bool = False  #: std::string_view is used: %include <std_string_view.i>
    #: modules the stubs' annotations name (`datetime`, `os`: lower/convertible.py)
    stub_modules: tuple[str, ...] = ()
    #: module constants of anonymous enums wider than int, (name, value): SWIG's are ints
    wide_constants: tuple[tuple[str, str], ...] = ()
    #: the typing names NAME.pyi imports under an alias (`_Iterator`): the library declares
    #: them too (lower/stubnames.py)
    stub_aliases: tuple[str, ...] = ()
    #: free functions PyPy also calls through cffi (lower/cffiplan.py)
    cffi_functions: tuple[CffiFunction, ...] = ()  #: every shim (overload members too)
    cffi_overloads: tuple[CffiOverloads, ...] = ()
    cffi_classes: tuple[CffiClass, ...] = ()  #: structs whose fields PyPy accesses through cffi

    #: None for pointers, out- and in/out-parameters, status results (lower/params.py)
    params: tuple[ParamTypemap, ...] = ()
    #: Python names and types for argument errors, by SWIG symbol (lower/errors.py)
    signatures: tuple[Signature, ...] = ()
    #: overload sets' parameters per SWIG overload, for keyword calls (lower/kwforms.py)
    keyword_overloads: tuple[KeywordOverloads, ...] = ()
    #: functions taking keywords whose first parameters are positional-only (lower/kwforms.py)
    positional_only: tuple[PositionalOnly, ...] = ()
    #: the declarations each SWIG symbol's wrapper was generated for, sorted by symbol (a
    #: class's Python name stands for the class: its type object, constructor, destructor)
    origins: tuple[tuple[str, tuple[Origin, ...]], ...] = ()

    @property
    def uses_cffi(self) -> bool:
        """A PyPy build also makes `_NAME_cffi` (functions or struct fields through cffi)."""
        return bool(self.cffi_functions or self.cffi_classes)

    @property
    def wide_enums(self) -> tuple[PyEnum, ...]:
        """The enums that convert as a wider integer than int."""
        return tuple(e for e in self.enums if e.base)

    @property
    def public_names(self) -> tuple[str, ...]:
        """The module-level names NAME.pyi declares, sorted: NAME.py keeps these of what SWIG's
        C module exports and hides the rest (`cvar`, accessors, `SHARED_PTR_DISOWN`: public.py.j2),
        so that `dir(module)` shows what the stub shows (docs/safety.md, 7)."""
        names = {e.name for e in self.enums if not e.owner}
        names.update(m.constant for e in self.enums if not e.owner and not e.scoped
                     for m in e.members)
        names.update(v.name for v in self.variables)
        names.update(c.name for c in self.stub_classes)
        names.update(f.name for f in self.stub_functions)
        return tuple(sorted(names))

    @property
    def stub_enums(self) -> tuple[PyEnum, ...]:
        """The module-level enums NAME.pyi declares a class for: of those with one Python name
        (`RTree::RangeQueryType`, `MVRTree::RangeQueryType`), the last, which NAME.py binds the
        name to last (lower/stubnames.py)."""
        last = {e.name: e.index for e in self.enums if not e.owner}
        return tuple(e for e in self.enums if not e.owner and last[e.name] == e.index)

    @property
    def live_variables(self) -> tuple[GlobalVariable, ...]:
        """The variables NAME.py makes module properties of (constants are plain values)."""
        return tuple(v for v in self.variables if not v.constant)


@dataclass(frozen=True)
class Signature:
    """What interfaces/python/errors.swg tells about SWIG symbol `symname` (`Vector_add`) when one
    of its arguments is refused: `text` in the format errors.swg describes."""

    symname: str
    text: str

    @property
    def c_text(self) -> str:
        """`text` as a C string literal."""
        out = self.text.replace("\\", "\\\\").replace('"', '\\"')
        return '"' + out.replace("\t", "\\t").replace("\n", "\\n") + '"'


@dataclass(frozen=True)
class ArrayDecision:
    """One arrays.swg macro line, e.g. `SWIGGEN_ARRAY1(double, (const double *xs, size_t n))`,
    the functions it serves (SWIG matches by parameter types and names, so one line may serve
    several), and the rule that chose it (a directive, or recognition by parameter names)."""

    macro: str
    args: tuple[str, ...]
    functions: tuple[str, ...]
    rule: str


@dataclass(frozen=True)
class ParamTypemap:
    """One nullable.swg/outparams.swg macro line, e.g. `SWIGGEN_OUT(std::string, std::string
    *value)`, the functions it serves (SWIG matches typemaps by parameter type and name, so one
    line may serve several), and the rule that chose it (a directive, a default, a name)."""

    macro: str
    args: tuple[str, ...]
    functions: tuple[str, ...]
    rule: str
