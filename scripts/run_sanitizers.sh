#!/usr/bin/env bash
# The C++ test suite under AddressSanitizer + UndefinedBehaviorSanitizer (clang++-14, -O1 -g1) in
# build-asan/ (scripts/configure_checks.sh; the fuzz targets of scripts/run_fuzz.sh are built
# there too): any memory error, leak or undefined behaviour fails the run. The Python module and
# the benchmarks are not built here (they are covered by scripts/run_tests.sh). The papers
# report (ctest report.papers: a minute of simulations through code the unit tests already run
# here, then a browser) is left to scripts/run_tests.sh; the datasheet reports run here, but for
# the 31-joint tree's (report.datasheet_tree: 5 s in the release build, 189 s here, its tree
# algorithms run here by the unit tests), also left to scripts/run_tests.sh. The
# AVX2 / AVX-512 lane files (MANIPDYN_SIMD) are not compiled here: their tests (the lanes equal
# to the scalar path bit for bit) skip in this build and run in scripts/run_tests.sh's build;
# the scalar path they are compared with runs here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install_deps.sh checks
bash scripts/configure_checks.sh
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E '^report[.](papers|datasheet_tree)$'
