file(REMOVE_RECURSE
  "CMakeFiles/manipdyn.dir/src/core/counting_scalar.cpp.o"
  "CMakeFiles/manipdyn.dir/src/core/counting_scalar.cpp.o.d"
  "CMakeFiles/manipdyn.dir/src/serial/builtin_models.cpp.o"
  "CMakeFiles/manipdyn.dir/src/serial/builtin_models.cpp.o.d"
  "CMakeFiles/manipdyn.dir/src/serial/kinematics.cpp.o"
  "CMakeFiles/manipdyn.dir/src/serial/kinematics.cpp.o.d"
  "CMakeFiles/manipdyn.dir/src/serial/model.cpp.o"
  "CMakeFiles/manipdyn.dir/src/serial/model.cpp.o.d"
  "libmanipdyn.a"
  "libmanipdyn.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/manipdyn.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
