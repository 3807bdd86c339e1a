"""write: deterministic, atomic, write-if-changed output.

A file is written to a temporary sibling and moved into place with os.replace, so a reader (or an
interrupted run) never sees half a file; unchanged content is not rewritten, so timestamps and
incremental builds stay quiet.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_bytes_if_changed(path: Path, data: bytes, mode: int | None = None) -> bool:
    """Write `data` to `path` atomically unless it already holds exactly that. True if written."""
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return True


def write_text_if_changed(path: Path, text: str) -> bool:
    return write_bytes_if_changed(path, text.encode("utf-8"))


def copy_if_changed(src: Path, dst: Path) -> bool:
    return write_bytes_if_changed(dst, src.read_bytes(), mode=src.stat().st_mode & 0o777)
