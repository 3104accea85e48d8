#pragma once
/// \file builtin_parts.hpp
/// Private to src/parallel: the parts the built-in robots are made of (builtin_*.cpp): a joint
/// row carrying a slender bar, a motor's drive terms, the closed-form angles of a planar
/// two-link leg and the whole leg, and the checks of the named parameters.
#include <cmath>
#include <stdexcept>
#include <string>

#include "manipdyn/parallel/model.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::parallel::detail {

/// Throws std::invalid_argument("<robot>: <field> must be ... (got <value>)") unless `value` is
/// finite and > 0 (or >= 0 when `zero_allowed`).
inline void check_parameter(const std::string& robot, const char* field, double value, bool zero_allowed) {
  const bool ok = std::isfinite(value) && (zero_allowed ? value >= 0 : value > 0);
  if (!ok)
    throw std::invalid_argument(robot + ": " + field + " must be finite and " + (zero_allowed ? ">= 0" : "> 0") +
                                " (got " + std::to_string(value) + ")");
}

/// A bar of `mass` (kg) along x of the joint's frame, its centre of mass at `com` (m) along x and
/// its inertia `inertia_axis` (kg m^2) about the joint axis z: a slender bar, the same inertia
/// about y, none about its own axis x.
inline void set_bar(LinkParameters& link, double mass, double com, double inertia_axis) {
  link.mass = mass;
  link.com = Vector3d(com, 0.0, 0.0);
  const double centroidal = inertia_axis - mass * com * com;
  link.inertia = Vector3d(0.0, centroidal, centroidal).asDiagonal();
}

/// A uniform slender bar of `mass` and `length` along x of the joint's frame, from its origin.
inline void set_uniform_bar(LinkParameters& link, double mass, double length) {
  set_bar(link, mass, 0.5 * length, mass * length * length / 3.0);
}

/// A motor's drive terms on `link`: motor inertia, gear ratio, viscous and symmetric Coulomb
/// friction (motor side).
inline void set_drive(LinkParameters& link, double motor_inertia, double gear_ratio, double viscous, double coulomb) {
  link.motor_inertia = motor_inertia;
  link.gear_ratio = gear_ratio;
  link.viscous = viscous;
  link.coulomb_positive = coulomb;
  link.coulomb_negative = -coulomb;
}

/// The joint angles (q1, q2) of a planar two-link leg (revolute joints about z, links of
/// lengths l1 and l2 along x) whose end reaches (x, y) of its frame 0, the elbow angle q2 of
/// the sign `elbow` (+1 or -1). Throws std::invalid_argument("<where>: ... out of reach") when
/// the distance is outside [|l1 - l2|, l1 + l2].
inline Eigen::Vector2d planar_two_link_angles(const std::string& where, double x, double y, double l1, double l2,
                                              int elbow) {
  const double c2 = (x * x + y * y - l1 * l1 - l2 * l2) / (2.0 * l1 * l2);
  if (!(std::abs(c2) < 1.0))
    throw std::invalid_argument(where + ": the point (" + std::to_string(x) + ", " + std::to_string(y) +
                                ") m is out of reach of links " + std::to_string(l1) + " and " + std::to_string(l2) +
                                " m (its distance must lie strictly between their difference and sum)");
  const double q2 = (elbow >= 0 ? 1.0 : -1.0) * std::acos(c2);
  const double q1 = std::atan2(y, x) - std::atan2(l2 * std::sin(q2), l1 + l2 * std::cos(q2));
  return Eigen::Vector2d(q1, q2);
}

/// Checks the fields the planar two-link robots' parameters share (Planar3rrrParameters,
/// FiveBarParameters): lengths > 0, masses and Coulomb friction >= 0, all finite.
template <typename Parameters>
void check_two_link_parameters(const std::string& robot, const Parameters& prm) {
  check_parameter(robot, "proximal_length", prm.proximal_length, false);
  check_parameter(robot, "distal_length", prm.distal_length, false);
  check_parameter(robot, "proximal_mass", prm.proximal_mass, true);
  check_parameter(robot, "distal_mass", prm.distal_mass, true);
  check_parameter(robot, "motor_coulomb", prm.motor_coulomb, true);
}

/// A planar two-link leg from the shared fields of `prm`: frame 0 at `base_point` (axes of the
/// base), a motor (actuated, its drive terms) with the proximal bar, a passive elbow with the
/// distal bar, the leg's end at the distal bar's tip; home_q reaches `target` (base frame) with
/// the elbow angle of sign `elbow`. `where` prefixes an out-of-reach message.
template <typename Parameters>
LegDescription planar_two_link_leg(const Parameters& prm, const std::string& where, const std::string& name,
                                   const Vector3d& base_point, const Vector3d& target, int elbow) {
  LegDescription leg;
  leg.name = name;
  leg.base.translation() = base_point;
  LinkParameters motor, elbow_joint;
  motor.name = "motor";
  elbow_joint.name = "elbow";
  elbow_joint.a = prm.proximal_length;
  set_uniform_bar(motor, prm.proximal_mass, prm.proximal_length);
  set_drive(motor, prm.motor_inertia, prm.gear_ratio, prm.motor_viscous, prm.motor_coulomb);
  set_uniform_bar(elbow_joint, prm.distal_mass, prm.distal_length);
  elbow_joint.viscous = prm.elbow_viscous;
  leg.joints = {motor, elbow_joint};
  leg.end.translation() = Vector3d(prm.distal_length, 0.0, 0.0);
  leg.actuated = {0};
  // the home assembly in closed form
  const Vector3d to_target = target - base_point;
  leg.home_q = planar_two_link_angles(where, to_target.x(), to_target.y(), prm.proximal_length, prm.distal_length, elbow);
  return leg;
}

}  // namespace manipdyn::parallel::detail
