"""parsecache: a header's parse kept in the build folder, by its content and what it includes.

A build whose headers did not change but whose annotations did (a config edit: `nogil` on one
method) lowers and renders again, and needs no new libclang parse: at 200 classes the parse is
most of `swiggen generate`'s time. `parse` keeps each header's result (`parse.Header` and the
diagnostics the parse gave) in BUILD/parse-cache/, under a key over the header's content, its
path, the parse options, where the header's and include folders point and what they list,
and swiggen's own files (code, templates, libclang: by size and mtime,
as stamps.py does); an entry serves again while every file the parse included has the same
content (hashed: a few milliseconds for a hundred headers, next to a parse of seconds). Only parses without errors are kept. The entry is a pickle written
by this build folder's own swiggen, read only by it.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from collections.abc import Sequence
from pathlib import Path

from .._version import __version__
from ..compile.stamps import _ENVIRONMENT, own_files
from ..diagnostics import Diagnostics
from ..model import Header
from ..render.write import write_bytes_if_changed
from .header import ParseOptions, parse_header

FOLDER = "parse-cache"
_FORMAT = 10  # 8: Param.unnamed; 9: `using Base::f` as methods; 10: pointee const kept


#: a cache entry to write (`save`): its path and content
Entry = tuple[Path, bytes]


def parse(path: str, options: ParseOptions, diags: Diagnostics,
          cache: Path | None) -> tuple[Header | None, Entry | None]:
    """`parse_header(path, options, diags)`, served from `cache` (a folder) when it can be; and
    the entry to `save` when it was not (written by the caller once the build folder is its:
    bad input leaves no build folder behind)."""
    if cache is None or not Path(path).is_file():
        return parse_header(path, options, diags), None
    try:
        key = _key(path, options, cache)
    except OSError:
        return parse_header(path, options, diags), None
    # one entry per header and options: a header's new version replaces its old one
    where = hashlib.sha256(f"{os.path.realpath(path)}\0{options!r}".encode()).hexdigest()
    entry = cache / f"{where[:24]}.pickle"
    found = _load(entry, key)
    if found is not None:
        diags.items.extend(found[1])
        return found[0], None
    own = Diagnostics()
    header = parse_header(path, options, own)
    diags.extend(own)
    if header is None or own.errors:
        return header, None
    files = {f: _file_record(f) for f in header.includes}
    if not all(r is not None for r in files.values()):
        return header, None
    return header, (entry, pickle.dumps({"format": _FORMAT, "key": key, "files": files,
                                         "header": header, "diagnostics": own.items},
                                        protocol=pickle.HIGHEST_PROTOCOL))


def save(entries: Sequence[Entry]) -> None:
    for path, data in entries:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_if_changed(path, data)


def _key(path: str, options: ParseOptions, cache: Path) -> str:
    env = {name: os.environ.get(name, "") for name in _ENVIRONMENT}
    h = hashlib.sha256(json.dumps([_FORMAT, __version__, path, os.path.realpath(path),
                                   os.getcwd(), repr(options), env]).encode())
    # where the header's and include folders point now, and what they hold (a retargeted
    # symlink, a new file that shadows an include: as stamps.py), but for the build folder
    # holding this cache (made after the first parse)
    mine = os.path.abspath(cache)
    for folder in (os.path.dirname(os.path.abspath(path)), *options.include_dirs):
        try:
            listing = sorted(n for n in os.listdir(folder) if not
                             (mine + os.sep).startswith(os.path.join(os.path.abspath(folder), n,
                                                                     "")))
        except OSError:
            listing = []
        h.update(f"{os.path.realpath(folder)}\0{listing}\0".encode())
    for own in own_files():
        st = own.stat()
        h.update(f"{own}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    h.update(Path(path).read_bytes())
    return h.hexdigest()


def _file_record(path: str) -> list[object] | None:
    try:
        st = os.stat(path)
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, digest]


def _unchanged(path: str, record: list[object]) -> bool:
    try:
        data = Path(path).read_bytes()
    except OSError:
        return False
    return len(data) == record[0] and hashlib.sha256(data).hexdigest() == record[2]


def _load(entry: Path, key: str) -> tuple[Header, list] | None:  # type: ignore[type-arg]
    try:
        data = pickle.loads(entry.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError,
            ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != _FORMAT or data.get("key") != key:
        return None
    if not all(_unchanged(f, r) for f, r in data["files"].items()):
        return None
    return data["header"], list(data["diagnostics"])
