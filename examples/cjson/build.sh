#!/bin/sh
# Build the cJSON bindings from the installed, unmodified header (Debian: libcjson-dev).
#   sh examples/cjson/build.sh               -> examples/cjson/out/cjson.py, _cjson*.so
#   PYTHONPATH=examples/cjson/out python examples/cjson/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
INC=${CJSON_INCLUDE:-/usr/include}/cjson
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build "$INC/cJSON.h" \
  -m cjson --config cjson.toml -l cjson -o "$OUT" --build-dir "$BUILD_DIR" "$@"
