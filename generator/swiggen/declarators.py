"""declarators: C++ type spellings as text, shared by the parse and the declaration view.

A type spelled for the view (parse/declspell.py) is text such as `int (*)(void *, int)` or
`int [3]`; `declarator` puts a name into it where C++ wants the name (`int (*cb)(void *, int)`,
`int v[3]`). Pure text: no libclang here, so render/ can use it.
"""

from __future__ import annotations

import re

#: a user-defined literal's name (`operator""_json_pointer`, `operator "" _k`)
_LITERAL = re.compile(r'\boperator\s*""')


def swig_names(target: str) -> bool:
    """Whether SWIG's parser reads `target` as a declaration's name (in `%ignore`, `%rename`,
    `%feature`). A user-defined literal it cannot name: the declaration view leaves those
    out (render/view.py), and nothing else of the interface may name one."""
    return not _LITERAL.search(target)


def last_group(text: str) -> int:
    """Where the last top-level `(...)` or `[...]` of `text` opens (-1 if none)."""
    if not text.endswith((")", "]")):
        return -1
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        ch = text[i]
        if ch in ")]>":
            depth += 1
        elif ch in "([<":
            depth -= 1
            if depth == 0:
                return i if ch != "<" else -1
    return -1


def find_top(text: str, mark: str) -> int:
    """Where `mark` (`(*`, `(&`) first occurs outside any template argument list of `text`,
    -1 if nowhere: `R (*)(int)` has one, `DisableIf<T &(*)(bool)>::Type` (a SFINAE result
    type) has none. Angle brackets count outside parentheses only (`N<(a > b)>`)."""
    angles = parens = 0
    for i, ch in enumerate(text):
        if ch == "(":
            if angles == 0 and parens == 0 and text.startswith(mark, i):
                return i
            parens += 1
        elif ch == ")":
            parens -= 1
        elif parens == 0 and ch == "<":
            angles += 1
        elif parens == 0 and ch == ">":
            angles -= 1
    return -1


def declarator(spelling: str, name: str) -> str:
    """`spelling` declaring `name`: `int (*cb)(void *)`, `int v[3]`, `const ns::P & p`, and a
    function type's name (`typedef int handler(void *, int);`)."""
    if not name:
        return spelling
    for mark in ("(*", "(&"):
        i = find_top(spelling, mark)
        if i >= 0:  # `int (*)(void *)` -> `int (*cb)(void *)`
            close = spelling.index(")", i)
            return spelling[:close] + name + spelling[close:]
    if spelling.endswith("]") and " [" in spelling:  # `double [2][3]` -> `double v[2][3]`
        head, _, dims = spelling.partition(" [")
        return f"{head} {name}[{dims}"
    group = last_group(spelling)
    if group > 0 and spelling[group] == "(" and spelling[group - 1] == " ":
        # a function type, `int (void *, int)` -> `int name(void *, int)` (the parse spells
        # its parameter list after a space: `decltype(x)` has none)
        return f"{spelling[:group]}{name}{spelling[group:]}"
    return f"{spelling} {name}"
