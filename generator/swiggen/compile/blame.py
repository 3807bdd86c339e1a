"""blame: which generated function a compiler error belongs to (compile errors -> declarations).

The compiler reports an error at a position, often deep in a library header, with the chain of
instantiations that led there ("required from here") ending in the file it was compiling:

    x_wrap.cxx: In function 'PyObject* _wrap_Box_get(PyObject*, PyObject*)':
    /usr/include/c++/12/bits/unique_ptr.h: In instantiation of '...':
    x_wrap.cxx:3150:40:   required from here
    /usr/include/c++/12/bits/unique_ptr.h:93:16: error: invalid application of 'sizeof' ...

`errors(output)` splits the output into one `CompileError` per `error:` line, with the lines
that explain it (context before it, notes after it, the caret). `enclosing(path, line)` names
the function of the generated file that holds a line: SWIG's wrapper (`_wrap_Box_get`), an
`%extend` helper (`geo_Box___eq__`) or swiggen's own shim. `symbol(function)` turns a wrapper's
name into SWIG's symbol name (`Box_get`), which the lowering recorded for each declaration
(ModulePlan.origins). One pass over the output, and one backward scan per error from its line
to the start of its function in the generated file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

#: `file:line:col: error: text` (gcc and clang; col optional)
_POS = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)?\s*(?P<rest>.*)$")
#: the start of a function definition at column 0 in SWIG's output:
#: `SWIGINTERN PyObject *_wrap_Box_get(PyObject *self, PyObject *args) {`
_FUNCTION = re.compile(r"^(?![#}\s/])[^;=(]*?\b(?P<name>[A-Za-z_][\w:]*)\s*\([^;{]*\)\s*"
                       r"(?:const\s*)?(?:noexcept\s*)?(?:\{.*)?$")
#: SWIG's overload suffix of a wrapper's name, and the post-processing's twins of a wrapper
#: (swig/typeobjects.py, swig/fastcall.py)
_OVERLOAD = re.compile(r"(?:__SWIG_\d+|_swiggen_twin|_swiggen_vectorcall)+$")


@dataclass
class CompileError:
    """One `error:` line of the compiler and what explains it."""

    file: str
    line: int
    message: str
    #: the lines before it (In function, In instantiation, required from) and after it (notes,
    #: the caret), as the compiler printed them
    context: list[str] = field(default_factory=list)
    #: every (file, line) the error names: its own position and its chain's
    positions: list[tuple[str, int]] = field(default_factory=list)

    def first_line(self) -> str:
        return f"{self.file}:{self.line}: error: {self.message}"

    def text(self, limit: int = 25) -> str:
        lines = self.context[:limit]
        more = len(self.context) - limit
        return "\n".join(lines + ([f"  ... ({more} more lines)"] if more > 0 else []))


def errors(output: str) -> list[CompileError]:
    """The compiler's errors in `output`, each with its context (see module docstring)."""
    found: list[CompileError] = []
    pending: list[str] = []  # context lines since the last error's notes ended
    positions: list[tuple[str, int]] = []
    current: CompileError | None = None
    for raw in output.splitlines():
        line = raw.rstrip()
        if not line:
            continue
        m = _POS.match(line)
        rest = m.group("rest") if m else ""
        is_error = m is not None and (rest.startswith("error:") or rest.startswith("fatal error:"))
        if is_error and m is not None:
            where = (m.group("file"), int(m.group("line")))
            current = CompileError(where[0], where[1], rest.split(":", 1)[1].strip(),
                                   pending + [line], positions + [where])
            found.append(current)
            pending, positions = [], []
            continue
        starts_context = (": In " in line or "In file included from" in line
                          or line.lstrip().startswith("from ") and line.startswith(" ")
                          or (m is not None and ("required from" in rest
                                                 or "In instantiation" in rest)))
        if current is not None and not starts_context and (
                line.startswith(" ") or (m is not None and rest.startswith("note:"))):
            current.context.append(line)  # a note, or the caret lines of the error
            continue
        current = None
        if "In file included from" in line or line.lstrip().startswith("from "):
            continue  # include positions name the #include line, not the cause
        pending.append(line)
        if m is not None:
            positions.append((m.group("file"), int(m.group("line"))))
    return found


def enclosing(lines: list[str], line: int) -> str:
    """The name of the function of a generated file holding 1-based `line` ("" if none: the
    line is outside any function, or in the headers the file includes)."""
    for i in range(min(line, len(lines)) - 1, -1, -1):
        text = lines[i]
        if text.startswith("}") and i < line - 1:
            return ""  # the line is after the end of a function, not inside one
        m = _FUNCTION.match(text)
        if m is not None and "(" in text and not text.startswith(("if", "for", "while")):
            return m.group("name").rsplit("::", 1)[-1]
    return ""


def symbol(function: str) -> str:
    """SWIG's symbol name of a wrapper function's name: `_wrap_Box_get__SWIG_1` -> `Box_get`,
    `_wrap_new_Reader_swiggen_twin` -> `new_Reader`; other names as they are."""
    name = function[len("_wrap_"):] if function.startswith("_wrap_") else function
    return _OVERLOAD.sub("", name)


class Sources:
    """The generated files' lines, read once each."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def function_at(self, path: str, line: int) -> str:
        return enclosing(self._read(path), line)

    def line(self, path: str, line: int) -> str:
        lines = self._read(path)
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def _read(self, path: str) -> list[str]:
        key = str(Path(path).resolve())
        if key not in self._lines:
            try:
                self._lines[key] = Path(key).read_text(encoding="utf-8",
                                                       errors="replace").splitlines()
            except OSError:
                self._lines[key] = []
        return self._lines[key]
