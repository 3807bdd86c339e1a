"""The command transcripts in the docs are what the tool prints today.

A ```console block preceded by `<!-- transcript: ... -->` in README.md or docs/*.md is run:
each `$ command` (with `\\` continuation lines) runs in bash, in a scratch folder, and what it
prints (stdout and stderr together, as on a terminal that is not a tty) must match the lines
that follow it in the block. The comment says where the commands run:

    <!-- transcript: cwd=docs/examples/geometry -->   a copy of that folder is the working folder
    <!-- transcript: copy=cpp -->                     the working folder holds a copy of cpp/
    <!-- transcript: cwd=tests/packages/pyproject_only unordered -->   lines in any order
                                                       (parallel builds interleave their lines)
    <!-- transcript: ... swiggen-src -->              $SWIGGEN_SRC: a clean copy of this checkout

In the expected lines, `...` (indented or not) stands for any number of lines, and times (`3.9s`) and the
extension suffix (`.cpython-311-x86_64-linux-gnu.so`) match any value. To refresh a block, run
`python tests/test_transcripts.py FILE.md`: it prints every block's real output.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
MARK = re.compile(r"<!-- transcript: (.*?) -->\n```console\n(.*?)```", re.S)
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
DOC_SUFFIX = ".cpython-311-x86_64-linux-gnu.so"


@dataclass
class Step:
    command: str
    expected: list[str]


@dataclass
class Transcript:
    page: Path
    line: int
    options: dict[str, str]
    steps: list[Step]

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"


def transcripts(page: Path) -> list[Transcript]:
    text = page.read_text()
    found = []
    for m in MARK.finditer(text):
        options = dict(o.partition("=")[::2] for o in m.group(1).split())
        steps: list[Step] = []
        lines = m.group(2).splitlines()
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                raise AssertionError(f"{page}: transcript output before its command: {lines[i]}")
            command = [lines[i][2:]]
            while command[-1].endswith("\\"):
                i += 1
                command.append(lines[i])
            i += 1
            expected = []
            while i < len(lines) and not lines[i].startswith("$ "):
                expected.append(lines[i])
                i += 1
            steps.append(Step("\n".join(command), expected))
        found.append(Transcript(page, text[: m.start()].count("\n") + 1, options, steps))
    return found


def run(t: Transcript, scratch: Path) -> list[list[str]]:
    """Each step's output lines, run the way the transcript says."""
    if "cwd" in t.options:
        work = scratch / "work"
        shutil.copytree(REPO / t.options["cwd"], work,
                        ignore=shutil.ignore_patterns("build", "out", "__pycache__"))
    else:
        work = scratch
        for folder in t.options.get("copy", "").split(","):
            if folder:
                shutil.copytree(REPO / folder, work / folder,
                                ignore=shutil.ignore_patterns("build", "__pycache__"))
    bindir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONUNBUFFERED": "1", "COLUMNS": "100", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    if "swiggen-src" in t.options:  # a clean copy of this checkout, as a user's would be
        src = scratch / "swiggen-src"
        src.mkdir()
        for name in ("setup.py", "pyproject.toml", "README.md"):
            shutil.copy2(REPO / name, src / name)
        for name in ("generator", "templates", "interfaces"):
            shutil.copytree(REPO / name, src / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.egg-info"))
        env["SWIGGEN_SRC"] = str(src)
    env.pop("PYTHONPATH", None)
    outputs = []
    for step in t.steps:
        proc = subprocess.run(["bash", "-c", step.command], cwd=work, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=600)
        outputs.append(proc.stdout.replace(SUFFIX, DOC_SUFFIX).splitlines())
    return outputs


def _pattern(line: str) -> re.Pattern[str]:
    parts = re.split(r"(\d+\.\d+s|0x[0-9a-f]+)", line)
    return re.compile("".join(
        (r"\d+\.\d+s" if p.endswith("s") else r"0x[0-9a-f]+") if i % 2 else re.escape(p)
        for i, p in enumerate(parts)))


def matches(expected: list[str], actual: list[str], unordered: bool = False) -> bool:
    if unordered:
        rest = list(actual)
        for e in expected:
            if e.strip() == "...":
                continue
            hit = next((a for a in rest if _pattern(e).fullmatch(a)), None)
            if hit is None:
                return False
            rest.remove(hit)
        return not rest or any(e.strip() == "..." for e in expected)

    def from_(i: int, j: int) -> bool:  # expected[i:] matches actual[j:]
        if i == len(expected):
            return j == len(actual)
        if expected[i].strip() == "...":
            return any(from_(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and bool(_pattern(expected[i]).fullmatch(actual[j])) and \
            from_(i + 1, j + 1)

    return from_(0, 0)


ALL = [t for page in PAGES for t in transcripts(page)]


def test_the_docs_have_transcripts() -> None:
    assert len(ALL) >= 5, [t.id for t in ALL]


@pytest.mark.compile
@pytest.mark.parametrize("t", ALL, ids=[t.id for t in ALL])
def test_transcript(t: Transcript, tmp_path: Path) -> None:
    outputs = run(t, tmp_path)
    for step, actual in zip(t.steps, outputs):
        assert matches(step.expected, actual, "unordered" in t.options), (
            f"{t.id}: `{step.command}` printed:\n" + "\n".join(actual) +
            "\n--- the page says:\n" + "\n".join(step.expected))


if __name__ == "__main__":  # print the real output of every transcript of the pages given
    import tempfile

    for name in sys.argv[1:]:
        for t in transcripts(Path(name).resolve()):
            with tempfile.TemporaryDirectory() as tmp:
                print(f"<!-- {t.id} -->")
                for step, actual in zip(t.steps, run(t, Path(tmp))):
                    print(f"$ {step.command}", *actual, sep="\n")
