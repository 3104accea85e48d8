// `manipdyn opcount`: the operation-count report (analysis/operation_count_report.hpp) as a table and CSV.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "manipdyn/io/csv.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"

namespace manipdyn::cli {
namespace {

struct OpcountOptions {
  int n_min = 1;
  int n_max = 12;
  std::string csv;
  std::vector<std::string> algorithms;
  ModelSpec model;  // when set: count on this arm instead of random arms of n_min..n_max joints
  bool csv_given = false;
};

// The names of the counted algorithms, for --algorithm.
std::vector<std::string> algorithm_names() {
  std::vector<std::string> names;
  for (const auto& a : counted_algorithms()) names.push_back(a.name);
  return names;
}

void run_opcount(const OpcountOptions& o, bool n_range_given) {
  // Option checks and the output file, before any counting.
  if (!o.model.model.empty() && n_range_given)
    throw UsageError("--model counts one arm; it cannot be combined with --n-min or --n-max");
  if (o.n_min > o.n_max)
    throw UsageError("--n-min: " + std::to_string(o.n_min) + " is larger than --n-max " +
                     std::to_string(o.n_max));
  if (o.csv_given) check_output_file(o.csv, "--csv");
  std::vector<OperationCountRow> rows;
  if (o.model.model.empty()) {
    rows = operation_count_report(o.n_min, o.n_max, o.algorithms);
    print_operation_counts(std::cout, rows);
  } else {
    // The papers count the rigid-body terms only: a model's drive terms are left out.
    const SerialModel model = load_serial_model(o.model, false, false);
    rows = operation_counts_for_model(model, o.algorithms);
    print_operation_counts(std::cout, rows, model.name + " (" + o.model.model + ", no drive)");
  }
  if (!o.csv.empty()) {
    CsvWriter file(o.csv);
    write_operation_counts_csv(file.out, rows);
    file.finish();
    std::cout << "\nwrote " << o.csv << "\n";
  }
}

const bool registered = register_command(
    {"opcount",
     "operation counts of every formulation, measured with the counting scalar, beside the "
     "papers' formulas",
     [](CLI::App& sub) {
       auto options = std::make_shared<OpcountOptions>();
       add_number(sub, "--n-min", options->n_min, integer_in(1, 64),
                  "smallest number of joints, <= --n-max");
       add_number(sub, "--n-max", options->n_max, integer_in(1, 64), "largest number of joints");
       sub.add_option("--algorithm", options->algorithms,
                      "count only these algorithms (repeatable; default all; see the table for "
                      "the names)")
           ->check(CLI::Validator(
               [](std::string& word) -> std::string {
                 const auto names = algorithm_names();
                 if (std::find(names.begin(), names.end(), word) != names.end()) return "";
                 std::string list;
                 for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
                 return "unknown algorithm '" + word + "' (algorithms: " + list + ")";
               },
               ""));
       sub.add_option("--csv", options->csv,
                      "also write the table to this CSV file (its folder must exist)");
       add_serial_model_options(sub, options->model,
                                "count on this arm instead (built-in, .yaml or .urdf; drive "
                                "terms left out)");
       sub.footer(
           "Each algorithm runs once per n with manipdyn::Counted on random_arm(n, seed 1, "
           "standard DH, all revolute, no drive terms). Columns: mul, add, div, sin, cos, sqrt "
           "(sin/cos of the joint angles are function calls, not multiplications), the "
           "papers' multiplications and additions at n (Turney et al. 1980, Table 1) and the "
           "ratios (mul + div)/paper and add/paper. Exit status: 0 success, 2 usage error, 1 "
           "model or computation error (docs/cli.md).");
       sub.callback([options, &sub] {
         options->csv_given = sub.count("--csv") > 0;
         run_opcount(*options, sub.count("--n-min") + sub.count("--n-max") > 0);
       });
     }});

}  // namespace
}  // namespace manipdyn::cli
