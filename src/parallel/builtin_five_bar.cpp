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
  detail::check_two_link_parameters(where, prm);
  detail::check_parameter(where, "payload_mass", prm.payload_mass, true);
  if (!std::isfinite(prm.home_height)) throw std::invalid_argument(where + ": home_height must be finite");
  ParallelDescription d;
  d.name = prm.name;
  d.mobility = Mobility::planar_translation;
  d.gravity = prm.gravity;
  d.platform.mass = prm.payload_mass;  // a point mass at the end point
  d.home.translation() = Vector3d(0.0, prm.home_height, 0.0);
  for (int i = 0; i < 2; ++i) {
    // leg 1 on the left, its elbow left of motor -> end point (elbow angle < 0); leg 2 mirrored
    const double side = i == 0 ? -1.0 : 1.0;
    const std::string name = i == 0 ? "left" : "right";
    d.legs.push_back(detail::planar_two_link_leg(prm, where + " " + name + " leg", name,
                                                 Vector3d(side * prm.base_spacing / 2, 0.0, 0.0),
                                                 d.home.translation(), i == 0 ? -1 : 1));
  }
  return build_model(d);
}

}  // namespace manipdyn::parallel
