#!/bin/sh
# Build the imageresize example: an OpenCV operator (cv::Mat in and out, a cv::Rect ROI) wrapped
# with no annotation (docs/opencv.md).
#   sh examples/imageresize/build.sh      -> examples/imageresize/out/imageresize.py, _imageresize*.so
#   PYTHONPATH=examples/imageresize/out python examples/imageresize/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given. OpenCV's flags come from
# `pkg-config opencv4` (libopencv-dev) where it exists, else from the folders Debian's
# libopencv-core-dev and libopencv-imgproc-dev install.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
if pkg-config --exists opencv4 2>/dev/null; then
  set -- --pkg-config opencv4 "$@"
else
  set -- -I/usr/include/opencv4 -lopencv_imgproc -lopencv_core "$@"
fi
exec "${PYTHON:-python3}" -m swiggen build imageresize.h --sources imageresize.cpp \
  -m imageresize -o "$OUT" --build-dir "$BUILD_DIR" "$@"
