"""C buffer idioms with no annotation (tests/cases/cbuffers, docs/outparams.md "Output buffers"):
a zlib-shaped header whose `compress(dest, &destLen, src, srcLen)` takes bytes and gives bytes,
whose `gzwrite(file, const void*, unsigned)` takes any bytes-like object and whose
`gzread(file, void*, unsigned)` fills a writable one."""

from __future__ import annotations

import array
import gc
import mmap
import sys

import pytest

pytestmark = pytest.mark.compile

DATA = b"aaaabbbcdddddddddd" + bytes(range(40)) + b"\x00" * 300


@pytest.fixture(scope="module")
def z(case_module):  # type: ignore[no-untyped-def]
    return case_module("cbuffers")


def kinds(data: bytes) -> dict[str, object]:
    """The same bytes as every kind of object with the buffer protocol."""
    np = pytest.importorskip("numpy")
    m = mmap.mmap(-1, len(data))
    m.write(data)
    return {"bytes": data, "bytearray": bytearray(data), "memoryview": memoryview(data),
            "array.array": array.array("B", data), "numpy": np.frombuffer(data, np.uint8),
            "mmap": m}


def roundtrip(z, data: bytes) -> bytes:  # type: ignore[no-untyped-def]
    rc, packed = z.compress(z.compressBound(len(data)), data)
    assert rc == z.Z_OK
    rc, out = z.uncompress(len(data), packed)
    assert rc == z.Z_OK
    return out  # type: ignore[no-any-return]


def test_compress_takes_bytes_and_gives_bytes(z) -> None:
    rc, packed = z.compress(z.compressBound(len(DATA)), DATA)
    assert rc == z.Z_OK
    assert type(packed) is bytes
    assert packed[:6] == b"\x04a\x03b\x01c"  # the run-length code, cut to what C wrote
    assert len(packed) < len(DATA)
    rc, out = z.uncompress(len(DATA), packed)
    assert (rc, out) == (z.Z_OK, DATA)
    assert roundtrip(z, b"") == b""
    assert roundtrip(z, b"x") == b"x"


def test_every_buffer_kind_passes_to_const_byte_pointers(z) -> None:
    packed = z.compress(1000, DATA)[1]
    for kind, obj in kinds(DATA).items():
        assert z.compress(1000, obj) == (z.Z_OK, packed), kind  # const Bytef*
        assert z.sum_bytes(obj) == sum(DATA), kind  # const void*
        assert z.sum_u8(obj) == sum(DATA), kind  # const uint8_t*
        assert z.sum_chars(obj) == sum(DATA), kind  # const char*, bytes(data, size)
        assert z.adler32(1, obj) == z.adler32(1, DATA), kind  # const Bytef*, unsigned int
    for kind, obj in kinds(packed).items():
        assert z.uncompress(len(DATA), obj) == (z.Z_OK, DATA), kind


def test_the_caller_s_writable_buffer_is_filled(z) -> None:
    np = pytest.importorskip("numpy")
    packed = z.compress(1000, DATA)[1]
    for dest in (bytearray(len(DATA) + 5), memoryview(bytearray(len(DATA) + 5)),
                 np.zeros(len(DATA) + 5, np.uint8)):
        rc, written = z.uncompress(dest, packed)
        assert (rc, written) == (z.Z_OK, len(DATA)), type(dest)
        assert bytes(dest[:written]) == DATA
        assert bytes(dest[written:]) == b"\x00" * 5  # nothing past what C says it wrote
    m = mmap.mmap(-1, len(DATA))
    assert z.uncompress(m, packed) == (z.Z_OK, len(DATA))
    assert m[:] == DATA


def test_bytes_in_with_the_bytes_read_out(z) -> None:
    packed = z.compress(1000, DATA)[1]
    assert z.uncompress2(len(DATA), packed) == (z.Z_OK, DATA, len(packed))
    rc, part, used = z.uncompress2(7, memoryview(packed))
    assert (rc, part, used) == (z.Z_BUF_ERROR, b"aaaabbb", 4)
    out = bytearray(len(DATA))
    assert z.uncompress2(out, bytearray(packed)) == (z.Z_OK, len(DATA), len(packed))
    with pytest.raises(TypeError, match=r"uncompress2\(\) argument 'source'"):
        z.uncompress2(10, "text")


def test_char_buffer_with_an_in_out_length(z) -> None:
    assert z.zlibVersionInto(64) == (z.Z_OK, b"1.2.13-rle")
    buf = bytearray(16)
    assert z.zlibVersionInto(buf) == (z.Z_OK, 10)
    assert buf[:10] == b"1.2.13-rle"
    assert z.zlibVersionInto(3)[0] == z.Z_BUF_ERROR


def test_the_bytes_directive_names_an_output_buffer(z) -> None:
    assert z.fill_pattern(10, 3) == (z.Z_OK, b"abc")
    assert z.fill_pattern(2, 30) == (z.Z_OK, b"ab")  # cut to the capacity by the C
    block = bytearray(b"------")
    assert z.fill_pattern(block, 4) == (z.Z_OK, 4)
    assert block == b"abcd--"


def test_methods_take_output_buffers_too(z) -> None:
    src = z.Source(10)
    assert src.read(4) == (1, b"\x00\x01\x02\x03")
    buf = bytearray(4)
    assert src.read(buf) == (1, 4) and buf == b"\x04\x05\x06\x07"
    assert src.read(100) == (0, b"\x08\x09")
    assert src.read(100) == (0, b"")
    assert z.Source.header(8) == (z.Z_OK, b"RL")
    with pytest.raises(ValueError, match=r"read\(\) argument 'dest' is a negative capacity"):
        src.read(-5)


def test_capacity_too_small_is_the_c_return_code(z) -> None:
    rc, part = z.compress(4, DATA)
    assert rc == z.Z_BUF_ERROR
    assert part == b"\x04a\x03b"  # what fitted, never more than the capacity
    packed = z.compress(1000, DATA)[1]
    rc, part = z.uncompress(5, packed)
    assert rc == z.Z_BUF_ERROR and len(part) <= 5
    small = bytearray(5)
    rc, written = z.uncompress(small, packed)
    assert rc == z.Z_BUF_ERROR and written <= 5 and len(small) == 5
    assert z.compress(0, DATA) == (z.Z_BUF_ERROR, b"")
    assert z.uncompress(100, b"\x00a") == (z.Z_DATA_ERROR, b"\x00" * 100)  # zeroed, no garbage


def test_bad_capacities_and_types_raise_naming_the_argument(z) -> None:
    with pytest.raises(ValueError, match=r"compress\(\) argument 'dest' is a negative capacity"):
        z.compress(-1, DATA)
    with pytest.raises(OverflowError, match="argument 'dest'"):
        z.compress(2**70, DATA)
    for bad in ("text", b"read-only", None, 1.5, True, [1, 2]):
        with pytest.raises(TypeError, match=r"compress\(\) argument 'dest' must be an int \(the "
                           r"capacity of the result, in bytes\) or a writable bytes-like"):
            z.compress(bad, DATA)
    with pytest.raises(TypeError, match=r"compress\(\) argument 'dest'"):
        z.compress(memoryview(b"read-only"), DATA)
    for bad in ("text", None, 5, [1, 2]):
        with pytest.raises(TypeError, match="argument 'source'"):
            z.compress(10, bad)
        with pytest.raises(TypeError, match="argument 'buf'"):
            z.gzwrite(z.gzFile_s(), bad)
    with pytest.raises(TypeError, match=r"gzread\(\) argument 'buf' must be a writable"):
        z.gzread(z.gzFile_s(), b"read-only")


def test_write_takes_bytes_and_read_fills_a_buffer(z) -> None:
    f = z.gzFile_s()
    for kind, obj in kinds(b"abc").items():
        assert z.gzwrite(f, obj) == 3, kind
    assert f.written == 18
    buf = bytearray(10)
    assert z.gzread(f, buf) == 10
    assert buf == b"abc" * 3 + b"a"
    assert z.gzread(f, memoryview(buf)[:4]) == 4
    assert buf[:4] == b"bcab"
    assert z.gzread(f, buf) == 4  # what was left
    assert z.gzread(f, bytearray()) == 0


def test_keywords_and_the_stub_names(z) -> None:
    assert z.compress(dest=10, source=b"aa") == (z.Z_OK, b"\x02a")


@pytest.mark.cpython_only
def test_ten_thousand_round_trips_leave_nothing_alive(z) -> None:
    np = pytest.importorskip("numpy")
    src, dest = bytearray(DATA), np.zeros(len(DATA), np.uint8)
    packed = z.compress(1000, DATA)[1]

    def once() -> None:
        assert roundtrip(z, DATA) == DATA
        assert z.uncompress(dest, packed) == (z.Z_OK, len(DATA))
        assert z.compress(1000, src)[0] == z.Z_OK
        assert z.compress(3, DATA)[0] == z.Z_BUF_ERROR
        with pytest.raises(TypeError):
            z.compress("bad", DATA)

    for _ in range(100):
        once()
    gc.collect()
    refs = (sys.getrefcount(src), sys.getrefcount(dest), sys.getrefcount(packed))
    objects, blocks = len(gc.get_objects()), sys.getallocatedblocks()
    for _ in range(10_000):
        once()
    gc.collect()
    assert (sys.getrefcount(src), sys.getrefcount(dest), sys.getrefcount(packed)) == refs
    assert len(gc.get_objects()) <= objects + 10
    assert sys.getallocatedblocks() <= blocks + 100  # (a leaked bytes each call: 50,000)
