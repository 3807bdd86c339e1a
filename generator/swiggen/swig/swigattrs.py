"""swigattrs: no wrapped object shows SWIG's attributes (post-processing).

Under -builtin SWIG gives every wrapped class, beside the methods builtinmethods.py removes,
attributes of its own, which `dir(obj)`, completion, `help()` and Sphinx show as the class's API:

- `this` and `thisown` (SWIG's pointer object, and its ownership flag), put into each class's
  dict at module init, after the class's members (a C++ member so named would read SWIG's):

      PyDict_SetItemString(d, "this", this_descr);
      PyDict_SetItemString(d, "thisown", thisown_descr);

- `__dict__`, a getset of each class's table returning the object's SWIG dict, where swiggen
  keeps what the object keeps alive (`__swiggen_owners__`: constviews.swg), so `dir(view)`
  listed that key and `vars(view)` could drop the owner a view needs:

      static SwigPyGetSet X___dict___getset = { SwigPyObject_get___dict__, 0 };
      { (char *)"__dict__", SwigPyBuiltin_FunpackGetterClosure, 0, (char *)"dictionary ...",
        &X___dict___getset },

- the slots of SWIG's base type (`SwigPyObject_TypeOnce`) that Python lists as its members:
  `nb_int` (`int(obj)` was the C++ object's address, `__int__` in `dir(obj)`) and an explicit
  `tp_getattro` (the `__getattribute__` help() showed as "inherited from SwigPyObject"; without
  it the type inherits `object`'s, the same function).

`rewrite` removes those lines; the instance layout, the SWIG dict (swiggen's keep-alive store) and
every C function stay. Ownership is read and moved through `swiggen.owned`/`own`/`disown`
(ownership_api.swg, generator/swiggen/runtime.py), never through an attribute. One pass per shape
over the wrapper; a wrapper without these shapes is returned unchanged (rewrites.py counts, by
name, what was left).
"""

from __future__ import annotations

import re

#: `this`/`thisown` put into a class's dict (SWIG's pyinit code, one pair per class)
_THIS = re.compile(r'^[ \t]*PyDict_SetItemString\(d, "(?P<name>this|thisown)", (?P=name)_descr\);'
                   r'[ \t]*\n', re.M)
#: a class's `__dict__` getset closure (the line before its getset table)
_DICT_CLOSURE = re.compile(r"^static SwigPyGetSet (?P<cls>\w+)___dict___getset = "
                           r"\{ SwigPyObject_get___dict__, 0 \};[ \t]*\n", re.M)
#: its entry in the table
_DICT_ENTRY = re.compile(r'^[ \t]*\{ \(char \*\)"__dict__", SwigPyBuiltin_FunpackGetterClosure, '
                         r'0, \(char \*\)"[^"\n]*", &(?P<cls>\w+)___dict___getset \},[ \t]*\n',
                         re.M)
#: a loose `__dict__` getset entry (for the audit: whatever its shape)
_DICT_ANY = re.compile(r'\{ ?\(char ?\*\) ?"__dict__",')
#: the definition of SWIG's base type, up to its closing line
_BASE = re.compile(r"^SwigPyObject_TypeOnce\(void\) \{\n.*?^\}\n", re.M | re.S)
#: its member slots, in the PyType_Spec slot table and the static type object
_SLOTS = (
    ("nb_int", re.compile(r"^[ \t]*\{ Py_nb_int, \(void \*\)SwigPyObject_long \},[ \t]*\n", re.M),
     ""),
    ("nb_int", re.compile(r"^(?P<i>[ \t]*)\(unaryfunc\)SwigPyObject_long,(?P<c>[ \t]*/\*nb_int\*/)",
                          re.M), r"\g<i>(unaryfunc)0,\g<c>"),
    ("tp_getattro", re.compile(r"^[ \t]*\{ Py_tp_getattro, \(void \*\)PyObject_GenericGetAttr \},"
                               r"[ \t]*\n", re.M), ""),
    ("tp_getattro", re.compile(r"^(?P<i>[ \t]*)PyObject_GenericGetAttr,(?P<c>[ \t]*/\* tp_getattro "
                               r"\*/)", re.M), r"\g<i>0,\g<c>"),
)
#: the base type's slots, loosely (for the audit)
_SLOTS_ANY = (("nb_int", re.compile(r"SwigPyObject_long\b[^\n]*nb_int|Py_nb_int\b[^\n]*"
                                    r"SwigPyObject_long")),
              ("tp_getattro", re.compile(r"PyObject_GenericGetAttr\b[^\n]*tp_getattro|"
                                         r"Py_tp_getattro\b[^\n]*PyObject_GenericGetAttr")))


def candidates(text: str) -> list[tuple[str, int]]:
    """SWIG's attributes in `text`, found by looser shapes than `rewrite` matches: (what, offset)
    each (`this`, `thisown`, `__dict__`, `nb_int`, `tp_getattro`)."""
    found = [(m.group(1), m.start())
             for m in re.finditer(r'PyDict_SetItemString\(d, "(this|thisown)", ', text)]
    found += [("__dict__", m.start()) for m in _DICT_ANY.finditer(text)]
    base = _BASE.search(text)
    if base is not None:
        for what, shape in _SLOTS_ANY:
            found += [(what, base.start() + m.start())
                      for m in shape.finditer(base.group(0))]
    return found


def rewrite(text: str) -> tuple[str, int]:
    """The wrapper text without SWIG's attributes, and how many were removed."""
    text, removed = _THIS.subn("", text)
    entries = {m.group("cls") for m in _DICT_ENTRY.finditer(text)}
    closures = {m.group("cls") for m in _DICT_CLOSURE.finditer(text)}
    both = entries & closures  # a closure whose entry is gone would be an unused variable
    if both:
        text = _DICT_ENTRY.sub(lambda m: "" if m.group("cls") in both else m.group(0), text)
        removed += len(both)
        text = _DICT_CLOSURE.sub(lambda m: "" if m.group("cls") in both else m.group(0), text)
    base = _BASE.search(text)
    if base is not None:
        body = base.group(0)
        for _, shape, by in _SLOTS:
            body, n = shape.subn(by, body)
            removed += n
        text = text[:base.start()] + body + text[base.end():]
    return text, removed
