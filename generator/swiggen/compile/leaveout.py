"""leaveout: a declaration whose wrapper the compiler rejects costs that declaration, not the module.

When the generated wrapper does not compile, `blame` traces each compiler error (blame.py) to
the generated function it is in, that function to its SWIG symbol, and the symbol to the
declaration the lowering generated it for (ModulePlan.origins):

    x_wrap.cxx:3150:40: required from here        -> _wrap_Box_get -> Box_get -> ns::Box::get

The pipeline then leaves those declarations out (as an `ignore` would: NAME.i, NAME.pyi and the
report agree), regenerates and rebuilds, a bounded number of rounds (pipeline.py). Each one left
out is an SG420 warning at its header line, naming its C++ and Python names and the compiler's
first error line; `--strict` makes the same an error instead (nothing is left out).

A symbol the lowering noted nothing for falls back to its class (SWIG names a class's own code,
its type object, destructor and `%extend` helpers, after the class: `Box_...`, `ns_Box_...`). An
error in no generated function (a user's source, a header the wrapper includes) is not traced:
the build fails with the compiler's own message, which says where.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..diagnostics import Diagnostic, Diagnostics, Loc
from ..lower.plan import Origin
from ..model import Class, Function, Header
from . import blame

#: rounds of leaving out and rebuilding before the build gives up
MAX_ROUNDS = 6


@dataclass(frozen=True)
class LeftOut:
    """A declaration left out because the compiler rejected its wrapper."""

    origin: Origin
    error: str  #: the compiler's first error line about it
    where: str  #: the generated function it was in (`_wrap_Box_get`)


@dataclass
class Blame:
    found: list[LeftOut]
    #: errors traced to no declaration: (the error, the generated function it is in or "")
    untraced: list[tuple[blame.CompileError, str]]
    errors: list[blame.CompileError]


def trace(output: str, generated: Sequence[Path],
          origins: Mapping[str, Sequence[Origin]]) -> Blame:
    """Each compiler error of `output` traced to a declaration through `origins` (by SWIG
    symbol); `generated`: the wrapper files (the errors' positions in other files are the
    headers', followed to the wrapper through their "required from here" chain)."""
    ours = {str(p.resolve()) for p in generated} | {str(p) for p in generated} | \
        {p.name for p in generated}
    sources = blame.Sources()
    classes = _classes(origins)
    found: dict[str, LeftOut] = {}
    untraced: list[tuple[blame.CompileError, str]] = []
    errors = blame.errors(output)
    for err in errors:
        function = ""
        hit: list[Origin] = []
        # the innermost position in the wrapper that a declaration explains: the error's own,
        # or a "required from" of its chain (a template of swiggen's runtime, such as
        # swiggen_new_impl, is instantiated from a wrapper that is a declaration's)
        for file, line in reversed(err.positions):
            if file not in ours and str(Path(file).resolve()) not in ours:
                continue
            inside = sources.function_at(file, line)
            function = function or inside
            # (outside any function: a line that names its declaration, as a const twin's)
            hit = _lookup(blame.symbol(inside) if inside else "", origins, classes,
                          sources.line(file, line))
            if hit:
                function = inside
                break
        if not hit:
            untraced.append((err, function))
            continue
        for origin in hit:
            found.setdefault(origin.key, LeftOut(origin, err.message, function))
    return Blame(list(found.values()), untraced, errors)


def _classes(origins: Mapping[str, Sequence[Origin]]) -> list[tuple[str, str, Origin]]:
    """(symbol prefix, SWIG's mangled C++ name, origin) of each class, longest first."""
    out = [(symbol, o.key.replace("::", "_"), o)
           for symbol, found in origins.items() for o in found if o.kind == "class"]
    return sorted(out, key=lambda t: (-len(t[0]), t[0]))


#: a keyword constructor's assignment of one field (structs.py's %extend constructor)
_FIELD_INIT = re.compile(r"^\s*self_->(\w+) = \w+;")


#: the module init's registration of a free function that Python may pass where C++ takes a
#: function pointer or a std::function of its type (fnpointers.swg SWIGGEN_FNPTR_DIRECT,
#: callables.swg SWIGGEN_DIRECT): `...::add(d, "write_data", &write_data);`, by its SWIG symbol
_REGISTERED = re.compile(r'::add(?:_direct)?\(d, "(\w+)", &|'
                         r'swiggen_const_twin swiggen_const_twin_\w+\("(\w+)"\)')


def _lookup(symbol: str, origins: Mapping[str, Sequence[Origin]],
            classes: Sequence[tuple[str, str, Origin]], text: str = "") -> list[Origin]:
    if symbol in origins:
        return list(origins[symbol])
    registered = _REGISTERED.search(text)  # (or a const twin's, constviews.swg)
    name = registered and (registered.group(1) or registered.group(2))
    if name and name in origins:
        return list(origins[name])
    init = _FIELD_INIT.match(text)
    if init is not None:  # a field the keyword constructor cannot assign: make it read-only
        for prefix, mangled, cls in classes:
            if symbol in (f"new_{prefix}", f"new_{mangled}") and \
                    f"{prefix}_{init.group(1)}_set" in origins:
                return list(origins[f"{prefix}_{init.group(1)}_set"])
    for prefix, mangled, cls in classes:
        # an %extend helper is named by the mangled C++ class (`geo_Box___eq__`)
        if symbol.startswith(mangled + "_") and prefix + symbol[len(mangled):] in origins:
            return list(origins[prefix + symbol[len(mangled):]])
    for prefix, mangled, cls in classes:
        if symbol in (f"new_{prefix}", f"delete_{prefix}", prefix, mangled, f"new_{mangled}",
                      f"delete_{mangled}") or \
                symbol.startswith((prefix + "_", mangled + "_")):
            return [cls]
    return []


def warnings(left: Sequence[LeftOut], strict: bool = False) -> list[Diagnostic]:
    """SG420 for each declaration left out (errors with `strict`: nothing was left out)."""
    diags = Diagnostics()
    for item in sorted(left, key=lambda i: (i.origin.loc.file, i.origin.loc.line,
                                            i.origin.key)):
        o = item.origin
        what = {"copy": "is not copied (no __copy__, __deepcopy__ or by-value copies)",
                "assign": "is read-only (no setter, no keyword argument)"}.get(
                    o.kind, "is left out")
        why = {"link": "the linked code does not define it",
               "swig": "SWIG cannot wrap it"}.get(item.where, "its wrapper does not compile")
        message = (f"'{o.key}' (Python '{o.python}') "
                   + ("does not compile" if strict else f"{what}: {why}") + f": {item.error}")
        hint = (f"mark it 'swiggen: ignore', or add \"{o.key}\" = \"ignore\" to [annotations]"
                + ("" if strict else "; --strict (or strict = true) fails the build instead"))
        (diags.error if strict else diags.warning)(o.loc, "SG420", message, hint)
    return diags.items


def untraced_text(result: Blame, build_dir: Path) -> str:
    """What the build says of errors no declaration was found for (where they are, and why)."""
    lines = []
    for err, function in result.untraced[:3]:
        try:
            where = Path(err.file).resolve().relative_to(build_dir.resolve())
        except ValueError:
            where = Path(err.file)
        inside = f" in the generated function '{function}'" if function else ""
        lines.append(f"{where}:{err.line}{inside}: not traced to a declaration: {err.message}")
    return "\n".join(lines)


def edit_model(headers: Sequence[Header], left: Sequence[Origin]) -> list[Header]:
    """The headers' model with the copies ("copy") and field assignments ("assign") `left`
    names taken away: the class is not copyable, the field not assignable (the lowering then
    offers neither). Left-out declarations of the other kinds are `ignore`d (prepare.py), and
    leave the declaration view (`for_view`)."""
    uncopyable = {o.key for o in left if o.kind == "copy"}
    fixed = {o.key for o in left if o.kind == "assign"}
    if not uncopyable and not fixed:
        return list(headers)
    # a class copies its bases: one deriving from a class that cannot be copied cannot either
    # (an implicit copy constructor calls the base's, declared but never defined: xapian)
    every: list[Class] = []
    todo = [c for h in headers for c in h.classes]
    while todo:
        c = todo.pop()
        every.append(c)
        todo += c.classes
    grew = True
    while grew:
        grew = False
        for c in every:
            if c.qualname not in uncopyable and uncopyable & set(c.bases):
                uncopyable.add(c.qualname)
                grew = True

    def fix(c: Class) -> Class:
        return replace(
            c, is_copyable=c.is_copyable and c.qualname not in uncopyable,
            fields=tuple(replace(f, is_assignable=False)
                         if f"{c.qualname}::{f.name}" in fixed else f for f in c.fields),
            classes=tuple(fix(n) for n in c.classes))

    return [replace(h, classes=tuple(fix(c) for c in h.classes)) for h in headers]


def for_view(headers: Sequence[Header], left: Sequence[Origin]) -> list[Header]:
    """The model the declaration view is written from: without the functions, methods and
    variables `left` leaves out ("ignore"), which the interface `%ignore`s anyway, so that SWIG
    no longer reads them either (a declaration SWIG cannot parse would fail it again). A pure
    virtual method stays (SWIG must still see the class as abstract), as do classes."""
    gone = {_squash(o.key) for o in left if o.kind == "ignore"}
    if not gone:
        return list(headers)

    def kept(f: Function) -> bool:
        if f.is_pure:
            return True
        names = {_squash(f.qualname)} | {_squash(f.qualname + s)
                                         for s in (f.signature, f.written_signature) if s}
        return not (names | {n.removesuffix("const") for n in names}) & gone

    def fix(c: Class) -> Class:
        return replace(c, methods=tuple(m for m in c.methods if kept(m)),
                       classes=tuple(fix(n) for n in c.classes))

    return [replace(h, classes=tuple(fix(c) for c in h.classes),
                    functions=tuple(f for f in h.functions if kept(f)),
                    variables=tuple(v for v in h.variables if _squash(v.qualname) not in gone))
            for h in headers]


def _squash(text: str) -> str:
    return "".join(text.split())


#: the declarations the last build of a folder left out (read by `swiggen inspect --report`)
FILE = "leftout.json"


def save(folder: Path, left: Sequence[Origin]) -> str:
    """The JSON text of FILE for `left` (sorted: deterministic)."""
    return json.dumps(sorted(({"key": o.key, "file": o.loc.file, "line": o.loc.line,
                               "python": o.python, "kind": o.kind} for o in left),
                             key=lambda d: (d["file"], d["line"], d["key"])), indent=1) + "\n"


def load(folder: Path) -> list[Origin]:
    """What the last build in `folder` left out ([] if none, or no build)."""
    try:
        data = json.loads((folder / FILE).read_text())
        return [Origin(d["key"], Loc(d["file"], d["line"]), d["python"], d["kind"])
                for d in data]
    except (OSError, ValueError, KeyError, TypeError):
        return []


#: SWIG's error line, as swig/run.py locates it at a header's line
_SWIG_ERROR = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+): Error: (?P<text>.*)$")


def trace_swig_view(output: str, headers: Sequence[Header]) -> list[LeftOut]:
    """When no wrapped declaration is at SWIG's error lines: the functions and methods the
    declaration view declares there that have no wrapper of their own (a function template
    not instantiated: CLI11's `enable_if` spellings SWIG's parser cannot read), each left out
    of the view. [] if an error is at none of them."""
    at: dict[tuple[str, int], list[Origin]] = {}

    def note(f: Function) -> None:
        at.setdefault((os.path.realpath(f.loc.file), f.loc.line), []).append(
            Origin(f.qualname + (f.signature or ""), f.loc, f.qualname.replace("::", ".")))

    def walk(c: Class) -> None:
        for m in c.methods:
            note(m)
        for n in c.classes:
            walk(n)

    for h in headers:
        for f in h.functions:
            note(f)
        for c in h.classes:
            walk(c)
    return _at_error_lines(output, at)


def trace_swig(output: str, origins: Mapping[str, Sequence[Origin]]) -> list[LeftOut]:
    """The declarations at SWIG's error lines (`x.h:146: Error: 'open' is multiply defined`):
    each origin declared at that line (not a "Previous declaration" line, which SWIG reports
    with the error: the later declaration goes, the first stays). [] if an error is at no
    declaration, which leaving declarations out cannot fix."""
    at: dict[tuple[str, int], list[Origin]] = {}
    for found in origins.values():
        for o in found:
            at.setdefault((os.path.realpath(o.loc.file), o.loc.line), []).append(o)
    return _at_error_lines(output, at)


def _at_error_lines(output: str, at: Mapping[tuple[str, int], Sequence[Origin]]
                    ) -> list[LeftOut]:
    """The origins `at` SWIG's error lines in `output`, each once; [] if one is at none."""
    left: dict[str, LeftOut] = {}
    for line in output.splitlines():
        m = _SWIG_ERROR.match(line)
        if m is None or m["text"].startswith("Previous declaration"):
            continue
        hit = at.get((os.path.realpath(m["file"]), int(m["line"])), [])
        if not hit:
            return []
        for o in hit:
            left.setdefault(o.key, LeftOut(o, f"SWIG: {m['text']}", "swig"))
    return list(left.values())
