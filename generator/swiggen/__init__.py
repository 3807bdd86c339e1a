"""swiggen: annotated C++ headers become SWIG interfaces and Python extension modules.

The pipeline, one module per stage: parse -> model -> lower -> render -> write -> swig -> build.
`swiggen.pipeline` strings them together; `swiggen.cli` is the command line.
"""

from ._version import __version__

__all__ = ["__version__"]
