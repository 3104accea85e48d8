// CSV output shared by the datasheet writers (csv_output.hpp).
#include "csv_output.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace manipdyn::analysis::detail {

std::string csv_number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  std::ostringstream os;
  os.precision(17);
  os << x;
  return os.str();
}

std::string csv_text(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

void make_csv_folder(const std::filesystem::path& folder, const char* where) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec || !std::filesystem::is_directory(folder))
    throw std::runtime_error(std::string(where) + ": cannot create the folder '" +
                             folder.string() + "'" + (ec ? ": " + ec.message() : std::string()));
}

CsvFile::CsvFile(const std::filesystem::path& p, const char* w) : path(p), where(w), out(p) {
  if (!out) throw std::runtime_error(where + ": cannot write '" + path.string() + "'");
}

std::filesystem::path CsvFile::finish() {
  out.flush();
  if (!out) throw std::runtime_error(where + ": error while writing '" + path.string() + "'");
  out.close();
  return path;
}

}  // namespace manipdyn::analysis::detail
