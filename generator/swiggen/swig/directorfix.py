"""directorfix: the places in SWIG's director code (interfaces/python/directors.swg) that take no
hook.

SWIG writes every director class's destructor with an empty body:

    SwigDirector_Visitor::~SwigDirector_Visitor() {
    }

`rewrite` makes its first statement `swiggen_director_release(this);`, which clears the Python
object's pointer (so using a Python object whose C++ object C++ deleted raises ReferenceError)
before SWIG's `~Director` drops the reference C++ held on it. And SWIG raises
`Swig::DirectorPureVirtualException` (a RuntimeError) where a pure virtual without a Python
definition is called; `rewrite` calls `swiggen_pure_virtual_called` instead, which raises
NotImplementedError; constructing the abstract base itself raises TypeError (SWIG: RuntimeError).
Each override call makes a new string of the method's name and calls
`PyObject_CallMethodObjArgs` (SWIG's method cache is off under -builtin): the name becomes an
interned static and the call a vectorcall (`swiggen_call_method`), about twice as fast.
In the override of a `noexcept` virtual, a result of the wrong type (SWIG throws
`DirectorTypeMismatchException`, which `noexcept` turns into std::terminate) is reported with
sys.unraisablehook instead, and C++ gets the default result. One regular-expression pass each
over the wrapper (the noexcept methods' bodies are visited once); a module without directors
has none of these shapes and is returned unchanged.
"""

from __future__ import annotations

import re

#: a director destructor's opening line (SWIG writes `throw()` for old exception specifications)
_DTOR = re.compile(r"^(SwigDirector_(\w+)::~SwigDirector_\2\(\)[^{\n]*\{)$", re.M)
#: how SWIG calls an override under -builtin (no method cache): a new name string per call
_CALL = re.compile(r"^( *)swig::SwigVar_PyObject swig_method_name = PyUnicode_FromString\((\"\w+\")\);\n"
                   r"\1(swig::SwigVar_PyObject result = )PyObject_CallMethodObjArgs\(swig_get_self\(\), "
                   r"\(PyObject \*\) swig_method_name ?,(.*?) ?NULL\);$", re.M)
_PURE = "Swig::DirectorPureVirtualException::raise("
_ABSTRACT = 'SWIG_SetErrorMsg(PyExc_RuntimeError,"accessing abstract class or protected constructor");'
#: a noexcept director method: its head line ... its closing brace at the start of a line
_NOEXCEPT = re.compile(r"^[^\n]*\bSwigDirector_(\w+)::(\w+)\([^\n]*\bnoexcept \{\n(?:.*\n)*?\}$",
                       re.M)
_MISMATCH = re.compile(r"Swig::DirectorTypeMismatchException::raise\((.*)\);$", re.M)
_LAST_RETURN = re.compile(r"^  (return [^\n]*;)\n\}\Z", re.M)


def rewrite(text: str) -> tuple[str, int, int]:
    """The wrapper text with director destructors releasing their Python object first, pure
    virtual calls raising NotImplementedError and noexcept overrides never throwing; how many
    destructors and pure calls that was."""
    if "SwigDirector_" not in text:
        return text, 0, 0
    text, dtors = _DTOR.subn(r"\1\n  swiggen_director_release(this);", text)
    pure = text.count(_PURE)
    text = text.replace(_PURE, "swiggen_pure_virtual_called(")
    text = text.replace(_ABSTRACT, "swiggen_abstract_class(self);")
    text = _CALL.sub(_call, text)
    return _NOEXCEPT.sub(_noexcept_body, text), dtors, pure


def _call(m: re.Match[str]) -> str:
    indent, name, result, args = m.groups()
    args = args.strip().rstrip(",")
    return (f"{indent}static PyObject *swig_method_name = swiggen_override_name({name});\n"
            f"{indent}{result}swiggen_call_method(swig_get_self(), swig_method_name"
            f"{', ' + args if args else ''});")


def _noexcept_body(m: re.Match[str]) -> str:
    body = m.group(0)
    last = _LAST_RETURN.search(body)
    if last is None:  # a void method converts no result: nothing to mismatch
        return body
    where = f"{m.group(1)}.{m.group(2)}"
    return _MISMATCH.sub(lambda x: f'{{ swiggen_director_mismatch("{where}", {x.group(1)}); '
                                   f"{last.group(1)} }}", body)
