// The Python plot scripts of the CLI: where they are, and how they are run (python_scripts.hpp).
#include "python_scripts.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <system_error>

#ifndef MANIPDYN_SCRIPT_DIR_FROM_BIN
#error "MANIPDYN_SCRIPT_DIR_FROM_BIN must be defined (cli/CMakeLists.txt)"
#endif
#ifndef MANIPDYN_SOURCE_SCRIPT_DIR
#error "MANIPDYN_SOURCE_SCRIPT_DIR must be defined (cli/CMakeLists.txt)"
#endif

extern char** environ;

namespace manipdyn::cli {
namespace {

constexpr const char* kPython = "/usr/bin/python3";

// A word as a shell would need it (single quotes; a quote inside becomes '\''), for messages.
std::string display_word(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

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

std::filesystem::path python_script(const std::string& file, const char* env) {
  if (const char* value = std::getenv(env)) return value;
  return python_script(file);
}

ScriptRun run_python_script(const std::filesystem::path& script,
                            const std::vector<std::string>& args,
                            const std::filesystem::path& log) {
  // The argument list: python3, the script, the arguments.
  std::vector<std::string> words = {kPython, script.string()};
  words.insert(words.end(), args.begin(), args.end());
  ScriptRun run;
  for (const auto& w : words) run.command += (run.command.empty() ? "" : " ") + display_word(w);
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  // Standard output appended to the log, if any.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!log.empty())
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
  std::cout.flush();
  std::fflush(stdout);
  pid_t pid = 0;
  const int started = posix_spawn(&pid, kPython, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) return run;
  // Wait for it.
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return run;
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return run;
}

void run_plot_script(const std::filesystem::path& script, const std::vector<std::string>& args,
                     const std::filesystem::path& log, const std::string& hint) {
  if (!std::filesystem::exists(script))
    throw std::runtime_error("plot script not found: " + script.string());
  const ScriptRun run = run_python_script(script, args, log);
  if (!run.ok()) throw std::runtime_error("plotting failed: " + run.command + hint);
}

}  // namespace manipdyn::cli
