"""Shared fixtures of the Python tests.

`run_cli` runs the `manipdyn` command-line tool: $MANIPDYN_CLI if set (the test fails if it does
not exist), else the binary built beside the Python package (<build>/python/manipdyn ->
<build>/manipdyn, so that PYTHONPATH=build/python and PYTHONPATH=build-cli/python both find
their own CLI); tests that need it are skipped when it is not built.
"""
import os
import pathlib
import subprocess

import pytest

import manipdyn as md

REPO = pathlib.Path(__file__).resolve().parents[2]


def cli_path():
    env = os.environ.get("MANIPDYN_CLI")
    if env:
        return pathlib.Path(env)
    return pathlib.Path(md.__file__).resolve().parents[2] / "manipdyn"


@pytest.fixture(scope="session")
def run_cli():
    path = cli_path()
    if not path.exists():
        if os.environ.get("MANIPDYN_CLI"):
            pytest.fail(f"MANIPDYN_CLI={path} does not exist")
        pytest.skip(f"the CLI is not built at {path}")

    def run(*args, cwd=None):
        return subprocess.run([str(path), *map(str, args)], capture_output=True, text=True,
                              timeout=600, cwd=cwd)

    return run
