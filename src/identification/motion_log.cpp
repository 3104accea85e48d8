// Reading motion logs (manipdyn/identification/motion_log.hpp) with the one CSV reader.
#include "manipdyn/identification/motion_log.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "manipdyn/io/csv.hpp"
#include "manipdyn/io/parse_error.hpp"
#include "log_reading.hpp"

namespace manipdyn {
namespace {

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The header index of each column the log needs or may have; -1 where absent.
struct LogColumns {
  int t = -1;
  std::vector<int> q, qd, tau, current;
};

// "a, b and c".
std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t k = 0; k < names.size(); ++k)
    out += (k == 0 ? "" : k + 1 == names.size() ? " and " : ", ") + names[k];
  return out;
}

// The columns of the header (names trimmed); throws ParseError at the header line for a name
// given twice, missing columns (all listed) and a log with neither torques nor currents.
LogColumns find_columns(const CsvReader& reader, int n) {
  const auto fail = [&](const std::string& problem) -> void {
    throw ParseError(reader.source(), reader.header_line(), 0, "header", problem);
  };
  // index of each name
  const std::map<std::string, int> index = reader.column_index();
  // the groups: the time and q required, qd, tau and i all-or-none
  std::vector<std::string> missing;
  const auto group = [&](const std::string& prefix, bool required) {
    std::vector<int> cols(static_cast<std::size_t>(n), -1);
    std::vector<std::string> absent;
    for (int k = 0; k < n; ++k) {
      const auto it = index.find(prefix + std::to_string(k + 1));
      if (it != index.end())
        cols[static_cast<std::size_t>(k)] = it->second;
      else
        absent.push_back(prefix + std::to_string(k + 1));
    }
    if (static_cast<int>(absent.size()) == n && !required) return std::vector<int>{};
    missing.insert(missing.end(), absent.begin(), absent.end());
    return cols;
  };
  LogColumns c;
  // the time: `time`, as in the platform logs (platform_log.hpp), or the older name `t`
  if (const auto it = index.find("time"); it != index.end())
    c.t = it->second;
  else if (const auto old = index.find("t"); old != index.end())
    c.t = old->second;
  else
    missing.push_back("time");
  c.q = group("q", true);
  c.qd = group("qd", false);
  c.tau = group("tau", false);
  c.current = group("i", false);
  if (!missing.empty())
    fail("missing column" + std::string(missing.size() > 1 ? "s " : " ") + listed(missing) +
         " (a log of " + std::to_string(n) + " joints has time (or t), q1..q" + std::to_string(n) +
         ", optionally qd1..qd" + std::to_string(n) + ", and tau1..tau" + std::to_string(n) +
         " or i1..i" + std::to_string(n) + ")");
  if (c.tau.empty() && c.current.empty())
    fail("no torques tau1..tau" + std::to_string(n) + " and no currents i1..i" + std::to_string(n) +
         ": a log needs one of the two");
  return c;
}

// Appends the finite numbers of `cols` in the current row to `out`.
void read_cells(const CsvReader& reader, const std::vector<int>& cols, std::vector<double>& out) {
  for (const int j : cols) {
    const double x = reader.number(static_cast<std::size_t>(j));
    if (!std::isfinite(x))
      reader.fail(static_cast<std::size_t>(j),
                  std::string("is ") + (std::isnan(x) ? "nan" : "inf"));
    out.push_back(x);
  }
}

// An N x n matrix from the row-major numbers `values` (0 x n when empty).
MatrixXd as_matrix(const std::vector<double>& values, Eigen::Index rows, int n) {
  if (values.empty()) return MatrixXd(0, n);
  return Eigen::Map<const RowMajor>(values.data(), rows, n);
}

MotionLog read_log(std::istream& in, int n, const std::string& source) {
  CsvReader reader(in, source);
  const LogColumns c = find_columns(reader, n);
  std::vector<double> t, q, qd, tau, current;
  int previous_line = 0;
  // one sample per row: the time strictly after the previous one, every cell finite
  while (reader.next()) {
    detail::append_log_time(reader, static_cast<std::size_t>(c.t), t, previous_line);
    previous_line = reader.line();
    read_cells(reader, c.q, q);
    read_cells(reader, c.qd, qd);
    read_cells(reader, c.tau, tau);
    read_cells(reader, c.current, current);
  }
  if (static_cast<int>(t.size()) < min_motion_log_samples)
    throw ParseError(source, 0, 0, "",
                     "has " + std::to_string(t.size()) + " sample" + (t.size() == 1 ? "" : "s") +
                         ", at least " + std::to_string(min_motion_log_samples) + " are needed");
  // the columns as matrices, one row per sample
  MotionLog log;
  log.source = source;
  log.n = n;
  const auto rows = static_cast<Eigen::Index>(t.size());
  log.t = Eigen::Map<const VectorXd>(t.data(), rows);
  log.q = as_matrix(q, rows, n);
  log.qd = as_matrix(qd, rows, n);
  log.tau = as_matrix(tau, rows, n);
  log.current = as_matrix(current, rows, n);
  log.has_qd = !qd.empty();
  log.has_tau = !tau.empty();
  log.has_current = !current.empty();
  return log;
}

void check_joints(int n, const char* where) {
  if (n <= 0)
    throw std::invalid_argument(std::string(where) + ": n is " + std::to_string(n) +
                                ", expected at least 1 joint");
}

}  // namespace

MotionLog read_motion_log(const std::filesystem::path& file, int n) {
  check_joints(n, "read_motion_log");
  const std::string source = file.string();
  std::error_code ec;
  const std::uintmax_t bytes = std::filesystem::file_size(file, ec);
  std::ifstream in(file);
  if (ec || !in) throw ParseError(source, 0, 0, "", "cannot be read");
  detail::check_log_bytes(source, bytes, "motion log");
  return read_log(in, n, source);
}

MotionLog read_motion_log_text(const std::string& text, int n, const std::string& source) {
  check_joints(n, "read_motion_log");
  detail::check_log_bytes(source, text.size(), "motion log");
  std::istringstream in(text);
  return read_log(in, n, source);
}

}  // namespace manipdyn
