#pragma once
// Internal to src/io: text formatting shared by the YAML model writers (yaml_serial.cpp,
// yaml_stewart.cpp). Numbers are written in their shortest round-trip form, so that reading a
// written model gives back the same doubles bit for bit.
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"

namespace manipdyn::yaml_io {

/// The shortest text that reads back as exactly x (std::to_chars), for a finite x. A mantissa
/// without a '.' before an exponent gets ".0" ("2.0e-04"), and -0 is written "-0.0", so that
/// YAML 1.1 readers (PyYAML) also see a float; the value is unchanged.
std::string format_number(double x);
/// format_number, or ".inf" / "-.inf" for an infinite limit.
std::string format_limit(double x);
/// "[x0, x1, ...]" of the entries of v.
std::string format_list(const VectorXd& v);
/// "[x, y, z]".
std::string format_vector3(const Vector3d& v);
/// "[[r0], [r1], [r2]]" of the rows of m.
std::string format_matrix3(const Matrix3d& m);
/// An inertia tensor: "{ixx: .., iyy: .., izz: .., ixy: .., ixz: .., iyz: ..}" when it is
/// symmetric bit for bit, else the 3x3 nested list (so that it still reads back exactly).
std::string format_inertia(const Matrix3d& I);
/// A YAML double-quoted string ("\"", "\\" and control characters escaped).
std::string quoted(const std::string& s);
/// "# text" lines (one per line of `text`), each ending in a newline, indented by `indent`.
std::string comment(const std::string& text, const std::string& indent = "");
/// "allow_invalid_inertia: true|false" and, below it, the builder's warnings as comments
/// ("# accepted by the builder:" and one "#   <warning>" line each), as every writer puts them.
std::string builder_notes(bool allow_invalid_inertia, const std::vector<std::string>& warnings);
/// The units block the writers put in every file (SI, angles in rad).
inline constexpr const char* kUnitsLine = "units: {length: m, mass: kg, time: s, angle: rad}\n";

}  // namespace manipdyn::yaml_io
