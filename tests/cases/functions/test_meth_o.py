"""Module functions of one positional parameter are called as METH_O (swig/methodo.py): plain
(`lambda_`, `halve`, `big`) and overloaded (`pick`). Every other way of calling them (keywords,
`**kwargs`, `functools.partial`, `map`, too few or too many arguments) reaches the wrapper as
before, with its messages."""

from __future__ import annotations

import ctypes
import functools
import platform

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def fn(case_module):  # type: ignore[no-untyped-def]
    return case_module("functions")


class _MethodDef(ctypes.Structure):
    _fields_ = [("ml_name", ctypes.c_char_p), ("ml_meth", ctypes.c_void_p),
                ("ml_flags", ctypes.c_int), ("ml_doc", ctypes.c_char_p)]


class _CFunction(ctypes.Structure):  # PyCFunctionObject, after PyObject_HEAD
    _fields_ = [("ob_refcnt", ctypes.c_ssize_t), ("ob_type", ctypes.c_void_p),
                ("m_ml", ctypes.POINTER(_MethodDef))]


def _flags(f) -> int:  # type: ignore[no-untyped-def]
    return int(_CFunction.from_address(id(f)).m_ml.contents.ml_flags)


METH_O, METH_FASTCALL_KEYWORDS = 0x0008, 0x0080 | 0x0002


@pytest.mark.cpython_only
@pytest.mark.skipif(platform.python_implementation() != "CPython", reason="CPython's layout")
def test_one_parameter_functions_are_meth_o_the_others_are_not(fn) -> None:
    for f in (fn.lambda_, fn.halve, fn.big, fn.pick, fn.negate):
        assert _flags(f) == METH_O, f.__name__
    for f in (fn.shift, fn.scale, fn.count_args):
        assert _flags(f) == METH_FASTCALL_KEYWORDS, f.__name__


def test_every_way_of_calling_them(fn) -> None:
    assert fn.lambda_(3) == -3 and fn.lambda_(x=4) == -4 and fn.lambda_(**{"x": 5}) == -5
    assert fn.halve(3.0) == 1.5 and functools.partial(fn.halve, f=5.0)() == 2.5
    assert list(map(fn.big, [1, 2 ** 40])) == [fn.big(1), fn.big(v=2 ** 40)]
    assert fn.pick(2) == fn.pick(x=2) and fn.pick("ab") == fn.pick(s="ab")
    assert isinstance(fn.pick(1.5), float) and isinstance(fn.pick(x=1.5), float)
    assert sorted([3, 1, 2], key=fn.lambda_) == [3, 2, 1]


def _message(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError) as e:
        call(*args, **kwargs)
    return str(e.value)


def test_wrong_calls_keep_their_messages(fn) -> None:
    """(The messages of the METH_FASTCALL|METH_KEYWORDS wrapper, unchanged.)"""
    assert _message(fn.lambda_) == "lambda_() missing required argument 'x' (pos 1)"
    assert _message(fn.lambda_, 1, 2) == "lambda_() takes at most 1 argument (2 given)"
    assert _message(fn.lambda_, y=1) == "lambda_() got an unexpected keyword argument 'y'"
    assert _message(fn.lambda_, 1, x=1) in (  # (PyPy's cffi path names the keyword)
        "lambda_() takes at most 1 argument (2 given)",
        "lambda_() got multiple values for argument 'x'")
    assert _message(fn.lambda_, "no").startswith("lambda_() argument 'x' (position 1) must be int")
    assert _message(fn.pick, [1]).startswith("pick(): incompatible function arguments")
    assert "unexpected keyword argument 'y'" in _message(fn.pick, y=1)
