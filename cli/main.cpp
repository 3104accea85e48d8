// The `manipdyn` command-line tool: one subcommand per job (see `manipdyn --help`).
#include <algorithm>
#include <exception>
#include <iostream>

#include "command.hpp"

namespace manipdyn::cli {

static std::vector<Command>& registry() {
  static std::vector<Command> list;
  return list;
}

bool register_command(Command command) {
  registry().push_back(std::move(command));
  return true;
}

const std::vector<Command>& commands() {
  auto& list = registry();
  std::sort(list.begin(), list.end(),
            [](const Command& a, const Command& b) { return a.name < b.name; });
  return list;
}

}  // namespace manipdyn::cli

int main(int argc, char** argv) {
  CLI::App app{"manipdyn: dynamics of serial manipulators and Stewart platforms"};
  app.require_subcommand(1);
  for (const auto& command : manipdyn::cli::commands()) {
    CLI::App* sub = app.add_subcommand(command.name, command.help);
    command.setup(*sub);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    const auto parsed = app.get_subcommands();
    std::cerr << "manipdyn" << (parsed.empty() ? "" : " " + parsed.front()->get_name())
              << ": error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
