#!/bin/sh
# Build the matrix example: BLAS-style float64 kernels wrapped with annotations only.
#   sh examples/matrix/build.sh            -> examples/matrix/out/matrix.py, _matrix*.so
#   PYTHONPATH=examples/matrix/out python examples/matrix/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build matrix.h --sources matrix.cpp -m matrix \
  -o "$OUT" --build-dir "$BUILD_DIR" "$@"
