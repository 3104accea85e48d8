#include "report_support.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "checks.hpp"
#include "python_scripts.hpp"

namespace fs = std::filesystem;

namespace manipdyn::cli {
namespace {

// The cells of one CSV line (RFC 4180 quoting within the line; the report's files have no line
// breaks inside cells).
std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> cells(1);
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
    } else if (c != '\r') {
      cells.back() += c;
    }
  }
  return cells;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

ReportProgress::ReportProgress(int steps) : on_(isatty(STDERR_FILENO) != 0), steps_(steps) {}

void ReportProgress::step(const std::string& what) {
  ++done_;
  if (!on_) return;
  std::cerr << "report: [" << done_;
  if (done_ <= steps_) std::cerr << "/" << steps_;  // a step more than announced: no total
  std::cerr << "] " << what << std::endl;
}

std::string shell_word(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

void run_plot_script(const std::string& script, const std::vector<std::string>& args) {
  const fs::path path = python_script(script);
  if (!fs::exists(path)) throw std::runtime_error("plot script not found: " + path.string());
  std::string cmd = "/usr/bin/python3 " + shell_word(path.string());
  for (const auto& a : args) cmd += " " + shell_word(a);
  if (std::system(cmd.c_str()) != 0) throw std::runtime_error("plotting failed: " + cmd);
}

void run_self(const std::vector<std::string>& args, const fs::path& log) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find the manipdyn executable (/proc/self/exe)");
  std::string cmd = shell_word(exe.string());
  for (const auto& a : args) cmd += " " + shell_word(a);
  std::cout.flush();
  if (std::system((cmd + " >> " + shell_word(log.string())).c_str()) != 0)
    throw std::runtime_error("'" + cmd + "' failed (its output: " + log.string() + ")");
}

CsvFile::CsvFile(const fs::path& folder, std::string relative) : relative_(std::move(relative)) {
  const fs::path file = folder / relative_;
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read '" + file.string() + "'");
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error("'" + file.string() + "' is empty");
  header_ = split_csv_line(line);
  while (std::getline(in, line))
    if (!line.empty()) rows_.push_back(split_csv_line(line));
}

std::size_t CsvFile::column(const std::string& col) const {
  for (std::size_t j = 0; j < header_.size(); ++j)
    if (header_[j] == col) return j;
  throw std::runtime_error(relative_ + ": no column '" + col + "'");
}

const std::string& CsvFile::cell(const std::string& row, const std::string& col) const {
  // The key=value pairs of `row`.
  std::vector<std::pair<std::size_t, std::string>> keys;
  std::stringstream ss(row);
  std::string pair;
  while (std::getline(ss, pair, ';')) {
    const auto eq = pair.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error(relative_ + ": row selector '" + row + "' is not key=value");
    keys.emplace_back(column(pair.substr(0, eq)), pair.substr(eq + 1));
  }
  const std::size_t j = column(col);
  const std::vector<std::string>* found = nullptr;
  for (const auto& r : rows_) {
    bool match = true;
    for (const auto& [k, v] : keys) match = match && k < r.size() && r[k] == v;
    if (!match) continue;
    if (found != nullptr)
      throw std::runtime_error(relative_ + ": several rows match '" + row + "'");
    found = &r;
  }
  if (found == nullptr) throw std::runtime_error(relative_ + ": no row matches '" + row + "'");
  if (j >= found->size()) throw std::runtime_error(relative_ + ": short row '" + row + "'");
  return (*found)[j];
}

double CsvFile::value(const std::string& row, const std::string& col) const {
  const std::string& s = cell(row, col);
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size())
    throw std::runtime_error(relative_ + ": '" + s + "' (row '" + row + "', column '" + col +
                             "') is not a number");
  return x;
}

Html CsvFile::quote(const std::string& row, const std::string& col, int digits) const {
  return num(display_number(value(row, col), digits), relative_, row, col);
}

Html CsvFile::quote_text(const std::string& row, const std::string& col) const {
  return num(cell(row, col), relative_, row, col);
}

Html CsvFile::link() const { return manipdyn::cli::link(relative_, relative_); }

void write_csv(const fs::path& file, const std::vector<std::string>& header,
               const std::vector<std::vector<std::string>>& rows) {
  std::ofstream out(file);
  if (!out) throw std::runtime_error("cannot write '" + file.string() + "'");
  for (std::size_t j = 0; j < header.size(); ++j) out << (j ? "," : "") << csv_cell(header[j]);
  out << "\n";
  for (const auto& r : rows) {
    for (std::size_t j = 0; j < r.size(); ++j) out << (j ? "," : "") << csv_cell(r[j]);
    out << "\n";
  }
  if (!out.flush()) throw std::runtime_error("error while writing '" + file.string() + "'");
}

std::string display_number(double x, int digits) {
  if (x == 0) return "0";  // also -0
  if (!std::isfinite(x)) return format_number(x, digits);
  const double ax = std::abs(x);
  char buf[64];
  if (ax >= 1e-3 && ax < 1e5) {
    // Fixed point with at least `digits` significant digits: 1418, 0.187, 2.5.
    const int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(ax))));
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
  }
  // Scientific: 5.09e-4, 9.6e5 (trailing zeros of the mantissa dropped).
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  std::string s = buf;
  const auto e = s.find('e');
  std::string mantissa = s.substr(0, e);
  const int exponent = std::atoi(s.c_str() + e + 1);
  if (mantissa.find('.') != std::string::npos) {
    mantissa.erase(mantissa.find_last_not_of('0') + 1);
    if (mantissa.back() == '.') mantissa.pop_back();
  }
  return mantissa + "e" + std::to_string(exponent);
}

std::string csv_number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

}  // namespace manipdyn::cli
