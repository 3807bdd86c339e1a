"""The setuptools hook: `pip install .`, `pip install -e .` and `python -m build` for bindings.

    # setup.py
    from setuptools import setup
    from swiggen.setuptools import SwigGenExtension, build_ext

    setup(ext_modules=[SwigGenExtension("geometry._geom", headers=["src/geom.h"],
                                        sources=["src/geom.cpp"])],
          cmdclass={"build_ext": build_ext})

or, with no setup.py at all, `[[tool.swiggen.modules]]` in pyproject.toml: swiggen's
`setuptools.finalize_distribution_options` entry point (`finalize`) adds those modules and this
build_ext to the distribution.

Plain setuptools SWIG support runs SWIG from build_ext, after build_py has already collected the
Python files, so the SWIG-generated NAME.py is lost, and it writes NAME_wrap.cxx next to the .i.
Here build_ext runs the whole swiggen pipeline with its intermediate files in build_temp and
writes NAME.py, NAME.pyi and _NAME*.so straight into the build folder of the package (build_lib),
which is what goes into the wheel; in-place builds (`pip install -e .`, `build_ext --inplace`)
then copy all three next to the package's sources.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from setuptools import Extension
from setuptools.command.build_ext import build_ext as _setuptools_build_ext
from setuptools.command.egg_info import egg_info as _setuptools_egg_info

from . import project
from .diagnostics import Diagnostics, SwiggenError, ToolError

if TYPE_CHECKING:  # imported when building: `finalize` runs in every setuptools build
    from .distribution import ModuleInputs
    from .specs import BuildJob

from setuptools.errors import CompileError


class SwigGenExtension(Extension):  # type: ignore[misc]  # setuptools ships no types
    """An extension module made by swiggen from annotated C++ headers.

    `name` is the dotted name of the compiled part, `pkg._geom` (`pkg.geom` means the same):
    Python code imports `pkg.geom`, SWIG's NAME.py, which loads `pkg/_geom*.so`.
    `config` is a swiggen TOML file (annotations, typemaps); `platforms` maps `linux`, `darwin`
    or `win32` to extra settings (the keyword arguments below that take lists).
    """

    def __init__(self, name: str, headers: Sequence[str], sources: Sequence[str] = (), *,
                 include_dirs: Sequence[str] = (),
                 define_macros: Sequence[tuple[str, str | None]] = (),
                 libraries: Sequence[str] = (), library_dirs: Sequence[str] = (),
                 extra_compile_args: Sequence[str] = (), extra_link_args: Sequence[str] = (),
                 config: str | None = None, typemaps: Sequence[str] = (), std: str = "c++17",
                 platforms: dict[str, dict[str, Sequence[Any]]] | None = None,
                 config_module: str = "", imports: Sequence[str] = (), units: int = 0,
                 strict: bool = False, **kwargs: Any) -> None:
        settings: dict[str, list[Any]] = {
            "sources": list(sources), "include_dirs": list(include_dirs),
            "define_macros": list(define_macros), "libraries": list(libraries),
            "library_dirs": list(library_dirs), "extra_compile_args": list(extra_compile_args),
            "extra_link_args": list(extra_link_args),
        }
        for plat, extra in (platforms or {}).items():
            if plat not in project.PLATFORMS:
                raise ValueError(f"SwigGenExtension({name!r}): unknown platform {plat!r} "
                                 f"(use {', '.join(project.PLATFORMS)})")
            unknown = set(extra) - set(settings)
            if unknown:
                raise ValueError(f"SwigGenExtension({name!r}): platform {plat!r} sets "
                                 f"{', '.join(sorted(unknown))} (use {', '.join(settings)})")
            if plat == project.current_platform():
                for key, values in extra.items():
                    settings[key] += list(values)
        self.headers = [str(h) for h in headers]
        self.config = config
        self.config_module = config_module
        self.typemaps = [str(t) for t in typemaps]
        #: other SwigGenExtensions (by name) whose classes this one uses: built first, sharing
        #: one SWIG type table so objects pass between them
        self.imports = [project.extension_name(i) for i in imports]
        self.std = std
        #: translation units for the wrapper: 0 splits a large one automatically, 1 never
        self.units = units
        #: a declaration whose wrapper does not compile fails the build (else: left out, SG420)
        self.strict = strict
        # sdists need every input: setuptools adds `sources` and `depends` to them
        depends = [*self.headers, *self.typemaps, *([config] if config else [])]
        kwargs["depends"] = [*kwargs.get("depends", ()), *depends]
        super().__init__(project.extension_name(name), language="c++", **settings, **kwargs)

    @property
    def module(self) -> str:
        """SWIG's module name (`geom` for `pkg._geom`)."""
        return project.module_name(self.name)

    @classmethod
    def from_project(cls, mod: project.ProjectModule) -> SwigGenExtension:
        """The extension for one `[[tool.swiggen.modules]]` entry."""
        return cls(mod.name, mod.headers, mod.sources, include_dirs=mod.include_dirs,
                   define_macros=[_macro(d) for d in mod.defines], libraries=mod.libraries,
                   library_dirs=mod.library_dirs, extra_compile_args=mod.extra_compile_args,
                   extra_link_args=mod.extra_link_args, config=mod.config,
                   typemaps=mod.typemaps, std=mod.std,
                   config_module=mod.name if mod.inline else "", imports=mod.imports,
                   units=mod.units, strict=mod.strict)


def _env_flags(name: str) -> list[str]:
    return shlex.split(os.environ.get(name, ""))


def _macro(define: str) -> tuple[str, str | None]:
    name, eq, value = define.partition("=")
    return (name, value if eq else None)


def _define(macro: tuple[str, str | None]) -> str:
    return macro[0] if macro[1] is None else f"{macro[0]}={macro[1]}"


class build_ext(_setuptools_build_ext):  # type: ignore[misc]
    """setuptools' build_ext that builds SwigGenExtensions with swiggen (others as usual).

    Modules build in parallel (`build_ext -j N`, default one compiler per CPU), incrementally:
    intermediate files and hash stamps live in build_temp/swiggen/<name>, so a second build with
    nothing changed runs neither SWIG nor the compiler. `CPPFLAGS`/`CXXFLAGS` and `LDFLAGS` from
    the environment are added to the compile and link commands (after swiggen's `-O2`).
    """

    def _swiggen_extensions(self) -> list[SwigGenExtension]:
        return [e for e in self.extensions if isinstance(e, SwigGenExtension)]

    def build_extensions(self) -> None:
        self.check_extensions_list(self.extensions)
        ours = self._swiggen_extensions()
        for ext in self.extensions:
            if not isinstance(ext, SwigGenExtension):
                with self._filter_build_errors(ext):
                    self.build_extension(ext)
        if ours:
            self._build_swiggen(ours)

    def _job(self, ext: SwigGenExtension) -> BuildJob:
        from .compile.extension import BuildOptions
        from .specs import BuildJob, ModuleSpec

        out_dir = Path(self.get_ext_fullpath(ext.name)).parent
        spec = ModuleSpec(
            module=ext.module,
            headers=tuple(ext.headers),
            include_dirs=tuple([*ext.include_dirs, *(self.include_dirs or [])]),
            defines=tuple(_define(m) for m in [*ext.define_macros, *(self.define or [])]),
            std=ext.std,
            config=ext.config,
            typemaps=tuple(ext.typemaps),
            config_module=ext.config_module,
            package=ext.name.rpartition(".")[0],
        )
        options = BuildOptions(
            libraries=tuple([*ext.libraries, *(self.libraries or [])]),
            library_dirs=tuple([*ext.library_dirs, *(self.library_dirs or [])]),
            optimize="-O0" if self.debug else "-O2",
            # the usual environment variables come last, so that they win
            extra_compile_args=tuple([*(["-g"] if self.debug else []),
                                      *ext.extra_compile_args, *_env_flags("CPPFLAGS"),
                                      *_env_flags("CXXFLAGS")]),
            extra_link_args=tuple([*ext.extra_link_args, *_env_flags("LDFLAGS")]),
            units=ext.units,
        )
        build_dir = Path(self.build_temp) / "swiggen" / ext.name
        return BuildJob(spec, tuple(ext.sources), options, out_dir, build_dir,
                        outputs=("py", "ext", "pyi"), strict=ext.strict)

    def _build_swiggen(self, exts: list[SwigGenExtension]) -> None:
        from .pipeline import BuildResult, build_many, link_imports
        from .progress import ProgressDisplay

        jobs = link_imports([self._job(e) for e in exts], [e.name for e in exts],
                            [e.imports for e in exts])
        parallel = self.parallel if isinstance(self.parallel, int) and \
            not isinstance(self.parallel, bool) else 0
        display = ProgressDisplay([e.module for e in exts], sys.stderr)
        results = build_many(jobs, parallel, display)
        failed = []
        for ext, result in zip(exts, results):
            if isinstance(result, BuildResult):
                for w in result.warnings:
                    print(w, file=sys.stderr)
                if result.swig_messages:
                    print(result.swig_messages, file=sys.stderr)
                continue
            if isinstance(result, SwiggenError):
                text = "\n".join(str(d) for d in result.diagnostics.sorted())
            elif isinstance(result, ToolError):
                text = result.report()
            else:
                text = f"{type(result).__name__}: {result}"
            print(f"swiggen: building {ext.name} failed:\n{text}", file=sys.stderr)
            if not ext.optional:
                failed.append(ext.name)
        if failed:
            raise CompileError(f"swiggen could not build {', '.join(failed)} (see above)")

    # -- what the build made, for wheels, in-place builds and editable installs --

    @staticmethod
    def _companions(ext_path: str, ext: SwigGenExtension) -> list[str]:
        """NAME.py and NAME.pyi, written next to _NAME*.so."""
        folder = os.path.dirname(ext_path)
        return [os.path.join(folder, f"{ext.module}{suffix}") for suffix in (".py", ".pyi")]

    def get_outputs(self) -> list[str]:
        outputs = list(super().get_outputs())
        if self.inplace:
            return outputs  # get_output_mapping's keys, which include ours
        for ext in self._swiggen_extensions():
            outputs += self._companions(self.get_ext_fullpath(ext.name), ext)
        return sorted(outputs)

    def _inplace_folder(self, ext: SwigGenExtension) -> str:
        build_py = self.get_finalized_command("build_py")
        package = ext.name.rpartition(".")[0]
        return str(build_py.get_package_dir(package))

    def _extra_mapping(self) -> Iterable[tuple[str, str]]:
        inplace: bool = getattr(self, "inplace")
        self.inplace = False  # get_ext_fullpath: the build_lib path
        try:
            for ext in self._swiggen_extensions():
                built = self._companions(self.get_ext_fullpath(ext.name), ext)
                folder = self._inplace_folder(ext)
                for path in built:
                    yield path, os.path.join(folder, os.path.basename(path))
        finally:
            self.inplace = inplace

    def get_output_mapping(self) -> dict[str, str]:
        mapping = dict(super().get_output_mapping())
        if self.inplace:
            mapping.update(self._extra_mapping())
        return dict(sorted(mapping.items()))

    def copy_extensions_to_source(self) -> None:
        super().copy_extensions_to_source()
        for built, inplace in list(self._extra_mapping()):
            self.copy_file(built, inplace, level=self.verbose)

    # -- what the sdist and the metadata need (distribution.py) --

    def swiggen_inputs(self, ext: SwigGenExtension) -> ModuleInputs:
        """The project files the module's parse read, and whether it needs numpy: found once
        per command (egg_info asks for the requirements, then for the file list)."""
        from .distribution import inspect_module

        found: dict[str, ModuleInputs] = self.__dict__.setdefault("_swiggen_inputs", {})
        if ext.name not in found:
            build = self.get_finalized_command("build")
            inputs = inspect_module(self._job(ext), Path.cwd(), exclude=[build.build_base])
            if inputs.problem:
                print(f"swiggen: {ext.name} does not parse, so the headers it includes are not "
                      f"known (its build will say why):\n{inputs.problem}", file=sys.stderr)
            found[ext.name] = inputs
        return found[ext.name]

    def get_source_files(self) -> list[str]:
        """setuptools' (sources, depends), with every project file the modules' parses read:
        the headers the listed ones include, and those the sources include."""
        files = list(super().get_source_files())
        for ext in self._swiggen_extensions():
            found = [*ext.depends, *self.swiggen_inputs(ext).files]
            files += [f for f in dict.fromkeys(found) if f not in files]
        return files

    def swiggen_requirements(self) -> dict[str, list[str]]:
        """Run-time requirements by the modules that need them: numpy for those that pass
        numpy arrays."""
        from .distribution import NUMPY

        return {NUMPY: [e.name for e in self._swiggen_extensions()
                        if self.swiggen_inputs(e).numpy]}


class egg_info(_setuptools_egg_info):  # type: ignore[misc]
    """setuptools' egg_info, which first adds the swiggen modules' run-time requirements
    (numpy, for a module that passes numpy arrays) to the distribution's, unless it names them
    already; the metadata it writes (PKG-INFO, then the wheel's METADATA) lists them."""

    def run(self) -> None:
        command = self.get_finalized_command("build_ext")
        if isinstance(command, build_ext):
            add_requirements(self.distribution, command.swiggen_requirements())
        super().run()


def _requirement_name(requirement: str) -> str:
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    return re.sub(r"[-_.]+", "-", match.group(1)).lower() if match else ""


def add_requirements(dist: Any, wanted: dict[str, list[str]]) -> None:
    """Add each requirement some module needs that `dist` does not name (a new list: setuptools
    keeps pyproject.toml's own lists unchanged, and marks the field dynamic in PKG-INFO)."""
    have = {_requirement_name(r) for r in dist.install_requires or []}
    added = [r for r, users in wanted.items() if users and _requirement_name(r) not in have]
    if not added:
        return
    for req in added:
        print(f"swiggen: {', '.join(wanted[req])} needs {req} at run time: added to the "
              "requirements", file=sys.stderr)
    dist.install_requires = [*(dist.install_requires or []), *added]
    dist.metadata.install_requires = dist.install_requires


def finalize(dist: Any) -> None:
    """setuptools.finalize_distribution_options: add pyproject.toml's swiggen modules.

    Does nothing unless ./pyproject.toml has `[[tool.swiggen.modules]]` or setup.py gives
    SwigGenExtensions, so installing swiggen changes no other project's build. A project with
    swiggen modules gets swiggen's egg_info too (run-time requirements such as numpy).
    """
    pyproject = Path("pyproject.toml")
    if project.has_modules(pyproject):
        _add_project_modules(dist, pyproject)
    if any(isinstance(e, SwigGenExtension) for e in dist.ext_modules or []):
        current = dist.cmdclass.get("egg_info")
        if current is None:
            dist.cmdclass["egg_info"] = egg_info
        elif not issubclass(current, egg_info):
            print("swiggen: the project has its own egg_info command, so numpy is not added "
                  "to its requirements for modules that pass arrays (derive it from "
                  "swiggen.setuptools.egg_info, or list numpy yourself)", file=sys.stderr)


def _add_project_modules(dist: Any, pyproject: Path) -> None:
    """pyproject.toml's `[[tool.swiggen.modules]]` as SwigGenExtensions, with swiggen's
    build_ext."""
    diags = Diagnostics()
    modules = project.load_modules(pyproject, diags)
    if diags.errors:
        raise SwiggenError(diags)
    existing = {e.name for e in dist.ext_modules or []}
    dist.ext_modules = [*(dist.ext_modules or []), *(
        SwigGenExtension.from_project(m) for m in modules
        if project.extension_name(m.name) not in existing)]
    current = dist.cmdclass.get("build_ext")
    if current is None or not issubclass(current, build_ext):
        if current is not None:
            print("swiggen: replacing the project's build_ext command with swiggen's "
                  "(derive yours from swiggen.setuptools.build_ext to keep both)",
                  file=sys.stderr)
        dist.cmdclass["build_ext"] = build_ext
