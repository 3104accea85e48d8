
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/core/counting_scalar.cpp" "CMakeFiles/manipdyn.dir/src/core/counting_scalar.cpp.o" "gcc" "CMakeFiles/manipdyn.dir/src/core/counting_scalar.cpp.o.d"
  "/work/main/src/serial/builtin_models.cpp" "CMakeFiles/manipdyn.dir/src/serial/builtin_models.cpp.o" "gcc" "CMakeFiles/manipdyn.dir/src/serial/builtin_models.cpp.o.d"
  "/work/main/src/serial/kinematics.cpp" "CMakeFiles/manipdyn.dir/src/serial/kinematics.cpp.o" "gcc" "CMakeFiles/manipdyn.dir/src/serial/kinematics.cpp.o.d"
  "/work/main/src/serial/model.cpp" "CMakeFiles/manipdyn.dir/src/serial/model.cpp.o" "gcc" "CMakeFiles/manipdyn.dir/src/serial/model.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
