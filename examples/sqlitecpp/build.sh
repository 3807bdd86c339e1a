#!/bin/sh
# Build the SQLiteCpp bindings from the installed, unmodified headers (Debian: libsqlitecpp-dev).
#   sh examples/sqlitecpp/build.sh            -> examples/sqlitecpp/out/sqlitecpp.py, _sqlitecpp*.so
#   PYTHONPATH=examples/sqlitecpp/out python examples/sqlitecpp/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
INC=${SQLITECPP_INCLUDE:-/usr/include}/SQLiteCpp
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build "$INC/Database.h" "$INC/Statement.h" "$INC/Column.h" \
  "$INC/Exception.h" "$INC/Transaction.h" \
  -m sqlitecpp -l SQLiteCpp -l sqlite3 -o "$OUT" --build-dir "$BUILD_DIR" "$@"
