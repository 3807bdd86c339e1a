#!/bin/sh
# Build the image example: a C++ image library wrapped with annotations only.
#   sh examples/image/build.sh            -> examples/image/out/image.py, _image*.so
#   PYTHONPATH=examples/image/out python examples/image/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build image.h --sources image.cpp -m image \
  -o "$OUT" --build-dir "$BUILD_DIR" "$@"
