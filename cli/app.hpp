#pragma once
/// \file app.hpp
/// The `manipdyn` command line as a function: main() calls run(), and the argument-parsing
/// fuzzer (fuzz/fuzz_cli_args.cpp) calls it with Execution::parse_only.
#include <ostream>
#include <string>
#include <vector>

namespace manipdyn::cli {

/// Whether run() executes the command it parsed.
enum class Execution {
  run_command,  ///< parse, check, then run the command (the `manipdyn` program)
  parse_only,   ///< parse and check every option, run nothing (fuzzing)
};

/// Parses the words `args` (without the program name) against every registered subcommand,
/// runs the command, and returns the exit status: 0 success (also --help, --version, whose
/// text goes to `out`), 2 usage error, 1 model or computation error; every error is printed to
/// `err` as "manipdyn[ <command>]: error: <message>".
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
        Execution execution = Execution::run_command);

}  // namespace manipdyn::cli
