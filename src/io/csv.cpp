// The one CSV writer and number formatter (manipdyn/io/csv.hpp).
#include "manipdyn/io/csv.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <system_error>

#include "manipdyn/io/parse_error.hpp"

namespace manipdyn {

std::string csv_number(double x, int digits) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

std::string csv_quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_text(const std::string& text) {
  return text.find_first_of(",\"\n\r") == std::string::npos ? text : csv_quoted(text);
}

void make_csv_folder(const std::filesystem::path& folder, const char* where) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec || !std::filesystem::is_directory(folder))
    throw std::runtime_error(std::string(where) + ": cannot create the folder '" +
                             folder.string() + "'" + (ec ? ": " + ec.message() : std::string()));
}

namespace {

// "<where>: " or nothing.
std::string prefix(const std::string& where) { return where.empty() ? where : where + ": "; }

}  // namespace

CsvWriter::CsvWriter(const std::filesystem::path& p, std::string w)
    : path(p), where(std::move(w)), out(p) {
  if (!out) throw std::runtime_error(prefix(where) + "cannot write '" + path.string() + "'");
}

void CsvWriter::row(const std::vector<std::string>& cells) {
  for (std::size_t j = 0; j < cells.size(); ++j) out << (j ? "," : "") << csv_text(cells[j]);
  out << "\n";
}

std::filesystem::path CsvWriter::finish() {
  out.flush();
  if (!out)
    throw std::runtime_error(prefix(where) + "error while writing '" + path.string() + "'");
  out.close();
  return path;
}

void write_csv(const std::filesystem::path& file, const std::vector<std::string>& header,
               const std::vector<std::vector<std::string>>& rows) {
  CsvWriter w(file);
  w.row(header);
  for (const auto& r : rows) w.row(r);
  w.finish();
}

std::vector<std::string> split_csv_line(std::string_view line, std::vector<std::size_t>* starts) {
  std::vector<std::string> cells(1);
  if (starts != nullptr) starts->assign(1, 0);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        cells.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cells.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      cells.emplace_back();
      if (starts != nullptr) starts->push_back(i + 1);
    } else if (c != '\r') {
      cells.back() += c;
    }
  }
  return cells;
}

CsvReader::CsvReader(std::istream& in, std::string source) : in_(in), source_(std::move(source)) {
  if (!read_line()) throw ParseError(source_, 0, 0, "", "is empty (no header row)");
  // A UTF-8 byte order mark (spreadsheet exports) is not part of the first name.
  if (text_.rfind("\xEF\xBB\xBF", 0) == 0) text_.erase(0, 3);
  header_ = split_csv_line(text_);
  header_line_ = line_;
}

bool CsvReader::read_line() {
  // The next line that holds more than spaces and carriage returns.
  while (std::getline(in_, text_)) {
    ++line_;
    if (text_.find_first_not_of(" \t\r") != std::string::npos) return true;
  }
  return false;
}

bool CsvReader::next() {
  if (!read_line()) return false;
  cells_ = split_csv_line(text_, &starts_);
  return true;
}

void CsvReader::fail(std::size_t column, const std::string& problem) const {
  const std::string name = column < header_.size() ? header_[column] : std::string("?");
  const int character = column < starts_.size() ? static_cast<int>(starts_[column]) + 1 : 0;
  throw ParseError(source_, line_, character, name + " (column " + std::to_string(column + 1) + ")",
                   problem);
}

double CsvReader::number(std::size_t column) const {
  if (column >= cells_.size())
    fail(column, "is missing (the row has " + std::to_string(cells_.size()) + " cells)");
  const std::string& s = cells_[column];
  if (s.find_first_not_of(" \t") == std::string::npos) fail(column, "is empty");
  const char* begin = s.c_str();
  char* end = nullptr;
  const double x = std::strtod(begin, &end);
  // Only spaces may follow the number.
  const char* rest = end;
  while (*rest != '\0' && std::isspace(static_cast<unsigned char>(*rest))) ++rest;
  if (end == begin || *rest != '\0') fail(column, "'" + s + "' is not a number");
  return x;
}

std::string_view csv_trimmed(std::string_view cell) {
  const std::size_t first = cell.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return cell.substr(first, cell.find_last_not_of(" \t") - first + 1);
}

std::optional<std::size_t> CsvReader::find_column(std::string_view name) const {
  for (std::size_t j = 0; j < header_.size(); ++j)
    if (csv_trimmed(header_[j]) == name) return j;
  return std::nullopt;
}

std::map<std::string, int> CsvReader::column_index() const {
  std::map<std::string, int> index;
  for (std::size_t j = 0; j < header_.size(); ++j) {
    const std::string name(csv_trimmed(header_[j]));
    if (name.empty()) continue;
    const auto [it, fresh] = index.emplace(name, static_cast<int>(j));
    if (!fresh)
      throw ParseError(source_, header_line_, 0, "header",
                       "column '" + name + "' appears twice (columns " +
                           std::to_string(it->second + 1) + " and " + std::to_string(j + 1) + ")");
  }
  return index;
}

std::vector<double> read_finite_rows(CsvReader& reader, const std::vector<std::size_t>& columns,
                                     const std::string& label,
                                     const std::function<void(std::size_t)>& before_row) {
  const std::vector<std::string>& header = reader.header();
  std::vector<double> values;
  std::size_t rows = 0;
  while (reader.next()) {
    // every row as wide as the header
    const std::vector<std::string>& cells = reader.cells();
    const std::string line = std::to_string(reader.line());
    if (cells.size() != header.size())
      throw std::invalid_argument(label + ": line " + line + " has " +
                                  std::to_string(cells.size()) + " fields, the header " +
                                  std::to_string(header.size()));
    if (before_row) before_row(rows + 1);
    // the wanted cells, each a whole finite number
    for (const std::size_t c : columns) {
      const std::string text(csv_trimmed(cells.at(c)));
      char* end = nullptr;
      const double x = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0' || !std::isfinite(x))
        throw std::invalid_argument(label + ": line " + line + ", column '" +
                                    std::string(csv_trimmed(header[c])) + "': '" + text +
                                    "' is not a finite number");
      values.push_back(x);
    }
    ++rows;
  }
  return values;
}

}  // namespace manipdyn
