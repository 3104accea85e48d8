// libFuzzer target: the argument parsing of the `manipdyn` command line. The input is a command
// line, one word per line (at most 24 words). It is parsed against every subcommand and every
// option check (cli/app.hpp, Execution::parse_only: no command runs, no file is touched). Any
// input must give exit status 0 (a valid command line, --help, --version) or 2 (a usage error,
// with a message that starts with "manipdyn" and says "error:"); anything else -- another
// status, an exception, a sanitizer report -- is a bug. Seed corpus: fuzz/corpus/cli.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "app.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The words of the command line: one per line.
  std::vector<std::string> args;
  std::string word;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  while (args.size() < 24 && std::getline(in, word)) args.push_back(word);

  std::ostringstream out, err;
  const int status = manipdyn::cli::run(args, out, err, manipdyn::cli::Execution::parse_only);
  const std::string message = err.str();
  if (status == 0) return 0;
  if (status != 2) std::abort();
  if (message.rfind("manipdyn", 0) != 0 || message.find("error:") == std::string::npos)
    std::abort();
  return 0;
}
