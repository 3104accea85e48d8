// The rotary hexapod 6-RUS as a general parallel robot (builtin_models.hpp: six_rus).
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "builtin_parts.hpp"
#include "manipdyn/parallel/builtin_models.hpp"

namespace manipdyn::parallel {

ParallelModel six_rus(const SixRusParameters& prm) {
  const std::string where = "six_rus";
  // the named parameters
  detail::check_parameter(where, "base_radius", prm.base_radius, false);
  detail::check_parameter(where, "platform_radius", prm.platform_radius, false);
  detail::check_parameter(where, "base_spacing", prm.base_spacing, true);
  detail::check_parameter(where, "platform_spacing", prm.platform_spacing, true);
  detail::check_parameter(where, "crank_length", prm.crank_length, false);
  detail::check_parameter(where, "rod_length", prm.rod_length, false);
  detail::check_parameter(where, "crank_mass", prm.crank_mass, true);
  detail::check_parameter(where, "crank_inertia", prm.crank_inertia, true);
  detail::check_parameter(where, "rod_mass", prm.rod_mass, true);
  detail::check_parameter(where, "motor_coulomb", prm.motor_coulomb, true);
  if (!std::isfinite(prm.crank_com)) throw std::invalid_argument(where + ": crank_com must be finite");
  if (prm.crank_inertia < prm.crank_mass * prm.crank_com * prm.crank_com)
    throw std::invalid_argument(where + ": crank_inertia (" + std::to_string(prm.crank_inertia) +
                                " kg m^2) is less than crank_mass crank_com^2, the least a crank about its motor axis has");
  constexpr double pi = std::numbers::pi;
  ParallelDescription d;
  d.name = prm.name;
  d.mobility = Mobility::spatial;
  d.gravity = prm.gravity;
  d.platform = prm.platform;
  double height = 0;
  for (int i = 0; i < 6; ++i) {
    // leg i of pair m, on side s: motor at theta, platform point at phi
    const int m = i / 2;
    const double s = (i % 2 == 0) ? -1.0 : 1.0;
    const double theta = m * 2 * pi / 3 + s * prm.base_spacing / 2;
    const double phi = m * 2 * pi / 3 + s * (pi / 3 - prm.platform_spacing / 2);
    const Vector3d radial(std::cos(theta), std::sin(theta), 0.0);
    // frame 0 at the crank pivot: x radial (the crank at q1 = 0), y up, z = x cross z_base
    LegDescription leg;
    leg.name = "leg" + std::to_string(i + 1);
    leg.base.linear() << radial, Vector3d::UnitZ(), radial.cross(Vector3d::UnitZ());
    leg.base.translation() = prm.base_radius * radial;
    // joints: motor, universal joint (first axis parallel to the motor's, second across), rod along x3
    LinkParameters motor, u1, u2;
    motor.name = "motor";
    u1.name = "u1";
    u2.name = "u2";
    u1.a = prm.crank_length;
    u2.alpha = -pi / 2;
    detail::set_bar(motor, prm.crank_mass, prm.crank_com, prm.crank_inertia);
    detail::set_drive(motor, prm.motor_inertia, prm.gear_ratio, prm.motor_viscous, prm.motor_coulomb);
    detail::set_uniform_bar(u2, prm.rod_mass, prm.rod_length);
    leg.joints = {motor, u1, u2};
    leg.end.translation() = Vector3d(prm.rod_length, 0.0, 0.0);
    leg.platform_point = prm.platform_radius * Vector3d(std::cos(phi), std::sin(phi), 0.0);
    leg.actuated = {0};
    leg.cut_viscous = prm.cut_viscous;
    // the home height: the crank horizontal and outward, the rod reaching up to the platform point
    const Vector3d crank_end = (prm.base_radius + prm.crank_length) * radial;
    const double reach2 = prm.rod_length * prm.rod_length - (leg.platform_point - crank_end).head<2>().squaredNorm();
    if (!(reach2 > 0))
      throw std::invalid_argument(where + ": rod_length " + std::to_string(prm.rod_length) +
                                  " m does not reach from the crank's end to its platform point at the home pose");
    height = std::sqrt(reach2);  // the same for every leg (the layout's symmetry)
    // the universal joint's angles: the rod direction u in frame 1 = (cos q2 cos q3, sin q2 cos q3, -sin q3)
    const Vector3d rod = (leg.platform_point + Vector3d(0, 0, height) - crank_end) / prm.rod_length;
    const Vector3d u = leg.base.linear().transpose() * rod;
    leg.home_q = Eigen::Vector3d(0.0, std::atan2(u.y(), u.x()), -std::asin(u.z()));
    d.legs.push_back(std::move(leg));
  }
  d.home.translation() = Vector3d(0.0, 0.0, height);
  return build_model(d);
}

}  // namespace manipdyn::parallel
