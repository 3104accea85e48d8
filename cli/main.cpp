// The `manipdyn` command-line tool: one subcommand per job (see `manipdyn --help`, docs/cli.md,
// cli/app.cpp).
#include <iostream>
#include <string>
#include <vector>

#include "app.hpp"

int main(int argc, char** argv) {
  return manipdyn::cli::run(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                            std::cerr);
}
