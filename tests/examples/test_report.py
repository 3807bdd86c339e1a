"""`swiggen inspect --report`: per header, wrapped and skipped counts, and why each skip happened."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from example_build import EXAMPLES, require_headers

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import swiggen  # noqa: E402  (tests/conftest.py: runs the real command)

HEADER = """\
#pragma once
#include <stdexcept>
namespace lib {
int counter = 0;
using Real = double;
double area(double r);
double area(int r) = delete;
double legacy(double r);  // swiggen: ignore
template <class T> T twice(T x) { return x + x; }
struct Error : std::runtime_error {  // swiggen: exception
  using std::runtime_error::runtime_error;
};
class Box {
 public:
  Box();
  Box(const Box&);
  Box(Box&&);
  int size() const;
  void gone(int) = delete;
  bool operator==(const Box& o) const;
  struct Inner { int v; };
  int value;
  template <class K> int operator[](const K& key) const;
  template <class T> explicit Box(const T& other);
};
}
"""


def test_report_classifies_every_declaration(tmp_path: Path) -> None:
    (tmp_path / "lib.h").write_text(HEADER)
    proc = swiggen("inspect", "--report", "lib.h", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == """\
module lib: coverage of the public declarations
lib.h: 9 wrapped, 1 as protocol, 1 as exception, 1 transparent, 7 skipped
  2 skipped: deleted (= delete)
    lib.h:7: function lib::area(int)
    lib.h:19: method lib::Box::gone
  2 skipped: template without a template(PyName, ...) directive (SG303)
    lib.h:9: function template lib::twice
    lib.h:24: method template lib::Box::Box(const T &)
  1 skipped: ignore directive
    lib.h:8: function lib::legacy
  1 skipped: move constructor (Python has no rvalues)
    lib.h:17: constructor lib::Box::Box(Box &&)
  1 skipped: operator template without a template(...) directive (SG303)
    lib.h:23: method lib::Box::operator[]
"""


def test_report_for_cjson() -> None:
    require_headers("cjson")
    proc = swiggen("inspect", "--report", "/usr/include/cjson/cJSON.h", "--config", "cjson.toml",
                   cwd=EXAMPLES / "cjson")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[1] == "/usr/include/cjson/cJSON.h: 73 wrapped, 2 transparent, 16 skipped"
    assert "    /usr/include/cjson/cJSON.h:144: function cJSON_InitHooks" in lines


@pytest.mark.parametrize("flag", [[], ["--report"]])
def test_inspect_without_report_is_unchanged(tmp_path: Path, flag: list[str]) -> None:
    (tmp_path / "lib.h").write_text("double area(double r);\n")
    proc = swiggen("inspect", *flag, "lib.h", cwd=tmp_path)
    assert proc.returncode == 0
    assert ("coverage" in proc.stdout) == bool(flag)
