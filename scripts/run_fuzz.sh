#!/usr/bin/env bash
# Fuzzes every model-file reader and the command line's argument parsing: builds the libFuzzer targets of fuzz/ with clang-14
# (AddressSanitizer + UBSan, -O1) in build-asan/ (scripts/configure_checks.sh: the build that
# scripts/run_sanitizers.sh runs the test suite in, so after it only the three targets are
# left to build), then runs each on a copy of its seed corpus
# (fuzz/corpus/<kind>) for a fixed number of inputs with a fixed seed, so that a run is
# repeatable: FUZZ_RUNS (default 50000: 15 s for the URDF target, 2 min for the YAML one
# here) or, if FUZZ_SECONDS is set, for that many seconds instead. A crash, a sanitizer report, a leak or an input slower
# than 10 s fails the script; the failing input is left in build-asan/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install_deps.sh checks
if [ -n "${FUZZ_SECONDS:-}" ]; then
  budget=(-max_total_time="$FUZZ_SECONDS"); what="${FUZZ_SECONDS} s"
else
  budget=(-runs="${FUZZ_RUNS:-50000}" -seed=1); what="${FUZZ_RUNS:-50000} inputs, seed 1"
fi
bash scripts/configure_checks.sh
cmake --build build-asan -j"$(nproc)" --target fuzz_urdf fuzz_yaml_model fuzz_cli_args
status=0
for target in "fuzz_urdf urdf" "fuzz_yaml_model yaml" "fuzz_cli_args cli"; do
  set -- $target
  work="build-asan/corpus-$1"
  rm -rf "$work" && mkdir -p "$work" && cp fuzz/corpus/"$2"/* "$work"/
  echo "==== $1: $what on fuzz/corpus/$2 ===="
  if ! (cd build-asan && "./fuzz/$1" "${budget[@]}" -timeout=10 \
          -rss_limit_mb=2048 -print_final_stats=1 "corpus-$1" > "fuzz-$1.log" 2>&1); then
    echo "$1 FAILED:"; tail -40 "build-asan/fuzz-$1.log"; status=1
  else
    grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "build-asan/fuzz-$1.log" || true
  fi
done
exit $status
