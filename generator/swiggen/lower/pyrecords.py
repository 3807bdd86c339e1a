"""pyrecords: the module's Python face as plain frozen records (part of the plan).

What NAME.pyi prints (`StubClass`, `StubFunction`, `StubAttribute`, `StubParam`) and what NAME.py
builds when it loads (`PyEnum` with its `EnumMember`s, `NestedClass`); `ModulePlan`
(plan.py) holds them beside the interface's records.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class EnumMember:
    name: str  #: the Python member name
    constant: str  #: SWIG's loose constant for it in the C module (or on the owner class)
    #: its value as a Python literal where SWIG's constant (an int) cannot hold it, else ""
    value: str = ""


@dataclass(frozen=True)
class PyEnum:
    """A C++ enum turned into a Python `enum.IntEnum` after SWIG's constants are loaded."""

    index: int  #: slot in the C-side enum table (for returning members, not ints)
    name: str
    cpp: str  #: the C++ qualified name, for the out typemap
    owner: str  #: Python class name it is nested in, "" at module level
    members: tuple[EnumMember, ...]
    scoped: bool
    doc: str
    #: the integer type it converts as when its values do not fit in an int (`long long`,
    #: `unsigned long long`), "" otherwise
    base: str = ""
    #: used as flags (an `operator|` or `operator&` takes it): any combination of its bits is
    #: a valid argument (docs/safety.md)
    flags: bool = False


@dataclass(frozen=True)
class StubParam:
    name: str
    annotation: str
    has_default: bool
    default: str = "..."  #: the default as a Python literal, where it is one (signatures.py)
    #: the C++ parameter's index (0-based; -1: its index in the stub's parameters), which
    #: SWIG's argument errors count from (lower/errors.py)
    cpp_index: int = field(default=-1, compare=False)
    #: what an argument error says the parameter must be, where the annotation cannot say it
    #: (`a C++ double * from another call`, for an opaque scalar pointer); "": the annotation
    expected: str = field(default="", compare=False)
    #: passed by position only: an unnamed C++ parameter (its name is made up) or one before it
    positional_only: bool = False


@dataclass(frozen=True)
class StubFunction:
    name: str
    params: tuple[StubParam, ...]
    returns: str
    doc: str
    is_static: bool = False
    overloaded: bool = False
    positional: bool = False  #: takes no keywords: the stub marks its parameters with `/`
    #: the mypy error code the stub silences on it (`override`: C++ name hiding; `misc`: an
    #: in-place operator taking other types than its binary one), "" for none (stubignores.py)
    ignore: str = ""

    @property
    def signature(self) -> str:
        """`(x: int, y: float = ...) -> int` for a module-level function."""
        return self._signature("")

    @property
    def method_signature(self) -> str:
        """The same for a method: `self` first, unless it is static."""
        return self._signature("" if self.is_static else "self")

    def _signature(self, self_param: str) -> str:
        params = [f"{p.name}: {p.annotation}" + (f" = {p.default}" if p.has_default else "")
                  for p in self.params]
        # a slot wrapper (`__len__`, ...) takes positional arguments only, as Python's do
        dunder = self.name.startswith("__") and self.name != "__init__"
        if self.params and (self.positional or dunder):
            params.append("/")
        elif self.params and self.params[0].positional_only:
            params.insert(self.positional_prefix, "/")
        return "(" + ", ".join([self_param] * bool(self_param) + params) + f") -> {self.returns}"

    @property
    def positional_prefix(self) -> int:
        """How many parameters come before `/` (all where the function takes no keywords)."""
        if self.positional:
            return len(self.params)
        return sum(p.positional_only for p in self.params)


@dataclass(frozen=True)
class StubAttribute:
    name: str
    annotation: str
    readonly: bool


@dataclass(frozen=True)
class StubClass:
    name: str
    bases: tuple[str, ...]
    doc: str
    attributes: tuple[StubAttribute, ...]
    methods: tuple[StubFunction, ...]
    enums: tuple[PyEnum, ...]
    classes: tuple[StubClass, ...] = ()  #: nested classes


@dataclass(frozen=True)
class NestedClass:
    """`struct Tree { struct Node {...}; };`: SWIG's flattened `Tree_Node` (`flat`) becomes
    `Tree.Node` (`owner`.`name`) when NAME.py loads, before anything else names it."""

    owner: str  #: the Python name of the enclosing class (itself dotted when nested)
    name: str
    flat: str
