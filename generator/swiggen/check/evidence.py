"""Preconditions check infers from the object's own state, asked in the child just before the
call that crashed (issue #35, "class B" findings).

Many crashes of C++ libraries are a method used on an object in a state its class documents
it must not be in: `front()` of an empty container (toml++'s `array().front()`), `get_char()`
of a stream whose `valid()` is false (libraw's datastreams), `get_subquery(1)` of a Query
whose `get_num_subqueries()` is 0 (xapian), the value of an iterator at its end (xapian's
`ESetIterator().get_weight()`). The name of the method is never enough: for a crash finding
on `Cls.method`, check reruns the probe with the object's predicates called on the same
object in the same child, just before the call (its `evidence` probe):

    _ev_r = tomlplusplus.array()
    _ev = {}   # empty(), size(), len(), valid(), is_open(), ..., == X.end()
    ...; sys.stderr.write('swiggen-check-evidence: ...')
    _ev_r.front()

and the finding is a precondition only when that probe crashes just the same after writing
what the predicates said, and they say the object is in such a state:

| rule | the predicates say |
| --- | --- |
| `empty container` | element access (`front`, `back`, `top`, `pop*`, `first`, `last`, `peek`, `at`, `[]`) and `empty()` is true or `size()`/`len()`/`length()`/`count()` is 0 |
| `index out of range` | `at(i)`/`[i]` with `i >= size()`, or `get_X(i)` with `i` past `get_num_X()`/`num_X()`/`X_count()`/`count_X()` |
| `not ready` | `valid()`/`is_open()`/`good()`/`is_initialized()`/... is false (the object is used before its `open()`/`init()`/`load()` succeeded) |
| `iterator at end` | the object compares equal to an end: `X.end()` (of a class whose `*end()` returns its class), or the `*_end(...)` of the `*_begin(...)` it was made by |

A crash whose stderr shows it in the binding's own code (a `_wrap_` frame at the top of a
sanitizer's stack, a `.swg` or `_wrap.cxx` location) is ours and stays a finding.
"""

from __future__ import annotations

import ast
import copy
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .probes import Probe, repro
from .runner import Outcome, run
from .surface import Class, Function, Surface
from .values import Values

if TYPE_CHECKING:
    from .findings import Finding

#: element access: undefined on an empty container
ELEMENT = re.compile(r"^(front|back|top|peek|first|last|pop|pop_?back|pop_?front|popBack|"
                     r"popFront|Front|Back|Top|at|At|__getitem__|__delitem__)$")
#: indexed access: `at(i)`, `[i]`
INDEXED = re.compile(r"^(at|At|__getitem__|__delitem__)$")
#: a parameter that is an index or a position into the object
INDEX_PARAM = re.compile(r"^(i|n|k|idx|index|pos|position|start|first|offset|row|col|column|"
                         r"nth|which|\w+_(index|idx|pos|offset))$", re.I)
#: `get_subquery(n)`, `getItem(n)`, `GetRow(n)`, `subquery_at(n)`: the X of its count
GET_X = re.compile(r"^(?:get_?|Get)(?P<x>[A-Za-z0-9_]+)$|^(?P<y>[A-Za-z0-9_]+?)_?[aA]t$")
EMPTY = ("empty", "is_empty", "isEmpty", "IsEmpty", "Empty")
SIZE = ("size", "__len__", "length", "count", "Size", "Length", "Count", "get_size",
        "getSize", "GetSize", "len")
VALID = ("valid", "is_valid", "isValid", "IsValid", "is_open", "isOpen", "IsOpen", "good",
         "is_good", "ok", "is_ok", "isOk", "IsOk", "is_initialized", "is_initialised",
         "isInitialized", "initialized", "is_loaded", "isLoaded", "loaded", "is_ready",
         "isReady", "ready")
#: an iterator or a stream says it is at its end
AT_END = ("at_end", "is_end", "atEnd", "AtEnd", "isEnd", "IsEnd", "eof", "Eof", "at_eof",
          "atEof", "exhausted", "is_exhausted")
#: what a not-ready object is made ready by, or what tears it down: never inferred here
SETS_UP = re.compile(r"(^|_)(open|init|initiali[sz]e|load|connect|attach|create|close|reset|"
                     r"clear|release|destroy|free)|^(Open|Init|Load|Connect|Close|Reset|set|Set)",
                     re.I)
#: an iterator's end: `end()`, `postlist_end(term)`, `End()`
END = re.compile(r"(^|_)end$|End$")
BEGIN = re.compile(r"(^|_)begin$|Begin$")
MARK = "swiggen-check-evidence: "
#: written after the call: a crash after it (the object's destructor, a later line) is not
#: the call's
RETURNED = "swiggen-check-evidence: the call returned\n"
#: the crash in the binding's own code: a sanitizer's top frame in a wrapper function, or a
#: location in the generated wrapper or a SWIG typemap
OURS = re.compile(r"#0 [^\n]* in _wrap_|#0 [^\n]*(_wrap\.c(xx|pp)?|\.swg):\d+")
#: UBSan's own location of what it reports (`FILE:LINE:COL: runtime error: ...`): it decides,
#: since a library's inline code (a header's `back()`) is inlined into the `_wrap_` function
#: that calls it, whose frame is then on top
UBSAN_AT = re.compile(r"^(\S+?):\d+:\d+: runtime error: ", re.M)
WRAPPER_FILE = re.compile(r"(_wrap\.c(xx|pp)?|\.swg)$")


@dataclass(frozen=True)
class Plan:
    """The evidence probe of one crash finding: `code`; `index`, the index argument's
    expression (or ""); the predicates and comparisons it asks about."""

    code: str
    cls: str
    method: str
    index: bool
    counts: tuple[str, ...]
    #: its first parameter says it is an index or position (`start`, `pos`, `i`)
    positional: bool = False


def ours(stderr: str) -> bool:
    at = UBSAN_AT.search(stderr)
    if at is not None:
        return WRAPPER_FILE.search(at.group(1)) is not None
    return OURS.search(stderr) is not None


def _methods(surface: Surface, cls: Class) -> dict[str, Function]:
    """The class's methods, with its bases' (the nearest first)."""
    out: dict[str, Function] = {}
    todo, seen = [cls], set()
    while todo:
        c = todo.pop(0)
        if c.qualname in seen:
            continue
        seen.add(c.qualname)
        for n, f in c.methods.items():
            out.setdefault(n, f)
        todo.extend(surface.classes[b] for b in c.bases if b in surface.classes)
    return out


def _nullary(f: Function) -> bool:
    return f.kind == "method" and any(all(p.has_default for p in s.params) for s in f.overloads)


def _norm(name: str) -> str:
    return name.replace("_", "").lower()


def counts_of(x: str, methods: dict[str, Function]) -> list[str]:
    """The methods counting the X of `get_X(n)`: `get_num_subqueries`, `num_X`, `X_count`,
    `count_X`, `getNumX`, `XCount` (X singular or plural)."""
    stem = _norm(x)
    stem = stem[:-1] if stem.endswith("y") else stem
    out = []
    for name, f in methods.items():
        if not _nullary(f) or name == f"get_{x}":
            continue
        n = _norm(name)
        n = n[3:] if n.startswith("get") else n
        for pre in ("numberof", "number", "num", "count", "n"):
            if n.startswith(pre) and n[len(pre):].startswith(stem) and \
                    len(n) - len(pre) - len(stem) <= 3:
                out.append(name)
                break
        else:
            for post in ("count", "num", "size", "number"):
                if n.endswith(post) and n[:-len(post)].startswith(stem) and \
                        len(n) - len(post) - len(stem) <= 3:
                    out.append(name)
                    break
    return sorted(out)


def _ends(surface: Surface, cls: str, makers: dict[str, str]) -> list[str]:
    """Expressions of an end iterator of class `cls`: `MAKER.end()` for each class that can be
    made and has a `*end(...)` that returns one (given good values: `postlist_end('abc')`)."""
    values = Values(surface, makers, 0)
    out = []
    for q, c in sorted(surface.classes.items()):
        maker = makers.get(q)
        if maker is None:
            continue
        for name, f in sorted(c.methods.items()):
            if not END.search(name) or f.kind != "method":
                continue
            for sig in f.overloads:
                args = [values.good(p.ty) for p in sig.params if not p.has_default]
                if sig.returns.main().name == cls and None not in args:
                    out.append(f"{maker}.{name}({', '.join(a for a in args if a)})")
                    break
    return out[:4]


def plan_for(code: str, crash_line: int | None, target: str, surface: Surface,
             makers: dict[str, str]) -> Plan | None:
    """The evidence probe of a crash of `target` (`Cls.method`) in `code` (the probe's code,
    without its imports), at its line `crash_line` (1-based; None: the last line calling
    it), or None where check has nothing to ask."""
    cls_name, _, method = target.rpartition(".")
    cls = surface.classes.get(cls_name)
    if cls is None or method.startswith("__") and method not in ("__getitem__",
                                                                 "__delitem__"):
        return None
    lines = code.rstrip("\n").split("\n")
    if crash_line is None:
        calls = [i for i, s in enumerate(lines, 1) if f".{method}(" in s or "[" in s]
        crash_line = calls[-1] if calls else None
    if crash_line is None or not 1 <= crash_line <= len(lines):
        return None
    indent = lines[crash_line - 1][:len(lines[crash_line - 1]) -
                                   len(lines[crash_line - 1].lstrip())]
    line = lines[crash_line - 1].strip()
    if not line or line.endswith(":"):
        return None
    try:
        tree = ast.parse(line)
    except SyntaxError:
        return None
    found = _receiver(tree, method)
    if found is None:
        return None
    recv, arg = found
    raw = line.encode()
    recv_src = raw[recv.col_offset:recv.end_col_offset].decode()
    index_src = (raw[arg.col_offset:arg.end_col_offset].decode()
                 if arg is not None and _pure(arg) else "")
    methods = _methods(surface, cls)
    ask = [n for n in (*EMPTY, *SIZE, *VALID, *AT_END) if n in methods and _nullary(methods[n])
           and n != method]
    m = GET_X.match(method)
    counts: list[str] = []
    if m and index_src:
        counts = counts_of(m["x"] or m["y"], methods)
    ends = _ends(surface, cls_name, makers)
    made = _end_of(recv) if isinstance(recv, ast.Call) else \
        _end_of(_bound(lines[:crash_line - 1], recv.id)) if isinstance(recv, ast.Name) else None
    if made is not None:
        ends.insert(0, made)
    arg_cls = _made_class(arg, raw, surface, makers) if arg is not None else None
    arg_ends = _ends(surface, arg_cls, makers) if arg_cls else []
    if not ask and not counts and not ends and not arg_ends:
        return None
    body = ["_ev_r = " + recv_src, "_ev = {}"]
    call_line = raw[:recv.col_offset] + b"_ev_r" + raw[recv.end_col_offset:]
    rend = recv.end_col_offset or recv.col_offset
    if arg_ends and arg is not None and arg.col_offset >= rend:
        # the argument (`xapian.MSetIterator()`) made once, compared, then passed
        aend = arg.end_col_offset or arg.col_offset
        body.append("_ev_a = " + raw[arg.col_offset:aend].decode())
        shift = len(b"_ev_r") - (rend - recv.col_offset)
        call_line = call_line[:arg.col_offset + shift] + b"_ev_a" + call_line[aend + shift:]
        for e in arg_ends:
            body += ["try:", f"    _ev[{'arg == ' + e!r}] = bool(_ev_a == {e})",
                     "except Exception:", "    pass"]
    for name in (*ask, *counts):
        call = "len(_ev_r)" if name == "__len__" else f"_ev_r.{name}()"
        body += ["try:", f"    _ev[{name!r}] = {call}", "except Exception as _ev_x:",
                 f"    _ev[{name!r}] = 'raised ' + type(_ev_x).__name__"]
    for e in ends:
        body += ["try:", f"    _ev[{'== ' + e!r}] = bool(_ev_r == {e})",
                 "except Exception:", "    pass"]
    if index_src:
        body.append(f"_ev['@index'] = {index_src}")
    body += [f"sys.stderr.write({MARK!r} + repr({{k: v if isinstance(v, (bool, int)) else "
             "repr(v)[:80] for k, v in _ev.items()}) + '\\n')", "sys.stderr.flush()",
             call_line.decode(),
             f"sys.stderr.write({RETURNED!r})", "sys.stderr.flush()"]
    new = [*lines[:crash_line - 1], *(indent + b for b in body), *lines[crash_line:]]
    f = methods.get(method)
    positional = f is not None and any(
        sig.params and sig.params[0].ty.main().kind == "int" and INDEX_PARAM.match(
            sig.params[0].name) for sig in f.overloads)
    return Plan("\n".join(new) + "\n", cls_name, method, bool(index_src), tuple(counts),
                positional)


def _end_of(call: ast.expr | None) -> str | None:
    """The end matching an iterator made by `call`: `p.postlist_end(t)` for `p.end()` itself
    or for `p.postlist_begin(t)`; None for anything else."""
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return None
    if END.search(call.func.attr):
        return ast.unparse(call)
    if BEGIN.search(call.func.attr):
        end = copy.deepcopy(call)
        assert isinstance(end.func, ast.Attribute)
        end.func.attr = re.sub("begin$", "end", re.sub("Begin$", "End", end.func.attr))
        return ast.unparse(end)
    return None


def _bound(lines: Sequence[str], name: str) -> ast.expr | None:
    """What the last of `lines` assigning `name` alone (`c = p.begin()`, a lifetime probe's
    dependant) gave it, or None."""
    for line in reversed(lines):
        if not re.match(rf"\s*{re.escape(name)}\s*=[^=]", line):
            continue
        try:
            tree = ast.parse(line.strip())
        except SyntaxError:
            return None
        stmt = tree.body[0] if tree.body else None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                isinstance(stmt.targets[0], ast.Name):
            return stmt.value
        return None
    return None


def _made_class(arg: ast.expr, raw: bytes, surface: Surface, makers: dict[str, str]
                ) -> str | None:
    """The class an argument makes: `m.Cls(...)` or one of the makers' expressions."""
    src = raw[arg.col_offset:arg.end_col_offset].decode()
    for q, e in makers.items():
        if src == e:
            return q
    if isinstance(arg, ast.Call):
        name = ast.unparse(arg.func).partition(".")[2]
        if name in surface.classes:
            return name
    return None


def _receiver(tree: ast.Module, method: str) -> tuple[ast.expr, ast.expr | None] | None:
    """(the object `method` is called on, its first argument) in the statement."""
    for node in ast.walk(tree):
        if method in ("__getitem__", "__delitem__") and isinstance(node, ast.Subscript):
            return node.value, node.slice
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == method:
            return node.func.value, (node.args[0] if node.args else None)
    return None


def _pure(node: ast.expr) -> bool:
    """An int made of literals alone (`1`, `2**63-1`, `-1`): safe to evaluate twice."""
    return all(isinstance(n, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.operator,
                              ast.unaryop, ast.expr_context))
               for n in ast.walk(node))


def said(stderr: str) -> dict[str, object] | None:
    """What the evidence probe's predicates said (its MARK line on stderr), else None."""
    for line in stderr.splitlines():
        if line.startswith(MARK) and line + "\n" != RETURNED:
            try:
                value = ast.literal_eval(line[len(MARK):])
            except (ValueError, SyntaxError):
                return None
            return value if isinstance(value, dict) else None
    return None


def _is_int(v: object) -> bool:
    return type(v) is int


def rule(plan: Plan, ev: dict[str, object]) -> str | None:
    """`RULE: why` from what the predicates said just before the crash, or None."""
    call = f"{plan.cls}.{plan.method}()"
    sizes = {n: v for n in SIZE if _is_int(v := ev.get(n))}
    empty = [n for n in EMPTY if ev.get(n) is True or (_is_int(ev.get(n)) and ev.get(n) == 1)]
    index = ev.get("@index")
    shown = ", ".join(f"{'len(o)' if n == '__len__' else n + '()'} is {v!r}"
                      for n, v in ev.items() if not n.startswith(("@", "==")))
    if ELEMENT.match(plan.method) and (empty or any(v == 0 for v in sizes.values())):
        return (f"empty container: {call} on a {plan.cls} that is empty just before the call "
                f"({shown}): element access on an empty container")
    if (INDEXED.match(plan.method) or plan.positional) and _is_int(index) and sizes:
        n, size = next(iter(sizes.items()))
        if isinstance(index, int) and isinstance(size, int) and (index >= size or size == 0):
            return (f"index out of range: {call} given {index} on a {plan.cls} whose "
                    f"{'len(o)' if n == '__len__' else n + '()'} is {size} just before the "
                    "call")
    for n in plan.counts:
        count = ev.get(n)
        if _is_int(index) and _is_int(count) and isinstance(index, int) and \
                isinstance(count, int) and not 0 <= index < count:
            return (f"index out of range: {call} given {index} on a {plan.cls} whose {n}() "
                    f"is {count} just before the call")
    if not SETS_UP.search(plan.method):
        for n in VALID:
            if n in ev and (ev[n] is False or (_is_int(ev[n]) and ev[n] == 0)):
                return (f"not ready: {call} on a {plan.cls} whose {n}() is {ev[n]!r} just "
                        "before the call (used before it was opened or initialised, or after "
                        "that failed)")
    if not SETS_UP.search(plan.method):
        for n in AT_END:
            if ev.get(n) is True or (_is_int(ev.get(n)) and ev.get(n) == 1):
                return (f"iterator at end: {call} on a {plan.cls} whose {n}() is {ev[n]!r} "
                        "just before the call: at its end, it has no value to give")
    ends = [n[3:] for n, v in ev.items() if n.startswith("== ") and v is True]
    given = [n[7:] for n, v in ev.items() if n.startswith("arg == ") and v is True]
    if given:
        return (f"iterator at end: {call} given an iterator equal to `{given[0]}` just before "
                "the call: an iterator at its end (or default-constructed) has no value")
    if ends and plan.method not in ("__getitem__", "__delitem__"):
        return (f"iterator at end: {call} on a {plan.cls} equal to `{ends[0]}` just before "
                "the call: an iterator at its end (or default-constructed) has no value")
    return None


#: a leak probe's receiver and call (lifetimes.leak_code)
LEAK = re.compile(r"^def make\(\):\n    return (?P<made>.*)\n\n\ndef call\(o\):\n    (?P<call>.*)\n",
                  re.M)


def first_call(code: str) -> str | None:
    """A leak probe's first call, which its measuring loop makes before any other, as plain
    code (`o = [MAKER]`, then the call): a leak probe that crashes at once crashes so."""
    m = LEAK.search(code)
    if m is None:
        return None
    try:
        made = ast.parse(m["made"], mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(made, ast.List):
        return f"o = {m['made']}\n{m['call']}\n"
    items = [ast.unparse(e) for e in made.elts]
    # `o[0].add_document(o[1])`: each made object in its place, as the fork probes have it
    return re.sub(r"(?<![\w.])o\[(\d+)\]", lambda k: items[int(k[1])] if int(k[1]) < len(items)
                  else k[0], m["call"]) + "\n"


def crash_line(stderr: str, imports: int) -> int | None:
    """The line of the probe's code (after its `imports` lines) the crash report names."""
    m = re.findall(r'File "<probe>", line (\d+)', stderr)
    if not m:
        return None
    n = int(m[0]) - imports
    return n if n >= 1 else None


#: how long the evidence probes may take at most, whatever the budget (one a crash finding)
EVIDENCE_SECONDS = 60.0
CRASHES = ("crash", "sanitizer")


def ask(findings: Sequence[Finding], surface: Surface, makers: dict[str, str], folder: Path,
        env: dict[str, str], timeout: float, memory: int, setup: str, deadline: float
        ) -> dict[str, int]:
    """Run the evidence probe of each crash finding on a method that is counted and stands
    alone; one whose probe crashes just the same after its predicates said the object is in
    a state a rule names becomes a precondition (`inferred`). How many ran and were
    inferred."""
    todo: list[tuple[Finding, Plan]] = []
    for f in findings:
        if f.cls not in CRASHES or f.precondition or f.folded_into or f.needs_earlier \
                or ours(f.outcome.stderr):
            continue
        code, line = f.probe.code, None
        if f.probe.mode == "leak":
            code = first_call(code) or ""
        elif f.probe.mode == "fork":
            offset = len(repro(f.probe, surface.module, setup).splitlines()) - \
                len(code.rstrip("\n").splitlines())
            line = crash_line(f.outcome.stderr, offset)
        p = plan_for(code, line, f.probe.target, surface, makers) if code else None
        if p is not None:
            todo.append((f, p))
    if not todo:
        return {"run": 0, "inferred": 0}
    probes = [replace(f.probe, id=f"{f.probe.id} (evidence)", kind="evidence", code=p.code,
                      mode="fork", control=None) for f, p in todo]
    got: dict[int, Outcome] = {}

    def on_outcome(o: Outcome) -> None:
        if o.outcome in CRASHES and not o.prefix:
            got[o.index] = o

    run(probes, folder, surface.module, timeout, min(deadline, time.time() + EVIDENCE_SECONDS),
        env, on_outcome, memory, setup)
    n = 0
    for k, (f, p) in enumerate(todo):
        o = got.get(k)
        ev = said(o.stderr) if o is not None and o.outcome == f.cls and \
            RETURNED not in o.stderr else None
        why = rule(p, ev) if ev is not None and o is not None and not ours(o.stderr) else None
        if why:
            f.inferred, f.precondition = why, True
            n += 1
    return {"run": len(todo), "inferred": n}
