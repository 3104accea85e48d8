#pragma once
/// \file report_support.hpp
/// Helpers of `manipdyn report` (cli/report*.cpp): progress lines, running the Python plot
/// scripts and the CLI itself, and reading back the CSV files a report has just written, so that
/// every number quoted in the page comes from a CSV beside it (html_page.hpp: num()).
#include <filesystem>
#include <string>
#include <vector>

#include "html_page.hpp"

namespace manipdyn::cli {

/// One line per step on stderr ("report: [3/7] Stewart Path II"), only when stderr is a
/// terminal; nothing when it is piped or redirected. `steps` is the number of steps announced
/// (the total is left out of the lines after it).
class ReportProgress {
 public:
  explicit ReportProgress(int steps);
  void step(const std::string& what);

 private:
  bool on_;
  int steps_, done_ = 0;
};

/// A shell word in single quotes (a quote inside becomes '\'').
std::string shell_word(const std::string& s);

/// Runs `/usr/bin/python3 <script> args...` for a plot script of python/manipdyn
/// (python_scripts.hpp); throws std::runtime_error naming the command if it fails.
void run_plot_script(const std::string& script, const std::vector<std::string>& args);

/// Runs this executable (`manipdyn`) with `args`, its standard output appended to `log`;
/// standard error is inherited (progress bars on a terminal, error messages). Throws
/// std::runtime_error with the command and `log` if it exits with a non-zero status.
void run_self(const std::vector<std::string>& args, const std::filesystem::path& log);

/// A CSV file written by the report, read back for quoting: `relative` is its path relative to
/// the page (e.g. "puma/summary.csv"), the file is `folder / relative`. Cells may be quoted
/// ("a, b"; "" for a quote inside).
class CsvFile {
 public:
  CsvFile(const std::filesystem::path& folder, std::string relative);

  const std::string& relative() const { return relative_; }
  const std::vector<std::string>& header() const { return header_; }
  const std::vector<std::vector<std::string>>& rows() const { return rows_; }
  /// The cell of column `col` in the one row matching `row` ("case=ideal;joint=3": every
  /// key=value must match; "" only for a file with one data row). Throws std::runtime_error if
  /// no row or several rows match, or the column does not exist.
  const std::string& cell(const std::string& row, const std::string& col) const;
  /// The cell as a number (throws if it is not one).
  double value(const std::string& row, const std::string& col) const;
  /// The cell quoted in the page: a number with `digits` significant digits, marked num().
  Html quote(const std::string& row, const std::string& col, int digits = 3) const;
  /// The cell quoted as it is (a word, an integer), marked num().
  Html quote_text(const std::string& row, const std::string& col) const;
  /// The link to this file, labelled with its relative path.
  Html link() const;

 private:
  std::size_t column(const std::string& col) const;
  std::string relative_;
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

/// Writes `header` and `rows` as a CSV file (cells quoted when they contain a comma or a
/// quote); throws std::runtime_error naming the file if it cannot be written.
void write_csv(const std::filesystem::path& file, const std::vector<std::string>& header,
               const std::vector<std::vector<std::string>>& rows);

/// A number as quoted in the page, with at least `digits` significant digits: fixed point for
/// 1e-3 <= |x| < 1e5 (1418, 0.187), else scientific (5.09e-4, 9.6e5).
std::string display_number(double x, int digits = 3);

/// A number as a CSV cell with 17 significant digits (exact round trip); "inf", "nan".
std::string csv_number(double x);

}  // namespace manipdyn::cli
