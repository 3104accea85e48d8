#include "manipdyn/io/parse_error.hpp"

#include <sstream>

namespace manipdyn {

namespace {

std::string parse_error_message(const std::string& file, int line, int column,
                                const std::string& field, const std::string& problem) {
  std::ostringstream os;
  os << (file.empty() ? "<string>" : file);
  if (line > 0) os << ":" << line;
  if (line > 0 && column > 0) os << ":" << column;
  os << ": ";
  if (!field.empty()) os << field << ": ";
  os << problem;
  return os.str();
}

}  // namespace

ParseError::ParseError(std::string file, int line, int column, std::string field,
                       std::string problem)
    : std::invalid_argument(parse_error_message(file, line, column, field, problem)),
      file_(file.empty() ? std::string("<string>") : std::move(file)),
      line_(line),
      column_(column),
      field_(std::move(field)),
      problem_(std::move(problem)) {}

}  // namespace manipdyn
