// The planar five-bar as a general parallel robot (builtin_models.hpp: five_bar).
#include <cmath>
#include <stdexcept>

#include "builtin_parts.hpp"
#include "manipdyn/parallel/builtin_models.hpp"

namespace manipdyn::parallel {

ParallelModel five_bar(const FiveBarParameters& prm) {
  const std::string where = "five_bar";
  // the named parameters
  detail::check_parameter(where, "base_spacing", prm.base_spacing, true);
  detail::check_parameter(where, "proximal_length", prm.proximal_length, false);
  detail::check_parameter(where, "distal_length", prm.distal_length, false);
  detail::check_parameter(where, "proximal_mass", prm.proximal_mass, true);
  detail::check_parameter(where, "distal_mass", prm.distal_mass, true);
  detail::check_parameter(where, "payload_mass", prm.payload_mass, true);
  detail::check_parameter(where, "motor_coulomb", prm.motor_coulomb, true);
  if (!std::isfinite(prm.home_height)) throw std::invalid_argument(where + ": home_height must be finite");
  ParallelDescription d;
  d.name = prm.name;
  d.mobility = Mobility::planar_translation;
  d.gravity = prm.gravity;
  d.platform.mass = prm.payload_mass;  // a point mass at the end point
  d.home.translation() = Vector3d(0.0, prm.home_height, 0.0);
  for (int i = 0; i < 2; ++i) {
    // leg 1 on the left (its elbow left of motor -> end point), leg 2 on the right
    const double side = i == 0 ? -1.0 : 1.0;
    LegDescription leg;
    leg.name = i == 0 ? "left" : "right";
    leg.base.translation() = Vector3d(side * prm.base_spacing / 2, 0.0, 0.0);
    // joints: motor, elbow; the distal bar along x2 to the end point
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
    leg.actuated = {0};
    // the home assembly in closed form: a left elbow turns counterclockwise from the line (q2 < 0)
    const Vector3d to_end = d.home.translation() - leg.base.translation();
    leg.home_q = detail::planar_two_link_angles(where + " " + leg.name + " leg", to_end.x(), to_end.y(),
                                                prm.proximal_length, prm.distal_length, i == 0 ? -1 : 1);
    d.legs.push_back(std::move(leg));
  }
  return build_model(d);
}

}  // namespace manipdyn::parallel
