#!/usr/bin/env bash
# Runs the peer benchmark (bench/bench_peers.cpp: manipdyn against KDL, MuJoCo and DART) pinned
# to one core with repetitions, keeps the JSON and writes docs/performance.md from it
# (scripts/peer_report.py): our time as a ratio to each peer's from the same run, median and
# spread, and the machine described; then the batch benchmarks on both cores and a sampling
# profile of manipdyn's PUMA 560 calls (perf, when installed), which the report quotes beside
# any target not met.
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
batch_json=results/peers/bench_peers_batch.json
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

# 1. The single calls, pinned to one core.
taskset -c "$cpu" "$bin" --benchmark_repetitions="$repetitions" \
  --benchmark_enable_random_interleaving=true --benchmark_filter='-^batch/' \
  --benchmark_out="$json" --benchmark_out_format=json > results/peers/bench_peers.txt
# 2. Many states at once (2 threads need both cores: not pinned), with KDL's PUMA 560 inverse
#    dynamics timed in the same run for the throughput ratio.
"$bin" --benchmark_repetitions="$repetitions" --benchmark_enable_random_interleaving=true \
  --benchmark_filter='^batch/|^inverse_dynamics/kdl/puma560/' \
  --benchmark_out="$batch_json" --benchmark_out_format=json > results/peers/bench_peers_batch.txt
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$machine"
# 3. Where the time of the single calls goes: a sampling profile (perf record -e cpu-clock; this
#    VM has no hardware counters) of manipdyn's PUMA 560 call of each quantity, top symbols.
rm -f results/peers/profile_*.txt
if command -v perf >/dev/null 2>&1; then
  for q in inverse_dynamics mass_matrix gravity_torques forward_dynamics batch/simd_t1; do
    # 40 repetitions (about 5 s); the report skips the first 20 % of the recording, which holds
    # the start-up agreement check of every library
    if taskset -c "$cpu" perf record -q -e cpu-clock -F 10000 -o results/peers/perf.data -- \
         "$bin" --benchmark_filter="^$q/(manipdyn/)?puma560/" --benchmark_repetitions=40 \
         > /dev/null 2>&1; then
      perf report -i results/peers/perf.data --time 20%-100% --stdio --no-children \
        --sort symbol 2>/dev/null | grep -E '^ +[0-9]' | head -8 \
        > "results/peers/profile_${q//\//_}.txt" || true
    fi
  done
  rm -f results/peers/perf.data results/peers/perf.data.old
fi

/usr/bin/python3 scripts/peer_report.py "$json" "$batch_json" "$machine" results/peers \
  docs/performance.md
echo "run_peer_benchmarks: wrote $json, $batch_json and docs/performance.md"
