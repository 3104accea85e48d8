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
  detail::check_two_link_parameters(where, prm);
  if (prm.elbow != 1 && prm.elbow != -1)
    throw std::invalid_argument(where + ": elbow must be +1 or -1 (got " + std::to_string(prm.elbow) + ")");
  ParallelDescription d;
  d.name = prm.name;
  d.mobility = Mobility::planar;
  d.gravity = prm.gravity;
  d.platform = prm.platform;
  for (int i = 0; i < 3; ++i) {
    // leg i at 90 + 120 i degrees: motor on the base circle, joint on the platform's; home: the
    // platform centred at the base origin
    const double angle = std::numbers::pi / 2 + i * 2 * std::numbers::pi / 3;
    const Vector3d radial(std::cos(angle), std::sin(angle), 0.0);
    const std::string name = "leg" + std::to_string(i + 1);
    LegDescription leg = detail::planar_two_link_leg(prm, where + " " + name, name, prm.base_radius * radial,
                                                     prm.platform_radius * radial, prm.elbow);
    leg.platform_point = prm.platform_radius * radial;
    leg.cut_viscous = prm.cut_viscous;
    d.legs.push_back(std::move(leg));
  }
  return build_model(d);
}

}  // namespace manipdyn::parallel
