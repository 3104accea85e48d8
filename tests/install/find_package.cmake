# ctest "install.find_package": examples/ configured and built as an outside project against the
# installed prefix (find_package(manipdyn 0.1 REQUIRED) + target_link_libraries(... manipdyn::...)),
# once with the shared library (manipdyn::manipdyn) and once with the static one
# (manipdyn::manipdyn_static, whose private dependencies the package config finds); every
# example is run. Variables (-D): SOURCE_DIR, PREFIX, WORK_DIR, GENERATOR, CXX_COMPILER,
# CXX_LAUNCHER (may be empty).
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support.cmake)

file(GLOB examples ${SOURCE_DIR}/examples/*.cpp)
list(LENGTH examples n_examples)
set(launcher "")
if(CXX_LAUNCHER)
  set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_LAUNCHER})
endif()
foreach(kind shared static)
  if(kind STREQUAL "shared")
    set(target manipdyn::manipdyn)
  else()
    set(target manipdyn::manipdyn_static)
  endif()
  set(build ${WORK_DIR}/examples_${kind})
  file(REMOVE_RECURSE ${build})
  # The installed package only: the prefix, never the build tree.
  md_run("configure examples/ (${target})"
    COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples -B ${build} -G ${GENERATOR}
            -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} ${launcher}
            -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
            -DMANIPDYN_EXAMPLES_LIBRARY=${target} -DMANIPDYN_SOURCE_DIR=${SOURCE_DIR}
    OUTPUT_VARIABLE out)
  file(READ ${build}/CMakeCache.txt cache)
  md_expect_match("manipdyn_DIR of the outside project" "${cache}"
                  "manipdyn_DIR:PATH=${PREFIX}/[^\n]*cmake/manipdyn\n")
  md_run("build examples/ (${target})" COMMAND ${CMAKE_COMMAND} --build ${build} -j2)

  # Shared: the program needs libmanipdyn.so; static: it does not.
  md_run("readelf quickstart" COMMAND readelf -d ${build}/quickstart OUTPUT_VARIABLE dyn)
  if(kind STREQUAL "shared" AND NOT dyn MATCHES "NEEDED[^\n]*libmanipdyn\\.so")
    message(FATAL_ERROR "quickstart (${target}) does not need libmanipdyn.so:\n${dyn}")
  elseif(kind STREQUAL "static" AND dyn MATCHES "libmanipdyn")
    message(FATAL_ERROR "quickstart (${target}) needs libmanipdyn.so:\n${dyn}")
  endif()

  # Every example, through the ctests the outside project defines (each checks itself).
  md_run("run the examples (${target})"
    COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${build} --output-on-failure
    OUTPUT_VARIABLE out)
  md_expect_match("examples run (${target})" "${out}"
                  "100% tests passed, 0 tests failed out of ${n_examples}\n")
  md_run("quickstart (${target})" COMMAND ${build}/quickstart OUTPUT_VARIABLE out)
  md_expect_match("quickstart output" "${out}" "tau \\(N m\\) *= *[-0-9]")
endforeach()
