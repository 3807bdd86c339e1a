"""pkgconfig: an installed library's compile and link flags, from its pkg-config file.

    swiggen build /usr/include/cjson/cJSON.h -m cjson --pkg-config libcjson
    [[tool.swiggen.modules]]  ...  pkg-config = ["libcjson"]

Every Debian, conda and Homebrew library ships a `.pc` file naming its include folders, macros
and libraries. `flags(names)` runs `pkg-config --cflags` and `--libs` once for the names and
sorts what they print into what the parse, SWIG and the compile take: `-I` folders, `-D`
macros, other compile flags (`-pthread`, which the parse is given too when it changes what
headers declare), `-l` libraries, `-L` folders and other link flags. A missing pkg-config or
package is an SG105 error naming it and what to do.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

from .diagnostics import Diagnostic, Diagnostics, Loc, Severity, SwiggenError


@dataclass(frozen=True)
class PkgFlags:
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()  #: `NAME` or `NAME=VALUE`, without -D
    compile_args: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    library_dirs: tuple[str, ...] = ()
    link_args: tuple[str, ...] = ()


def flags(names: Sequence[str], loc: Loc = Loc("--pkg-config")) -> PkgFlags:
    """The flags of pkg-config packages `names` (none: empty); SwiggenError (SG105) at `loc`
    when pkg-config or a package is missing."""
    if not names:
        return PkgFlags()
    return _flags(tuple(names), loc)


@functools.lru_cache(maxsize=None)
def _flags(names: tuple[str, ...], loc: Loc) -> PkgFlags:
    tool = shutil.which("pkg-config") or shutil.which("pkgconf")
    if tool is None:
        raise SwiggenError(Diagnostic(loc, Severity.ERROR, "SG105", "pkg-config is not "
                                      f"installed, so the flags of {', '.join(names)} are "
                                      "unknown",
                                      "install pkg-config (apt-get install pkg-config, brew "
                                      "install pkg-config), or give -I, -l and -L instead"))
    cflags = _run(tool, "--cflags", names, loc)
    libs = _run(tool, "--libs", names, loc)
    out: dict[str, list[str]] = {k: [] for k in ("I", "D", "c", "l", "L", "k")}
    for flag in cflags:
        if flag.startswith("-I") and len(flag) > 2:
            out["I"].append(flag[2:])
        elif flag.startswith("-D") and len(flag) > 2:
            out["D"].append(flag[2:])
        else:
            out["c"].append(flag)
    for flag in libs:
        if flag.startswith("-l") and len(flag) > 2:
            out["l"].append(flag[2:])
        elif flag.startswith("-L") and len(flag) > 2:
            out["L"].append(flag[2:])
        else:
            out["k"].append(flag)
    unique = {k: tuple(dict.fromkeys(v)) for k, v in out.items()}
    return PkgFlags(unique["I"], unique["D"], unique["c"], unique["l"], unique["L"], unique["k"])


def _run(tool: str, what: str, names: tuple[str, ...], loc: Loc) -> list[str]:
    try:
        proc = subprocess.run([tool, what, *names], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SwiggenError(Diagnostic(loc, Severity.ERROR, "SG105", f"pkg-config failed: {exc}",
                                      "give -I, -l and -L instead")) from None
    if proc.returncode != 0:
        said = " ".join(proc.stderr.split())
        missing = [n for n in names if subprocess.run(
            [tool, "--exists", n], capture_output=True).returncode != 0]
        raise SwiggenError(Diagnostics([Diagnostic(
            loc, Severity.ERROR, "SG105",
            f"pkg-config knows no package '{n}'" + (f" ({said})" if said else ""),
            "install the library's development package (apt-get install lib...-dev), name "
            "it as `pkg-config --list-all` does, or add its folder to PKG_CONFIG_PATH")
            for n in missing or names]))
    return shlex.split(proc.stdout)


#: where installed libraries' headers live (a project's own headers get no suggestion)
_INSTALLED = ("/usr/", "/opt/", "/nix/")


def package_for(headers: Sequence[str]) -> str:
    """The pkg-config package the installed `headers` belong to, or "": one named after a
    header (`jansson.h`: jansson, `zstd.h`: libzstd), else one whose -I names a header's
    folder (`/usr/include/cjson/cJSON.h`: libcjson). For an error's hint: it runs pkg-config
    once per package at worst."""
    tool = shutil.which("pkg-config") or shutil.which("pkgconf")
    real = [os.path.realpath(h) for h in headers]
    if tool is None or not any(r.startswith(_INSTALLED) for r in real):
        return ""
    try:
        listed = subprocess.run([tool, "--list-all"], capture_output=True, text=True,
                                timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
    names = sorted({line.split()[0] for line in listed.splitlines() if line.strip()})
    stems = {os.path.splitext(os.path.basename(r))[0].lower() for r in real}
    for n in names:
        if re.sub(r"[-.\d]+$", "", n.lower().removeprefix("lib")) in stems:
            return n
    return naming_folder(*sorted({os.path.dirname(r) for r in real}), names=names)


def naming_folder(*folders: str, names: Sequence[str] = ()) -> str:
    """The pkg-config package whose cflags add one of `folders` (-I), or "": a package named
    like a folder first (`/usr/include/eigen3`: eigen3), then the others (`names`, or
    `pkg-config --list-all`). For an error's hint: it runs pkg-config once per package at
    worst."""
    tool = shutil.which("pkg-config") or shutil.which("pkgconf")
    if tool is None or not folders:
        return ""
    if not names:
        try:
            listed = subprocess.run([tool, "--list-all"], capture_output=True, text=True,
                                    timeout=30).stdout
        except (OSError, subprocess.TimeoutExpired):
            return ""
        names = sorted({line.split()[0] for line in listed.splitlines() if line.strip()})
    real = {os.path.realpath(f) for f in folders}
    bases = {os.path.basename(f) for f in real}
    for n in sorted(names, key=lambda n: n not in bases):
        if any(os.path.realpath(d) in real for d in _include_dirs(tool, n)):
            return n
    return ""


@functools.lru_cache(maxsize=None)
def _include_dirs(tool: str, name: str) -> tuple[str, ...]:
    try:
        out = subprocess.run([tool, "--cflags-only-I", name], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ()
    return tuple(f[2:] for f in shlex.split(out) if f.startswith("-I"))
