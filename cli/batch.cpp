// `manipdyn batch`: one dynamics quantity of a serial arm over many states read from a file
// (CSV with a header, or .npy), written to a CSV or .npy file, by the batch functions
// (serial/batch.hpp) on --threads threads. Columns (docs/cli.md, docs/batch.md): q1..qn for
// M and G; q1..qn, qd1..qdn, qdd1..qddn for tau; q1..qn, qd1..qdn, tau1..taun for qdd. A tree or
// a free-flyer names its columns (coordinate_names.hpp: q_base_x.., qd_<joint>..): nq columns of
// q, nv of the others; the batch functions take it as they take a chain.
// Progress on stderr when stderr is a terminal.
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "coordinate_names.hpp"
#include "model_option.hpp"
#include "npy_file.hpp"
#include "manipdyn/core/batch_rows.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn::cli {
namespace {

struct BatchCommandOptions {
  ModelSpec model{"puma560", "", ""};
  bool no_drive = false;
  std::string input;
  std::string quantity;
  std::string out;
  int threads = 0;
};

bool ends_with(const std::string& s, const std::string& suffix) {
  if (s.size() < suffix.size()) return false;
  std::string tail = s.substr(s.size() - suffix.size());
  std::transform(tail.begin(), tail.end(), tail.begin(), ::tolower);
  return tail == suffix;
}

// The input column groups of a quantity: {"q"} or {"q", "qd", "qdd"} or {"q", "qd", "tau"}.
std::vector<std::string> input_groups(const std::string& quantity) {
  if (quantity == "tau") return {"q", "qd", "qdd"};
  if (quantity == "qdd") return {"q", "qd", "tau"};
  return {"q"};
}

// The input columns of each group for the model: q1..qn (a chain) or q_base_x.. (a tree or a
// free-flyer: q has nq columns, qd, qdd and tau nv).
std::vector<std::vector<std::string>> group_columns(const SerialModel& model,
                                                    const std::vector<std::string>& groups) {
  std::vector<std::vector<std::string>> columns;
  for (const auto& g : groups) columns.push_back(column_names(model, g));
  return columns;
}

// "q1..q6, qd1..qd6, qdd1..qdd6" (the first and last column of each group).
std::string columns_text(const std::vector<std::vector<std::string>>& columns) {
  std::string s;
  for (const auto& g : columns) s += (s.empty() ? "" : ", ") + g.front() + ".." + g.back();
  return s;
}

// The states of a CSV file with a header line: the columns named by `columns` (any order, other
// columns ignored), as an (N x all columns) row-major array (io/csv.hpp: CsvReader,
// read_finite_rows).
RowMatrixXd read_csv_states(const std::string& path,
                            const std::vector<std::vector<std::string>>& columns) {
  const std::string label = "--input '" + path + "'";
  std::ifstream in(path);
  if (!in) throw std::invalid_argument(label + ": cannot be read (no such file?)");
  std::optional<CsvReader> reader;
  try {
    reader.emplace(in, path);
  } catch (const ParseError&) {
    throw std::invalid_argument(label + ": empty file (no header)");
  }
  // Where each wanted column is.
  std::vector<std::size_t> where;
  for (const auto& group : columns)
    for (const std::string& name : group) {
      const std::optional<std::size_t> column = reader->find_column(name);
      if (!column)
        throw std::invalid_argument(label + ": no column '" + name + "' in the header (needs " +
                                    columns_text(columns) + ")");
      where.push_back(*column);
    }
  // The rows, bounded by kMaxBatchBytes as they are read.
  const int k = static_cast<int>(where.size());
  std::vector<double> values = read_finite_rows(*reader, where, label, [k](std::size_t rows) {
    check_batch_size("batch", "the input", static_cast<double>(rows), k);
  });
  return Eigen::Map<RowMatrixXd>(values.data(), static_cast<Eigen::Index>(values.size()) / k, k);
}

// The states of a .npy file: (N, nq) for M and G, or (N, nq + 2 nv) (3n for a chain) with the
// columns in the order of `columns` (for M and G, the first nq columns of an (N, nq + 2 nv)
// array are q).
RowMatrixXd read_npy_states(const std::string& path, const SerialModel& model,
                            const std::vector<std::vector<std::string>>& columns) {
  const std::string label = "--input";
  const NpyArray a =
      read_npy(path, label, static_cast<double>(kMaxBatchBytes) / sizeof(double));
  std::size_t want = 0;
  for (const auto& g : columns) want += g.size();
  const std::size_t n = want;
  const std::size_t all_columns = static_cast<std::size_t>(model.nq() + 2 * model.nv());
  const bool fits = a.shape.size() == 2 &&
                    (a.shape[1] == want || (columns.size() == 1 && a.shape[1] == all_columns));
  if (!fits) {
    std::ostringstream os;
    os << label << " '" << path << "': shape (";
    for (std::size_t i = 0; i < a.shape.size(); ++i) os << (i ? ", " : "") << a.shape[i];
    os << (a.shape.size() == 1 ? ",)" : ")") << ", expected (N, " << want << ") with columns "
       << columns_text(columns);
    if (columns.size() == 1) os << " (or (N, " << all_columns << "), the first " << n << " q)";
    throw std::invalid_argument(os.str());
  }
  const Eigen::Map<const RowMatrixXd> all(a.values.data(), static_cast<Eigen::Index>(a.shape[0]),
                                          static_cast<Eigen::Index>(a.shape[1]));
  return all.leftCols(static_cast<Eigen::Index>(want));
}

// The results as CSV: a header (tau1.., or M1_1.. row by row for M; a tree's or a free-flyer's
// tau_<name>.., M_<row name>_<column name>.. with its velocity names) and one row per state.
void write_batch_csv(const std::string& path, const SerialModel& model,
                     const std::string& quantity, const RowMatrixXd& result) {
  CsvWriter csv(path);
  const int n = model.nv();
  if (uses_named_coordinates(model)) {
    const std::vector<std::string> names = coordinate_names(model, quantity);
    for (int r = 0; r < (quantity == "M" ? n : 1); ++r)
      for (int c = 0; c < n; ++c)
        csv.out << (r == 0 && c == 0 ? "" : ",") << quantity << "_"
                << (quantity == "M" ? names[static_cast<std::size_t>(r)] + "_" : "")
                << names[static_cast<std::size_t>(c)];
  } else {
    for (int r = 0; r < (quantity == "M" ? n : 1); ++r)
      for (int c = 0; c < n; ++c) {
        csv.out << (r == 0 && c == 0 ? "" : ",") << quantity;
        if (quantity == "M") csv.out << r + 1 << "_";
        csv.out << c + 1;
      }
  }
  csv.out << "\n";
  for (Eigen::Index i = 0; i < result.rows(); ++i) {
    for (Eigen::Index c = 0; c < result.cols(); ++c)
      csv.out << (c ? "," : "") << csv_number(result(i, c));
    csv.out << "\n";
  }
  csv.finish();
}

// The output: .npy (N, nv) or (N, nv, nv); or CSV with a header; and the line that says so.
void write_batch_output(const BatchCommandOptions& o, const SerialModel& model,
                        const RowMatrixXd& result) {
  const auto N = static_cast<std::size_t>(result.rows()), n = static_cast<std::size_t>(model.nv());
  if (ends_with(o.out, ".npy")) {
    std::vector<std::size_t> shape = {N, n};
    if (o.quantity == "M") shape.push_back(n);
    write_npy(o.out, shape, result.data());
  } else {
    write_batch_csv(o.out, model, o.quantity, result);
  }
  std::cout << "wrote " << o.out << ": " << o.quantity << " of " << N << " states of "
            << (model.name.empty() ? o.model.model : model.name) << " (" << model.dof()
            << " joints" << (model.root == RootJoint::free_flyer ? ", free-flyer" : "") << ")\n";
}

void run_batch(const BatchCommandOptions& o) {
  // Output first, so that no work is wasted on a path that cannot be written.
  check_output_file(o.out, "--out");
  const bool out_npy = ends_with(o.out, ".npy");
  if (!out_npy && !ends_with(o.out, ".csv"))
    throw UsageError("--out '" + o.out + "': give a path ending in .csv or .npy");
  const bool in_npy = ends_with(o.input, ".npy");
  if (!in_npy && !ends_with(o.input, ".csv"))
    throw UsageError("--input '" + o.input + "': give a path ending in .csv or .npy");

  const SerialModel model = load_serial_model(o.model, !o.no_drive, false);
  const int n = model.nv();
  const std::vector<std::string> groups = input_groups(o.quantity);
  const std::vector<std::vector<std::string>> columns = group_columns(model, groups);
  const RowMatrixXd states =
      in_npy ? read_npy_states(o.input, model, columns) : read_csv_states(o.input, columns);
  const Eigen::Index N = states.rows();
  const Eigen::Index cols = o.quantity == "M" ? Eigen::Index{n} * n : n;
  // Where each group's columns start: q (nq) first, then the nv-sized groups.
  const auto offset = [&](int g) { return g == 0 ? 0 : model.nq() + (g - 1) * n; };
  const auto width = [&](int g) { return g == 0 ? model.nq() : n; };
  check_batch_size("batch", o.quantity, static_cast<double>(N), static_cast<double>(cols));
  RowMatrixXd result(N, cols);

  // The inputs checked once, so that a message names the state by its row in the file's data.
  for (std::size_t g = 0; g < groups.size(); ++g)
    check_batch_finite("batch", groups[g],
                       states.middleCols(offset(static_cast<int>(g)), width(static_cast<int>(g))));

  // On a terminal, in chunks, so that progress can be shown; rows are independent, so the
  // chunking (like the thread count) does not change any number.
  const bool progress = isatty(STDERR_FILENO);
  const Eigen::Index chunk = progress ? 8192 : std::max<Eigen::Index>(N, 1);
  BatchWorkspace workspace(model);
  const BatchOptions options{.threads = o.threads};
  for (Eigen::Index begin = 0; begin < N; begin += chunk) {
    const Eigen::Index rows = std::min(chunk, N - begin);
    const auto block = [&](int g) { return states.block(begin, offset(g), rows, width(g)); };
    auto out = result.middleRows(begin, rows);
    try {
      if (o.quantity == "tau")
        inverse_dynamics_batch(model, workspace, block(0), block(1), block(2), out, options);
      else if (o.quantity == "qdd")
        forward_dynamics_batch(model, workspace, block(0), block(1), block(2), out, options);
      else if (o.quantity == "M")
        mass_matrix_batch(model, workspace, block(0), out, options);
      else
        gravity_torques_batch(model, workspace, block(0), out, options);
    } catch (const std::invalid_argument& e) {
      // Name the state by its index in the whole input, not in the chunk.
      if (begin == 0) throw;
      throw std::invalid_argument(std::string(e.what()) + " (rows counted from state " +
                                  std::to_string(begin) + " of the input)");
    }
    if (progress) {
      const double done = static_cast<double>(begin + rows) / static_cast<double>(N);
      const int width = 30, filled = static_cast<int>(width * done + 1e-9);
      std::cerr << "\rbatch [" << std::string(filled, '#') << std::string(width - filled, ' ')
                << "] " << std::setw(3) << static_cast<int>(100 * done + 1e-9) << "%"
                << (begin + rows >= N ? "\n" : "") << std::flush;
    }
  }

  write_batch_output(o, model, result);
}

const bool registered = register_command(
    {"batch",
     "one dynamics quantity (tau, M, G or qdd) of a serial arm over many states from a CSV or "
     ".npy file, on several threads",
     [](CLI::App& sub) {
       auto options = std::make_shared<BatchCommandOptions>();
       add_serial_model_options(sub, options->model,
                                "puma560 (default), stanford, random:N:SEED (random valid arm, N "
                                "joints), a model file .yaml or .urdf");
       sub.add_flag("--no-drive", options->no_drive,
                    "drop motor inertia and friction (rigid-body dynamics only)");
       sub.add_option("--input", options->input,
                      "states, .csv (header naming q1..qn, qd1..qdn, qdd1..qddn or tau1..taun) "
                      "or .npy (float64, C order: (N, n) or (N, 3n))")
           ->required()
           ->check(non_empty());
       sub.add_option("--quantity", options->quantity,
                      "tau (inverse dynamics), M (mass matrix), G (gravity torques) or qdd "
                      "(forward dynamics)")
           ->required()
           ->check(one_of({"tau", "M", "G", "qdd"}));
       sub.add_option("--out", options->out,
                      "output file, .csv (header tau1..taun, M1_1..Mn_n, ...) or .npy")
           ->required()
           ->check(non_empty());
       add_number(sub, "--threads", options->threads, integer_in(0, 1024),
                  "threads (0 = one per hardware thread; the results are the same for any)");
       sub.callback([options] { run_batch(*options); });
     }});

}  // namespace
}  // namespace manipdyn::cli
