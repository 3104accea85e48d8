// YAML model files of Stewart platforms (`kind: stewart_platform`): reader and writer. Schema:
// docs/model_files.md, "Stewart platform".
#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "yaml_reader.hpp"
#include "yaml_writer.hpp"

namespace manipdyn {

namespace yaml_io {

namespace {

using stewart::kLegs;

// Mass properties of a rigid part: {mass, com, inertia}, all required. Records the nodes under
// the builder's names of the part (`mass_name`, `com_name`, `inertia_name`).
void read_part(const Reader& r, const Field& f, double& mass, Vector3d& com, Matrix3d& inertia,
               std::map<std::string, Field>& nodes, const std::string& mass_name,
               const std::string& com_name, const std::vector<std::string>& inertia_names) {
  r.expect_map(f, {"mass", "com", "inertia"});
  const Field m = r.required(f, "mass"), c = r.required(f, "com"), i = r.required(f, "inertia");
  nodes.insert_or_assign(mass_name, m);
  nodes.insert_or_assign(com_name, c);
  for (const std::string& name : inertia_names) nodes.insert_or_assign(name, i);
  mass = r.number(m);
  com = r.vector3(c);
  inertia = r.inertia(i);
}

// The designer's limits of one leg; missing entries mean no limit.
stewart::LegLimits read_limits(const Reader& r, const Field& f, AngleUnit unit,
                               std::map<std::string, Field>& nodes) {
  r.expect_map(f, {"length", "u_joint_angle_max", "s_joint_angle_max", "force_max",
                   "u_joint_normal", "s_joint_normal"});
  stewart::LegLimits limits;
  if (const std::optional<Field> length = r.optional(f, "length")) {
    const std::vector<Field> range = r.items(*length, 2);
    nodes.insert_or_assign("length_min", range[0]);
    nodes.insert_or_assign("length_max", range[1]);
    limits.length_min = r.number_or_inf(range[0]);  // the builder requires it finite
    limits.length_max = r.number_or_inf(range[1]);
  }
  for (const auto& [key, out] : {std::pair{"u_joint_angle_max", &limits.u_joint_angle_max},
                                 std::pair{"s_joint_angle_max", &limits.s_joint_angle_max}})
    if (const std::optional<Field> a = r.optional(f, key)) {
      nodes.insert_or_assign(key, *a);
      *out = r.angle(*a, unit, true);
    }
  if (const std::optional<Field> force = r.optional(f, "force_max")) {
    nodes.insert_or_assign("force_max", *force);
    limits.force_max = r.number_or_inf(*force);
  }
  for (const auto& [key, out] : {std::pair{"u_joint_normal", &limits.u_joint_normal},
                                 std::pair{"s_joint_normal", &limits.s_joint_normal}})
    if (const std::optional<Field> n = r.optional(f, key)) {
      nodes.insert_or_assign(key, *n);
      *out = r.vector3(*n);
    }
  return limits;
}

// Reports an error of stewart::build_model at the node it concerns. The builder names the place
// as "build_model: leg <i> <field> ..." or "build_model: <field> ...".
[[noreturn]] void rethrow_builder_error(const Reader& r, const std::string& message,
                                        const std::vector<std::map<std::string, Field>>& leg_nodes,
                                        const std::map<std::string, Field>& nodes,
                                        const Field& root) {
  std::string problem = message;
  if (problem.starts_with("build_model: ")) problem = problem.substr(13);
  const std::string from = "pass allow_invalid_inertia to accept it";
  if (const std::size_t at = problem.find(from); at != std::string::npos)
    problem.replace(at, from.size(), "set allow_invalid_inertia: true to accept it");
  // the longest builder name that starts the rest of the message
  auto find = [](const std::map<std::string, Field>& names, const std::string& rest) {
    const Field* best = nullptr;
    std::size_t best_size = 0;
    for (const auto& [name, field] : names)
      if (rest.starts_with(name) && name.size() > best_size) {
        best = &field;
        best_size = name.size();
      }
    return best;
  };
  for (int i = 0; i < kLegs; ++i) {
    const std::string leg = "leg " + std::to_string(i + 1) + " ";
    if (!problem.starts_with(leg)) continue;
    if (const Field* f = find(leg_nodes[static_cast<std::size_t>(i)], problem.substr(leg.size())))
      r.fail(*f, problem);
    r.fail(leg_nodes[static_cast<std::size_t>(i)].at(""), problem);
  }
  if (const Field* f = find(nodes, problem)) r.fail(*f, problem);
  r.fail(root, problem);
}

bool bitwise_equal(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

bool bitwise_equal(const Vector3d& a, const Vector3d& b) {
  return bitwise_equal(a[0], b[0]) && bitwise_equal(a[1], b[1]) && bitwise_equal(a[2], b[2]);
}

std::string format_part(double mass, const Vector3d& com, const Matrix3d& inertia) {
  return "{mass: " + format_number(mass) + ", com: " + format_vector3(com) +
         ", inertia: " + format_inertia(inertia) + "}";
}

}  // namespace

stewart::StewartModel read_stewart_model(const Reader& r, const Field& root,
                                         bool allow_by_option) {
  r.expect_kind(root, "stewart_platform");
  r.expect_map(root, {"kind", "name", "units", "gravity", "allow_invalid_inertia", "platform",
                      "friction", "legs"});
  const AngleUnit unit = r.units(r.optional(root, "units"));

  // model-wide fields; `nodes` maps the builder's names to where they are in the file
  stewart::StewartParameters prm;
  std::map<std::string, Field> nodes;
  bool allow_invalid_inertia = allow_by_option;
  if (const std::optional<Field> f = r.optional(root, "name")) prm.name = r.text(*f);
  if (const std::optional<Field> f = r.optional(root, "gravity")) {
    nodes.insert_or_assign("gravity", *f);
    prm.gravity = r.vector3(*f);
  }
  if (const std::optional<Field> f = r.optional(root, "allow_invalid_inertia"))
    allow_invalid_inertia = r.boolean(*f) || allow_by_option;

  // the platform and the joint friction
  read_part(r, r.required(root, "platform"), prm.M, prm.R0, prm.I_p, nodes, "platform mass M", "R0",
            {"platform inertia I_p", "I_p"});
  if (const std::optional<Field> f = r.optional(root, "friction")) {
    r.expect_map(*f, {"u_joint", "prismatic", "s_joint"});
    for (const auto& [key, builder_name, out] :
         {std::tuple{"u_joint", "friction coefficient Cu", &prm.Cu},
          std::tuple{"prismatic", "friction coefficient Cp", &prm.Cp},
          std::tuple{"s_joint", "friction coefficient Cs", &prm.Cs}})
      if (const std::optional<Field> c = r.optional(*f, key)) {
        nodes.insert_or_assign(builder_name, *c);
        *out = r.number(*c);
      }
  }

  // the six legs
  const Field legs_field = r.required(root, "legs");
  if (legs_field.node.IsSequence() && legs_field.node.size() != kLegs)
    r.fail(legs_field, "has " + std::to_string(legs_field.node.size()) + " legs, expected " +
                           std::to_string(kLegs) + " (a 6-UPS platform)");
  const std::vector<Field> legs = r.items(legs_field, kLegs);
  std::vector<std::map<std::string, Field>> leg_nodes(kLegs);
  for (int i = 0; i < kLegs; ++i) {
    const Field& leg = legs[static_cast<std::size_t>(i)];
    std::map<std::string, Field>& at = leg_nodes[static_cast<std::size_t>(i)];
    stewart::LegMassProperties& mass = prm.legs[static_cast<std::size_t>(i)];
    r.expect_map(leg, {"base_point", "u_joint_axis", "platform_point", "lower", "upper", "limits"});
    at.insert_or_assign("", leg);
    const Field b = r.required(leg, "base_point"), k = r.required(leg, "u_joint_axis");
    const Field p = r.required(leg, "platform_point");
    at.insert_or_assign("U-joint axis k", k);
    prm.b.col(i) = r.vector3(b);
    prm.k.col(i) = r.vector3(k);
    prm.p.col(i) = r.vector3(p);
    read_part(r, r.required(leg, "lower"), mass.m_d, mass.r_d0, mass.I_d0, at,
              "masses: lower-part mass m_d", "r_d0", {"lower-part inertia I_d0", "I_d0"});
    read_part(r, r.required(leg, "upper"), mass.m_u, mass.r_u0, mass.I_u0, at,
              "masses: upper-part mass m_u", "r_u0", {"upper-part inertia I_u0", "I_u0"});
    // (a non-finite mass is named without the "masses: " of the range checks)
    at.insert_or_assign("lower-part mass m_d", at.at("masses: lower-part mass m_d"));
    at.insert_or_assign("upper-part mass m_u", at.at("masses: upper-part mass m_u"));
    if (const std::optional<Field> f = r.optional(leg, "limits"))
      prm.limits[static_cast<std::size_t>(i)] = read_limits(r, *f, unit, at);
  }

  // the builder's physical checks, reported at the node they concern
  try {
    return stewart::build_model(prm, allow_invalid_inertia);
  } catch (const std::invalid_argument& e) {
    rethrow_builder_error(r, e.what(), leg_nodes, nodes, root);
  }
}

}  // namespace yaml_io

stewart::StewartModel stewart_model_from_yaml_string(const std::string& text,
                                                     const std::string& label) {
  const yaml_io::Reader reader(label);
  return yaml_io::read_stewart_model(reader, reader.parse(text));
}

stewart::StewartModel stewart_model_from_yaml_file(const std::string& path) {
  return stewart_model_from_yaml_string(yaml_io::read_text_file(path), path);
}

std::string stewart_model_to_yaml(const stewart::StewartModel& m) {
  using namespace yaml_io;
  std::ostringstream os;
  // model-wide fields
  os << "# manipdyn Stewart-platform model (schema: docs/model_files.md)\n"
     << "kind: stewart_platform\n"
     << "name: " << quoted(m.name) << "\n"
     << kUnitsLine << "gravity: " << format_vector3(m.gravity) << "\n"
     << builder_notes(m.allow_invalid_inertia, m.warnings);
  // the platform and the joint friction
  os << "platform: " << format_part(m.M, m.R0, m.I_p) << "\n"
     << "friction: {u_joint: " << format_number(m.Cu) << ", prismatic: " << format_number(m.Cp)
     << ", s_joint: " << format_number(m.Cs) << "}\n";
  // the six legs
  os << "legs:\n";
  const stewart::LegLimits none;
  for (int i = 0; i < kLegs; ++i) {
    const stewart::LegMassProperties& leg = m.legs[static_cast<std::size_t>(i)];
    const stewart::LegLimits& lim = m.limits[static_cast<std::size_t>(i)];
    os << "  - base_point: " << format_vector3(m.b.col(i)) << "\n"
       << "    u_joint_axis: " << format_vector3(m.k.col(i)) << "\n"
       << "    platform_point: " << format_vector3(m.p.col(i)) << "\n"
       << "    lower: " << format_part(leg.m_d, leg.r_d0, leg.I_d0) << "\n"
       << "    upper: " << format_part(leg.m_u, leg.r_u0, leg.I_u0) << "\n";
    // limits: only those that are set
    std::vector<std::string> set;
    if (!bitwise_equal(lim.length_min, none.length_min) || !std::isinf(lim.length_max))
      set.push_back("length: [" + format_number(lim.length_min) + ", " +
                    format_limit(lim.length_max) + "]");
    if (!std::isinf(lim.u_joint_angle_max))
      set.push_back("u_joint_angle_max: " + format_number(lim.u_joint_angle_max));
    if (!std::isinf(lim.s_joint_angle_max))
      set.push_back("s_joint_angle_max: " + format_number(lim.s_joint_angle_max));
    if (!std::isinf(lim.force_max)) set.push_back("force_max: " + format_number(lim.force_max));
    if (!bitwise_equal(lim.u_joint_normal, none.u_joint_normal))
      set.push_back("u_joint_normal: " + format_vector3(lim.u_joint_normal));
    if (!bitwise_equal(lim.s_joint_normal, none.s_joint_normal))
      set.push_back("s_joint_normal: " + format_vector3(lim.s_joint_normal));
    if (!set.empty()) {
      os << "    limits: {";
      for (std::size_t j = 0; j < set.size(); ++j) os << (j ? ", " : "") << set[j];
      os << "}\n";
    }
  }
  return os.str();
}

}  // namespace manipdyn
