#!/bin/sh
# Build the TinyXML-2 bindings from the installed, unmodified header (Debian: libtinyxml2-dev).
#   sh examples/tinyxml2/build.sh            -> examples/tinyxml2/out/tinyxml2.py, _tinyxml2*.so
#   PYTHONPATH=examples/tinyxml2/out python examples/tinyxml2/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
INC=${TINYXML2_INCLUDE:-/usr/include}
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build "$INC/tinyxml2.h" \
  -m tinyxml2 --config tinyxml2.toml -l tinyxml2 -o "$OUT" --build-dir "$BUILD_DIR" "$@"
