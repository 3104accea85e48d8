#pragma once
/// \file command.hpp
/// Subcommands of the `manipdyn` CLI. Each cli/<name>.cpp registers its subcommand with a static
/// `const bool registered = register_command({...});`, so parts of the system add commands
/// without touching main.cpp. A command reports an error by throwing; main prints
/// "manipdyn <command>: error: <message>" and exits with status 2 for a UsageError (checks.hpp:
/// a wrong command line) and 1 for anything else (a model or computation error).
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace manipdyn::cli {

struct Command {
  std::string name;                          ///< subcommand word, e.g. "opcount"
  std::string help;                          ///< one-line description for --help
  std::function<void(CLI::App& sub)> setup;  ///< adds options and sets sub.callback(...)
};

/// Adds a subcommand to the registry (call from a static initialiser); returns true.
bool register_command(Command command);
/// Every registered subcommand, sorted by name.
const std::vector<Command>& commands();

/// Adds a subcommand to the command group `group` (e.g. "stewart": `manipdyn stewart <name>`);
/// call from a static initialiser in the subcommand's own file; returns true.
bool register_subcommand(const std::string& group, Command command);
/// The subcommands registered into `group`, sorted by name; the group's setup adds them.
std::vector<Command> subcommands(const std::string& group);

}  // namespace manipdyn::cli
