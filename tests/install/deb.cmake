# ctest "install.deb": `cpack -G DEB` makes the Debian package, `dpkg -x` unpacks it into a
# temporary folder, and from there: the CLI prints the version and computes the torques the
# build tree's CLI computes; `simulate` and `control` plot with the unpacked plot scripts (a
# line put at the top of each records that it ran); the Python package imports with the
# unpacked shared library. The control fields are checked, and every shared library that the
# packaged programs need comes from a package named in Depends (dpkg -S).
# Variables (-D): BINARY_DIR, WORK_DIR, VERSION, PYTHONDIR, CPACK.
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support.cmake)

set(out_dir ${WORK_DIR}/deb)
set(root ${out_dir}/root)
file(REMOVE_RECURSE ${out_dir})
md_run("cpack -G DEB" COMMAND ${CPACK} -G DEB --config ${BINARY_DIR}/CPackConfig.cmake -B ${out_dir})
file(GLOB deb ${out_dir}/manipdyn_${VERSION}_*.deb)
list(LENGTH deb n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected one manipdyn_${VERSION}_<arch>.deb in ${out_dir}, found: ${deb}")
endif()

# The control fields.
md_run("dpkg-deb -f" COMMAND dpkg-deb -f ${deb} Package Version Maintainer Depends
       OUTPUT_VARIABLE fields)
md_expect_match("Package" "${fields}" "Package: manipdyn\n")
md_expect_match("Version" "${fields}" "Version: ${VERSION}\n")
md_expect_match("Maintainer" "${fields}" "Maintainer: [^\n]+<[^\n]+@[^\n]+>\n")
string(REGEX MATCH "Depends: ([^\n]*)" _ "${fields}")
string(REPLACE ", " ";" depends "${CMAKE_MATCH_1}")
list(TRANSFORM depends REPLACE " .*" "")
foreach(p python3 python3-numpy python3-matplotlib)
  if(NOT p IN_LIST depends)
    message(FATAL_ERROR "Depends lacks ${p}: ${fields}")
  endif()
endforeach()

md_run("dpkg -x" COMMAND dpkg -x ${deb} ${root})
set(cli ${root}/usr/bin/manipdyn)
file(GLOB module ${root}/usr/${PYTHONDIR}/manipdyn/_manipdyn*.so)
file(GLOB_RECURSE libs ${root}/usr/*/libmanipdyn.so.*)
md_expect_files(${root} usr/include/manipdyn/version.hpp usr/share/manipdyn/models/puma560.yaml
                usr/share/manipdyn/data/ur10e/ur10e.urdf)
if(NOT module OR NOT libs)
  message(FATAL_ERROR "no Python module or shared library in the package")
endif()

# Every shared library the packaged programs need: in the package, or from a Depends package.
foreach(elf ${cli} ${module} ${libs})
  md_run("ldd ${elf}" COMMAND ldd ${elf} OUTPUT_VARIABLE ldd)
  string(REGEX MATCHALL "=> [^ \n]+" paths "${ldd}")
  if(ldd MATCHES "not found")
    message(FATAL_ERROR "${elf}: unresolved libraries:\n${ldd}")
  endif()
  foreach(path ${paths})
    string(REPLACE "=> " "" path "${path}")
    if(path MATCHES "^${root}/")
      continue()
    endif()
    file(REAL_PATH ${path} real)
    string(REGEX REPLACE "^/usr/lib/" "/lib/" short "${real}")
    execute_process(COMMAND dpkg -S ${path} ${real} ${short} OUTPUT_VARIABLE owner ERROR_QUIET)
    string(REGEX MATCH "^[^:]+" owner "${owner}")
    if(NOT owner OR NOT owner IN_LIST depends)
      message(FATAL_ERROR "${elf} needs ${path} from package '${owner}', not in Depends: ${depends}")
    endif()
  endforeach()
endforeach()
message(STATUS "every needed library comes from Depends")

# The CLI from the unpacked tree.
md_run("unpacked manipdyn --version" COMMAND ${cli} --version OUTPUT_VARIABLE out)
md_expect_match("manipdyn --version" "${out}" "^manipdyn ${VERSION}\n$")
md_run("unpacked manipdyn inverse-dynamics" COMMAND ${cli} inverse-dynamics --model puma560
       OUTPUT_VARIABLE unpacked)
md_run("build-tree manipdyn inverse-dynamics" COMMAND ${BINARY_DIR}/manipdyn inverse-dynamics
       --model puma560 OUTPUT_VARIABLE built)
if(NOT unpacked STREQUAL built)
  message(FATAL_ERROR "the unpacked CLI computes other torques:\n${unpacked}\nbuild tree:\n${built}")
endif()
md_expect_match("inverse-dynamics output" "${unpacked}" "[0-9]")

# Plots with the unpacked scripts: each records its own path when it runs.
set(marker ${out_dir}/scripts_run.txt)
foreach(script plot_csv.py plot_control.py)
  set(f ${root}/usr/${PYTHONDIR}/manipdyn/${script})
  file(READ ${f} text)
  file(WRITE ${f} "import os as _o; _o.environ.get('MANIPDYN_TEST_MARKER') and open(_o.environ['MANIPDYN_TEST_MARKER'], 'a').write(__file__ + '\\n')\n${text}")
endforeach()
set(ENV{MANIPDYN_TEST_MARKER} ${marker})
set(plots ${out_dir}/plots)
md_run("unpacked manipdyn simulate" COMMAND ${cli} simulate --duration 0.05 --output-dir ${plots}
       --name sim WORKING_DIRECTORY ${out_dir})
md_run("unpacked manipdyn control" COMMAND ${cli} control --move-time 0.05 --settle-time 0.05
       --output-dir ${plots} --name ct WORKING_DIRECTORY ${out_dir})
md_expect_files(${plots} sim_q.png ct_errors.png ct_torques.png)
file(READ ${marker} ran)
md_expect_match("plot_csv.py of the package ran" "${ran}" "${root}/usr/${PYTHONDIR}/manipdyn/plot_csv.py\n")
md_expect_match("plot_control.py of the package ran" "${ran}" "${root}/usr/${PYTHONDIR}/manipdyn/plot_control.py\n")
unset(ENV{MANIPDYN_TEST_MARKER})

# The Python package from the unpacked tree, with the unpacked shared library.
set(ENV{PYTHONPATH} ${root}/usr/${PYTHONDIR})
md_run("import the unpacked package" WORKING_DIRECTORY ${out_dir}
  COMMAND /usr/bin/python3 -B -c [=[
import os, numpy as np, manipdyn as md
libs = {l.split()[-1] for l in open("/proc/self/maps") if "libmanipdyn.so" in l}
print("file", os.path.realpath(md.__file__))
print("version", md.__version__)
print("libs", ";".join(sorted(os.path.realpath(p) for p in libs)))
tau = md.inverse_dynamics(md.puma560(), np.zeros(6), np.zeros(6), np.zeros(6))
print("finite", bool(np.all(np.isfinite(tau))))
]=] OUTPUT_VARIABLE out)
md_expect_match("package location" "${out}" "file ${root}/usr/${PYTHONDIR}/manipdyn/__init__.py\n")
md_expect_match("manipdyn.__version__" "${out}" "version ${VERSION}\n")
md_expect_match("shared library loaded" "${out}" "libs ${root}/usr/[^;\n]*/libmanipdyn\\.so[.0-9]*\n")
md_expect_match("torques" "${out}" "finite True")
