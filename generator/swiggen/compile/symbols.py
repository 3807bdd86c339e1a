"""symbols: after linking, find the declarations the linked code does not define.

A header may declare what no linked file defines (the user forgot a `--sources` file or a `-l`
library, or the library does not export it). The extension then links (a shared object may
leave symbols undefined) and fails at import with `undefined symbol: _Z10missing_fni`. So once
linked, the extension is loaded in a child Python (which provides the Python C API, as the
importing process will): if the dynamic loader resolves everything, nothing more is done (one
`dlopen`, a few tens of milliseconds). If it does not, the undefined symbols the loader cannot
find are listed (`nm -D --undefined-only`, then `dlsym` in the child after a lazy load),
demangled (`c++filt`), and mapped back to the declarations of the parsed headers, each an
SG410 error at its `file:line`; symbols matching no declaration are SG411.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from .. import installed, pkgconfig
from ..diagnostics import Diagnostics, Loc
from ..model import Class, Header

#: run in a child Python: load the extension (argv[1]) as an import would, and say why not
_LOAD = r"""
import ctypes, os, sys
try:
    ctypes.CDLL(sys.argv[1], mode=os.RTLD_NOW | os.RTLD_LOCAL)
except OSError as exc:
    print(exc)
    sys.exit(3)
"""

#: run in a child Python: load the libraries the extension needs (argv), and print each name
#: from stdin that neither they nor Python define
FIND = r"""
import ctypes, os, sys
for lib in sys.argv[1:]:
    try:
        ctypes.CDLL(lib, mode=os.RTLD_NOW | os.RTLD_GLOBAL)
    except OSError:
        pass
scope = ctypes.CDLL(None)
for name in sys.stdin.read().split():
    try:
        scope[name]
    except AttributeError:
        print(name)
"""

_UNDEFINED = re.compile(r"undefined symbol: (\S+)")

#: the runtimes of `-fsanitize=...`, which abort a process that loads them after its start
#: ("ASan runtime does not come first"): the children preload them, as `swiggen check
#: --sanitize` does
_SANITIZER_RUNTIME = re.compile(r"lib(asan|ubsan|tsan|lsan|hwasan)\.so")


def undefined_symbols(extension: Path, library_dirs: Sequence[str] = (),
                      python: str = "") -> list[str]:
    """Mangled names the dynamic loader cannot resolve when `extension` is loaded ([] if it
    loads, or fails for another reason, such as a library it cannot find); loaded by `python`,
    the interpreter it is built for (default: this one)."""
    python = python or sys.executable
    libraries = needed(extension)
    env = loader_env(libraries, library_dirs)
    load = subprocess.run([python, "-c", _LOAD, str(extension)], capture_output=True,
                          text=True, env=env)
    if load.returncode == 0:
        return []
    found = _UNDEFINED.search(load.stdout)
    if not found:
        return []  # not an undefined symbol (a missing library): the import will say so
    candidates = undefined_in(extension)
    if not candidates:
        return [found.group(1)]
    find = subprocess.run([python, "-c", FIND, *libraries],
                          input="\n".join(candidates), capture_output=True, text=True, env=env)
    return find.stdout.split() or [found.group(1)]


def loader_env(libraries: Sequence[str], library_dirs: Sequence[str]) -> dict[str, str]:
    """The environment of a child that loads `libraries` (an extension's DT_NEEDED)."""
    env = dict(os.environ)
    runtimes = [lib for lib in libraries if _SANITIZER_RUNTIME.match(lib)]
    if runtimes:  # a sanitized build (CXX="g++ -fsanitize=..."): its runtimes must load first
        env["LD_PRELOAD"] = " ".join(runtimes + [p for p in [env.get("LD_PRELOAD", "")] if p])
        env["ASAN_OPTIONS"] = ":".join(["detect_leaks=0"]
                                       + [o for o in [env.get("ASAN_OPTIONS", "")] if o])
    if library_dirs:  # where `-L` pointed the linker, the loader looks too (as LD_LIBRARY_PATH)
        env["LD_LIBRARY_PATH"] = os.pathsep.join(
            [*library_dirs, *filter(None, [env.get("LD_LIBRARY_PATH", "")])])
    return env


def needed(extension: Path) -> list[str]:
    """The shared libraries `extension` names (ELF DT_NEEDED), or [] without `readelf`."""
    readelf = shutil.which("readelf")
    if readelf is None:
        return []
    proc = subprocess.run([readelf, "-d", str(extension)], capture_output=True, text=True)
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", proc.stdout)


def undefined_in(extension: Path) -> list[str]:
    """The unversioned undefined dynamic symbols of `extension` (versioned ones, `@GLIBC_2.2.5`,
    come from the C and C++ runtimes), or [] without `nm`."""
    nm = shutil.which("nm")
    if nm is None:
        return []
    proc = subprocess.run([nm, "-D", "--undefined-only", str(extension)], capture_output=True,
                          text=True)
    out = []
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[-2] == "U" and "@" not in parts[-1]:
            out.append(parts[-1])
    return out


def demangle(names: Sequence[str]) -> list[str]:
    """C++ names as written (`missing_fn(int)`), through `c++filt`; unchanged without it."""
    tool = shutil.which("c++filt")
    if tool is None or not names:
        return list(names)
    proc = subprocess.run([tool], input="\n".join(names), capture_output=True, text=True)
    lines = proc.stdout.splitlines()
    return lines if len(lines) == len(names) else list(names)


_PREFIXES = ("vtable for ", "typeinfo for ", "typeinfo name for ", "VTT for ",
             "construction vtable for ", "guard variable for ")


def declared_name(demangled: str) -> str:
    """The qualified name a demangled symbol defines: `ns::C::m(int) const` -> `ns::C::m`,
    `vtable for ns::C` -> `ns::C`, `int ns::f<int>(int)` -> `ns::f`."""
    text = demangled
    for prefix in _PREFIXES:
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    text = re.sub(r"(\s+(const|volatile|&&|&))+$", "", text)
    if text.endswith(")"):
        depth = 0
        for i in range(len(text) - 1, -1, -1):
            if text[i] == ")":
                depth += 1
            elif text[i] == "(":
                depth -= 1
                if depth == 0:
                    text = text[:i]
                    break
    if text.endswith(">") and "operator" not in text.rsplit("::", 1)[-1]:
        depth = 0
        for i in range(len(text) - 1, -1, -1):
            if text[i] == ">":
                depth += 1
            elif text[i] == "<":
                depth -= 1
                if depth == 0:
                    text = text[:i]
                    break
    # a function template instance names its return type first: `int ns::f<int>(int)`
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        elif ch == " " and depth == 0 and not text[:i].endswith("operator"):
            start = i + 1
    return text[start:]


def declarations(headers: Sequence[Header]) -> dict[str, Loc]:
    """Qualified name -> where the headers declare it (functions, methods, constructors and
    destructors, static members, variables, classes)."""
    out: dict[str, Loc] = {}
    for h in headers:
        for f in h.functions:
            out.setdefault(f.qualname, f.loc)
        for v in h.variables:
            out.setdefault(v.qualname, v.loc)
        for c in h.classes:
            for name, loc in _class_declarations(c):
                out.setdefault(name, loc)
    return out


def _class_declarations(c: Class) -> Iterator[tuple[str, Loc]]:
    yield c.qualname, c.loc
    for m in c.methods:
        yield m.qualname, m.loc
    for k in c.constructors:
        yield f"{c.qualname}::{c.name}", k.loc
    yield f"{c.qualname}::~{c.name}", c.loc
    for f in c.fields:
        if f.is_static:
            yield f"{c.qualname}::{f.name}", f.loc
    for n in c.classes:
        yield from _class_declarations(n)


def report(missing: Sequence[str], headers: Sequence[Header], extension: Path,
           diags: Diagnostics) -> None:
    """One error per undefined symbol: at its declaration (SG410), or at the extension when no
    declaration of the headers matches it (SG411)."""
    known = declarations(headers)
    hint = ("add the source file that defines it (--sources FILE) or the library (-l NAME, "
            "-L DIR), or mark the declaration 'swiggen: ignore'")
    package = pkgconfig.package_for([h.path for h in headers]) if missing else ""
    if package:  # an installed library's header: its pkg-config file names the library
        hint = f"build with --pkg-config {package} (the library's flags), or " + hint
    includes = sorted({i for h in headers for i in h.includes})
    defining = installed.symbol_libraries(missing, includes) if missing else {}
    link = installed.link_hint(sorted(set(defining.values())), includes) if defining else ""
    for mangled, text in zip(missing, demangle(missing)):
        name = declared_name(text)
        loc = known.get(name)
        said = hint  # an installed library the headers include defines it: name it
        if mangled in defining:
            said = f"{os.path.basename(defining[mangled])} defines it: {link}"
        if loc is not None and text.startswith(_PREFIXES):
            diags.error(loc, "SG410", f"'{name}' declares a virtual method the linked code "
                        f"does not define (its '{text}' is an undefined symbol, {mangled})",
                        said)
        elif loc is not None:
            diags.error(loc, "SG410", f"'{text}' is declared here but the linked code does not "
                        f"define it (undefined symbol {mangled})", said)
        else:
            diags.error(Loc(str(extension)), "SG411",
                        f"undefined symbol '{text}' ({mangled}): the module would fail at import",
                        said if mangled in defining else
                        "link the library that defines it (-l NAME, -L DIR), or add its source "
                        "file (--sources FILE)")


def unresolved(missing: Sequence[str], headers: Sequence[Header]
               ) -> list[tuple[str, Loc, str, str]] | None:
    """(qualified name, its declaration, the symbol, its demangled text) of each undefined
    symbol; None if one
    matches no declaration (SG411: not something leaving a declaration out can fix) or is a
    virtual method's (the class's vtable needs it)."""
    known = declarations(headers)
    found: dict[str, tuple[str, Loc, str, str]] = {}
    for mangled, text in zip(missing, demangle(missing)):
        name = declared_name(text)
        loc = known.get(name)
        if loc is None or text.startswith(_PREFIXES):
            return None
        found.setdefault(text, (name, loc, mangled, text))
    return list(found.values())


def defined(extension: Path, missing: Sequence[str], headers: Sequence[Header]) -> int:
    """How many declarations of `headers` the extension uses and its linked code does define
    (the dynamic symbols it imports, less `missing` and Python's; a library with versioned
    symbols counts as none): fftw3's double API beside its float API without -lfftw3f."""
    gone = set(missing)
    names = [n for n in undefined_in(extension)
             if n not in gone and not n.startswith(("Py", "_Py"))]
    known = declarations(headers)
    return sum(1 for text in demangle(names) if declared_name(text) in known)
