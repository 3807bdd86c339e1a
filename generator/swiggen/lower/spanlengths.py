"""Lengths that are not next to their text or buffer: lz4's
`LZ4_compress_default(const char *src, char *dst, int srcSize, int dstCapacity)`.

A `char *` whose length comes later, named after it (`src` / `srcSize`, `dst` / `dstCapacity`,
`buf` / `buf_len`), is checked as an adjacent pair is (byteparams.text_lengths and
buffer_lengths): a length past the str's bytes, or past the memory a writable `char *` was
given, raises ValueError before C reads or writes past it. SWIG matches a typemap to
consecutive parameters only, so the check is one multi-argument `check` typemap over the whole
run from the first such pointer to the last length (SWIGGEN_LENGTHS in outparams.swg). It takes
the place of every `check` typemap of the parameters in the run, so it also checks each
non-nullable pointer in it for None and each adjacent pair inside it; a run holding any other
kind of parameter (an enum, a class, a pointer some other typemap took) is left unchecked, as
before. A writable `char *`'s capacity is found by its address (mutable_text.swg
`chars_capacity`), whatever its position. A text's length apart from it runs from 0 to the
str's bytes: no negative or largest value stands for "up to the NUL" there (lz4's
`srcSize = -1` read past the text).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Param, TypeKind, TypeRef
from .byteparams import LENGTH_SUFFIX, declared, length_of
from .context import Context
from .plan import ParamTypemap

def span_lengths(params: Sequence[Param], taken: set[int] | frozenset[int],
                 nullable: set[int] | frozenset[int], label: str, ctx: Context) -> None:
    """Emit SWIGGEN_LENGTHS for each run of parameters holding a text or buffer and its
    length that are not adjacent (`taken`: parameters other typemaps have; `nullable`: pointers
    that take None)."""
    far: list[tuple[int, int]] = []
    near: list[tuple[int, int]] = []
    for i, p in enumerate(params):
        if not _chars(p.type) or i in taken:
            continue
        if i + 1 < len(params) and _length(params[i + 1]) and length_of(params, i, i + 1):
            near.append((i, i + 1))
            continue
        for j in range(i + 2, len(params)):
            n = params[j]
            if j not in taken and _length(n) and n.name.startswith(p.name) and \
                    LENGTH_SUFFIX.fullmatch(n.name[len(p.name):]):
                far.append((i, j))
                break
    for a, b, pairs in _runs(far, near):
        run = params[a:b + 1]
        if any(a + k in taken or not (_chars(q.type) or _plain(q.type))
               for k, q in enumerate(run)):
            continue
        checks = [f"swiggen_span_nonnull(${k + 1}, \"$symname\", \"${k + 1}_name\")"
                  for k, q in enumerate(run) if _chars(q.type) and a + k not in nullable]
        for i, j in pairs:
            r, s = i - a + 1, j - a + 1
            if params[i].type.is_const and j == i + 1:  # (an adjacent pair in the run)
                checks.append(f"swiggen_text_length_ok(${r}, ${s}, \"$symname\", \"${r}_name\", "
                              f"\"${s}_name\")")
            elif params[i].type.is_const:
                checks.append(f"swiggen_span_text_ok(${r}, ${s}, \"$symname\", \"${r}_name\", "
                              f"\"${s}_name\")")
            else:
                checks.append(f"swiggen_buffer_length_ok(${s}, swiggen::chars_capacity(${r}), "
                              f"\"$symname\", \"${r}_name\", \"${s}_name\")")
        pattern = "(" + ", ".join(declared(q.type, q.name) for q in run) + ")"
        names = ", ".join(f"'{params[j].name}' of '{params[i].name}'" for i, j in pairs)
        ctx.params.append(ParamTypemap("SWIGGEN_LENGTHS", (pattern, f"%arg({' && '.join(checks)})"),
                                       (label,), f"lengths apart from their text: {names}"))


def _runs(far: list[tuple[int, int]], near: list[tuple[int, int]]
          ) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """Overlapping far pairs merged into runs (first, last, pairs), each with the adjacent
    pairs inside it; a run an adjacent pair straddles is dropped."""
    runs: list[tuple[int, int, list[tuple[int, int]]]] = []
    for i, j in sorted(far):
        if runs and i <= runs[-1][1]:
            a, b, pairs = runs[-1]
            runs[-1] = (a, max(b, j), pairs + [(i, j)])
        else:
            runs.append((i, j, [(i, j)]))
    out = []
    for a, b, pairs in runs:
        if any((a <= i <= b) != (a <= j <= b) for i, j in near):
            continue
        out.append((a, b, sorted(pairs + [(i, j) for i, j in near if a <= i <= b])))
    return out


def _chars(t: TypeRef) -> bool:
    """`char *` or `const char *` (text, or a writable buffer)."""
    return t.kind is TypeKind.STRING and t.indirection == "*" and t.canonical.strip() == "char"


def _length(p: Param) -> bool:
    return p.type.kind is TypeKind.INT and not p.type.indirection and \
        p.type.canonical not in ("bool", "char")


def _plain(t: TypeRef) -> bool:
    """A number or bool by value: no `check` typemap of its own."""
    return t.kind in (TypeKind.INT, TypeKind.FLOAT, TypeKind.BOOL) and not t.indirection
