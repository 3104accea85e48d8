#pragma once
/// \file report_support.hpp
/// Helpers of `manipdyn report` (cli/report*.cpp): progress lines and reading back the CSV
/// files a report has just written (written with manipdyn/io/csv.hpp), so that every number
/// quoted in the page comes from a CSV beside it (html_page.hpp: num()).
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "html_page.hpp"
#include "manipdyn/io/csv.hpp"

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

/// Runs `run(text)` with `text` writing to the file `log` (emptied first; opened for appending,
/// so that the plot scripts run meanwhile can append their output to it too); throws
/// std::runtime_error naming the file if it cannot be written.
void write_log(const std::filesystem::path& log, const std::function<void(std::ostream&)>& run);

/// A CSV file written by the report, read back for quoting: `relative` is its path relative to
/// the page (e.g. "puma/summary.csv"), the file is `folder / relative`. Cells may be quoted
/// ("a, b"; "" for a quote inside).
class CsvTable {
 public:
  CsvTable(const std::filesystem::path& folder, std::string relative);

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

/// A verdict on a statement, marked agrees/differs: `word`, or "Agrees." / "Differs.".
Html verdict(bool agrees, std::string_view word = "");

/// A number as quoted in the page, with at least `digits` significant digits: fixed point for
/// 1e-3 <= |x| < 1e5 (1418, 0.187), else scientific (5.09e-4, 9.6e5).
std::string display_number(double x, int digits = 3);

}  // namespace manipdyn::cli
