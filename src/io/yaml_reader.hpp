#pragma once
// Internal to src/io: the plumbing shared by the YAML readers of serial arms (yaml_serial.cpp)
// and Stewart platforms (yaml_stewart.cpp) -- parsing the text, walking mappings and lists with a
// field path ("links[2].inertia"), exact numbers, units, and ParseError at a node's line and
// column. Not installed; the public API is include/manipdyn/io/yaml_model.hpp.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/parallel/model.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::yaml_io {

/// A node of the document with its path from the root ("legs[4].upper.mass") and the mark of
/// its key (or list item), which locates an empty value (yaml-cpp marks a null value at the
/// next token).
/// Assignment rebinds `node` (YAML::Node::reset): YAML::Node's own operator= would write the
/// right-hand node into the document.
struct Field {
  YAML::Node node;
  std::string path;
  YAML::Mark key_mark;

  Field() = default;
  Field(YAML::Node n, std::string p, YAML::Mark m)
      : node(std::move(n)), path(std::move(p)), key_mark(m) {}
  Field(const Field&) = default;
  Field(Field&&) = default;
  Field& operator=(const Field& other) {
    node.reset(other.node);
    path = other.path;
    key_mark = other.key_mark;
    return *this;
  }
  Field& operator=(Field&& other) { return *this = static_cast<const Field&>(other); }
};

/// The unit in which the angle fields of a file are read (`units: {angle: rad|deg}`).
enum class AngleUnit { rad, deg };

/// Reads the nodes of one document; every error is a ParseError naming `label` (the file path
/// or "<string>"), the 1-based line and column of the node, and the field path.
class Reader {
 public:
  explicit Reader(std::string label) : label_(std::move(label)) {}
  const std::string& label() const { return label_; }

  /// Parses `text`, which must hold exactly one YAML document whose root is a mapping; returns
  /// the root (path ""). A syntax error is reported at yaml-cpp's mark.
  Field parse(const std::string& text) const;

  /// Throws ParseError at the node of `at` (its key when the value is empty).
  [[noreturn]] void fail(const Field& at, const std::string& problem) const;
  /// Throws ParseError at `mark` (0-based, as yaml-cpp gives it) for the field `path`.
  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& path,
                         const std::string& problem) const;

  /// Checks the root's `kind` (before its other keys, so that a file of the other kind is named
  /// as such): it must be `expected`; the other kind points to load_model.
  void expect_kind(const Field& root, std::string_view expected) const;
  /// Checks that `map` is a mapping whose keys are plain strings, each in `allowed` and given
  /// once; an unknown key names the allowed ones and suggests the nearest ("did you mean").
  void expect_map(const Field& map, const std::vector<std::string_view>& allowed) const;
  /// The value of `key` in the (checked) mapping `map`; throws if it is missing.
  Field required(const Field& map, const std::string& key) const;
  /// The value of `key`, or nothing if absent.
  std::optional<Field> optional(const Field& map, const std::string& key) const;
  /// The entries of a mapping in file order (keys unique, plain strings).
  std::vector<std::pair<std::string, Field>> entries(const Field& map) const;
  /// The items of a list; with `expected` >= 0 its length must be `expected`.
  std::vector<Field> items(const Field& list, int expected = -1) const;

  /// A scalar as text (names, descriptions); a list, mapping or empty value is an error.
  std::string text(const Field& f) const;
  /// One of `words` (e.g. revolute|prismatic); returns its index.
  int word(const Field& f, const std::vector<std::string_view>& words) const;
  /// One of the names of E (its EnumNames table, core/enum_names.hpp); the error lists them as
  /// word() does ("is 'x', expected standard or modified").
  template <NamedEnum E>
  E named(const Field& f) const {
    const std::vector<std::string> n = names<E>();
    const int i = word(f, std::vector<std::string_view>(n.begin(), n.end()));
    return all<E>()[static_cast<std::size_t>(i)];
  }
  /// true or false (also True/TRUE, False/FALSE).
  bool boolean(const Field& f) const;
  /// A finite number, parsed exactly (std::from_chars, shortest round trip).
  double number(const Field& f) const;
  /// A number that may also be `.inf` / `-.inf` (limits, where infinity means none).
  double number_or_inf(const Field& f) const;
  /// An angle in rad: a number in `unit`, or a string "90 deg" / "1.5 rad" whose explicit unit
  /// wins; with `allow_inf`, `.inf` / `-.inf` too.
  double angle(const Field& f, AngleUnit unit, bool allow_inf = false) const;
  /// A list of 3 finite numbers.
  Vector3d vector3(const Field& f) const;
  /// A 3x3 nested list [[r0], [r1], [r2]].
  Matrix3d matrix3(const Field& f) const;
  /// An inertia tensor (kg m^2): [ixx, iyy, izz] (diagonal), {ixx, iyy, izz, ixy, ixz, iyz}
  /// (products default 0; ixy is the (0,1) entry of the matrix, as in URDF) or a 3x3 nested
  /// list (kept as given, so that the builder checks its symmetry).
  Matrix3d inertia(const Field& f) const;
  /// Validates a `units` block (SI only; angle rad or deg) and returns its angle unit; rad if
  /// the block is absent.
  AngleUnit units(const std::optional<Field>& f) const;

 private:
  // The scalar text of a field, or an error naming what was found instead.
  const std::string& scalar(const Field& f, const char* expected) const;
  // Parses a whole number string; nullopt if it is not one.
  static std::optional<double> parse_double(std::string_view s);

  std::string label_;
};

/// The child `key` of the mapping field `f` (the key may be absent: node undefined).
Field child(const Field& f, const std::string& key);

/// The readers of the three kinds from a parsed root (yaml_serial.cpp, yaml_stewart.cpp,
/// yaml_parallel.cpp), shared
/// with load_model (model_file.cpp), which dispatches on `kind` without parsing twice.
/// `allow_invalid_inertia` accepts invalid inertias as the file's own `allow_invalid_inertia:
/// true` does (load_model's option); false leaves it to the file.
SerialModel read_serial_model(const Reader& reader, const Field& root,
                              bool allow_invalid_inertia = false);
stewart::StewartModel read_stewart_model(const Reader& reader, const Field& root,
                                         bool allow_invalid_inertia = false);
parallel::ParallelModel read_parallel_model(const Reader& reader, const Field& root,
                                            bool allow_invalid_inertia = false);

/// Reads a whole file as text; a file that cannot be opened is a ParseError naming it.
std::string read_text_file(const std::string& path);

}  // namespace manipdyn::yaml_io
