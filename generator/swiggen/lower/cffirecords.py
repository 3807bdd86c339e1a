"""cffirecords: the plan's records of the PyPy cffi path (typed model, as plan.py): the free
functions a PyPy build also calls through cffi, each with its `extern "C"` shim's C types
(lower/cffiplan.py decides them; templates/python/cffi.i.j2 and cffi.py.j2 print them,
compile/cffibuild.py builds `_NAME_cffi` from them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CffiParam:
    name: str  #: the Python parameter's name (the stub's)
    ctype: str  #: its C type in the shim and the cdef (`long`, `double`, `bool`)
    kind: str  #: "int", "float" or "bool": which Python values take the cffi path
    default: str = ""  #: the default as a Python literal, "" for a required parameter


@dataclass(frozen=True)
class CffiFunction:
    """`int swiggen_cffi_add(int a0, int a1)` calling `ns::add` for the Python function `add`."""

    name: str  #: the Python name, as the module binds it
    cpp: str  #: the C++ function, qualified (`::ns::add`)
    params: tuple[CffiParam, ...]
    result: str  #: the C type of the result, `void` for none
    catches: bool  #: the shim catches what the function throws (it is not noexcept)
    nogil: bool  #: `nogil`: the shim takes no lock (the C-API path releases the GIL too)
    positional: int  #: how many leading parameters are positional-only

    def symbol(self, module: str) -> str:
        """The shim's C name (the module's name in it: every module's shims are exported; `fn_`
        keeps them apart from the module's own `swiggen_cffi_NAME_pending` and friends)."""
        return f"swiggen_cffi_{module}_fn_{self.name}"

    def c_params(self, bool_type: str = "bool") -> str:
        """The shim's parameter list (`int a0, double a1`, `void` for none); C spells
        bool `_Bool`."""
        return ", ".join(f"{self.c_type(p.ctype, bool_type)} a{i}"
                         for i, p in enumerate(self.params)) or "void"

    def c_result(self, bool_type: str = "bool") -> str:
        return self.c_type(self.result, bool_type)

    @staticmethod
    def c_type(ctype: str, bool_type: str) -> str:
        return bool_type if ctype == "bool" else ctype

    @property
    def arguments(self) -> str:
        return ", ".join(f"a{i}" for i in range(len(self.params)))

    def cdecl(self, module: str) -> str:
        """Its C declaration, for cffi's cdef and the glue."""
        return f"{self.c_result('_Bool')} {self.symbol(module)}({self.c_params('_Bool')});"

    @property
    def py_params(self) -> str:
        """The Python function's parameters: each missing unless passed (the C API path fills
        in C++'s default), the positional-only ones before `/`, then what else was passed."""
        names = [f"{p.name}=_swiggen_missing" for p in self.params]
        if self.positional:
            names.insert(self.positional, "/")
        return ", ".join([*names, "*_swiggen_args", "**_swiggen_kwargs"])

    @property
    def guard(self) -> str:
        """The Python condition under which cffi converts the arguments as swiggen does."""
        return " and ".join(_guard(p) for p in self.params) or "True"

    @property
    def py_arguments(self) -> str:
        return ", ".join(_local(p) for p in self.params)


def _guard(p: CffiParam) -> str:
    """The values of parameter `p` that take the cffi path: those of one exact type (any other,
    a subclass included, goes to the C API path, which converts it or raises its own error);
    an int for a double too (cffi refuses one too large: OverflowError, the C API path); for a
    C float, only finite values it holds (the C API path raises OverflowError beyond them)."""
    v = _local(p)
    if p.ctype == "double":
        return f"(_swiggen_type({v}) is float or _swiggen_type({v}) is int)"
    if p.ctype == "float":
        return f"_swiggen_type({v}) is float and -{_FLT_MAX} <= {v} <= {_FLT_MAX}"
    return f"_swiggen_type({v}) is {p.kind}"


_FLT_MAX = "3.4028234663852886e+38"


def _local(p: CffiParam) -> str:
    """The Python local holding a parameter's value on the cffi path (its default filled in)."""
    return f"_swiggen_d_{p.name}" if p.default else p.name
