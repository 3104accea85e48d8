// The .npy reader and writer of npy_file.hpp. Header: the magic "\x93NUMPY", the version
// (major, minor), the header length (2 bytes little-endian for 1.x, 4 bytes for 2.x/3.x), then
// a Python dict literal {'descr': '<f8', 'fortran_order': False, 'shape': (N, k), } padded with
// spaces and a newline; the data follow.
#include "npy_file.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace manipdyn::cli {
namespace {

static_assert(std::endian::native == std::endian::little, "the .npy reader assumes little-endian");

[[noreturn]] void fail(const std::string& label, const std::string& path, const std::string& what) {
  throw std::invalid_argument(label + " '" + path + "': " + what);
}

// The text after "'key':" in the header dict, with leading spaces removed.
std::string value_of(const std::string& header, const std::string& key, const std::string& label,
                     const std::string& path) {
  const std::size_t at = header.find("'" + key + "'");
  if (at == std::string::npos) fail(label, path, "the .npy header has no '" + key + "'");
  std::size_t colon = header.find(':', at);
  if (colon == std::string::npos) fail(label, path, "malformed .npy header");
  std::size_t start = header.find_first_not_of(' ', colon + 1);
  return start == std::string::npos ? "" : header.substr(start);
}

}  // namespace

NpyArray read_npy(const std::string& path, const std::string& label, double max_values) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(label, path, "cannot be read (no such file?)");
  // Magic and version.
  char magic[8];
  if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0)
    fail(label, path, "not a .npy file (no \\x93NUMPY magic)");
  const int major = static_cast<unsigned char>(magic[6]);
  if (major < 1 || major > 3)
    fail(label, path, ".npy format version " + std::to_string(major) + " is not read (1 to 3)");
  // Header length and text.
  std::uint32_t header_len = 0;
  if (major == 1) {
    unsigned char b[2];
    if (!in.read(reinterpret_cast<char*>(b), 2)) fail(label, path, "truncated .npy header");
    header_len = b[0] | (b[1] << 8);
  } else {
    unsigned char b[4];
    if (!in.read(reinterpret_cast<char*>(b), 4)) fail(label, path, "truncated .npy header");
    header_len = b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<std::uint32_t>(b[3]) << 24);
  }
  if (header_len > 1u << 20) fail(label, path, "the .npy header is too long");
  std::string header(header_len, '\0');
  if (!in.read(header.data(), header_len)) fail(label, path, "truncated .npy header");
  // dtype: float64 little-endian only.
  const std::string descr = value_of(header, "descr", label, path);
  if (descr.rfind("'<f8'", 0) != 0)
    fail(label, path, "dtype " + descr.substr(0, descr.find_first_of(",}")) +
                          " is not read: only float64 little-endian ('<f8'); save "
                          "a.astype(np.float64)");
  if (value_of(header, "fortran_order", label, path).rfind("False", 0) != 0)
    fail(label, path, "Fortran-ordered arrays are not read; save np.ascontiguousarray(a)");
  // shape: a tuple of integers.
  const std::string shape_text = value_of(header, "shape", label, path);
  if (shape_text.empty() || shape_text[0] != '(') fail(label, path, "malformed .npy shape");
  NpyArray a;
  double count = 1.0;
  std::size_t pos = 1;
  while (pos < shape_text.size() && shape_text[pos] != ')') {
    if (shape_text[pos] == ' ' || shape_text[pos] == ',') {
      ++pos;
      continue;
    }
    std::size_t used = 0;
    unsigned long long d = 0;
    try {
      d = std::stoull(shape_text.substr(pos), &used);
    } catch (const std::exception&) {
      fail(label, path, "malformed .npy shape");
    }
    a.shape.push_back(static_cast<std::size_t>(d));
    count *= static_cast<double>(d);
    pos += used;
  }
  if (count > max_values) {
    std::ostringstream os;
    os << "holds " << count << " values, more than the " << max_values << " allowed";
    fail(label, path, os.str());
  }
  // Data: exactly the values of the shape.
  a.values.resize(static_cast<std::size_t>(count));
  if (!in.read(reinterpret_cast<char*>(a.values.data()),
               static_cast<std::streamsize>(a.values.size() * sizeof(double))))
    fail(label, path, "the data are shorter than the shape says");
  if (in.peek() != std::char_traits<char>::eof())
    fail(label, path, "the data are longer than the shape says");
  return a;
}

void write_npy(const std::string& path, const std::vector<std::size_t>& shape,
               const double* values) {
  std::ostringstream dict;
  dict << "{'descr': '<f8', 'fortran_order': False, 'shape': (";
  std::size_t count = 1;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    dict << shape[i] << (shape.size() == 1 || i + 1 < shape.size() ? "," : "")
         << (i + 1 < shape.size() ? " " : "");
    count *= shape[i];
  }
  dict << "), }";
  std::string header = dict.str();
  // Pad so that the data start at a multiple of 64 bytes; end with a newline.
  const std::size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
  const auto len = static_cast<std::uint16_t>(header.size());
  const char prefix[10] = {'\x93', 'N', 'U', 'M', 'P', 'Y', 1, 0,
                           static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
  out.write(prefix, 10);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(reinterpret_cast<const char*>(values),
            static_cast<std::streamsize>(count * sizeof(double)));
  if (!out.flush()) throw std::runtime_error("error while writing '" + path + "'");
}

}  // namespace manipdyn::cli
