// No heap allocation per workspace-atlas pose (analysis/workspace_atlas.hpp:
// evaluate_atlas_pose with one reused AtlasWorkspace), reachable and unreachable poses, both
// dynamic models. Counted with
// tests/support/allocation_counter.hpp (operator new and the C allocation functions).
#include <gtest/gtest.h>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas.hpp"
#include "support/allocation_counter.hpp"

namespace ma = manipdyn::analysis;
namespace ms = manipdyn::stewart;
using manipdyn::test_support::allocations;
using manipdyn::test_support::counting;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;

TEST(WorkspaceAtlasNoAllocation, PosesAfterWarmUp) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  const ma::AtlasLegLimits limits = ma::atlas_default_limits(model);
  const Vector3d home = ma::platform_home_pose(model).t;
  const Matrix3d R = ms::rpy_to_rotation<double>(Vector3d(0.02, -0.03, 0.05));
  ma::AtlasWorkspace ws;
  ma::AtlasPoseSettings improved;
  improved.dynamics = ms::DynamicsModel::improved;
  ma::evaluate_atlas_pose(model, limits, ws, home, R);  // warm-up
  ma::evaluate_atlas_pose(model, limits, ws, home, R, improved);
  allocations = 0;
  counting = true;
  int reachable = 0;
  for (int k = 0; k < 10; ++k) {
    const Vector3d t = home + Vector3d(0.01 * k, -0.005 * k, 0.03 * k);  // leaves the stroke
    reachable += ma::evaluate_atlas_pose(model, limits, ws, t, R).reachable;
    ma::evaluate_atlas_pose(model, limits, ws, t, R, improved);
  }
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
  EXPECT_GT(reachable, 0);
  EXPECT_LT(reachable, 10);
  // the counter works
  counting = true;
  auto* p = new int(3);
  counting = false;
  EXPECT_EQ(allocations.load(), 1);
  delete p;
}
