#pragma once
/// \file atlas_poses.hpp
/// poses_near_home(model, N, seed): N workspace-atlas poses (rows t, rpy; workspace_atlas_batch.hpp)
/// around the home pose of a platform: +-0.12 m in x, y, z (inside and beyond the default stroke
/// of the Dasgupta platform, so reachable and unreachable ones) and rpy within +-0.3 rad.
#include <random>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas_batch.hpp"

namespace manipdyn::test_support {

inline RowMatrixXd poses_near_home(const stewart::StewartModel& model, Eigen::Index N,
                                   unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const Vector3d home = analysis::platform_home_pose(model).t;
  RowMatrixXd p(N, analysis::kAtlasPoseColumns);
  for (Eigen::Index i = 0; i < N; ++i) {
    for (int a = 0; a < 3; ++a) p(i, a) = home[a] + 0.12 * u(rng);
    for (int a = 3; a < 6; ++a) p(i, a) = 0.3 * u(rng);
  }
  return p;
}

}  // namespace manipdyn::test_support
