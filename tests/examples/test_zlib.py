"""zlib wrapped from its installed, unmodified header (Debian zlib1g-dev) with no config:
`swiggen build /usr/include/zlib.h -m zl -lz`. Its everyday calls take bytes and give bytes
(docs/outparams.md, "C buffers: zlib"), checked against Python's own zlib module."""

from __future__ import annotations

import importlib
import sys
import zlib
from pathlib import Path
from types import ModuleType

import pytest

from conftest import sanitizer_build_env, swiggen

pytestmark = pytest.mark.compile

HEADER = Path("/usr/include/zlib.h")
DATA = b"the quick brown fox jumps over the lazy dog " * 50 + bytes(range(256))


@pytest.fixture(scope="module")
def zl(build_root: Path) -> ModuleType:
    if not HEADER.is_file():
        pytest.skip(f"{HEADER} not found: install the Debian package zlib1g-dev "
                    "(apt-get install zlib1g-dev)")
    where = build_root / "example-zlib"
    where.mkdir(exist_ok=True)
    proc = swiggen("build", str(HEADER), "-m", "zl", "-lz", "-o", "out", cwd=where,
                   env=sanitizer_build_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sys.path.insert(0, str(where / "out"))
    return importlib.import_module("zl")


def test_compress_and_uncompress_bytes(zl: ModuleType) -> None:
    rc, packed = zl.compress(zl.compressBound(len(DATA)), DATA)
    assert rc == zl.Z_OK and type(packed) is bytes
    assert zlib.decompress(packed) == DATA  # a real zlib stream
    assert zl.uncompress(len(DATA), zlib.compress(DATA)) == (zl.Z_OK, DATA)
    out = bytearray(len(DATA))
    assert zl.uncompress(out, memoryview(packed)) == (zl.Z_OK, len(DATA))
    assert out == DATA


def test_checksums_take_any_bytes_like_object(zl: ModuleType) -> None:
    for obj in (DATA, bytearray(DATA), memoryview(DATA)):
        assert zl.crc32(0, obj) == zlib.crc32(DATA)
        assert zl.adler32(1, obj) == zlib.adler32(DATA)


def test_errors_are_return_codes_or_exceptions(zl: ModuleType) -> None:
    rc, part = zl.compress(8, DATA)
    assert rc == zl.Z_BUF_ERROR and len(part) <= 8
    assert zl.uncompress(100, b"not zlib")[0] == zl.Z_DATA_ERROR
    with pytest.raises(ValueError, match="argument 'dest'"):
        zl.compress(-1, DATA)
    with pytest.raises(TypeError, match="argument 'source'"):
        zl.compress(100, "text")
