"""Umbrella headers: a header that declares nothing itself and only includes its library's
headers (Box2D's `box2d/box2d.h`, yaml-cpp's `yaml-cpp/yaml.h`).

swiggen wraps the declarations of the headers it is given, not of the headers they include;
but a user who names an umbrella means its library. `library_includes` (at parse time) lists
the headers an umbrella stands for; `expansion` wraps those in its place (prepare.py), with an
SG104 note naming them and how to choose instead. An umbrella is a header that declares nothing
itself, or little beside the many headers of its library it includes (xapian.h), none of which
is named. An umbrella named beside its library's headers (the yaml-cpp example: yaml.h with
node/node.h, ...) is not expanded: it is included for its definitions.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import clang.cindex as ci

from ..diagnostics import Diagnostics, Loc
from ..model import Header

_SHOWN = 4  #: header names a message lists before "... N in all"


#: folders of a system include root that hold the C and C++ libraries' own headers
_SYSTEM_SUBDIRS = frozenset({"bits", "sys", "asm", "asm-generic", "linux", "gnu", "c++", "arpa",
                             "net", "netinet", "x86_64-linux-gnu", "aarch64-linux-gnu",
                             "i386-linux-gnu", "arm-linux-gnueabihf", "clang", "llvm"})


def library_includes(tu: ci.TranslationUnit, path: str,
                     system_dirs: Sequence[str] = ()) -> tuple[str, ...]:
    """Real paths of the headers `path` itself includes (not its includes' includes) from its
    own folder or below, in the order included, each once. A file included without an include
    guard is part of its includer, not a header (glm's `detail/func_exponential.inl`, bodies
    its header includes at its end; pqxx's `pqxx/array`, which includes `pqxx/array.hxx`
    between two other files): what it includes counts in its place. An umbrella directly in a
    system include folder (`/usr/include/lib.h`) owns only what it includes from its
    subfolders, other than the C and C++ libraries' own (`<stdio.h>` beside it is the C
    library's, `sys/types.h` too)."""
    real = os.path.realpath(path)
    folder = os.path.dirname(real) + os.sep
    roots = {os.path.realpath(d) + os.sep for d in system_dirs}
    includes: dict[str, list[ci.File]] = {}  # including file -> what it includes, in order
    for c in tu.cursor.get_children():
        if c.kind != ci.CursorKind.INCLUSION_DIRECTIVE or c.location.file is None:
            continue
        included = c.get_included_file()
        if included is not None:
            includes.setdefault(os.path.realpath(c.location.file.name), []).append(included)
    found: dict[str, None] = {}
    seen = {real}

    def visit(file: str) -> None:
        for included in includes.get(file, ()):
            target = os.path.realpath(included.name)
            if not target.startswith(folder) or \
                    not _own(target[len(folder):], folder in roots):
                continue
            if _guarded(tu, included):
                found.setdefault(target)
            elif target not in seen:
                seen.add(target)
                visit(target)

    visit(real)
    return tuple(found)


def _guarded(tu: ci.TranslationUnit, included: ci.File) -> bool:
    """Whether a file has an include guard or `#pragma once` (what the wrapper may include
    again after the umbrella)."""
    return bool(ci.conf.lib.clang_isFileMultipleIncludeGuarded(tu, included))


def _own(relative: str, in_root: bool) -> bool:
    if not in_root:
        return True
    first, sep, _ = relative.partition(os.sep)
    return bool(sep) and first not in _SYSTEM_SUBDIRS


def glob_hint(folder: str, names: Sequence[str]) -> str:
    """A pattern naming the library's headers, with their own extension (`parts/*.hpp`), or
    the names themselves where they have none (Eigen's `Core`, `Dense`)."""
    suffixes = [os.path.splitext(n)[1] for n in names]
    common = os.path.commonpath([os.path.dirname(n) or "." for n in names])
    if "" in suffixes:
        shown = [os.path.normpath(os.path.join(folder, n)) for n in names[:_SHOWN]]
        return " ".join(shown) + (" ..." if len(names) > _SHOWN else "")
    suffix = max(sorted(set(suffixes)), key=suffixes.count)  # the most used, then by name
    return os.path.normpath(os.path.join(folder, common, "*" + suffix))


def declares_nothing(h: Header) -> bool:
    return not (h.functions or h.classes or h.enums or h.aliases or h.variables or h.skipped)


#: a header that declares things itself and includes at least this many headers of its library,
#: none of them named, stands for its library too (xapian.h: 4 version functions, 30 headers)
MANY = 5


def stands_for_library(h: Header, wrapped: set[str]) -> bool:
    """Whether `h` is an umbrella whose library is not wrapped: it declares nothing itself (or
    little next to the many headers of its library it includes), and none of those is named."""
    own = set(h.library_includes)
    if not own or wrapped & own:
        return False
    return declares_nothing(h) or len(own) >= MANY


def expansion(headers: Sequence[Header], diags: Diagnostics) -> list[str]:
    """The headers to wrap in place of the umbrellas among `headers` (their library's headers
    they include, each once, in order), with an SG104 note at each umbrella; [] if none."""
    wrapped = {h.real for h in headers}
    extra: dict[str, None] = {}
    for h in headers:
        if not stands_for_library(h, wrapped):
            continue
        names = [os.path.relpath(p, os.path.dirname(h.real)) for p in h.library_includes]
        listed = ", ".join(names[:_SHOWN]) + (f", ... ({len(names)} in all)"
                                             if len(names) > _SHOWN else "")
        itself = "declares nothing itself" if declares_nothing(h) else \
            f"includes {len(names)} headers of its library"
        diags.warning(Loc(h.path, 1), "SG104",
                      f"'{h.include}' {itself}: wrapping the headers of its library it "
                      f"includes in its place ({listed})",
                      f"to choose, name the headers to wrap (e.g. "
                      f"{glob_hint(os.path.dirname(h.path), names)}), in any order")
        for p in h.library_includes:
            if p not in wrapped:
                extra.setdefault(p)
    return list(extra)
