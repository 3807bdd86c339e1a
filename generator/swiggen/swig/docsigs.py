"""docsigs: docstrings that start with a text signature reach CPython as SWIG was given them.

lower heads every function's, method's and class's docstring with its Python signature in the
form CPython reads into `__text_signature__` (lower/signatures.py):

    gemm(a, b, c)\\n--\\n\\nBLAS-style product...

SWIG writes a docstring of several lines into the method table or `tp_doc` with a newline in
front (`"\\n" "gemm(a, b, c)\\n" "--\\n" ...`), and CPython only finds a signature at the very
start, so `inspect.signature()` would fail. `rewrite` drops that first newline (and the last one
SWIG adds) wherever the docstring is a text signature or an overload set's list of signatures:
one regular-expression pass over the wrapper.
"""

from __future__ import annotations

import re

#: a docstring SWIG wrote as several C string literals: the leading "\n" line, a text signature
#: (`name(...)\n` then the `--\n` marker line) or an overload list (`name(...) -> result`), the
#: rest of the text, and the trailing "\n" and "" SWIG adds
_DOC = re.compile(
    r'"\\n"\n[ \t]*"(?P<body>[A-Za-z_]\w*\((?:[^"\\\n]|\\.)*\)(?:\\n"\n[ \t]*"--\\n| -> )'
    r'(?:[^"\\\n]|\\.|"\n[ \t]*")*?)\\n"\n[ \t]*""')


def rewrite(text: str) -> tuple[str, int]:
    """The wrapper text with the leading and trailing newline of signature docstrings removed,
    and how many docstrings that was."""
    return _DOC.subn(lambda m: f'"{m.group("body")}"', text)
