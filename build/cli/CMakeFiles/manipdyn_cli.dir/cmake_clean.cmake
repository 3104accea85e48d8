file(REMOVE_RECURSE
  "../manipdyn"
  "../manipdyn.pdb"
  "CMakeFiles/manipdyn_cli.dir/main.cpp.o"
  "CMakeFiles/manipdyn_cli.dir/main.cpp.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/manipdyn_cli.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
