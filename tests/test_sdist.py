"""A project's sdist carries every header its modules read, and its wheel declares numpy.

tests/packages/sdist_closure lists one header, src/vec.h, which includes src/detail.h, which
includes src/detail/impl.h; its source includes src/vec_impl.h. `python -m build --sdist` must
put all four in the sdist (the parse's include closure inside the project, and the source's),
and the sdist, unpacked in a clean folder, must build a wheel (one build). Its module passes
numpy arrays, so the wheel requires numpy (the setuptools hook's egg_info adds it), and without
numpy a call that needs it raises ModuleNotFoundError naming the module and how to install it.
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from setuptools import Distribution

from swiggen.setuptools import SwigGenExtension, add_requirements, egg_info
from test_setuptools import copy_project, make_venv, pip, run

VEC_CHECK = """
import array
import numpy as np
from vecpkg import vec
assert vec.kScale == 3.0  # detail/impl.h's 1.5, doubled in detail.h
assert vec.total(np.array([1.0, 2.0])) == 9.0
assert vec.total([1, 2]) == 9.0  # a list, converted through numpy
filled = vec.filled(2.5, 3)
assert isinstance(filled, np.ndarray) and filled.tolist() == [2.5, 2.5, 2.5]
s = vec.summary(array.array("d", [1.0, 2.0, 4.0]))
assert (s.count, s.sum) == (3, 7.0)
print(vec.__file__)
"""

#: numpy hidden (an import of it fails as if it were not installed): a buffer that fits still
#: passes; what needs numpy says so
NO_NUMPY = """
import array, sys
sys.modules["numpy"] = None
from vecpkg import vec
assert vec.total(array.array("d", [1.0, 2.0])) == 9.0  # no numpy needed for a fitting buffer
for call in (lambda: vec.total([1.0, 2.0]), lambda: vec.filled(1.0, 2)):
    try:
        call()
    except ModuleNotFoundError as exc:
        assert exc.name == "numpy", exc.name
        print(exc)
    else:
        raise AssertionError("no error without numpy")
"""


@pytest.mark.compile
@pytest.mark.pip
def test_sdist_has_include_closure_and_wheel_requires_numpy(tmp_path: Path) -> None:
    project = copy_project("sdist_closure", tmp_path / "project")
    run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "-o",
         str(tmp_path / "dist"), str(project)])
    sdist = next((tmp_path / "dist").glob("vecpkg-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        members = {m.split("/", 1)[1] for m in tar.getnames() if "/" in m}
        clean = tmp_path / "clean"
        tar.extractall(clean, filter="data")
    assert {"pyproject.toml", "src/vec.h", "src/vec.cpp", "src/detail.h", "src/detail/impl.h",
            "src/vec_impl.h"} <= members, members
    # nothing the build made, nor anything outside the project
    assert not [m for m in members if m.startswith("build/") or m.endswith((".so", ".i"))]

    # the wheel, built from the unpacked sdist alone
    unpacked = next(clean.iterdir())
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o",
         str(tmp_path / "wheels"), str(unpacked)])
    wheel = next((tmp_path / "wheels").glob("vecpkg-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        metadata = zf.read(next(n for n in zf.namelist() if n.endswith("/METADATA"))).decode()
    assert "Requires-Dist: numpy\n" in metadata, metadata

    python = make_venv(tmp_path / "venv", host=True)
    pip(python, "install", "--no-deps", str(wheel))
    proc = run([str(python), "-c", VEC_CHECK], cwd=tmp_path)
    assert "site-packages" in proc.stdout, proc.stdout
    proc = run([str(python), "-c", NO_NUMPY], cwd=tmp_path)
    first, second = proc.stdout.splitlines()
    assert first.startswith("total(): argument 'xs': converting a list to an array of float64 "
                            "needs numpy, which the module vecpkg.vec uses"), first
    assert "pip install numpy" in first and "pip install numpy" in second, proc.stdout
    assert "vecpkg.vec" in second, second


def test_swiggen_modules_get_the_requirement_hook() -> None:
    """A setup.py's SwigGenExtension gets swiggen's egg_info (through the
    finalize_distribution_options entry point), which adds what is not named yet."""
    dist = Distribution({"name": "x", "ext_modules": [SwigGenExtension("x._m", ["m.h"])]})
    assert dist.cmdclass.get("egg_info") is egg_info
    plain = Distribution({"name": "y"})
    assert "egg_info" not in plain.cmdclass  # a project without swiggen modules: untouched

    dist.install_requires = ["NumPy>=2", "attrs"]
    add_requirements(dist, {"numpy": ["x._m"]})
    assert dist.install_requires == ["NumPy>=2", "attrs"]  # named already, in any spelling
    dist.install_requires = ["attrs"]
    add_requirements(dist, {"numpy": []})  # no module needs it
    assert dist.install_requires == ["attrs"]
    add_requirements(dist, {"numpy": ["x._m"]})
    assert dist.install_requires == dist.metadata.install_requires == ["attrs", "numpy"]
