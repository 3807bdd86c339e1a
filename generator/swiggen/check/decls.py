"""Where a probed name is declared: the `HEADER:LINE` of `NAME.decls/`.

`swiggen build` leaves the declaration view SWIG read next to the module; every line ends with
the header line it stands for:

    class Vector {  // cpp/example.h:28
      double at(std::size_t i) const;  // cpp/example.h:38
      double & operator[](std::size_t i);  // cpp/example.h:39

gives `Vector -> cpp/example.h:28`, `Vector.at -> cpp/example.h:38`, `Vector.__getitem__ ->
cpp/example.h:39`, and the C++ declaration itself for the report. Names the build renamed
(templates, `rename(...)`) are not found, and the report then names only the stub's signature.
"""

from __future__ import annotations

import re
from pathlib import Path

#: C++ operators by the Python methods they become (a subset: the common protocols)
OPERATORS = {
    "operator[]": ("__getitem__", "__setitem__"), "operator()": ("__call__",),
    "operator+": ("__add__", "__pos__", "__radd__"),
    "operator-": ("__sub__", "__neg__", "__rsub__"),
    "operator*": ("__mul__", "__rmul__"), "operator/": ("__truediv__",), "operator%": ("__mod__",),
    "operator==": ("__eq__",), "operator!=": ("__ne__",), "operator<": ("__lt__",),
    "operator<=": ("__le__",), "operator>": ("__gt__",), "operator>=": ("__ge__",),
    "operator+=": ("__iadd__",), "operator-=": ("__isub__",), "operator*=": ("__imul__",),
    "operator/=": ("__itruediv__",), "operator!": ("__bool__",), "operator~": ("__invert__",),
    "operator<<": ("__lshift__", "__str__"), "operator>>": ("__rshift__",),
    "operator&": ("__and__",), "operator|": ("__or__",), "operator^": ("__xor__",),
    "size": ("__len__",), "begin": ("__iter__",),
}

_LOC = re.compile(r"^(?P<indent>\s*)(?P<decl>.*?)\s*//\s*(?P<loc>\S+:\d+)\s*$")
_SCOPE = re.compile(r"^(?:template\s*<.*>\s*)?(?:class|struct|union|enum(?:\s+class)?)\s+"
                    r"(?:\w+\s+)*?(?P<name>\w+)\s*(?:final\s*)?(?::[^{]*)?\{")
_NAMESPACE = re.compile(r"^(?:inline\s+)?namespace\b.*\{\s*$")
_CALL = re.compile(r"(?P<name>operator\s*(?:\(\)|\[\]|[^\s(]+)|~?\w+)\s*\(")
_FIELD = re.compile(r"(?P<name>\w+)\s*(?:\[[^\]]*\]\s*)*(?:=[^;]*)?;$")


def read_decls(folder: Path) -> dict[str, list[tuple[str, str]]]:
    """Python qualified name -> [(header:line, C++ declaration)], from every view in folder."""
    out: dict[str, list[tuple[str, str]]] = {}
    if not folder.is_dir():
        return out
    for view in sorted(folder.rglob("*")):
        if view.is_file():
            try:
                _read(view.read_text(errors="replace"), out)
            except OSError:
                continue
    return out


def _read(text: str, out: dict[str, list[tuple[str, str]]]) -> None:
    # the open braces: (indent, class name or None for a namespace / other block)
    stack: list[tuple[int, str | None]] = []
    for line in text.splitlines():
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if stripped.startswith("}"):
            while stack and stack[-1][0] >= indent:
                if stack.pop()[0] == indent:
                    break
            continue
        if _NAMESPACE.match(stripped):
            stack.append((indent, None))
            continue
        m = _LOC.match(line)
        if not m:
            continue
        decl, loc = m["decl"], m["loc"]
        classes = [name for _, name in stack if name]
        scope = _SCOPE.match(decl)
        if scope:
            name = scope["name"]
            _add(out, ".".join([*classes, name]), loc, decl)
            if decl.rstrip().endswith("{"):
                stack.append((indent, name))
            continue
        call = _CALL.search(decl)
        if call:
            name = re.sub(r"\s+", "", call["name"])
            if classes and name == classes[-1]:
                names: tuple[str, ...] = ("__init__",)
            elif name.startswith("~"):
                continue
            else:
                names = (name, *OPERATORS.get(name, ()))
        else:
            field = _FIELD.search(decl)
            if not field:
                continue
            names = (field["name"],)
        for n in names:
            _add(out, ".".join([*classes, n]), loc, decl)
            if n in _KEYWORDS:
                _add(out, ".".join([*classes, n + "_"]), loc, decl)


_KEYWORDS = {"from", "import", "is", "in", "lambda", "def", "class", "pass", "print", "exec",
             "global", "with", "yield", "assert", "del", "not", "and", "or", "None", "True",
             "False", "async", "await", "raise", "nonlocal", "try", "except", "finally", "as",
             "elif", "if", "else", "while", "for", "return", "break", "continue"}


def _add(out: dict[str, list[tuple[str, str]]], key: str, loc: str, decl: str) -> None:
    entries = out.setdefault(key, [])
    if (loc, decl.strip()) not in entries:
        entries.append((loc, decl.strip()))
