#!/usr/bin/env bash
# Fuzzes every model-file reader: builds the libFuzzer targets of fuzz/ with clang-14
# (AddressSanitizer + UBSan) in build-fuzz/, then runs each for FUZZ_SECONDS seconds (default
# 60) on a copy of its seed corpus (fuzz/corpus/<kind>). A crash, a sanitizer report, a leak or
# an input slower than 10 s fails the script; the failing input is left in build-fuzz/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install_deps.sh checks
seconds="${FUZZ_SECONDS:-60}"
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMANIPDYN_BUILD_FUZZ=ON -DMANIPDYN_BUILD_TESTS=OFF -DMANIPDYN_BUILD_BENCH=OFF \
  -DMANIPDYN_BUILD_PYTHON=OFF -DMANIPDYN_BUILD_CLI=OFF
cmake --build build-fuzz -j"$(nproc)" --target fuzz_urdf fuzz_yaml_model
status=0
for target in "fuzz_urdf urdf" "fuzz_yaml_model yaml"; do
  set -- $target
  work="build-fuzz/corpus-$1"
  rm -rf "$work" && mkdir -p "$work" && cp fuzz/corpus/"$2"/* "$work"/
  echo "==== $1: ${seconds} s on fuzz/corpus/$2 ===="
  if ! (cd build-fuzz && "./fuzz/$1" -max_total_time="$seconds" -timeout=10 \
          -rss_limit_mb=2048 -print_final_stats=1 "corpus-$1" > "fuzz-$1.log" 2>&1); then
    echo "$1 FAILED:"; tail -40 "build-fuzz/fuzz-$1.log"; status=1
  else
    grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "build-fuzz/fuzz-$1.log" || true
  fi
done
exit $status
