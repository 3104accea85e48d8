#pragma once
/// \file csv.hpp
/// The one CSV module of the library and the CLI.
/// Writing: numbers with 17 significant digits by default (an exact round trip), "inf" / "-inf" /
/// "nan" for non-finite values, text quoted when it holds a comma, a quote or a line break
/// (RFC 4180), and files that name themselves in the error when they cannot be written. Used by
/// the datasheets (analysis/), the studies' CSV and every command of the CLI.
/// Reading: CsvReader, a header row and then one row at a time with its line number, errors as
/// ParseError naming the file, the line, the column and the header of the cell. Used by the
/// motion logs of identification (identification/motion_log.hpp), the report's read-back of
/// its own CSV files (cli/report_support.hpp) and the states of `manipdyn batch`
/// (read_finite_rows).
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
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

/// The cells of one CSV line: split at commas outside double quotes, quotes removed and a
/// doubled quote inside a quoted cell read as one (RFC 4180 within a line), carriage returns
/// dropped. `starts`, if given, receives the 0-based character offset of each cell in `line`.
std::vector<std::string> split_csv_line(std::string_view line,
                                        std::vector<std::size_t>* starts = nullptr);

/// One CSV text read line by line: the header row (the first non-blank line; a UTF-8 byte order
/// mark before it is skipped), then one data row at a time; blank lines are skipped and a cell
/// cannot hold a line break. Cells are kept as written (no trimming). Errors are ParseError
/// (io/parse_error.hpp) "<source>:<line>:<character column>: <header> (column <k>): <problem>",
/// lines and columns 1-based, so that an editor jumps to the cell.
class CsvReader {
 public:
  /// Reads the header from `in` (which must outlive the reader); `source` names the text in
  /// errors (a path, or "<string>"). Throws ParseError "<source>: is empty (no header row)".
  CsvReader(std::istream& in, std::string source);

  const std::string& source() const { return source_; }
  const std::vector<std::string>& header() const { return header_; }
  /// 1-based line number of the header.
  int header_line() const { return header_line_; }
  /// 0-based index of the first header cell named `name` (spaces and tabs around a header
  /// cell ignored: "q1, q2" names q2); nullopt if there is none.
  std::optional<std::size_t> find_column(std::string_view name) const;
  /// Each non-empty header name (spaces and tabs around it dropped) and its 0-based column;
  /// throws ParseError at the header line for a name given twice ("column 'x' appears twice
  /// (columns a and b)", 1-based).
  std::map<std::string, int> column_index() const;
  /// Reads the next non-blank row; false at the end of the text.
  bool next();
  /// The cells of the current row (as many as the line has, which may differ from the header).
  const std::vector<std::string>& cells() const { return cells_; }
  /// 1-based line number of the current row.
  int line() const { return line_; }
  /// Cell `column` (0-based header index) of the current row as a number, read with strtod
  /// (spaces around it allowed; "nan" and "inf" are numbers here: finiteness is the caller's
  /// check). Throws ParseError "'abc' is not a number" or "is missing (the row has 3 cells)".
  double number(std::size_t column) const;
  /// Throws ParseError at cell `column` of the current row (its character column when the row
  /// has that cell) with `problem`.
  [[noreturn]] void fail(std::size_t column, const std::string& problem) const;

 private:
  bool read_line();
  std::istream& in_;
  std::string source_, text_;
  std::vector<std::string> header_, cells_;
  std::vector<std::size_t> starts_;
  int header_line_ = 0, line_ = 0;
};

/// `cell` without the spaces and tabs around it (a header name or a cell as read).
std::string_view csv_trimmed(std::string_view cell);

/// Reads every remaining row of `reader`: cells `columns` (0-based header indices, as
/// find_column gives them) of each row as finite numbers, with spaces and tabs around a cell
/// ignored, stored row after row (rows x columns.size(), row-major). `before_row(k)`, if given,
/// is called before the k-th row (1-based) is stored, e.g. to bound the size. Throws
/// std::invalid_argument "<label>: line <L> has <F> fields, the header <H>" for a row whose
/// cell count differs from the header's and "<label>: line <L>, column '<name>': '<cell>' is not
/// a finite number" (nan and inf are not), lines 1-based.
std::vector<double> read_finite_rows(CsvReader& reader, const std::vector<std::size_t>& columns,
                                     const std::string& label,
                                     const std::function<void(std::size_t)>& before_row = {});

}  // namespace manipdyn
