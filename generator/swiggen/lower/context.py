"""The state one lowering pass accumulates: diagnostics, directives from config, plan parts."""

from __future__ import annotations

import keyword
from dataclasses import dataclass, field

from ..parse.annotations import DIRECTIVES, check_applies, is_identifier
from ..diagnostics import Diagnostics, Loc
from ..model import Directive, Field, Function
from .exrecords import CustomException, ThrowsRule
from .kwforms import KeywordOverloads, PositionalOnly
from .plan import (AggregateInit, Apply, ArrayDecision, ConstructorExtension, Docstring, Feature,
                   GlobalVariable, Ignore, Instantiation, MacroCall, Origin, ParamTypemap,
                   Rename, TextClass, TypePatch, ValueWrapper)
from .pyrecords import NestedClass, PyEnum, StubClass, StubFunction
from .shimrecords import ArrayShim, CallbackShim


@dataclass
class ConfigAnnotations:
    """Directives from a config file, keyed by qualified C++ name; `lines` locate each key."""

    path: str = ""
    by_name: dict[str, tuple[Directive, ...]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    #: `overridable = "all"`: every polymorphic class is overridable (lower/directors.py)
    overridable_all: bool = False
    #: keys of declarations the build left out (compile/leaveout.py): never SG205
    left_out: frozenset[str] = frozenset()


@dataclass
class Context:
    diags: Diagnostics
    config: ConfigAnnotations
    used_keys: set[str] = field(default_factory=set)
    #: free functions of the headers by their plain name, for directives that name one
    function_names: dict[str, str] = field(default_factory=dict)
    config_fits: set[tuple[str, str]] = field(default_factory=set)
    config_misfits: dict[tuple[str, str], tuple[Directive, str]] = field(default_factory=dict)
    #: template(...) directives from the config, by (qualname, directive): fitting some overload
    #: of a function template, and not fitting one (with its template parameters)
    template_fits: set[tuple[str, str]] = field(default_factory=set)
    template_misfits: dict[tuple[str, str], tuple[Directive, list[tuple[str, ...]]]] = field(
        default_factory=dict)
    renames: list[Rename] = field(default_factory=list)
    ignores: list[Ignore] = field(default_factory=list)
    features: list[Feature] = field(default_factory=list)
    #: (name, target) of `features[:_features_seen]` (has_feature)
    _feature_index: set[tuple[str, str]] = field(default_factory=set, repr=False, compare=False)
    _features_seen: int = field(default=0, repr=False, compare=False)
    docstrings: list[Docstring] = field(default_factory=list)
    instantiations: list[Instantiation] = field(default_factory=list)
    vector_elements: set[str] = field(default_factory=set)
    #: the subset of vector_elements that are wrapped classes (copied in and out of lists)
    vector_classes: set[str] = field(default_factory=set)
    #: constructor template instances written as %extend constructors (plan.py says why)
    constructor_extensions: list[ConstructorExtension] = field(default_factory=list)
    #: C++ overloads over functions whose arrays share dimensions (lower/array_shims.py)
    array_shims: list[ArrayShim] = field(default_factory=list)
    #: C++ overloads over functions taking a C callback and its user data (lower/callables.py)
    callback_shims: list[CallbackShim] = field(default_factory=list)
    #: unregister function -> the function whose callbacks it releases (`callback(until=)`)
    unregisters: dict[str, str] = field(default_factory=dict)
    #: noexcept functions taking a std::function: its callbacks report, never throw
    nothrow: list[str] = field(default_factory=list)
    #: std::function signatures Python passes, and (signature, Python name, function) of plain
    #: functions that could stand for one (lower/callables.py: direct_functions)
    function_params: set[str] = field(default_factory=set)
    direct_candidates: list[tuple[str, str, str]] = field(default_factory=list)
    #: function pointer types (without user data) of the module's free functions, those the
    #: module takes, and (pointer type, Python name, function) of the functions
    #: (lower/callables.py: pointer_functions)
    pointer_functions: set[str] = field(default_factory=set)
    pointer_params: set[str] = field(default_factory=set)
    pointer_candidates: list[tuple[str, str, str]] = field(default_factory=list)
    #: std::map / std::unordered_map typemaps: (template, key, value, value is a wrapped class)
    map_types: set[tuple[str, str, str, bool]] = field(default_factory=set)
    #: classes marked `implicit`: qualified name -> whether None converts (`implicit(none)`)
    implicit_classes: dict[str, bool] = field(default_factory=dict)
    #: classes marked `str`, by qualified name (lower/textclasses.py)
    text_classes: dict[str, TextClass] = field(default_factory=dict)
    #: where each class was marked `implicit` (for diagnostics)
    implicit_locs: dict[str, Loc] = field(default_factory=dict)
    #: classes that cannot be copied (deleted copy constructor, abstract): no vector typemaps
    uncopyable: set[str] = field(default_factory=set)
    #: classes with virtual functions (their own or a base's): what a constructor's pointer to
    #: one points at is an observer it calls later (lower/ownership.keep_uncopyable_alive)
    polymorphic: set[str] = field(default_factory=set)
    #: classes with a closing or clearing method, and their bases (ownership.view_parents)
    view_parents: set[str] = field(default_factory=set)
    #: classes whose destructor is not public: Python can never own one (SG220)
    no_public_dtor: set[str] = field(default_factory=set)
    #: classes that can be neither moved nor copied (a `T&&` result is then left out: SG350)
    immovable: set[str] = field(default_factory=set)
    #: enums a bitwise operator takes (`Flag operator|(Flag, Flag)`): flags (lower/enums.py)
    flag_enums: set[str] = field(default_factory=set)
    #: classes whose destructor is declared noexcept(false) (lower/values.py)
    throwing_dtor: set[str] = field(default_factory=set)
    enums: list[PyEnum] = field(default_factory=list)
    #: each named enum's C++ members, by the enum's qualified name (lower/pydefaults.py)
    enum_members: dict[str, tuple[str, ...]] = field(default_factory=dict)
    stub_functions: list[StubFunction] = field(default_factory=list)
    #: overload sets SWIG dispatches, by their overloads' parameters (lower/kwforms.py)
    keyword_overloads: list[KeywordOverloads] = field(default_factory=list)
    #: functions SWIG gives keywords whose first parameters are positional-only (kwforms.py)
    positional_only: list[PositionalOnly] = field(default_factory=list)
    #: SWIG symbols given SWIGGEN_CONST_TWIN (one call each: functions.py)
    const_twins: set[str] = field(default_factory=set)
    stub_classes: list[StubClass] = field(default_factory=list)
    #: C++ qualified name (or canonical template spelling) -> Python class/enum name
    py_names: dict[str, str] = field(default_factory=dict)
    #: real paths of the headers this module wraps, and the file names of those the modules
    #: it imports wrap (a class defined elsewhere is foreign: lower/limits.py)
    wrapped_files: set[str] = field(default_factory=set)
    #: (C++ type, name) of the parameters of every function, method and constructor other than
    #: the constructors of classes that view text (SWIG applies a typemap by type and name
    #: module-wide: lower/ownership.py's keep_text_alive must not reach these)
    shared_params: set[tuple[str, str]] = field(default_factory=set)
    text_keepers: list[str] = field(default_factory=list)
    #: macros naming the wrappers where a typemap applied by parameter type and name acts
    #: (SWIGGEN_DISOWNS_<symbol>, SWIGGEN_KEEPS_<symbol>, SWIGGEN_DESTROYS_<symbol>)
    symbol_flags: list[str] = field(default_factory=list)
    imported_headers: set[str] = field(default_factory=set)
    macro_calls: list[MacroCall] = field(default_factory=list)
    type_patches: list[TypePatch] = field(default_factory=list)
    aggregate_inits: list[AggregateInit] = field(default_factory=list)
    #: the instance fields (with Python names, inherited ones first) of each class lowered as
    #: a record (lower/structs.py), None for the other classes
    records: dict[str, list[tuple[Field, str]] | None] = field(default_factory=dict)
    #: std::optional/set/pair typemap macros, and whether std::string_view is used
    #: (lower/stdtypes.py)
    std_types: list[MacroCall] = field(default_factory=list)
    string_view: bool = False
    #: modules the stubs' annotations name (`datetime`, `os`)
    stub_modules: set[str] = field(default_factory=set)
    #: module constants of anonymous enums wider than int: (Python name, value)
    wide_constants: list[tuple[str, str]] = field(default_factory=list)
    #: nested classes, as NAME.py nests them (lower/classes.py)
    nested: list[NestedClass] = field(default_factory=list)
    exceptions: list[CustomException] = field(default_factory=list)
    ownership: list[MacroCall] = field(default_factory=list)
    applies: list[Apply] = field(default_factory=list)
    #: keep-alive applies by default (lower/ownership.keep_uncopyable_alive): dropped where an
    #: annotation applies another typemap to the same parameter type and name (SWIG keeps one)
    default_applies: list[Apply] = field(default_factory=list)
    throws: list[ThrowsRule] = field(default_factory=list)
    #: classes with a user-declared assignment from their own type (lower/values.py)
    assignable: set[str] = field(default_factory=set)
    #: classes marked `ignore` (in their header or the config)
    ignored_classes: set[str] = field(default_factory=set)
    #: classes some wrapped header defines (complete in the wrapper, which includes them all,
    #: though only declared where another header is parsed alone)
    defined_classes: set[str] = field(default_factory=set)
    #: the opaque handles among them (declared only: parse/walker.py `handle`)
    opaque_classes: set[str] = field(default_factory=set)
    #: declarations parse skipped (unions, ...): not types Python can hold
    skipped_types: set[str] = field(default_factory=set)
    #: operators (qualname, signature) mapped to a protocol, and those skipped (with why)
    operators_mapped: set[tuple[str, str]] = field(default_factory=set)
    operator_skips: dict[tuple[str, str], str] = field(default_factory=dict)
    #: free operator functions, by the qualified name of the class they belong to
    free_operators: dict[str, list[Function]] = field(default_factory=dict)
    #: while lowering a template instantiation: template parameter -> C++ argument spelling
    template_args: dict[str, str] = field(default_factory=dict)
    #: namespace-scope variables and constants (lower/variables.py)
    variables: list[GlobalVariable] = field(default_factory=list)
    #: numpy array typemaps, numpy results and nogil calls (lower/arrays.py)
    arrays: list[ArrayDecision] = field(default_factory=list)
    #: classes returned through SWIG's value wrapper (lower/values.py)
    value_wrappers: list[ValueWrapper] = field(default_factory=list)
    #: module-level Python names taken: name -> the qualified C++ name that has it (two
    #: namespaces may declare the same name; SWIG flattens them into one module)
    module_names: dict[str, str] = field(default_factory=dict)
    #: what `swiggen inspect` should say about a wrapped declaration's limits (lower/unusual.py)
    notes: list[str] = field(default_factory=list)
    #: nullable pointers, out- and in/out-parameters, status results (lower/params.py)
    params: list[ParamTypemap] = field(default_factory=list)
    #: where each function lowered by params.py is declared, and the pointer parameters
    #: (typemap patterns) each function takes as plain inputs
    param_locs: dict[str, Loc] = field(default_factory=dict)
    param_inputs: dict[str, list[str]] = field(default_factory=dict)
    #: pointer parameters that do not accept None: pattern -> (SWIG symbol, argument number)
    nonnull: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: the same for a class's array and its count (SWIGGEN_OBJECTS_IN): the pair's pattern ->
    #: (SWIG symbol, argument number) of the functions where it does not take None
    object_nonnull: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: const T& / const T* inputs whose type could be an out, and each out pattern's const
    #: variant with the typemaps to give it back (SWIG's const-stripping fallback)
    const_inputs: set[str] = field(default_factory=set)
    const_variants: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: status classes (lower/status.py) and their `status(...)` directive
    status_classes: dict[str, Directive] = field(default_factory=dict)
    #: classes Python can default-construct (out-parameters of class type are made so)
    default_constructible: set[str] = field(default_factory=set)
    #: qualified names of the wrapped headers' class templates (limits._uninstantiated)
    class_templates: set[str] = field(default_factory=set)
    #: instance keys of class template instances that are bases only (CRTP:
    #: `OptionBase<Option>`, base_templates.py): Python never constructs them
    base_only: set[str] = field(default_factory=set)
    #: the declarations each SWIG symbol's wrapper is generated for (ModulePlan.origins)
    origins: dict[str, list[Origin]] = field(default_factory=dict)

    def origin(self, symbol: str, key: str, loc: Loc, python: str,
               kind: str = "ignore") -> None:
        """Note that SWIG's wrapper of `symbol` (`Box_get`) is generated for the declaration
        that config key `key` names (what a compiler error there leaves out)."""
        if symbol:
            found = self.origins.setdefault(symbol, [])
            if all(o.key != key for o in found):
                found.append(Origin(key, loc, python, kind))

    def directives(self, qualname: str, own: tuple[Directive, ...], kind: str,
                   signature: str = "", written: str = "") -> Directives:
        """The declaration's own directives plus the config's for `qualname` (and, for one
        overload, for `qualname(param types)`, e.g. "ns::pick(double)"), checked for kind."""
        keys = self.config_keys(qualname, signature, written)
        self.used_keys.update(keys)
        extra = tuple(d for key in keys for d in self.config.by_name[key])
        valid = tuple(d for d in own if check_applies(d, kind, qualname, self.diags))
        # A config key names every declaration spelled that way (`typedef struct X {} X;` is a
        # struct and an alias): its directives apply where they can, and are an error only if
        # they apply nowhere (report_config_misfits).
        for d in extra:
            if kind in DIRECTIVES[d.name].applies_to:
                valid += (d,)
                self.config_fits.add((qualname, str(d)))
            else:
                self.config_misfits.setdefault((qualname, str(d)), (d, kind))
        return Directives(valid, self)

    def from_config(self, d: Directive) -> bool:
        return bool(self.config.path) and d.loc.file == self.config.path

    def config_keys(self, qualname: str, signature: str = "", written: str = "") -> list[str]:
        """The config keys naming this declaration: `qualname`, and for one overload
        `qualname(param types)`, the types as the header writes them (`written`) or as the
        view spells them (`signature`); a key without `const` names the const overload too."""
        keys = [qualname] if qualname in self.config.by_name else []
        wanted = {qualname + _squash(s) for s in (signature, written) if s}
        wanted |= {w.removesuffix("const") for w in wanted}
        if wanted:
            keys += [key for key in self.config.by_name
                     if "(" in key and _squash(key) in wanted]
        return keys

    def all_directives(self, f: Function) -> tuple[Directive, ...]:
        """A function's own directives and the config's, unchecked and without side effects
        (for a second look at a declaration `directives` has already checked)."""
        return f.directives + tuple(d for key in self.config_keys(f.qualname, f.signature,
                                                                  f.written_signature)
                                    for d in self.config.by_name[key])

    def report_config_misfits(self) -> None:
        for key, (d, kind) in self.config_misfits.items():
            if key not in self.config_fits:
                check_applies(d, kind, key[0], self.diags)
        for key, (d, shapes) in self.template_misfits.items():
            if key not in self.template_fits:
                counts = " or ".join(f"{len(p)} ({', '.join(p)})" for p in shapes)
                name = key[0].rsplit("::", 1)[-1]
                if name.startswith("operator") and not (name[8:9].isalnum() or
                                                        name[8:9] == "_"):
                    given, form = len(d.args), ", ".join(shapes[0])  # no Python name
                else:
                    given, form = len(d.args) - 1, "PyName, " + ", ".join(shapes[0])
                self.diags.error(d.loc, "SG202",
                                 f"{d} fits no overload of template '{key[0]}': it takes "
                                 f"{counts} template parameter(s), the directive gives "
                                 f"{given}", f"write template({form}) with one C++ type each")

    def doc(self, target: str, text: str) -> None:
        if text:
            self.docstrings.append(Docstring(target, text))

    def has_feature(self, name: str, target: str) -> bool:
        """Whether `features` holds a feature `name` for `target`: a set of the features'
        names kept up to date with the list (only ever appended to), so that asking once per
        function stays linear in the module."""
        if self._features_seen > len(self.features):  # the list was replaced: index it again
            self._feature_index.clear()
            self._features_seen = 0
        self._feature_index.update((f.name, f.target)
                                   for f in self.features[self._features_seen:])
        self._features_seen = len(self.features)
        return (name, target) in self._feature_index


@dataclass(frozen=True)
class Directives:
    items: tuple[Directive, ...]
    ctx: Context

    def has(self, name: str) -> bool:
        return any(d.name == name for d in self.items)

    def all(self, name: str) -> tuple[Directive, ...]:
        return tuple(d for d in self.items if d.name == name)

    def rename(self, default: str) -> str:
        """The Python name: the last rename(...) if any (checked to be an identifier)."""
        found = self.all("rename")
        if not found:
            return default
        d = found[-1]
        name = d.args[0]
        if not is_identifier(name):
            self.ctx.diags.error(d.loc, "SG207", f"rename({name}): '{name}' is not a valid "
                                 "Python identifier", "use letters, digits and underscores")
            return default
        return name


def _squash(text: str) -> str:
    """A signature with spaces removed, for matching `f(const std::string &)` as written."""
    return "".join(text.split())


def unclashed(name: str, qualname: str, loc: Loc, ctx: Context) -> str:
    """`name`, or `<namespace>_<name>` when another declaration at module level has it already
    (`v1::version` next to `v2::version`), with a warning (SG334)."""
    owner = ctx.module_names.setdefault(name, qualname)
    if owner == qualname:
        return name
    parts = qualname.split("::")
    new = "_".join(parts[-2:]) if len(parts) > 1 else f"{name}_"
    while ctx.module_names.setdefault(new, qualname) != qualname:
        new += "_"
    ctx.diags.warning(loc, "SG334", f"'{qualname}' is '{new}' in Python: '{name}' is "
                      f"'{owner}' already (namespaces share one Python module)",
                      f"add 'swiggen: rename(NAME)' to choose the name")
    return new


def safe_python_name(name: str) -> tuple[str, str]:
    """A member's Python name and why it differs from the C++ one: a Python keyword (`is`)
    takes a trailing underscore, as PEP 8 suggests. (A member named like SWIG's `thisown` keeps
    its name: no wrapped object has SWIG's attributes, swig/swigattrs.py.)"""
    if keyword.iskeyword(name):
        return name + "_", f"'{name}' is a Python keyword"
    return name, ""


def python_name_ok(name: str, loc: Loc, ctx: Context) -> bool:
    if is_identifier(name):
        return True
    ctx.diags.error(loc, "SG207", f"'{name}' is not a valid Python identifier",
                    "use letters, digits and underscores, not starting with a digit")
    return False
