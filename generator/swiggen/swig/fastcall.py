"""fastcall: turn SWIG's keyword-argument wrappers into METH_FASTCALL|METH_KEYWORDS ones.

With `%feature("kwargs")` SWIG registers a wrapper as METH_VARARGS|METH_KEYWORDS and parses its
arguments with PyArg_ParseTupleAndKeywords: CPython packs the arguments into a tuple (and a dict
for keywords) and the parser walks a format string, on every call. SWIG has no vectorcall mode,
so `rewrite` post-processes NAME_wrap.cxx (a pure text -> text function, run after SWIG):

    SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *args, PyObject *kwargs) {
      ...
      if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:add", kwnames, &obj0, &obj1)) SWIG_fail;
    { "add", (PyCFunction)(void(*)(void))_wrap_add, METH_VARARGS|METH_KEYWORDS, "..."},

becomes a vectorcall entry point that hands the same `obj0, obj1` to SWIG's unchanged conversion
code, and a METH_FASTCALL|METH_KEYWORDS method-table entry:

    SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *const *swiggen_args,
                                   Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {
      ...
      if (!swiggen_fastargs(swiggen_args, ..., "add", kwnames, 2, 2, swiggen_argv)) SWIG_fail;

`swiggen_fastargs` (interfaces/python/fastcall.swg, which SWIG emits into the module) matches positional
and keyword arguments the way PyArg_ParseTupleAndKeywords does for a format of plain `O`s, with its
checks and messages (too many arguments, a missing required one), except that an unexpected
keyword and one given by name and position too are reported first and as a Python function reports
them (`f() got an unexpected keyword argument 'x'`, `f() got multiple values for argument 'a'`),
and that functions are named by their Python names
(`Vector.add`, SWIGGEN_DISPLAY from interfaces/python/errors.swg). Without keywords and with a valid count
it is a copy of pointers.

The rewrite is conservative: a wrapper is left exactly as SWIG wrote it unless it has precisely
the shape above (the signature, one parse call with an all-`O` format whose outputs match the
`kwnames` table, `args`/`kwargs` used nowhere else) and its name appears nowhere but in its
definition and METH_VARARGS|METH_KEYWORDS method-table entries (a wrapper that a slot closure or
a type object calls with a tuple must keep its tuple signature). Rewriting is idempotent.

`rewrite` also runs `typeobjects.py`'s rewrites of the class setup (constructors through
tp_vectorcall and friends), `freelists.py`'s (construct + destroy without the allocator) and
`scalars.py`'s (int and double conversions with the common case inlined); they read SWIG's
shapes from `swigshapes.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

from . import (argerrors, builtinmethods, directdealloc, directorfix, docsigs, freelists,
               kwdispatch, posonly, rewrites, scalars, swigattrs, wrapguard)
from .swigshapes import (ANY_WRAPPER, ARGS, BODY_END, CAST, DEF, DISPATCH_DEF, DISPATCH_SIGNATURE,
                         DISPATCH_TABLE, INIT_DEF, Index, KWNAMES, PARSE, POSITIONAL, SIGNATURE,
                         TABLE, UNPACK, apply)
from . import typeobjects
from ..render.interface import interface_dir

def _runtime(file: str = "fastcall.swg", fragment: str = "swiggen_fastcall") -> str:
    """The `swiggen_fastcall` fragment's text (interfaces/python/fastcall.swg): the argument matcher
    the rewritten wrappers call, with the type-vectorcall, free-list and conversion helpers
    (typeobjects.py, freelists.py, scalars.py). SWIG emits it into every module; a wrapper
    without it (another SWIG, a test's synthetic wrapper) gets it inserted once. (`file`,
    `fragment`: another such fragment, kwdispatch.swg's.)"""
    text = (interface_dir() / "python" / file).read_text(encoding="utf-8")
    m = re.search(rf'^%fragment\("{fragment}", [^\n]*%\{{\n(.*?)^%\}}\n', text, re.M | re.S)
    assert m is not None, f"interfaces/python/{file} lost its {fragment} fragment"
    return m.group(1)


HELPER = _runtime()
#: the keyword dispatch of overload sets (kwdispatch.py), inserted where SWIG did not emit it
KW_HELPER = _runtime("kwdispatch.swg", "swiggen_kwdispatch")

def rewrite(text: str) -> str:
    """NAME_wrap.cxx with every keyword wrapper of the expected shape made METH_FASTCALL."""
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) over `text`
    index = Index(text)  # every pass below is linear: wrapper names are looked up here
    for m in DEF.finditer(text):
        end = BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        new_body = _rewrite_body(body)
        tables = _only_table_references(index, m.group("name"), m.start())
        if new_body is None or not tables:
            continue
        header = text[m.start():m.end()].replace(
            "(PyObject *self, PyObject *args, PyObject *kwargs) {\n", SIGNATURE)
        edits.append((m.start(), end.start(), header + new_body))
        for at, t in tables:
            edits.append((at - len(CAST), t.end(), f"{CAST}{m.group('name')}, "
                          f"{t.group('static')}METH_FASTCALL|METH_KEYWORDS,"))
    table = kwdispatch.read_table(text)  # overload sets' parameter names (kwdispatch.py)
    keywords = _dispatchers(text, index, table)
    keywords += kwdispatch.init_edits(text, index, table, INIT_DEF, UNPACK)
    edits += keywords + _no_argument_entries(text, index)
    edits += _constructors(text)
    edits += typeobjects.helper_edits(text, index) + freelists.helper_edits(text, index)
    helpers = [h for h, defined, needed in (
        (HELPER, "#define SWIGGEN_FASTARGS_DEFINED", bool(edits)),
        (KW_HELPER, "#define SWIGGEN_KWDISPATCH_DEFINED",
         any(kwdispatch.MARK in e[2] for e in keywords)))
        if needed and defined not in text]
    if helpers:
        first = ANY_WRAPPER.search(text)  # the helpers go before the first wrapper
        if first is None or first.start() > min(start for start, _, _ in edits):
            edits = []
        else:
            edits.append((first.start(), first.start(), "".join(h + "\n" for h in helpers)))
    edits += typeobjects.plain_edits(text) + freelists.plain_edits(text)  # no helper needed
    edits += kwdispatch.table_edits(text)
    edits += scalars.plain_edits(text) + _no_argument_unpacks(text)
    return freelists.value_results(apply(text, edits) if edits else text)


def _constructors(text: str) -> list[tuple[int, int, str]]:
    """tp_init wrappers: plain positional calls skip PyArg_ParseTupleAndKeywords (kept for the rest)."""
    edits: list[tuple[int, int, str]] = []
    for m in INIT_DEF.finditer(text):
        end = BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        parses = list(PARSE.finditer(body))
        if len(parses) != 1 or len(KWNAMES.findall(body)) != 1 or "swiggen_tupleargs(" in body:
            continue
        p = parses[0]
        fmt = p.group("fmt")
        total = fmt.count("O")
        required = fmt.index("|") if "|" in fmt else total
        outs = p.group("outs").split(", &")[1:]
        if total == 0 or len(outs) != total:
            continue
        ind = p.group("indent")
        original = body[p.start():p.end()]
        fast = "".join([
            f"{ind}{{\n",
            f"{ind}  PyObject *swiggen_argv[{total}];\n",
            f"{ind}  if (swiggen_tupleargs(args, kwargs, {required}, {total}, swiggen_argv)) {{\n",
            f"{ind}    " + " ".join(f"{o} = swiggen_argv[{i}];" for i, o in enumerate(outs)) + "\n",
            f"{ind}  }} else {{\n",
            f"{ind}    " + original.lstrip(" \t"),
            f"{ind}  }}\n",
            f"{ind}}}\n",
        ])
        start = m.end() + p.start()
        edits.append((start, start + len(original), fast))
    return edits


def _dispatchers(text: str, index: Index,
                 table: dict[str, kwdispatch.KeywordSet]) -> list[tuple[int, int, str]]:
    """Wrappers of positional arguments made METH_FASTCALL: overload dispatchers (METH_VARARGS,
    SWIG_Python_UnpackTuple into `argv`, or `argv+1` for methods) and the wrappers of functions
    without keywords (SWIG_Python_UnpackTuple into `swig_obj`). A dispatcher whose overloads'
    parameter names `table` lists takes keywords too: METH_FASTCALL|METH_KEYWORDS, a call with
    keywords binding to each overload's names (kwdispatch.py)."""
    edits: list[tuple[int, int, str]] = []
    for m in DISPATCH_DEF.finditer(text):
        end = BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        unpacks = list(UNPACK.finditer(body)) + list(POSITIONAL.finditer(body))
        if len(unpacks) != 1:
            continue
        u = unpacks[0]
        if ARGS.search(body[:u.start()] + body[u.end():]):
            continue
        into = u.group("into")
        array = into.split("+")[0]
        size = re.search(rf"^[ \t]*PyObject \*{array}\[(\d+)\] ?(?:= \{{|;)", body, re.M)
        if not size or int(size.group(1)) < int(u.group("max")) + (array != into):
            continue
        name = m.group("name")
        # METH_VARARGS; or METH_VARARGS|METH_KEYWORDS for a dispatcher SWIG registers with
        # keywords it ignores (a using-declaration's overloads): positional only, as it reads
        entries = index.followed_by(name, DISPATCH_TABLE)
        allowed = {at for at, _ in entries} | {m.start() + len("SWIGINTERN PyObject *")}
        if not entries or any(r not in allowed for r in index.occurrences(name)):
            continue
        call = (f"swiggen_fastunpack(swiggen_args, swiggen_nargs, \"{u.group('fname')}\", "
                f"{u.group('min')}, {u.group('max')}, {into})")
        check = f"(argc = {call})" if array == "argv" else call
        unpacking = f"{u.group('indent')}if (!{check}) SWIG_fail;\n"
        kw = table.get(name[len("_wrap_"):]) if array == "argv" else None
        keywords = kwdispatch.keyword_body(text, index, name, body, u, kw, kwdispatch.entry(
            name, u.group("indent")), unpacking) if kw else None
        header = text[m.start():m.end()].replace("(PyObject *self, PyObject *args) {\n",
                                                 SIGNATURE if keywords else DISPATCH_SIGNATURE)
        new_body = keywords or body[:u.start()] + unpacking + body[u.end():]
        edits.append((m.start(), end.start(), header + new_body))
        flags = "METH_FASTCALL|METH_KEYWORDS" if keywords else "METH_FASTCALL"
        for at, e in entries:
            cast = text.startswith(CAST, at - len(CAST))
            edits.append((at - len(CAST) if cast else at, e.end(),
                          f"{CAST}{name}, {e.group('static')}{flags},"))
    return edits


_NO_ARGUMENTS = re.compile(
    r'^[ \t]*if \((?P<call>!SWIG_Python_UnpackTuple\(args, "\w+", 0, 0, 0\))\) SWIG_fail;\n'
    r'(?P<next>.*\n)', re.M)


_VARARGS_TABLE = DISPATCH_TABLE  # a tuple or keyword method-table entry


def _no_argument_entries(text: str, index: Index) -> list[tuple[int, int, str]]:
    """Wrappers without arguments that SWIG registers METH_VARARGS|METH_KEYWORDS (a template's
    method, `%feature("kwargs")`) with a `(self, args)` signature, so that keywords passed to
    them were ignored: registered METH_NOARGS, as SWIG registers the others (their body's
    `args && SWIG_Python_UnpackTuple(args, ..., 0, 0, 0)` accepts the NULL CPython passes)."""
    edits: list[tuple[int, int, str]] = []
    for m in DISPATCH_DEF.finditer(text):
        end = BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        unpacks = list(_NO_ARGUMENTS.finditer(body)) + list(_NO_ARGUMENTS_CHECKED.finditer(body))
        if len(unpacks) != 1:
            continue
        u = unpacks[0]
        if ARGS.search(body[:u.start()] + body[u.end("call"):]):
            continue
        name = m.group("name")
        entries = index.followed_by(name, _VARARGS_TABLE)
        allowed = {at for at, _ in entries} | {m.start() + len("SWIGINTERN PyObject *")}
        if not entries or any(r not in allowed for r in index.occurrences(name)):
            continue
        for at, e in entries:
            edits.append((e.start(), e.end(), f", {e.group('static')}METH_NOARGS,"))
    return edits


_NO_ARGUMENTS_CHECKED = re.compile(
    r'^[ \t]*if \((?P<call>args && !SWIG_Python_UnpackTuple\(args, "\w+", 0, 0, 0\))\) '
    r'SWIG_fail;\n', re.M)


def _no_argument_unpacks(text: str) -> list[tuple[int, int, str]]:
    """`if (!SWIG_Python_UnpackTuple(args, "f", 0, 0, 0)) SWIG_fail;` (a wrapper without
    arguments) checks `args` first: CPython passes NULL to METH_NOARGS methods, and SWIG's getter
    and tp_dealloc closures pass NULL too, for which SWIG_Python_UnpackTuple with no arguments
    allowed returns 1 after a call; a tuple still goes through it."""
    edits: list[tuple[int, int, str]] = []
    for m in _NO_ARGUMENTS.finditer(text):
        edits.append((m.start("call"), m.start("call"), "args && "))
    return edits


def _rewrite_body(body: str) -> str | None:
    """The wrapper's body with the tuple parser replaced, or None if it is not the usual shape."""
    parses = list(PARSE.finditer(body))
    kwnames = list(KWNAMES.finditer(body))
    if len(parses) != 1 or len(kwnames) != 1:
        return None
    p = parses[0]
    rest = body[:p.start()] + body[p.end():]
    if ARGS.search(rest):
        return None  # the body uses the tuple or the dict itself
    fmt = p.group("fmt")
    total = fmt.count("O")
    required = fmt.index("|") if "|" in fmt else total
    outs = p.group("outs").split(", &")[1:]
    if total == 0 or len(outs) != total or kwnames[0].group("names").count("(char *)") != total:
        return None
    ind = p.group("indent")
    lines = [
        f"{ind}{{\n",
        f"{ind}  PyObject *swiggen_argv[{total}];\n",
        f"{ind}  if (!swiggen_fastargs(swiggen_args, swiggen_nargs, swiggen_kwnames, "
        f"\"{p.group('fname')}\", kwnames, {required}, {total}, swiggen_argv)) SWIG_fail;\n",
        f"{ind}  " + " ".join(f"{o} = swiggen_argv[{i}];" for i, o in enumerate(outs)) + "\n",
        f"{ind}}}\n",
    ]
    return body[:p.start()] + "".join(lines) + body[p.end():]


def _only_table_references(index: Index, name: str,
                           definition: int) -> list[tuple[int, re.Match[str]]]:
    """The keyword method-table entries of `name` (where its name starts, and the rest of the
    entry), if it has some and appears nowhere else than in them and its definition; else []."""
    text = index.text
    tables = [(at, t) for at, t in index.followed_by(name, TABLE)
              if text.startswith(CAST, at - len(CAST))]
    allowed = {at for at, _ in tables} | {definition + len("SWIGINTERN PyObject *")}
    if any(at not in allowed for at in index.occurrences(name)):
        return []
    return tables


def postprocess(text: str) -> tuple[str, rewrites.Report]:
    """Every post-processing of a NAME_wrap.cxx: `rewrite`, then docstrings (docsigs.py),
    argument errors (argerrors.py) and SWIG's methods on every class (builtinmethods.py); with the report of what each kind found and rewrote
    (rewrites.py), checked against SWIG's text."""
    new, _ = posonly.rewrite(rewrite(text))  # unnamed parameters: positional-only
    new, _ = directdealloc.rewrite(new)  # tp_dealloc deleting directly (directdealloc.py)
    new, _ = docsigs.rewrite(new)
    new, _ = argerrors.rewrite(new)
    new, _ = builtinmethods.rewrite(new)  # SWIG's own methods on every class
    new, _ = swigattrs.rewrite(new)  # SWIG's own attributes (this, thisown, __dict__, __int__)
    report = rewrites.audit(text, new)
    new, _, _ = directorfix.rewrite(new)  # overridable virtuals (directors.swg)
    new, _ = wrapguard.rewrite(new)  # no C++ exception leaves a wrapper (wrapguard.py)
    new, _ = wrapguard.clear_failed_checks(new)  # nor a failed overload check's error
    return new, report


def rewrite_file(path: Path) -> tuple[rewrites.Report, str]:
    """Post-process a NAME_wrap.cxx in place (bytes that are not UTF-8 survive): the report and
    the version of SWIG that wrote the file."""
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    new, report = postprocess(text)
    if new != text:
        path.write_bytes(new.encode("utf-8", "surrogateescape"))
    return report, rewrites.swig_version(text)
