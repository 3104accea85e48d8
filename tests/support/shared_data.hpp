#pragma once
/// \file shared_data.hpp
/// shared_data("ur10e/x.csv"): a file of the measured robot data beside the repository
/// (MANIPDYN_SOURCE_DIR/../shared/data, see its README.md), or under the folder named by the
/// environment variable MANIPDYN_SHARED_DATA when that is set (a checkout elsewhere). Tests that
/// read it skip (GTEST_SKIP) when the file does not exist. What the repository carries itself
/// (examples/data/: the UR10e identification logs and URDF) is read from there first.
#include <cstdlib>
#include <filesystem>
#include <string>

namespace manipdyn::test_support {

inline std::filesystem::path shared_data(const std::string& relative) {
  const std::filesystem::path in_repository =
      std::filesystem::path(MANIPDYN_SOURCE_DIR "/examples/data") / relative;
  if (std::filesystem::exists(in_repository)) return in_repository;
  const char* folder = std::getenv("MANIPDYN_SHARED_DATA");
  const std::filesystem::path root =
      folder != nullptr ? std::filesystem::path(folder)
                        : std::filesystem::path(MANIPDYN_SOURCE_DIR "/../shared/data");
  return root / relative;
}

}  // namespace manipdyn::test_support
