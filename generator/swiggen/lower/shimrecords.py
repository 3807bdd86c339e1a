"""shimrecords: the plan's records of the C++ overloads swiggen writes in front of a function
(typed model, as plan.py): array shims (shared dimensions, N-D out arrays; lower/array_shims.py)
and C callback shims (a callable for a callback and its user data; lower/callables.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DimCheck:
    """Two array axes that take their size from one C++ dimension parameter `dim` must agree:
    axis `a_axis` of argument `a` (whose axes the shim holds in `a_shape`) and `b_axis` of `b`."""

    dim: str
    a: str
    a_axis: int
    a_shape: tuple[str, ...]
    b: str
    b_axis: int
    b_shape: tuple[str, ...]
    guard: str = ""  #: a C++ condition (optional arrays given), else always checked


@dataclass(frozen=True)
class OutArray:
    """A new array the shim allocates (into `holder`) and the wrapper returns: `name` is the
    C++ parameter, `shape` the C++ expressions of its dimensions."""

    holder: str
    element: str
    name: str
    shape: tuple[str, ...]
    dims: tuple[str, ...] = ()  #: each axis in words (`oh`, `oh = round(rh*fy)`), for errors


@dataclass(frozen=True)
class ArrayShim:
    """A C++ overload for a function whose arrays share dimensions, name them apart from their
    pointer, or return an N-D out array (lower/array_shims.py): it takes one adjacent
    pointer-and-dims run per array, checks the shared dimensions, allocates the out arrays and
    calls the original (`call`), which is %ignored."""

    function: str  #: the C++ function it serves, for the comment
    kind: str  #: "function", "method", "static" or "constructor"
    owner: str  #: the class of a method or constructor
    namespace: str  #: a free function's namespace ("" for the global one)
    name: str
    result: str  #: C++ result type ("" for a constructor)
    params: tuple[str, ...]
    const: bool
    checks: tuple[DimCheck, ...]
    outs: tuple[OutArray, ...]
    call: str
    nogil: bool
    #: sizes computed from arguments (`oh=round(rh*fy)`): (local, C++ expression), in order
    sizes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CallbackShim:
    """A C++ overload for a function taking a C callback and its user data (lower/callables.py):
    one `swiggen::c_callback` parameter in place of the pair, which it passes to the %ignored
    original (`call`); `mode` says how long the callable lives: "call", "keep" (registered
    under `registry` until its unregister call) or "find" (the unregister call itself)."""

    function: str  #: the C++ function it serves, for the comment
    kind: str  #: "function", "method" or "static"
    owner: str
    namespace: str
    name: str
    result: str
    params: tuple[str, ...]
    const: bool
    call: str
    callback: str  #: the shim's callback parameter
    mode: str
    registry: str
