"""builtinmethods: no wrapped class shows SWIG's own methods.

Under -builtin every wrapped class derives from SWIG's `SwigPyObject` type, whose method table
(SWIG's pyrun.swg) gives each of them five methods of SWIG's pointer object:

    SwigPyObject_methods[]: disown, acquire, own, append, next (and __repr__)

and every director class (`overridable`) a `__disown__` method:

      { "__disown__", Swig::Director::swig_pyobj_disown< ns::Visitor >, METH_NOARGS, "" },

They answer where the class has no member of that name (`NameList().append("a")`: "Attempt to
append a non SwigPyObject"; `node.next()` of a C list whose `next` is not wrapped), and
`disown`/`acquire`/`own`/`__disown__` change who deletes the C++ object behind swiggen's
ownership rules (docs/ownership.md), which never call them: swiggen hands objects over with
`disown(param)` and `std::unique_ptr` parameters, and reads the flag through `thisown`. `rewrite`
removes those entries from the tables (SWIG's C functions stay: `thisown` calls them), so a
class has exactly the members its C++ class gives it. One pass over the wrapper; a wrapper
without these shapes is returned unchanged (rewrites.py counts what was left).
"""

from __future__ import annotations

import re

#: the names of SwigPyObject's methods no wrapped class may show (all of its table but the
#: `__repr__` every class replaces with its own)
NAMES = ("disown", "acquire", "own", "append", "next")

#: SwigPyObject's method table, up to its closing line
_TABLE = re.compile(r"^SwigPyObject_methods\[\] = \{\n(?P<body>(?:[^\n]*\n)*?)\};$", re.M)
#: one entry of it: `{"name", function, flags, "doc"},`
_ENTRY = re.compile(r'^[ \t]*\{ ?"(?P<name>\w+)",[^\n]*\},[ \t]*\n', re.M)
#: a director class's `__disown__` entry
_DISOWN = re.compile(r'^[ \t]*\{ ?"__disown__", Swig::Director::swig_pyobj_disown<[^\n]*\},'
                     r'[ \t]*\n', re.M)


def candidates(text: str) -> list[str]:
    """The entries of SWIG's text this rewrite removes (by a name each: `append`,
    `__disown__`), found by their names alone."""
    found = []
    m = _TABLE.search(text)
    if m is not None:
        found += [n for n in re.findall(r'"(\w+)"', m.group("body")) if n in NAMES]
    found += ["__disown__"] * text.count('"__disown__"')
    return found


def rewrite(text: str) -> tuple[str, int]:
    """The wrapper text without those method-table entries, and how many were removed."""
    removed = 0
    m = _TABLE.search(text)
    if m is not None:
        body = m.group("body")
        kept = _ENTRY.sub(lambda e: "" if e.group("name") in NAMES else e.group(0), body)
        removed += sum(1 for e in _ENTRY.finditer(body) if e.group("name") in NAMES)
        if removed:
            kept = ("  /* swiggen: builtinmethods.py removed " + ", ".join(NAMES) + " */\n"
                    + kept)
            text = text[:m.start("body")] + kept + text[m.end("body"):]
    text, directors = _DISOWN.subn("", text)
    return text, removed + directors
