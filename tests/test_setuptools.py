"""Downstream projects (tests/packages/<scenario>/) built with pip, build and the swiggen CLI.

- setup_py: `SwigGenExtension` + swiggen's `build_ext` in setup.py. Built with build isolation
  (pip installs setuptools and swiggen into a fresh build environment: swiggen from a wheel of
  this checkout, everything from one local folder, no index), and as sdist + wheel by
  `python -m build`, and installed editable.
- pyproject_only: two modules listed in `[[tool.swiggen.modules]]`, no setup.py, in a folder
  whose path has spaces and non-ASCII letters; per-platform defines; built by `swiggen build`
  (no arguments; then again, to show it does no work) and by `pip install`.

Projects are copied to a temporary folder first, so nothing is written into tests/packages.
Each install goes into its own fresh virtual environment. "Host" environments see this test
run's site-packages (setuptools, swiggen) through a .pth file, for the faster
`--no-build-isolation` installs.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import site
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import REPO

pytestmark = [pytest.mark.compile, pytest.mark.pip]

PACKAGES = REPO / "tests" / "packages"
EXT = ".cpython-{}{}-".format(*sys.version_info[:2])


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None,
        timeout: int = 600) -> subprocess.CompletedProcess[str]:
    # -O0: these tests check packaging, not the optimiser (CXXFLAGS comes after swiggen's -O2)
    proc = subprocess.run(cmd, cwd=cwd, env={**os.environ, "CXXFLAGS": "-O0", **(env or {})},
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n"
                    f"{proc.stderr[-4000:]}")
    return proc


def make_venv(path: Path, host: bool) -> Path:
    """A fresh venv without pip (we drive it with our pip's --python). Its python."""
    run([sys.executable, "-m", "venv", "--without-pip", str(path)])
    python = path / "bin" / "python"
    if host:
        purelib = run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"])
        lines = "".join(f"import site; site.addsitedir({d!r})\n" for d in site.getsitepackages())
        (Path(purelib.stdout.strip()) / "swiggen_host.pth").write_text(lines)
    return python


def pip(python: Path, *args: str, cwd: Path | None = None,
        wheelhouse: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    if wheelhouse is not None:
        env["PIP_FIND_LINKS"] = str(wheelhouse)
    return run([sys.executable, "-m", "pip", "--python", str(python), *args], cwd=cwd, env=env)


def copy_project(scenario: str, dest: Path) -> Path:
    shutil.copytree(PACKAGES / scenario, dest, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__", "dist"))
    return dest


def source_files(project: Path) -> set[str]:
    """The project's files, less what setuptools itself leaves (build/, *.egg-info, dist/)."""
    skip = ("build", "dist")
    return {str(p.relative_to(project)) for p in project.rglob("*")
            if p.is_file() and p.relative_to(project).parts[0] not in skip
            and not any(part.endswith(".egg-info") or part == "__pycache__"
                        for part in p.relative_to(project).parts)}


@pytest.fixture(scope="session")
def wheelhouse(build_root: Path) -> Iterator[Path]:
    """A wheel of this checkout plus every wheel its isolated builds need (made once per run)."""
    house = build_root / "wheelhouse"
    with open(build_root / "wheelhouse.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (house / ".complete").exists():
            shutil.rmtree(house, ignore_errors=True)
            src = build_root / "swiggen-src"
            shutil.rmtree(src, ignore_errors=True)
            src.mkdir()
            for name in ("setup.py", "pyproject.toml", "README.md"):
                shutil.copy2(REPO / name, src / name)
            for name in ("generator", "templates", "interfaces"):
                shutil.copytree(REPO / name, src / name,
                                ignore=shutil.ignore_patterns("__pycache__"))
            run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                 "--no-index", "-w", str(house), str(src)])
            # swiggen's dependencies for the build environments: from the package index once
            # (pip's cache makes later runs quick); swiggen itself never comes from there
            wheel = next(house.glob("swiggen-*.whl"))
            proc = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "-d",
                                   str(house), str(wheel), "setuptools>=64"],
                                  capture_output=True, text=True, timeout=600)
            if proc.returncode != 0:
                pytest.skip(f"cannot fetch swiggen's dependencies for an isolated build:\n"
                            f"{proc.stderr[-2000:]}")
            (house / ".complete").write_text("")
    yield house


def check_wheel(wheel: Path, package: str, modules: list[str]) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for mod in modules:
        assert f"{package}/{mod}.py" in names, names
        assert f"{package}/{mod}.pyi" in names, names
        assert any(n.startswith(f"{package}/_{mod}{EXT}") and n.endswith(".so")
                   for n in names), names
    # nothing of the build's intermediate files
    assert not [n for n in names if n.endswith((".i", ".cxx", ".o", ".json", ".h", ".cpp"))], \
        names


SHAPES_CHECK = """
import shapes, shapes.geom as g
assert shapes.area(1.0) == 3.0
assert shapes.doubled([1.0, 2.5]) == [2.0, 5.0]
c = shapes.Circle(2.0)
assert (c.area(), c.name(), c.kind()) == (12.0, "circle", shapes.Kind.Round)
print(g.__file__)
"""


def test_swiggen_wheel_holds_every_source_file(wheelhouse: Path) -> None:
    """swiggen's own wheel (what a non-editable `pip install .` installs, as CI does) has every
    module of generator/swiggen, every template and every bundled SWIG file: a subpackage left
    out of setup.py shows here, not as an ImportError on a user's machine."""
    wheel = next(wheelhouse.glob("swiggen-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {"swiggen/" + str(p.relative_to(REPO / "generator" / "swiggen"))
              for p in (REPO / "generator" / "swiggen").rglob("*.py")}
    wanted |= {"swiggen/templates/" + str(p.relative_to(REPO / "templates"))
               for p in (REPO / "templates").rglob("*.j2")}
    wanted |= {"swiggen/interfaces/" + str(p.relative_to(REPO / "interfaces"))
               for p in (REPO / "interfaces").rglob("*") if p.suffix in (".swg", ".py")
               and "__pycache__" not in p.parts}
    assert wanted - names == set()


def test_setup_py_project_with_build_isolation(tmp_path: Path, wheelhouse: Path) -> None:
    """`pip wheel` in an isolated build environment, then the wheel installed and imported."""
    project = copy_project("setup_py", tmp_path / "project")
    before = source_files(project)
    python = make_venv(tmp_path / "venv", host=False)
    start = time.monotonic()
    pip(python, "wheel", "--no-deps", "-w", str(tmp_path / "dist"), str(project),
        wheelhouse=wheelhouse)
    print(f"isolated pip wheel: {time.monotonic() - start:.1f}s")
    wheel = next((tmp_path / "dist").glob("shapes-*.whl"))
    check_wheel(wheel, "shapes", ["geom"])
    with zipfile.ZipFile(wheel) as zf:
        metadata = zf.read("shapes-1.0.dist-info/METADATA").decode()
    assert "Requires-Dist" not in metadata, metadata  # no arrays, so no numpy (test_sdist.py)
    assert source_files(project) == before  # nothing generated next to the sources
    pip(python, "install", str(wheel))
    proc = run([str(python), "-c", SHAPES_CHECK], cwd=tmp_path)
    assert "site-packages" in proc.stdout


def test_setup_py_project_sdist_wheel_and_editable(tmp_path: Path) -> None:
    """`python -m build` (sdist, then a wheel from it), then `pip install -e .`."""
    project = copy_project("setup_py", tmp_path / "project")
    before = source_files(project)
    run([sys.executable, "-m", "build", "--no-isolation", "-o", str(tmp_path / "dist"),
         str(project)])
    sdist = next((tmp_path / "dist").glob("shapes-*.tar.gz"))
    members = {m.split("/", 1)[1] for m in tarfile.open(sdist).getnames() if "/" in m}
    assert {"setup.py", "pyproject.toml", "shapes/__init__.py", "src/geom.h",
            "src/geom.cpp"} <= members, members
    check_wheel(next((tmp_path / "dist").glob("shapes-*.whl")), "shapes", ["geom"])
    assert source_files(project) == before

    python = make_venv(tmp_path / "venv", host=True)
    pip(python, "install", "--no-build-isolation", "--no-deps", "-e", str(project))
    proc = run([str(python), "-c", SHAPES_CHECK], cwd=tmp_path)
    assert str(project / "shapes" / "geom.py") in proc.stdout  # imported from the sources
    added = source_files(project) - before
    # an editable install puts the importable module next to the package, and nothing else
    assert sorted(a for a in added if not a.endswith(".so")) == [
        "shapes/geom.py", "shapes/geom.pyi"], added
    assert [a for a in added if a.endswith(".so")], added


TWOMODS_CHECK = """
from twomods import alpha, beta
assert alpha.platform() == "linux", alpha.platform()
assert alpha.add(2) == 3 and alpha.add(2, b=5) == 7
assert not hasattr(alpha, "hidden")  # ignored by the pyproject.toml annotation
assert beta.triple(2.0) == 6.0
m = beta.doubled(alpha.Meters(value=1.5))  # one type shared by the two modules
assert type(m) is alpha.Meters and m.value == 3.0, m
assert not hasattr(beta, "Meters")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="checks the linux settings")
def test_pyproject_modules_in_path_with_spaces(tmp_path: Path) -> None:
    """`swiggen build` with no arguments, twice (no-op), then `pip install .`."""
    project = copy_project("pyproject_only", tmp_path / "dir with spaces ü" / "projé")
    before = source_files(project)
    first = run([sys.executable, "-m", "swiggen", "build", "-O1"], cwd=project)
    assert "[alpha] compiling alpha.cpp" in first.stderr, first.stderr
    for mod in ("alpha", "beta"):
        assert (project / "twomods" / f"{mod}.pyi").exists()
    start = time.monotonic()
    again = run([sys.executable, "-m", "swiggen", "build", "-O1"], cwd=project)
    elapsed = time.monotonic() - start
    print(f"no-op rebuild of two modules: {elapsed:.2f}s")
    assert "[alpha] up to date" in again.stderr and "[beta] up to date" in again.stderr, \
        again.stderr
    assert "compiling" not in again.stderr and "swig" not in again.stderr
    assert "built beta in" in again.stdout and "(up to date)" in again.stdout
    assert elapsed < 10
    run([sys.executable, "-c", TWOMODS_CHECK], cwd=project)

    # the CLI's outputs are in the package folder now; pip builds its own copies
    for path in (project / "twomods").iterdir():
        if path.is_dir():  # NAME.decls/, the declaration views NAME.i reads
            shutil.rmtree(path)
        elif path.name != "__init__.py":
            path.unlink()
    shutil.rmtree(project / "build")
    python = make_venv(tmp_path / "venv", host=True)
    pip(python, "install", "--no-build-isolation", "--no-deps", str(project))
    run([str(python), "-c", TWOMODS_CHECK], cwd=tmp_path)
    assert source_files(project) == before
