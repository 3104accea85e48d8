"""Builds the Python package manipdyn for `pip install .` and `python3 -m build`.

setuptools drives the project's own CMake build: it configures the repository (library and
Python module only, the library linked statically into the module, so that the installed package
needs no libmanipdyn.so), builds the one target `_manipdyn` (python/CMakeLists.txt) and puts the
module beside the pure-Python files of python/manipdyn.

MANIPDYN_CMAKE_BUILD_DIR=<dir> builds in <dir> instead of a folder under build/pip, so that a
second install compiles nothing. A <dir> that is already configured (e.g. the build/ of
scripts/build.sh) is used as it is, with its own options: when its module links the shared
libmanipdyn.so, that library is copied into the package and the module's RUNPATH is set to
$ORIGIN (CMake's file(RPATH_SET)). The compiler launcher (ccache) and the number of jobs come
from CMake's own environment variables CMAKE_CXX_COMPILER_LAUNCHER and
CMAKE_BUILD_PARALLEL_LEVEL (default: every core).
"""
import glob
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
MODULE_TARGET = "_manipdyn"  # python/CMakeLists.txt: pybind11_add_module(_manipdyn ...)


def project_version():
    """The version of project(manipdyn VERSION x.y.z) in CMakeLists.txt."""
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(\s*manipdyn\s+VERSION\s+([0-9.]+)", text)
    if not match:
        raise RuntimeError("setup.py: no project(manipdyn VERSION ...) in CMakeLists.txt")
    return match.group(1)


def cache_value(build_dir, name):
    """The value of `name` in build_dir/CMakeCache.txt, or None."""
    cache = pathlib.Path(build_dir) / "CMakeCache.txt"
    if not cache.exists():
        return None
    match = re.search(rf"^{name}:[A-Z]+=(.*)$", cache.read_text(), re.M)
    return match.group(1) if match else None


def run(command):
    print("setup.py:", " ".join(command), flush=True)
    subprocess.run(command, check=True)


class CMakeExtension(Extension):
    """The module built by CMake (no sources for setuptools to compile)."""

    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("MANIPDYN_CMAKE_BUILD_DIR") or str(
            pathlib.Path(self.build_temp).resolve() / "cmake")
        build_dir = os.path.abspath(build_dir)
        if cache_value(build_dir, "CMAKE_HOME_DIRECTORY") is None:
            self.configure(build_dir)
        command = ["cmake", "--build", build_dir, "--target", MODULE_TARGET]
        if "CMAKE_BUILD_PARALLEL_LEVEL" not in os.environ:
            command += ["--parallel", str(os.cpu_count() or 1)]
        run(command)
        self.copy_module(build_dir, pathlib.Path(self.get_ext_fullpath(ext.name)))

    def configure(self, build_dir):
        # only the library and the module; the library static, inside the module
        run(["cmake", "-S", str(ROOT), "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
             f"-DPython_EXECUTABLE={os.path.realpath(sys.executable)}",
             "-DMANIPDYN_BUILD_PYTHON=ON", "-DMANIPDYN_BUILD_SHARED=OFF",
             "-DMANIPDYN_BUILD_TESTS=OFF", "-DMANIPDYN_BUILD_BENCH=OFF",
             "-DMANIPDYN_BUILD_CLI=OFF", "-DMANIPDYN_BUILD_EXAMPLES=OFF",
             "-DMANIPDYN_INSTALL=OFF"])

    def copy_module(self, build_dir, destination):
        # the module as CMake names it (build/python/manipdyn/_manipdyn.<ABI suffix>.so)
        built = glob.glob(os.path.join(build_dir, "python", "manipdyn", MODULE_TARGET + ".*so"))
        if len(built) != 1:
            raise RuntimeError(f"setup.py: expected one {MODULE_TARGET} module in "
                               f"{build_dir}/python/manipdyn, found {built}")
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], destination)
        # a library bundled by an earlier build into the same build/pip folder goes
        for stale in destination.parent.glob("libmanipdyn.so*"):
            stale.unlink()
        if cache_value(build_dir, "MANIPDYN_BUILD_SHARED") in ("ON", "TRUE", "1", "YES"):
            self.bundle_shared_library(build_dir, destination)

    def bundle_shared_library(self, build_dir, module):
        # an existing build whose module links libmanipdyn.so: the library (under its soname)
        # goes beside the module, which then finds it through RUNPATH $ORIGIN
        libraries = [p for p in glob.glob(os.path.join(build_dir, "libmanipdyn.so.*"))
                     if not os.path.islink(p)]
        if len(libraries) != 1:
            raise RuntimeError(f"setup.py: expected one libmanipdyn.so.* in {build_dir}, "
                               f"found {libraries}")
        version = project_version().split(".")
        soname = "libmanipdyn.so." + ".".join(version[:2])
        shutil.copyfile(libraries[0], module.parent / soname)
        script = pathlib.Path(self.build_temp) / "set_rpath.cmake"
        script.parent.mkdir(parents=True, exist_ok=True)
        script.write_text("file(RPATH_SET FILE \"${MODULE}\" NEW_RPATH \"$ORIGIN\")\n")
        run(["cmake", f"-DMODULE={module}", "-P", str(script)])


setup(
    version=project_version(),
    packages=["manipdyn"],
    package_dir={"manipdyn": "python/manipdyn"},
    ext_modules=[CMakeExtension("manipdyn._manipdyn")],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own folders under build/pip, apart from CMake's build/ of scripts/build.sh
    options={"build": {"build_base": "build/pip"}},
    zip_safe=False,
)
