#pragma once
/// \file csv.hpp
/// The one CSV writer of the library and the CLI: numbers with 17 significant digits by default
/// (an exact round trip), "inf" / "-inf" / "nan" for non-finite values, text quoted when it
/// holds a comma, a quote or a line break (RFC 4180), and files that name themselves in the
/// error when they cannot be written. Used by the datasheets (analysis/), the studies' CSV and
/// every command of the CLI.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace manipdyn {

/// x with `digits` significant digits (printf's %.*g: 0.000426, 1e-05, 3.1415926535897931);
/// "inf", "-inf", "nan" when not finite. 17 digits read back to the same double.
std::string csv_number(double x, int digits = 17);

/// `text` as one CSV field: as it is, or in double quotes (inner quotes doubled) when it holds
/// a comma, a quote or a line break.
std::string csv_text(const std::string& text);

/// `text` in double quotes whatever it holds (inner quotes doubled).
std::string csv_quoted(const std::string& text);

/// Creates `folder` (and its parents) if missing; throws std::runtime_error("<where>: cannot
/// create the folder '<folder>': ...") otherwise.
void make_csv_folder(const std::filesystem::path& folder, const char* where);

/// One CSV file being written: the constructor opens `path` (throws std::runtime_error
/// "<where>: cannot write '<path>'"; without `where`, "cannot write '<path>'"); write to `out`
/// or with row(); finish() flushes, checks the stream (throws "... error while writing ...")
/// and returns the path.
struct CsvWriter {
  explicit CsvWriter(const std::filesystem::path& path, std::string where = {});
  /// Writes one line of cells, each as csv_text().
  void row(const std::vector<std::string>& cells);
  std::filesystem::path finish();

  std::filesystem::path path;
  std::string where;
  std::ofstream out;
};

/// Writes `header` and `rows` (each cell as csv_text()) as the CSV file `file`; throws
/// std::runtime_error naming the file if it cannot be written.
void write_csv(const std::filesystem::path& file, const std::vector<std::string>& header,
               const std::vector<std::vector<std::string>>& rows);

}  // namespace manipdyn
