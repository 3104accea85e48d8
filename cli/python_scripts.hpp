#pragma once
/// \file python_scripts.hpp
/// Where the CLI finds the Python plot scripts (python/manipdyn/*.py: plot_csv.py,
/// plot_control.py, stewart_plots.py, ...) that it runs with /usr/bin/python3:
///  1. installed: in the installed Python package, found relative to the running executable
///     (`<prefix>/bin/manipdyn` -> `<prefix>/lib/python3/dist-packages/manipdyn/`; the relative
///     path is fixed by CMake from the install directories), so an installed or unpacked
///     package works wherever its prefix is;
///  2. otherwise the source tree (python/manipdyn/ beside cli/), for the CLI in the build tree.
#include <filesystem>
#include <string>

namespace manipdyn::cli {

/// The path of the plot script `file` (e.g. "plot_csv.py"): the installed copy if it exists,
/// else the one in the source tree (which may not exist either; the caller reports that).
std::filesystem::path python_script(const std::string& file);

}  // namespace manipdyn::cli
