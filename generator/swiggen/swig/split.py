"""split: a large NAME_wrap.cxx compiled as several translation units (post-processing).

One translation unit of a 200-class module is 200,000 lines: one compiler, ~70 s, ~750 MB. SWIG
writes its -builtin wrapper (after `fastcall.rewrite`) in three parts:

    prelude   SWIG's runtime, the type table (`swig_types`), fragments, `%{ %}` code and the
              wrapped headers' #includes
    wrappers  after `#ifdef __cplusplus / extern "C" { / #endif`: the wrapper functions
              (`SWIGINTERN ... _wrap_X(...) {` ... `}`), SWIGPY_*_CLOSURE lines and
              fastcall's HELPER
    tables    from `static PyMethodDef SwigMethods[]`: method tables, type objects, type
              tables, SWIG_init

`split` writes the prelude once, as NAME_wrap_prelude.h, and units that include it:

    NAME_wrap_0.cxx   the tables but the classes' (the module's method table, SWIG's type
                      tables, SWIG_init), what stays of the wrappers part (comments), and the
                      declarations of what they name in the other units
    NAME_wrap_K.cxx   the classes whose name hashes to K: their wrapper functions, slot closures
                      and tables (splitclasses.py); the free functions whose name hashes to K
                      (overloads, a constructor's twins and its vectorcall go with their
                      function); the signature rows of its wrappers (splitsignatures.py); the
                      PyPy cffi shims of its free functions (exported, called by no wrapper);
                      with the declarations of the functions it calls in other units

Linkage. A wrapper function moved to a unit is defined with external linkage (SWIGGEN_SHARED:
hidden visibility, so nothing leaves the extension module) and declared where it is used. The
prelude is compiled in every unit: its SWIGINTERN/SWIGRUNTIME functions stay static, a copy per
unit, except those with function-local statics (SWIG's type objects), which become `inline`
(one definition per module: splitlinkage.py), and
its namespace-scope `static` variables (the type table `swig_types`, `swig_module`, SWIG's
globals, swiggen's exception and enum classes) are made weak with hidden visibility: every unit
defines the same one; explicit specialisations of function templates become inline.
SWIG's director methods (`SwigDirector_Shape::area`, defined after `#include "NAME_wrap.h"` at
the end of the prelude) and the director runtime's static mutex (`Swig::Director::
swig_mutex_own`) are defined in unit 0 only: in the prelude every unit would define them.

Stability: the unit of a class is a hash of its name, of a free function a hash of its name
(without overload and twin suffixes), so adding a method changes its class's unit and no other;
units are written only when their content changes. SWIG's type table numbers the types
(`SWIGTYPE_p_X` is `swig_types[8]`) and a new type shifts the numbers: the table is defined in unit 0 only and the
other units name the types they use; a class's one-line `%extend` functions (`__copy__`) and
an aggregate's keyword constructor move to the unit whose wrappers call them (splitnames.py), so
the prelude does not change when a class is added.
The header every unit includes still changes: compile/extension.py recompiles only the units an
edit can affect (headerdiff.py), so an incremental build recompiles the method's unit only.

Anything in the wrappers part that is not one of the shapes above leaves the module one unit
(`Refusal`, reported by the caller): the split never guesses.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import splitclasses, splitsignatures
from .splitlinkage import share
from .swigshapes import BODY_END
from .splitnames import TypeTable, extend_functions, movable
from ..diagnostics import Diagnostic, Loc, Severity
from .fastcall import HELPER
from ..render.write import write_bytes_if_changed

#: The wrapper text size (bytes) from which `units=0` (automatic) splits a module, and the
#: wrapper text per unit it aims at: unit 0 and a power of two of wrapper units (at least two),
#: so that a one-method change recompiles a small unit (about 0.25 MB of a class's wrappers and
#: tables, about 3 s at -O2), while the prelude every unit compiles again (0.2 s from the
#: precompiled header, 0.8 s without) stays a small part of a clean build. Powers of two: a
#: module crosses a boundary (every unit changes) only when it doubles.
AUTO_THRESHOLD = 1_500_000
AUTO_UNIT_SIZE = 300_000
AUTO_MAX_UNITS = 65
#: the wrapper text (bytes) up to which a class's wrapper functions share its unit
#: (splitclasses.py); a larger class's functions are spread by their own names
LARGE_CLASS = 150_000

_OPEN_C = '#ifdef __cplusplus\nextern "C" {\n#endif\n'
_CLOSE_C = '#ifdef __cplusplus\n}\n#endif\n'
_TABLES = "\nstatic PyMethodDef SwigMethods[] = {\n"
_FUNCTION = re.compile(
    r"^SWIGINTERN (?P<ret>[^\n(;{}]*?[ *])(?P<name>\w+)\((?P<params>[^\n;{}]*)\) \{\n", re.M)
_CLOSURE_LINE = re.compile(r"SWIGPY_[A-Z]+(?:_[A-Z]+)*_CLOSURE\(\w+\)(?: /\*[^\n]*\*/)?")
_COMMENT_LINE = re.compile(r"/\*[^\n]*\*/")
#: a PyPy cffi shim (templates/python/cffi.i.j2): an exported C function in its own guard, which
#: nothing in the wrapper calls (the module `_NAME_cffi` links against it)
_SHIM = re.compile(r"^#if defined\(PYPY_VERSION\)\nSWIGGEN_CFFI_EXPORT [^\n;{}]*?(?P<name>\w+)\("
                   r"[^\n;{}]*\) \{\n(?:[^\n]*\n)*?\}\n#endif\n", re.M)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_GROUP_SUFFIX = re.compile(r"(?:__SWIG_\d+|_swiggen_twin|_swiggen_vectorcall|_swiggen_dealloc)$")
#: namespace-scope `static` variables (no parenthesis before `=` or `;`: not a function)
_STATIC_DATA = re.compile(r"^static (?!const\b)(?=[^;=(){}]*[;=])", re.M)
#: explicit specialisations of function templates (of classes: `template <> struct`), which
#: every unit compiling the prelude would define again
_SPECIALISATION = re.compile(r"^template ?<> (?!inline\b|struct\b|class\b|union\b)", re.M)

#: Goes first in the prelude of a split module (see the module docstring).
LINKAGE = """\
/* swiggen: this module's wrapper is split into translation units (generator/swiggen/swig/split.py).
   SWIG's internal functions with function-local statics get one definition per module (inline;
   splitlinkage.py), the others stay static; its namespace-scope variables get one instance
   (weak), moved wrapper functions external linkage; all hidden. */
#if defined(__GNUC__) || defined(__clang__)
# define SWIGGEN_HIDDEN __attribute__((visibility("hidden")))
# define SWIGGEN_SHARED_DATA __attribute__((weak, visibility("hidden")))
# define SWIGGEN_SHARED_INLINE inline __attribute__((unused, visibility("hidden")))
# define SWIGGEN_SHARED_OUTLINE inline __attribute__((unused, noinline, visibility("hidden")))
#else
# define SWIGGEN_HIDDEN
# define SWIGGEN_SHARED_DATA inline
# define SWIGGEN_SHARED_INLINE inline
# define SWIGGEN_SHARED_OUTLINE inline
#endif
#define SWIGGEN_SHARED SWIGGEN_HIDDEN
"""

#: SWIG's heading of the director class methods (their definitions, after the classes)
_DIRECTORS = " * C++ director class methods\n"
#: SWIG's definition of a director runtime class's static mutex (`SWIG_GUARD_DEFINITION(Director,
#: swig_mutex_own)` in namespace Swig), not the macro's #define
_GUARD = re.compile(r"^[ \t]*SWIG_GUARD_DEFINITION\(\w+, *\w+\)[ \t]*\n", re.M)


@dataclass(frozen=True)
class Function:
    """One wrapper function: its span in the wrapper text and its declaration."""

    name: str
    start: int
    end: int
    declaration: str  #: `SWIGGEN_SHARED PyObject *_wrap_f(PyObject *self, PyObject *args);`


@dataclass(frozen=True)
class Refusal:
    """Why a wrapper stays one unit: the first text the split does not recognise."""

    line: int
    reason: str


@dataclass(frozen=True)
class Split:
    prelude: str  #: NAME_wrap_prelude.h
    units: tuple[str, ...]  #: NAME_wrap_0.cxx, NAME_wrap_1.cxx, ...


def unit_count(size: int, units: int) -> int:
    """How many translation units a wrapper of `size` bytes gets (`units`: asked, 0 automatic)."""
    if units > 0:
        return units
    if size < AUTO_THRESHOLD:
        return 1
    wrappers = 2
    while wrappers < -(-size // AUTO_UNIT_SIZE) and wrappers < AUTO_MAX_UNITS - 1:
        wrappers *= 2
    return 1 + wrappers


def unit_of(name: str, units: int) -> int:
    """The unit (1..units-1) of wrapper function `name`: overloads and a constructor's twins stay
    with their function."""
    key = _GROUP_SUFFIX.sub("", name)
    return 1 + zlib.crc32(key.encode()) % (units - 1)


def split(text: str, module: str, units: int) -> Split | Refusal:
    """The wrapper `text` of `module` as a prelude and `units` translation units (units >= 2)."""
    assert units >= 2
    tables = text.find(_TABLES)
    if tables < 0 or text.find(_TABLES, tables + 1) >= 0:
        return Refusal(0, "no single SwigMethods table")
    tables += 1
    start = text.rfind(_OPEN_C, 0, tables)
    if start < 0:
        return Refusal(0, "no extern \"C\" block before the SwigMethods table")
    start += len(_OPEN_C)
    prelude_end = start - len(_OPEN_C)
    extends = extend_functions(text, prelude_end)
    extend_units: dict[str, set[int]] = {}
    functions, kept, helper = [], [], False
    shims: list[tuple[str, str]] = []
    helper_text = fastcall_helper()
    pos = start
    for m in _FUNCTION.finditer(text, start, tables):
        end = BODY_END.search(text, m.end(), tables)
        if end is None:
            return Refusal(_line(text, m.start()), f"function {m.group('name')} has no end")
        gap = _gap(text, pos, m.start(), helper_text)
        if isinstance(gap, Refusal):
            return gap
        helper = helper or gap[1]
        kept.append(gap[0])
        shims += gap[2]
        declaration = (f"SWIGGEN_SHARED {m.group('ret')}{m.group('name')}"
                       f"({m.group('params')});\n")
        functions.append(Function(m.group("name"), m.start(), end.end(), declaration))
        pos = end.end()
    gap = _gap(text, pos, tables, helper_text)
    if isinstance(gap, Refusal):
        return gap
    helper = helper or gap[1]
    kept.append(gap[0])
    shims += gap[2]
    if not functions:
        return Refusal(_line(text, start), "no wrapper functions")

    blocks = splitclasses.find_blocks(text, tables)
    found = {c.name: c for piece in kept for c in splitclasses.closures(piece)}
    group = splitclasses.groups([(f.name, f.end - f.start) for f in functions], blocks, found,
                                lambda n: _GROUP_SUFFIX.sub("", n), LARGE_CLASS)
    where = {f.name: unit_of(group[f.name], units) for f in functions}
    bodies: list[list[str]] = [[] for _ in range(units)]
    calls: list[dict[str, str]] = [{} for _ in range(units)]
    uses: list[set[str]] = [set() for _ in range(units)]
    declared = {f.name: f.declaration for f in functions}
    outside: set[str] = set()  # named outside the class blocks and the closures' lines

    def needs(unit: int, name: str) -> bool:
        """Note what `name`, used in `unit`, needs there: a declaration of a wrapper function
        of another unit, or a type's; whether it was one of those."""
        if name in where and where[name] != unit:
            calls[unit][name] = declared[name]
        elif name.startswith("SWIGTYPE_"):
            uses[unit].add(name)
        else:
            return name in where
        return True

    for f in functions:
        unit = where[f.name]
        # each name once (a wrapper spells its arguments' names many times): half the time
        names = set(_IDENTIFIER.findall(text, f.start, f.end))
        outside |= names
        for name in names:
            if name.endswith("_closure"):
                return Refusal(_line(text, text.find(name, f.start, f.end)),
                               f"function {f.name} uses the closure {name}")
            if not needs(unit, name) and name in extends:
                extend_units.setdefault(name, set()).add(unit)
        body = text[f.start:f.end]
        bodies[unit].append("SWIGGEN_SHARED " + body[len("SWIGINTERN "):] + "\n\n")
    prefix = f"swiggen_cffi_{module}_fn_"
    for name, shim in shims:  # each with its function's wrapper: an edit recompiles that unit
        wrapper = "_wrap_" + name[len(prefix):] if name.startswith(prefix) else name
        bodies[where.get(wrapper, unit_of(wrapper, units))].append(shim + "\n")

    # the class blocks and closures that go to their class's unit (splitclasses.py)
    placed = splitclasses.place(text, start, tables, kept, blocks, found, where, outside,
                                {b.key: unit_of(b.key, units) for b in blocks}, units)
    kept, unit0_names, tables_text, exports = (placed.kept, placed.unit0_names, placed.tables,
                                               placed.exports)
    for unit, names in enumerate(placed.names):
        for name in names:
            needs(unit, name)
    signatures = splitsignatures.split_rows(tables_text, where, units)
    if signatures is not None:
        tables_text = signatures.unit0
        exports += signatures.declarations

    moved = movable(text, prelude_end, tables, kept, extends, extend_units)
    types = TypeTable.find(text, 0, start)
    cuts = sorted([*((m.start(), m.end(), "") for m in moved.values()),
                   *([(types.start, types.end, types.prelude(text[:prelude_end]))]
                     if types is not None else [])])
    pieces, pos = [], 0
    for a, b, instead in cuts:  # the type table by name (stable), defined in unit 0 only;
        pieces += [text[pos:a], instead]  # a class's %extend functions in their units
        pos = b
    directors = _director_methods(text, module, pos, prelude_end)
    prelude_text = "".join(pieces) + text[pos:directors[0]]
    guards = _GUARD.findall(prelude_text)  # SWIG's director runtime's static mutex: unit 0's
    prelude_text = _GUARD.sub("", prelude_text)
    extend_text: list[list[str]] = [[] for _ in range(units)]
    for name in sorted(moved, key=lambda n: moved[n].start()):
        unit = next(iter(extend_units[name]))
        extend_text[unit].append(moved[name].group())
        uses[unit] |= {i.group() for i in _IDENTIFIER.finditer(moved[name].group())
                       if i.group().startswith("SWIGTYPE_")}
    prelude = _STATIC_DATA.sub("SWIGGEN_SHARED_DATA ", prelude_text)
    prelude = LINKAGE + _SPECIALISATION.sub("template <> inline ", share(prelude))
    include = f'#include "{module}_wrap_prelude.h"\n'
    main = "".join([
        include, types.unit0() if types is not None else "",
        *(f"namespace Swig {{\n{g.strip()}\n}}\n" for g in guards),
        text[directors[0]:directors[1]],
        _OPEN_C,
        "/* swiggen: the wrapper functions and class tables unit 0 names, defined in the other "
        "units (split.py) */\n",
        *(f.declaration for f in functions if f.name in unit0_names), exports, "\n", *kept,
        tables_text])
    out = [main]
    for unit in range(1, units):
        out.append("".join([
            include, types.declare(uses[unit]) if types is not None else "",
            *extend_text[unit], _OPEN_C, helper_text if helper else "",
            *(calls[unit][n] for n in sorted(calls[unit])), "\n",
            *bodies[unit], *placed.closures[unit], *placed.blocks[unit],
            signatures.tables[unit - 1] if signatures is not None else "", _CLOSE_C]))
    return Split(prelude, tuple(out))


def _director_methods(text: str, module: str, start: int, end: int) -> tuple[int, int]:
    """The span of SWIG's director class methods (`SwigDirector_Shape::area() const {...}`,
    after `#include "NAME_wrap.h"`, which declares the classes) at the end of the prelude
    `text[start:end]`, or (end, end). They are defined once, in unit 0: compiled in every unit,
    they would be defined in every unit (a link error)."""
    marker = text.find(_DIRECTORS, start, end)
    if marker < 0:
        return end, end
    include = f'#include "{module}_wrap.h"\n'
    at = text.find(include, marker, end)
    return (at + len(include), end) if at >= 0 else (end, end)


def fastcall_helper() -> str:
    """fastcall's HELPER as `fastcall.rewrite` inserts it (before the first wrapper)."""
    return HELPER + "\n"


def _gap(text: str, start: int, end: int, helper: str
         ) -> tuple[str, bool, list[tuple[str, str]]] | Refusal:
    """What stays in unit 0 of the text between two wrapper functions (all of it but PyPy's
    cffi shims), whether it held fastcall's `helper`, and the shims (name, text); a Refusal if
    it holds anything else than the helper, shims, closures and comments."""
    gap = text[start:end]
    shims = [(m.group("name"), m.group()) for m in _SHIM.finditer(gap)]
    if shims:
        gap = _SHIM.sub("", gap)
    has_helper = helper in gap
    rest = gap.replace(helper, "") if has_helper else gap
    for line in rest.split("\n"):
        stripped = line.strip()
        if stripped and not (_CLOSURE_LINE.fullmatch(stripped) or
                             _COMMENT_LINE.fullmatch(stripped)):
            at = text.find(line, start, end)
            return Refusal(_line(text, at if at >= 0 else start),
                           f"unrecognised text between wrapper functions: {stripped[:60]!r}")
    return gap, has_helper, shims


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def write(wrapper: Path, units: int) -> list[Path] | Refusal:
    """Split `wrapper` (NAME_wrap.cxx) next to itself; the sources to compile, in order.

    One unit: [wrapper] (and no unit files). Stale unit files of an earlier split are removed."""
    module = wrapper.name[:-len("_wrap.cxx")]
    text = wrapper.read_bytes().decode("utf-8", "surrogateescape")
    n = unit_count(len(text), units)
    made: list[Path] = []
    result: Split | Refusal | None = None
    if n >= 2:
        result = split(text, module, n)
        if isinstance(result, Split):
            prelude = wrapper.with_name(f"{module}_wrap_prelude.h")
            _write(prelude, result.prelude)
            for i, unit in enumerate(result.units):
                path = wrapper.with_name(f"{module}_wrap_{i}.cxx")
                _write(path, unit)
                made.append(path)
    keep = {p.name for p in made} | ({f"{module}_wrap_prelude.h"} if made else set())
    for old in wrapper.parent.glob(f"{module}_wrap_*"):
        if old.name not in keep and re.fullmatch(rf"{re.escape(module)}_wrap_(?:\d+\.cxx|prelude\.h)",
                                                 old.name):
            old.unlink()
    if isinstance(result, Refusal):
        return result
    return made or [wrapper]


def _write(path: Path, text: str) -> None:
    write_bytes_if_changed(path, text.encode("utf-8", "surrogateescape"))


def sources(wrapper: Path, units: int, progress: Callable[[str], None] | None = None
            ) -> tuple[list[Path], Diagnostic | None]:
    """The translation units to compile for `wrapper`, split (again) only when the wrapper, the
    unit setting or this module changed since the last time (stamp: BUILD/split.json).

    A wrapper the split does not recognise stays one unit, with an SG501 warning."""
    h = hashlib.sha256(f"{units}\0".encode())
    for code in sorted(Path(__file__).parent.glob("split*.py")):
        h.update(code.read_bytes())
    h.update(wrapper.read_bytes())
    key = h.hexdigest()
    stamp = wrapper.with_name("split.json")
    try:
        data = json.loads(stamp.read_text())
        made = [wrapper.with_name(name) for name in data["sources"]]
        if data.get("key") == key and all(p.exists() for p in made):
            return made, _warning(wrapper, data.get("refusal"))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    if progress is not None and unit_count(wrapper.stat().st_size, units) > 1:
        progress("splitting the wrapper")
    result = write(wrapper, units)
    refusal = [result.line, result.reason] if isinstance(result, Refusal) else None
    made = [wrapper] if isinstance(result, Refusal) else result
    write_bytes_if_changed(stamp, json.dumps(
        {"key": key, "sources": [p.name for p in made], "refusal": refusal}).encode())
    return made, _warning(wrapper, refusal)


def _warning(wrapper: Path, refusal: list[Any] | None) -> Diagnostic | None:
    if not refusal:
        return None
    line, reason = refusal
    return Diagnostic(Loc(str(wrapper), int(line)), Severity.WARNING, "SG501",
                      f"the wrapper is compiled as one translation unit: {reason}",
                      "report it: swiggen splits only wrapper text in shapes it knows")


def link_failure(wrapper: Path, units: list[Path], output: str) -> Diagnostic | None:
    """An SG502 warning if the split units of `wrapper` failed to link because the code before
    the wrapper functions defines something in every unit (a non-static, non-inline function or
    variable of a typemap file's `%{ %}` block, say); None for any other failure."""
    found = re.search(r"multiple definition of [`'‘]([^'’`]+)['’]", output)
    if len(units) < 2 or found is None:
        return None
    return Diagnostic(Loc(str(wrapper)), Severity.WARNING, "SG502",
                      f"the wrapper is compiled as one translation unit: '{found.group(1)}' is "
                      "defined in the code every unit shares",
                      "declare it static or inline (in a typemap file's %{ %} block?), or "
                      "build with --units 1")
