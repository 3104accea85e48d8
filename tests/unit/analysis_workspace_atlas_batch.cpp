// analysis/workspace_atlas_batch.hpp: every row of atlas_poses_batch equals (bit for bit)
// evaluate_atlas_pose, in both output forms, for both dynamics models, with 1, 2 and 3 threads;
// workspace_atlas (which runs through it) is the same for 1, 2 and 3 threads and equals the
// per-pose evaluation over a grid larger than one block; the error paths (shapes, non-finite
// poses named by row and column, limits, settings, threads); N = 0.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas_batch.hpp"
#include "manipdyn/stewart/pose.hpp"
#include "support/error_message.hpp"
#include "support/atlas_poses.hpp"

namespace manipdyn::analysis {
namespace {

using test_support::message_of;

using test_support::poses_near_home;

// The bits of a double (NaN == NaN when the bits are equal).
std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

// Bit-for-bit equality of two atlas entries.
void expect_same(const AtlasPoint& a, const AtlasPoint& b, const std::string& where) {
  EXPECT_EQ(a.reachable, b.reachable) << where;
  EXPECT_EQ(a.limit, b.limit) << where;
  EXPECT_EQ(a.leg, b.leg) << where;
  EXPECT_EQ(bits(a.condition_number), bits(b.condition_number)) << where;
  EXPECT_EQ(bits(a.max_static_force), bits(b.max_static_force)) << where;
  EXPECT_EQ(bits(a.max_envelope_force), bits(b.max_envelope_force)) << where;
  EXPECT_EQ(bits(a.max_u_joint_angle), bits(b.max_u_joint_angle)) << where;
  EXPECT_EQ(bits(a.max_s_joint_angle), bits(b.max_s_joint_angle)) << where;
}

// The array-form row of an entry (kAtlasColumnNames).
Eigen::Matrix<double, 1, kAtlasColumns> row_of(const AtlasPoint& p) {
  Eigen::Matrix<double, 1, kAtlasColumns> r;
  r << (p.reachable ? 1.0 : 0.0), static_cast<double>(static_cast<int>(p.limit)),
      static_cast<double>(p.leg + 1), p.condition_number, p.max_static_force,
      p.max_envelope_force, p.max_u_joint_angle, p.max_s_joint_angle;
  return r;
}

bool same_bits(const RowMatrixXd& a, const RowMatrixXd& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (bits(a(i, j)) != bits(b(i, j))) return false;
  return true;
}

TEST(WorkspaceAtlasBatch, EqualsSinglePosesForAnyThreadCount) {
  const Eigen::Index N = 8 * kMinRowsPerThread + 5;
  for (const bool printed : {true, false}) {
    const stewart::StewartModel model = stewart::dasgupta_test_platform(printed);
    const AtlasLegLimits limits = atlas_default_limits(model);
    const RowMatrixXd poses = poses_near_home(model, N, 11);
    for (stewart::DynamicsModel which :
         {stewart::DynamicsModel::dasgupta, stewart::DynamicsModel::improved}) {
      AtlasBatchOptions options;
      options.settings.dynamics = which;
      options.settings.envelope.linear << 1.0, 2.0, 3.0;
      // The expected entries, one pose at a time.
      std::vector<AtlasPoint> expected(N);
      RowMatrixXd expected_rows(N, kAtlasColumns);
      AtlasWorkspace ws;
      int reachable = 0;
      for (Eigen::Index i = 0; i < N; ++i) {
        const Matrix3d R = stewart::rpy_to_rotation<double>(poses.row(i).tail<3>().transpose());
        expected[i] = evaluate_atlas_pose(model, limits, ws, poses.row(i).head<3>().transpose(),
                                          R, options.settings);
        expected_rows.row(i) = row_of(expected[i]);
        reachable += expected[i].reachable;
      }
      EXPECT_GT(reachable, N / 10);  // both kinds of poses are exercised
      EXPECT_LT(reachable, N - N / 10);
      AtlasBatchWorkspace workspace;
      for (int threads : {1, 2, 3}) {
        options.threads = threads;
        RowMatrixXd out = RowMatrixXd::Constant(N, kAtlasColumns, -1.0);
        atlas_poses_batch(model, limits, workspace, poses, out, options);
        EXPECT_TRUE(same_bits(out, expected_rows)) << "threads " << threads;
        std::vector<AtlasPoint> points(N);
        atlas_poses_batch(model, limits, workspace, poses, points, options);
        for (Eigen::Index i = 0; i < N; ++i)
          expect_same(points[i], expected[i], "row " + std::to_string(i) + ", threads " +
                                                  std::to_string(threads));
      }
    }
  }
}

TEST(WorkspaceAtlasBatch, WorkspaceAtlasRunsThroughItForAnyThreadCount) {
  const stewart::StewartModel model = stewart::dasgupta_test_platform(false);
  // 28 x 26 x 25 = 18200 grid points: more than one block of 16384 rows; reachability only.
  WorkspaceAtlasOptions o;
  o.resolution = {28, 26, 25};
  o.orientations = {Vector3d::Zero(), Vector3d(0.05, -0.1, 0.2)};
  o.settings.forces = false;
  std::vector<WorkspaceAtlas> atlases;
  for (int threads : {1, 2, 3}) {
    o.threads = threads;
    atlases.push_back(workspace_atlas(model, o));
  }
  const WorkspaceAtlas& a = atlases[0];
  ASSERT_EQ(a.points.size(), 2u * 18200u);
  // Every grid point equals evaluate_atlas_pose at (x[i], y[j], z[k], R(rpy_o)).
  AtlasWorkspace ws;
  long reachable = 0;
  for (std::size_t q = 0; q < a.orientations.size(); ++q) {
    const Matrix3d R = stewart::rpy_to_rotation<double>(a.orientations[q]);
    for (std::size_t k = 0; k < a.z.size(); ++k)
      for (std::size_t j = 0; j < a.y.size(); ++j)
        for (std::size_t i = 0; i < a.x.size(); ++i) {
          const std::size_t n = a.index(q, i, j, k);
          const AtlasPoint p =
              evaluate_atlas_pose(model, a.limits, ws, Vector3d(a.x[i], a.y[j], a.z[k]), R, a.settings);
          reachable += p.reachable;
          expect_same(a.points[n], p, "point " + std::to_string(n));
          for (std::size_t t = 1; t < atlases.size(); ++t)
            expect_same(atlases[t].points[n], p, "point " + std::to_string(n) + ", atlas " + std::to_string(t));
        }
  }
  EXPECT_GT(reachable, 1000);
  EXPECT_EQ(a.summary[0].reachable + a.summary[1].reachable, reachable);
  for (std::size_t t = 1; t < atlases.size(); ++t)
    for (std::size_t q = 0; q < 2; ++q) {
      EXPECT_EQ(atlases[t].summary[q].reachable, a.summary[q].reachable);
      EXPECT_EQ(bits(atlases[t].summary[q].max_static_force), bits(a.summary[q].max_static_force));
      EXPECT_EQ(bits(atlases[t].summary[q].max_condition_number),
                bits(a.summary[q].max_condition_number));
    }
}

TEST(WorkspaceAtlasBatch, ErrorsAndZeroRows) {
  const stewart::StewartModel model = stewart::dasgupta_test_platform(true);
  const AtlasLegLimits limits = atlas_default_limits(model);
  RowMatrixXd poses = poses_near_home(model, 20, 2), out(20, kAtlasColumns);
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, RowMatrixXd(3, 5), out); }),
            "atlas_poses_batch: poses has shape 3 x 5, expected 3 x 6 (N rows of t, rpy (3 each))");
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, poses_near_home(model, 3, 3), out); }),
            "atlas_poses_batch: out has shape 20 x 8, expected 3 x 8 (the output: N rows as poses, "
            "8 atlas columns)");
  poses(17, 4) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, poses, out); }),
            "atlas_poses_batch: poses[17, 4] is nan");
  poses(3, 0) = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, poses, out); }),
            "atlas_poses_batch: poses[3, 0] is inf");
  poses = poses_near_home(model, 20, 2);
  AtlasLegLimits bad = limits;
  bad[2].length_min = 2 * bad[2].length_max;
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, bad, poses, out); }),
            "atlas_poses_batch: limits[2].length_min = " +
                [&] { std::ostringstream os; os << bad[2].length_min; return os.str(); }() +
                ", expected <= length_max");
  bad = limits;
  bad[5].u_joint_normal.setZero();
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, bad, poses, out); }),
            "atlas_poses_batch: limits[5].u_joint_normal must be finite and non-zero");
  AtlasBatchOptions o;
  o.settings.envelope.linear[1] = -2;
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, poses, out, o); }),
            "atlas_poses_batch: options.settings.envelope.linear[1] = -2, expected finite and >= 0");
  o = {};
  o.settings.singular_condition = 0.5;
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, poses, out, o); }),
            "atlas_poses_batch: options.settings.singular_condition = 0.5, expected > 1");
  o = {};
  o.threads = -1;
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, poses, out, o); }),
            "atlas_poses_batch: threads is -1, expected >= 0 (0 = one per hardware thread)");
  AtlasBatchWorkspace workspace;
  std::vector<AtlasPoint> points(19);
  EXPECT_EQ(message_of([&] { atlas_poses_batch(model, limits, workspace, poses, points); }),
            "atlas_poses_batch: points has size 19, expected 20 (one per row of poses)");
  WorkspaceAtlasOptions wo;
  wo.resolution = {3, 3, 3};
  wo.threads = -2;
  EXPECT_EQ(message_of([&] { workspace_atlas(model, wo); }),
            "workspace_atlas: options.threads = -2, expected >= 0 (0 = one per hardware thread)");
  // N = 0: checked, nothing computed.
  RowMatrixXd none(0, kAtlasPoseColumns), out0(0, kAtlasColumns);
  EXPECT_NO_THROW(atlas_poses_batch(model, limits, none, out0));
}

}  // namespace
}  // namespace manipdyn::analysis
