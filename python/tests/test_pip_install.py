"""`pip install .` into a fresh virtual environment, and `python3 -m build --wheel`.

The package is installed from the repository root (pyproject.toml + setup.py, which run the
project's CMake build of the module) into a venv made in a temporary folder, then imported from
outside the tree: its PUMA 560 inverse dynamics must equal the in-tree module's, and nothing it
loads may come from the repository. To stay fast, the CMake build inside pip reuses the build
folder of the module under test (MANIPDYN_CMAKE_BUILD_DIR, so pip compiles nothing when that
folder is up to date); a module not built from this repository gets pip's own build (minutes).
Skipped only when a Debian package it needs is missing (scripts/install_deps.sh installs them).
"""
import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import zipfile

import numpy as np
import pytest

import manipdyn as md

REPO = pathlib.Path(__file__).resolve().parents[2]
PYTHON = "/usr/bin/python3"  # Debian's, for which the module is built (python/CMakeLists.txt)

# The inverse dynamics of the PUMA 560 at one state, printed as JSON by the installed package.
CHECK = """
import json, pathlib, sys
import numpy as np
import manipdyn as md
p = md.puma560(with_drive=True)
q = np.array([0.1, -0.4, 0.7, 0.2, -0.3, 0.5]); qd = np.array([0.3, -0.2, 0.1, 0.5, -0.4, 0.2])
qdd = np.array([1.0, -0.5, 0.25, 0.75, -1.5, 2.0])
loaded = [line.split()[-1] for line in open("/proc/self/maps") if "manipdyn" in line]
print(json.dumps({"file": md.__file__, "version": md.__version__,
                  "tau": md.inverse_dynamics(p, q, qd, qdd).tolist(), "loaded": sorted(set(loaded))}))
"""


def missing_debian_packages():
    """The Debian packages that pip install / python3 -m build need and that are missing."""
    missing = []
    if shutil.which("cmake") is None:
        missing.append("cmake")
    probe = "import ensurepip, venv, setuptools, wheel"
    if subprocess.run([PYTHON, "-c", probe], capture_output=True).returncode != 0:
        missing.append("python3-venv python3-setuptools python3-wheel")
    return missing


def in_tree_build_dir():
    """The CMake build folder of the module under test, if it was built from this repository."""
    build = pathlib.Path(md.__file__).resolve().parents[2]
    cache = build / "CMakeCache.txt"
    if cache.exists() and f"CMAKE_HOME_DIRECTORY:INTERNAL={REPO}" in cache.read_text():
        return build
    return None


def build_env():
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_INDEX_URL")}
    build = in_tree_build_dir()
    if build is not None:
        env["MANIPDYN_CMAKE_BUILD_DIR"] = str(build)
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    missing = missing_debian_packages()
    if missing:
        pytest.skip("pip install needs the Debian packages " + " ".join(missing) +
                    " (scripts/install_deps.sh installs them)")
    root = tmp_path_factory.mktemp("pip")
    env_dir = root / "venv"
    subprocess.run([PYTHON, "-m", "venv", "--system-site-packages", str(env_dir)], check=True)
    # --no-index: numpy, setuptools and wheel come from Debian (the system site packages)
    result = subprocess.run(
        [str(env_dir / "bin" / "pip"), "install", "--no-build-isolation", "--no-index", "."],
        cwd=REPO, env=build_env(), capture_output=True, text=True, timeout=3600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return root, env_dir


def test_pip_install_into_a_venv_imports_outside_the_tree(venv):
    root, env_dir = venv
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([str(env_dir / "bin" / "python"), "-c", CHECK], cwd=root, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    # the installed package, not the tree's: the module and every manipdyn library it loads
    assert pathlib.Path(got["file"]).resolve().is_relative_to(env_dir.resolve()), got["file"]
    assert got["loaded"] and all(not pathlib.Path(f).resolve().is_relative_to(REPO)
                                 for f in got["loaded"]), got["loaded"]
    assert got["version"] == md.__version__
    p = md.puma560(with_drive=True)
    q = np.array([0.1, -0.4, 0.7, 0.2, -0.3, 0.5])
    qd = np.array([0.3, -0.2, 0.1, 0.5, -0.4, 0.2])
    qdd = np.array([1.0, -0.5, 0.25, 0.75, -1.5, 2.0])
    np.testing.assert_array_equal(np.array(got["tau"]), md.inverse_dynamics(p, q, qd, qdd))


def test_build_makes_a_wheel_with_the_module_and_the_package(venv, tmp_path):
    if importlib.util.find_spec("build") is None:
        pytest.skip("python3 -m build needs the Debian package python3-build "
                    "(scripts/install_deps.sh installs it)")
    result = subprocess.run(
        [PYTHON, "-m", "build", "--no-isolation", "--wheel", "--outdir", str(tmp_path), "."],
        cwd=REPO, env=build_env(), capture_output=True, text=True, timeout=3600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    wheels = list(tmp_path.glob("manipdyn-*.whl"))
    assert len(wheels) == 1, wheels
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert "manipdyn/__init__.py" in names and "manipdyn/stewart.py" in names, names
    assert any(n.startswith("manipdyn/_manipdyn.") and n.endswith(".so") for n in names), names
