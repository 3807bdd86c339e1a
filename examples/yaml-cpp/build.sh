#!/bin/sh
# Build the yaml-cpp bindings from the installed, unmodified headers (Debian: libyaml-cpp-dev).
#   sh examples/yaml-cpp/build.sh            -> examples/yaml-cpp/out/yaml_cpp.py, _yaml_cpp*.so
#   PYTHONPATH=examples/yaml-cpp/out python examples/yaml-cpp/usage.py
# OUT, BUILD_DIR, PYTHON and extra arguments (e.g. -O1) may be given.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
INC=${YAML_CPP_INCLUDE:-/usr/include}/yaml-cpp
OUT=${OUT:-$HERE/out}
BUILD_DIR=${BUILD_DIR:-$HERE/build}
cd "$HERE"
# yaml.h declares nothing itself; the wrapper #includes it to see every template's definition.
# The others are the public API, in any order: swiggen orders them by their #includes.
exec "${PYTHON:-python3}" -m swiggen build \
  "$INC/yaml.h" "$INC/emitterstyle.h" "$INC/exceptions.h" "$INC/mark.h" \
  "$INC/node/emit.h" "$INC/node/node.h" "$INC/node/parse.h" "$INC/node/type.h" \
  -m yaml_cpp --config yaml_cpp.toml -l yaml-cpp -o "$OUT" --build-dir "$BUILD_DIR" "$@"
