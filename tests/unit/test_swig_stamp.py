"""The SWIG stamp: SWIG runs again when its version changes (`pip install -U swig`), and the
post-processing report (BUILD/rewrites.json) is kept with the wrapper it describes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from swiggen import pipeline
from swiggen.specs import ModuleSpec
from swiggen.swig import rewrites
from swiggen.swig.run import SwigOutput


def test_a_new_swig_version_runs_swig_again(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    header = tmp_path / "m.h"
    header.write_text("int f();\n")
    interface = tmp_path / "m.i"
    interface.write_text('%module m\n%include "m.h"\n')
    build = tmp_path / "build"
    runs: list[str] = []
    version = ["SWIG Version 4.4.0"]

    def fake_swig(interface: Path, module: str, build_dir: Path, *args: Any) -> SwigOutput:
        runs.append(version[0])
        (build_dir / f"{module}_wrap.cxx").write_text("/* wrapper */\n")
        (build_dir / f"{module}.py").write_text("")
        report = {kind: rewrites.Count() for kind in rewrites.KINDS}
        report["fastcall"] = rewrites.Count(2, 1, 0, [("_wrap_f", 7)])
        return SwigOutput(build_dir / f"{module}_wrap.cxx", build_dir / f"{module}.py", "",
                          (report, "4.4.0"))

    monkeypatch.setattr(pipeline, "run_swig", fake_swig)
    monkeypatch.setattr(pipeline, "swig_version", lambda: version[0])
    build.mkdir()
    spec = ModuleSpec("m", (str(header),))

    def step() -> bool:
        return pipeline._swig_step(spec, (str(tmp_path),), (), interface, build)[0]

    assert step() and not step()  # the second build finds the stamp current
    saved = rewrites.load(build / rewrites.FILE)
    assert saved is not None and saved[1] == "4.4.0"
    assert saved[0]["fastcall"].left == [("_wrap_f", 7)]
    version[0] = "SWIG Version 4.5.1"
    assert step() and runs == ["SWIG Version 4.4.0", "SWIG Version 4.5.1"]
    (build / rewrites.FILE).unlink()  # a build folder without the report runs SWIG again
    assert step()
