// The plumbing shared by the YAML model readers: parsing, node walking, exact numbers, units.
#include "yaml_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>
#include <sstream>

#include <yaml-cpp/eventhandler.h>

#include "manipdyn/io/parse_error.hpp"

namespace manipdyn::yaml_io {

namespace {

// "links[2]" + "inertia" -> "links[2].inertia"; "" + "links" -> "links".
std::string join(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

// What a node is, for "expected X, got Y" messages.
std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Scalar: return "'" + node.Scalar() + "'";
    default: return "an empty value";
  }
}

// Levenshtein distance of the lower-cased words, for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// YAML's infinity: .inf, .Inf, .INF with an optional sign; returns +-1, or 0 if not one.
int yaml_infinity_sign(std::string_view s) {
  int sign = 1;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    sign = s[0] == '-' ? -1 : 1;
    s.remove_prefix(1);
  }
  return (s == ".inf" || s == ".Inf" || s == ".INF") ? sign : 0;
}

bool is_yaml_nan(std::string_view s) { return s == ".nan" || s == ".NaN" || s == ".NAN"; }

// Splits "90 deg" / "90deg" / "1.5 rad" into the number text and the unit (empty if none).
std::pair<std::string_view, std::string_view> split_unit(std::string_view s) {
  for (std::string_view unit : {"deg", "rad"})
    if (s.size() > unit.size() && s.substr(s.size() - unit.size()) == unit) {
      std::string_view number = s.substr(0, s.size() - unit.size());
      while (!number.empty() && number.back() == ' ') number.remove_suffix(1);
      return {number, unit};
    }
  return {s, {}};
}

// Counts the documents of a YAML stream and records where the second one starts.
class DocumentCounter : public YAML::EventHandler {
 public:
  int documents = 0;
  YAML::Mark second;
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents == 2) second = mark;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// The 1-based line and column of the first character that is not blank, a comment or a
// document marker; {0, 0} if there is none.
std::pair<int, int> first_content(const std::string& text) {
  int line = 1;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view row(text.data() + start, end - start);
    const std::size_t at = row.find_first_not_of(" \t\r\xEF\xBB\xBF");
    if (at != std::string_view::npos && row[at] != '#' && !row.substr(at).starts_with("---") &&
        !row.substr(at).starts_with("..."))
      return {line, static_cast<int>(at) + 1};
    start = end + 1;
    ++line;
  }
  return {0, 0};
}

// Up to 20 characters of `text` from 1-based line and column, for messages.
std::string text_at(const std::string& text, int line, int column) {
  std::size_t start = 0;
  for (int i = 1; i < line; ++i) start = text.find('\n', start) + 1;
  start += static_cast<std::size_t>(column - 1);
  const std::size_t end = std::min(text.find('\n', start), text.size());
  return text.substr(start, std::min<std::size_t>(end - start, 20));
}

// The 0-based yaml-cpp mark as 1-based line and column (0 when unknown).
int one_based(int zero_based) { return zero_based >= 0 ? zero_based + 1 : 0; }

}  // namespace

Field Reader::parse(const std::string& text) const {
  // the first document (YAML::LoadAll is not used: yaml-cpp 0.7 loops forever on a stray ','
  // before the first value, jbeder/yaml-cpp#1040)
  const YAML::Node first = [&] {
    try {
      return YAML::Load(text);
    } catch (const YAML::Exception& e) {
      throw ParseError(label_, one_based(e.mark.line), one_based(e.mark.column), "",
                       "YAML syntax error: " + e.msg);
    }
  }();
  if (first.IsNull()) {
    // nothing but blanks and comments, or something yaml-cpp read as no value at all
    const auto [line, column] = first_content(text);
    if (line == 0) throw ParseError(label_, 0, 0, "", "the document is empty (expected a mapping with 'kind')");
    throw ParseError(label_, line, column, "",
                     "the top level must be a mapping of fields (kind: ..., name: ...), found '" +
                         text_at(text, line, column) + "'");
  }
  // exactly one document
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentCounter counter;
  try {
    while (counter.documents < 2 && parser.HandleNextDocument(counter)) {
    }
  } catch (const YAML::Exception& e) {
    throw ParseError(label_, one_based(e.mark.line), one_based(e.mark.column), "",
                     "YAML syntax error: " + e.msg);
  }
  if (counter.documents > 1)
    fail(counter.second, "", "holds more than one YAML document ('---'); expected one model");
  // whose root is a mapping
  Field root{first, "", first.Mark()};
  if (!root.node.IsMap())
    fail(root, "the top level must be a mapping of fields (kind: ..., name: ...), got " +
                   describe(root.node));
  return root;
}

void Reader::fail(const YAML::Mark& mark, const std::string& path,
                  const std::string& problem) const {
  throw ParseError(label_, one_based(mark.line), one_based(mark.column), path, problem);
}

void Reader::fail(const Field& at, const std::string& problem) const {
  const bool has_value = at.node.IsDefined() && !at.node.IsNull();
  fail(has_value ? at.node.Mark() : at.key_mark, at.path, problem);
}

void Reader::expect_kind(const Field& root, std::string_view expected) const {
  const Field kind = required(root, "kind");
  const std::string k = text(kind);
  if (k == expected) return;
  const std::string problem = "is '" + k + "', expected '" + std::string(expected) + "'";
  if (k == "serial_arm" || k == "stewart_platform" || k == "parallel")
    fail(kind, problem + " (load_model in io/model_file.hpp reads every kind)");
  fail(kind, problem);
}

void Reader::expect_map(const Field& map, const std::vector<std::string_view>& allowed) const {
  if (!map.node.IsMap()) fail(map, "expected a mapping {key: value, ...}, got " + describe(map.node));
  std::vector<std::string> seen;
  for (auto it = map.node.begin(); it != map.node.end(); ++it) {
    if (!it->first.IsScalar()) fail(it->first.Mark(), map.path, "a key must be a plain name");
    const std::string& key = it->first.Scalar();
    const std::string path = join(map.path, key);
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      // unknown key: suggest the nearest allowed one, list them all
      std::string_view nearest;
      std::size_t best = 3;
      for (std::string_view a : allowed)
        if (const std::size_t d = edit_distance(key, a); d < best && d < key.size()) {
          best = d;
          nearest = a;
        }
      std::string problem = "unknown field '" + key + "'";
      if (!nearest.empty()) problem += " (did you mean '" + std::string(nearest) + "'?)";
      problem += "; expected one of:";
      for (std::size_t i = 0; i < allowed.size(); ++i)
        problem += (i ? ", " : " ") + std::string(allowed[i]);
      fail(it->first.Mark(), path, problem);
    }
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      fail(it->first.Mark(), path, "is given twice");
    seen.push_back(key);
  }
}

Field Reader::required(const Field& map, const std::string& key) const {
  if (std::optional<Field> f = optional(map, key)) return *f;
  fail(map.node.Mark(), join(map.path, key), "is missing (required)");
}

std::optional<Field> Reader::optional(const Field& map, const std::string& key) const {
  if (!map.node.IsMap()) fail(map, "expected a mapping {key: value, ...}, got " + describe(map.node));
  for (auto it = map.node.begin(); it != map.node.end(); ++it)
    if (it->first.IsScalar() && it->first.Scalar() == key)
      return Field{it->second, join(map.path, key), it->first.Mark()};
  return std::nullopt;
}

std::vector<std::pair<std::string, Field>> Reader::entries(const Field& map) const {
  if (!map.node.IsMap()) fail(map, "expected a mapping {name: value, ...}, got " + describe(map.node));
  std::vector<std::pair<std::string, Field>> out;
  for (auto it = map.node.begin(); it != map.node.end(); ++it) {
    if (!it->first.IsScalar() || it->first.Scalar().empty())
      fail(it->first.Mark(), map.path, "a key must be a non-empty plain name");
    const std::string& key = it->first.Scalar();
    const std::string path = join(map.path, key);
    for (const auto& [name, earlier] : out)
      if (name == key)
        fail(it->first.Mark(), path,
             "'" + key + "' is given twice (first at line " +
                 std::to_string(one_based(earlier.key_mark.line)) + ")");
    out.emplace_back(key, Field{it->second, path, it->first.Mark()});
  }
  return out;
}

std::vector<Field> Reader::items(const Field& list, int expected) const {
  if (!list.node.IsSequence()) {
    fail(list, (expected >= 0 ? "expected a list of " + std::to_string(expected) + " items"
                              : std::string("expected a list")) +
                   ", got " + describe(list.node));
  }
  const int n = static_cast<int>(list.node.size());
  if (expected >= 0 && n != expected)
    fail(list, "has " + std::to_string(n) + " items, expected " + std::to_string(expected));
  std::vector<Field> out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const YAML::Node item = list.node[static_cast<std::size_t>(i)];
    out.push_back(Field{item, list.path + "[" + std::to_string(i) + "]", item.Mark()});
  }
  return out;
}

const std::string& Reader::scalar(const Field& f, const char* expected) const {
  if (!f.node.IsScalar())
    fail(f, std::string("expected ") + expected + ", got " + describe(f.node));
  return f.node.Scalar();
}

std::string Reader::text(const Field& f) const { return scalar(f, "a string"); }

int Reader::word(const Field& f, const std::vector<std::string_view>& words) const {
  const std::string& s = scalar(f, "a word");
  for (std::size_t i = 0; i < words.size(); ++i)
    if (s == words[i]) return static_cast<int>(i);
  std::string expected;
  for (std::size_t i = 0; i < words.size(); ++i)
    expected += (i == 0 ? "" : (i + 1 == words.size() ? " or " : ", ")) + std::string(words[i]);
  fail(f, "is '" + s + "', expected " + expected);
}

bool Reader::boolean(const Field& f) const {
  const std::string& s = scalar(f, "true or false");
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  fail(f, "is '" + s + "', expected true or false");
}

std::optional<double> Reader::parse_double(std::string_view s) {
  // YAML allows a leading '+', std::from_chars does not
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  if (s.empty() || s[0] == '+' || (s.size() > 1 && s[0] == '-' && s[1] == '+')) return std::nullopt;
  double x = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (end != s.data() + s.size()) return std::nullopt;
  // out of the range of a double (1e999): reported as not finite
  if (ec == std::errc::result_out_of_range) return std::numeric_limits<double>::infinity();
  if (ec != std::errc()) return std::nullopt;
  return x;
}

double Reader::number(const Field& f) const {
  const std::string& s = scalar(f, "a number");
  const std::optional<double> x = parse_double(s);
  if (x && std::isfinite(*x)) return *x;
  // say what is wrong with the text
  if (yaml_infinity_sign(s) != 0) fail(f, "is infinite ('" + s + "'); only limits may be .inf");
  if (x || is_yaml_nan(s))
    fail(f, "is not finite or out of the range of a double ('" + s + "')");
  if (const auto [number, unit] = split_unit(s); !unit.empty() && parse_double(number))
    fail(f, "has an angle unit ('" + s + "'), but this field is not an angle");
  fail(f, "expected a number, got " + describe(f.node));
}

double Reader::number_or_inf(const Field& f) const {
  if (f.node.IsScalar())
    if (const int sign = yaml_infinity_sign(f.node.Scalar()))
      return sign * std::numeric_limits<double>::infinity();
  return number(f);
}

double Reader::angle(const Field& f, AngleUnit unit, bool allow_inf) const {
  const std::string& s = scalar(f, "an angle");
  if (allow_inf)
    if (const int sign = yaml_infinity_sign(s)) return sign * std::numeric_limits<double>::infinity();
  // an explicit unit in the value wins over the file's angle unit
  const auto [number_text, unit_text] = split_unit(s);
  if (!unit_text.empty()) unit = unit_text == "deg" ? AngleUnit::deg : AngleUnit::rad;
  const std::optional<double> x = parse_double(number_text);
  if (!x) {
    if (yaml_infinity_sign(s) != 0) fail(f, "is infinite ('" + s + "'); only limits may be .inf");
    fail(f, "expected an angle (a number, or a string like '90 deg'), got " + describe(f.node));
  }
  if (!std::isfinite(*x)) fail(f, "is not finite ('" + s + "'); expected a finite angle");
  return unit == AngleUnit::deg ? *x * std::numbers::pi / 180.0 : *x;
}

Vector3d Reader::vector3(const Field& f) const {
  if (!f.node.IsSequence()) fail(f, "expected a list of 3 numbers [x, y, z], got " + describe(f.node));
  const std::vector<Field> xs = items(f, 3);
  return Vector3d(number(xs[0]), number(xs[1]), number(xs[2]));
}

Matrix3d Reader::matrix3(const Field& f) const {
  if (!f.node.IsSequence())
    fail(f, "expected a 3x3 nested list [[r0], [r1], [r2]], got " + describe(f.node));
  const std::vector<Field> rows = items(f, 3);
  Matrix3d m;
  for (int r = 0; r < 3; ++r) {
    if (!rows[r].node.IsSequence())
      fail(rows[r], "expected a row of 3 numbers, got " + describe(rows[r].node));
    const std::vector<Field> xs = items(rows[r], 3);
    for (int c = 0; c < 3; ++c) m(r, c) = number(xs[c]);
  }
  return m;
}

Matrix3d Reader::inertia(const Field& f) const {
  static const char* forms =
      "[ixx, iyy, izz], {ixx: ..., iyy: ..., izz: ..., ixy: ..., ixz: ..., iyz: ...} or a 3x3 "
      "nested list";
  // {ixx, iyy, izz, ixy, ixz, iyz}: products default to 0
  if (f.node.IsMap()) {
    expect_map(f, {"ixx", "iyy", "izz", "ixy", "ixz", "iyz"});
    const auto product = [&](const char* key) {
      const std::optional<Field> p = optional(f, key);
      return p ? number(*p) : 0.0;
    };
    const double ixy = product("ixy"), ixz = product("ixz"), iyz = product("iyz");
    // every entry read before the matrix is built: a missing one throws from here, not from
    // inside Eigen's comma initializer (whose destructor asserts when unwound half-filled)
    const double ixx = number(required(f, "ixx")), iyy = number(required(f, "iyy")),
                 izz = number(required(f, "izz"));
    Matrix3d m;
    m << ixx, ixy, ixz,  //
        ixy, iyy, iyz,   //
        ixz, iyz, izz;
    return m;
  }
  if (!f.node.IsSequence()) fail(f, std::string("expected ") + forms + ", got " + describe(f.node));
  if (f.node.size() != 3)
    fail(f, "has " + std::to_string(f.node.size()) + " items; expected " + forms);
  // [ixx, iyy, izz] or [[r0], [r1], [r2]]
  const std::vector<Field> xs = items(f, 3);
  if (xs[0].node.IsSequence()) return matrix3(f);
  return Vector3d(number(xs[0]), number(xs[1]), number(xs[2])).asDiagonal();
}

AngleUnit Reader::units(const std::optional<Field>& f) const {
  if (!f) return AngleUnit::rad;
  expect_map(*f, {"length", "mass", "time", "angle"});
  // SI only, spelled as the writer writes them
  for (const auto& [key, si] : {std::pair{"length", "m"}, std::pair{"mass", "kg"},
                                std::pair{"time", "s"}})
    if (const std::optional<Field> u = optional(*f, key); u && text(*u) != si)
      fail(*u, "is '" + text(*u) + "'; only SI units are supported (" + key + ": " + si + ")");
  const std::optional<Field> angle = optional(*f, "angle");
  return angle && word(*angle, {"rad", "deg"}) == 1 ? AngleUnit::deg : AngleUnit::rad;
}

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ParseError(path, 0, 0, "", "is a directory, expected a model file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, 0, "", std::string("cannot open the file (") +
                                                std::strerror(errno) + ")");
  std::ostringstream os;
  os << in.rdbuf();
  if (in.bad()) throw ParseError(path, 0, 0, "", "cannot read the file");
  return os.str();
}

}  // namespace manipdyn::yaml_io
