"""splitlinkage: which of the prelude's functions a split module shares between its units.

Every unit of a split wrapper compiles the prelude (split.py). SWIG declares its runtime's
functions, and swiggen's fragments theirs, SWIGINTERN or SWIGRUNTIME: `static`, a copy per
unit. A copy is right for most of them and is what the unsplit module compiles: the compiler
sees every call and inlines or not by size, as it does in one unit. A function with a
function-local `static` (SWIG's type objects, `SwigPyObject_type()`, swiggen's interned
strings) must exist once per module instead, or each unit would have a type object of its own:
those (but constants
initialised without a call) become `inline` with hidden visibility (one definition per module),
their prototypes too; the longer ones (and their prototypes) also `noinline`, as the compiler
would treat them static.

Making every function `inline` (what the split did first) is correct but costs a quarter of
each unit's compile time: `inline` raises the compiler's inlining limits, so SWIG's larger
runtime functions were inlined into every wrapper that calls them.

One pass finds the definitions and prototypes (a qualifier at the start of a line, up to the
first `{` or `;`); a definition's body ends at the next `}` at the start of a line, as SWIG and
the fragments write them. A name defined once with a function-local static is shared in all its
declarations and overloads; a qualifier before anything else (a variable) is shared too, as
before.
"""

from __future__ import annotations

import re

from .swigshapes import BODY_END

#: SWIG's linkage qualifiers at the start of a line
QUALIFIER = re.compile(r"^(SWIGINTERN|SWIGINTERNINLINE|SWIGRUNTIME|SWIGRUNTIMEINLINE)\b", re.M)
#: a function-local static (not `static_cast`, not `static_assert`), except a constant
#: initialised without a call (`static const char hex[17] = "0123...";`: a copy per unit is alike)
_LOCAL_STATIC = re.compile(r"^[ \t]+static[ \t]+(?!_)(?!(?:const|constexpr)\b[^;(]*;)", re.M)
#: the name of a declaration: the identifier before its first `(`
_NAME = re.compile(r"(\w+)\s*\($")
#: what the shared ones are declared with (split.LINKAGE defines them), and the definitions of
#: those longer than OUTLINE_LINES: compiled once per unit, called, not inlined into every caller
#: (as the compiler treats a static function that size with many callers)
SHARED = "SWIGGEN_SHARED_INLINE"
SHARED_OUTLINE = "SWIGGEN_SHARED_OUTLINE"
OUTLINE_LINES = 8


def share(prelude: str) -> str:
    """`prelude` with the qualifiers of the functions (and variables) that need one definition
    per module replaced by SHARED; the others keep SWIG's `static`."""
    found: list[tuple[int, int, str | None]] = []  # qualifier span, name (None: not a function)
    stateful: set[str] = set()
    outline: set[str] = set()  # the names of long definitions: their prototypes alike (gcc
    # warns of a `noinline` definition after an `inline` declaration)
    for m in QUALIFIER.finditer(prelude):
        brace, semi = prelude.find("{", m.end()), prelude.find(";", m.end())
        stop = min(i for i in (brace, semi, len(prelude)) if i >= 0)
        head = prelude[m.end():stop]
        paren = head.find("(")
        name_m = _NAME.search(head[:paren + 1]) if paren >= 0 and "=" not in head[:paren] else None
        name = name_m.group(1) if name_m else None
        found.append((m.start(), m.end(), name))
        if name is None or stop != brace:
            continue
        close = BODY_END.search(prelude, brace)
        body = prelude[brace:close.start() if close else len(prelude)]
        if _LOCAL_STATIC.search(body):
            stateful.add(name)
            if body.count("\n") > OUTLINE_LINES:
                outline.add(name)
    out, pos = [], 0
    for start, end, name in found:
        if name is None or name in stateful:
            out += [prelude[pos:start], SHARED_OUTLINE if name in outline else SHARED]
            pos = end
    out.append(prelude[pos:])
    return "".join(out)
