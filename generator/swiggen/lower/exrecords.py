"""exrecords: the plan's records of exception translation (typed model, as plan.py): the
standard exceptions' table, a module's own exception classes with their fields, and per
declaration `throws(...)` rules (lower/exceptions.py makes them, templates/python/exceptions.i.j2
and exception.py.j2 print them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StdException:
    cpp: str
    py: str  #: a builtin exception name, e.g. IndexError

    @property
    def with_errno(self) -> bool:
        """std::system_error carries an error code: OSError(errno, message)."""
        return self.cpp == "std::system_error"


@dataclass(frozen=True)
class ExceptionField:
    name: str
    #: SWIG's name for the pointer type of a field of a wrapped class (`ns::Where *`), whose
    #: value is a Python-owned copy; "" for a builtin type (swiggen_field_to_py converts it)
    copy_type: str = ""


@dataclass(frozen=True)
class CustomException:
    """`class DegenerateError : public std::runtime_error` marked `exception`: a Python
    exception class `DegenerateError(base)`; slot `index` holds it on the C side."""

    index: int
    name: str
    cpp: str
    base: str  #: Python base: a builtin exception or another custom one
    fallback: str  #: builtin raised if the Python class is not registered
    depth: int  #: distance from std::exception (catch order: deepest first)
    doc: str
    fields: tuple[ExceptionField, ...]
    #: `base` is Python's builtin exception, not this module's class of that name (a C++
    #: `struct RuntimeError : std::runtime_error` is `class RuntimeError(builtins.RuntimeError)`)
    base_is_builtin: bool = False
    #: the const method without arguments returning the message (std::string or const char*)
    message: str = "what"
    #: derived from std::exception (found by dynamic_cast); else caught by its own type (a
    #: library's `class ParserError` marked `exception(message=GetMsg)`)
    standard: bool = True


@dataclass(frozen=True)
class ThrowsRule:
    """`throws(CppType=PyExc, ...)` for one declaration: (C++ type, C expression for the
    Python exception class) in the order written."""

    target: str
    pairs: tuple[tuple[str, str], ...]
