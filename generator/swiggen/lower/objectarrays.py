"""objectarrays: a pointer to a wrapped class and its count are one list of objects.

    double area(const Vec *points, int count);   ->  area(points: list[Vec]) -> float

lower/params.py calls it after lower/byteparams.lower_bytes, whose pairs (a count and an array of
C strings, two ends of a range, buffers) it leaves alone and joins. Runtime: SWIGGEN_OBJECTS_IN and
SWIGGEN_COUNT_OBJECTS_IN in interfaces/python/outparams.swg; one line per pattern
(lower/parammerge.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from ..model import Param, TypeKind
from .byteparams import BytesParams, declared
from .context import Context
from .plan import ParamTypemap

#: a count's own names, after a plural pointer: `count`, `n`, `size`, `nitems`, `num_elements`
#: (not any `num_*` or `*_count`: `(const Job *jobs, int num_threads)`, `retry_count`, `discount`
#: count other things; a count named after its pointer is found by name, `_counts`)
_COUNT_NAMES = re.compile(r"n|count|cnt|size|len|length|num|number|nmemb|n_?items|num_?items|"
                          r"item_?count|n_?elem(?:ent)?s?|num_?elem(?:ent)?s|elem(?:ent)?_?count",
                          re.IGNORECASE)


def object_arrays(params: Sequence[Param], found: BytesParams,
                   skip: frozenset[int] | set[int], optional: frozenset[int] | set[int],
                   label: str, ctx: Context) -> None:
    """`(const T *points, int count)` of a wrapped, copyable class (Box2D's `Set(const b2Vec2
    *points, int32 count)`, cairo's `(glyphs, num_glyphs)`): one list argument of T, copied
    into an array the call reads, its length the count. One object and a count of its own
    was the same pointer read past that object (check: SIGSEGV). Through a `T *` the callee
    may write: each element is copied back into its object after the call. Paired only where
    the names say it is an array and its count (`points`/`count`, `glyphs`/`num_glyphs`),
    not a single object and a number (`(Image *img, int size)`); the count before the pointer
    too (`(int n, const Vec *points)`). Runtime: SWIGGEN_OBJECTS_IN, SWIGGEN_COUNT_OBJECTS_IN
    (outparams.swg). `skip`: parameters other directives took (`optional`: the pointers among
    them that take None). Not a pointer another directive took, nor in a function whose name says
    it frees what it is passed. One that takes None (`= nullptr`, `nullable`) takes None as no
    array: a null pointer and a count of 0."""
    from .ownership import frees  # (ownership imports what imports this module: a cycle)

    if frees(label.rsplit("::", 1)[-1]):
        return  # (uv_free_cpu_info(uv_cpu_info_t *cpu_infos, int count) frees the array: the
        # library's own allocation, never a copy Python made)
    taken = found.taken() | set(skip)
    # a count named after its pointer first (`(int n, const Job *jobs, int njobs)`), then a
    # count's own name after the pointer, then before it
    tries = [(i, i + 1, True) for i in range(len(params) - 1)] + \
        [(i + 1, i, True) for i in range(len(params) - 1)] + \
        [(i, i + 1, False) for i in range(len(params) - 1)] + \
        [(i + 1, i, False) for i in range(len(params) - 1)]
    for at, by, named in tries:
        p, n = params[at], params[by]
        t = p.type
        if at in taken or by in taken or t.kind is not TypeKind.CLASS or \
                t.indirection != "*" or t.target not in ctx.py_names or \
                t.target in ctx.uncopyable or n.type.kind is not TypeKind.INT or \
                n.type.indirection or _counts(params, at, by) != ("named" if named else "own"):
            continue
        found.objects[at] = by
        py = ctx.py_names[t.target]
        first, second = (p, n) if at < by else (n, p)
        pattern = f"({declared(first.type, first.name)}, {declared(second.type, second.name)})"
        found.object_patterns[at] = pattern
        none = at in optional
        ctx.params.append(ParamTypemap(
            "SWIGGEN_OBJECTS_IN" if at < by else "SWIGGEN_COUNT_OBJECTS_IN",
            (py, "0" if t.is_const else "1", "1" if none else "0", pattern), (label,),
            f"'{n.name}' counts the {py} objects at '{p.name}'"
            + (", or None" if none else "")))
        taken = found.taken() | set(skip)


def _counts(params: Sequence[Param], i: int, j: int) -> str:
    """Whether parameter j counts the objects pointer i points at: "named" after it
    (`num_glyphs`, `glyph_count`, `npoints`), "own" (a count's own name, for a plural pointer:
    `points, count`), or "" (not its count)."""
    pointer, count = params[i].name.strip("_").lower(), params[j].name.strip("_").lower()
    if not pointer or not count:
        return ""
    stems = {pointer}  # and its singular: points, boxes, entries, vertices, indices
    if pointer.endswith("s"):
        stems |= {pointer[:-1], pointer[:-2]}
    if pointer.endswith("ies"):
        stems.add(pointer[:-3] + "y")
    if pointer.endswith("ices"):
        stems |= {pointer[:-4] + "ex", pointer[:-4] + "ix"}
    stems.discard("")
    for stem in stems:
        if count in (f"n{stem}", f"n_{stem}", f"num{stem}", f"num_{stem}", f"{stem}count",
                     f"{stem}_count", f"{stem}_len", f"{stem}_size", f"count_{stem}",
                     f"number_of_{stem}", f"{stem}_n"):
            return "named"
    plural = (pointer.endswith("s") and not pointer.endswith(("ss", "us", "is"))) or \
        pointer in ("data", "array", "items", "list") or pointer.endswith(("array", "list"))
    if j > 0 and j < i and _buffer(params[j - 1]):
        return ""  # the length of the buffer before it (libgit2's `git_indexer_append(idx,
        # const void *data, size_t size, git_indexer_progress *stats)`)
    return "own" if plural and _COUNT_NAMES.fullmatch(count) else ""


def _buffer(p: Param) -> bool:
    """`const void *data`, `char *buf`, `const unsigned char *bytes`: memory by the byte."""
    t = p.type
    return t.indirection == "*" and (t.kind is TypeKind.STRING or " ".join(
        t.canonical.split()).removeprefix("const ") in ("void", "char", "unsigned char",
                                                         "signed char", "std::byte", "uint8_t"))
