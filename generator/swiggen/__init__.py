"""swiggen: annotated C++ headers become SWIG interfaces and Python extension modules.

The pipeline, one subpackage per stage: parse/ -> model -> lower/ -> render/ -> swig/ ->
compile/. `swiggen.pipeline` strings them together (on the specs of `swiggen.specs`); the front
ends are `swiggen.cli` (the command line), `swiggen.setuptools` and `swiggen.project`
(pyproject.toml's module list), and `swiggen.load` / `%%swiggen` (`swiggen.loader`,
`swiggen.magic`: build and import from Python or a notebook). docs/architecture.md lists every
module with its job.

`load`, `BuildError` and `load_ipython_extension` are imported on first use: `import swiggen`
stays cheap (setuptools imports it on every run). So are `owned`, `own` and `disown`
(`swiggen.runtime`: who deletes a wrapped object's C++ object, docs/ownership.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:
    from .loader import BuildError, load
    from .magic import load_ipython_extension
    from .runtime import disown, own, owned

__all__ = ["BuildError", "__version__", "disown", "load", "load_ipython_extension", "own",
           "owned"]

_LAZY = {"load": "loader", "BuildError": "loader", "load_ipython_extension": "magic",
         "owned": "runtime", "own": "runtime", "disown": "runtime"}


def __getattr__(name: str) -> Any:
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'swiggen' has no attribute {name!r}")
    from importlib import import_module
    value = getattr(import_module(f".{where}", __name__), name)
    globals()[name] = value
    return value
