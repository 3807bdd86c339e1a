"""examples/sqlitecpp: SQLiteCpp wrapped from its installed, unmodified headers (Debian
libsqlitecpp-dev).

A `SQLite::Statement` refers to the `Database` it was built on: the database closed first fails
(sqlite3_close: "database is locked") and SQLiteCpp aborts the process. The Database cannot be
copied, so swiggen keeps it alive from the Statement's constructor with no annotation
(lower/ownership.keep_uncopyable_alive); the tests drop the database first, in a process of its
own where an abort would be seen.
"""

from __future__ import annotations

import gc
import sys

import pytest

from example_build import EXAMPLES, load_example, run_python

pytestmark = pytest.mark.compile


@pytest.fixture(scope="session")
def example(build_root):  # type: ignore[no-untyped-def]
    return load_example("sqlitecpp", build_root)


@pytest.fixture(scope="session")
def sq(example):  # type: ignore[no-untyped-def]
    return example[0]


def test_usage_script_runs(example) -> None:  # type: ignore[no-untyped-def]
    proc = run_python(EXAMPLES / "sqlitecpp" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["Dune 1965", "Ubik 1969"]
    assert 'error: near "SELEC": syntax error' in proc.stdout


def test_queries_and_errors(sq) -> None:  # type: ignore[no-untyped-def]
    db = sq.Database(":memory:", sq.OPEN_READWRITE | sq.OPEN_CREATE)
    assert db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)") == 0
    assert db.exec("INSERT INTO t VALUES (1, 'one'), (2, 'two')") == 2
    assert db.tableExists("t") and db.execAndGet("SELECT count(*) FROM t").getInt() == 2
    with pytest.raises(RuntimeError, match="syntax error"):
        db.exec("NOT SQL")
    st = sq.Statement(db, "SELECT name FROM t")
    with pytest.raises(RuntimeError, match="No row"):
        st.getColumn(0)  # before executeStep(): SQLiteCpp throws, Python gets RuntimeError


def test_statement_keeps_its_database_alive(sq) -> None:  # type: ignore[no-untyped-def]
    db = sq.Database(":memory:", sq.OPEN_READWRITE | sq.OPEN_CREATE)
    db.exec("CREATE TABLE t (x INTEGER)")
    db.exec("INSERT INTO t VALUES (41)")
    before = sys.getrefcount(db)
    st = sq.Statement(db, "SELECT x + 1 FROM t")
    assert sys.getrefcount(db) == before + 1
    del db
    gc.collect()
    assert st.executeStep() and st.getColumn(0).getInt() == 42


DROPPED_FIRST = """\
import sqlitecpp as sq
db = sq.Database(":memory:", sq.OPEN_READWRITE | sq.OPEN_CREATE)
tx = sq.Transaction(db)
st = sq.Statement(db, "SELECT 1")
del db          # the statement and the transaction keep it open
st.executeStep()
print(st.getColumn(0).getInt())
# the module's globals are cleared at exit in any order: no abort
"""


def test_a_database_dropped_first_does_not_abort(example) -> None:  # type: ignore[no-untyped-def]
    proc = run_python(DROPPED_FIRST, example[1], timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "1"
