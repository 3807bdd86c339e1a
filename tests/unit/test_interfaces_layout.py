"""interfaces/: a language-neutral common/ beside one folder per target language (README.md).

SWIG gets one -I per folder and searches them before its own library, so a file named like one
of SWIG's (`enums.swg` is in SWIG's Lib/java, `carrays.i` at its top) would shadow it for every
module, and a name in two of our folders would hide one of them.
"""

from __future__ import annotations

import re
from pathlib import Path

from swiggen.render.interface import interface_dir, interface_dirs
from swiggen.compile.toolchain import swig_executable

ROOT = interface_dir()
#: (an installed package has the Python files NAME.py prints byte-compiled in __pycache__)
FILES = sorted(p for p in ROOT.rglob("*") if p.is_file() and p.name != "README.md"
               and "__pycache__" not in p.parts)

#: what only Python's SWIG module or Python's C API can mean
PYTHON_ONLY = re.compile(r"\bPy[A-Z_]\w*|%python\w*|\"python:|\bSWIG_Py\w*|\bSWIGPY\w*|"
                         r"\bpythoncode\b|\bswig_obj\b|\$input|\$result|SWIG_exception_fail")


def test_every_file_is_in_a_language_folder_or_common() -> None:
    assert FILES, "interfaces/ is empty"
    assert [p.relative_to(ROOT).parts[0] for p in FILES if len(p.relative_to(ROOT).parts) != 2
            or p.parent.name not in ("common", "python")] == []


def test_swig_gets_the_language_folder_and_common() -> None:
    assert interface_dirs() == (ROOT / "python", ROOT / "common")
    assert (ROOT / "python" / "swiggen.swg").is_file()  # each language's table of contents


def test_no_name_twice_nor_one_of_swigs_own() -> None:
    names = [p.name for p in FILES]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
    _, env = swig_executable()
    swig_lib = Path(env["SWIG_LIB"]) if "SWIG_LIB" in env else None
    assert swig_lib is not None and (swig_lib / "swig.swg").is_file()
    stems = {p.stem for p in FILES}
    clashes = sorted(str(p.relative_to(swig_lib)) for p in swig_lib.rglob("*")
                     if p.is_file() and (p.name in names or p.stem in stems))
    assert clashes == []


def test_common_holds_no_python_only_statement() -> None:
    found = []
    for path in sorted((ROOT / "common").glob("*.swg")):
        code = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)  # comments may say Python
        found += [f"{path.name}: {m.group(0)}" for m in PYTHON_ONLY.finditer(code)]
    assert found == []


def test_the_table_of_contents_includes_every_common_file() -> None:
    toc = (ROOT / "python" / "swiggen.swg").read_text()
    included = set(re.findall(r'%include "([\w.]+)"', toc))
    assert sorted(p.name for p in (ROOT / "common").glob("*.swg") if p.name not in included) == []


def test_python_runtime_files_are_python_and_printed_without_their_header() -> None:
    """The fixed Python NAME.py carries lives in interfaces/python/*.py (templates print it via
    `runtime`): each file compiles, says what it is in a leading comment, and is printed
    without it."""
    from swiggen.render.interface import runtime

    files = sorted((ROOT / "python").glob("*.py"))
    assert {p.name for p in files} >= {"type_patches.py", "live_variables.py"}
    for path in files:
        text = path.read_text()
        compile(text, str(path), "exec")
        assert text.startswith(f"# {path.name}: ")
        printed = runtime(path.name)
        assert text.split("\n")[0] not in printed and printed in text and printed.strip()
