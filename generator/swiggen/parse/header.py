"""Header -> model, with libclang: `parse_header` parses one header and collects its
declarations (walker.py), its comments' annotations (attach.py), the macros and typedefs SWIG
needs (macroscan.py: its constant macros) and its segments.

Each header is parsed as a translation unit of its own (with the compiler's system include
directories, which the libclang wheel lacks); error-level clang diagnostics are fatal and reported
at their file:line. Only declarations located in the named header are recorded: what its
#includes bring in is context, not API.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import clang.cindex as ci

from . import declspell
from .segments import header_record
from .macroscan import scan_constants
from .umbrella import library_includes
from .walker import Walker
from .. import installed
from ..diagnostics import Diagnostics, Loc
from ..model import Header


def _known_kinds() -> None:
    """Give every cursor kind libclang may report a value the bindings can read. The bindings
    name the kinds of their own release only, and raise ValueError on any other (an attribute
    kind such as 437 on toml++'s enums): such a cursor is one swiggen does not look into, so it
    gets a nameless kind that equals none of the named ones."""
    kinds = ci.CursorKind._kinds
    for value in range(len(kinds) + 64):
        if value >= len(kinds) or kinds[value] is None:
            ci.CursorKind(value)


_known_kinds()


@dataclass(frozen=True)
class ParseOptions:
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str = "c++17"
    system_dirs: tuple[str, ...] = ()
    #: every header of the module (as named): macros defined in one of them are SWIG's to see
    wrapped: tuple[str, ...] = ()
    #: clang's resource folder (its builtin headers: toolchain.clang_resource_dir), "" for none
    resource_dir: str = ""
    #: the compile's other flags that change what the header declares (`-U`, `-mavx2`, ...)
    flags: tuple[str, ...] = ()
    #: the umbrella to parse the header through (prepare.py): a library header that does not
    #: parse alone (it relies on what its umbrella included before it, or refuses to be
    #: included but through it: xapian) is read as its umbrella includes it
    within: str = ""


def _hidden_from_swig(path: str, args: list[str], flags: int,
                      tu: ci.TranslationUnit, source: str = "") -> set[int]:
    """Where the declarations start that the header hides from SWIG (`#ifndef SWIG`, as RE2
    hides LazyRE2): SWIG defines SWIG, so the module has only what the header shows it. Found
    by a second parse with SWIG defined (its errors do not matter: a header may hide what it
    then names, or give SWIG directives there)."""
    if not _mentions_swig(Path(path).read_bytes()):
        return set()
    as_swig = ci.Index.create().parse(source or path, args=[*args, "-DSWIG"], options=flags)
    return _declarations(tu, path) - _declarations(as_swig, path)


#: comments and string and character literals (what cannot make SWIG defined matter)
_NOT_CODE = re.compile(rb'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.DOTALL)


def _mentions_swig(data: bytes) -> bool:
    """Whether the header's code (not its comments: `swiggen:` annotations often name SWIG)
    says SWIG, so that a parse with SWIG defined may see other declarations."""
    return b"SWIG" in data and b"SWIG" in _NOT_CODE.sub(b" ", data)


def _declarations(tu: ci.TranslationUnit, path: str) -> set[int]:
    """Where the header's declarations start. Like `Walker`, it goes into a cursor only if the
    cursor is in the header: the system headers' thousands of declarations are not walked."""
    found: set[int] = set()
    same: dict[str, bool] = {}
    todo = list(tu.cursor.get_children())
    while todo:
        c = todo.pop()
        f = c.location.file
        if f is None:
            continue
        if f.name not in same:
            same[f.name] = _same(f.name, path)
        if not same[f.name]:
            continue
        if c.kind.is_declaration():
            found.add(c.extent.start.offset)
        todo += c.get_children()
    return found


def parse_header(path: str, options: ParseOptions, diags: Diagnostics) -> Header | None:
    """Parse one header. Returns None (with diagnostics) if it is missing or does not compile."""
    if not Path(path).is_file():
        diags.error(Loc(path), "SG101", f"header '{path}' not found",
                    "check the path (it is taken relative to the current directory)")
        return None
    args = ["-x", "c++", f"-std={options.std}", "-fsyntax-only", "-Wno-pragma-once-outside-header"]
    if options.resource_dir:
        args += ["-resource-dir", options.resource_dir]
    for d in options.system_dirs:
        args += ["-isystem", d]
    args += [f"-I{d}" for d in options.include_dirs]
    args += [f"-D{d}" for d in options.defines]
    args += options.flags
    flags = (ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES | ci.TranslationUnit.PARSE_INCOMPLETE
             | ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    try:
        tu = ci.Index.create().parse(options.within or path, args=args, options=flags)
        hidden = _hidden_from_swig(path, args, flags, tu, options.within)
    except ci.TranslationUnitLoadError as exc:
        diags.error(Loc(path), "SG102", f"libclang could not parse '{path}': {exc}",
                    "check that the file is a C++ header")
        return None
    failed = False
    for d in tu.diagnostics:
        if d.severity >= ci.Diagnostic.Error:
            failed = True
            where = d.location.file.name if d.location.file else path
            where = path if _same(where, path) else os.path.normpath(where)
            in_system = any(os.path.realpath(where).startswith(os.path.realpath(s) + os.sep)
                            for s in options.system_dirs)
            hint = ("libclang was given the C++ compiler's own builtin headers, which it cannot "
                    "read: install clang's (Debian: apt-get install libclang-common-16-dev) or "
                    "set SWIGGEN_CLANG_RESOURCE_DIR to a clang resource folder"
                    if in_system and not options.resource_dir else
                    "fix the header so that `c++ -fsyntax-only` accepts it, "
                    "or pass the -I/-D/--std it needs")
            found = installed.include_hint(installed.missing_include(d.spelling))
            hint = found or hint  # an installed library's include root names its package
            diags.error(Loc(where, d.location.line), "SG102", d.spelling, hint)
    if failed:
        return None
    # bytes as libclang counts them: read_text() would turn CRLF into LF and shift every offset
    # (the default arguments of a CRLF header such as TinyXML-2's came out wrong)
    data = Path(path).read_bytes()
    walker = Walker(path, data, diags)
    walker.hidden = hidden
    with declspell.wrapping(frozenset({os.path.realpath(path), *(
            os.path.realpath(w) for w in options.wrapped)})):
        walker.visit_scope(tu.cursor)
        hidden_tags = declspell.tags()
    walker.notes.report_unattached()
    return Header(
        path=path,
        include=os.path.basename(path),
        real=os.path.realpath(path),
        functions=tuple(walker.functions),
        classes=walker.with_c_names(walker.classes),
        enums=tuple(walker.enums),
        aliases=tuple(walker.aliases),
        variables=tuple(walker.variables),
        skipped=tuple(walker.skipped),
        includes=tuple(sorted({os.path.realpath(i.include.name) for i in tu.get_includes()})),
        library_includes=library_includes(tu, path, options.system_dirs),
        annotation_lines=tuple(sorted(walker.notes.consumed)),
        inline_namespaces=tuple(dict.fromkeys(walker.inline_namespaces)),
        segments=header_record(tu, path, data),
        constants=scan_constants(tu, path),
        hidden_tags=hidden_tags,
        within=options.within,
    )


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
