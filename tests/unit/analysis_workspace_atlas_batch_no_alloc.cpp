// No heap allocation per pose in atlas_poses_batch (analysis/workspace_atlas_batch.hpp): with
// one thread and a warm workspace a call allocates nothing at all; with two threads a call
// allocates only to start its thread, as many blocks for 64 poses as for 1024. Reachable and
// unreachable (not singular) poses, both dynamic models. Counted with
// tests/support/allocation_counter.hpp (operator new and the C allocation functions).
#include <gtest/gtest.h>

#include <random>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas_batch.hpp"
#include "support/allocation_counter.hpp"
#include "support/atlas_poses.hpp"

namespace manipdyn::analysis {
namespace {

using test_support::allocations;
using test_support::counting;

using test_support::poses_near_home;

// Allocations of one warm call over the first n rows.
long allocations_of_call(const stewart::StewartModel& model, const AtlasLegLimits& limits,
                         AtlasBatchWorkspace& workspace, const RowMatrixXd& poses, RowMatrixXd& out,
                         Eigen::Index n, const AtlasBatchOptions& options) {
  atlas_poses_batch(model, limits, workspace, poses.topRows(n), out.topRows(n), options);  // warm
  allocations = 0;
  counting = true;
  atlas_poses_batch(model, limits, workspace, poses.topRows(n), out.topRows(n), options);
  counting = false;
  return allocations.load();
}

TEST(WorkspaceAtlasBatchNoAllocation, PerPose) {
  const stewart::StewartModel model = stewart::dasgupta_test_platform(true);
  const AtlasLegLimits limits = atlas_default_limits(model);
  const Eigen::Index N = 1024;
  const RowMatrixXd poses = poses_near_home(model, N, 5);
  RowMatrixXd out(N, kAtlasColumns);
  AtlasBatchWorkspace workspace;
  for (stewart::DynamicsModel which :
       {stewart::DynamicsModel::dasgupta, stewart::DynamicsModel::improved}) {
    AtlasBatchOptions options;
    options.settings.dynamics = which;
    options.threads = 1;
    EXPECT_EQ(allocations_of_call(model, limits, workspace, poses, out, N, options), 0);
    // Both kinds of poses, none singular (a singular pose allocates its exception).
    const double reachable = out.col(0).sum();
    EXPECT_GT(reachable, N / 10);
    EXPECT_LT(reachable, N - N / 10);
    EXPECT_TRUE((out.col(1).array() != static_cast<double>(AtlasLimit::singular)).all());
    options.threads = 2;
    const long few = allocations_of_call(model, limits, workspace, poses, out, 64, options);
    const long many = allocations_of_call(model, limits, workspace, poses, out, N, options);
    EXPECT_EQ(few, many);
    EXPECT_LE(many, 8);
  }
  // the counter works
  allocations = 0;
  counting = true;
  auto* p = new int(3);
  counting = false;
  EXPECT_EQ(allocations.load(), 1);
  delete p;
}

}  // namespace
}  // namespace manipdyn::analysis
