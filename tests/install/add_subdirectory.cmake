# ctest "install.add_subdirectory": configures (and generates) tests/install/subproject, which
# takes manipdyn in with add_subdirectory and asserts that only the libraries are defined;
# GoogleTest, Google Benchmark, CLI11, pybind11 and Python are made unfindable, so configuring
# must not need them. Not built: that would compile the library once more (the consumer's link
# interfaces are resolved by the generation step).
# Variables (-D): SOURCE_DIR, WORK_DIR, GENERATOR, CXX_COMPILER.
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support.cmake)

set(build ${WORK_DIR}/subproject)
file(REMOVE_RECURSE ${build})
md_run("configure a project with add_subdirectory(manipdyn)"
  COMMAND ${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/subproject -B ${build} -G ${GENERATOR}
          -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DMANIPDYN_SOURCE_DIR=${SOURCE_DIR}
          -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON
          -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON -DCMAKE_DISABLE_FIND_PACKAGE_pybind11=ON
          -DCMAKE_DISABLE_FIND_PACKAGE_Python=ON -DCMAKE_DISABLE_FIND_PACKAGE_orocos_kdl=ON
  OUTPUT_VARIABLE out)
md_expect_match("generation" "${out}" "Generating done")
