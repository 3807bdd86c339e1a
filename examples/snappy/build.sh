#!/bin/sh
# Build the snappy bindings from the installed, unmodified header (Debian: libsnappy-dev).
#   sh examples/snappy/build.sh               -> examples/snappy/out/snappy.py, _snappy*.so
#   PYTHONPATH=examples/snappy/out python examples/snappy/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
INC=${SNAPPY_INCLUDE:-/usr/include}
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build "$INC/snappy.h" \
  -m snappy --config snappy.toml -l snappy -o "$OUT" --build-dir "$BUILD_DIR" "$@"
