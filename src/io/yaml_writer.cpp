// Text formatting shared by the YAML model writers: exact numbers, lists, inertias, strings.
#include "yaml_writer.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace manipdyn::yaml_io {

std::string format_number(double x) {
  assert(std::isfinite(x));
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, x);
  assert(ec == std::errc());
  std::string s(buffer, end);
  // make the text a float for YAML 1.1 readers too: "2e-04" -> "2.0e-04", "-0" -> "-0.0"
  const std::size_t e = s.find('e');
  if (e != std::string::npos && s.find('.') == std::string::npos) s.insert(e, ".0");
  if (s == "-0") s = "-0.0";
  return s;
}

std::string format_limit(double x) {
  if (std::isinf(x)) return x > 0 ? ".inf" : "-.inf";
  return format_number(x);
}

std::string format_list(const VectorXd& v) {
  std::string s = "[";
  for (Eigen::Index i = 0; i < v.size(); ++i) s += (i ? ", " : "") + format_number(v[i]);
  return s + "]";
}

std::string format_vector3(const Vector3d& v) { return format_list(v); }

std::string format_matrix3(const Matrix3d& m) {
  std::string s = "[";
  for (int r = 0; r < 3; ++r) s += (r ? ", " : "") + format_vector3(m.row(r).transpose());
  return s + "]";
}

std::string format_inertia(const Matrix3d& I) {
  const auto same = [](double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  };
  if (!same(I(0, 1), I(1, 0)) || !same(I(0, 2), I(2, 0)) || !same(I(1, 2), I(2, 1)))
    return format_matrix3(I);
  return "{ixx: " + format_number(I(0, 0)) + ", iyy: " + format_number(I(1, 1)) +
         ", izz: " + format_number(I(2, 2)) + ", ixy: " + format_number(I(0, 1)) +
         ", ixz: " + format_number(I(0, 2)) + ", iyz: " + format_number(I(1, 2)) + "}";
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      out += hex;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string comment(const std::string& text, const std::string& indent) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    out += indent + (line.empty() ? "#" : "# " + line) + "\n";
    start = end + 1;
  }
  return out;
}

std::string builder_notes(bool allow_invalid_inertia, const std::vector<std::string>& warnings) {
  std::string out = std::string("allow_invalid_inertia: ") + (allow_invalid_inertia ? "true" : "false") + "\n";
  if (warnings.empty()) return out;
  std::string text = "accepted by the builder:";
  for (const std::string& w : warnings) text += "\n  " + w;
  return out + comment(text);
}

}  // namespace manipdyn::yaml_io
