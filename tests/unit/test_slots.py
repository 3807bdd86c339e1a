"""Typed sequence slots (protocol_slots.swg: swiggen_sq_item, swiggen_sq_ass_item, swiggen_length)
keep the checks of the SWIG wrappers they replace: bounds, conversions, C++ exceptions, elements
of non-arithmetic type, derived classes that inherit the slots, Python subclasses."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import swiggen

pytestmark = pytest.mark.compile  # builds a module

HEADER = r"""
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace sl {

/// Elements without an arithmetic type: the slots go through the wrapped methods.
class Words {
public:
    explicit Words(std::size_t n = 0) : w_(n) {}
    std::string& operator[](std::size_t i) { return w_[i]; }
    std::string operator[](std::size_t i) const { return w_[i]; }
    std::size_t size() const { return w_.size(); }
private:
    std::vector<std::string> w_;
};

/// Narrow elements: conversions are range-checked.
class Bytes {
public:
    explicit Bytes(std::size_t n = 0) : b_(n) {}
    unsigned char& operator[](std::size_t i) { return b_[i]; }
    unsigned char operator[](std::size_t i) const { return b_[i]; }
    std::size_t size() const { return b_.size(); }
private:
    std::vector<unsigned char> b_;
};

/// A second base first, so that a Derived* and its Base* differ.
struct Pad { virtual ~Pad() = default; double pad = 0.0; };

class Base {
public:
    explicit Base(std::size_t n = 0) : v_(n) {}
    virtual ~Base() = default;
    double& operator[](std::size_t i) { return v_[i]; }
    double operator[](std::size_t i) const { return v_[i]; }
    std::size_t size() const { return v_.size(); }
private:
    std::vector<double> v_;
};

class Derived : public Pad, public Base {
public:
    explicit Derived(std::size_t n = 0) : Base(n) {}
};

/// size() throws: len() raises the translated exception.
class Broken {
public:
    std::size_t size() const { throw std::runtime_error("no size today"); }
};

}  // namespace sl
"""


@pytest.fixture(scope="module")
def sl(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("slots")
    (root / "slots_case.h").write_text(HEADER)
    out = root / "out"
    proc = swiggen("build", "slots_case.h", "-m", "slots_case", "-o", str(out),
                   "--build-dir", str(root / "build"), "-O1", cwd=root)
    if proc.returncode != 0:
        pytest.fail(f"swiggen build failed:\n{proc.stdout}\n{proc.stderr}")
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module("slots_case")
    finally:
        sys.path.remove(str(out))


def test_typed_slots_are_installed(sl: ModuleType) -> None:
    wrapper = Path(sl.__file__).parent.parent / "build" / "slots_case_wrap.cxx"
    text = wrapper.read_text()
    # (the index's own type last: an index that does not fit it is an IndexError)
    assert "swiggen_sq_item< sl::Base, double, 1, unsigned long >, /* sq_item */" in text
    assert "swiggen_length< sl::Base >, " in text


def test_non_arithmetic_elements(sl: ModuleType) -> None:
    w = sl.Words(3)
    w[0] = "a"
    w[-1] = "z"
    assert (w[0], w[1], w[2], w[-1]) == ("a", "", "z", "z")
    assert len(w) == 3
    with pytest.raises(IndexError):
        w[3]
    with pytest.raises(IndexError):
        w[3] = "x"
    with pytest.raises(TypeError):
        w[0] = 1
    with pytest.raises(TypeError):
        del w[0]


def test_narrow_elements_are_range_checked(sl: ModuleType) -> None:
    b = sl.Bytes(2)
    b[0] = 255
    assert b[0] == 255 and isinstance(b[0], int)
    with pytest.raises(OverflowError, match=r"^Bytes.__setitem__\(\) argument 'value' "
                       r"\(position 2\) out of range for C\+\+ unsigned char: 256$"):
        b[1] = 256
    with pytest.raises(OverflowError):
        b[1] = -1
    with pytest.raises(TypeError, match=r"^Bytes.__setitem__\(\) argument 'value' "
                       r"\(position 2\) must be int, not float$"):
        b[1] = 1.5
    with pytest.raises(TypeError):
        del b[0]
    assert b[1] == 0


def test_derived_class_inherits_slots_with_pointer_adjustment(sl: ModuleType) -> None:
    d = sl.Derived(3)
    d[2] = 7.5
    assert d[2] == 7.5 and d[-1] == 7.5 and len(d) == 3
    with pytest.raises(IndexError):
        d[3]
    assert d.__getitem__(2) == 7.5  # the wrapped method agrees with the slot


def test_python_subclass(sl: ModuleType) -> None:
    class Sub(sl.Base):
        pass

    s = Sub(2)
    s[0] = 1.25
    assert s[0] == 1.25 and len(s) == 2

    class Override(sl.Base):
        def __getitem__(self, i: int) -> str:
            return "mine"

    assert Override(1)[0] == "mine"


def test_len_translates_exceptions(sl: ModuleType) -> None:
    with pytest.raises(RuntimeError, match="no size today"):
        len(sl.Broken())
