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
    #: `__o2`: one member of an overload set (CffiOverloads calls it), "" for a function alone
    tag: str = ""

    def symbol(self, module: str) -> str:
        """The shim's C name (the module's name in it: every module's shims are exported; `fn_`
        keeps them apart from the module's own `swiggen_cffi_NAME_pending` and friends)."""
        return f"swiggen_cffi_{module}_fn_{self.name}{self.tag}"

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


@dataclass(frozen=True)
class CffiBranch:
    """Arguments of these exact Python types (`int`, `float`, `bool`, one per parameter) go to
    `member`, the overload the C API path's dispatch would take for them (lower/cffioverloads.py
    proves it); `ranges`: the positions of C `float` parameters, taken within float's range."""

    kinds: tuple[str, ...]
    member: CffiFunction
    ranges: tuple[int, ...] = ()

    @property
    def condition(self) -> str:
        parts = [f"_swiggen_type(_swiggen_a{i}) is {k}" for i, k in enumerate(self.kinds)]
        parts += [f"-{_FLT_MAX} <= _swiggen_a{i} <= {_FLT_MAX}" for i in self.ranges]
        return " and ".join(parts) or "True"

    @property
    def arguments(self) -> str:
        return ", ".join(f"_swiggen_a{i}" for i in range(len(self.kinds)))


@dataclass(frozen=True)
class CffiOverloads:
    """An overload set PyPy calls through cffi for the argument types whose overload is known:
    a Python function dispatching positional arguments by their exact types, each branch to one
    member's shim; anything else (keywords, other types, a branch cffi refuses) to the C API
    function with what the caller passed."""

    name: str  #: the Python name
    branches: tuple[CffiBranch, ...]

    @property
    def arities(self) -> tuple[tuple[int, tuple[CffiBranch, ...]], ...]:
        """The branches by how many arguments they take, fewest first."""
        counts = sorted({len(b.kinds) for b in self.branches})
        return tuple((n, tuple(b for b in self.branches if len(b.kinds) == n)) for n in counts)

    @staticmethod
    def unpack(n: int) -> str:
        """`_swiggen_a0, _swiggen_a1 = _swiggen_args`: the `n` positional arguments."""
        return "".join(f"_swiggen_a{i}, " for i in range(n)).rstrip(" ") + " = _swiggen_args"


@dataclass(frozen=True)
class CffiField:
    """A scalar field PyPy reads (and writes) through cffi at the object's address + its offset."""

    name: str  #: the Python attribute
    member: str  #: the C++ member
    ctype: str  #: its C type (`double`, `long`, `bool`)
    kind: str  #: "int", "float" or "bool": which Python values a write takes through cffi
    writable: bool

    def c_type(self) -> str:
        return "_Bool" if self.ctype == "bool" else self.ctype


@dataclass(frozen=True)
class CffiClass:
    """A plain struct whose scalar fields PyPy accesses through cffi (lower/cffifields.py)."""

    name: str  #: the Python class
    cpp: str  #: the C++ class, qualified (`::geo::Point`)
    target: str  #: its name in the interface's %feature lines (`geo::Point`)
    fields: tuple[CffiField, ...]

    @property
    def writable(self) -> tuple[CffiField, ...]:
        """The fields NAME.py's `__setattr__` writes itself (none: the C setattr is kept)."""
        return tuple(f for f in self.fields if f.writable)

    def symbol(self, module: str) -> str:
        """Its layout shim's C name: the offset of its i-th field, -1 if unknown."""
        return f"swiggen_cffi_{module}_fn_{self.name}__layout"

    def cdecl(self, module: str) -> str:
        return f"long {self.symbol(module)}(int);"
