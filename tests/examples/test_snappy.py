"""examples/snappy: snappy wrapped from its installed, unmodified header (Debian libsnappy-dev).

Its API returns through pointers (`Compress(const char*, size_t, std::string* compressed)`,
`GetUncompressedLength(const char*, size_t, size_t* result)`); a few config lines make it take
and return bytes, and raise ValueError on corrupt input.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from example_build import EXAMPLES, load_example, run_python

pytestmark = pytest.mark.compile


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("snappy", build_root)


@pytest.fixture(scope="session")
def S(example):  # type: ignore[no-untyped-def]
    return example[0]


def test_usage_script_runs(example) -> None:  # type: ignore[no-untyped-def]
    proc = run_python(EXAMPLES / "snappy" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert "8256 bytes -> " in proc.stdout and "corrupt input" in proc.stdout


@pytest.mark.parametrize("data", [b"", b"a", b"abc" * 10000, bytes(range(256)) * 7])
def test_round_trip(S, data: bytes) -> None:  # type: ignore[no-untyped-def]
    size, packed = S.compress(data)
    assert isinstance(packed, bytes) and size == len(packed)
    assert len(packed) <= S.max_compressed_length(len(data))
    assert S.is_valid_compressed(packed)
    assert S.uncompressed_length(packed) == len(data)
    assert S.uncompress(packed) == data
    # any bytes-like object is read in place
    assert S.uncompress(bytearray(packed)) == data
    assert S.uncompress(memoryview(packed)) == data


def test_bad_input(S) -> None:  # type: ignore[no-untyped-def]
    assert not S.is_valid_compressed(b"\xff\xff\xff")
    with pytest.raises(ValueError):
        S.uncompress(b"\xff\xff\xff")
    with pytest.raises(ValueError):
        S.uncompressed_length(b"\xff\xff\xff\xff\xff\xff")
    with pytest.raises(TypeError, match="bytes-like"):
        S.compress("text is not bytes")
    with pytest.raises(TypeError):
        S.compress(None)


def test_stub(example) -> None:  # type: ignore[no-untyped-def]
    stub = (example[1] / "snappy.pyi").read_text()
    assert "def compress(input: bytes) -> tuple[int, bytes]: ..." in stub
    assert "def uncompress(compressed: bytes) -> bytes:" in stub
    assert "def uncompressed_length(compressed: bytes) -> int:" in stub
