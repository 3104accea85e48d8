#pragma once
/// \file dual_arm.hpp
/// A dual-arm robot for the tree tests of the regressor and identification: two Franka Panda
/// arms (tests/data/urdf/panda.urdf, base to panda_link8, 7 joints each) on one fixed torso, the
/// second arm's first joint hanging from the base with Khalil & Kleinfinger's gamma = pi / 2 and
/// 0.4 m more of a (so it stands beside the first, turned a quarter turn); optionally with drive
/// parameters (armature, viscous and Coulomb friction) on every joint.
#include <numbers>
#include <string>
#include <vector>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::test_support {

/// The dual Panda (14 joints, a tree on a fixed root; see the file comment).
inline SerialModel dual_panda(bool with_drive) {
  UrdfOptions urdf;
  urdf.tip_link = "panda_link8";
  urdf.convention = DhConvention::modified;
  const SerialModel arm =
      serial_model_from_urdf_file(MANIPDYN_SOURCE_DIR "/tests/data/urdf/panda.urdf", urdf);
  std::vector<LinkParameters> links = arm.links;
  const int n = arm.dof();
  for (int i = 0; i < n; ++i) {
    LinkParameters l = arm.links[static_cast<std::size_t>(i)];
    l.name = "right_" + l.name;
    if (i == 0) {
      l.parent = kBaseParent;
      l.gamma = 0.5 * std::numbers::pi;
      l.a += 0.4;
    }
    links.push_back(l);
  }
  for (std::size_t i = 0; i < links.size(); ++i) {
    if (i < static_cast<std::size_t>(n)) links[i].name = "left_" + links[i].name;
    if (!with_drive) continue;
    const double k = 1.0 + 0.1 * double(i % 7);
    links[i].gear_ratio = 1.0;
    links[i].motor_inertia = 0.05 * k;
    links[i].viscous = 0.4 * k;
    links[i].coulomb_positive = 0.8 * k;
    links[i].coulomb_negative = -0.6 * k;
  }
  SerialModelOptions options = arm.options();
  options.name = "dual_panda";
  options.configurations.clear();  // the arm's, of 7 joints
  return SerialModel::from_modified_dh(links, options);
}

}  // namespace manipdyn::test_support
