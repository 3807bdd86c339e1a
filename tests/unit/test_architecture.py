"""docs/architecture.md lists every file of the pipeline: each Python module of the package,
each template and each file of the bundled SWIG library, with its stage and job ("Every file").

A file added without a line there, or a line left behind by a file removed or renamed, fails.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("\n## Every file\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def _listed() -> dict[str, str]:
    """Path -> job, from the section's table rows (`| `path` | stage | job |`) and list items
    (`- `path`: job`)."""
    listed: dict[str, str] = {}
    for line in _section().splitlines():
        row = re.match(r"^\| `([^`]+)` \|(.*)\|\s*$", line)
        item = re.match(r"^- `([^`]+)`: (.*)$", line)
        if row:
            path, job = row.group(1), row.group(2).split("|")[-1]
        elif item:
            path, job = item.group(1), item.group(2)
        else:
            continue
        assert path not in listed, f"{path} is listed twice in {DOC.name}"
        listed[path] = job.strip()
    return listed


def _files() -> set[str]:
    found = {p for p in (ROOT / "generator" / "swiggen").rglob("*.py")}
    found |= set((ROOT / "templates").rglob("*.j2"))
    found |= set((ROOT / "interfaces").rglob("*.swg")) | set((ROOT / "interfaces").rglob("*.i"))
    return {p.relative_to(ROOT).as_posix() for p in found if "__pycache__" not in p.parts}


def test_every_file_is_listed_with_its_job() -> None:
    listed = _listed()
    files = _files()
    assert any(f.startswith("generator/swiggen/parse/") for f in files)  # the tree was found
    missing = sorted(files - set(listed))
    assert not missing, f"not in {DOC.name}'s 'Every file': {missing}"
    assert not [p for p in files if not listed[p]], "a listed file has no job"


def test_every_listed_file_exists() -> None:
    gone = sorted(p for p in _listed() if not (ROOT / p).is_file())
    assert not gone, f"{DOC.name} lists files that do not exist: {gone}"
