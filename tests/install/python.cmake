# ctest "install.python": Debian's /usr/bin/python3 imports the installed package from the
# prefix's dist-packages (PYTHONPATH, as /usr/lib/python3/dist-packages is for a /usr install),
# run from a folder outside the build and source trees. Checks: the package and the shared
# library it loads are the prefix's; __version__ is the project version; the PUMA 560 torques are
# those of the build tree's module, bit for bit, and satisfy tau(q, 0, 0) = G(q) and
# tau = M qdd + C qd + G for the rigid arm.
# Variables (-D): BINARY_DIR, PREFIX, PYTHONDIR, VERSION, WORK_DIR.
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support.cmake)

set(cwd ${WORK_DIR}/python_cwd)
file(REMOVE_RECURSE ${cwd})
file(MAKE_DIRECTORY ${cwd})
file(WRITE ${cwd}/check.py [=[
import math, os, sys
import numpy as np
import manipdyn as md

print("file", os.path.realpath(md.__file__))
print("version", md.__version__)
libs = {line.split()[-1] for line in open("/proc/self/maps") if "libmanipdyn.so" in line}
print("libs", ";".join(sorted(os.path.realpath(p) for p in libs)))
arm = md.puma560()
q = np.array([0.1, -0.7, 0.4, 1.2, -0.3, 0.8])
qd = np.array([0.5, -0.2, 0.3, 0.1, -0.4, 0.6])
qdd = np.array([1.0, 0.5, -0.8, 0.2, 0.3, -0.6])
tau = md.inverse_dynamics(arm, q, qd, qdd)
print("tau", " ".join(repr(float(x)) for x in tau))
assert np.all(np.isfinite(tau)) and np.max(np.abs(tau)) > 1.0, tau
# Identities of the dynamics (docs/formulations.md): gravity alone, and the terms of tau.
g = md.gravity_torques(arm, q)
static = md.inverse_dynamics(arm, q, np.zeros(6), np.zeros(6))
assert np.max(np.abs(static - g)) < 1e-9, (static, g)
rigid = arm.without_drive()
terms = md.mass_matrix(rigid, q) @ qdd + md.bias_torques(rigid, q, qd)
err = np.max(np.abs(md.inverse_dynamics(rigid, q, qd, qdd) - terms))
assert err < 1e-9, err
print("identities ok")
]=])

# The installed package, from outside the build tree.
set(ENV{PYTHONPATH} ${PREFIX}/${PYTHONDIR})
md_run("import the installed package" COMMAND /usr/bin/python3 -B check.py
       WORKING_DIRECTORY ${cwd} OUTPUT_VARIABLE installed)
md_expect_match("package location" "${installed}" "file ${PREFIX}/${PYTHONDIR}/manipdyn/__init__.py\n")
md_expect_match("manipdyn.__version__" "${installed}" "version ${VERSION}\n")
md_expect_match("shared library loaded" "${installed}" "libs ${PREFIX}/[^;\n]*/libmanipdyn\\.so[.0-9]*\n")
md_expect_match("identities" "${installed}" "identities ok")

# The build tree's module computes the same torques.
set(ENV{PYTHONPATH} ${BINARY_DIR}/python)
md_run("import the build-tree package" COMMAND /usr/bin/python3 -B check.py
       WORKING_DIRECTORY ${cwd} OUTPUT_VARIABLE built)
string(REGEX MATCH "tau [^\n]*" tau_installed "${installed}")
string(REGEX MATCH "tau [^\n]*" tau_built "${built}")
if(NOT tau_installed STREQUAL tau_built OR tau_installed STREQUAL "")
  message(FATAL_ERROR "installed and build-tree torques differ:\n${tau_installed}\n${tau_built}")
endif()
md_expect_match("build-tree package location" "${built}" "file ${BINARY_DIR}/python/manipdyn/")
