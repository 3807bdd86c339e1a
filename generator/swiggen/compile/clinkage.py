"""clinkage: a C library's header that does not say `extern "C"`, included as C.

Most C headers wrap their declarations in `#ifdef __cplusplus extern "C" { ... }`; some do not
(jq's jq.h and jv.h, two functions of fribidi-common.h). The wrapper is C++, so it then asks
the linker for `_Z7jq_initv` where the library defines `jq_init`: every function of the header
is an undefined symbol, and the module does not load. The parse cannot tell such a header from
a C++ header of free functions (whose definitions are C++ too); the linked code can. So when a
link leaves symbols undefined (symbols.py), `c_linked` asks the linked libraries for each free
function's plain name; a header whose missing functions all have a C definition, and that
declares nothing C++ alone has (no namespace, class with methods, template or overload), is
`#include`d inside `extern "C" { }` (`c_includes`, in the plan), with the headers that include
it among the wrapper's includes (an umbrella first includes it as it is), and the round runs
again (rounds.py). libstdc++'s C headers (`<math.h>`, `<stdlib.h>`) declare their C++ parts
`extern "C++"`, so they may be reached from inside the block.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ..lower.plan import ModulePlan
from ..model import Header
from . import symbols


def c_linked(extension: Path, missing: Sequence[str], libraries: Sequence[str] = (),
             library_dirs: Sequence[str] = (), python: str = "") -> dict[str, str]:
    """Of `missing` (mangled names), those of free functions whose plain name the libraries
    `extension` was linked with define (C linkage): mangled -> plain name. `libraries` are the
    `-l` names: the linker's --as-needed drops a library none of whose symbols the extension
    asked for (every one mangled), so the extension's own list may not name it."""
    plain: dict[str, str] = {}
    for mangled, text in zip(missing, symbols.demangle(missing)):
        name = symbols.declared_name(text)
        if mangled.startswith("_Z") and name.isidentifier():
            plain[mangled] = name
    if not plain:
        return {}
    libraries = [*symbols.needed(extension),
                 *(n[1:] if n.startswith(":") else f"lib{n}.so" for n in libraries)]
    find = subprocess.run([python or sys.executable, "-c", symbols.FIND, *libraries],
                          input="\n".join(sorted(set(plain.values()))), capture_output=True,
                          text=True, env=symbols.loader_env(libraries, library_dirs))
    if find.returncode != 0:
        return {}
    undefined = set(find.stdout.split())
    return {m: n for m, n in plain.items() if n not in undefined}


def c_headers(missing: Sequence[str], linked: dict[str, str],
              headers: Sequence[Header]) -> frozenset[str]:
    """The headers (real paths) to include as C: each declares a missing function, all of its
    missing functions have a C definition, and it declares nothing C++ alone has."""
    declared: dict[str, str] = {}  # plain name -> the real path of the header declaring it
    for h in headers:
        for f in h.functions:
            declared.setdefault(f.qualname, h.real)
    own: dict[str, list[bool]] = {}
    for mangled, text in zip(missing, symbols.demangle(missing)):
        real = declared.get(symbols.declared_name(text))
        if real is not None:
            own.setdefault(real, []).append(mangled in linked)
    by_real = {h.real: h for h in headers}
    return frozenset(r for r, ok in own.items() if all(ok) and r in by_real
                     and is_c(by_real[r]))


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
    """`plan` with the includes of the `flagged` headers inside `extern "C" { }`, and those of
    the C headers included before them that include them (an umbrella: its include guard would
    make a flagged header's own include a no-op)."""
    if not flagged:
        return plan
    by_include: dict[str, list[Header]] = {}
    for h in headers:
        by_include.setdefault(h.include, []).append(h)
    through: dict[str, set[str]] = {}  # an umbrella's include -> the headers read through it
    for h in headers:
        if h.within:
            through.setdefault(os.path.basename(h.within), set()).add(h.real)
    chosen: list[str] = []
    for i, inc in enumerate(plan.includes):
        own = by_include.get(inc, [])
        reals = {h.real for h in own} | through.get(inc, set())
        later = {h.real for j in plan.includes[i + 1:] for h in by_include.get(j, [])
                 if h.real in flagged}
        if reals & flagged or (own and all(is_c(h) for h in own)
                               and any(later & set(h.includes) for h in own)):
            chosen.append(inc)
    return replace(plan, c_includes=tuple(chosen))
