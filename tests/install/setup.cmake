# ctest "install.setup" (fixture manipdyn_install): installs the build tree into a temporary
# prefix, as `cmake --install <build> --prefix <prefix>`, and checks the layout (cmake/install.cmake):
# headers with the generated version.hpp (public ones only, each including installed ones),
# static and shared library, package config, CLI,
# Python package (Debian layout), model files; installed programs find the library through an
# RPATH relative to themselves; the installed CLI prints the project version.
# Variables (-D): BINARY_DIR, SOURCE_DIR, PREFIX, VERSION, LIBDIR, PYTHONDIR, CLI, PYTHON.
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/support.cmake)

file(REMOVE_RECURSE ${PREFIX})
md_run("cmake --install" COMMAND ${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${PREFIX})

# The library, its headers and the package config.
md_expect_files(${PREFIX}
  include/manipdyn/version.hpp include/manipdyn/serial/inverse_dynamics.hpp
  include/manipdyn/control/operation_counts.hpp
  ${LIBDIR}/libmanipdyn.a ${LIBDIR}/libmanipdyn.so ${LIBDIR}/libmanipdyn.so.${VERSION}
  ${LIBDIR}/cmake/manipdyn/manipdynConfig.cmake ${LIBDIR}/cmake/manipdyn/manipdynConfigVersion.cmake
  ${LIBDIR}/cmake/manipdyn/manipdynTargets.cmake share/doc/manipdyn/README.md)
file(READ ${PREFIX}/include/manipdyn/version.hpp version_hpp)
md_expect_match("installed version.hpp" "${version_hpp}" "#define MANIPDYN_VERSION \"${VERSION}\"")
file(GLOB templates ${PREFIX}/include/manipdyn/*.in)
if(templates)
  message(FATAL_ERROR "templates installed: ${templates}")
endif()
# Only public headers: the private helpers of the algorithms live in src/ (the Newton-Euler core,
# once include/manipdyn/serial/detail/), and every header the installed ones include is installed.
file(GLOB_RECURSE private_headers ${PREFIX}/include/manipdyn/*/detail/*)
if(private_headers)
  message(FATAL_ERROR "private headers installed: ${private_headers}")
endif()
file(GLOB_RECURSE installed_headers ${PREFIX}/include/manipdyn/*.hpp)
foreach(header ${installed_headers})
  file(STRINGS ${header} includes REGEX "^#include \"manipdyn/")
  foreach(line ${includes})
    string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" included "${line}")
    if(NOT EXISTS ${PREFIX}/include/${included})
      message(FATAL_ERROR "${header} includes ${included}, which is not installed")
    endif()
  endforeach()
endforeach()

# Every model file of models/.
file(GLOB models RELATIVE ${SOURCE_DIR}/models ${SOURCE_DIR}/models/*.yaml)
list(LENGTH models n_models)
if(n_models EQUAL 0)
  message(FATAL_ERROR "no models/*.yaml in ${SOURCE_DIR}")
endif()
list(TRANSFORM models PREPEND share/manipdyn/models/)
md_expect_files(${PREFIX} ${models})

# The CLI: runs from the prefix, with the library beside it ($ORIGIN-relative RUNPATH).
if(CLI)
  md_expect_files(${PREFIX} bin/manipdyn)
  file(RELATIVE_PATH rel ${PREFIX}/bin ${PREFIX}/${LIBDIR})
  md_expect_runpath(${PREFIX}/bin/manipdyn "$ORIGIN/${rel}")
  md_run("installed manipdyn --version" COMMAND ${PREFIX}/bin/manipdyn --version
         OUTPUT_VARIABLE out)
  md_expect_match("manipdyn --version" "${out}" "^manipdyn ${VERSION}\n$")
endif()

# The Python package: every python/manipdyn/*.py and the compiled module.
if(CLI OR PYTHON)
  file(GLOB py RELATIVE ${SOURCE_DIR}/python/manipdyn ${SOURCE_DIR}/python/manipdyn/*.py)
  list(TRANSFORM py PREPEND ${PYTHONDIR}/manipdyn/)
  md_expect_files(${PREFIX} ${py})
endif()
if(PYTHON)
  md_expect_files(${PREFIX} ${PYTHONDIR}/manipdyn/_manipdyn*.so)
  file(GLOB module ${PREFIX}/${PYTHONDIR}/manipdyn/_manipdyn*.so)
  file(RELATIVE_PATH rel ${PREFIX}/${PYTHONDIR}/manipdyn ${PREFIX}/${LIBDIR})
  md_expect_runpath(${module} "$ORIGIN/${rel}")
endif()
