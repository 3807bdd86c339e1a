"""Declarations the linked code does not define fail the build at their declaration (SG410),
not the import (`undefined symbol: _Z...`); see generator/swiggen/compile/symbols.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import swiggen
from swiggen.compile.symbols import declared_name

HEADER = """\
#pragma once
namespace ns {
int defined_fn(int v);
int missing_fn(int v);
struct C {
    C();
    int m(int) const;
    virtual int v();
    static int count;
};
extern int counter;
}
extern "C" int c_missing(int);
"""

SOURCE = """\
#include "x.h"
namespace ns {
int defined_fn(int v) { return v + 1; }
C::C() {}
}
"""

MORE = """\
namespace ns {
int missing_fn(int v) { return -v; }
int C::m(int x) const { return x; }
int C::v() { return 0; }
int C::count = 0;
int counter = 0;
}
extern "C" int c_missing(int v) { return v; }
"""


@pytest.mark.compile
def test_undefined_declarations_fail_the_build_at_their_lines(tmp_path: Path) -> None:
    (tmp_path / "x.h").write_text(HEADER)
    (tmp_path / "x.cpp").write_text(SOURCE)
    def build(*sources: str):  # type: ignore[no-untyped-def]
        return swiggen("build", "x.h", "--sources", *sources, "-m", "x", "-o", "out",
                       "--build-dir", "b", cwd=tmp_path)

    proc = build("x.cpp")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if " error " in line]
    located = sorted(line.split(" error ")[0] + " " + line.split("'")[1] for line in errors)
    assert located == [
        "x.h:11: ns::counter",
        "x.h:13: c_missing",
        "x.h:4: ns::missing_fn(int)",
        "x.h:5: ns::C",  # its vtable: the virtual method v() is defined nowhere
        "x.h:7: ns::C::m(int) const",
        "x.h:9: ns::C::count",
    ], proc.stderr
    assert all("SG410" in line and "--sources" in line for line in errors)
    assert "_ZN2ns10missing_fnEi" in proc.stderr  # the symbol, for the curious
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("_x*"))
    # defining them is enough: the next build links and checks again
    (tmp_path / "more.cpp").write_text('#include "x.h"\n' + MORE)
    proc = build("x.cpp", "more.cpp")
    assert proc.returncode == 0, proc.stderr
    assert list((tmp_path / "out").glob("_x*"))


@pytest.mark.parametrize("demangled, name", [
    ("missing_fn(int)", "missing_fn"),
    ("ns::C::m(int) const", "ns::C::m"),
    ("ns::C::C(int)", "ns::C::C"),
    ("ns::C::~C()", "ns::C::~C"),
    ("vtable for ns::C", "ns::C"),
    ("typeinfo for ns::C", "ns::C"),
    ("ns::counter", "ns::counter"),
    ("int ns::twice<int>(int)", "ns::twice"),
    ("ns::Box<int>::get() const &", "ns::Box<int>::get"),
    ("ns::operator==(ns::C const&, ns::C const&)", "ns::operator=="),
    ("ns::C::operator()(int)", "ns::C::operator()"),
    ("c_missing", "c_missing"),
])
def test_declared_name(demangled: str, name: str) -> None:
    assert declared_name(demangled) == name


#: more undefined than a build has rounds (leaveout.MAX_ROUNDS): found at once, not one a round
FLOATS = "abcdefgh"


@pytest.mark.compile
@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "sanitized"])
def test_a_library_that_defines_part_of_the_api_leaves_out_the_rest(tmp_path: Path,
                                                                     sanitized: bool) -> None:
    """fftw3.h declares the double, float and long double APIs; -lfftw3 defines only the first.
    Most declarations undefined, but the library defines a good part of them: not a forgotten
    -l, so the undefined ones are left out (SG420) and the module builds. Also when the
    extension is built with the sanitizers, whose runtimes abort a loader child that does not
    preload them (fftw3 and pcre2 failed with SG410 under `tools/sweep --sanitize`)."""
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    run_env = {**env, "LD_LIBRARY_PATH": str(tmp_path)}
    if sanitized:
        if sys.implementation.name != "cpython":
            pytest.skip("the sanitized child is this CPython")
        env["CXX"] = f"{env.get('CXX', 'g++')} -fsanitize=address,undefined"
        runtimes = subprocess.run(["g++", "-print-file-name=libasan.so"], capture_output=True,
                                  text=True).stdout.strip()
        run_env.update(LD_PRELOAD=runtimes, ASAN_OPTIONS="detect_leaks=0")
    (tmp_path / "api.h").write_text(
        '#pragma once\nextern "C" {\n'
        + "".join(f"double d_{n}(double);\n" for n in ("a", "b", "c"))
        + "".join(f"float f_{n}(float);\n" for n in FLOATS)
        + "}\n")
    (tmp_path / "dbl.c").write_text(
        "".join(f"double d_{n}(double x) {{ return x * {i}; }}\n"
                for i, n in enumerate(("a", "b", "c"), 1)))
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(tmp_path / "libdbl.so"),
                    str(tmp_path / "dbl.c")], check=True)
    proc = swiggen("build", "api.h", "-L", str(tmp_path), "-l", "dbl", "-m", "api", "-o", "out",
                   cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    left = sorted(line.split("'")[1] for line in proc.stderr.splitlines() if "SG420" in line)
    assert left == [f"f_{n}" for n in FLOATS], proc.stderr
    check = subprocess.run(
        [sys.executable, "-c", "import api; print(api.d_b(2.0), hasattr(api, 'f_a'))"],
        cwd=tmp_path / "out", capture_output=True, text=True, env=run_env)
    assert check.stdout.split() == ["4.0", "False"], check.stderr


C_HEADERS = {
    # jq.h's shape: a C library's header with no `extern "C"` of its own, two headers deep
    "cval.h": "#pragma once\n#include <stddef.h>\n"
              "typedef struct { int kind; double num; } cval;\n"
              "cval cval_number(double x);\ndouble cval_get(cval v);\n",
    "clib.h": '#pragma once\n#include "cval.h"\n#include <math.h>\n'
              "typedef struct clib_state clib_state;\n"
              "clib_state *clib_open(void);\nvoid clib_close(clib_state *s);\n"
              "size_t clib_count(const clib_state *s);\n"
              "cval clib_sum(clib_state *s, cval v);\n",
    # fribidi's shape: an umbrella (declaring nothing itself) that includes, outside its
    # own `extern "C"`, a header declaring two functions without one
    "uni.h": '#pragma once\n#include "uni-common.h"\n#include "uni-version.h"\n',
    "uni-version.h": '#pragma once\n#include "uni-common.h"\n'
                     '#ifdef __cplusplus\nextern "C" {\n#endif\nint uni_version(void);\n'
                     "#ifdef __cplusplus\n}\n#endif\n",
    "uni-common.h": "#pragma once\nint uni_debug(void);\nint uni_set_debug(int on);\n",
}

C_SOURCE = """\
#include <stdlib.h>
#include "clib.h"
#include "uni.h"
struct clib_state { size_t n; double total; };
cval cval_number(double x) { cval v = {1, x}; return v; }
double cval_get(cval v) { return v.num; }
clib_state *clib_open(void) { return calloc(1, sizeof(clib_state)); }
void clib_close(clib_state *s) { free(s); }
size_t clib_count(const clib_state *s) { return s->n; }
cval clib_sum(clib_state *s, cval v) { s->n++; s->total += v.num; return cval_number(s->total); }
static int debug;
int uni_version(void) { return 7; }
int uni_debug(void) { return debug; }
int uni_set_debug(int on) { debug = on; return 1; }
"""


@pytest.mark.compile
@pytest.mark.parametrize("headers", [["clib.h", "cval.h"], ["uni.h"]], ids=["two", "umbrella"])
def test_a_c_library_header_without_extern_c_is_included_as_c(tmp_path: Path,
                                                              headers: list[str]) -> None:
    """A C library whose header does not say `extern "C"` (jq.h, jv.h; fribidi-common.h's two
    functions): the C++ wrapper asked for mangled names the library does not have, and every
    function was an SG410. The link finds their C definitions, so the headers are included
    inside `extern "C" { }` and the module builds (compile/clinkage.py)."""
    import subprocess
    import sys
    for name, text in C_HEADERS.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "clib.c").write_text(C_SOURCE)
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(tmp_path / "libclib.so"),
                    str(tmp_path / "clib.c")], check=True, cwd=tmp_path)
    # (--strict, so that nothing is left out; an umbrella's expansion is a warning it refuses)
    strict = ["--strict"] if headers[0] == "clib.h" else []
    proc = swiggen("build", *headers, "-L", str(tmp_path), "-l", "clib", "-m", "capi",
                   "-o", "out", *strict, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "SG420" not in proc.stderr, proc.stderr
    interface = (tmp_path / "out" / "capi.i").read_text()
    code = ("s = capi.clib_open(); capi.clib_sum(s, capi.cval_number(1.5)); "
            "print(capi.cval_get(capi.clib_sum(s, capi.cval_number(2.0))), capi.clib_count(s));"
            " capi.clib_close(s)") if headers[0] == "clib.h" else \
        "print(capi.uni_version(), capi.uni_set_debug(3), capi.uni_debug())"
    check = subprocess.run([sys.executable, "-c", f"import capi; {code}"],
                           cwd=tmp_path / "out", capture_output=True, text=True,
                           env={**__import__("os").environ, "LD_LIBRARY_PATH": str(tmp_path)})
    assert check.returncode == 0, check.stderr
    if headers[0] == "clib.h":
        assert check.stdout.split() == ["3.5", "2"]
        assert 'extern "C" {' in interface.split('#include "clib.h"')[0].splitlines()[-1]
        assert 'extern "C" {' in interface.split('#include "cval.h"')[0].splitlines()[-1]
    else:
        assert check.stdout.split() == ["7", "1", "3"]
        # the umbrella includes it outside its own extern "C": it comes first, as C
        before, _, after = interface.partition('#include "uni-common.h"')
        assert 'extern "C" {' in before.splitlines()[-1] and '#include "uni.h"' in after
        assert '#include "uni.h"' not in before
    # a rebuild has nothing to do
    again = swiggen("build", *headers, "-L", str(tmp_path), "-l", "clib", "-m", "capi",
                    "-o", "out", *strict, cwd=tmp_path)
    assert again.returncode == 0 and "up to date" in again.stdout + again.stderr, again.stderr


def _lib(tmp_path: Path, name: str, source: str, compiler: str) -> None:
    import subprocess
    suffix = ".c" if compiler == "gcc" else ".cpp"
    (tmp_path / f"{name}{suffix}").write_text(source)
    (tmp_path / "lib").mkdir(exist_ok=True)
    subprocess.run([compiler, "-shared", "-fPIC", "-I", str(tmp_path), "-o",
                    str(tmp_path / "lib" / f"lib{name}.so"), str(tmp_path / f"{name}{suffix}")],
                   check=True)


def _run(tmp_path: Path, module: str, code: str) -> list[str]:
    import os
    import subprocess
    import sys
    check = subprocess.run([sys.executable, "-c", f"import {module}; {code}"],
                           cwd=tmp_path / "out", capture_output=True, text=True,
                           env={**os.environ, "LD_LIBRARY_PATH": str(tmp_path / "lib")})
    assert check.returncode == 0, check.stderr
    return check.stdout.split()


@pytest.mark.compile
def test_cxx_headers_beside_c_libraries_stay_cxx(tmp_path: Path) -> None:
    """What the C-linkage rule must not touch. A C++ header whose source was forgotten and
    whose function shares a C library function's name (`error`, in libc): still SG410, never
    bound to libc's. A C++ library's header with one function the library does not define,
    named so: that one left out, the rest C++. A C++ header of the project's that includes a C
    header without `extern "C"` (from a C library): the C header is included as C first, the
    project's functions stay C++. An umbrella of both."""
    (tmp_path / "report.h").write_text("#pragma once\nvoid error(const char *message);\n"
                                       "int report_count(void);\n")
    proc = swiggen("build", "report.h", "-m", "report", "-o", "out", cwd=tmp_path)
    assert proc.returncode != 0 and "SG410" in proc.stderr, proc.stderr
    assert not list((tmp_path / "out").glob("_report*"))

    (tmp_path / "pp.h").write_text("#pragma once\nint pp_add(int a, int b);\n"
                                   "void error(const char *message);\n")
    _lib(tmp_path, "pp", '#include "pp.h"\nint pp_add(int a, int b) { return a + b; }\n', "g++")
    proc = swiggen("build", "pp.h", "-L", "lib", "-l", "pp", "-m", "pp", "-o", "out",
                   cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "SG420: 'error'" in proc.stderr and 'extern "C"' not in (
        tmp_path / "out" / "pp.i").read_text()
    assert _run(tmp_path, "pp", "print(pp.pp_add(2, 3), hasattr(pp, 'error'))") == ["5", "False"]

    (tmp_path / "mylib").mkdir()
    (tmp_path / "mylib" / "cpart.h").write_text("#pragma once\nint cpart_version(void);\n")
    (tmp_path / "mylib" / "helpers.hpp").write_text(
        '#pragma once\n#include "cpart.h"\nint helper_twice(int x);\n'
        "namespace shapes { struct Sq { int side = 2; int area() const; }; }\n")
    (tmp_path / "mylib" / "all.h").write_text(
        '#pragma once\n#include "mylib/helpers.hpp"\n#include "mylib/cpart.h"\n')
    _lib(tmp_path, "cpart", "int cpart_version(void) { return 3; }\n", "gcc")
    (tmp_path / "helpers.cpp").write_text(
        '#include "mylib/helpers.hpp"\nint helper_twice(int x) { return 2 * x; }\n'
        "int shapes::Sq::area() const { return side * side; }\n")
    for headers in (["mylib/helpers.hpp", "mylib/cpart.h"], ["mylib/all.h"]):
        proc = swiggen("build", *headers, "-I", ".", "--sources", "helpers.cpp", "-L", "lib",
                       "-l", "cpart", "-m", "mixed", "-o", "out", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert "SG420" not in proc.stderr, proc.stderr
        assert _run(tmp_path, "mixed", "print(mixed.cpart_version(), mixed.helper_twice(4), "
                    "mixed.Sq().area())") == ["3", "8", "4"]
        interface = (tmp_path / "out" / "mixed.i").read_text()
        assert interface.count('extern "C" {') == 1, interface
        assert "cpart.h" in interface.split('extern "C" {')[1].splitlines()[1]


@pytest.mark.compile
def test_a_library_the_linker_cannot_find_is_named_with_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "one.h").write_text("#pragma once\ninline int one() { return 1; }\n")
    proc = swiggen("build", "one.h", "-l", "swiggen_no_such_lib", "-m", "one", "-o", "out",
                   cwd=tmp_path)
    assert proc.returncode != 0
    assert "no library libswiggen_no_such_lib.so in the linker's folders" in proc.stderr
    assert "-dev package" in proc.stderr
    # the linker's own line is shown too (it has no "error" in it)
    assert "cannot find -lswiggen_no_such_lib" in proc.stderr, proc.stderr


@pytest.mark.compile
def test_a_header_included_as_c_goes_back_when_its_library_is_cxx(tmp_path: Path) -> None:
    """c_linkage.json remembers a C header; its library rebuilt as C++ (and the header edited):
    the next build finds the plain names missing and includes it as C++ again."""
    (tmp_path / "foo.h").write_text("#pragma once\nint foo_one(void);\nint foo_two(int x);\n")
    source = '#include "foo.h"\nint foo_one(void) { return 1; }\nint foo_two(int x) { return x; }\n'
    _lib(tmp_path, "foo", source, "gcc")
    build = ["build", "foo.h", "-L", "lib", "-l", "foo", "-m", "foo", "-o", "out", "--strict"]
    proc = swiggen(*build, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert 'extern "C"' in (tmp_path / "out" / "foo.i").read_text()
    _lib(tmp_path, "foo", source, "g++")
    (tmp_path / "foo.h").write_text((tmp_path / "foo.h").read_text() + "// now C++\n")
    proc = swiggen(*build, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert 'extern "C"' not in (tmp_path / "out" / "foo.i").read_text()
    assert _run(tmp_path, "foo", "print(foo.foo_one(), foo.foo_two(4))") == ["1", "4"]
