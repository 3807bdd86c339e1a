"""A C library's opaque handles are released by its own free function (lower).

    typedef struct ZSTD_CCtx_s ZSTD_CCtx;          as if the header said
    ZSTD_CCtx *ZSTD_createCCtx(void);             // swiggen: newobject
    size_t ZSTD_freeCCtx(ZSTD_CCtx *cctx);        and, on the struct, deleter(ZSTD_freeCCtx)

An opaque struct (declared, defined nowhere the header is parsed: parse/walker.py `handle`) is a
class Python holds only by pointer. When the library has one function that frees it (a global
function of one parameter, a `T*` written with the class's own name, whose name says it frees
or closes: `ZSTD_freeCCtx`, `lua_close`, `sqlite3_close`, `FT_Done_Face`; not libzip's
`zip_close` beside `zip_discard`, either of which frees a `zip_t`), that function is the class's
deleter, and the functions that make one (a global function returning a `T*`, whose name says
it creates, news, opens or allocates, and that is given no handle of the class: not
`lua_newthread(L)`, whose result belongs to L) return an object Python owns: dropping it frees
it, and freeing it by hand (`ZSTD_freeCCtx(ctx)`, or another name's free function,
`ZSTD_freeCStream(stream)`) clears it, so it is never freed twice nor used afterwards
(ReferenceError). Where no one function is the deleter (`zip_close` and `zip_discard`),
Python frees none, and each of them still clears the object it frees. A C struct the library
allocates through a `T **` out, with no release named for it (FreeType's `FT_New_Face`), is
never Python's to free or to make (`_allocated`). A directive on the
class (`deleter`, `ignore`) or on the function (`newobject`, `borrowed`, `destroys`) says
otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from ..model import Class, Directive, Function, Header, TypeKind
from .ownership import name_words

#: config directives by declaration name (ConfigAnnotations.by_name)
ByName = Mapping[str, tuple[Directive, ...]]

#: words of a function's name that say it releases its one argument (curl's curl_url_cleanup,
#: FreeType's FT_Done_Face); "finish" as the last word (libarchive's archive_read_finish, "a
#: synonym for archive_read_free"; not archive_write_finish_entry)
_RELEASES = frozenset({"free", "release", "destroy", "dispose", "delete", "dealloc", "unref",
                       "close", "discard", "fini", "cleanup", "done"})
#: first letters of a word of a function's name that says it makes a new object
_MAKES = ("create", "new", "open", "alloc", "make")


def with_handle_ownership(headers: Sequence[Header], by_name: ByName) -> list[Header]:
    """`headers`, each opaque class once (none where another header defines it), with its
    deleter and its makers' `newobject` implied (before the views are written: a class with a
    deleter declares no destructor SWIG must not call)."""
    headers = _once(headers)
    functions = [f for h in headers for f in h.functions if "::" not in f.qualname and
                 not _directed(f.directives + by_name.get(f.qualname, ()), ("ignore",))]
    handles = {c.qualname: c for h in headers for c in h.classes
               if c.opaque or _library_struct(c, functions)}
    if not handles:
        return list(headers)
    # (nor one left out: pcre2_code_free_16 beside a linked libpcre2-8 only)
    deleters: dict[str, Function] = {}
    others: set[int] = set()  # the deleter's other names: they clear what they free too
    borrowed: set[str] = set()  # library allocations with no deleter: never Python's to free
    for q, c in handles.items():
        if _directed(c.directives + by_name.get(q, ()), ("deleter", "ignore")):
            continue
        found = _synonyms(f for f in functions if _releases(f, c))
        named = [f for f in found if _written_name(f.params[0].type.written) in
                 (c.c_name or c.name, c.name)] if len(found) > 1 else found
        exact = [f for f in named if f.name in (f"{c.c_name or c.name}_free", f"{c.name}_free")]
        if len(named) > 1 and len(exact) == 1 and all(
                f.name.startswith(exact[0].name) for f in named):
            named = exact  # (event_base_free beside its variant event_base_free_nofinalize;
            # not libarchive's archive_free beside archive_read_free and archive_match_free,
            # each for what its own maker made: archive_free crashed on a match object)
        if not c.opaque:  # (a struct Python could make too: only a release named for it)
            named = [f for f in named if f.name.startswith(f"{c.c_name or c.name}_")]
            if len(named) != 1:
                if _allocated(c, functions):  # (and what frees it clears it: FT_Done_Face)
                    borrowed.add(q)
                    others |= {id(f) for f in found if not _directed(
                        f.directives + by_name.get(f.qualname, ()),
                        ("destroys", "disown", "borrowed"))}
                continue
        if len(named) == 1:  # (`ZSTD_freeCCtx`, not `ZSTD_freeCStream`, for ZSTD_CCtx)
            deleters[q] = named[0]
        others |= {id(f) for f in found if q not in deleters or f is not deleters[q]
                   if not _directed(f.directives + by_name.get(f.qualname, ()),
                                    ("destroys", "disown", "borrowed"))}
    if not deleters and not others and not borrowed:
        return list(headers)
    makers = {id(f) for f in functions if _makes(f, deleters, by_name)}
    out = []
    for h in headers:
        classes = tuple(
            replace(c, has_public_destructor=True, directives=c.directives + (
                Directive("deleter", (deleters[c.qualname].name,), c.loc),))
            if c.qualname in deleters else
            # (as a class without a public destructor: no constructor, its objects borrowed)
            replace(c, has_public_destructor=False, directives=c.directives + (
                Directive("allocated", (), c.loc),)) if c.qualname in borrowed else c
            for c in h.classes)
        funcs = tuple(replace(f, directives=f.directives + _implied(f, makers, others))
                      if id(f) in makers or id(f) in others else f for f in h.functions)
        out.append(replace(h, classes=classes, functions=funcs))
    return out


def _once(headers: Sequence[Header]) -> list[Header]:
    """An opaque struct declared by several headers is one class, the first's; none where a
    header defines it (parsed apart, a header that does not include the definition sees only
    the declaration)."""
    defined = {c.qualname for h in headers for c in h.classes if not c.opaque}
    seen: set[str] = set()
    out = []
    for h in headers:
        keep = []
        for c in h.classes:
            if c.opaque and (c.qualname in defined or c.qualname in seen):
                continue
            seen.add(c.qualname)
            keep.append(c)
        out.append(replace(h, classes=tuple(keep)) if len(keep) < len(h.classes) else h)
    return out


def _library_struct(c: Class, functions: Sequence[Function]) -> bool:
    """A C struct the library makes (a `T *` result or a `T **` out of a global function:
    libgit2's `git_signature_new(git_signature **out, ...)`) and, by handles' rule, frees with a
    function named for it (`git_signature_free`): its objects are the library's allocations,
    which C++'s `delete` must not release (ASan: alloc-dealloc-mismatch), and Python makes none
    of its own. A struct the caller allocates (`yaml_parser_t`, which `yaml_parser_initialize`
    fills and `yaml_parser_delete` empties) is made by no function, and keeps its constructor."""
    if c.opaque or not c.is_struct or c.methods or c.constructors or c.bases or \
            c.template_params:
        return False
    return any(_makes_struct(f, c) for f in functions)


def _allocated(c: Class, functions: Sequence[Function]) -> bool:
    """A library struct some function allocates through a `T **` out (FreeType's
    `FT_New_Face(library, path, index, FT_Face *aface)`), where no function named for it frees
    it: C++'s `delete` must not release the library's memory and Python's zero-filled one is
    no handle of the library's (every `FT_Face` function took it, and crashed), so its objects
    are borrowed (never freed by Python: at worst a leak) and Python makes none."""
    return any(_makes_struct(f, c, results=False) for f in functions)


def _makes_struct(f: Function, c: Class, results: bool = True) -> bool:
    r = f.result
    if results and r.kind is TypeKind.CLASS and r.indirection == "*" and r.target == c.qualname:
        return True
    for p in f.params:  # `T **out`
        t = p.type
        base = " ".join(t.canonical.split())
        if t.kind is TypeKind.OTHER and t.indirection == "*" and base.endswith(" *") and \
                base.count("*") == 1 and base[:-2].removeprefix("const ") == c.qualname:
            return True
    return False


def _implied(f: Function, makers: set[int], others: set[int]) -> tuple[Directive, ...]:
    if id(f) in makers:
        return (Directive("newobject", (), f.loc),)
    return (Directive("destroys", (f.params[0].name,), f.loc),)


def _directed(directives: Sequence[Directive], names: Sequence[str]) -> bool:
    return any(d.name in names for d in directives)


def _written_name(written: str) -> str:
    """`const ZSTD_CCtx *` -> `ZSTD_CCtx`; `struct x_s *` -> `x_s`."""
    words = written.replace("*", " ").split()
    return next((w for w in reversed(words) if w not in ("const", "struct", "volatile")), "")


#: the words of _RELEASES that always free; the others (close, cleanup, done, ...) may only
#: end a state (`git_repository_state_cleanup`, `git_index_conflict_cleanup`)
_FREES = frozenset({"free", "release", "destroy", "dispose", "delete", "dealloc", "unref"})


def _synonyms(found: Iterable[Function]) -> list[Function]:
    """The release functions of a class: beside one whose name says it frees, one named with a
    weaker word (close, cleanup, done, finish) counts only as a synonym of such a one, its word
    put for "free" (libarchive's `archive_read_finish`, "a synonym for archive_read_free"; not
    libgit2's `git_index_conflict_cleanup` beside `git_index_free`, which empties the index's
    conflicts: taken as a release, it cleared the index and no deleter was found). With no
    such word among them, each counts (libzip's `zip_close` and `zip_discard`)."""
    found = list(found)
    strong = {f.name.lower() for f in found if set(name_words(f.name)) & _FREES}
    if not strong:
        return found
    out = []
    for f in found:
        words = set(name_words(f.name))
        weak = sorted((words & _RELEASES) - _FREES) or (["finish"] if "finish" in words else [])
        if words & _FREES or any(
                re.sub(w, "free", f.name, count=1, flags=re.IGNORECASE).lower() in strong
                for w in weak):
            out.append(f)
    return out


def _releases(f: Function, c: Class) -> bool:
    if len(f.params) != 1 or f.template_params or f.is_deleted:
        return False
    t = f.params[0].type
    words = name_words(f.name)
    return t.kind is TypeKind.CLASS and t.indirection == "*" and not t.is_const and \
        t.target == c.qualname and (bool(set(words) & _RELEASES) or words[-1:] == ["finish"])


def _makes(f: Function, deleters: dict[str, Function], by_name: ByName) -> bool:
    r = f.result
    if r.kind is not TypeKind.CLASS or r.indirection != "*" or r.target not in deleters or \
            f.template_params or f is deleters[r.target]:
        return False
    if _directed(f.directives + by_name.get(f.qualname, ()),
                 ("newobject", "borrowed")):
        return False
    if any(p.type.kind is TypeKind.CLASS and p.type.target == r.target for p in f.params):
        return False  # (made from a handle of its own kind: its parent's, not Python's)
    return any(w.startswith(_MAKES) for w in name_words(f.name))
