#!/usr/bin/env bash
# Configures and builds manipdyn in build/ (Release, all cores). Extra arguments go to
# `cmake --build` (e.g. --target manipdyn_cli).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)" "$@"
