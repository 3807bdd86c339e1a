"""freelists: construct + destroy without the C++ allocator (post-processing of NAME_wrap.cxx).

Creating a wrapped object costs two allocations, freed again when it dies: the Python object
(PyObject_Malloc, CPython's small-object allocator) and the C++ object (`new T`, glibc malloc),
which SWIG keeps on the heap because `disown` hands it to C++, which later deletes it. The C++
block is kept for reuse by the next object of the class:

`new T(args)` in constructor wrappers becomes `swiggen_new<T>(args)`, and `delete arg1` in
destructor wrappers `swiggen_delete(arg1)`. For a class where that is the same thing (not
polymorphic, so the pointer is the whole object and `delete` frees sizeof(T) bytes; no
class-specific operator new or delete, so `new T` is `::operator new(sizeof(T))` and a
constructor; default alignment; at most 256 bytes), swiggen_delete runs ~T() and keeps the block
on the class's free list of 8, and swiggen_new constructs into a kept block. Every block comes
from `::operator new(sizeof(T))`, so an object that C++ deletes later (after `disown`, or
through a `std::unique_ptr`/`std::shared_ptr`) is freed exactly as if it came from `new T`; for
any other class both are plain `new`/`delete`. The decision is made by the C++ compiler
(`swiggen_reusable<T>`), never by text.

The lists are touched only with the GIL held: wrappers that release it (`nogil`, which puts the
constructor call inside a `swiggen_nogil` scope) keep `new`/`delete`, and a free-threaded build
(Py_GIL_DISABLED) compiles the lists out.

Also here, because they are on the same path: SWIG's tp_dealloc saves and restores the error
state around the destructor only when an error is set, and constructors drop the
borrowed-result check, which never applies to the (owning) object SWIG_BUILTIN_INIT returns.

The Python objects have a free list of their own, in the runtime rather than the text
(interfaces/python/objects.swg, swiggen_object_new/swiggen_object_free): every class is a GC
type, and the GC allocator's link and unlink around obmalloc cost a factory result 1.3x the
C-API module's time (a first measurement, of construct + destroy alone, had seen no difference).

Each rewrite applies only where the text has exactly the shape SWIG writes, and is idempotent.
"""

from __future__ import annotations

import re

from .swigshapes import BODY_END, Index, apply

#: the C++ object block pools (swiggen_new, swiggen_delete, swiggen_reusable) are part of the
#: swiggen_fastcall fragment, interfaces/python/fastcall.swg (fastcall.HELPER)

_CLOSURE_DEF = ("SWIGINTERN void\nSwigPyBuiltin_destructor_closure(SwigPyWrapperFunction wrapper, "
                "const char *wrappername, PyObject *a) {\n")
_FETCH = "    PyErr_Fetch(&type, &value, &traceback);\n"
_RESTORE = "    PyErr_Restore(type, value, traceback);\n"


def helper_edits(text: str, index: Index) -> list[tuple[int, int, str]]:
    """The rewrites that call the pools' templates (part of fastcall.HELPER); `index`: the
    `_wrap_*` names of `text`."""
    return _pooled_wrappers(text, index)


_VALUE_RESULT = re.compile(
    r"^(?P<head>[ \t]*resultobj = SWIG_NewPointerObj\(\()new (?P<type>[\w:<>, *]+?)\("
    r"(?P<rest>.*\)\), SWIGTYPE_\w+, SWIG_POINTER_OWN \| +0 \);\n)", re.M)


def value_results(text: str) -> str:
    """A result returned by value is copied into `new T(result)` for the Python object to own
    (SWIG's out typemap); the copy goes into a kept block too. The out typemap runs after the
    call, with the GIL held even in a `nogil` wrapper (which releases it around the call only).
    Applied to fastcall.rewrite's result (the line may sit in a body it replaced), and only when
    the file has the pools (fastcall.HELPER)."""
    if "struct swiggen_pool" not in text:
        return text
    return _VALUE_RESULT.sub(
        lambda m: f"{m.group('head')}swiggen_new< {m.group('type')} >({m.group('rest')}", text)


def plain_edits(text: str) -> list[tuple[int, int, str]]:
    """The rewrites that need no helper."""
    return _dealloc_error_state(text)


def _dealloc_error_state(text: str) -> list[tuple[int, int, str]]:
    """SWIG's tp_dealloc saves and restores a pending exception around the destructor only when
    there is one: with none, PyErr_Fetch would give NULLs, and PyErr_Restore(NULL, ...) only
    clears what the destructor may have left set, which `PyErr_Occurred()` still catches."""
    start = text.find(_CLOSURE_DEF)
    end = text.find("\n}\n", start)
    if start < 0 or end < 0:
        return []
    body = text[start:end + 1]
    fetch, restore = body.find(_FETCH), body.find(_RESTORE)
    if min(fetch, restore) < 0 or fetch > restore:
        return []
    return [
        (start + fetch, start + fetch + len(_FETCH),
         "    if (PyErr_Occurred()) PyErr_Fetch(&type, &value, &traceback);  /* swiggen */\n"),
        (start + restore, start + restore + len(_RESTORE),
         "    if (type || PyErr_Occurred()) PyErr_Restore(type, value, traceback);\n"),
    ]


_WRAPPER = re.compile(r"^SWIGINTERN (?:int |PyObject \*)(?P<name>_wrap_(?:new|delete)_\w+)\(", re.M)
_NEW = re.compile(r"^(?P<head>[ \t]*result = \((?P<type>[\w:<>, *]+?) \*\))new (?P=type)\(", re.M)
_DELETE = re.compile(r"^(?P<indent>[ \t]*)delete (?P<arg>arg1);\n", re.M)
_BORROWED = re.compile(r"^[ \t]*swiggen_borrowed_result\(resultobj, self\);\n", re.M)


def pooled(name: str, body: str) -> str:
    """A constructor or destructor wrapper's body with `_spans` applied (for typeobjects' twins)."""
    return apply(body, _spans(name, body))


def _spans(name: str, body: str) -> list[tuple[int, int, str]]:
    """The edits of a constructor or destructor wrapper's body: its `new T(...)`/`delete arg1`
    through the free lists (none if it releases the GIL); constructors also lose the
    borrowed-result check, which never applies to the object SWIG_BUILTIN_INIT returns (it owns
    its pointer)."""
    if "swiggen_nogil" in body or "swiggen_new<" in body or "swiggen_delete(" in body:
        return []
    spans: list[tuple[int, int, str]] = []
    if name.startswith("_wrap_new_"):
        for m in _NEW.finditer(body):
            new = f"{m.group('head')}swiggen_new< {m.group('type')} >("
            spans.append((m.start(), m.end(), new))
        if "SWIG_BUILTIN_INIT" in body:
            spans += [(m.start(), m.end(), "") for m in _BORROWED.finditer(body)]
    elif name.startswith("_wrap_delete_"):
        deletes = list(_DELETE.finditer(body))
        if len(deletes) == 1:
            d = deletes[0]
            new = f"{d.group('indent')}swiggen_delete({d.group('arg')});\n"
            spans.append((d.start(), d.end(), new))
    return sorted(spans)


def _pooled_wrappers(text: str, index: Index) -> list[tuple[int, int, str]]:
    """`_spans` of every constructor and destructor wrapper of the file."""
    out: list[tuple[int, int, str]] = []
    closures = set(_CLOSURE.findall(text))
    for m in _WRAPPER.finditer(text):
        open_ = text.find(") {\n", m.end())
        end = BODY_END.search(text, m.end())
        if open_ < 0 or end is None or "\n" in text[m.end():open_]:
            continue
        name = m.group("name")
        if name.startswith("_wrap_delete_") and not (len(index.occurrences(name)) == 2
                                                     and name in closures):
            continue  # a destructor wrapper someone else calls: left as SWIG wrote it
        at = open_ + len(") {\n")
        out += [(at + b, at + e, new) for b, e, new in _spans(name, text[at:end.start()])]
    return out


#: a destructor wrapper's tp_dealloc closure (its only other use, for a pooled destructor)
_CLOSURE = re.compile(r"SWIGPY_DESTRUCTOR_CLOSURE\((\w+)\)")
