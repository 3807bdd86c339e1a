"""Library string classes as str (the `str` directive; tests/cases/strings): TagLib-shaped
UTF-8 through a pointer with an argument, ICU-shaped counted UTF-16, Qt-shaped NUL-terminated
UTF-16 out and UTF-8 with a length in, wxString-shaped wchar_t; in parameters, results, fields,
std and library containers, through an `implicit` constructor, beyond the BMP."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.compile

ASTRAL = "Mötley Crüe 😀 𝄞"


@pytest.fixture(scope="module")
def st(case_module):  # type: ignore[no-untyped-def]
    return case_module("strings")


def test_the_class_is_str_and_not_wrapped(st) -> None:
    assert not hasattr(st, "String") and not hasattr(st, "UnicodeString")
    assert not hasattr(st, "QStr") and not hasattr(st, "wxStr")
    title = st.shout("hi")
    assert type(title) is str and title == "HI!"


@pytest.mark.parametrize("text", ["", "plain", "é", ASTRAL, "a\x00b"])
def test_round_trip_through_a_method_and_back(st, text: str) -> None:
    t = st.Tag()
    t.setTitle(text)
    # (toCString stops at a NUL, as the C++ caller's would)
    assert t.title() == text.split("\x00")[0]


def test_code_points_and_utf16_units(st) -> None:
    assert st.code_points("😀x") == 2  # the class counts code points
    assert st.units_of("😀x") == 3  # ICU-shaped: UTF-16 units, a surrogate pair for 😀
    assert st.twice("a😀") == "a😀a😀"
    assert st.qsize("😀") == 2 and st.qreverse("ab😀c") == "c😀ba"
    assert st.wx_len("😀") == 1 and st.wx_upper("abc𝄞") == "ABC𝄞"


def test_std_containers_of_it(st) -> None:
    assert st.words("a bé 𝄞") == ["a", "bé", "𝄞"]
    assert st.lengths(["ab", "😀", "𝄞𝄞"]) == {"ab": 2, "😀": 1, "𝄞𝄞": 2}
    with pytest.raises(TypeError, match="item 1"):
        st.lengths(["ab", 3])


def test_library_containers_and_template_bases(st) -> None:
    names = st.StringList(ASTRAL)
    names.append("b")
    assert len(names) == 2 and list(names) == [ASTRAL, "b"] and names[1] == "b"
    assert names.toString() == ASTRAL + " b" and names.toString("|") == ASTRAL + "|b"
    t = st.Tag()
    t.setTitle(ASTRAL)
    props = t.properties()
    assert len(props) == 1 and "TITLE" in props and "ARTIST" not in props
    assert list(props["TITLE"]) == [ASTRAL, "Ünïcödé 𝄞"]
    with pytest.raises(IndexError):
        names[5]


def test_fields(st) -> None:
    t = st.Tag()
    t.setTitle("x😀")
    f = t.frame()
    assert (f.id, f.text, f.count) == ("TIT2", "x😀", 1)
    f.text = "ñ𝄞"
    assert f.text == "ñ𝄞"
    assert st.Frame(id="APIC", text="é").text == "é"
    with pytest.raises(TypeError):
        f.text = 5


def test_out_and_inout_parameters(st) -> None:
    assert st.lookup(1) == (True, "found 😀") and st.lookup(2) == (False, "")
    assert st.utf16_name() == "n𝄞"  # a std::u16string* out
    assert st.exclaim("𝄞") == "𝄞!"


def test_through_an_implicit_constructor(st) -> None:
    assert st.describe("héllo 😀") == "héllo 😀 (text)"
    assert st.describe(5) == "5 (int)"
    assert st.Variant("x").kind() == 2 and st.Variant(1).toString() == "1"


def test_wrong_values_raise(st) -> None:
    with pytest.raises(TypeError) as e:
        st.shout(3)
    assert str(e.value) == "shout() argument 's' (position 1) must be str, not int"
    with pytest.raises(TypeError) as e:
        st.lengths(["a", 3])
    assert str(e.value) == "lengths() argument 'all' (position 1): item 1: expected str, got int"
    with pytest.raises(TypeError):
        st.shout(b"bytes")
    with pytest.raises(UnicodeEncodeError):
        st.shout("\ud800")  # a lone surrogate is no UTF-8
    assert st.which("x") == 1 and st.which(3) == 2


def test_stubs_say_str(st) -> None:
    stub = Path(st.__file__).with_suffix(".pyi").read_text()
    assert "def shout(s: str) -> str" in stub
    assert "def words(s: str) -> list[str]" in stub
    assert not re.search(r"\b(String|UnicodeString|QStr|wxStr)\b", stub)
