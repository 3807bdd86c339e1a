"""examples/muparser: muParser wrapped from its installed, unmodified headers (Debian
libmuparser-dev).

muParser throws `mu::ParserError`, a class not derived from std::exception whose message is
`GetMsg()`: one config line (`exception(message=GetMsg, base=ValueError)`) makes it a Python
exception class; without it the error would be a RuntimeError naming the C++ type.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from example_build import EXAMPLES, load_example, run_python

pytestmark = pytest.mark.compile


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("muparser", build_root)


@pytest.fixture(scope="session")
def mu(example):  # type: ignore[no-untyped-def]
    return example[0]


def test_usage_script_runs(example) -> None:  # type: ignore[no-untyped-def]
    proc = run_python(EXAMPLES / "muparser" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert "= 19.62" in proc.stdout and "Missing parenthesis" in proc.stdout


def test_expressions_and_constants(mu) -> None:  # type: ignore[no-untyped-def]
    p = mu.Parser()
    p.SetExpr("1 + 2 * 3")
    assert p.Eval() == 7.0
    p.DefineConst("k", 2.5)
    p.SetExpr("k * 4 + min(3, 1, 2)")
    assert p.Eval() == 11.0
    assert p.GetConst()["k"] == 2.5  # a std::map<std::string, double> is a dict
    assert isinstance(p, mu.ParserBase)


def test_parser_error_is_a_python_exception(mu) -> None:  # type: ignore[no-untyped-def]
    assert issubclass(mu.ParserError, ValueError)
    p = mu.Parser()
    p.SetExpr("1 +")
    with pytest.raises(mu.ParserError, match="Unexpected end of expression") as info:
        p.Eval()
    assert type(info.value) is mu.ParserError
    p.SetExpr("2 * (3")
    with pytest.raises(ValueError, match="parenthesis"):
        p.Eval()
    p.SetExpr("3 - 1")  # the parser is usable after an error
    assert p.Eval() == 2.0
    with pytest.raises(mu.ParserError, match="Invalid function-, variable- or constant name"):
        p.DefineConst("1bad", 1.0)  # raised by a method other than Eval


def test_bad_arguments_are_type_errors(mu) -> None:  # type: ignore[no-untyped-def]
    p = mu.Parser()
    with pytest.raises(TypeError, match="must be str"):
        p.SetExpr(None)
    with pytest.raises(TypeError):
        mu.ParserBase()  # abstract in C++: no constructor
