/// \file operation_count_report.cpp
/// The operation-count report (analysis/operation_count_report.hpp): the registry of every
/// part's rows, filled on first use, and the report run, printed and written from it.
#include "manipdyn/analysis/operation_count_report.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "manipdyn/control/operation_counts.hpp"
#include "manipdyn/serial/builtin_models.hpp"

namespace manipdyn {

namespace {

std::vector<CountedAlgorithm>& registry() {
  static std::vector<CountedAlgorithm> list;
  return list;
}
std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

// The registry with every part's algorithms in it, registered explicitly on its first use: the
// serial-arm formulations (serial/operation_counts.hpp), then the control laws and
// forward-dynamics methods (control/operation_counts.hpp). No part registers itself from a static initialiser, which a
// plain link with the static library would drop (its object file is pulled in only when
// something else in it is used) and whose order across files is unspecified.
std::vector<CountedAlgorithm>& initialised_registry() {
  static const bool once = [] {
    for (auto& a : serial_counted_algorithms()) registry().push_back(std::move(a));
    for (auto& a : control_counted_algorithms()) registry().push_back(std::move(a));
    return true;
  }();
  (void)once;
  return registry();
}

std::string format_number(double x) {
  // Integers (up to rounding noise of the fractional coefficients) without decimals.
  std::ostringstream os;
  const double r = std::round(x);
  os << std::fixed << std::setprecision(std::abs(x - r) < 1e-6 ? 0 : 1) << x;
  return os.str();
}

// The row of algorithm `a` run once on `model`: the counted operations beside the paper's.
OperationCountRow count_row(const CountedAlgorithm& a, const SerialModel& model) {
  a.run(model);
  const int n = model.dof();
  OperationCountRow row;
  row.algorithm = a.name;
  row.n = n;
  row.counted = op_counter();
  if (a.paper) {
    row.paper_mul = a.paper->mul(n);
    row.paper_add = a.paper->add(n);
  }
  return row;
}

// The registered algorithms named in `only` (all if empty), in registry order; throws for an
// unknown name, listing the known ones.
std::vector<CountedAlgorithm> select_algorithms(const std::vector<std::string>& only) {
  const auto all = counted_algorithms();
  std::vector<CountedAlgorithm> chosen;
  for (const auto& name : only) {
    auto it = std::find_if(all.begin(), all.end(), [&](const auto& a) { return a.name == name; });
    if (it == all.end()) {
      std::string names;
      for (const auto& a : all) names += (names.empty() ? "" : ", ") + a.name;
      throw std::invalid_argument("operation counts: unknown algorithm '" + name +
                                  "' (known: " + names + ")");
    }
  }
  for (const auto& a : all)
    if (only.empty() || std::find(only.begin(), only.end(), a.name) != only.end())
      chosen.push_back(a);

  return chosen;
}

}  // namespace

bool register_counted_algorithm(CountedAlgorithm algorithm) {
  if (algorithm.name.empty())
    throw std::invalid_argument("register_counted_algorithm: the algorithm has no name");
  if (!algorithm.run)
    throw std::invalid_argument("register_counted_algorithm: '" + algorithm.name +
                                "' has no run function");
  std::lock_guard lock(registry_mutex());
  auto& list = initialised_registry();
  for (const auto& a : list)
    if (a.name == algorithm.name)
      throw std::invalid_argument("register_counted_algorithm: '" + algorithm.name +
                                  "' is already registered");
  list.push_back(std::move(algorithm));
  return true;
}

std::vector<CountedAlgorithm> counted_algorithms() {
  std::vector<CountedAlgorithm> list;
  {
    std::lock_guard lock(registry_mutex());
    list = initialised_registry();
  }
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
    return a.order != b.order ? a.order < b.order : a.name < b.name;
  });
  return list;
}

std::vector<OperationCountRow> operation_count_report(int n_min, int n_max,
                                                      const std::vector<std::string>& only) {
  if (n_min < 1 || n_max < n_min || n_max > 64) {
    std::ostringstream os;
    os << "operation_count_report: need 1 <= n_min <= n_max <= 64, got n_min = " << n_min
       << ", n_max = " << n_max;
    throw std::invalid_argument(os.str());
  }
  const auto chosen = select_algorithms(only);
  // One all-revolute, drive-free arm per n; every algorithm counted on it.
  std::vector<OperationCountRow> rows;
  RandomArmOptions options;
  options.prismatic_fraction = 0.0;
  options.with_drive = false;
  for (const auto& a : chosen)
    for (int n = n_min; n <= std::min(n_max, a.n_max); ++n) {
      rows.push_back(count_row(a, random_arm(n, 1, DhConvention::standard, options)));
    }
  return rows;
}

std::vector<OperationCountRow> operation_counts_for_model(const SerialModel& model,
                                                          const std::vector<std::string>& only) {
  std::vector<OperationCountRow> rows;
  const int n = model.dof();
  for (const auto& a : select_algorithms(only)) {
    if (n > a.n_max) continue;
    rows.push_back(count_row(a, model));
  }
  return rows;
}

void print_operation_counts(std::ostream& os, const std::vector<OperationCountRow>& rows,
                            const std::string& counted_on) {
  // Columns: left-aligned name, then right-aligned numbers.
  const std::vector<std::string> header = {"algorithm", "n",   "mul", "add",       "div",
                                           "sin",       "cos", "sqrt", "paper mul", "paper add",
                                           "mul/paper", "add/paper"};
  std::vector<std::vector<std::string>> cells;
  for (const auto& r : rows) {
    const auto& c = r.counted;
    auto ratio = [](double counted, const std::optional<double>& paper) {
      if (!paper || *paper <= 0) return std::string("-");
      std::ostringstream s;
      s << std::fixed << std::setprecision(2) << counted / *paper;
      return s.str();
    };
    cells.push_back({r.algorithm, std::to_string(r.n), std::to_string(c.mul),
                     std::to_string(c.add), std::to_string(c.div), std::to_string(c.sin),
                     std::to_string(c.cos), std::to_string(c.sqrt),
                     r.paper_mul ? format_number(*r.paper_mul) : "-",
                     r.paper_add ? format_number(*r.paper_add) : "-",
                     ratio(static_cast<double>(c.mul + c.div), r.paper_mul),
                     ratio(static_cast<double>(c.add), r.paper_add)});
  }
  std::vector<std::size_t> width(header.size());
  for (std::size_t k = 0; k < header.size(); ++k) width[k] = header[k].size();
  for (const auto& row : cells)
    for (std::size_t k = 0; k < row.size(); ++k) width[k] = std::max(width[k], row[k].size());
  auto print_row = [&](const std::vector<std::string>& row) {
    for (std::size_t k = 0; k < row.size(); ++k) {
      if (k == 0)
        os << std::left << std::setw(static_cast<int>(width[k])) << row[k];
      else
        os << "  " << std::right << std::setw(static_cast<int>(width[k])) << row[k];
    }
    os << "\n";
  };
  print_row(header);
  std::size_t total = 0;
  for (auto w : width) total += w + 2;
  os << std::string(total - 2, '-') << "\n";
  for (const auto& row : cells) print_row(row);

  // Legend: the published formulas of the algorithms in the table.
  std::vector<std::string> seen;
  bool legend = false;
  for (const auto& a : counted_algorithms()) {
    if (!a.paper) continue;
    const bool present = std::any_of(rows.begin(), rows.end(),
                                     [&](const auto& r) { return r.algorithm == a.name; });
    if (!present) continue;
    if (!legend) {
      os << "\npaper formulas (multiplications; additions):\n";
      legend = true;
    }
    os << "  " << a.name << ": " << a.paper->mul_formula << "; " << a.paper->add_formula
       << "  [" << a.paper->source << "]\n";
  }
  os << "\ncounted with manipdyn::Counted on " << counted_on
     << ";\nsin/cos of the joint angles are function calls (sin, cos columns), not "
        "multiplications;\nmul/paper compares mul + div with the paper's multiplications.\n";
}

void write_operation_counts_csv(std::ostream& os, const std::vector<OperationCountRow>& rows) {
  os << "algorithm,n,mul,add,div,sin,cos,sqrt,other_fn,paper_mul,paper_add\n";
  for (const auto& r : rows) {
    const auto& c = r.counted;
    os << r.algorithm << "," << r.n << "," << c.mul << "," << c.add << "," << c.div << ","
       << c.sin << "," << c.cos << "," << c.sqrt << "," << c.other_fn << ","
       << (r.paper_mul ? format_number(*r.paper_mul) : "") << ","
       << (r.paper_add ? format_number(*r.paper_add) : "") << "\n";
  }
}

}  // namespace manipdyn
