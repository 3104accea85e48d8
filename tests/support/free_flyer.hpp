#pragma once
/// \file free_flyer.hpp
/// Helpers of the free-flyer tests: on_free_flyer(model, base), the same links carried by a
/// floating base body (a full inertia off its origin; frame 0 at `base` on it, by default off
/// the body's origin and tilted), and random_vector(n, rng, scale), n entries uniform in
/// [-scale, scale] (a velocity, acceleration or torque of size nv).
#include <random>

#include <Eigen/Geometry>

#include "manipdyn/serial/model.hpp"

namespace manipdyn::test_support {

/// Frame 0 on the base body: off its origin and tilted.
inline Eigen::Isometry3d off_centre_base() {
  return Eigen::Translation3d(0.1, 0.2, -0.1) * Eigen::AngleAxisd(0.7, Vector3d(0, 0.6, 0.8));
}

/// The links of `model` (its convention, gravity, frames) on a free-flyer base body of 6 kg with
/// a full inertia tensor, frame 0 at `base` (base body frame <- frame 0).
inline SerialModel on_free_flyer(const SerialModel& model,
                                 const Eigen::Isometry3d& base = off_centre_base()) {
  SerialModelOptions options = model.options();
  options.root = RootJoint::free_flyer;
  options.base_inertia = {6.0, Vector3d(0.05, -0.1, 0.02),
                          (Matrix3d() << 0.4, 0.01, -0.02, 0.01, 0.5, 0.03, -0.02, 0.03, 0.6)
                              .finished()};
  options.base = base;
  return SerialModel::from_table(model.links, model.convention, options);
}

/// n entries uniform in [-scale, scale].
inline VectorXd random_vector(int n, std::mt19937_64& rng, double scale = 1.0) {
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

}  // namespace manipdyn::test_support
