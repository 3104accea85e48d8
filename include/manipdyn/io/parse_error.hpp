#pragma once
/// \file parse_error.hpp
/// The error raised for a malformed model file (YAML or URDF): what is wrong and where.
#include <stdexcept>
#include <string>

namespace manipdyn {

/// A malformed model file. what() reads "<file>:<line>:<column>: <field>: <problem>", leaving
/// out the parts that are unknown (line and column 0, field empty), e.g.
/// "arm.yaml:14:7: links[2].inertia: is not symmetric (I(0,1) = 0.1, I(1,0) = 0.2)".
/// Derives from std::invalid_argument, so Python sees a ValueError and the CLI exits with 1.
class ParseError : public std::invalid_argument {
 public:
  ParseError(std::string file, int line, int column, std::string field, std::string problem);

  const std::string& file() const noexcept { return file_; }  ///< path, or "<string>"
  int line() const noexcept { return line_; }        ///< 1-based; 0 when unknown
  int column() const noexcept { return column_; }    ///< 1-based; 0 when unknown
  const std::string& field() const noexcept { return field_; }  ///< e.g. "links[2].inertia"
  const std::string& problem() const noexcept { return problem_; }  ///< what is wrong

 private:
  std::string file_;
  int line_ = 0, column_ = 0;
  std::string field_, problem_;
};

}  // namespace manipdyn
