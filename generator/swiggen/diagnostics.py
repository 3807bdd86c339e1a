"""Diagnostics are values: collected, sorted, reported together as `file:line: severity SGnnn: ...`.

Codes are stable: never renumber one, only add. The table below is the single list; the docs page
for diagnostics is written from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


#: code -> one-line summary. 1xx input, 2xx annotations/config, 3xx unsupported constructs,
#: 4xx toolchain (swig, compiler), 5xx build, 6xx target Python, 7xx post-processing.
CODES: dict[str, str] = {
    "SG101": "header file not found",
    "SG102": "C++ parse error",
    "SG103": "config file unreadable or malformed",
    "SG104": "umbrella header: the headers of its library it includes are wrapped in its place",
    "SG105": "pkg-config is missing, or knows no such package",
    "SG201": "unknown directive",
    "SG202": "directive has the wrong number of arguments",
    "SG203": "directive does not apply to this kind of declaration",
    "SG204": "malformed directive list",
    "SG205": "config annotation key matches no declaration",
    "SG206": "annotation comment attached to no declaration",
    "SG207": "invalid Python name",
    "SG208": "directive argument names nothing usable",
    "SG220": "Python would own an object of a class it cannot delete (no public destructor)",
    "SG221": "keep_alive(param) names no parameter that can be kept alive",
    "SG230": "out, inout or nullable names a parameter that cannot be one",
    "SG231": "status or false_is names a method or exception that does not fit",
    "SG301": "construct not wrapped",
    "SG302": "a default SWIG cannot spell: C++ fills it in, a keyword call cannot skip it",
    "SG303": "class template without template(...) directive is not wrapped",
    "SG304": "ownership of a returned raw pointer is not declared",
    "SG310": "nested class of a class template is not wrapped",
    "SG312": "pointer-to-number parameter that no Python value converts to (not out, inout, "
             "array or bytes)",
    "SG311": "declaration uses a standard library type swiggen does not convert that way",
    "SG330": "operator or conversion operator Python has no protocol for is not wrapped",
    "SG331": "variadic function or va_list parameter is not wrapped",
    "SG332": "callable parameter, result or field (std::function, function pointer) is not wrapped",
    "SG333": "field of a type C++ cannot assign and the module does not wrap is not wrapped",
    "SG334": "a declaration is renamed: another namespace has its Python name already",
    "SG335": "parameter of a type Python cannot make (std::initializer_list) is not wrapped",
    "SG336": "parameter, result or field of a container type swiggen does not convert",
    "SG337": "declaration uses a class or enum Python cannot have (from a header the module "
             "does not wrap, or private)",
    "SG338": "declaration needs a class that is only declared (`class Line;`) by value or "
             "through a smart pointer",
    "SG380": "callback(fn, user) names parameters that are not a C function pointer and its "
             "void* user data",
    "SG381": "callback(..., until=F) names no function of the same scope",
    "SG340": "overload that takes the same Python arguments as another (a str) is not wrapped",
    "SG341": "SWIG's own warning, located at the declaration it is about",
    "SG342": "class with a public constructor but no public destructor: Python never destroys "
             "the objects it constructs",
    "SG343": "method overload beside a static overload of the same name is not wrapped",
    "SG350": "rvalue-reference result of a class that cannot be moved or copied is not wrapped",
    "SG360": "overridable class has no virtual function to override",
    "SG361": "overridable class without a virtual destructor: C++ must not delete it through a "
             "base pointer",
    "SG370": "one parameter type and name is an out in one function and not in another",
    "SG390": "integer parameter next to an array is in no array directive",
    "SG401": "C++ compiler not found",
    "SG402": "SWIG failed",
    "SG403": "compilation failed",
    "SG404": "SWIG not found",
    "SG420": "left out: the compiler rejected the declaration's wrapper (an error with --strict)",
    "SG410": "declared in a header but defined by none of the linked code (undefined symbol)",
    "SG411": "the linked module has an undefined symbol no declaration of the headers matches",
    "SG501": "wrapper not split into translation units (a shape the split does not know)",
    "SG502": "split wrapper does not link (shared code defines a symbol): built as one unit",
    "SG610": "the target Python (--python, or `python` of a module) cannot be run or has no headers",
    "SG611": "the target PyPy has no cffi: free functions are called through cpyext, not cffi",
    "SG700": "post-processing left wrappers as SWIG wrote them (a SWIG shape swiggen does not "
             "know): slower calls or SWIG's messages",
}


@dataclass(frozen=True, order=True)
class Loc:
    """A source location: the file as the user named it, and a 1-based line (0: whole file)."""

    file: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True)
class Diagnostic:
    loc: Loc
    severity: Severity
    code: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.loc}: {self.severity.value} {self.code}: {self.message}"
        return f"{text} \u2014 {self.hint}" if self.hint else text


@dataclass
class Diagnostics:
    """A collector. Stages append; the caller decides when errors stop the pipeline."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, loc: Loc, code: str, message: str, hint: str = "") -> None:
        assert code in CODES, code
        self.items.append(Diagnostic(loc, Severity.ERROR, code, message, hint))

    def warning(self, loc: Loc, code: str, message: str, hint: str = "") -> None:
        assert code in CODES, code
        self.items.append(Diagnostic(loc, Severity.WARNING, code, message, hint))

    def extend(self, other: Diagnostics) -> None:
        self.items.extend(other.items)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.WARNING]

    def sorted(self) -> list[Diagnostic]:
        seen: dict[str, Diagnostic] = {}
        for d in sorted(self.items, key=lambda d: (d.loc, d.code, d.message)):
            seen.setdefault(str(d), d)
        return list(seen.values())

    def raise_if_errors(self) -> None:
        if self.errors:
            raise SwiggenError(self)


class SwiggenError(Exception):
    """Bad input: carries every diagnostic collected so far. The CLI prints them and exits 1."""

    #: warnings of the stages that succeeded before this failure (printed first): see
    #: `pipeline.build`, which fills them in
    earlier_warnings: Sequence[Diagnostic] = ()
    swig_messages: str = ""

    def __init__(self, diagnostics: Diagnostics | Diagnostic) -> None:
        if isinstance(diagnostics, Diagnostic):
            diagnostics = Diagnostics([diagnostics])
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics.sorted()))


class ToolError(Exception):
    """SWIG or the compiler failed: the command, and the relevant lines of its output."""

    earlier_warnings: Sequence[Diagnostic] = ()  #: as for SwiggenError
    swig_messages: str = ""
    #: the declarations whose wrappers failed to compile, located (compile/leaveout.py)
    traced: str = ""
    blame: Any = None  #: leaveout.Blame of a wrapper's compile failure

    def __init__(self, code: str, what: str, command: list[str], output: str) -> None:
        self.code = code
        self.command = command
        self.output = output
        super().__init__(what)

    def report(self) -> str:
        """The failure: the declarations it was traced to, the first compiler error with its
        context (instantiation chain, notes, caret), the other errors' lines, the command."""
        import shlex

        from .compile import blame

        errors = blame.errors(self.output)
        lines = [line for line in self.output.splitlines() if line.strip()]
        if errors:
            rest = [e.first_line() for e in errors[1:]]
            shown = "\n".join([errors[0].text()] + rest[:15])
            more = f"\n  ... ({len(rest) - 15} more errors)" if len(rest) > 15 else ""
        else:
            relevant = [line for line in lines if "error" in line.lower()
                        or re.match(r"\S*\bld(\.\w+)?: ", line)] or lines  # the linker's
            shown = "\n".join(relevant[:40])
            more = f"\n  ... ({len(relevant) - 40} more lines)" if len(relevant) > 40 else ""
        traced = f"{self.traced}\n" if self.traced else ""
        return (
            f"error {self.code}: {self}\n{traced}{shown}{more}\n"
            f"command: {shlex.join(self.command)}"
        )
