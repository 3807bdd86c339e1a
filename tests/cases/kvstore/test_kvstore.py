"""A LevelDB-style key-value store, used from Python as Python users would (tests/cases/kvstore).

The C++ API returns through `DB**` and `std::string*` and reports a `Status` everywhere; the
module's Python face comes from the few lines in swiggen.toml.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def kv(case_module):  # type: ignore[no-untyped-def]
    return case_module("kvstore")


@pytest.fixture()
def path(tmp_path: Path) -> str:
    return str(tmp_path / "db")


def keys(db, ropts) -> Iterator[str]:  # type: ignore[no-untyped-def]
    it = db.new_iterator(ropts)
    it.SeekToFirst()
    while it.Valid():
        yield it.key().ToString()
        it.Next()


def test_open_put_get(kv, path: str) -> None:
    db = kv.DB.open(kv.Options(create_if_missing=True), path)
    assert isinstance(db, kv.DB)
    wopts, ropts = kv.WriteOptions(), kv.ReadOptions()
    assert db.put(wopts, "k", "v") is None  # an ok Status is no result at all
    assert db.get(ropts, "k") == "v"
    with pytest.raises(KeyError) as info:
        db.get(ropts, "missing")
    assert isinstance(info.value, kv.StatusError)
    assert info.value.status.IsNotFound()
    assert info.value.message == "NotFound: missing"


def test_open_errors_map_to_python_exceptions(kv, path: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="does not exist"):
        kv.DB.open(kv.Options(), path)  # not created: InvalidArgument
    db = kv.DB.open(kv.Options(create_if_missing=True), path)
    with pytest.raises(ValueError, match="exists"):
        kv.DB.open(kv.Options(error_if_exists=True), path)
    with pytest.raises(OSError) as info:
        kv.DB.open(kv.Options(create_if_missing=True), str(tmp_path / "no" / "such" / "dir"))
    assert type(info.value).__name__ == "StatusIOError"
    del db


def test_write_batch_and_iteration_over_keys(kv, path: str) -> None:
    db = kv.DB.open(kv.Options(create_if_missing=True), path)
    wopts, ropts = kv.WriteOptions(), kv.ReadOptions()
    for k in ("b", "a", "c"):
        db.put(wopts, k, k.upper())
    batch = kv.WriteBatch()
    batch.Put("d", "D")
    batch.Delete("a")
    assert batch.Count() == 2
    db.write(wopts, batch)
    assert list(keys(db, ropts)) == ["b", "c", "d"]
    assert db.property("kv.count") == "3"  # bool + out, false_is(KeyError)
    with pytest.raises(KeyError):
        db.property("kv.nothing")


@pytest.mark.cpython_only
def test_data_survives_reopening(kv, path: str) -> None:
    db = kv.DB.open(kv.Options(create_if_missing=True), path)
    db.put(kv.WriteOptions(), "key", "value")
    del db  # Python owned the DB** result: this closes (and saves) it
    gc.collect()
    db = kv.DB.open(kv.Options(), path)
    assert db.get(kv.ReadOptions(), "key") == "value"
    assert kv.DestroyDB is not None


@pytest.mark.cpython_only
@pytest.mark.parametrize("db_first", [True, False])
def test_drop_in_any_order(kv, path: str, db_first: bool) -> None:
    gc.collect()
    dbs, iterators = kv.live_dbs(), kv.live_iterators()
    db = kv.DB.open(kv.Options(create_if_missing=True), path)
    db.put(kv.WriteOptions(), "k", "v")
    it = db.new_iterator(kv.ReadOptions())
    if db_first:
        del db
        gc.collect()
        it.SeekToFirst()
        assert it.key().ToString() == "k"  # the iterator is still usable
        del it
    else:
        del it
        gc.collect()
        assert db.get(kv.ReadOptions(), "k") == "v"
        del db
    gc.collect()
    assert (kv.live_dbs(), kv.live_iterators()) == (dbs, iterators)


@pytest.mark.cpython_only
def test_no_leak_over_many_opens(kv, path: str) -> None:
    kv.DB.open(kv.Options(create_if_missing=True), path)
    gc.collect()
    start = kv.live_dbs()
    for _ in range(20000):
        db = kv.DB.open(kv.Options(), path)
        del db
    gc.collect()
    assert kv.live_dbs() == start


def test_an_iterator_needs_a_snapshot(kv) -> None:
    # `swiggen check`'s finding: DBIterator(None) made an iterator over an empty shared_ptr
    with pytest.raises(TypeError, match="'snapshot' must not be None"):
        kv.DBIterator(None)


def test_stub_is_the_python_api(kv) -> None:
    stub = (Path(kv.__file__).parent / "kvstore.pyi").read_text()
    assert "def open(options: Options, name: str) -> DB:" in stub
    assert "def get(self, options: ReadOptions, key: Slice | Any) -> str:" in stub
    assert "class StatusNotFoundError(StatusError, KeyError):" in stub
