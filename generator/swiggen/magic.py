"""magic: the `%%swiggen` cell magic of IPython and Jupyter.

    %load_ext swiggen

    %%swiggen -m shapes
    // swiggen: rename(Area)
    inline double area(double w, double h) { return w * h; }

The cell is C++ (declarations with inline definitions, and `// swiggen:` annotations): it is
written to CACHE/cells/NAME.h (cache_dir() of loader.py) and built with `swiggen.load`, so an
unchanged cell imports its cached module without building. The module's public names go into
the notebook's namespace, and with `-m NAME` the module itself as NAME. The line takes
`swiggen build`'s options (`-m`, `--sources`, `-I`, `-D`, `-l`, `-L`, `--pkg-config`, `--std`,
`--config`, `--typemap`, `-O`, `-q`) and `--cxxflags`, `--ldflags`, `-f` (build again). Without
`--config`, no ./pyproject.toml applies: a cell's annotations are its own.

A failed build shows what `swiggen build` prints, the header written `<cell>` (its lines are the
cell's), and no traceback (BuildError._render_traceback_). IPython is imported by IPython only:
`cell_module` and `public_names` need none, and `import swiggen` stays cheap.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import shlex
import sys
import types
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from .diagnostics import Loc
from .loader import BuildError, cache_dir, load

#: how a failure shows the cell's header (its lines are the cell's)
CELL = "<cell>"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="%%swiggen", add_help=False, exit_on_error=False)
    p.add_argument("-m", "--module", default="")
    p.add_argument("--sources", nargs="+", default=[])
    p.add_argument("-I", dest="include_dirs", action="append", default=[])
    p.add_argument("-D", dest="defines", action="append", default=[])
    p.add_argument("-l", dest="libraries", action="append", default=[])
    p.add_argument("-L", dest="library_dirs", action="append", default=[])
    p.add_argument("--pkg-config", dest="pkg_config", action="append", default=[])
    p.add_argument("--std", default="c++17")
    p.add_argument("--config", default=None)
    p.add_argument("--typemap", dest="typemaps", action="append", default=[])
    p.add_argument("--cxxflags", default="")
    p.add_argument("--ldflags", default="")
    p.add_argument("-O", dest="optimize", default="2", choices=["0", "1", "2", "3", "s"])
    p.add_argument("-q", "--quiet", action="store_true")
    p.add_argument("-f", "--force", action="store_true")
    return p


def cell_module(line: str, cell: str) -> tuple[types.ModuleType, str]:
    """Build (or find in the cache) the module of a `%%swiggen` cell; returns it and the name
    to bind it to ("" without -m). ValueError for a bad line; BuildError for a bad cell."""
    try:
        args, rest = _parser().parse_known_args(shlex.split(line))
    except (argparse.ArgumentError, ValueError) as exc:
        raise ValueError(f"%%swiggen: {exc}") from None
    except SystemExit:  # argparse's own usage error, printed already
        raise ValueError(f"%%swiggen: bad options: {line}") from None
    if rest:
        raise ValueError(f"%%swiggen: unknown option(s): {' '.join(rest)}")
    name = args.module or "_swiggen_cell_" + hashlib.sha256(
        f"{line}\0{cell}".encode()).hexdigest()[:12]
    if not name.isidentifier():
        raise ValueError(f"%%swiggen: -m {name}: the module name must be a Python identifier")
    header = cell_header(name)
    text = cell if cell.endswith("\n") else cell + "\n"
    header.parent.mkdir(parents=True, exist_ok=True)
    if not header.is_file() or header.read_text() != text:  # an unchanged cell keeps its file
        header.write_text(text)
    try:
        with contextlib.redirect_stderr(_Shown(sys.stderr, str(header), CELL)):
            module = load(header, args.sources, module=name, include_dirs=args.include_dirs,
                          defines=args.defines, libraries=args.libraries,
                          library_dirs=args.library_dirs, pkg_config=args.pkg_config,
                          config=args.config, annotations=None if args.config else {},
                          typemaps=args.typemaps, cxxflags=shlex.split(args.cxxflags),
                          ldflags=shlex.split(args.ldflags), std=args.std,
                          optimize=args.optimize, quiet=args.quiet, force=args.force)
    except BuildError as err:
        raise replace_path(err, str(header), CELL) from None
    return module, args.module


def public_names(module: types.ModuleType) -> dict[str, Any]:
    """What a cell exposes: the module's names not starting with `_`, less modules."""
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    return {n: getattr(module, n) for n in names
            if not isinstance(getattr(module, n), types.ModuleType)}


def run_cell(line: str, cell: str, namespace: dict[str, Any]) -> None:
    """The magic's work: build the cell, then put its names (and module) in `namespace`."""
    module, bound = cell_module(line, cell)
    namespace.update(public_names(module))
    if bound:
        namespace[bound] = module


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext swiggen`: register the `%%swiggen` cell magic."""

    def swiggen(line: str, cell: str) -> None:
        try:
            run_cell(line, cell, ipython.user_ns)
        except ValueError as exc:  # a bad line: IPython's usage error, without a traceback
            from IPython.core.error import UsageError
            raise UsageError(str(exc)) from None

    swiggen.__doc__ = __doc__
    ipython.register_magic_function(swiggen, magic_kind="cell", magic_name="swiggen")


def cell_header(name: str) -> Path:
    """Where the cell of module `name` is written."""
    return cache_dir() / "cells" / f"{name}.h"


def replace_path(err: BuildError, path: str, shown: str) -> BuildError:
    """`err` with `path` written as `shown` in its message, diagnostics and log (a cell's
    header as `<cell>`)."""
    diags = [replace(d, loc=Loc(shown, d.loc.line)) if d.loc.file == path else d
             for d in err.diagnostics]
    return BuildError(str(err).replace(path, shown), diags, err.log.replace(path, shown))


class _Shown:
    """A stream that writes `path` as `shown`: a cell's warnings name `<cell>`, as its errors."""

    def __init__(self, stream: TextIO, path: str, shown: str) -> None:
        self.stream, self.path, self.shown = stream, path, shown

    def write(self, text: str) -> int:
        return self.stream.write(text.replace(self.path, self.shown))

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()
