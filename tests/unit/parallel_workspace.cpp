// Unit tests of include/manipdyn/parallel/workspace.hpp: the atlas of a Stewart platform marks
// reachable exactly the points whose leg lengths are within the prismatic joints' limits, its
// static forces hold the platform (the Stewart module's inverse dynamics at rest), bad grids.
#include <gtest/gtest.h>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/workspace.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "support/error_message.hpp"

namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::Vector3d;
using manipdyn::test_support::message_of;

TEST(ParallelWorkspace, ReachableWhereTheLegLengthsAreWithinTheirStroke) {
  const ms::StewartModel s = ms::dasgupta_test_platform(false);
  mp::ParallelDescription d = mp::from_stewart(s).description();
  const double lmin = 0.48, lmax = 0.78;
  for (mp::LegDescription& leg : d.legs) {
    leg.joints[2].q_min = lmin;
    leg.joints[2].q_max = lmax;
  }
  const mp::ParallelModel model = mp::build_model(d);
  mp::WorkspaceAtlasOptions o;
  o.lower = model.home.translation() + Vector3d(-0.3, -0.3, -0.2);
  o.upper = model.home.translation() + Vector3d(0.3, 0.3, 0.2);
  o.cells = Eigen::Vector3i(9, 9, 5);
  o.singular_conditioning = 0;
  const mp::WorkspaceAtlas a = mp::workspace_atlas(model, o);
  ASSERT_EQ(a.position.size(), 9u * 9u * 5u);
  int checked = 0;
  ms::StewartData sd(s);
  for (std::size_t k = 0; k < a.position.size(); ++k) {
    bool within = true;
    for (int i = 0; i < 6; ++i) {
      const double L = (a.position[k] + s.p.col(i) - s.b.col(i)).norm();
      within = within && L >= lmin && L <= lmax;
    }
    EXPECT_EQ(a.reason[k] == mp::AtlasReason::reachable, within) << "point " << k;
    if (a.reason[k] == mp::AtlasReason::reachable) {
      ms::PlatformMotion x;
      x.t = a.position[k];
      const manipdyn::Vector6d F = ms::inverse_dynamics(ms::DynamicsModel::improved, s, sd, x);
      EXPECT_LT((a.static_forces[k] - F).norm(), 1e-9 * F.norm());
      ++checked;
    }
  }
  EXPECT_GT(checked, 10);
  EXPECT_EQ(checked, a.reachable_count);
}

TEST(ParallelWorkspace, BadGridsAreRefused) {
  const mp::ParallelModel model = mp::from_stewart(ms::dasgupta_test_platform(false));
  mp::WorkspaceAtlasOptions o;
  o.lower = Vector3d(0, 0, 1);
  o.upper = Vector3d(1, 1, 0);
  EXPECT_NE(message_of([&] { mp::workspace_atlas(model, o); }).find("lower[2] > upper[2]"), std::string::npos);
  o.upper = Vector3d(1, 1, 2);
  o.cells = Eigen::Vector3i(1000, 1000, 2);
  EXPECT_NE(message_of([&] { mp::workspace_atlas(model, o); }).find("more than the limit 1e6"), std::string::npos);
}
