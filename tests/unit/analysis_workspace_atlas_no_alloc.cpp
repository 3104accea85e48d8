// No heap allocation per workspace-atlas pose (analysis/workspace_atlas.hpp:
// evaluate_atlas_pose with one reused AtlasWorkspace), reachable and unreachable poses, both
// dynamic models. This executable replaces the global operator new with a counting one.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace ma = manipdyn::analysis;
namespace ms = manipdyn::stewart;
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
  const long before = g_allocations.load();
  int reachable = 0;
  for (int k = 0; k < 10; ++k) {
    const Vector3d t = home + Vector3d(0.01 * k, -0.005 * k, 0.03 * k);  // leaves the stroke
    reachable += ma::evaluate_atlas_pose(model, limits, ws, t, R).reachable;
    ma::evaluate_atlas_pose(model, limits, ws, t, R, improved);
  }
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_GT(reachable, 0);
  EXPECT_LT(reachable, 10);
  // the counter works
  auto* p = new int(3);
  EXPECT_EQ(g_allocations.load() - before, 1);
  delete p;
}
