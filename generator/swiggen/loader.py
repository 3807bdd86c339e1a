"""loader: `swiggen.load("x.h", sources=[...])` builds a module and imports it, cached by content.

The build is `swiggen build`'s (pipeline.build), with its command line's options. The cache,
`cache_dir()` ($SWIGGEN_CACHE_DIR, else $XDG_CACHE_HOME/swiggen, else ~/.cache/swiggen), holds
`load/NAME-RECIPE/`: RECIPE hashes what is not file content (swiggen's version and files, the
paths, the options, pkg-config's flags, the compiler, the include-path environment, the Python
ABI); `build/` is its incremental build folder; `closure.json` lists the files its last build
read (the compiler's depfiles: the headers' include closure and the sources', outside the
system folders; the config and typemaps); `KEY/` is one finished module, KEY hashing RECIPE with
the content of that closure, with `built.json` written last. A load that finds `KEY/built.json`
imports it without building.

Each build is its own package, `_swiggen_NAME_<hash>` (ModuleSpec.package), imported as
`_swiggen_NAME_<hash>.NAME`: two builds of `x` (an edited header, two x.h in different folders)
live side by side, with SWIG type tables (named after the package) apart. A failed build raises
BuildError, worded as `swiggen build` prints it. docs/load.md says all this for users.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import time
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib import import_module
from importlib.machinery import ModuleSpec as ImportSpec
from pathlib import Path
from typing import Any, Union

from ._version import __version__
from .diagnostics import Diagnostic, Loc, Severity, SwiggenError, ToolError

PathLike = Union[str, "os.PathLike[str]"]

#: finished modules kept per recipe (the newest); older ones are removed after a build
KEEP = 8
#: environment variables the compiler reads include paths from (part of the recipe)
_ENVIRONMENT = ("CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH", "SDKROOT", "CXX")


class BuildError(Exception):
    """A build `swiggen.load` (or `%%swiggen`) ran failed. `str(err)` is what `swiggen build`
    prints; `.diagnostics` the located diagnostics (earlier warnings, then the errors); `.log`
    everything the build said, a failing tool's whole output and command included."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = (),
                 log: str = "") -> None:
        super().__init__(message)
        self.diagnostics = list(diagnostics)
        self.log = log or message

    def _render_traceback_(self) -> list[str]:
        """IPython shows this instead of a traceback: the message as the CLI prints it."""
        return str(self).splitlines()


def cache_dir() -> Path:
    """$SWIGGEN_CACHE_DIR, else $XDG_CACHE_HOME/swiggen, else ~/.cache/swiggen."""
    named = os.environ.get("SWIGGEN_CACHE_DIR")
    if named:
        return Path(named).expanduser().resolve()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base).resolve() / "swiggen"


def load(headers: PathLike | Sequence[PathLike], sources: Sequence[PathLike] = (), *,
         module: str | None = None, include_dirs: Sequence[PathLike] = (),
         defines: Sequence[str] = (), libraries: Sequence[str] = (),
         library_dirs: Sequence[PathLike] = (), pkg_config: Sequence[str] = (),
         config: PathLike | None = None,
         annotations: Mapping[str, str | Sequence[str]] | None = None,
         typemaps: Sequence[PathLike] = (), cxxflags: Sequence[str] = (),
         ldflags: Sequence[str] = (), std: str = "c++17", optimize: str = "2",
         quiet: bool = False, force: bool = False) -> types.ModuleType:
    """Build the module of `headers` (one path or several) with `sources`, and import it.

    The options are `swiggen build`'s: `module` (-m; default: the first header's stem),
    `include_dirs` (-I), `defines` (-D), `libraries` (-l), `library_dirs` (-L), `pkg_config`
    (--pkg-config), `config` (--config; default, as the command's: ./pyproject.toml's
    [tool.swiggen], if any) or `annotations` (the config's [annotations] table as a dict, in
    place of a file), `typemaps` (--typemap), `std` (--std), `optimize` (-O), `quiet` (-q), and
    `cxxflags`/`ldflags` (extra compile and link flags). `force` builds again even when the
    cache has the module. Raises BuildError when the build fails.
    """
    headers = [headers] if isinstance(headers, (str, os.PathLike)) else list(headers)
    if not headers:
        raise ValueError("swiggen.load: give at least one header")
    if config is not None and annotations is not None:
        raise ValueError("swiggen.load: give config (a file) or annotations (a dict), not both")
    name = module or "".join(ch if ch.isalnum() else "_" for ch in Path(headers[0]).stem)
    if not name.isidentifier():
        raise ValueError(f"swiggen.load: module name {name!r} is not a Python identifier: "
                         "pass module=NAME")
    root = cache_dir()
    if annotations is not None:
        config = _config_file(root, annotations)
    elif config is None and os.path.isfile("pyproject.toml"):
        config = "pyproject.toml"  # as `swiggen build` reads it
    recipe = _recipe(name, [_abs(h) for h in headers], [_abs(s) for s in sources],
                     _abs(config) if config is not None else None,
                     include_dirs=[_abs(d) for d in include_dirs], defines=list(defines),
                     libraries=list(libraries), library_dirs=[_abs(d) for d in library_dirs],
                     pkg_config=list(pkg_config), typemaps=[_abs(t) for t in typemaps],
                     cxxflags=list(cxxflags), ldflags=list(ldflags), std=std,
                     optimize=optimize)
    folder = root / "load" / f"{name}-{recipe.key[:16]}"
    key = _key(recipe, _closure(folder, recipe))
    if not force:
        found = _built(folder / key[:16])
        if found is not None:
            return _import(folder / key[:16], found, name)
    return _build(recipe, folder, key, quiet, force)


@dataclass(frozen=True)
class _Recipe:
    """What a load asks for, paths absolute; `key` hashes it with the toolchain."""

    module: str
    headers: tuple[str, ...]
    sources: tuple[str, ...]
    config: str | None
    settings: str  #: the other options, as JSON
    key: str


def _abs(path: PathLike) -> str:
    return os.path.abspath(os.fspath(path))


def _recipe(module: str, headers: list[str], sources: list[str], config: str | None,
            **options: Any) -> _Recipe:
    from . import pkgconfig
    from .compile.toolchain import find_compiler

    try:
        pkg = asdict(pkgconfig.flags(options["pkg_config"]))
        compiler = find_compiler().command
    except SwiggenError as exc:
        raise _error(exc) from None
    settings = json.dumps(options, sort_keys=True)
    what = json.dumps([__version__, _own_files(), module, headers, sources, config, settings,
                       pkg, compiler, shutil.which(compiler[0]),
                       {v: os.environ.get(v, "") for v in _ENVIRONMENT}, _abi()],
                      sort_keys=True)
    return _Recipe(module, tuple(headers), tuple(sources), config, settings,
                   hashlib.sha256(what.encode()).hexdigest())


def _abi() -> list[str]:
    return [sys.implementation.cache_tag or "", sys.version,
            str(sysconfig.get_config_var("EXT_SUFFIX")), sysconfig.get_platform()]


@functools.lru_cache(maxsize=1)
def _own_files() -> str:
    """swiggen's code, templates and SWIG library with their sizes and mtimes: an edit to
    swiggen (an editable install) or another install of it makes another recipe. Stats only,
    without importing the pipeline (a cache hit stays fast), once per process (the swiggen a
    process runs is the one it started with)."""
    package = Path(__file__).resolve().parent
    files = sorted(package.rglob("*.py"))
    for folder in ("templates", "interfaces"):  # in the package, or a checkout's top
        for where in (package / folder, package.parent.parent / folder):
            if where.is_dir():
                files += sorted(p for p in where.rglob("*")
                                if p.is_file() and "__pycache__" not in p.parts)
                break
    h = hashlib.sha256()
    for p in files:
        try:
            st = p.stat()
        except OSError:  # removed since listed
            continue
        h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


def _config_file(root: Path, annotations: Mapping[str, str | Sequence[str]]) -> str:
    """`annotations` as a TOML config file in the cache (named by its content)."""
    lines = ["[annotations]"]
    for key, value in annotations.items():
        text = json.dumps(value if isinstance(value, str) else list(value))
        lines.append(f"{json.dumps(key)} = {text}")
    body = "\n".join(lines) + "\n"
    path = root / "configs" / f"{hashlib.sha256(body.encode()).hexdigest()[:16]}.toml"
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_atomic(path, body)
    return str(path)


def _inputs(recipe: _Recipe) -> list[str]:
    """The files a recipe names itself: headers, sources, config, typemaps."""
    typemaps = json.loads(recipe.settings)["typemaps"]
    return [*recipe.headers, *recipe.sources, *([recipe.config] if recipe.config else []),
            *typemaps]


def _closure(folder: Path, recipe: _Recipe) -> list[str]:
    """The files the recipe's last build read (closure.json), else the ones it names."""
    try:
        recorded = json.loads((folder / "closure.json").read_text())
        if isinstance(recorded, list):
            return sorted(set(_inputs(recipe)) | {str(p) for p in recorded})
    except (OSError, ValueError):
        pass
    return sorted(set(_inputs(recipe)))


def _key(recipe: _Recipe, files: Iterable[str]) -> str:
    h = hashlib.sha256(recipe.key.encode())
    for path in sorted(set(files)):
        try:
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        except OSError:
            digest = "-"
        h.update(f"\0{path}\0{digest}".encode())
    return h.hexdigest()


def _built(where: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((where / "built.json").read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "package" in data else None


def _import(where: Path, built: Mapping[str, Any], name: str) -> types.ModuleType:
    """NAME of the finished folder `where`, as `PACKAGE.NAME` (a package made for it)."""
    package = str(built["package"])
    full = f"{package}.{name}"
    if full in sys.modules:
        return sys.modules[full]
    if package not in sys.modules:
        pkg = types.ModuleType(package, f"swiggen.load's build of {name} ({where})")
        pkg.__path__ = [str(where)]
        pkg.__spec__ = ImportSpec(package, None, is_package=True)
        pkg.__spec__.submodule_search_locations = [str(where)]
        sys.modules[package] = pkg
    return import_module(full)


def _build(recipe: _Recipe, folder: Path, key: str, quiet: bool,
           force: bool) -> types.ModuleType:
    from . import pkgconfig
    from .compile.extension import BuildOptions
    from .compile.toolchain import preprocessor_flags
    from .pipeline import build
    from .progress import ProgressDisplay
    from .specs import ModuleSpec

    o = json.loads(recipe.settings)
    name = recipe.module
    package = f"_swiggen_{name}_{key[:12]}"
    if force or package in sys.modules:  # never two different modules under one name
        package += f"_{time.time_ns():x}"
    try:
        pkg = pkgconfig.flags(o["pkg_config"])
    except SwiggenError as exc:
        raise _error(exc) from None
    spec = ModuleSpec(module=name, headers=recipe.headers,
                      include_dirs=tuple(o["include_dirs"]) + pkg.include_dirs,
                      defines=tuple(o["defines"]) + pkg.defines,
                      cflags=preprocessor_flags(pkg.compile_args), std=o["std"],
                      config=recipe.config, typemaps=tuple(o["typemaps"]), package=package)
    options = BuildOptions(libraries=tuple(o["libraries"]) + pkg.libraries,
                           library_dirs=tuple(o["library_dirs"]) + pkg.library_dirs,
                           extra_compile_args=pkg.compile_args + tuple(o["cxxflags"]),
                           extra_link_args=pkg.link_args + tuple(o["ldflags"]),
                           optimize=f"-O{o['optimize']}")
    build_dir = folder / "build"
    out = folder / f".out-{os.getpid()}-{key[:16]}"
    shutil.rmtree(out, ignore_errors=True)
    start = time.monotonic()
    display = None if quiet or not sys.stderr.isatty() else ProgressDisplay(
        [name], sys.stderr, live=True)
    try:
        result = build(spec, recipe.sources, options, out, build_dir,
                       progress=(lambda stage: display(name, stage)) if display else _quiet)
    except (SwiggenError, ToolError) as exc:
        if display:
            display(name, "failed")
        shutil.rmtree(out, ignore_errors=True)
        raise _error(exc) from None
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise
    if display:
        display(name, "done")
    from .buildprint import summary as _summary
    _summary(name, result, 0.0, strict=False, brief=True)  # the warnings, as the CLI prints them
    closure = sorted(set(_inputs(recipe)) | set(_depfile_inputs(build_dir)))
    key = _key(recipe, closure)
    _write_atomic(folder / "closure.json", json.dumps(closure, indent=1))
    _write_atomic(out / "built.json", json.dumps({
        "package": package, "module": name, "key": key, "swiggen": __version__,
        "headers": list(recipe.headers), "sources": list(recipe.sources)}, indent=1))
    done = folder / key[:16]
    if force:
        shutil.rmtree(done, ignore_errors=True)
    try:
        os.rename(out, done)
    except OSError:  # another process finished the same build first: use its folder
        shutil.rmtree(out, ignore_errors=True)
    _prune(folder, keep=done)
    if not quiet:
        print(f"swiggen: built {name} in {time.monotonic() - start:.1f}s ({done})",
              file=sys.stderr)
    built = _built(done)
    if built is None:
        raise BuildError(f"swiggen: error: the build of {name} left no module in {done}")
    return _import(done, built, name)


def _quiet(stage: str) -> None:
    pass


def _depfile_inputs(build_dir: Path) -> list[str]:
    """What the compiles read (their -MMD depfiles): the headers' include closure and the
    sources' outside the system folders, less the build folder's own files and Python's
    headers (the ABI is part of the recipe)."""
    from .compile.extension import _read_depfile
    from .compile.toolchain import python_include_dirs

    skip = tuple(os.path.join(os.path.realpath(d), "") for d in
                 [str(build_dir), *python_include_dirs()])
    found: set[str] = set()
    for dep in build_dir.rglob("*.d"):
        try:
            listed = _read_depfile(dep)
        except OSError:
            continue
        for path in listed:
            full = os.path.abspath(path)
            if not os.path.realpath(full).startswith(skip):
                found.add(full)
    return sorted(found)


def _prune(folder: Path, keep: Path) -> None:
    """Remove all but the KEEP newest finished modules of a recipe."""
    done = [p for p in folder.iterdir() if p.is_dir() and (p / "built.json").is_file()]
    done.sort(key=lambda p: (p / "built.json").stat().st_mtime_ns, reverse=True)
    for old in done[KEEP:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def _error(exc: SwiggenError | ToolError) -> BuildError:
    """BuildError of a failure, worded as `swiggen build` prints it (buildprint.print_failure)."""
    lines = [str(w) for w in exc.earlier_warnings]
    if exc.swig_messages:
        lines.append(exc.swig_messages)
    diags = list(exc.earlier_warnings)
    log = ""
    if isinstance(exc, SwiggenError):
        errors = exc.diagnostics.sorted()
        lines += [str(d) for d in errors]
        diags += errors
    else:
        lines.append(f"swiggen: {exc.report()}")
        diags.append(Diagnostic(Loc("<build>"), Severity.ERROR, exc.code, str(exc)))
        import shlex
        log = "\n".join([*lines, "", "the tool's whole output:", exc.output,
                         f"command: {shlex.join(exc.command)}"])
    message = "\n".join(lines)
    return BuildError(message, diags, log or message)

