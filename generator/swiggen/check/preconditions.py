"""Preconditions `check` infers by itself: crashes that are the library's documented rules for
its callers, not the binding's bugs, so they do not drown the real ones.

On real C libraries most crashes come from four kinds of broken precondition (a triage of
239 crash findings over nine libraries), each recognisable from the probe and its outcome:

| rule | the finding | e.g. |
| --- | --- | --- |
| `zero-filled` | a call given an instance of a plain C struct made by its constructor, which only zero-fills it, where the module has an initialiser for it (`*init*`, taking a pointer to the struct) | `yaml_parser_parse(yaml_parser_t(), ...)` without `yaml_parser_initialize` |
| `assertion` | killed by SIGABRT after the C library's own `assert()` failed (glibc's "Assertion `...' failed", from a file that is not the wrapper's) | `reader.c:146: Assertion 'parser->read_handler' failed` |
| `library abort` | killed by SIGABRT right after a message of the library's own on stderr (not the C or C++ runtime's, Python's or a sanitizer's: a heap corruption's `double free detected`, an escaped exception's `terminate called` stay findings); a stack-trace banner the library prints after it (and its frames) is passed over | Lua's `PANIC: unprotected error in call to Lua API (attempt to index a nil value)`; glog's `F1204 ... foo.cc:12] Check failed: ...` then `*** Check failure stack trace: ***` |
| `deliberate exit` | a non-zero exit status without a signal, from a function whose name says it dies (`*OrDie*`), or given a true value for a parameter that says errors are fatal | gflags' `GetCommandLineFlagInfoOrDie('')`, `ReadFromFlagsFile(..., errors_are_fatal=True)` |

Such a finding is reported as `precondition (inferred: RULE)` with the rule's reason, apart
from the findings and not counted, like one marked with `--mark-precondition`;
`--no-infer-preconditions` turns the inference off.

The initialisers found here also make the instances the probes use (makers.py): a struct with
one is made as `(lambda o: (yaml.yaml_parser_initialize(o), o)[1])(yaml.yaml_parser_t())`, so
its "good call" really is one.
"""

from __future__ import annotations

import ast
import re
import signal
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .surface import Class, Function, Signature, Surface

if TYPE_CHECKING:
    from .probes import Probe
    from .runner import Outcome

#: a function that initialises a struct in place: `yaml_parser_initialize`, `uv_loop_init`,
#: `z_inflateInit`, ... (but not `*_deinit`, `*_uninit`, `finit`)
INITIALISES = re.compile(r"init", re.I)
NOT_INITIALISES = re.compile(r"(de|un|fin|re)init|is_?init|free|destroy|delete|release", re.I)
#: what frees or destroys its argument: its crashes on a made-up struct are handled by the
#: binding (the generator's destroys(param)), never inferred away here
FREES = re.compile(r"free|destroy|delete|dispose|dealloc|release|unref|finali[sz]e", re.I)
#: functions that end the process on failure by design
DIES = re.compile(r"(OrDie|or_?die|OrExit|or_exit|OrAbort|or_abort)(_|[A-Z]|$)")
#: parameters that make errors end the process: `errors_are_fatal`, `exit_on_error`
FATAL_PARAM = re.compile(r"fatal|(exit|die|abort)_?on_?err", re.I)
#: glibc's assert(): `prog: file.c:146: function: Assertion `expr' failed.`
ASSERTION = re.compile(r"(?P<file>[^\s:]+):(?P<line>\d+): (?:(?P<func>[^\n]*?): )?Assertion "
                       r"[`'](?P<expr>.*)' failed\.")
#: what the C and C++ runtimes, Python and the sanitizers print before an abort: an abort after
#: any other line is the library's own, after its own message (Lua's "PANIC: unprotected error
#: in call to Lua API (...)")
RUNTIME_MESSAGE = re.compile(
    r"(free|malloc|realloc|calloc|munmap_chunk|malloc_consolidate)\(\)|_int_\w+|glibc|"
    r"\bmalloc\b|double free|"
    r"corrupted|\*\*\* |terminate called|what\(\):|pure virtual|Fatal Python error|"
    r"Current thread|Thread 0x|File \"|Extension modules|==\d+==|SUMMARY:|Traceback|"
    r"<no Python frame>|Assertion|Segmentation|Aborted|stack smashing|buffer overflow")
#: a banner a library prints after its own fatal message, before (or instead of) the frames of
#: a stack trace: glog's "*** Check failure stack trace: ***", "===== Backtrace: =====",
#: "Stack trace:"; never glibc's "*** buffer overflow detected ***", "*** stack smashing
#: detected ***" (no trace in them)
TRACE_BANNER = re.compile(r"^(\*{3} ?[^*]*\b(stack ?trace|back ?trace)\b[^*]*\*{3}:?|"
                          r"=+ ?(stack ?trace|back ?trace):? ?=*|(stack ?trace|back ?trace):?)$",
                          re.IGNORECASE)
#: a frame of such a trace: glog's "@     0x7f12... google::LogMessage::Fail()", "#3 0x4011..."
TRACE_FRAME = re.compile(r"^(@\s+0x[0-9a-f]+|#\d+\s+0x[0-9a-f]+)", re.IGNORECASE)
#: an assertion in these files is the binding's or the C++ runtime's, not the library's
NOT_LIBRARY = re.compile(r"_wrap\.c(xx|pp)?$|\.swg$|/c\+\+/|Python/|Objects/")


#: a library's own set-up function: `sodium_init`, `git_libgit2_init`, `xmlInitParser`,
#: `library_init` (a word `init`/`initialize`, and `library`/`global`/`lib`/the library's
#: prefix at most beside it)
_SETS_UP = re.compile(r"^(?:[A-Za-z0-9]+_)?(?:lib[A-Za-z0-9]*_|global_|library_)?"
                      r"(?:init|initiali[sz]e)$|^[a-z]+Init(?:ialize)?(?:Parser|Library)?$")


def library_init(surface: Surface) -> str:
    """The call a library documents to come before any other (`sodium_init()`; libsodium's
    functions abort without it), as a line each probe runs after its import: a module
    function that takes no argument and whose name says it sets up the library. "" for none,
    or for several (which one comes first is the library's to say: --mark-precondition)."""
    found = [f for f in surface.functions.values() if f.kind == "function" and
             _SETS_UP.match(f.name) and not NOT_INITIALISES.search(f.name) and
             any(all(p.has_default for p in s.params) for s in f.overloads)]
    if len(found) != 1:
        return ""
    return f"{surface.module}.{found[0].name}()\n"


@dataclass(frozen=True)
class Initialiser:
    """`int yaml_parser_initialize(yaml_parser_t *parser)`: `function` initialises the struct
    `struct` given as its parameter number `index`."""

    struct: str  # the class's qualname
    function: Function
    sig: Signature
    index: int


def plain_structs(surface: Surface) -> dict[str, Class]:
    """Classes with no methods of their own (C structs: their constructor zero-fills them)."""
    return {c.qualname: c for c in surface.plain_classes()
            if not any(not n.startswith("__") for n in c.methods)}


def initialisers(surface: Surface) -> dict[str, list[Initialiser]]:
    """Per plain C struct, the module functions that initialise one in place, best first (the
    struct as the first parameter, then the fewest parameters, then by name)."""
    structs = plain_structs(surface)
    out: dict[str, list[Initialiser]] = {}
    for f in surface.functions.values():
        if not INITIALISES.search(f.name) or NOT_INITIALISES.search(f.name):
            continue
        for sig in f.overloads:
            i = _initialised_param(f.name, sig, structs)
            if i is not None:
                struct = sig.params[i].ty.main().name
                out.setdefault(struct, []).append(Initialiser(struct, f, sig, i))
    for inits in out.values():
        inits.sort(key=lambda n: (n.index != 0, len(n.sig.params), n.function.name))
    return out


def _initialised_param(name: str, sig: Signature, structs: dict[str, Class]) -> int | None:
    """Which parameter an initialiser initialises: the struct its name says
    (`uv_tcp_init(uv_loop_t *loop, uv_tcp_t *tcp)`: tcp; `yaml_stream_start_event_initialize
    (yaml_event_t *event, ...)`: event), else its only struct parameter."""
    words = _words(name)
    found = [(i, p.ty.main().name) for i, p in enumerate(sig.params)
             if p.ty.main().kind == "class" and p.ty.main().name in structs]
    named = [(len(_words(t)), i) for i, t in found if _words(t) <= words]
    if named:
        return max(named)[1]
    return found[0][0] if len(found) == 1 else None


def _words(name: str) -> set[str]:
    """`yaml_parser_t` -> {yaml, parser}; `CURLMsg` -> {curl, msg}."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name.rpartition(".")[2])
    return {w.lower() for w in re.split(r"[_\W]+", spaced) if w} - {"t", "s", "struct"}


def initialised(module: str, init: Initialiser, args: Sequence[str]) -> str:
    """The expression making an initialised struct, given the initialiser's other arguments
    (`args`, with a placeholder at the struct's position): a lambda, so that no name of the
    probe's namespace keeps the instance alive."""
    call = [("o" if i == init.index else a) for i, a in enumerate(args)]
    return (f"(lambda o: ({module}.{init.function.qualname}({', '.join(call)}), o)[1])"
            f"({module}.{init.struct}())")


def zero_filled(module: str, struct: str) -> str:
    return f"{module}.{struct}()"


class Inference:
    """The rules above, for one module and the makers its probes used."""

    def __init__(self, surface: Surface, makers: dict[str, str]) -> None:
        self.surface = surface
        self.mod = surface.module
        self.inits = initialisers(surface)
        #: the makers that initialise (their own `T()` is no zero-filled argument)
        self.made = sorted((e for e in makers.values() if e.startswith("(lambda o: (")),
                           key=len, reverse=True)

    def rule(self, probe: Probe, outcome: Outcome) -> str | None:
        """`RULE: why`, if the failure is an inferred precondition."""
        if outcome.outcome not in ("crash", "sanitizer", "hang"):
            return None
        for check in (self._deliberate_exit, self._assertion, self._library_abort,
                      self._zero_filled):
            found = check(probe, outcome)
            if found:
                return found
        return None

    def _zero_filled(self, probe: Probe, outcome: Outcome) -> str | None:
        name = probe.target.rpartition(".")[2]
        if FREES.search(name) or probe.kind not in ("call", "arg", "lifetime", "control",
                                                           "leak"):
            return None
        code = probe.code
        for expr in self.made:
            code = code.replace(expr, "...")
        for struct in sorted(self.inits):
            if not re.search(rf"\b{re.escape(zero_filled(self.mod, struct))}", code):
                continue
            inits = self.inits[struct]
            if any(i.function.qualname == probe.target for i in inits):
                continue  # an initialiser is given the uninitialised struct it initialises
            names = ", ".join(dict.fromkeys(f"{i.function.qualname}()" for i in inits[:3]))
            return (f"zero-filled: it is given a {struct} its constructor only zero-filled, "
                    f"and the library initialises one with {names} first")
        return None

    def _assertion(self, probe: Probe, outcome: Outcome) -> str | None:
        if outcome.signal != signal.SIGABRT:
            return None
        m = ASSERTION.search(outcome.stderr)
        if m is None or NOT_LIBRARY.search(m["file"]):
            return None
        return (f"assertion: the library's assert({m['expr']}) failed "
                f"({m['file']}:{m['line']}" + (f", in {m['func']})" if m["func"] else ")"))

    def _library_abort(self, probe: Probe, outcome: Outcome) -> str | None:
        """SIGABRT right after a message of the library's own: its own check failed and it
        ended the process, as an assert() would (Lua's panic on an unprotected error)."""
        if outcome.signal != signal.SIGABRT:
            return None
        before = outcome.stderr.split("Fatal Python error")[0]
        lines = without_trace([line.strip() for line in before.splitlines() if line.strip()])
        if not lines or RUNTIME_MESSAGE.search(lines[-1]):
            return None
        said = lines[-1] if len(lines[-1]) <= 160 else lines[-1][:157] + "..."
        return f"library abort: the library said '{said}' and aborted"

    def _deliberate_exit(self, probe: Probe, outcome: Outcome) -> str | None:
        if outcome.signal is not None or not outcome.exit:
            return None
        f = self._function(probe.target)
        if f is None:
            return None
        if DIES.search(f.name):
            return (f"deliberate exit: {f.name} ends the process on failure by its name "
                    f"(exit status {outcome.exit})")
        for param in fatal_arguments(probe.code, f):
            return (f"deliberate exit: it is given {param}=True, which makes errors end the "
                    f"process (exit status {outcome.exit})")
        return None

    def _function(self, target: str) -> Function | None:
        if target in self.surface.functions:
            return self.surface.functions[target]
        cls, _, name = target.rpartition(".")
        c = self.surface.classes.get(cls)
        return c.methods.get(name) if c is not None else None


def without_trace(lines: list[str]) -> list[str]:
    """The lines before a trailing stack-trace banner and its frames (glog's LOG(FATAL):
    "F1204 ... file.cc:12] Check failed: ...", then "*** Check failure stack trace: ***"),
    so that the library's own message is the last; the lines as they are without one."""
    end = len(lines)
    while end and TRACE_FRAME.match(lines[end - 1]):
        end -= 1
    if end and TRACE_BANNER.match(lines[end - 1]):
        return lines[:end - 1]
    return lines


def fatal_arguments(code: str, f: Function) -> list[str]:
    """The parameters saying errors are fatal (`errors_are_fatal`) that a call of `f` in the
    probe's code gives a true literal."""
    fatal = {i: p.name for s in f.overloads for i, p in enumerate(s.params)
             if FATAL_PARAM.search(p.name)}
    if not fatal:
        return []
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == f.name):
            continue
        given = {i: a for i, a in enumerate(node.args) if i in fatal}
        given.update({i: k.value for k in node.keywords for i, n in fatal.items()
                      if k.arg == n})
        for i, arg in given.items():
            try:
                value = ast.literal_eval(arg)
            except ValueError:
                continue
            if value is True or (type(value) is int and value != 0):
                out.append(fatal[i])
    return out
