"""prepare: a module's headers parsed and lowered, the first half of every command.

`prepare(spec)` parses each header (through the parse cache), checks umbrella headers, loads
the config and the interfaces of imported modules, and lowers everything into the ModulePlan;
it raises SwiggenError with every located problem found. `Prepared` is what generate, build and
inspect go on from (pipeline.py, listing.py).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from .compile.toolchain import COMPILE_DEFINES, find_compiler, parse_system_dirs
from .compile import leaveout
from .config import load_config
from .diagnostics import Diagnostic, Diagnostics, Loc, Severity
from .lower import lower
from .lower.handles import with_handle_ownership
from .lower.plan import ModulePlan, Origin
from .model import Directive, Header
from .parse import parsecache, umbrella
from .parse.header import ParseOptions
from .specs import ModuleSpec


@dataclass
class Prepared:
    headers: list[Header]
    plan: ModulePlan
    swig_include_dirs: tuple[str, ...]
    compile_include_dirs: tuple[str, ...]
    typemap_files: tuple[str, ...] = ()
    warnings: list[Diagnostic] = field(default_factory=list)
    #: parses to keep in the build folder (parsecache.py), written once it is locked
    parse_cache: list[parsecache.Entry] = field(default_factory=list)
    #: declarations left out because their wrappers did not compile (compile/leaveout.py)
    left_out: tuple[Origin, ...] = ()
    #: the headers wrapped: those named, and the library headers umbrellas stand for
    header_paths: tuple[str, ...] = ()


#: libclang is driven from one thread at a time (parsing is quick next to SWIG and the compiler)
_PARSE_LOCK = threading.Lock()


def prepare(spec: ModuleSpec, cache: Path | None = None,
            left_out: Sequence[Origin] = ()) -> Prepared:
    """Parse and lower: raises SwiggenError with every located problem found. `cache`: a folder
    that keeps each header's parse for the next time (parsecache.py); `left_out`: declarations
    whose wrappers did not compile (compile/leaveout.py), lowered as if marked `ignore`."""
    with _PARSE_LOCK:
        return _prepare(spec, cache, left_out)


#: umbrellas within umbrellas expanded (parse/umbrella.py)
_UMBRELLA_DEPTH = 3


def _prepare(spec: ModuleSpec, cache: Path | None = None,
             left_out: Sequence[Origin] = (), depth: int = 0,
             named: frozenset[str] | None = None,
             dropped: tuple[str, ...] = ()) -> Prepared:
    """`named`: the headers the user named (None: all of spec.headers), the others being those
    umbrellas stand for; `dropped`: those of them left out, as they do not parse alone."""
    named = frozenset(spec.headers) if named is None else named
    diags = Diagnostics()
    compiler = find_compiler()
    system_dirs, resource_dir = parse_system_dirs(compiler)
    options = ParseOptions(
        include_dirs=tuple(spec.include_dirs),
        # what the compile defines, so that the parse sees the declarations it compiles
        defines=COMPILE_DEFINES + tuple(spec.defines),
        std=spec.std,
        system_dirs=system_dirs,
        wrapped=tuple(spec.headers),
        resource_dir=resource_dir,
        flags=spec.cflags,
    )
    config = load_config(spec.config, diags, spec.config_module)
    if left_out:
        by_name = dict(config.annotations.by_name)
        for o in left_out:
            if o.kind in ("copy", "assign"):
                continue  # a change to the model (leaveout.edit_model), not an ignore
            by_name[o.key] = by_name.get(o.key, ()) + (Directive("ignore", (), o.loc),)
        config = replace(config, annotations=replace(
            config.annotations, by_name=by_name,
            left_out=frozenset(o.key for o in left_out)))
    parsed = []
    done: list[Header] = []
    for p in spec.headers:
        own = Diagnostics()
        header, entry = parsecache.parse(p, options, own, cache)
        real = os.path.realpath(p)
        umbrella_of = next((h for h in done if real in h.library_includes), None)
        if header is None and p not in named and umbrella_of is not None:
            # a library header that does not parse alone: read it as its umbrella includes it
            through = Diagnostics()
            header, entry = parsecache.parse(p, replace(options, within=umbrella_of.path),
                                             through, cache)
            if header is not None:
                own = through
        diags.extend(own)
        parsed.append((header, entry))
        if header is not None:
            done.append(header)
    headers = [h for h, _ in parsed if h]
    if len(headers) < len(spec.headers):
        failed = [p for p, (h, _) in zip(spec.headers, parsed) if h is None]
        if any(p in named for p in failed):
            diags.raise_if_errors()  # a header is missing or does not compile: nothing to lower
        # a header an umbrella stands for that does not parse alone (it relies on what the
        # umbrella included before it: pqxx/internal/*): left out, with a note
        notes = [Diagnostic(Loc(p, 0), Severity.WARNING, "SG104", f"'{os.path.basename(p)}' "
                            "is not wrapped with its umbrella: it does not parse alone ("
                            + next((d.message for d in diags.errors if d.loc.file == p
                                    or d.loc.file.startswith(os.path.dirname(p))),
                                   "see `swiggen inspect` on it") + ")",
                            "name the headers to wrap yourself") for p in failed]
        again = _prepare(replace(spec, headers=tuple(p for p in spec.headers
                                                     if p not in failed)),
                         cache, left_out, depth, named, dropped + tuple(failed))
        again.warnings = Diagnostics([*notes, *again.warnings]).sorted()
        return again
    extra = [p for p in umbrella.expansion(headers, diags) if p not in dropped] \
        if depth < _UMBRELLA_DEPTH else []
    if extra:  # an umbrella stands for its library: wrap its headers (with its note)
        again = _prepare(replace(spec, headers=spec.headers + tuple(extra)), cache, left_out,
                         depth + 1, named, dropped)
        notes = [d for d in diags.warnings if d.code == "SG104"]
        again.warnings = Diagnostics([*notes, *again.warnings]).sorted()
        return again
    headers = leaveout.edit_model(headers, left_out)
    headers = with_handle_ownership(headers, config.annotations.by_name)  # (views too)
    typemap_files = tuple(spec.typemaps) + config.typemaps
    type_table = _imported_type_table(spec.imports, diags)
    plan = lower(headers, spec.module, diags, config.annotations,
                 typemaps=tuple(Path(t).name for t in typemap_files),
                 imports=tuple(Path(i).name for i in spec.imports), type_table=type_table,
                 package=spec.package, imported_headers=_imported_headers(spec.imports))
    diags.raise_if_errors()
    swig_dirs, compile_dirs = include_dirs(spec, typemap_files)
    return Prepared(
        headers,
        plan,
        swig_include_dirs=swig_dirs,
        compile_include_dirs=compile_dirs,
        typemap_files=typemap_files,
        warnings=diags.sorted(),
        parse_cache=[e for _, e in parsed if e],
        left_out=tuple(left_out),
        header_paths=tuple(spec.headers),
    )


def include_dirs(spec: ModuleSpec, typemap_files: Sequence[str]) -> tuple[tuple[str, ...],
                                                                           tuple[str, ...]]:
    """SWIG's include folders and the compiler's, resolved now (a symlink may be retargeted)."""
    header_dirs = tuple(dict.fromkeys(str(Path(p).resolve().parent) for p in spec.headers))
    user_dirs = tuple(str(Path(d).resolve()) for d in spec.include_dirs)
    typemap_dirs = tuple(dict.fromkeys(str(Path(t).resolve().parent) for t in typemap_files))
    import_dirs = tuple(dict.fromkeys(str(Path(i).resolve().parent) for i in spec.imports))
    return (tuple(dict.fromkeys(header_dirs + user_dirs + typemap_dirs + import_dirs)),
            tuple(dict.fromkeys(header_dirs + user_dirs)))


def _imported_type_table(imports: Sequence[str], diags: Diagnostics) -> str:
    """The SWIG type table to share with the imported modules ("" for a table of our own).

    Modules that pass each other's objects must share one runtime type table; the first
    imported module's generated interface says which (its `#define SWIG_TYPE_TABLE` line)."""
    table = ""
    for path in imports:
        p = Path(path)
        if not p.is_file():
            diags.error(Loc(path), "SG101", f"imported interface '{path}' not found",
                        "build (or generate) that module first and pass its NAME.i")
            continue
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.startswith("#define SWIG_TYPE_TABLE "):
                table = table or line.split()[2]
                break
        else:
            diags.error(Loc(path), "SG101", f"'{path}' is not an interface generated by swiggen",
                        "pass the NAME.i that swiggen wrote for the other module")
    return table


def _imported_headers(imports: Sequence[str]) -> tuple[str, ...]:
    """The file names of the headers the imported modules wrap (their `%include "x.h"` lines;
    swiggen's own `.swg` files aside): classes defined there are theirs to wrap."""
    names: list[str] = []
    for path in imports:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError:
            continue  # reported by _imported_type_table
        for line in text.splitlines():
            if line.startswith('%include "') and line.rstrip().endswith('"'):
                name = line.rstrip()[len('%include "'):-1]
                if not name.endswith((".swg", ".i")):
                    names.append(Path(name).name)
    return tuple(dict.fromkeys(names))
