"""stamps: may a build skip parsing? Only when nothing the parse read has changed.

A no-op `swiggen build` should cost the time to look at its inputs, not to parse them again.
After a successful build, `save` records in BUILD/parse.json every file the parse read (the
headers and everything they include, the config or ./pyproject.toml, typemap files, imported
interfaces), the header and include folders' listings, swiggen's own files (code, templates,
SWIG library) and libclang, each with size, mtime and content hash, and a key over the module's
options, the compiler and its search list, include-path environment variables and where the
folders resolve to. `load` gives back what the rest of the build needs from a parse (typemap
files, the warnings to print again) when all of it is unchanged and the build folder still holds
the interface and stub the parse produced; otherwise None, and the build parses. A file is
unchanged when its size and mtime are, or, touched, when its content is (as the other stamps,
which hash content, a touch does not make a build do work).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from ..diagnostics import Diagnostic, Loc, Severity
from ..render.interface import interface_dir, template_dir
from ..specs import ModuleSpec

STAMP = "parse.json"


#: environment variables the compiler and libclang read include paths from
_ENVIRONMENT = ("CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH", "SDKROOT")

#: a file written less than this before the parse started may have changed during it (file
#: timestamps come from a coarse clock): such a build saves no stamp
_SETTLE_NS = 50_000_000


@dataclass(frozen=True)
class ParseSummary:
    """What a build keeps from parsing and lowering, besides the interface and stub files."""

    typemap_files: tuple[str, ...] = ()
    warnings: list[Diagnostic] = field(default_factory=list)
    #: the headers wrapped, with those umbrellas stand for (Prepared.header_paths); () as named
    headers: tuple[str, ...] = ()


def own_files() -> list[Path]:
    """swiggen's code, templates and SWIG library, and libclang: a change to any of them may
    change the output."""
    package = Path(__file__).resolve().parent.parent
    files = sorted(package.rglob("*.py"))
    files += sorted(p for p in template_dir().rglob("*") if p.is_file())
    files += sorted(interface_dir().rglob("*.swg"))
    files += sorted(interface_dir().rglob("*.py"))  # the Python runtime NAME.py prints
    found = importlib.util.find_spec("clang")
    for where in (found.submodule_search_locations or []) if found else []:
        files += sorted(Path(where).glob("cindex.py")) + sorted(Path(where).glob("native/*"))
    return files


def _key(spec: ModuleSpec, compiler: str, system_dirs: Sequence[str]) -> str:
    """Everything besides file contents that decides the parse's result: the module's options,
    the compiler and its search list, the environment's include paths, and where the header and
    include folders point now (a retargeted symlink changes what the parse reads)."""
    fields = dataclasses.asdict(spec)
    folders = [os.path.realpath(os.path.dirname(os.path.abspath(h))) for h in spec.headers]
    folders += [os.path.realpath(d) for d in spec.include_dirs]
    env = {name: os.environ.get(name, "") for name in _ENVIRONMENT}
    text = json.dumps([__version__, compiler, list(system_dirs), env, os.getcwd(), folders,
                       fields], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _stat(path: str | Path) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size]


def _digest(path: str | Path) -> str:
    """The content's hash; for a folder, its listing's (a new header in an include folder may
    shadow one the parse found further along the search path)."""
    try:
        if os.path.isdir(path):
            return hashlib.sha256("\0".join(sorted(os.listdir(path))).encode()).hexdigest()
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def _unchanged(path: str, recorded: list[Any] | None) -> bool:
    """Same size and mtime as recorded, or (touched) the same content."""
    now = _stat(path)
    if now is None or recorded is None:
        return now is None and recorded is None
    if now == recorded[:2]:
        return True
    return bool(now[1] == recorded[1] and _digest(path) == recorded[2])


def _record(path: str) -> list[Any] | None:
    st = _stat(path)
    return None if st is None else [*st, _digest(path)]


def save(spec: ModuleSpec, compiler: str, system_dirs: Sequence[str], build_dir: Path,
         read: Sequence[str], summary: ParseSummary, parse_started_ns: int) -> None:
    """Record a successful build's parse: its key, every file (and include folder) it read, and
    its summary. Not when a file changed while (or just before) the parse ran: the next build
    parses again rather than trust a parse of an older state."""
    folders = [os.path.dirname(os.path.abspath(h)) for h in spec.headers]
    folders += [os.path.abspath(d) for d in spec.include_dirs]
    files = sorted({os.path.abspath(p) for p in [*read, *folders]} |
                   {str(p) for p in own_files()})
    records = {p: _record(p) for p in files}
    if any(r is not None and r[0] >= parse_started_ns - _SETTLE_NS and not os.path.isdir(p)
           for p, r in records.items()):
        return
    data = {
        "key": _key(spec, compiler, system_dirs),
        "files": records,
        "typemap_files": list(summary.typemap_files),
        "headers": list(summary.headers),
        "warnings": [[d.loc.file, d.loc.line, d.severity.value, d.code, d.message, d.hint]
                     for d in summary.warnings],
    }
    path = build_dir / STAMP
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
    os.replace(tmp, path)


def forget(build_dir: Path) -> None:
    """Drop the stamp (before a build that may fail half-way rewrites the build folder)."""
    try:
        (build_dir / STAMP).unlink()
    except FileNotFoundError:
        pass


def load(spec: ModuleSpec, compiler: str, system_dirs: Sequence[str], build_dir: Path,
         outputs: Sequence[Path]) -> ParseSummary | None:
    """The recorded summary if nothing the last successful parse read has changed, else None."""
    try:
        data = json.loads((build_dir / STAMP).read_text())
        if data.get("key") != _key(spec, compiler, system_dirs) or \
                not all(p.exists() for p in outputs):
            return None
        recorded: dict[str, Any] = data["files"]
        if not all(_unchanged(p, st) for p, st in recorded.items()):
            return None
        if any(str(p) not in recorded for p in own_files()):
            return None  # a new file in swiggen's library
        warnings = [Diagnostic(Loc(f, line), Severity(sev), code, message, hint)
                    for f, line, sev, code, message, hint in data["warnings"]]
        return ParseSummary(tuple(data["typemap_files"]), warnings,
                            tuple(data.get("headers", ())))
    except (OSError, ValueError, KeyError, TypeError):
        return None
