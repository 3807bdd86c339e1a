"""OpenCV's cv::Mat as numpy arrays and its small types as tuples, with no annotation
(docs/opencv.md).

    cv::Mat resize(const cv::Mat& src, cv::Rect roi, double fx);
        ->  resize(src: ArrayLike, roi: Sequence[int], fx: float) -> NDArray[Any]
    void blur(cv::InputArray src, cv::OutputArray dst, cv::Size k);  ->  blur(src, k) -> NDArray
    void scale(cv::Mat& m, double f);        ->  writes into m (a writable array, no copy)

Every type libclang resolves to `cv::Mat`, `cv::Mat_<T>`, `cv::_InputArray`,
`cv::_OutputArray`, `cv::_InputOutputArray` (what cv::InputArray... are references to),
`cv::Point_`, `cv::Point3_`, `cv::Size_`, `cv::Rect_`, `cv::Scalar_` or `cv::Vec` of a number
is retyped as a converted type (lower/libtypes.py): TypeKind.STD with target OPENCV. A Mat type
a declaration uses is one `SWIGGEN_CV_MAT(T)` line, a small type one `SWIGGEN_STD(148, T)`
(its tuple conversion is opencv.swg's `swiggen::conv<T>`); interfaces/python/opencv.swg is
included only then, and holds the typemaps of the reference types (InputArray, OutputArray,
InputOutputArray, non-const cv::Mat &).

A `cv::OutputArray` parameter is an out-parameter (returned, not passed): the retype makes it a
non-const reference and `prepare` adds `out(NAME)` for it (lower/outparams.py then drops it
from the signature and adds it to the result). Declarations opencv.swg cannot serve (pointers
to these types, a typed Mat by non-const reference, these types inside containers) are left
out with SG311 saying why; any other cv:: class stays a foreign class (SG337).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..model import Class, Directive, Function, Header, TypeKind, TypeRef
from .context import Context
from .convertible import _add
from .libtypes import LibraryType, register
from .plan import MacroCall

#: the `target` of a retyped OpenCV type (TypeKind.STD)
OPENCV = "swiggen::opencv"

#: numbers a Mat_/Vec/Point... may hold -> the numpy dtype and the Python type
_SCALARS = {"unsigned char": ("uint8", "int"), "signed char": ("int8", "int"),
            "unsigned short": ("uint16", "int"), "short": ("int16", "int"),
            "int": ("int32", "int"), "float": ("float32", "float"),
            "double": ("float64", "float"), "long": ("int64", "int"),
            "long long": ("int64", "int")}
_MAT_DEPTHS = {k: v for k, v in _SCALARS.items() if not k.startswith("long")}
#: small types: template -> how many numbers
_SMALL = {"cv::Point_": 2, "cv::Point3_": 3, "cv::Size_": 2, "cv::Rect_": 4, "cv::Scalar_": 4}
_ARRAYS = ("cv::_InputArray", "cv::_OutputArray", "cv::_InputOutputArray")
_TEMPLATE = re.compile(r"^(cv::\w+)<\s*(.+?)\s*>$")
_VEC = re.compile(r"^cv::Vec<\s*([\w ]+?)\s*,\s*(\d+)\s*>$")


def _value(t: TypeRef) -> str:
    """The canonical class `t` names: `cv::Mat_<unsigned char>`."""
    return t.canonical.removeprefix("const ").rstrip(" &*").strip()


def kind(t: TypeRef) -> str:
    """"mat", "typed" (a cv::Mat_<T>), "array" (InputArray...), "small", or "" if `t` is not
    an OpenCV type this module converts."""
    value = _value(t)
    if value == "cv::Mat":
        return "mat"
    if value in _ARRAYS:
        return "array"
    vec = _VEC.match(value)
    if vec is not None:
        return "small" if vec.group(1) in _SCALARS else ""
    m = _TEMPLATE.match(value)
    if m is None:
        return ""
    template, arg = m.groups()
    if template == "cv::Mat_":
        vec = _VEC.match(arg)
        element = vec.group(1) if vec else arg
        return "typed" if element in _MAT_DEPTHS else ""
    return "small" if template in _SMALL and arg in _SCALARS else ""


def _used_by(h: Header) -> bool:
    """The header includes OpenCV's core (directly or not): `.../opencv2/core...`."""
    return any("/opencv2/" in i for i in h.includes)


def _retype(t: TypeRef) -> TypeRef | None:
    if t.kind is not TypeKind.CLASS or not t.target.startswith("cv::") or not kind(t):
        return None
    if _value(t) == "cv::_OutputArray" and t.indirection == "&":
        return replace(t, kind=TypeKind.STD, target=OPENCV, is_const=False)  # an out (prepare)
    return replace(t, kind=TypeKind.STD, target=OPENCV)


def _why(t: TypeRef, ctx: Context, is_result: bool) -> str:
    what, by = kind(t), t.indirection
    value = _value(t)
    if by == "*":
        return f"'{t.spelling}' by pointer: pass cv::Mat by value or reference"
    if what == "array":
        if is_result:
            return f"'{t.spelling}' is a parameter type, not a result"
        return ""
    if by == "&&" and is_result:
        return f"'{t.spelling}' result by rvalue reference"
    if by == "&" and not t.is_const and not is_result and value != "cv::Mat":
        return (f"'{t.spelling}' by non-const reference: only cv::Mat& is written in place "
                "(or use cv::InputOutputArray)")
    return ""


def _item_why(t: TypeRef, ctx: Context) -> str:
    if _value(t) == "cv::_OutputArray":
        return ""  # (the out-parameter prepare makes of it)
    if _value(t) == "cv::Mat" and t.indirection == "&" and not t.is_const:
        return ""  # (`out(m)` on a cv::Mat&: a returned array)
    return f"'{t.spelling}' is not converted inside containers"


def _note(t: TypeRef, ctx: Context) -> None:
    what = kind(t)
    ctx.stub_modules.update(("numpy", "numpy.typing"))
    _add(ctx, MacroCall("SWIGGEN_CV_USED", ()))
    value = t.spelling.removeprefix("const ").rstrip(" &*").strip()
    if what in ("mat", "typed"):
        _add(ctx, MacroCall("SWIGGEN_CV_MAT", (value,)))
    elif what == "small":
        _add(ctx, MacroCall("SWIGGEN_STD", ("148", value)))


def _stub(t: TypeRef, param: bool) -> str:
    what, value = kind(t), _value(t)
    if what == "small":
        vec = _VEC.match(value)
        if vec:
            scalar, n = vec.group(1), int(vec.group(2))
        else:
            m = _TEMPLATE.match(value)
            assert m is not None
            scalar, n = m.group(2), _SMALL[m.group(1)]
        py = _SCALARS[scalar][1]
        return f"Sequence[{py}]" if param else f"tuple[{', '.join([py] * n)}]"
    written = t.indirection == "&" and not t.is_const  # in place (or an out)
    if param and not written and value != "cv::_InputOutputArray":
        return "numpy.typing.ArrayLike"
    if what == "typed":
        m = _TEMPLATE.match(value)
        assert m is not None
        vec = _VEC.match(m.group(2))
        element = vec.group(1) if vec else m.group(2)
        return f"numpy.typing.NDArray[numpy.{_SCALARS[element][0]}]"
    return "numpy.typing.NDArray[Any]"


def _prepare(headers: Sequence[Header], ctx: Context) -> None:
    """`out(NAME)` for each cv::OutputArray parameter (a config directive, as if written)."""
    for h in headers:
        for f in h.functions:
            _outs(f, f.qualname, ctx)
        for c in _classes(h):
            for m in c.methods:
                _outs(m, f"{c.qualname}::{m.name}", ctx)


def _classes(h: Header) -> list[Class]:
    out: list[Class] = []
    todo = list(h.classes)
    while todo:
        c = todo.pop(0)
        out.append(c)
        todo.extend(c.classes)
    return out


def _outs(f: Function, key: str, ctx: Context) -> None:
    names = tuple(p.name for p in f.params
                  if p.type.kind is TypeKind.STD and p.type.target == OPENCV and
                  _value(p.type) == "cv::_OutputArray" and p.name)
    if not names:
        return
    given = ctx.config.by_name.get(key, ())
    if any(d.name in ("out", "inout") and set(names) & set(d.args) for d in given):
        return
    ctx.config.by_name[key] = given + (Directive("out", names, f.loc),)


register(LibraryType(target=OPENCV, swg="opencv.swg", macro_prefix="SWIGGEN_CV",
                     used_by=_used_by, retype=_retype, why=_why, item_why=_item_why,
                     note=_note, stub=_stub, prepare=_prepare))
