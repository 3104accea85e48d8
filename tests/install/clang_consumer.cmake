# ctest "install.clang_consumer": tests/install/clang_consumer, an outside project compiled with
# clang++-14 against the installed library built by the project's compiler (g++), that includes
# <Eigen/Sparse> before manipdyn's headers and calls inverse_dynamics, mass_matrix,
# gravity_torques and forward_dynamics for double: it must link (clang-14 once mangled the
# default stride of the Eigen::Ref parameters otherwise than g++ after that header) and compute
# Corke's published PUMA 560 numbers. Also, for every other entry point: no template
# instantiation that the shared library exports from namespace manipdyn (less its private
# helpers, manipdyn::detail) has a dependent expression in its mangled name (an `X...E` template
# argument such as `Xsr...`), whose mangling may differ between compilers.
# Skipped (the message below) when clang++-14 is not installed.
# Variables (-D): SOURCE_DIR, PREFIX, LIBDIR, WORK_DIR, GENERATOR, CXX_LAUNCHER (may be empty).
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support.cmake)

find_program(clangxx NAMES clang++-14)
if(clangxx)
  set(launcher "")
  if(CXX_LAUNCHER)
    set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_LAUNCHER})
  endif()
  set(build ${WORK_DIR}/clang_consumer)
  file(REMOVE_RECURSE ${build})
  md_run("configure tests/install/clang_consumer with ${clangxx}"
    COMMAND ${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/clang_consumer -B ${build} -G ${GENERATOR}
            -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${clangxx} ${launcher}
            -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
  file(GLOB compiler_file ${build}/CMakeFiles/*/CMakeCXXCompiler.cmake)
  file(READ ${compiler_file} compiler)
  md_expect_match("compiler of the consumer" "${compiler}"
                  "CMAKE_CXX_COMPILER_ID \"Clang\".*CMAKE_CXX_COMPILER_VERSION \"14\\.")
  md_run("build the clang consumer (links inverse_dynamics, mass_matrix, ... for double)"
         COMMAND ${CMAKE_COMMAND} --build ${build})
  md_run("run the clang consumer" COMMAND ${build}/clang_consumer OUTPUT_VARIABLE out)
  message(STATUS "${out}")
  md_expect_match("clang consumer output" "${out}" "clang consumer: ok\n")
endif()

# The exported symbols of the installed shared library that the public headers declare: those
# of namespace manipdyn, less manipdyn::detail (the private helpers of src/, which only the
# library's own objects call, are there too).
md_run("nm -D libmanipdyn.so" COMMAND nm -D --defined-only ${PREFIX}/${LIBDIR}/libmanipdyn.so
       OUTPUT_VARIABLE symbols)
string(REGEX REPLACE "[^\n]*_ZN?K?8manipdyn6detail[^\n]*" "" symbols "${symbols}")
string(REGEX MATCHALL "_ZN?K?8manipdyn[^\n]*Xsr[^\n]*" dependent "${symbols}")
if(dependent)
  list(LENGTH dependent n)
  list(JOIN dependent "\n" dependent)
  message(FATAL_ERROR "${n} exported symbols of manipdyn have a dependent expression in their "
                      "mangled names (compilers may mangle them differently):\n${dependent}")
endif()
message(STATUS "no dependent expression in the exported symbols: ok")

if(NOT clangxx)
  message(STATUS "install.clang_consumer skipped: clang++-14 not found")
endif()
