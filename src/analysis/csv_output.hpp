#pragma once
// CSV output shared by the datasheet writers (src/analysis): numbers with 17 significant digits,
// "inf" / "-inf" / "nan" for non-finite values, text quoted when it holds a comma, a quote or a
// line break (RFC 4180), and files that name themselves in the error when they cannot be written.
#include <filesystem>
#include <fstream>
#include <string>

namespace manipdyn::analysis::detail {

/// x with 17 significant digits; "inf", "-inf", "nan" when not finite.
std::string csv_number(double x);

/// `text` as one CSV field (quoted when needed).
std::string csv_text(const std::string& text);

/// Creates `folder` (and its parents) if missing; throws std::runtime_error("<where>: cannot
/// create the folder '<folder>': ...") otherwise.
void make_csv_folder(const std::filesystem::path& folder, const char* where);

/// One CSV file being written; finish() flushes, checks the stream and returns the path.
struct CsvFile {
  CsvFile(const std::filesystem::path& path, const char* where);
  std::filesystem::path finish();
  std::filesystem::path path;
  std::string where;
  std::ofstream out;
};

}  // namespace manipdyn::analysis::detail
