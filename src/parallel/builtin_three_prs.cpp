// The 3-PRS parallel robot (builtin_models.hpp: three_prs).
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "manipdyn/parallel/builtin_models.hpp"

namespace manipdyn::parallel {

ParallelModel three_prs(const ThreePrsParameters& p) {
  const std::pair<const char*, double> positive[] = {{"base_radius", p.base_radius}, {"platform_radius", p.platform_radius},
                                                     {"rod_length", p.rod_length}, {"platform_mass", p.platform_mass},
                                                     {"home_height", p.home_height}};
  for (const auto& [field, value] : positive)
    if (!(std::isfinite(value) && value > 0))
      throw std::invalid_argument("three_prs: " + std::string(field) + " must be finite and > 0 (got " + std::to_string(value) + ")");
  for (const auto& [field, value] : {std::pair{"carriage_mass", p.carriage_mass}, std::pair{"rod_mass", p.rod_mass}})
    if (!(std::isfinite(value) && value >= 0))
      throw std::invalid_argument("three_prs: " + std::string(field) + " must be finite and >= 0 (got " + std::to_string(value) + ")");
  const double span = p.base_radius - p.platform_radius;  // the rod's horizontal reach at home
  if (!(std::abs(span) < p.rod_length))
    throw std::invalid_argument("three_prs: rod_length " + std::to_string(p.rod_length) +
                                " m cannot span the radii's difference " + std::to_string(std::abs(span)) + " m");
  ParallelDescription d;
  d.name = p.name;
  d.mobility = Mobility::spatial;
  d.gravity = p.gravity;
  d.platform.mass = p.platform_mass;
  const double disc = p.platform_mass * p.platform_radius * p.platform_radius;
  d.platform.inertia = Vector3d(disc / 4, disc / 4, disc / 2).asDiagonal();
  d.home.translation() = Vector3d(0, 0, p.home_height);
  const double rise = std::sqrt(p.rod_length * p.rod_length - span * span);
  for (int i = 0; i < 3; ++i) {
    const double phi = std::numbers::pi / 2 + 2 * std::numbers::pi * i / 3;
    const Vector3d radial(std::cos(phi), std::sin(phi), 0);
    LegDescription leg;
    leg.name = "leg" + std::to_string(i + 1);
    // frame 0 on the slider's foot: z up (the slider), x towards the centre
    leg.base.linear() << -radial, Vector3d::UnitZ().cross(-radial), Vector3d::UnitZ();
    leg.base.translation() = p.base_radius * radial;
    LinkParameters slider, hinge;
    slider.name = "slider";
    slider.type = JointType::prismatic;
    slider.mass = p.carriage_mass;
    hinge.name = "hinge";
    hinge.alpha = -std::numbers::pi / 2;  // axis along y0: tangent to the base circle
    hinge.mass = p.rod_mass;
    hinge.com = Vector3d(p.rod_length / 2, 0, 0);  // the rod lies along x of its frame
    const double rod = p.rod_mass * p.rod_length * p.rod_length / 12;
    hinge.inertia = Vector3d(0, rod, rod).asDiagonal();
    leg.joints = {slider, hinge};
    leg.end.translation() = Vector3d(p.rod_length, 0, 0);
    leg.platform_point = p.platform_radius * radial;
    leg.actuated = {0};
    // home: the carriage below the platform by the rod's rise, the rod inclined up and inwards
    // (x2 = cos q2 x0 - sin q2 z0 points from the carriage to the platform point)
    leg.home_q = Eigen::Vector2d(p.home_height - rise, -std::atan2(rise, span));
    d.legs.push_back(std::move(leg));
  }
  return build_model(d);
}

}  // namespace manipdyn::parallel
