#!/bin/sh
# Build the muParser bindings from the installed, unmodified headers (Debian: libmuparser-dev).
#   sh examples/muparser/build.sh             -> examples/muparser/out/muparser.py, _muparser*.so
#   PYTHONPATH=examples/muparser/out python examples/muparser/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
INC=${MUPARSER_INCLUDE:-/usr/include}
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build "$INC/muParserDef.h" "$INC/muParserError.h" \
  "$INC/muParserBase.h" "$INC/muParser.h" \
  -m muparser --config muparser.toml -l muparser -o "$OUT" --build-dir "$BUILD_DIR" "$@"
