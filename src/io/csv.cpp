// The one CSV writer and number formatter (manipdyn/io/csv.hpp).
#include "manipdyn/io/csv.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <system_error>

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

}  // namespace manipdyn
