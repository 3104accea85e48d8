#!/usr/bin/env bash
# Configures build-asan/, the one checking build of scripts/run_sanitizers.sh and
# scripts/run_fuzz.sh: clang-14, everything (library, CLI, GoogleTest suite, fuzz/ targets)
# compiled -O1 -g1 with AddressSanitizer + UBSan and libFuzzer's coverage instrumentation. The
# two stages share it, so that the library and the CLI are compiled once for both (each stage
# used to compile them in a build of its own: most of its time). Without the SIMD lane files
# (MANIPDYN_SIMD): their tests skip here and run in scripts/run_tests.sh's build. Extra arguments
# go to cmake.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake -S . -B build-asan -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DMANIPDYN_SANITIZE=ON -DMANIPDYN_BUILD_FUZZ=ON \
  -DMANIPDYN_SIMD=OFF -DMANIPDYN_BUILD_BENCH=OFF -DMANIPDYN_BUILD_PYTHON=OFF "$@"
