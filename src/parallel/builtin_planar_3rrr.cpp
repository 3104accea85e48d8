// The planar 3-RRR as a general parallel robot (builtin_models.hpp: planar_3rrr).
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "builtin_parts.hpp"
#include "manipdyn/parallel/builtin_models.hpp"

namespace manipdyn::parallel {

ParallelModel planar_3rrr(const Planar3rrrParameters& prm) {
  const std::string where = "planar_3rrr";
  // the named parameters
  detail::check_parameter(where, "base_radius", prm.base_radius, false);
  detail::check_parameter(where, "platform_radius", prm.platform_radius, true);
  detail::check_parameter(where, "proximal_length", prm.proximal_length, false);
  detail::check_parameter(where, "distal_length", prm.distal_length, false);
  detail::check_parameter(where, "proximal_mass", prm.proximal_mass, true);
  detail::check_parameter(where, "distal_mass", prm.distal_mass, true);
  detail::check_parameter(where, "motor_coulomb", prm.motor_coulomb, true);
  if (prm.elbow != 1 && prm.elbow != -1)
    throw std::invalid_argument(where + ": elbow must be +1 or -1 (got " + std::to_string(prm.elbow) + ")");
  ParallelDescription d;
  d.name = prm.name;
  d.mobility = Mobility::planar;
  d.gravity = prm.gravity;
  d.platform = prm.platform;
  for (int i = 0; i < 3; ++i) {
    // leg i at 90 + 120 i degrees: motor at the base circle, joint at the platform's
    const double angle = std::numbers::pi / 2 + i * 2 * std::numbers::pi / 3;
    const Vector3d radial(std::cos(angle), std::sin(angle), 0.0);
    LegDescription leg;
    leg.name = "leg" + std::to_string(i + 1);
    leg.base.translation() = prm.base_radius * radial;
    // joints: motor, elbow; the distal bar along x2 to the platform joint
    LinkParameters motor, elbow;
    motor.name = "motor";
    elbow.name = "elbow";
    elbow.a = prm.proximal_length;
    detail::set_uniform_bar(motor, prm.proximal_mass, prm.proximal_length);
    detail::set_drive(motor, prm.motor_inertia, prm.gear_ratio, prm.motor_viscous, prm.motor_coulomb);
    detail::set_uniform_bar(elbow, prm.distal_mass, prm.distal_length);
    elbow.viscous = prm.elbow_viscous;
    leg.joints = {motor, elbow};
    leg.end.translation() = Vector3d(prm.distal_length, 0.0, 0.0);
    leg.platform_point = prm.platform_radius * radial;
    leg.actuated = {0};
    leg.cut_viscous = prm.cut_viscous;
    // the home assembly in closed form (the platform centred at the base origin)
    const Vector3d to_joint = leg.platform_point - leg.base.translation();
    leg.home_q = detail::planar_two_link_angles(where + " " + leg.name, to_joint.x(), to_joint.y(),
                                                prm.proximal_length, prm.distal_length, prm.elbow);
    d.legs.push_back(std::move(leg));
  }
  return build_model(d);
}

}  // namespace manipdyn::parallel
