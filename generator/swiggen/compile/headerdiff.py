"""headerdiff: may a split unit skip its compile after an edit to a wrapped header? (build)

`segments.py` (at parse time) cuts each wrapped header into declarations, marking those whose
addition, removal or change cannot affect code that does not name them ("removable"). A unit's
compile stamp keeps the segments of the header it was compiled against; when the header has
changed since, `unaffected` compares the two versions: if they differ only in removable
declarations, and no other file the unit reads (its source, the prelude, the other headers)
spells any of their names, the unit would compile to the same object and is not compiled again.
So adding a method to a wrapped header recompiles the unit of its class (its wrappers and
method table), not every unit.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Iterable, Sequence
from typing import Any

#: [name | "" | None, text | digest, (members of a removable class)]
Segment = list[Any]


#: comments and string literals (raw ones first), which name nothing
_NOT_CODE = re.compile(r"""R"([^()\\\s]{0,16})\((?s:.*?)\)\1"|//[^\n]*|/\*(?s:.*?)\*/"""
                       r"""|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'""")


def unaffected(old: Sequence[Segment], new: Sequence[Segment], others: Iterable[str],
               versions: tuple[str, str] | None = None) -> bool:
    """Whether code that reads the files `others` (and the header) compiles the same against
    the header's `new` segments as against its `old` ones: they differ only in removable
    declarations whose names no other file spells (outside comments and strings).

    `versions` (the hashes of the header's two versions) names the comparison, made once per
    build for all the units of a split module."""
    if versions is None:
        changed = same_for(old, new)
    else:
        with _LOCK:
            seen = versions in _COMPARED
            changed = _COMPARED.get(versions)
        if not seen:
            changed = same_for(old, new)
            with _LOCK:
                _COMPARED[versions] = changed
    if changed is None:
        return False
    if not changed:
        return True
    names = tuple(sorted(changed))
    for path in others:
        try:
            st = os.stat(path)
        except OSError:
            return False
        if _spells(path, st.st_ino, st.st_size, st.st_mtime_ns, names):
            return False
    return True


_COMPARED: dict[tuple[str, str], set[str] | None] = {}
_LOCK = threading.Lock()


def forget() -> None:
    """Forget the comparisons made and which files spell which names (a new build:
    compile/extension.forget_hashes)."""
    with _LOCK:
        _COMPARED.clear()
    _spells.cache_clear()


@functools.lru_cache(maxsize=4096)
def _spells(path: str, ino: int, size: int, mtime: int, names: tuple[str, ...]) -> bool:
    """Whether the file spells one of `names` outside comments and strings (True if it cannot
    be read). Once per build for a file and names (its identity, size and mtime in the key):
    every unit of a split module reads the same prelude and headers."""
    spelled = re.compile(r"(?<![\w$])(?:%s)(?![\w$])" % "|".join(map(re.escape, names)))
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        return True
    return bool(spelled.search(text) and spelled.search(_NOT_CODE.sub(" ", text)))


def same_for(old: Sequence[Segment], new: Sequence[Segment]) -> set[str] | None:
    """The names of the removable declarations that differ between the two versions, when
    nothing else does (an empty set: the same declarations); None when anything else differs.
    A unit that spells none of the names compiles the same with either version. A class that
    differs only in removable members counts as those members (a method added to a class:
    the method's name, not the class's)."""
    old_of = {s[0]: s for s in old if s[0]}
    new_of = {s[0]: s for s in new if s[0]}
    changed: set[str] = set()
    for name in old_of.keys() | new_of.keys():
        a, b = old_of.get(name), new_of.get(name)
        if a is not None and b is not None and a[1] == b[1]:
            continue
        inner = same_for(a[2], b[2]) if a and b and len(a) > 2 and len(b) > 2 else None
        changed |= {name} if inner is None else inner
    return changed if _reduced(old, changed) == _reduced(new, changed) else None


def _reduced(segments: Sequence[Any], drop: set[str]) -> list[str]:
    """The segments without the removable declarations named in `drop`, adjacent text merged
    (a declaration between two stretches of text removed), declarations as their digests, a
    removable class as its members."""
    out: list[str] = []
    text = False
    for segment in segments:
        name, value = segment[0], segment[1]
        if name and name in drop:
            continue
        if name is None:
            if text:
                out[-1] += " " + value
            else:
                out.append(" " + value)
            text = True
            continue
        if len(segment) > 2:
            out += ["<", *_reduced(segment[2], drop), ">"]
        else:
            out.append("#" + value)
        text = False
    return out
