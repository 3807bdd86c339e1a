"""swigshapes: the text shapes of SWIG's Python wrappers that swiggen's post-processing knows.

`fastcall.py` (functions, methods, overload dispatchers), `typeobjects.py` (constructors,
destructors, type setup), `freelists.py` (construct + destroy) and `scalars.py` (conversions)
rewrite NAME_wrap.cxx only where it matches these patterns (or their own) exactly, so a SWIG
release that writes something else leaves the file as SWIG wrote it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

DEF = re.compile(
    r"^SWIGINTERN PyObject \*(?P<name>_wrap_\w+)"
    r"\(PyObject \*self, PyObject \*args, PyObject \*kwargs\) \{\n", re.M)
BODY_END = re.compile(r"^\}\n", re.M)
PARSE = re.compile(
    r'^(?P<indent>[ \t]*)if \(!PyArg_ParseTupleAndKeywords\(args, kwargs, '
    r'"(?P<fmt>O*(?:\|O*)?):(?P<fname>\w+)", kwnames(?P<outs>(?:, &\w+)*)\)\) SWIG_fail;\n',
    re.M)
KWNAMES = re.compile(
    r'^[ \t]*char \* kwnames\[\] = \{\n[ \t]*(?P<names>(?:\(char \*\)"\w+",[ \t]*)*)NULL[ \t]*\n'
    r'[ \t]*\};\n', re.M)
ARGS = re.compile(r"\b(?:args|kwargs)\b")
#: the cast before a wrapper's name in a method-table entry
CAST = "(PyCFunction)(void(*)(void))"
#: what follows a keyword wrapper's name in its method-table entry (after CAST)
TABLE = re.compile(r", (?P<static>(?:METH_STATIC\|)?)METH_VARARGS\|METH_KEYWORDS,")
ANY_WRAPPER = re.compile(r"^SWIGINTERN [\w ]+\*?_wrap_\w+\(", re.M)
INIT_DEF = re.compile(
    r"^SWIGINTERN int (?P<name>_wrap_new_\w+)"
    r"\(PyObject \*self, PyObject \*args, PyObject \*kwargs\) \{\n", re.M)
DISPATCH_DEF = re.compile(
    r"^SWIGINTERN PyObject \*(?P<name>_wrap_\w+)\(PyObject \*self, PyObject \*args\) \{\n", re.M)
UNPACK = re.compile(
    r'^(?P<indent>[ \t]*)if \(!\(argc = SWIG_Python_UnpackTuple\(args, "(?P<fname>\w+)", '
    r'(?P<min>\d+), (?P<max>\d+), (?P<into>argv(?:\+1)?)\)\)\) SWIG_fail;\n', re.M)
#: a wrapper of positional arguments (no keywords, no overloads): SWIG_Python_UnpackTuple into
#: swig_obj, without the argument count
POSITIONAL = re.compile(
    r'^(?P<indent>[ \t]*)if \(!SWIG_Python_UnpackTuple\(args, "(?P<fname>\w+)", '
    r'(?P<min>\d+), (?P<max>\d+), (?P<into>swig_obj)\)\) SWIG_fail;\n', re.M)
#: what follows an overload dispatcher's name in its method-table entry (CAST or not before it)
#: (METH_KEYWORDS too where SWIG registers a wrapper with keywords its body ignores)
DISPATCH_TABLE = re.compile(r", (?P<static>(?:METH_STATIC\|)?)METH_VARARGS(?:\|METH_KEYWORDS)?,")
DISPATCH_SIGNATURE = ("(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs) "
                       "{\n")
SIGNATURE = ("(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs, "
              "PyObject *swiggen_kwnames) {\n")


#: SWIG's wrapper names: a whole identifier starting with `_wrap_` (the literal first, then the
#: character before it: the regex engine then skips to each `_wrap_`; a leading look-behind made
#: it try every position, 20 times slower)
_WRAP_NAME = re.compile(r"_wrap_(?<!\w_wrap_)\w*")


class Index:
    """Where each `_wrap_*` identifier occurs in a wrapper text, found in one pass.

    The rewrites ask "where else is this wrapper named?" once per wrapper; answering from the
    index keeps them linear in the size of the text (a search of the whole text per wrapper made
    a 200-class module's post-processing take minutes)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._at: dict[str, list[int]] = {}
        for m in _WRAP_NAME.finditer(text):
            self._at.setdefault(m.group(), []).append(m.start())

    def occurrences(self, name: str) -> list[int]:
        """The start of every occurrence of `name` (a `_wrap_*` name) as a whole identifier,
        where `\\bname\\b` matches."""
        return self._at.get(name, [])

    def followed_by(self, name: str, tail: re.Pattern[str]) -> list[tuple[int, re.Match[str]]]:
        """The occurrences of `name` that `tail` matches right after, with that match."""
        out = []
        for at in self.occurrences(name):
            m = tail.match(self.text, at + len(name))
            if m is not None:
                out.append((at, m))
        return out


class Marks:
    """The positions of a fixed string in a text (found once), to ask whether it occurs in a span."""

    def __init__(self, text: str, needle: str) -> None:
        self._needle = needle
        self._at: list[int] = []
        i = text.find(needle)
        while i >= 0:
            self._at.append(i)
            i = text.find(needle, i + 1)

    def within(self, start: int, end: int) -> bool:
        """True if `needle in text[start:end]`."""
        i = bisect.bisect_left(self._at, start)
        return i < len(self._at) and self._at[i] + len(self._needle) <= end


def lines_matching(pattern: re.Pattern[str], text: str, needle: str
                   ) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a pattern whose matches start a line (`^`, re.M) and hold
    `needle` in their first line: only the lines holding `needle` (found with str.find) are
    tried, so the regex engine does not try the pattern at every line of the wrapper."""
    end, i = 0, text.find(needle)
    while i >= 0:
        line = text.rfind("\n", 0, i) + 1
        m = pattern.match(text, line) if line >= end else None
        if m is not None and m.start() <= i and i + len(needle) <= m.end():
            yield m
            end = m.end() if m.end() > m.start() else m.end() + 1
            i = text.find(needle, max(i + 1, end))
        else:
            i = text.find(needle, i + 1)


class Lines:
    """Every match of a one-line pattern (found once), to ask for the first one after a position
    (what `pattern.search(text, pos)` gives when `pos` starts a line)."""

    def __init__(self, text: str, pattern: re.Pattern[str], needle: str = "") -> None:
        """`needle`: a fixed string in the first line of every match (`lines_matching`)."""
        self._matches = list(lines_matching(pattern, text, needle) if needle else
                             pattern.finditer(text))
        self._starts = [m.start() for m in self._matches]

    def after(self, pos: int) -> re.Match[str] | None:
        i = bisect.bisect_left(self._starts, pos)
        return self._matches[i] if i < len(self._matches) else None


class OverlappingEdits(RuntimeError):
    """Two rewrites edit the same stretch of the wrapper: a bug in swiggen, never applied."""


#: an edit of a text: replace text[start:end] by the string (start == end: an insertion)
Edit = tuple[int, int, str]


def apply(text: str, edits: list[Edit]) -> str:
    """`text` with every edit made, in one pass. Edits may touch (an insertion where another
    edit starts or ends) but not overlap: overlapping edits mean two rewrites claimed the same
    text, whose result would be garbage, so they raise OverlappingEdits instead."""
    out, pos, last = [], 0, None
    for begin, stop, new in sorted(edits):
        if begin < pos:
            raise OverlappingEdits(
                f"internal error: post-processing edits overlap at characters {begin}-{stop} "
                f"and {last[0]}-{last[1]} of the wrapper "  # type: ignore[index]
                f"({text[begin:begin + 60]!r}): report a swiggen bug naming the SWIG version")
        out += [text[pos:begin], new]
        pos, last = stop, (begin, stop)
    out.append(text[pos:])
    return "".join(out)
