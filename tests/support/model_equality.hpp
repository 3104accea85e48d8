#pragma once
// Bit-for-bit comparison of models for the model-file tests: each function returns a
// description of the first differences ("links[2].inertia(0,1): 0.1 != 0.2"), empty if the two
// models are identical in every field (doubles compared by their bits, so -0 != 0).
#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "manipdyn/parallel/model.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::test {

/// Collects the differences between two models, field by field.
class Differences {
 public:
  void value(const std::string& path, double a, double b) {
    if (std::bit_cast<std::uint64_t>(a) != std::bit_cast<std::uint64_t>(b)) {
      std::ostringstream os;
      os.precision(17);
      os << path << ": " << a << " != " << b;
      add(os.str());
    }
  }
  template <typename A, typename B>
  void matrix(const std::string& path, const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
      add(path + ": sizes differ");
      return;
    }
    for (Eigen::Index r = 0; r < a.rows(); ++r)
      for (Eigen::Index c = 0; c < a.cols(); ++c)
        value(path + "(" + std::to_string(r) + "," + std::to_string(c) + ")", a(r, c), b(r, c));
  }
  template <typename T>
  void same(const std::string& path, const T& a, const T& b) {
    if (!(a == b)) add(path + " differs");
  }
  void numbers(const std::string& path, const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return add(path + ": sizes differ");
    for (std::size_t i = 0; i < a.size(); ++i) value(path + "[" + std::to_string(i) + "]", a[i], b[i]);
  }
  template <typename V>
  void matrices(const std::string& path, const V& a, const V& b) {
    if (a.size() != b.size()) return add(path + ": sizes differ");
    for (std::size_t i = 0; i < a.size(); ++i) matrix(path + "[" + std::to_string(i) + "]", a[i], b[i]);
  }
  std::string text() const {
    std::string s;
    for (const auto& d : list_) s += d + "\n";
    return s;
  }

 private:
  void add(const std::string& d) {
    if (list_.size() < 20) list_.push_back(d);
  }
  std::vector<std::string> list_;
};

inline void compare_chain(Differences& d, const std::string& p, const DhChain& a, const DhChain& b) {
  d.same(p + ".convention", a.convention, b.convention);
  d.same(p + ".n", a.n, b.n);
  d.same(p + ".type", a.type, b.type);
  d.numbers(p + ".a", a.a, b.a);
  d.numbers(p + ".alpha", a.alpha, b.alpha);
  d.numbers(p + ".d", a.d, b.d);
  d.numbers(p + ".theta", a.theta, b.theta);
  d.same(p + ".parent", a.parent, b.parent);
  d.numbers(p + ".gamma", a.gamma, b.gamma);
  d.numbers(p + ".b", a.b, b.b);
  d.same(p + ".is_chain", a.is_chain, b.is_chain);
  d.numbers(p + ".sin_alpha", a.sin_alpha, b.sin_alpha);
  d.numbers(p + ".cos_alpha", a.cos_alpha, b.cos_alpha);
  d.numbers(p + ".mass", a.mass, b.mass);
  d.matrices(p + ".com", a.com, b.com);
  d.matrices(p + ".inertia_com", a.inertia_com, b.inertia_com);
  d.matrices(p + ".first_moment", a.first_moment, b.first_moment);
  d.matrices(p + ".inertia_origin", a.inertia_origin, b.inertia_origin);
  d.matrices(p + ".pseudo_inertia", a.pseudo_inertia, b.pseudo_inertia);
  d.matrix(p + ".base", a.base.matrix(), b.base.matrix());
  d.matrix(p + ".tool", a.tool.matrix(), b.tool.matrix());
  d.matrices(p + ".ne_p", a.ne_p, b.ne_p);
  d.matrices(p + ".ne_p_com", a.ne_p_com, b.ne_p_com);
  d.matrices(p + ".ne_K", a.ne_K, b.ne_K);
  d.same(p + ".ne_K_diagonal", a.ne_K_diagonal, b.ne_K_diagonal);
  d.same(p + ".ne_alpha_kind", a.ne_alpha_kind, b.ne_alpha_kind);
  d.same(p + ".ne_sparse", a.ne_sparse, b.ne_sparse);
  d.numbers(p + ".sin_theta", a.sin_theta, b.sin_theta);
  d.numbers(p + ".cos_theta", a.cos_theta, b.cos_theta);
  d.same(p + ".base_is_identity", a.base_is_identity, b.base_is_identity);
  d.same(p + ".tool_is_identity", a.tool_is_identity, b.tool_is_identity);
}

/// Differences between two serial arms in every field (the table with its parents, gamma and b,
/// limits, drive, gravity, base, tool, root and base inertia, named frames, configurations,
/// name, warnings and both derived chains).
inline std::string serial_differences(const SerialModel& a, const SerialModel& b) {
  Differences d;
  d.same("name", a.name, b.name);
  d.same("convention", a.convention, b.convention);
  d.same("links.size", a.links.size(), b.links.size());
  for (std::size_t i = 0; i < std::min(a.links.size(), b.links.size()); ++i) {
    const LinkParameters &x = a.links[i], &y = b.links[i];
    const std::string p = "links[" + std::to_string(i) + "].";
    d.same(p + "name", x.name, y.name);
    d.same(p + "type", x.type, y.type);
    d.value(p + "a", x.a, y.a);
    d.value(p + "alpha", x.alpha, y.alpha);
    d.value(p + "d", x.d, y.d);
    d.value(p + "theta", x.theta, y.theta);
    d.same(p + "parent", x.parent, y.parent);
    d.value(p + "gamma", x.gamma, y.gamma);
    d.value(p + "b", x.b, y.b);
    d.value(p + "mass", x.mass, y.mass);
    d.matrix(p + "com", x.com, y.com);
    d.matrix(p + "inertia", x.inertia, y.inertia);
    d.value(p + "motor_inertia", x.motor_inertia, y.motor_inertia);
    d.value(p + "gear_ratio", x.gear_ratio, y.gear_ratio);
    d.value(p + "viscous", x.viscous, y.viscous);
    d.value(p + "coulomb_positive", x.coulomb_positive, y.coulomb_positive);
    d.value(p + "coulomb_negative", x.coulomb_negative, y.coulomb_negative);
    d.value(p + "coulomb_velocity_scale", x.coulomb_velocity_scale, y.coulomb_velocity_scale);
    d.value(p + "q_min", x.q_min, y.q_min);
    d.value(p + "q_max", x.q_max, y.q_max);
    d.value(p + "qd_max", x.qd_max, y.qd_max);
    d.value(p + "tau_max", x.tau_max, y.tau_max);
  }
  d.matrix("gravity", a.gravity, b.gravity);
  compare_chain(d, "standard", a.standard, b.standard);
  compare_chain(d, "modified", a.modified, b.modified);
  d.same("has_drive", a.has_drive, b.has_drive);
  d.numbers("reflected_inertia", a.reflected_inertia, b.reflected_inertia);
  d.same("warnings", a.warnings, b.warnings);
  d.same("allow_invalid_inertia", a.allow_invalid_inertia, b.allow_invalid_inertia);
  d.matrix("base", a.base.matrix(), b.base.matrix());
  d.matrix("tool", a.tool.matrix(), b.tool.matrix());
  d.same("root", a.root, b.root);
  d.value("base_inertia.mass", a.base_inertia.mass, b.base_inertia.mass);
  d.matrix("base_inertia.com", a.base_inertia.com, b.base_inertia.com);
  d.matrix("base_inertia.inertia", a.base_inertia.inertia, b.base_inertia.inertia);
  d.same("parent", a.parent, b.parent);
  d.same("frames.size", a.frames.size(), b.frames.size());
  for (std::size_t i = 0; i < std::min(a.frames.size(), b.frames.size()); ++i) {
    const std::string p = "frames[" + std::to_string(i) + "].";
    d.same(p + "name", a.frames[i].name, b.frames[i].name);
    d.same(p + "joint", a.frames[i].joint, b.frames[i].joint);
    d.matrix(p + "placement", a.frames[i].placement.matrix(), b.frames[i].placement.matrix());
  }
  d.same("configurations.size", a.configurations.size(), b.configurations.size());
  for (std::size_t i = 0; i < std::min(a.configurations.size(), b.configurations.size()); ++i) {
    const std::string p = "configurations[" + std::to_string(i) + "].";
    d.same(p + "name", a.configurations[i].name, b.configurations[i].name);
    d.matrix(p + "q", a.configurations[i].q, b.configurations[i].q);
    d.same(p + "description", a.configurations[i].description, b.configurations[i].description);
  }
  return d.text();
}

/// Differences between two Stewart platforms in every field (geometry, mass properties,
/// friction, gravity, limits, warnings, derived inertias). With `skip_normalised_k_warning`,
/// the warnings "U-joint axis k has norm ...; normalised" of `a` are not compared (a model
/// written with its unit axes does not raise them again).
inline std::string stewart_differences(const stewart::StewartModel& a, const stewart::StewartModel& b,
                                       bool skip_normalised_k_warning = false) {
  Differences d;
  d.same("name", a.name, b.name);
  d.matrix("b", a.b, b.b);
  d.matrix("k", a.k, b.k);
  d.matrix("p", a.p, b.p);
  for (int i = 0; i < stewart::kLegs; ++i) {
    const auto &x = a.legs[static_cast<std::size_t>(i)], &y = b.legs[static_cast<std::size_t>(i)];
    const std::string p = "legs[" + std::to_string(i) + "].";
    d.value(p + "m_d", x.m_d, y.m_d);
    d.value(p + "m_u", x.m_u, y.m_u);
    d.matrix(p + "r_d0", x.r_d0, y.r_d0);
    d.matrix(p + "r_u0", x.r_u0, y.r_u0);
    d.matrix(p + "I_d0", x.I_d0, y.I_d0);
    d.matrix(p + "I_u0", x.I_u0, y.I_u0);
    const auto &l = a.limits[static_cast<std::size_t>(i)], &m = b.limits[static_cast<std::size_t>(i)];
    d.value(p + "length_min", l.length_min, m.length_min);
    d.value(p + "length_max", l.length_max, m.length_max);
    d.value(p + "u_joint_angle_max", l.u_joint_angle_max, m.u_joint_angle_max);
    d.value(p + "s_joint_angle_max", l.s_joint_angle_max, m.s_joint_angle_max);
    d.value(p + "force_max", l.force_max, m.force_max);
    d.matrix(p + "u_joint_normal", l.u_joint_normal, m.u_joint_normal);
    d.matrix(p + "s_joint_normal", l.s_joint_normal, m.s_joint_normal);
    d.matrix(p + "I_leg0", a.I_leg0[static_cast<std::size_t>(i)], b.I_leg0[static_cast<std::size_t>(i)]);
    d.matrix(p + "I_leg_pivot0", a.I_leg_pivot0[static_cast<std::size_t>(i)],
             b.I_leg_pivot0[static_cast<std::size_t>(i)]);
  }
  d.value("M", a.M, b.M);
  d.matrix("R0", a.R0, b.R0);
  d.matrix("I_p", a.I_p, b.I_p);
  d.value("Cu", a.Cu, b.Cu);
  d.value("Cp", a.Cp, b.Cp);
  d.value("Cs", a.Cs, b.Cs);
  d.matrix("gravity", a.gravity, b.gravity);
  std::vector<std::string> warnings = a.warnings;
  if (skip_normalised_k_warning)
    std::erase_if(warnings, [](const std::string& w) {
      return w.find("U-joint axis k has norm") != std::string::npos;
    });
  d.same("warnings", warnings, b.warnings);
  d.same("allow_invalid_inertia", a.allow_invalid_inertia, b.allow_invalid_inertia);
  d.matrix("I_p_origin", a.I_p_origin, b.I_p_origin);
  d.same("has_friction", a.has_friction, b.has_friction);
  return d.text();
}

/// Differences between two parallel robots in every field (each leg's chain as
/// serial_differences, its platform point, actuation, cut friction, home joint values and end
/// frame; the platform, mobility, gravity, home pose, warnings and the derived selection,
/// inertia, offsets and actuator list).
inline std::string parallel_differences(const parallel::ParallelModel& a, const parallel::ParallelModel& b) {
  Differences d;
  d.same("name", a.name, b.name);
  d.same("mobility", a.mobility, b.mobility);
  d.same("legs.size", a.legs.size(), b.legs.size());
  std::string chains;
  for (std::size_t i = 0; i < std::min(a.legs.size(), b.legs.size()); ++i) {
    const parallel::Leg &x = a.legs[i], &y = b.legs[i];
    const std::string p = "legs[" + std::to_string(i) + "].";
    d.same(p + "name", x.name, y.name);
    if (const std::string c = serial_differences(x.chain, y.chain); !c.empty()) chains += p + "chain: " + c;
    d.matrix(p + "platform_point", x.platform_point, y.platform_point);
    d.same(p + "actuated", x.actuated, y.actuated);
    d.value(p + "cut_viscous", x.cut_viscous, y.cut_viscous);
    d.matrix(p + "home_q", x.home_q, y.home_q);
    d.same(p + "end_frame.name", x.end_frame.name, y.end_frame.name);
    d.same(p + "end_frame.joint", x.end_frame.joint, y.end_frame.joint);
    d.matrix(p + "end_frame.placement", x.end_frame.placement.matrix(), y.end_frame.placement.matrix());
  }
  d.value("platform.mass", a.platform.mass, b.platform.mass);
  d.matrix("platform.com", a.platform.com, b.platform.com);
  d.matrix("platform.inertia", a.platform.inertia, b.platform.inertia);
  d.matrix("gravity", a.gravity, b.gravity);
  d.matrix("home", a.home.matrix(), b.home.matrix());
  d.same("allow_invalid_inertia", a.allow_invalid_inertia, b.allow_invalid_inertia);
  d.same("warnings", a.warnings, b.warnings);
  d.matrix("E", a.E, b.E);
  d.matrix("platform_inertia_origin", a.platform_inertia_origin, b.platform_inertia_origin);
  d.same("leg_offset", a.leg_offset, b.leg_offset);
  d.same("actuators", a.actuators, b.actuators);
  d.same("has_cut_friction", a.has_cut_friction, b.has_cut_friction);
  return d.text() + chains;
}

}  // namespace manipdyn::test
