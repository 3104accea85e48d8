// `manipdyn opcount`: the operation-count report (operation_counts.hpp) as a table and CSV.
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "command.hpp"
#include "manipdyn/serial/operation_counts.hpp"

namespace manipdyn::cli {
namespace {

struct OpcountOptions {
  int n_min = 1;
  int n_max = 12;
  std::string csv;
  std::vector<std::string> algorithms;
};

void run_opcount(const OpcountOptions& o) {
  const auto rows = operation_count_report(o.n_min, o.n_max, o.algorithms);
  print_operation_counts(std::cout, rows);
  if (!o.csv.empty()) {
    std::ofstream file(o.csv);
    if (!file) throw std::invalid_argument("cannot write '" + o.csv + "'");
    write_operation_counts_csv(file, rows);
    if (!file) throw std::invalid_argument("error while writing '" + o.csv + "'");
    std::cout << "\nwrote " << o.csv << "\n";
  }
}

const bool registered = register_command(
    {"opcount",
     "operation counts of every formulation, measured with the counting scalar, beside the "
     "papers' formulas",
     [](CLI::App& sub) {
       auto options = std::make_shared<OpcountOptions>();
       sub.add_option("--n-min", options->n_min, "smallest number of joints (default 1)");
       sub.add_option("--n-max", options->n_max, "largest number of joints (default 12, <= 64)");
       sub.add_option("--algorithm", options->algorithms,
                      "count only these algorithms (repeatable; default all)");
       sub.add_option("--csv", options->csv, "also write the table to this CSV file");
       sub.footer(
           "Each algorithm runs once per n with manipdyn::Counted on random_arm(n, seed 1, "
           "standard DH, all revolute, no drive terms). Columns: mul, add, div, sin, cos, sqrt "
           "(sin/cos of the joint angles are function calls, not multiplications), the "
           "papers' multiplications and additions at n (Turney et al. 1980, Table 1) and the "
           "ratios (mul + div)/paper and add/paper.");
       sub.callback([options] { run_opcount(*options); });
     }});

}  // namespace
}  // namespace manipdyn::cli
