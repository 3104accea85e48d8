# Install rules, the CMake package config and the Debian package (CPack) of manipdyn; included by
# the top-level CMakeLists.txt when MANIPDYN_INSTALL is on (the default for the top-level
# project). Layout under the prefix (README.md, "Use it in your project"):
#   include/manipdyn/...                      headers (with the generated version.hpp)
#   lib/libmanipdyn.a, lib/libmanipdyn.so*    static and shared library
#   lib/cmake/manipdyn/                       find_package(manipdyn 0.1): manipdyn::manipdyn
#                                             (shared), manipdyn::manipdyn_static
#   bin/manipdyn                              the CLI
#   lib/python3/dist-packages/manipdyn/       the Python package (Debian's layout)
#   share/manipdyn/models/*.yaml              the built-in models as files
#   share/doc/manipdyn/                       README.md and docs/
# Installed programs find the shared library through an RPATH relative to themselves ($ORIGIN),
# so an unpacked package (dpkg -x) runs from wherever it is.
include(CMakePackageConfigHelpers)
# `make install` and `cpack` do not build `all` first (cmake --install never does): build first,
# as scripts/build.sh does; the install checks of ctest (tests/install) then run cpack without
# rebuilding anything.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

set(MANIPDYN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/manipdyn)
set(MANIPDYN_MODELS_DIR ${CMAKE_INSTALL_DATADIR}/manipdyn/models)

# ---- the libraries, headers and the package config ------------------------------------------
install(TARGETS ${MANIPDYN_LIBRARIES} EXPORT manipdynTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/manipdyn DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
install(FILES ${PROJECT_BINARY_DIR}/include/manipdyn/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/manipdyn)
install(EXPORT manipdynTargets NAMESPACE manipdyn:: DESTINATION ${MANIPDYN_CMAKE_DIR})
configure_package_config_file(cmake/manipdynConfig.cmake.in
  ${PROJECT_BINARY_DIR}/manipdynConfig.cmake
  INSTALL_DESTINATION ${MANIPDYN_CMAKE_DIR} PATH_VARS MANIPDYN_MODELS_DIR)
# 0.x: a minor version may break the interface, so find_package(manipdyn 0.1) takes 0.1.*.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/manipdynConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/manipdynConfig.cmake
              ${PROJECT_BINARY_DIR}/manipdynConfigVersion.cmake
        DESTINATION ${MANIPDYN_CMAKE_DIR})

# ---- the model files and the documentation --------------------------------------------------
install(DIRECTORY models/ DESTINATION ${MANIPDYN_MODELS_DIR} FILES_MATCHING PATTERN "*.yaml")
# The example logs (the UR10e's, examples/data/ur10e/README.md) that the report identifies.
install(DIRECTORY examples/data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/manipdyn/data)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# ---- the CLI and the Python package ---------------------------------------------------------
# RPATH of an installed program: from its folder to the library folder.
function(manipdyn_relative_rpath target from_dir)
  file(RELATIVE_PATH rel ${CMAKE_INSTALL_PREFIX}/${from_dir}
       ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR})
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/${rel}")
endfunction()
set(MANIPDYN_PYTHON_PACKAGE_DIR ${MANIPDYN_INSTALL_PYTHONDIR}/manipdyn)
if(TARGET manipdyn_cli)
  manipdyn_relative_rpath(manipdyn_cli ${CMAKE_INSTALL_BINDIR})
  install(TARGETS manipdyn_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET _manipdyn)
  manipdyn_relative_rpath(_manipdyn ${MANIPDYN_PYTHON_PACKAGE_DIR})
  install(TARGETS _manipdyn LIBRARY DESTINATION ${MANIPDYN_PYTHON_PACKAGE_DIR})
endif()
# Every python/manipdyn/*.py (the package and the plot scripts that the CLI runs,
# cli/python_scripts.hpp), whether or not the compiled module is built.
if(TARGET manipdyn_cli OR TARGET _manipdyn)
  install(DIRECTORY python/manipdyn/ DESTINATION ${MANIPDYN_PYTHON_PACKAGE_DIR}
          FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
endif()

# ---- the Debian package: cpack -G DEB (in the build folder) ---------------------------------
# Depends: the Debian 12 runtime packages of what the installed files link and import
# (tests/install/deb.cmake checks that every shared library they need is in this list).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME manipdyn)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "dynamics of serial manipulators and Stewart platforms (C++ library, CLI, Python)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(MANIPDYN_DEB_MAINTAINER
    "manipdyn maintainers <maintainers@users.noreply.a-seed-7897f3ce.example>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${MANIPDYN_DEB_MAINTAINER}")
set(MANIPDYN_DEB_DEPENDS
  "libc6 (>= 2.36)" "libstdc++6 (>= 12)" "libgcc-s1"
  "libyaml-cpp0.7" "liburdfdom-model3.0" "liburdfdom-world3.0" "liburdfdom-sensor3.0"
  "liburdfdom-model-state3.0" "libconsole-bridge1.0" "libtinyxml2.6.2v5")
if(TARGET _manipdyn)
  # The compiled module is built for one Python minor version (Debian 12: 3.11).
  find_package(Python 3 REQUIRED COMPONENTS Interpreter)
  math(EXPR next_minor "${Python_VERSION_MINOR} + 1")
  list(APPEND MANIPDYN_DEB_DEPENDS
       "python3 (>= ${Python_VERSION_MAJOR}.${Python_VERSION_MINOR})"
       "python3 (<< ${Python_VERSION_MAJOR}.${next_minor})" "python3-numpy")
endif()
if(TARGET manipdyn_cli AND NOT TARGET _manipdyn)
  list(APPEND MANIPDYN_DEB_DEPENDS "python3")  # the CLI runs the plot scripts
endif()
if(TARGET _manipdyn OR TARGET manipdyn_cli)
  list(APPEND MANIPDYN_DEB_DEPENDS "python3-matplotlib")  # the plots
endif()
list(JOIN MANIPDYN_DEB_DEPENDS ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
# manipdyn.dask (optional: `import manipdyn` does not need it).
if(TARGET _manipdyn)
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-dask, python3-distributed")
endif()
# To build against the installed headers and package config.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS
    "cmake, libeigen3-dev, libyaml-cpp-dev, liburdfdom-dev, libtinyxml-dev, pkg-config")
include(CPack)
