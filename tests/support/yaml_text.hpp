#pragma once
// Line edits of YAML test texts and the expected "<string>:<line>:<column>: <field>: " prefix
// of a ParseError, for the model-file tests (tests/unit/io_yaml_*.cpp).
#include <string>

#include <gtest/gtest.h>

namespace manipdyn::test {

/// Line `n` (1-based) of `text`.
inline std::string line_of(const std::string& text, int n) {
  std::size_t start = 0;
  for (int i = 1; i < n; ++i) start = text.find('\n', start) + 1;
  return text.substr(start, text.find('\n', start) - start);
}

/// `text` with line n replaced by `replacement` (several lines, or empty to delete the line).
inline std::string with_line(const std::string& text, int n, const std::string& replacement) {
  std::size_t start = 0;
  for (int i = 1; i < n; ++i) start = text.find('\n', start) + 1;
  const std::size_t end = text.find('\n', start) + 1;
  return text.substr(0, start) + (replacement.empty() ? "" : replacement + "\n") + text.substr(end);
}

/// `text` with `lines` inserted after line n.
inline std::string after_line(const std::string& text, int n, const std::string& lines) {
  std::size_t start = 0;
  for (int i = 1; i <= n; ++i) start = text.find('\n', start) + 1;
  return text.substr(0, start) + lines + "\n" + text.substr(start);
}

/// "<string>:<line>:<column>: <field>: ", the column being that of `token` (its first occurrence
/// at or after index `skip`) in line `line` of `text`.
inline std::string where(const std::string& text, int line, const std::string& token,
                         const std::string& field, std::size_t skip = 0) {
  const std::size_t column = line_of(text, line).find(token, skip);
  EXPECT_NE(column, std::string::npos) << "token '" << token << "' not on line " << line;
  return "<string>:" + std::to_string(line) + ":" + std::to_string(column + 1) + ": " +
         (field.empty() ? "" : field + ": ");
}

}  // namespace manipdyn::test
