#!/bin/sh
# Build the Eigen example: functions in Eigen's types, wrapped with no annotation.
#   sh examples/eigen/build.sh            -> examples/eigen/out/linalg.py, _linalg*.so
#   PYTHONPATH=examples/eigen/out python examples/eigen/usage.py
# Needs Eigen's headers (Debian: apt-get install libeigen3-dev), found through pkg-config.
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
exec "${PYTHON:-python3}" -m swiggen build linalg.h --sources linalg.cpp -m linalg \
  --pkg-config eigen3 -o "$OUT" --build-dir "$BUILD_DIR" "$@"
