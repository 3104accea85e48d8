#pragma once
/// \file python_scripts.hpp
/// The Python plot scripts (python/manipdyn/*.py: plot_csv.py, plot_control.py,
/// stewart_plots.py, ...) that the CLI runs with /usr/bin/python3, and the one way it runs them.
/// Where a script is found:
///  1. installed: in the installed Python package, found relative to the running executable
///     (`<prefix>/bin/manipdyn` -> `<prefix>/lib/python3/dist-packages/manipdyn/`; the relative
///     path is fixed by CMake from the install directories), so an installed or unpacked
///     package works wherever its prefix is;
///  2. otherwise the source tree (python/manipdyn/ beside cli/), for the CLI in the build tree.
#include <filesystem>
#include <string>
#include <vector>

namespace manipdyn::cli {

/// The path of the plot script `file` (e.g. "plot_csv.py"): the installed copy if it exists,
/// else the one in the source tree (which may not exist either; the caller reports that).
std::filesystem::path python_script(const std::string& file);
/// The same, unless the environment variable `env` is set: then its value (the tests point
/// it at a script that fails).
std::filesystem::path python_script(const std::string& file, const char* env);

/// What run_python_script() did: the exit status (0 success; 128 + the signal if the script was
/// killed; -1 if it could not be started) and the command, for messages.
struct ScriptRun {
  int status = -1;
  std::string command;  ///< `/usr/bin/python3 'script' 'arg' ...`, quoted for display only
  bool ok() const { return status == 0; }
};

/// Runs `/usr/bin/python3 <script> args...` and waits for it. The arguments are passed as a list
/// to posix_spawn, never through a shell, so quotes, spaces and `$` reach the script as they
/// are. With `log`, the script's standard output is appended to that file (standard error is
/// inherited either way). std::cout is flushed first.
ScriptRun run_python_script(const std::filesystem::path& script,
                            const std::vector<std::string>& args,
                            const std::filesystem::path& log = {});

/// run_python_script() on `script` (a python_script() path); throws std::runtime_error
/// ("plot script not found: <script>", or "plotting failed: <command><hint>") if the script is
/// missing or fails.
void run_plot_script(const std::filesystem::path& script, const std::vector<std::string>& args,
                     const std::filesystem::path& log = {}, const std::string& hint = {});

}  // namespace manipdyn::cli
