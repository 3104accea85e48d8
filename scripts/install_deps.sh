#!/usr/bin/env bash
# Installs the Debian 12 packages manipdyn needs, if any is missing (apt-get; sudo only when not
# root). Safe to run again: with everything installed it does not touch apt at all.
# `install_deps.sh checks` also installs what the sanitizer and fuzzing builds need (clang-14's
# libFuzzer and the sanitizer runtimes).
set -euo pipefail

packages=(build-essential cmake libeigen3-dev libgtest-dev libbenchmark-dev pybind11-dev
          python3-dev python3-numpy python3-pytest python3-matplotlib libcli11-dev
          liborocos-kdl-dev liburdfdom-dev libyaml-cpp-dev libkdl-parser-dev)
# xsimd (header only): the AVX2 lanes of inverse_dynamics_batch (CMake MANIPDYN_SIMD; without
# it the batch runs row by row).
packages+=(libxsimd-dev)
# `pip install .` and `python3 -m build` (pyproject.toml, setup.py) and their test
# (python/tests/test_pip_install.py): a venv with pip, setuptools and wheel, and the build frontend.
packages+=(python3-venv python3-pip python3-setuptools python3-wheel python3-build)
# pytest-xdist: scripts/run_tests.sh runs the Python tests on all cores (pytest -n).
packages+=(python3-pytest-xdist)
# SciPy: the reference that identification's filters are tested against
# (python/tests/test_identification_logs.py: butter, filtfilt, CubicSpline).
packages+=(python3-scipy)
# Dask and its distributed scheduler: manipdyn.dask and its test (python/tests/test_dask.py).
packages+=(python3-dask python3-distributed)
# The peers of bench/bench_peers.cpp (with KDL above): about 130 packages, 27 MB to download,
# 250 MB installed, under a minute here.
packages+=(libmujoco-dev libdart-dev)
# Debian's chromium: the headless browser of the report test (tests/report/check_report.py).
packages+=(chromium)
# clang++-14: the outside consumer built with another compiler than the library
# (tests/install/clang_consumer.cmake, ctest install.clang_consumer).
packages+=(clang-14)
if [ "${1:-}" = "checks" ]; then
  packages+=(libfuzzer-14-dev libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install_deps: all ${#packages[@]} packages are installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install_deps: missing packages (${missing[*]}) and not root, and sudo is not available" >&2
  exit 1
fi

echo "install_deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update
"${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
