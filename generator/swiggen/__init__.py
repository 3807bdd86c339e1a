"""swiggen: annotated C++ headers become SWIG interfaces and Python extension modules.

The pipeline, one subpackage per stage: parse/ -> model -> lower/ -> render/ -> swig/ ->
compile/. `swiggen.pipeline` strings them together (on the specs of `swiggen.specs`); the front
ends are `swiggen.cli` (the command line), `swiggen.setuptools` and `swiggen.project`
(pyproject.toml's module list). docs/architecture.md lists every module with its job.
"""

from ._version import __version__

__all__ = ["__version__"]
