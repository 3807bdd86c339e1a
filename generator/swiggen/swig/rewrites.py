"""rewrites: what the post-processing of NAME_wrap.cxx did, checked against what SWIG wrote.

The speed rewrites (`fastcall.py`, `typeobjects.py`, `freelists.py`, `scalars.py`) and the
message rewrites (`argerrors.py`, `docsigs.py`) apply only where SWIG's text has exactly the
shape they know; a SWIG release that writes another shape would leave wrappers on SWIG's slow
path in silence. `audit` counts, per kind, the *candidates* in SWIG's own text, found by looser
shapes than the rewrites match (every method-table entry SWIG registers as METH_VARARGS, every
type object's tp_init, every `new T(...)` of a constructor wrapper, ...), and checks in the
rewritten text which of them were rewritten. What is left is named, with its line:

    fastcall: 20 candidates, 20 rewritten
    vectorcall: 4 candidates, 3 rewritten, left: _wrap_new_Point (line 8017)

The build keeps the report in BUILD/rewrites.json (`save`), `swiggen build -v` prints it
(`summary`), and a kind below 100% is an SG700 warning (`diagnostics`). A candidate the rewrite
deliberately leaves alone is not counted: a wrapper that something else calls with a tuple (a
slot closure, a getset, another wrapper), a constructor without arguments (nothing to parse) or
one that releases the GIL (nogil: no free list), and a fix SWIG already makes itself (`native`).
Every pass is linear in the text: names are looked up in `swigshapes.Index`, functions found once.
"""

from __future__ import annotations

import bisect
import itertools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import builtinmethods, kwdispatch, swigattrs
from .swigshapes import BODY_END, Index, Marks, lines_matching
from .typeobjects import releases_type
from ..diagnostics import Diagnostic, Loc, Severity
from ..render.write import write_text_if_changed

#: BUILD/rewrites.json
FILE = "rewrites.json"

#: kind -> what its candidates are (for the report and the warning)
KINDS: dict[str, str] = {
    "fastcall": "method-table entries of wrappers registered METH_VARARGS, made METH_FASTCALL "
                "(METH_NOARGS without arguments)",
    "tp_init": "constructor wrappers (tp_init) with arguments, given a positional fast path",
    "vectorcall": "classes constructed by a wrapper (tp_init), given a tp_vectorcall",
    "instance_dict": "classes registered by the module, without an instance __dict__ offset",
    "dealloc_type_reference": "the tp_dealloc closure, releasing its reference to the type",
    "dealloc_error_state": "the tp_dealloc closure, saving the error state only when set",
    "free_lists": "constructor `new T(...)` and destructor `delete` lines, through free lists",
    "value_results": "results returned by value (`new T(result)`), into free-list blocks",
    "scalars": "SWIG_AsVal_double/long/int/char, with the common case inlined",
    "argerrors": "argument failures (`in method ... argument N of type`), naming the object",
    "docsigs": "docstrings that start with a signature, without SWIG's leading newline",
    "builtin_methods": "method-table entries of SWIG's own methods on every class "
                       "(append/own/disown/acquire/next/__disown__), removed",
    "kwdispatch": "overload dispatchers the interface lists parameter names for, taking "
                  "keywords (kwdispatch.py)",
    "swig_attributes": "SWIG's own attributes on every object (this, thisown, __dict__, and "
                       "its base type's __int__ and __getattribute__), removed",
}


@dataclass
class Count:
    """One kind's candidates and what became of them."""

    found: int = 0
    rewritten: int = 0
    native: int = 0  #: candidates SWIG's own text already handles (nothing to rewrite)
    #: candidates left as SWIG wrote them: (wrapper or shape, line in the rewritten text)
    left: list[tuple[str, int]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"found": self.found, "rewritten": self.rewritten, "native": self.native,
                "left": [list(x) for x in self.left]}


Report = dict[str, Count]
_ORDER = {kind: i for i, kind in enumerate(KINDS)}

#: a wrapper function's definition, any signature
_DEF = re.compile(r"^SWIGINTERN [\w ]+?\*?(?P<name>_wrap_\w+)\(", re.M)
#: after a wrapper's name in a method-table entry: its flags
_FLAGS = re.compile(r", (?P<flags>METH_\w+(?:\|METH_\w+)*),")
_TP_INIT = re.compile(r"^[ \t]*(?P<name>_wrap_new_\w+),[ \t]*/\* tp_init \*/\n", re.M)
_PARSE_ANY = re.compile(r"PyArg_ParseTupleAndKeywords\(args, kwargs, \"(?P<fmt>[^\"]*)\"")
_NEW_LINE = re.compile(r"^[ \t]*result = \([^;\n]*\)new [\w:]", re.M)
_DELETE_LINE = re.compile(r"^[ \t]*delete \w+;\n", re.M)
_REGISTER = re.compile(
    r"PyModule_AddObject\(m, \"(?P<name>[^\"]+)\", \(PyObject \*\)builtin_pytype\)")
_CLOSURE = re.compile(r"^SwigPyBuiltin_destructor_closure\(", re.M)
_VALUE_NEW = "SWIG_NewPointerObj((new "
_ARG_FAIL = re.compile(r"SWIG_exception_fail\([^\n]*\"in method '\" \"\w+\" \"', argument \"")
#: a docstring's start (a method-table entry's, a static tp_doc after the tp_flags slot, a
#: Py_tp_doc) that is a signature `name(`, as SWIG writes it: a leading "\n" line
_DOC_START = re.compile(r'(?:, |\*/\n[ \t]*|\(void \*\))"\\n"\n[ \t]*"[A-Za-z_]\w*\(')
_SCALARS = ("double", "long", "int", "char")


class _Functions:
    """Every wrapper function of a text: name -> (start of its body, end), found in one pass;
    and which function a position is in."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.body: dict[str, tuple[int, int]] = {}
        self._starts: list[int] = []
        self._names: list[str] = []
        for m in _DEF.finditer(text):
            open_ = text.find("{\n", m.end())
            end = BODY_END.search(text, m.end())
            if open_ < 0 or end is None:
                continue
            self.body.setdefault(m.group("name"), (open_ + 2, end.start()))
            self._starts.append(m.start())
            self._names.append(m.group("name"))

    def text_of(self, name: str) -> str:
        start, end = self.body.get(name, (0, 0))
        return self.text[start:end]

    def around(self, pos: int) -> str:
        i = bisect.bisect_right(self._starts, pos) - 1
        return self._names[i] if i >= 0 else ""


class _Lines:
    """Line numbers of positions in a text (newlines found once, on first use)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._nl: list[int] | None = None

    def of(self, pos: int) -> int:
        if self._nl is None:
            # the newlines' positions from the lines' lengths: one split, no match objects
            self._nl = [at - 1 for at in itertools.accumulate(
                len(line) + 1 for line in self.text.split("\n")[:-1])]
        return bisect.bisect_left(self._nl, pos) + 1


def audit(before: str, after: str) -> Report:
    """Per kind: the candidates in SWIG's text `before`, and which of them `after` (the
    post-processed text) has rewritten."""
    old, new = _Functions(before), _Functions(after)
    old_index, new_index = Index(before), Index(after)
    lines = _Lines(after)

    def at(name: str) -> tuple[str, int]:
        occ = new_index.occurrences(name)
        return name, lines.of(occ[0]) if occ else 0

    report: Report = {kind: Count() for kind in KINDS}
    _fastcall(report["fastcall"], old, old_index, new_index, at)
    _constructors(report, before, after, old, new, at)
    _instance_dicts(report["instance_dict"], before, after, lines)
    _closure(report, before, after, lines)
    _free_lists(report["free_lists"], old, new, old_index, at)
    _text_counts(report, before, after, new, lines)
    _keywords(report["kwdispatch"], before, old, new, at)
    return report


def _keywords(count: Count, before: str, old: _Functions, new: _Functions, at: Any) -> None:
    """The overload sets of the keyword table whose dispatcher SWIG wrote (and no slot closure
    calls): each must take keywords."""
    for m in kwdispatch.TABLE_LINE.finditer(before):
        name = "_wrap_" + m.group("sym")
        if not re.search(rf"\b{name}__SWIG_\d+\(self, argc, argv\)", old.text_of(name)) or \
                f"({name})" in before:
            continue
        count.found += 1
        if kwdispatch.MARK in new.text_of(name):
            count.rewritten += 1
        else:
            count.left.append(at(name))


def _fastcall(count: Count, old: _Functions, old_index: Index, new_index: Index,
              at: Any) -> None:
    """Wrappers SWIG registers METH_VARARGS (with or without METH_KEYWORDS) that nothing but
    their method-table entries names: each entry must be METH_FASTCALL afterwards."""
    for name in sorted(old.body):
        entries = old_index.followed_by(name, _FLAGS)
        if not any("METH_VARARGS" in m.group("flags") for _, m in entries):
            continue
        definitions = [a for a in old_index.occurrences(name)
                       if old.text.startswith("(", a + len(name))
                       and old.text.startswith("SWIGINTERN ", old.text.rfind("\n", 0, a) + 1)]
        if len(entries) + len(definitions) != len(old_index.occurrences(name)):
            continue  # a slot closure, a getset or another wrapper calls it with a tuple
        count.found += 1
        after = new_index.followed_by(name, _FLAGS)
        if after and all("METH_FASTCALL" in m.group("flags") or m.group("flags").endswith(
                "METH_NOARGS") for _, m in after):
            count.rewritten += 1
        else:
            count.left.append(at(name))


_VECTORCALL_SLOT = re.compile(r"\(vectorcallfunc\) (\w+)_swiggen_vectorcall,")


def _constructors(report: Report, before: str, after: str, old: _Functions, new: _Functions,
                  at: Any) -> None:
    """tp_init wrappers (named in a type object's tp_init slot): the positional fast path for
    those that parse arguments, and a tp_vectorcall for every such class."""
    enabled = "swiggen_enable_type_vectorcall(metatype);" in after
    # the classes given a tp_vectorcall, found once (a search of the text per class grew with
    # the square of the module)
    slotted = set(_VECTORCALL_SLOT.findall(after))
    for name in sorted({m.group("name") for m in lines_matching(_TP_INIT, before,
                                                                    "/* tp_init */\n")}):
        body = old.text_of(name)
        vectorcall = report["vectorcall"]
        vectorcall.found += 1
        if enabled and name in slotted:
            vectorcall.rewritten += 1
        else:
            vectorcall.left.append(at(name))
        parse = _PARSE_ANY.search(body)
        if parse is None or "O" not in parse.group("fmt").split(":")[0]:
            continue  # overloads (the dispatcher unpacks a tuple) or no arguments
        report["tp_init"].found += 1
        if "swiggen_tupleargs(" in new.text_of(name):
            report["tp_init"].rewritten += 1
        else:
            report["tp_init"].left.append(at(name))


def _instance_dicts(count: Count, before: str, after: str, lines: _Lines) -> None:
    """Every class the module's init registers has its dict offset cleared before."""
    marks = Marks(after, "builtin_pytype->tp_dictoffset = 0;")
    count.found = sum(1 for _ in _REGISTER.finditer(before))
    last = 0
    for m in _REGISTER.finditer(after):
        if marks.within(last, m.start()):
            count.rewritten += 1
        else:
            count.left.append((m.group("name"), lines.of(m.start())))
        last = m.end()


def _closure(report: Report, before: str, after: str, lines: _Lines) -> None:
    """SWIG's tp_dealloc closure (one per module)."""
    m = _CLOSURE.search(before)
    if m is None:
        return
    end = before.find("\n}\n", m.end())
    body = before[m.end():end]
    where = _CLOSURE.search(after)
    line = lines.of(where.start()) if where else 0
    rewritten = after[where.end():after.find("\n}\n", where.end())] if where else ""
    for kind, native, done in (
            ("dealloc_type_reference", releases_type(body), "Py_DECREF(swiggen_type);"),
            ("dealloc_error_state", "if (PyErr_Occurred()) PyErr_Fetch" in body,
             "if (PyErr_Occurred()) PyErr_Fetch")):
        count = report[kind]
        count.found = 1
        if native:
            count.native = 1
        elif done in rewritten:
            count.rewritten = 1
        else:
            count.left.append(("SwigPyBuiltin_destructor_closure", line))


def _free_lists(count: Count, old: _Functions, new: _Functions, old_index: Index,
                at: Any) -> None:
    """Constructor wrappers' `result = (T *)new T(...)` and destructor wrappers' `delete`."""
    for name in sorted(old.body):
        body = old.text_of(name)
        if name.startswith("_wrap_new_"):
            if not _NEW_LINE.search(body) or "swiggen_nogil" in body or \
                    "SwigDirector_" in body:
                continue  # (a director class's constructor makes a director for a subclass)
            done = "swiggen_new<" in new.text_of(name)
        elif name.startswith("_wrap_delete_"):
            if not _DELETE_LINE.search(body) or "swiggen_nogil" in body:
                continue
            occurrences = old_index.occurrences(name)
            closure = f"SWIGPY_DESTRUCTOR_CLOSURE({name})"
            if len(occurrences) != 2 or closure not in old.text:
                continue  # another wrapper calls it: left as SWIG wrote it
            done = "swiggen_delete(" in new.text_of(name)
        else:
            continue
        count.found += 1
        if done:
            count.rewritten += 1
        else:
            count.left.append(at(name))


def _text_counts(report: Report, before: str, after: str, new: _Functions,
                 lines: _Lines) -> None:
    """The kinds counted line by line: value results, conversions, argument errors, docstrings,
    SWIG's own methods."""
    values = report["value_results"]
    values.found = before.count(_VALUE_NEW)
    values.rewritten = after.count("SWIG_NewPointerObj((swiggen_new< ")
    values.left = _where(after, _VALUE_NEW, new, lines)
    for ctype in _SCALARS:
        if re.search(rf"^SWIG_AsVal_{ctype} ?\(PyObject", before, re.M) is None:
            continue
        count = report["scalars"]
        count.found += 1
        if f"\nswiggen_SWIG_AsVal_{ctype}_slow (" in after:  # SWIG's, renamed
            count.rewritten += 1
        else:
            m = re.search(rf"^SWIG_AsVal_{ctype} ?\(", after, re.M)
            count.left.append((f"SWIG_AsVal_{ctype}", lines.of(m.start()) if m else 0))
    errors = report["argerrors"]
    errors.found = sum(1 for _ in _ARG_FAIL.finditer(before))
    left = list(_ARG_FAIL.finditer(after))
    errors.rewritten = errors.found - len(left)
    errors.left = [(new.around(m.start()), lines.of(m.start())) for m in left]
    docs = report["docsigs"]
    docs.found = sum(1 for _ in _DOC_START.finditer(before))
    left = list(_DOC_START.finditer(after))
    docs.rewritten = docs.found - len(left)
    docs.left = [(new.around(m.start()) or "docstring", lines.of(m.start())) for m in left]
    methods = report["builtin_methods"]
    methods.found = len(builtinmethods.candidates(before))
    left_names = builtinmethods.candidates(after)
    methods.rewritten = methods.found - len(left_names)
    methods.left = [(name, lines.of(after.find(f'"{name}"'))) for name in left_names]
    attrs = report["swig_attributes"]
    attrs.found = len(swigattrs.candidates(before))
    left_attrs = swigattrs.candidates(after)
    attrs.rewritten = attrs.found - len(left_attrs)
    attrs.left = [(name, lines.of(at)) for name, at in left_attrs]


def _where(text: str, needle: str, functions: _Functions, lines: _Lines) -> list[tuple[str, int]]:
    out, i = [], text.find(needle)
    while i >= 0:
        out.append((functions.around(i), lines.of(i)))
        i = text.find(needle, i + 1)
    return out


def as_json(report: Report, swig_version: str) -> str:
    """The report as BUILD/rewrites.json holds it (deterministic)."""
    return json.dumps({"swig": swig_version,
                       "kinds": {k: c.as_json() for k, c in report.items()}},
                      indent=1, sort_keys=True) + "\n"


def save(report: Report, swig_version: str, path: Path) -> None:
    """Write the report atomically, only if it changed."""
    write_text_if_changed(path, as_json(report, swig_version))


def load(path: Path) -> tuple[Report, str] | None:
    """A saved report and the SWIG version it was made with; None if there is none."""
    try:
        data = json.loads(path.read_text())
        kinds = data["kinds"]
        report = {kind: Count(c["found"], c["rewritten"], c["native"],
                              [(str(n), int(line)) for n, line in c["left"]])
                  for kind, c in sorted(kinds.items(), key=lambda kc: _ORDER.get(kc[0], 99))}
        return report, str(data["swig"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def swig_version(text: str) -> str:
    """The SWIG version that wrote a wrapper (its `#define SWIG_VERSION 0x040501`)."""
    m = re.search(r"^#define SWIG_VERSION 0x([0-9a-fA-F]{6})", text, re.M)
    if m is None:
        return "unknown"
    v = m.group(1)
    return f"{int(v[0:2], 16)}.{int(v[2:4], 16)}.{int(v[4:6], 16)}"


def diagnostics(report: Report, swig: str, wrapper: Path) -> list[Diagnostic]:
    """One SG700 warning per kind that left candidates on SWIG's slow path."""
    out = []
    for kind, count in report.items():
        if not count.left:
            continue
        shown = ", ".join(name for name, _ in count.left[:6])
        more = f" and {len(count.left) - 6} more" if len(count.left) > 6 else ""
        out.append(Diagnostic(
            Loc(str(wrapper), count.left[0][1]), Severity.WARNING, "SG700",
            f"post-processing '{kind}' rewrote {count.rewritten} of {count.found} "
            f"{KINDS[kind].split(',')[0]}; left as SWIG {swig} wrote them (slower, SWIG's "
            f"messages or SWIG's methods): {shown}{more}",
            f"the module works; SWIG {swig} writes a shape swiggen does not know: report it as "
            f"a swiggen bug naming SWIG {swig} (pip install 'swig>=4.4,<4.6' uses a tested "
            "version)"))
    return out


def summary(report: Report, swig: str) -> list[str]:
    """The report as `swiggen build -v` prints it: one line per kind with candidates."""
    out = [f"post-processing of SWIG {swig}'s wrapper (candidates rewritten):"]
    for kind, count in report.items():
        if not count.found:
            continue
        extra = f", {count.native} done by SWIG" if count.native else ""
        left = f", left: {', '.join(n for n, _ in count.left[:6])}" if count.left else ""
        out.append(f"  {kind:<24}{count.rewritten:>5}/{count.found:<5}{extra}{left}")
    return out
