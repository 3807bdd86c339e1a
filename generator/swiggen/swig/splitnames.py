"""splitnames: what the translation units of a split wrapper share, by stable names (split.py).

The prelude every unit includes must not change when a method or a class is added, or every
unit recompiles. Two things SWIG writes there do: its type table, numbered (a new type shifts
every number), and each class's `%extend` functions (`__copy__`, ...). `TypeTable` moves the
table to unit 0 and names the types; `movable` picks the `%extend` functions that go to the one
unit whose wrappers call them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
#: a one-line function SWIG writes for a class's `%extend` method (`__copy__`, ...) in the
#: prelude: no parenthesis in the parameters, no quote and balanced braces in the body
EXTEND = re.compile(r"^SWIGINTERN [^\n(]*?[ *&](?P<name>\w+)\([^\n(){}]*\)"
                    r"(?P<body>\{[^\n\"']*\})\n", re.M)
#: the head of a constructor SWIG writes for a class's `%extend` (`new_ns_Point(double x=...)`:
#: the keyword constructor of an aggregate, templates/common/aggregate.i.j2), over lines
_EXTEND_NEW = re.compile(r"^SWIGINTERN [^\n(;{}]*?[ *&](?P<name>new_\w+)\((?P<params>[^\n{};]*)\)"
                         r"[ \t]*\{", re.M)
_LEXEME = re.compile(r"""//[^\n]*|/\*(?s:.*?)\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[{}]""")


@dataclass(frozen=True)
class Span:
    """A function's text in the prelude (the part of re.Match that `movable` reads)."""

    text: str
    begin: int
    stop: int

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.stop

    def group(self) -> str:
        return self.text[self.begin:self.stop]


def extend_functions(text: str, end: int) -> dict[str, Span]:
    """The `%extend` functions of the prelude `text[:end]` that may move to a unit: one-line
    ones (`EXTEND`) and constructors over lines whose braces balance (outside comments and
    string literals; none with a character or raw string literal) and whose closing brace ends
    a line."""
    found = {m.group("name"): Span(text, m.start(), m.end())
             for m in EXTEND.finditer(text, 0, end)
             if m.group("body").count("{") == m.group("body").count("}")}
    for m in _EXTEND_NEW.finditer(text, 0, end):
        depth = 0
        for lex in _LEXEME.finditer(text, m.end() - 1, end):
            depth += {"{": 1, "}": -1}.get(lex.group(), 0)
            if depth == 0:
                stop = lex.end()
                body = text[m.end():stop]
                # no raw string or character literal (`'` is also a digit separator), which
                # the scan does not read
                if text.startswith("\n", stop) and "'" not in body and 'R"' not in body:
                    found.setdefault(m.group("name"), Span(text, m.start(), stop + 1))
                break
    return found


@dataclass(frozen=True)
class TypeTable:
    """SWIG's type table in the prelude (`#define SWIGTYPE_p_X swig_types[8]`, the array, the
    module info): its indices shift whenever a type is added, so a split module names the types
    instead. Unit 0 defines the table and a pointer per type (`swiggen_type_p_X`, the address
    of its slot); the prelude and the other units declare the pointers they use and define
    `SWIGTYPE_p_X` as `(*swiggen_type_p_X)`. Adding a class or a method then changes unit 0 and
    the units of its wrappers, not the prelude every unit includes."""

    start: int  #: the span of the table in the text it was found in
    end: int
    index: dict[str, int]  #: SWIGTYPE_p_X -> its slot
    definitions: str  #: the array and the module info, as SWIG wrote them (static)
    queries: str  #: the SWIG_TypeQuery macros (they name the module info)
    in_prelude: frozenset[str] = frozenset()

    BEGIN = "/* -------- TYPES TABLE (BEGIN) -------- */\n"
    END = "/* -------- TYPES TABLE (END) -------- */\n"
    _DEFINE = re.compile(r"#define (SWIGTYPE_\w+) swig_types\[(\d+)\]")
    _ARRAY = re.compile(r"static swig_type_info \*swig_types\[\d+\];")
    _MODULE = re.compile(r"static swig_module_info swig_module = \{swig_types, \d+, 0, 0, 0, 0\};")
    _QUERY = re.compile(r"#define SWIG_(?:Mangled)?TypeQuery\(name\) .*")

    @classmethod
    def find(cls, text: str, start: int, end: int) -> TypeTable | None:
        """The table between `start` and `end` of `text`; None unless in exactly SWIG's shape
        (then the split keeps it in the prelude, indexed, as SWIG wrote it)."""
        begin = text.find(cls.BEGIN, start, end)
        stop = text.find(cls.END, begin, end) if begin >= 0 else -1
        if stop < 0:
            return None
        index: dict[str, int] = {}
        definitions, queries = [], []
        for line in text[begin + len(cls.BEGIN):stop].split("\n"):
            m = cls._DEFINE.fullmatch(line)
            if m:
                index[m.group(1)] = int(m.group(2))
            elif cls._ARRAY.fullmatch(line) or cls._MODULE.fullmatch(line):
                definitions.append(line[len("static "):] + "\n")
            elif cls._QUERY.fullmatch(line):
                queries.append(line + "\n")
            elif line.strip():
                return None
        if len(definitions) != 2 or not index:
            return None
        return cls(begin, stop + len(cls.END), index, "".join(definitions), "".join(queries))

    def prelude(self, prelude: str) -> str:
        """The table's text in the prelude `prelude` (the text it was found in): declarations,
        and the types the prelude's own code (after the table) names."""
        used = {m.group() for m in IDENTIFIER.finditer(prelude, self.end)
                if m.group() in self.index}
        declarations = self.declare(used)
        object.__setattr__(self, "in_prelude", frozenset(used))
        return "".join([
            self.BEGIN, "/* swiggen: defined in unit 0, types named (split.py) */\n",
            "extern SWIGGEN_HIDDEN swig_type_info *swig_types[];\n",
            "extern SWIGGEN_HIDDEN swig_module_info swig_module;\n", self.queries,
            declarations, self.END])

    def declare(self, names: set[str]) -> str:
        """The declarations of the types `names` for a unit (those the prelude declares: none)."""
        return "".join(f"extern SWIGGEN_HIDDEN swig_type_info **const {self._pointer(n)};\n"
                       f"#define {n} (*{self._pointer(n)})\n"
                       for n in sorted(names - self.in_prelude) if n in self.index)

    def unit0(self) -> str:
        """The table's definition, in unit 0 after the prelude."""
        order = sorted(self.index.items(), key=lambda item: item[1])
        return "".join([
            "/* swiggen: SWIG's type table and a pointer to each slot (split.py) */\n",
            *(f"#define {n} swig_types[{i}]\n" for n, i in order if n not in self.in_prelude),
            self.definitions.replace("swig_", "SWIGGEN_HIDDEN swig_", 1).replace(
                "\nswig_", "\nSWIGGEN_HIDDEN swig_", 1),
            *(f"extern SWIGGEN_HIDDEN swig_type_info **const {self._pointer(n)} = "
              f"swig_types + {i};\n" for n, i in order)])

    @staticmethod
    def _pointer(name: str) -> str:
        return "swiggen_type_" + name[len("SWIGTYPE_"):]


def movable(text: str, prelude_end: int, tables: int, kept: list[str],
             extends: dict[str, Span], extend_units: dict[str, set[int]]
             ) -> dict[str, Span]:
    """The %extend functions of the prelude that only the wrapper functions of one unit call
    (named nowhere else: the prelude, the text kept in unit 0, the tables): they move to that
    unit, so that a class added or changed does not change the prelude every unit includes."""
    candidates = {n for n, units in extend_units.items() if len(units) == 1}
    if not candidates:
        return {}
    named: dict[str, int] = {}
    for name in IDENTIFIER.findall(text, 0, prelude_end):
        if name in candidates:
            named[name] = named.get(name, 0) + 1
    elsewhere = candidates.intersection(IDENTIFIER.findall("".join(kept)))
    elsewhere |= candidates.intersection(IDENTIFIER.findall(text, tables))
    return {n: extends[n] for n in sorted(candidates - elsewhere)
            if named.get(n) == extends[n].group().count(n)}
