"""The parse stamp covers every file of swiggen's own code (generator/swiggen/compile/stamps.py).

A build skips parsing while nothing the parse read changed, swiggen's own code included
(`own_files`); a module the stamp misses would let an edit to it keep a stale parse, so the
list must take in every subpackage's modules, however deep.
"""

import os
from pathlib import Path

import swiggen
from swiggen.compile import stamps
from swiggen.render.interface import interface_dir, template_dir


def _package_sources() -> set[Path]:
    root = Path(swiggen.__file__).resolve().parent
    found = set()
    for folder, _dirs, files in os.walk(root):
        found.update(Path(folder) / f for f in files if f.endswith(".py"))
    return found


def test_own_files_cover_every_module_of_every_subpackage() -> None:
    sources = _package_sources()
    root = Path(swiggen.__file__).resolve().parent
    subpackages = {p.parent.relative_to(root).parts[0] for p in sources if p.parent != root}
    # the stage subpackages exist, so a flat listing would miss modules
    assert {"parse", "lower", "render", "swig", "compile"} <= subpackages
    own = set(stamps.own_files())
    missing = sorted(str(p.relative_to(root)) for p in sources - own)
    assert not missing, f"the parse stamp ignores {missing}"


def test_own_files_cover_templates_and_swig_library() -> None:
    own = set(stamps.own_files())
    assert {p for p in template_dir().rglob("*") if p.suffix == ".j2"} <= own
    assert set(interface_dir().glob("*.swg")) <= own
