// The `manipdyn` command tree and its error handling, apart from main() so that the argument
// parsing can be fuzzed (fuzz/fuzz_cli_args.cpp) without running a command.
// Exit status: 0 success (also --help, --version); 2 usage error (the command line is wrong);
// 1 model or computation error. Every error is printed as "manipdyn[ <command>]: error: ...".
#include "app.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "manipdyn/version.hpp"  // MANIPDYN_VERSION, for --version

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

// (group, subcommand) pairs of register_subcommand().
static std::vector<std::pair<std::string, Command>>& group_registry() {
  static std::vector<std::pair<std::string, Command>> list;
  return list;
}

bool register_subcommand(const std::string& group, Command command) {
  group_registry().emplace_back(group, std::move(command));
  return true;
}

std::vector<Command> subcommands(const std::string& group) {
  std::vector<Command> list;
  for (const auto& [g, command] : group_registry())
    if (g == group) list.push_back(command);
  std::sort(list.begin(), list.end(),
            [](const Command& a, const Command& b) { return a.name < b.name; });
  return list;
}

namespace {

constexpr int kExitUsage = 2;
constexpr int kExitFailure = 1;

std::vector<CLI::App*> all_subcommands(CLI::App* app) {
  return app->get_subcommands([](CLI::App*) { return true; });
}

// "control, convert, dh, ...": the subcommands of `app`.
std::string command_list(CLI::App* app) {
  std::string list;
  for (CLI::App* sub : all_subcommands(app)) list += (list.empty() ? "" : ", ") + sub->get_name();
  return list;
}

// "--help, --model, ...": the options of `app` (not its positional arguments).
std::string option_list(CLI::App* app) {
  // the command's own options first, then those of a named group (the model-file options)
  std::string list;
  for (const bool own : {true, false})
    for (const CLI::Option* opt : app->get_options())
      if (opt->nonpositional() && (opt->get_group() == "Options") == own)
        list += (list.empty() ? "" : ", ") + opt->get_name();
  return list;
}

// "manipdyn" or "manipdyn stewart": the full name of `app`.
std::string full_name(CLI::App* app) {
  std::string name = app->get_name();
  for (CLI::App* p = app->get_parent(); p != nullptr; p = p->get_parent())
    name = p->get_name() + " " + name;
  return name;
}

// The parsed command chain, e.g. [stewart, run] (empty if none was recognised).
std::vector<CLI::App*> parsed_chain(CLI::App& app) {
  std::vector<CLI::App*> chain;
  for (CLI::App* a = &app; !a->get_subcommands().empty();) {
    a = a->get_subcommands().front();
    chain.push_back(a);
  }
  return chain;
}

// A mistake at the level of a command group (manipdyn itself, `manipdyn stewart`): an unknown
// command word, an unknown option, or no command at all. Groups take no option with a value,
// so the first word that is not an option must name one of their commands.
std::optional<std::string> group_error(CLI::App* app, const std::vector<std::string>& args,
                                       std::size_t start) {
  const std::string name = full_name(app);
  for (std::size_t i = start; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (!word.empty() && word[0] == '-') {
      if (app->get_option_no_throw(word.substr(0, word.find('='))) != nullptr) continue;
      return name + ": error: unknown option '" + word + "' (options: " + option_list(app) +
             "; commands: " + command_list(app) + ")";
    }
    for (CLI::App* sub : all_subcommands(app))
      if (sub->check_name(word)) {
        if (all_subcommands(sub).empty()) return std::nullopt;
        return group_error(sub, args, i + 1);
      }
    return name + ": error: unknown command '" + word + "' (commands: " + command_list(app) + ")";
  }
  return name + ": error: a command is required (commands: " + command_list(app) + ")";
}

// The message of a CLI11 parse error, with the valid options after an unexpected argument.
std::string parse_error_message(CLI::App& app, const CLI::ParseError& e) {
  const auto chain = parsed_chain(app);
  CLI::App* where = chain.empty() ? &app : chain.back();
  std::string message = (chain.empty() ? std::string("manipdyn") : "manipdyn " +
                                                                         chain.front()->get_name()) +
                        ": error: " + e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr)
    message += " (options of " + full_name(where) + ": " + option_list(where) + ")";
  return message + "\nrun '" + full_name(where) + " --help' for the options";
}

// Thrown after a successful parse in Execution::parse_only mode, before any command runs.
struct ParsedOnly {};

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
        Execution execution) {
  CLI::App app{"manipdyn: dynamics of serial manipulators and Stewart platforms"};
  app.name("manipdyn");
  app.set_version_flag("--version", "manipdyn " MANIPDYN_VERSION, "print the version and exit");
  app.require_subcommand(0, 1);
  app.footer(
      "Units: SI and radians everywhere (--deg where a command offers it). Exit status: 0 "
      "success, 2 usage error (a wrong command line), 1 model or computation error. See "
      "docs/cli.md.");
  for (const auto& command : commands()) {
    CLI::App* sub = app.add_subcommand(command.name, command.help);
    command.setup(*sub);
  }
  // After every option is parsed and checked, and before the command runs (CLI11 runs the
  // callback of the top-level app first): a command is required; parse_only stops here. (The
  // commands' options live in their callbacks, so these cannot simply be removed.)
  app.parse_complete_callback([&app, execution] {
    if (app.get_subcommands().empty()) throw CLI::RequiredError("A command");
    if (execution == Execution::parse_only) throw ParsedOnly{};
  });
  // CLI11 takes the words in reverse order.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const ParsedOnly&) {
    return 0;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e, out, err);  // --help, --version
    // An unknown command or group option first; then CLI11's own message.
    const auto group = group_error(&app, args, 0);
    err << (group ? *group : parse_error_message(app, e)) << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    remove_empty_created_dirs();
    const auto chain = parsed_chain(app);
    err << "manipdyn" << (chain.empty() ? "" : " " + chain.front()->get_name())
        << ": error: " << e.what() << "\n";
    if (dynamic_cast<const UsageError*>(&e) == nullptr) return kExitFailure;
    err << "run '" << full_name(chain.empty() ? &app : chain.back())
        << " --help' for the options\n";
    return kExitUsage;
  }
  return 0;
}

}  // namespace manipdyn::cli
