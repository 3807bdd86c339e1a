"""clinkage: a C library's header that does not say `extern "C"`, included as C.

Most C headers wrap their declarations in `#ifdef __cplusplus extern "C" { ... }`; some do not
(jq's jq.h and jv.h, two functions of fribidi-common.h). The wrapper is C++, so it then asks
the linker for `_Z7jq_initv` where the library defines `jq_init`: every function of the header
is an undefined symbol, and the module does not load. The parse cannot tell such a header from
a C++ header of free functions (whose definitions are C++ too); the linked code can. So when a
link leaves symbols undefined (symbols.py), `c_linked` looks each free function's plain name up
in what the `-l` libraries themselves export (`nm -D`: never the C library or Python, whose
`error` or `log` a C++ header may happen to declare too). A header is included as C when the
functions of it the extension asked for are missing under their C++ names, most of them
exported under their plain ones (one that linked as C++ says the header is C++), and it
declares nothing only C++ has (no namespace, class with methods, template or overload). Its
`#include` then comes first, inside `extern "C" { }`, so that an umbrella that includes it
later (fribidi.h, whose `extern "C"` starts after it) finds it done; a header that does not
parse alone (read through its umbrella) is not moved. A header most of whose functions go
missing by their plain names (its library rebuilt as C++) is C++ again (`stale`). The list is kept in the build folder (`FILE`), so the next build
after an edit starts with it (rounds.py).

`swiggen generate` and `swiggen wrap` do not link: their interface includes such a header as
it is, and the module has the undefined symbols at import.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from ..lower.plan import ModulePlan
from ..model import Header
from ..render.write import write_text_if_changed
from . import symbols
from .toolchain import find_compiler

#: the headers included as C by the last build in this folder
FILE = "c_linkage.json"


def next_headers(extension: Path, missing: Sequence[str], headers: Sequence[Header],
                 flagged: frozenset[str], link_args: Sequence[str]) -> frozenset[str]:
    """The headers to include as C in the next round, after a link of `extension` that left
    `missing` undefined with `flagged` included as C; `link_args`: the link's `-l`/`-L`."""
    libraries = [a[2:] for a in link_args if a.startswith("-l") and len(a) > 2]
    linked = c_linked(missing, libraries, [a[2:] for a in link_args
                                           if a.startswith("-L") and len(a) > 2])
    more = c_headers(missing, linked, linked_as_cxx(extension, missing), headers) \
        if linked else frozenset()
    return (flagged | more) - stale(missing, flagged, headers)


def c_linked(missing: Sequence[str], libraries: Sequence[str],
             library_dirs: Sequence[str] = ()) -> dict[str, str]:
    """Of `missing` (mangled names), those of free functions whose plain name one of the `-l`
    `libraries` exports: mangled -> plain name."""
    plain: dict[str, str] = {}
    for mangled, text in zip(missing, symbols.demangle(missing)):
        name = symbols.declared_name(text)
        if mangled.startswith("_Z") and name.isidentifier():
            plain[mangled] = name
    if not plain or not libraries:
        return {}
    exported = _exported(libraries, library_dirs)
    return {m: n for m, n in plain.items() if n in exported}


def _exported(libraries: Sequence[str], library_dirs: Sequence[str]) -> set[str]:
    """The dynamic symbols the `-l` libraries define themselves (not their dependencies')."""
    nm = shutil.which("nm")
    if nm is None:
        return set()
    out: set[str] = set()
    for name in libraries:
        path = _library_file(name[1:] if name.startswith(":") else f"lib{name}.so",
                             library_dirs)
        if path is None:
            continue
        proc = subprocess.run([nm, "-D", "--defined-only", path], capture_output=True,
                              text=True)
        for line in proc.stdout.splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[1] in "TtWiV":
                out.add(parts[2].split("@", 1)[0])
    return out


def _library_file(file: str, library_dirs: Sequence[str]) -> str | None:
    """Where the linker finds `file` (the `-L` folders first, then the compiler's own)."""
    for d in library_dirs:
        if os.path.isfile(os.path.join(d, file)):
            return os.path.join(d, file)
    proc = subprocess.run([*find_compiler().command, f"-print-file-name={file}"],
                          capture_output=True, text=True)
    found = proc.stdout.strip()
    return found if os.path.isabs(found) and os.path.isfile(found) else None


def c_headers(missing: Sequence[str], linked: dict[str, str], as_cxx: Iterable[str],
              headers: Sequence[Header]) -> frozenset[str]:
    """The headers (real paths) to include as C: each has a missing function, most of its
    missing functions have a C definition (one the library does not export is left out in the
    next round, as in C++), none of its functions linked under a C++ name
    (`as_cxx`: the qualified names the extension's mangled symbols stand for) and it declares
    nothing only C++ has."""
    declared: dict[str, str] = {}  # plain name -> the real path of the header declaring it
    for h in headers:
        for f in h.functions:
            declared.setdefault(f.qualname, h.real)
    own: dict[str, list[bool]] = {}
    for mangled, text in zip(missing, symbols.demangle(missing)):
        real = declared.get(symbols.declared_name(text))
        if real is not None:
            own.setdefault(real, []).append(mangled in linked)
    cxx = {declared[n] for n in as_cxx if n in declared}
    by_real = {h.real: h for h in headers}
    return frozenset(r for r, ok in own.items() if 2 * sum(ok) > len(ok) and r not in cxx
                     and r in by_real
                     and not by_real[r].within and is_c(by_real[r]))


def stale(missing: Sequence[str], flagged: frozenset[str],
          headers: Sequence[Header]) -> frozenset[str]:
    """Of the `flagged` headers, those most of whose functions are missing by their plain
    names: their library no longer defines them as C (rebuilt as C++ since the last build said
    it was). One or two missing (jq.h's jq_get_attrs, which libjq does not export) are left out
    as in C++."""
    plain = {m for m in missing if not m.startswith("_Z")}
    return frozenset(h.real for h in headers if h.real in flagged and h.functions
                     and 2 * sum(f.qualname in plain for f in h.functions) > len(h.functions))


def linked_as_cxx(extension: Path, missing: Sequence[str]) -> set[str]:
    """The qualified names of the mangled symbols `extension` takes from its libraries, `missing`
    aside: functions that linked as C++. (Not those it defines: the wrapper's own shims share
    the names of the functions they wrap.)"""
    gone = set(missing)
    names = [n for n in symbols.undefined_in(extension) if n.startswith("_Z") and n not in gone]
    return {symbols.declared_name(t) for t in symbols.demangle(names)}


def is_c(h: Header) -> bool:
    """Whether `h` declares only what C can: no namespace, no class with methods, constructors,
    bases or template parameters, no function template or overload."""
    names = [f.qualname for f in h.functions]
    if len(names) != len(set(names)) or any("::" in n for n in names):
        return False
    if any(f.template_params for f in h.functions):
        return False
    return all(not (c.methods or c.constructors or c.bases or c.template_params)
               and "::" not in c.qualname for c in h.classes)


def with_c_includes(plan: ModulePlan, headers: Sequence[Header],
                    flagged: frozenset[str]) -> ModulePlan:
    """`plan` with the `flagged` headers' includes first, each inside `extern "C" { }`."""
    names = {h.include for h in headers if h.real in flagged and not h.within and is_c(h)}
    first = tuple(i for i in plan.includes if i in names)
    if not first:
        return plan
    return replace(plan, includes=first + tuple(i for i in plan.includes if i not in names),
                   c_includes=first)


def load(build_dir: Path) -> frozenset[str]:
    """The headers the last build in `build_dir` included as C (a header edited since is one
    still: `with_c_includes` checks that it declares only what C can)."""
    try:
        saved = json.loads((build_dir / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()
    return frozenset(r for r in saved if isinstance(r, str))


def save(build_dir: Path, flagged: frozenset[str]) -> None:
    if flagged or (build_dir / FILE).exists():
        write_text_if_changed(build_dir / FILE, json.dumps(sorted(flagged), indent=1) + "\n")
