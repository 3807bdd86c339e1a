"""Text signatures: C++ defaults as Python literals, and SWIG's docstring shape undone."""

from __future__ import annotations

import pytest

from swiggen.swig import docsigs
from swiggen.lower.pyrecords import StubFunction, StubParam
from swiggen.lower.signatures import python_default, with_signature


@pytest.mark.parametrize("cpp,py", [
    ("6", "6"), ("-3", "-3"), ("0x10", "16"), ("010", "8"), ("1'000'000", "1000000"),
    ("42u", "42"), ("7UL", "7"), ("1.5", "1.5"), ("2.0f", "2.0"), ("1e-3", "0.001"),
    (".5", "0.5"), ("true", "True"), ("false", "False"), ("nullptr", "None"),
    ("NULL", "None"), ('"utf-8"', "'utf-8'"), ("{}", "..."), ("Color::Red", "..."),
    ("2 * kDefault", "..."), ('"a\\nb"', "..."), ("std::string()", "..."), (None, "..."),
])
def test_python_default(cpp: str | None, py: str) -> None:
    assert python_default(cpp) == py


def test_with_signature_shapes() -> None:
    one = StubFunction("f", (StubParam("a", "int", False), StubParam("b", "int", True, "2")),
                       "int", "")
    assert with_signature("Doc.", "f", [one], False, True) == "f(a, b=2)\n--\n\nDoc."
    assert with_signature("", "f", [one], True, False) == "f($self, a, b=2, /)\n--\n\n"
    two = StubFunction("f", (StubParam("s", "str", False),), "str", "")
    assert with_signature("Doc.", "f", [one, two], False, True) == \
        "f(a, b=2) -> int\nf(s) -> str\n\nDoc."


def test_rewrite_drops_swigs_leading_newline_before_signatures_only() -> None:
    text = ('{ "f", _wrap_f, METH_O, "\\n"\n\t\t"f(a, b=2)\\n"\n\t\t"--\\n"\n\t\t"\\n"\n'
            '\t\t"Doc.\\n"\n\t\t""},\n'
            '{ "g", _wrap_g, METH_O, "\\n"\n\t\t"g(x) -> int\\n"\n\t\t"g(s) -> str\\n"\n\t\t""},\n'
            '{ "h", _wrap_h, METH_O, "\\n"\n\t\t"Just text (not a signature)\\n"\n\t\t""},\n')
    new, count = docsigs.rewrite(text)
    assert count == 2
    assert '"f(a, b=2)\\n"' in new and '"\\n"\n\t\t"f(' not in new
    assert '"g(x) -> int\\n"' in new and '"\\n"\n\t\t"g(' not in new
    assert '"\\n"\n\t\t"Just text' in new  # left as SWIG wrote it
    # the C literals now concatenate to exactly the text lower gave SWIG
    import ast
    first = new[new.index('"f('):new.index("},")].replace("\n\t\t", " ")
    assert ast.literal_eval(first) == "f(a, b=2)\n--\n\nDoc."
    second = new[new.index('"g('):].split("},")[0].replace("\n\t\t", " ")
    assert ast.literal_eval(second) == "g(x) -> int\ng(s) -> str"
