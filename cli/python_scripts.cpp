// The Python plot scripts of the CLI: installed beside the executable's prefix, else the source
// tree (python_scripts.hpp).
#include "python_scripts.hpp"

#include <system_error>

#ifndef MANIPDYN_SCRIPT_DIR_FROM_BIN
#error "MANIPDYN_SCRIPT_DIR_FROM_BIN must be defined (cli/CMakeLists.txt)"
#endif
#ifndef MANIPDYN_SOURCE_SCRIPT_DIR
#error "MANIPDYN_SOURCE_SCRIPT_DIR must be defined (cli/CMakeLists.txt)"
#endif

namespace manipdyn::cli {

std::filesystem::path python_script(const std::string& file) {
  namespace fs = std::filesystem;
  // The installed package, relative to the folder of the running executable.
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed =
        (exe.parent_path() / MANIPDYN_SCRIPT_DIR_FROM_BIN / file).lexically_normal();
    if (fs::exists(installed, ec)) return installed;
  }
  // The source tree (the CLI in the build tree).
  return fs::path(MANIPDYN_SOURCE_SCRIPT_DIR) / file;
}

}  // namespace manipdyn::cli
