file(REMOVE_RECURSE
  "CMakeFiles/_manipdyn.dir/src/module.cpp.o"
  "CMakeFiles/_manipdyn.dir/src/module.cpp.o.d"
  "manipdyn/_manipdyn.cpython-311-x86_64-linux-gnu.so"
  "manipdyn/_manipdyn.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/_manipdyn.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
