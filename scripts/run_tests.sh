#!/usr/bin/env bash
# Every test on a fresh Debian 12 machine: installs what is missing, builds everything
# (Release), runs the GoogleTest suite with ctest and the Python tests with pytest under
# Debian's /usr/bin/python3, both on all cores (pytest-xdist). Exits non-zero on the first
# failure (pytest finding no tests is a failure too).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install_deps.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
PYTHONPATH=build/python /usr/bin/python3 -m pytest -q -n "$(nproc)" python/tests
