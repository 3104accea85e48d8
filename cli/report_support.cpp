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

namespace fs = std::filesystem;

namespace manipdyn::cli {

ReportProgress::ReportProgress(int steps) : on_(isatty(STDERR_FILENO) != 0), steps_(steps) {}

void ReportProgress::step(const std::string& what) {
  ++done_;
  if (!on_) return;
  std::cerr << "report: [" << done_;
  if (done_ <= steps_) std::cerr << "/" << steps_;  // a step more than announced: no total
  std::cerr << "] " << what << std::endl;
}

void write_log(const fs::path& log, const std::function<void(std::ostream&)>& run) {
  std::ofstream(log).close();
  std::ofstream text(log, std::ios::app);
  if (!text) throw std::runtime_error("cannot write '" + log.string() + "'");
  run(text);
  if (!text.flush()) throw std::runtime_error("error while writing '" + log.string() + "'");
}

CsvTable::CsvTable(const fs::path& folder, std::string relative) : relative_(std::move(relative)) {
  const fs::path file = folder / relative_;
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read '" + file.string() + "'");
  if (in.peek() == std::ifstream::traits_type::eof())
    throw std::runtime_error("'" + file.string() + "' is empty");
  CsvReader reader(in, file.string());  // the one CSV reader (manipdyn/io/csv.hpp)
  header_ = reader.header();
  while (reader.next()) rows_.push_back(reader.cells());
}

std::size_t CsvTable::column(const std::string& col) const {
  for (std::size_t j = 0; j < header_.size(); ++j)
    if (header_[j] == col) return j;
  throw std::runtime_error(relative_ + ": no column '" + col + "'");
}

const std::string& CsvTable::cell(const std::string& row, const std::string& col) const {
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

double CsvTable::value(const std::string& row, const std::string& col) const {
  const std::string& s = cell(row, col);
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size())
    throw std::runtime_error(relative_ + ": '" + s + "' (row '" + row + "', column '" + col +
                             "') is not a number");
  return x;
}

Html CsvTable::quote(const std::string& row, const std::string& col, int digits) const {
  return num(display_number(value(row, col), digits), relative_, row, col);
}

Html CsvTable::quote_text(const std::string& row, const std::string& col) const {
  return num(cell(row, col), relative_, row, col);
}

Html CsvTable::link() const { return manipdyn::cli::link(relative_, relative_); }

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

Html verdict(bool agrees, std::string_view word) {
  const std::string w = word.empty() ? (agrees ? "Agrees." : "Differs.") : std::string(word);
  return tag("span", text(w), std::string("verdict ") + (agrees ? "agrees" : "differs"));
}

}  // namespace manipdyn::cli
