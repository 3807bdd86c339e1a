"""The project's module list: `[[tool.swiggen.modules]]` in pyproject.toml.

    [[tool.swiggen.modules]]
    name = "geometry._geom"          # the extension; Python imports geometry.geom
    headers = ["src/geom.h"]
    sources = ["src/geom.cpp"]
    libraries = ["m"]
    pkg-config = ["libcjson"]        # an installed library's flags (pkgconfig.py)

    [tool.swiggen.modules.annotations]
    "geo::legacy_area" = "ignore"

    [tool.swiggen.modules.platform.win32]
    defines = ["GEOM_NO_POSIX"]

`swiggen build` with no headers builds every module listed; the setuptools hook turns each into
a SwigGenExtension. Settings under `platform.<linux|darwin|win32>` are added to the module's own
when building on that platform. Paths are relative to the folder holding pyproject.toml.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import key_line, read_toml
from .diagnostics import Diagnostics, Loc
from .parse.annotations import is_identifier

if TYPE_CHECKING:  # imported when building: keep `finalize` (every setuptools run) light
    from .compile.extension import BuildOptions
    from .specs import ModuleSpec

PLATFORMS = ("linux", "darwin", "win32")

#: list-valued keys: the ones a platform table may extend too
_LISTS = ("headers", "sources", "include-dirs", "defines", "libraries", "library-dirs",
          "extra-compile-args", "extra-link-args", "typemaps", "imports", "pkg-config")
_SCALARS = ("name", "std", "config", "units", "python", "strict", "pypy-cffi")
_TABLES = ("annotations", "platform")
_PLATFORM_KEYS = ("sources", "include-dirs", "defines", "libraries", "library-dirs",
                  "extra-compile-args", "extra-link-args", "pkg-config")


@dataclass(frozen=True)
class ProjectModule:
    """One `[[tool.swiggen.modules]]` entry, with this platform's settings merged in."""

    name: str  #: the extension's dotted name as written: "geometry._geom" or "geom"
    headers: tuple[str, ...]
    sources: tuple[str, ...] = ()
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    library_dirs: tuple[str, ...] = ()
    extra_compile_args: tuple[str, ...] = ()
    extra_link_args: tuple[str, ...] = ()
    typemaps: tuple[str, ...] = ()
    #: names of other modules of the project whose classes this one uses (shared types)
    imports: tuple[str, ...] = ()
    std: str = "c++17"
    config: str = ""  #: the TOML file with its annotations: pyproject.toml, or its `config`
    inline: bool = True  #: its annotations are in its pyproject entry (not a `config` file)
    units: int = 0  #: translation units for its wrapper (split.py): 0 automatic, 1 one
    python: str = ""  #: the Python it is built for (toolchain.target_python): "" swiggen's
    #: a declaration whose wrapper does not compile fails the build (else it is left out, SG420)
    strict: bool = False
    #: built for PyPy, free functions of scalars are called through cffi (compile/cffibuild.py)
    pypy_cffi: bool = True
    loc: Loc = Loc("pyproject.toml")

    @property
    def module(self) -> str:
        """SWIG's module name: the last part of the name without its leading underscore."""
        return module_name(self.name)

    @property
    def package(self) -> str:
        return self.name.rpartition(".")[0]


def module_name(ext_name: str) -> str:
    """`pkg._geom` and `pkg.geom` -> `geom`: SWIG's NAME (NAME.py next to _NAME*.so)."""
    return ext_name.rpartition(".")[2].removeprefix("_")


def extension_name(ext_name: str) -> str:
    """`pkg.geom` and `pkg._geom` -> `pkg._geom`: the dotted name of the compiled part."""
    package, _, last = ext_name.rpartition(".")
    return f"{package}.{'_' + module_name(last)}" if package else "_" + module_name(last)


def current_platform() -> str:
    return "linux" if sys.platform.startswith("linux") else sys.platform


def has_modules(pyproject: Path) -> bool:
    """Cheap check (no diagnostics): does this pyproject.toml list swiggen modules?"""
    diags = Diagnostics()
    table = read_toml(str(pyproject), diags) if pyproject.is_file() else None
    section = (table or {}).get("tool", {}).get("swiggen", {})
    return isinstance(section, dict) and bool(section.get("modules"))


def load_modules(pyproject: Path, diags: Diagnostics,
                 platform: str | None = None) -> list[ProjectModule]:
    """Every module of `[[tool.swiggen.modules]]`; problems are SG103 errors in `diags`."""
    path = str(pyproject)
    table = read_toml(path, diags)
    if table is None:
        return []
    section = table.get("tool", {}).get("swiggen", {})
    raw = section.get("modules", []) if isinstance(section, dict) else []
    if not isinstance(raw, list) or not all(isinstance(m, dict) for m in raw):
        diags.error(Loc(path), "SG103", "'tool.swiggen.modules' must be a list of tables",
                    'write each module as [[tool.swiggen.modules]] with name = "..."')
        return []
    lines = pyproject.read_text(encoding="utf-8").splitlines()
    base = pyproject.parent
    out: list[ProjectModule] = []
    seen: set[str] = set()
    for entry in raw:
        mod = _module(entry, path, lines, base, platform or current_platform(), diags)
        if mod is None:
            continue
        if mod.module in seen:
            diags.error(mod.loc, "SG103", f"two modules are named '{mod.module}'",
                        "give each module its own name")
        seen.add(mod.module)
        out.append(mod)
    return out


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _module(entry: dict[str, Any], path: str, lines: list[str], base: Path, platform: str,
            diags: Diagnostics) -> ProjectModule | None:
    name = entry.get("name")
    loc = Loc(path, key_line(lines, "name", str(name)) if isinstance(name, str) else 0)
    errors = len(diags.items)
    if not isinstance(name, str) or not all(is_identifier(p) for p in name.split(".")) or \
            not is_identifier(module_name(name)):
        diags.error(loc, "SG103", f"module name {name!r} is not a dotted Python name",
                    'e.g. name = "mypkg._geom" (imported as mypkg.geom)')
        return None
    for key in entry:
        if key not in _LISTS + _SCALARS + _TABLES:
            diags.error(loc, "SG103", f"unknown key '{key}' in module '{name}'",
                        f"use one of: {', '.join(_LISTS + _SCALARS + _TABLES)}")
    values: dict[str, list[str]] = {}
    for key in _LISTS:
        value = entry.get(key, [])
        if not _strings(value):
            diags.error(loc, "SG103", f"'{key}' of module '{name}' must be a list of strings",
                        f'e.g. {key} = ["..."]')
            value = []
        values[key] = list(value)
    if not values["headers"]:
        diags.error(loc, "SG103", f"module '{name}' lists no headers",
                    'e.g. headers = ["src/geom.h"]')
    platforms = entry.get("platform", {})
    if not isinstance(platforms, dict):
        diags.error(loc, "SG103", "'platform' must be a table of platform names", "")
        platforms = {}
    for plat, settings in platforms.items():
        if plat not in PLATFORMS or not isinstance(settings, dict):
            diags.error(loc, "SG103", f"unknown platform '{plat}' in module '{name}'",
                        f"use one of: {', '.join(PLATFORMS)}")
            continue
        for key, value in settings.items():
            if key not in _PLATFORM_KEYS or not _strings(value):
                diags.error(loc, "SG103",
                            f"'platform.{plat}.{key}' of module '{name}' is not a list setting",
                            f"use lists of strings for: {', '.join(_PLATFORM_KEYS)}")
            elif plat == platform:
                values[key] += value
    for key in ("std", "config", "python"):
        if key in entry and not isinstance(entry[key], str):
            diags.error(loc, "SG103", f"'{key}' of module '{name}' must be a string", "")
    units = entry.get("units", 0)
    if not isinstance(units, int) or isinstance(units, bool) or units < 0:
        diags.error(loc, "SG103", f"'units' of module '{name}' must be a whole number >= 0",
                    "0 splits a large wrapper automatically, 1 never, N into N units")
    if not isinstance(entry.get("strict", False), bool):
        diags.error(loc, "SG103", f"'strict' of module '{name}' must be true or false", "")
    if not isinstance(entry.get("pypy-cffi", True), bool):
        diags.error(loc, "SG103", f"'pypy-cffi' of module '{name}' must be true or false", "")
    if "config" in entry and "annotations" in entry:
        diags.error(loc, "SG103", f"module '{name}' has both 'config' and 'annotations'",
                    "keep the annotations in one place")
    if len(diags.items) > errors:
        return None
    if values["pkg-config"]:  # (an installed library's flags: pkgconfig.py)
        from . import pkgconfig
        from .diagnostics import SwiggenError
        try:
            pkg = pkgconfig.flags(values["pkg-config"], loc)
        except SwiggenError as exc:
            diags.extend(exc.diagnostics)
            return None
        values["include-dirs"] += pkg.include_dirs
        values["defines"] += pkg.defines
        values["extra-compile-args"] += pkg.compile_args
        values["libraries"] += pkg.libraries
        values["library-dirs"] += pkg.library_dirs
        values["extra-link-args"] += pkg.link_args

    def rel(p: str) -> str:
        return p if base == Path(".") or Path(p).is_absolute() else str(base / p)

    paths = {k: tuple(rel(p) for p in values[k])
             for k in ("headers", "sources", "include-dirs", "library-dirs")}
    config = rel(entry["config"]) if "config" in entry else path
    return ProjectModule(
        name=name,
        headers=paths["headers"],
        sources=paths["sources"],
        include_dirs=paths["include-dirs"],
        defines=tuple(values["defines"]),
        libraries=tuple(values["libraries"]),
        library_dirs=paths["library-dirs"],
        extra_compile_args=tuple(values["extra-compile-args"]),
        extra_link_args=tuple(values["extra-link-args"]),
        typemaps=tuple(rel(p) for p in values["typemaps"]),
        imports=tuple(extension_name(i) for i in values["imports"]),
        std=str(entry.get("std", "c++17")),
        config=config,
        inline="config" not in entry,
        units=units,
        python=str(entry.get("python", "")),
        strict=entry.get("strict", False) is True,
        pypy_cffi=entry.get("pypy-cffi", True) is not False,
        loc=loc,
    )


def package_root(pyproject: Path) -> Path:
    """Where packages live: `[tool.setuptools.package-dir] "" = "src"`, else the project root."""
    table = read_toml(str(pyproject), Diagnostics()) or {}
    dirs = table.get("tool", {}).get("setuptools", {}).get("package-dir", {})
    root = dirs.get("") if isinstance(dirs, dict) else None
    return pyproject.parent / root if isinstance(root, str) else pyproject.parent


def module_spec(mod: ProjectModule) -> ModuleSpec:
    """The pipeline's view of a project module (its annotations come from its own entry)."""
    from .specs import ModuleSpec

    return ModuleSpec(
        module=mod.module,
        headers=mod.headers,
        include_dirs=mod.include_dirs,
        defines=mod.defines,
        std=mod.std,
        config=mod.config,
        typemaps=mod.typemaps,
        config_module=mod.name if mod.inline else "",
        package=mod.name.rpartition(".")[0],
    )


def build_options(mod: ProjectModule, optimize: str = "-O2", jobs: int = 0,
                  units: int | None = None, python: str = "") -> BuildOptions:
    """`units`, `python`: override the module's own settings (the command line's --units,
    --python)."""
    from .compile.extension import BuildOptions

    return BuildOptions(
        units=mod.units if units is None else units,
        libraries=mod.libraries,
        library_dirs=mod.library_dirs,
        extra_compile_args=mod.extra_compile_args,
        extra_link_args=mod.extra_link_args,
        optimize=optimize,
        jobs=jobs,
        python=python or mod.python,
        pypy_cffi=mod.pypy_cffi,
    )
