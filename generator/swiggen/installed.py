"""installed: where an installed library's missing header or undefined symbol comes from, for
an error's hint.

    'Eigen/Dense' file not found (SG102)
        -> it is in /usr/include/eigen3 (Debian package libeigen3-dev):
           add --pkg-config eigen3 (or -I/usr/include/eigen3)
    undefined symbol 'cv::resize(...)' (SG411)
        -> libopencv_imgproc.so defines it (Debian package libopencv-imgproc-dev): add
           -lopencv_imgproc

Header-only libraries (Eigen) and libraries whose `.pc` file ships only with a metapackage
(Debian's opencv4.pc comes with libopencv-dev, not with libopencv-core-dev) keep their headers
one folder below a standard include folder, which the compiler does not search. A missing
include is looked for in the immediate subfolders of `/usr/include` and `/usr/local/include`;
the folder found is named with the pkg-config package whose cflags add it, the Debian package
that owns the header (`dpkg -S`) and that package's libraries (`dpkg -L`). An undefined symbol
is looked for in the libraries of the Debian packages owning the installed headers the wrapped
ones include (`nm -D --defined-only`). All of this runs only when the error happens.
"""

from __future__ import annotations

import functools
import glob
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence

from . import pkgconfig

#: the standard include folders whose immediate subfolders hold a library's own include root
ROOTS = ("/usr/include", "/usr/local/include")
#: the compiler's and C library's own headers, which name no library to link
_TOOLCHAIN = re.compile(r"^/usr/include/(c\+\+|[^/]+-linux-gnu[^/]*)/")
#: at most this many libraries named in one hint (a full OpenCV shares its folder among 30)
_MAX_LIBS = 6


def missing_include(message: str) -> str:
    """The include a compiler's "'X' file not found" message names, or ""."""
    m = re.fullmatch(r"'(.+)' file not found", message.strip())
    return m.group(1) if m else ""


def include_hint(missing: str, roots: Sequence[str] = ROOTS) -> str:
    """What to add when `#include <missing>` is not found but an installed library's include
    root holds it, or "" when none does."""
    folder = include_root(missing, roots)
    if not folder:
        return ""
    header = os.path.join(folder, missing)
    package = pkgconfig.naming_folder(folder)
    debian = owners([header]).get(header, ())
    shared = owners([folder]).get(folder, ())  # every package with headers in the folder
    libs = libraries(tuple(dict.fromkeys([*debian, *shared])))
    where = f"'{missing}' is in {folder}"
    if debian:
        where += f" (Debian package {', '.join(debian)}"
        where += ")" if package else "; no pkg-config file names that folder)"
    elif not package:
        where += " (no pkg-config file names that folder)"
    link = ""
    if libs:
        shown = libs[:_MAX_LIBS]
        more = f" and {len(libs) - len(shown)} more" if len(libs) > len(shown) else ""
        link = " and link " + " ".join(f"-l{n}" for n in shown) + more
    if package:
        return f"{where}: add --pkg-config {package} (or -I{folder}{link})"
    return f"{where}: add -I{folder}{link}"


def include_root(missing: str, roots: Sequence[str] = ROOTS) -> str:
    """The first immediate subfolder of `roots` (sorted) that holds `missing`, or ""."""
    if not missing or os.path.isabs(missing):
        return ""
    for root in roots:
        for folder in sorted(glob.glob(os.path.join(glob.escape(root), "*", ""))):
            folder = folder.rstrip(os.sep)
            if os.path.exists(os.path.join(folder, missing)):
                return folder
    return ""


def owners(paths: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """path -> the Debian packages that own it (`dpkg -S`, one call), without `:arch`; a path
    no package owns, or no dpkg, is left out."""
    paths = list(dict.fromkeys(paths))
    dpkg = shutil.which("dpkg")
    if not paths or dpkg is None:
        return {}
    try:
        out = subprocess.run([dpkg, "-S", *paths], capture_output=True, text=True, check=False,
                             timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for line in out.splitlines():
        names, sep, path = line.partition(": ")
        if sep and path in paths and not names.startswith("diversion"):
            found[path] = tuple(n.strip().split(":")[0] for n in names.split(","))
    return found


@functools.cache
def library_files(packages: tuple[str, ...]) -> tuple[str, ...]:
    """The unversioned shared libraries (`lib*.so`, what `-l` links) the Debian `packages`
    install, in their order."""
    dpkg = shutil.which("dpkg")
    if not packages or dpkg is None:
        return ()
    files: list[str] = []
    for p in packages:
        try:
            out = subprocess.run([dpkg, "-L", p], capture_output=True, text=True, check=False,
                                 timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        files += [f for f in out.splitlines()
                  if re.fullmatch(r"/.*/lib/(.*/)?lib[^/]+\.so", f) and os.path.isfile(f)]
    return tuple(dict.fromkeys(files))


def libraries(packages: tuple[str, ...]) -> list[str]:
    """The `-l` names of the libraries the Debian `packages` install."""
    return [lib_name(f) for f in library_files(packages)]


def lib_name(path: str) -> str:
    """`/usr/lib/x86_64-linux-gnu/libopencv_core.so` -> `opencv_core`."""
    return os.path.basename(path).removeprefix("lib").removesuffix(".so")


def symbol_libraries(missing: Sequence[str], includes: Iterable[str]) -> dict[str, str]:
    """Undefined symbol -> the library (`lib*.so` path) that defines it, among the libraries of
    the Debian packages owning the installed headers `includes` (real paths the parse read)."""
    headers = [h for h in includes
               if h.startswith(("/usr/", "/opt/")) and not _TOOLCHAIN.search(h)]
    nm = shutil.which("nm")
    if not missing or not headers or nm is None:
        return {}
    packages = tuple(sorted({p for ps in owners(headers).values() for p in ps}))
    wanted = set(missing)
    found: dict[str, str] = {}
    for lib in library_files(packages):
        try:
            out = subprocess.run([nm, "-D", "--defined-only", lib], capture_output=True,
                                 check=False, text=True, timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        for line in out.splitlines():
            name = line.rsplit(" ", 1)[-1].split("@")[0]
            if name in wanted:
                found.setdefault(name, lib)
    return found


def link_hint(libs: Sequence[str], includes: Iterable[str]) -> str:
    """"link -lA -lB (installed by ...)" for the libraries found, plus the pkg-config package
    that names the include root of the installed headers `includes` when one does."""
    names = list(dict.fromkeys(lib_name(f) for f in libs))
    hint = "link " + " ".join(f"-l{n}" for n in names)
    debs = sorted({p for ps in owners(libs).values() for p in ps})
    if debs:
        hint += f" (installed by {', '.join(debs)})"
    roots = {include_root_of(h) for h in includes if not _TOOLCHAIN.search(h)} - {""}
    package = pkgconfig.naming_folder(*sorted(roots)) if roots else ""
    if package:
        hint += f", or build with --pkg-config {package}"
    return hint


def include_root_of(path: str) -> str:
    """`/usr/include/opencv4/opencv2/core.hpp` -> `/usr/include/opencv4` (the immediate
    subfolder of a standard include folder the path is in), or ""."""
    for root in ROOTS:
        rel = os.path.relpath(path, root)
        if not rel.startswith("..") and os.sep in rel:
            return os.path.join(root, rel.split(os.sep)[0])
    return ""
