#!/usr/bin/env bash
# Runs the peer benchmark (bench/bench_peers.cpp: manipdyn against KDL, MuJoCo and DART) pinned
# to one core with repetitions, keeps the JSON and writes docs/performance.md from it
# (scripts/peer_report.py): our time as a ratio to each peer's from the same run, median and
# spread, and the machine described.
#
#   scripts/run_peer_benchmarks.sh [BUILD_DIR [REPETITIONS [CPU]]]
#
# BUILD_DIR (default build) must hold a Release build of bench_peers (scripts/build.sh, or
# `cmake --build BUILD_DIR --target bench_peers`); REPETITIONS defaults to 10, CPU (the core
# taskset pins to) to 0. The JSON goes to results/peers/bench_peers.json. Repetitions are
# interleaved at random (--benchmark_enable_random_interleaving) so that a slow spell of the
# machine is spread over all libraries rather than falling on one.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
repetitions=${2:-10}
cpu=${3:-0}
bin="$build/bench/bench_peers"
if [ ! -x "$bin" ]; then
  echo "run_peer_benchmarks: $bin not found; build it first (cmake --build $build --target bench_peers)" >&2
  exit 1
fi
mkdir -p results/peers
json=results/peers/bench_peers.json
machine=results/peers/machine.txt

# The machine and the build, for the report.
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -1)"
  echo "cores: $(nproc) ($(lscpu | sed -n 's/^Thread(s) per core: *//p') thread(s) per core)"
  echo "hypervisor: $(lscpu | sed -n 's/^Hypervisor vendor: *//p')"
  echo "kernel: $(uname -sr)"
  echo "compiler: $($(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt") --version | head -1)"
  type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
  echo "build type: $type"
  echo "flags: $(sed -n 's/^CMAKE_CXX_FLAGS:[A-Z]*=//p' "$build/CMakeCache.txt") $(sed -n "s/^CMAKE_CXX_FLAGS_${type^^}:[A-Z]*=//p" "$build/CMakeCache.txt")"
  for p in liborocos-kdl-dev libmujoco-dev libdart-dev libeigen3-dev libbenchmark-dev; do
    echo "package: $p $(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || echo '?')"
  done
  echo "pinned to: cpu $cpu (taskset -c $cpu)"
  echo "repetitions: $repetitions"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$machine"

taskset -c "$cpu" "$bin" --benchmark_repetitions="$repetitions" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_out="$json" --benchmark_out_format=json > results/peers/bench_peers.txt
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$machine"

/usr/bin/python3 scripts/peer_report.py "$json" "$machine" docs/performance.md
echo "run_peer_benchmarks: wrote $json and docs/performance.md"
