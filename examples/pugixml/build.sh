#!/bin/sh
# Build the pugixml bindings from the installed, unmodified header (Debian: libpugixml-dev).
#   sh examples/pugixml/build.sh            -> examples/pugixml/out/pugixml.py, _pugixml*.so
#   PYTHONPATH=examples/pugixml/out python examples/pugixml/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
INC=${PUGIXML_INCLUDE:-/usr/include}
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build "$INC/pugixml.hpp" \
  -m pugixml --config pugixml.toml -l pugixml -o "$OUT" --build-dir "$BUILD_DIR" "$@"
