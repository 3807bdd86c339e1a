"""kwdispatch: overload sets take keyword arguments (post-processing of SWIG's dispatchers).

SWIG dispatches an overload set (and a function whose defaults it expands into overloads) on
positional arguments only, and registers it without keywords (SWIG warning 511 otherwise):

    SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *args) {
      ...
      if (!(argc = SWIG_Python_UnpackTuple(args, "add", 0, 2, argv))) SWIG_fail;
      --argc;
      if (argc == 2) {
        ...type checks of argv[0], argv[1]...
        return _wrap_add__SWIG_0(self, argc, argv);
      }
    check_1:
      if (argc == 2) { ... _wrap_add__SWIG_1(self, argc, argv) ... }
    fail:
      SWIG_Python_RaiseOrModifyTypeError("Wrong number or type of arguments ...");

Each `_wrap_add__SWIG_k` reads `argv` by position. The interface lists, for each such SWIG
symbol, the Python parameters of every `__SWIG_k` in the order SWIG numbers them (lower/
kwforms.py; one comment line per symbol in the wrapper's header section, which `table_edits`
removes, so that the prelude a split module compiles everywhere does not change with them):

    /* swiggen keywords add exact: [["a","b"],["a","b"]] */

`keyword_body` gives the dispatcher a second way in, for a call with keywords (METH_FASTCALL|
METH_KEYWORDS, fastcall.py; tp_init's dict, `init_edits`): the dispatcher runs once more, given
the call (a `swiggen_kwcall`, interfaces/python/kwdispatch.swg) in place of its keyword names,
and jumps past the unpacking to SWIG's blocks, each of which then binds the call's arguments to
its own overload's names instead of counting them:

    if (swiggen_kw ? (argc = swiggen_kwbind(swiggen_kw, 0, 2, argv)) == 2 : argc == 2) {

and its failure lists the overloads with their names. A call without keywords runs SWIG's
dispatch as before, after one test of `kwnames`. The keyword path stays in the dispatcher,
rather than in a function of its own, so that each `__SWIG_k` keeps its one call site: the
compiler inlines them into the dispatcher as before (a second caller made it keep them out of
line, some 20 instructions more per positional call); and the run with the call (rather than a
cleanup at every `return` of SWIG's blocks) frees what the call made.

The parameter lists are verified against SWIG's text: one per `__SWIG_k` wrapper, each as long
as that wrapper's `nobjs` check. Where they do not match (an overload the lowering does not
see, as `using Base::f` brings in, or one wrapped through a shim) the set is `names` only: each
distinct parameter list is tried in turn for every overload of its length, and SWIG's dispatch
picks (a call binds by the names of any overload). A dispatcher of another shape is left alone.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .swigshapes import BODY_END, Edit, Index

TABLE_LINE = re.compile(r"^/\* swiggen keywords (?P<sym>\w+) (?P<mode>exact|names): "
                        r"(?P<forms>\[.*\]) \*/\n", re.M)
#: a block of SWIG's dispatcher, and the overload it calls
_BLOCK = re.compile(r"^(?P<indent>[ \t]*)if \(argc == (?P<n>\d+)\) \{\n", re.M)
_CALL = re.compile(r"\b(?P<name>_wrap_\w+?)__SWIG_(?P<k>\d+)\(self, argc, argv\)")
_FAIL = re.compile(r'^(?P<indent>[ \t]*)SWIG_Python_RaiseOrModifyTypeError\('
                   r'(?:"(?:[^"\\\n]|\\.)*"\s*)+\);\n', re.M)
_FAIL_LABEL = re.compile(r"^fail:\n", re.M)
_NOBJS = re.compile(r"^[ \t]*if \(\(nobjs < (?P<min>\d+)\) \|\| \(nobjs > (?P<max>\d+)\)\) "
                    r"SWIG_fail;\n", re.M)
_OVERLOAD_DEF = re.compile(r"^SWIGINTERN (?:PyObject \*|int )(?P<name>\w+)__SWIG_(?P<k>\d+)"
                           r"\(PyObject \*self, Py_ssize_t nobjs, "
                           r"PyObject \*\*(?:swig_obj|SWIGUNUSEDPARM\(swig_obj\))\) \{\n",
                           re.M)
_DECREMENT = re.compile(r"^[ \t]*--argc;\n", re.M)
_NO_KEYWORDS = re.compile(
    r'^[ \t]*if \(!SWIG_Python_CheckNoKeywords\(kwargs, "\w+"\)\) SWIG_fail;\n', re.M)
_ARGC = re.compile(r"\bargc\b")
_VOID_SELF = re.compile(r"^[ \t]*\(void\)self;\n", re.M)
#: what a dispatcher taking keywords calls (interfaces/python/kwdispatch.swg)
MARK = "swiggen_kwbind("
#: a default's Python value as swiggen_kwparam's kind (interfaces/python/kwdispatch.swg)
_KINDS = {True: "T", False: "F", None: "N"}


@dataclass(frozen=True)
class Param:
    name: str
    kind: str = ""  #: "" no default; i f s T F N a Python value; ? a default Python cannot pass
    value: str = ""


@dataclass(frozen=True)
class KeywordSet:
    symname: str
    exact: bool  #: the lowering knows every overload, in SWIG's order
    forms: tuple[tuple[Param, ...], ...]


def _param(item: object) -> Param | None:
    if isinstance(item, str):
        return Param(item)
    if not isinstance(item, list) or not item or not isinstance(item[0], str) or len(item) > 2:
        return None
    if len(item) == 1:
        return Param(item[0], "?")
    value = item[1]
    if isinstance(value, bool) or value is None:
        return Param(item[0], _KINDS[value])
    if isinstance(value, int):
        return Param(item[0], "i", str(value))
    if isinstance(value, float):
        return Param(item[0], "f", repr(value))
    if isinstance(value, str):
        return Param(item[0], "s", value)
    return Param(item[0], "?")


def read_table(text: str) -> dict[str, KeywordSet]:
    """The keyword table of a wrapper: SWIG symbol -> its overloads' parameters."""
    out: dict[str, KeywordSet] = {}
    for m in TABLE_LINE.finditer(text):
        try:
            data = json.loads(m.group("forms"))
        except ValueError:
            continue
        if not isinstance(data, list) or not all(isinstance(f, list) for f in data):
            continue
        forms = tuple(tuple(_param(p) for p in f) for f in data)
        if all(p is not None for f in forms for p in f):
            out[m.group("sym")] = KeywordSet(m.group("sym"), m.group("mode") == "exact",
                                             forms)  # type: ignore[arg-type]
    return out


def table_edits(text: str) -> list[Edit]:
    """The table's lines removed (read_table has read them)."""
    return [(m.start(), m.end(), "") for m in TABLE_LINE.finditer(text)]


def _arities(text: str, index: Index, name: str) -> dict[int, int] | None:
    """The `nobjs` each `NAME__SWIG_k` wrapper takes, by k; None if one has no such check."""
    out: dict[int, int] = {}
    k = 0
    while True:
        overload = f"{name}__SWIG_{k}"
        defined = [at for at in index.occurrences(overload)
                   if text.startswith("(PyObject *self, Py_ssize_t nobjs", at + len(overload))]
        if not defined:
            return out
        start = text.rfind("\n", 0, defined[0]) + 1
        m = _OVERLOAD_DEF.match(text, start)
        end = BODY_END.search(text, defined[0])
        check = _NOBJS.search(text, m.end(), end.start()) if m and end else None
        if check is None or check.group("min") != check.group("max"):
            return None
        out[k] = int(check.group("min"))
        k += 1


def _blocks(name: str, body: str, start: int) -> list[tuple[re.Match[str], int]] | None:
    """SWIG's dispatch blocks after `start` (the unpacking) with the overload each calls; None
    unless the body is blocks, each calling one overload of `name`, then `fail:`."""
    fail = _FAIL_LABEL.search(body, start)
    if fail is None:
        return None
    found = list(_BLOCK.finditer(body, start, fail.start()))
    out = []
    for i, b in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else fail.start()
        calls = list(_CALL.finditer(body, b.end(), end))
        if len(calls) != 1 or calls[0].group("name") != name:
            return None
        out.append((b, int(calls[0].group("k"))))
    return out or None


def _c_string(text: str) -> str:
    out = []
    for byte in text.encode("utf-8"):
        c = chr(byte)
        if c in '"\\' or c == "?":
            out.append("\\" + c)
        elif 32 <= byte < 127:
            out.append(c)
        else:
            out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


def _data(kw: KeywordSet, self_: int, exact: bool, ind: str) -> str:
    """The set as the dispatcher's static data (swiggen_kwset)."""
    lines = []
    for k, form in enumerate(kw.forms):
        if not form:
            continue
        params = ", ".join(
            f"{{{_c_string(p.name)}, {repr(p.kind) if p.kind else 0}, "
            f"{_c_string(p.value) if p.kind in ('i', 'f', 's') else 0}}}" for p in form)
        lines.append(f"{ind}static const swiggen_kwparam swiggen_p{k}[] = {{{params}}};\n")
    forms = ", ".join(f"{{{len(f)}, {f'swiggen_p{k}' if f else 0}}}"
                      for k, f in enumerate(kw.forms))
    lines.append(f"{ind}static const swiggen_kwform swiggen_forms[] = {{{forms}}};\n")
    lines.append(f"{ind}static const swiggen_kwset swiggen_set = {{{_c_string(kw.symname)}, "
                 f"{self_}, {int(exact)}, {len(kw.forms)}, swiggen_forms}};\n")
    return "".join(lines)


def keyword_body(text: str, index: Index, name: str, body: str, unpack: re.Match[str],
                 kw: KeywordSet, start: str, unpacking: str) -> str | None:
    """SWIG's dispatcher `name` (its `body`, `unpack` its tuple unpacking) taking keywords too,
    or None unless the body has exactly SWIG's dispatcher shape. `start` is put before the
    unpacking (or in place of a constructor's keyword check): for a call with keywords it runs
    the dispatcher again with the call, or, in that run, sets `swiggen_kw` and jumps to the
    blocks; `unpacking` is what the unpacking line becomes."""
    if not kw.forms:
        return None
    self_ = 1 if unpack.group("into") == "argv+1" else 0
    blocks = _blocks(name, body, unpack.end())
    if blocks is None:
        return None
    fail = _FAIL.search(body, blocks[-1][0].end())
    decrement = _DECREMENT.match(body, unpack.end())
    no_keywords = list(_NO_KEYWORDS.finditer(body))
    void_self = _VOID_SELF.search(body, 0, unpack.start())
    if fail is None or void_self is None or len(no_keywords) > 1 or \
            (no_keywords and no_keywords[0].start() < void_self.end()):
        return None
    uses = 1 + 1 + bool(decrement) + 2 * len(blocks)  # declaration, unpack, --argc, blocks
    if len(_ARGC.findall(body)) != uses or re.search(r"\bswiggen_kw", body):
        return None
    arities = _arities(text, index, name)
    if not arities or any(arities.get(k) != int(b.group("n")) for b, k in blocks):
        return None
    exact = kw.exact and len(kw.forms) == len(arities) and all(
        len(kw.forms[k]) + self_ == n for k, n in arities.items())
    ind = unpack.group("indent")
    after = decrement.end() if decrement else unpack.end()
    edits: list[Edit] = [
        (void_self.start(), void_self.start(), _data(kw, self_, exact, ind)
         + f"{ind}swiggen_kwcall *swiggen_kw = 0;\n"),
        (no_keywords[0].start() if no_keywords else unpack.start(),
         no_keywords[0].end() if no_keywords else unpack.start(), start),
        (unpack.start(), unpack.end(), unpacking),
        (after, after, "swiggen_again:\n"),
        (fail.start(), fail.end(),
         f"{fail.group('indent')}if (swiggen_kw) {{\n"
         f"{fail.group('indent')}  if (swiggen_kwretry(swiggen_kw)) goto swiggen_again;\n"
         f"{fail.group('indent')}  swiggen_kwfail(swiggen_kw);\n"
         f"{fail.group('indent')}}} else {{\n"
         + "".join(f"  {line}\n" for line in fail.group().splitlines())
         + f"{fail.group('indent')}}}\n"),
    ]
    for b, k in blocks:
        n = b.group("n")
        edits.append((b.start(), b.end(), f"{b.group('indent')}if (swiggen_kw ? (argc = "
                                          f"swiggen_kwbind(swiggen_kw, {k}, {n}, argv)) == {n}"
                                          f" : argc == {n}) {{\n"))
    out, pos = [], 0
    for begin, end, new in sorted(edits):
        out += [body[pos:begin], new]
        pos = end
    out.append(body[pos:])
    return "".join(out)


def _resume(ind: str, call: str) -> str:
    """The run with the call (`call`, a `swiggen_kwcall *`): to the blocks."""
    return (f"{ind}  swiggen_kw = (swiggen_kwcall *)(void *){call};\n{ind}  argc = -1;\n"
            f"{ind}  goto swiggen_again;\n")


def entry(name: str, indent: str) -> str:
    """A METH_FASTCALL|METH_KEYWORDS dispatcher's keyword test (keyword_body's `start`): a
    call with keywords runs the dispatcher again, `nargs` -1 and the call as `kwnames`."""
    return (f"{indent}if (swiggen_kwnames) {{\n"
            f"{indent}  if (swiggen_nargs >= 0) return swiggen_kwcall_run(self, swiggen_args, "
            f"swiggen_nargs, swiggen_kwnames, &swiggen_set, {name});\n"
            + _resume(indent, "swiggen_kwnames") + f"{indent}}}\n")


def init_edits(text: str, index: Index, table: dict[str, KeywordSet],
               defs: re.Pattern[str], unpacks: re.Pattern[str]) -> list[Edit]:
    """Overloaded constructors (tp_init: SWIG_Python_CheckNoKeywords, then a dispatcher): a call
    with keywords goes to the blocks, its tuple and dict laid out as a vectorcall passes them.
    (The class's tp_vectorcall, typeobjects.py, hands keyword calls to tp_init.)"""
    edits: list[Edit] = []
    for m in defs.finditer(text):
        name = m.group("name")
        kw = table.get(name[len("_wrap_"):])
        end = BODY_END.search(text, m.end())
        if kw is None or end is None:
            continue
        body = text[m.end():end.start()]
        found = list(unpacks.finditer(body))
        if len(found) != 1 or len(_NO_KEYWORDS.findall(body)) != 1:
            continue
        u = found[0]
        ind = u.group("indent")
        start = (f"{ind}if (kwargs) {{  /* no tuple: the run with the call (kwinit_run) */\n"
                 f"{ind}  if (!args) {{\n" + _resume(ind + "  ", "kwargs") + f"{ind}  }}\n"
                 f"{ind}  if (swiggen_haskw(kwargs)) return swiggen_kwinit_run(self, args, "
                 f"kwargs, &swiggen_set, {name});\n{ind}}}\n")
        new = keyword_body(text, index, name, body, u, kw, start, u.group())
        if new is not None:
            edits.append((m.end(), end.start(), new))
    return edits
