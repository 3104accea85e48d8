// Unit tests of include/manipdyn/analysis/workspace_atlas.hpp: joint angles against hand
// computations, the envelope's closed form against the enumeration of the 64 vertices of the
// acceleration box (each vertex a full inverse dynamics), reachability against leg lengths
// computed here, a pose on a stroke limit, a coarse grid against a fine one, the reachable volume
// of a known region as the grid refines, the CSV files and the error messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>
#include <random>
#include <string>

#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace ma = manipdyn::analysis;
namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {

/// Angles and lengths from a few products and one atan2: rounding only.
constexpr double kRoundoff = 1e-12;
/// Closed form against the vertex enumeration: both sum the same affine terms (relative).
constexpr double kEnvelopeRelative = 1e-9;
/// Reachable volume of a ball of radius rho on a grid of spacing h = 2.5 rho / 40: the boundary
/// layer holds O(h / rho) of the volume; 3% at 41 points per axis.
constexpr double kVolumeRelative = 0.03;
constexpr double kPi = std::numbers::pi;

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no exception)";
}

// Limits with only lengths (no joint-angle limits).
ma::AtlasLegLimits length_limits(double lo, double hi) {
  ma::AtlasLegLimits l;
  for (auto& x : l) {
    x.length_min = lo;
    x.length_max = hi;
  }
  return l;
}

}  // namespace

TEST(WorkspaceAtlas, JointAnglesMatchHandComputation) {
  // U joint: s = (1, 1, 0)/sqrt2 against n = e_x: 45 deg; s = e_z against n tilted 30 deg.
  EXPECT_NEAR(ma::u_joint_angle(Vector3d(1, 1, 0).normalized(), Vector3d::UnitX()), kPi / 4, kRoundoff);
  EXPECT_NEAR(ma::u_joint_angle(Vector3d::UnitZ(), Vector3d(0.5, 0, std::sqrt(3) / 2)), kPi / 6, kRoundoff);
  EXPECT_NEAR(ma::u_joint_angle(Vector3d::UnitZ(), -Vector3d::UnitZ()), kPi, kRoundoff);
  // S joint: R = Rz(90 deg) turns n_s = e_x into e_y; -s = e_y gives 0, -s = e_z gives 90 deg.
  const Matrix3d Rz = ms::rpy_to_rotation<double>(Vector3d(0, 0, kPi / 2));
  EXPECT_NEAR(ma::s_joint_angle(-Vector3d::UnitY(), Rz, Vector3d::UnitX()), 0.0, kRoundoff);
  EXPECT_NEAR(ma::s_joint_angle(-Vector3d::UnitZ(), Rz, Vector3d::UnitX()), kPi / 2, kRoundoff);
  // Through a pose: the default limits point both normals along the home leg, so at home every
  // angle is 0; moving the platform by d along x tilts leg i by atan2(|d x s_i|, L_i + d . s_i).
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const ma::AtlasLegLimits lim = ma::atlas_default_limits(model);
  const Vector3d home = ma::platform_home_pose(model).t;
  ma::AtlasWorkspace ws;
  ma::AtlasPoint p = ma::evaluate_atlas_pose(model, lim, ws, home, Matrix3d::Identity());
  EXPECT_TRUE(p.reachable);
  EXPECT_NEAR(p.max_u_joint_angle, 0.0, kRoundoff);
  EXPECT_NEAR(p.max_s_joint_angle, 0.0, kRoundoff);
  const Vector3d d(0.03, 0, 0);
  p = ma::evaluate_atlas_pose(model, lim, ws, home + d, Matrix3d::Identity());
  for (int i = 0; i < 6; ++i) {
    const Vector3d S0 = model.p.col(i) + home - model.b.col(i);
    const Vector3d s0 = S0.normalized();
    const double hand = std::atan2(d.cross(s0).norm(), S0.norm() + d.dot(s0));
    EXPECT_NEAR(ws.u_angle[i], hand, kRoundoff) << "leg " << i + 1;
    EXPECT_NEAR(ws.s_angle[i], hand, kRoundoff) << "leg " << i + 1;  // R = I: same tilt
  }
}

TEST(WorkspaceAtlas, EnvelopeClosedFormEqualsVertexEnumeration) {
  std::mt19937 rng(11);
  for (bool printed : {false, true})
    for (ms::DynamicsModel which : {ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved}) {
      const ms::StewartModel model = ms::dasgupta_test_platform(printed);
      const ma::AtlasLegLimits lim = ma::atlas_default_limits(model);
      const Vector3d home = ma::platform_home_pose(model).t;
      ma::AtlasPoseSettings set;
      set.dynamics = which;
      set.envelope.linear = Vector3d(2.0, 1.0, 3.0);
      set.envelope.angular = Vector3d(4.0, 6.0, 5.0);
      Vector6d A;
      A << set.envelope.linear, set.envelope.angular;
      std::uniform_real_distribution<double> u(-1, 1);
      ma::AtlasWorkspace ws;
      ms::StewartData d(model);
      int checked = 0;
      for (int attempt = 0; attempt < 200 && checked < 8; ++attempt) {
        const Vector3d t = home + 0.1 * Vector3d(u(rng), u(rng), u(rng));
        const Vector3d th = 0.15 * Vector3d(u(rng), u(rng), u(rng));
        const Matrix3d R = ms::rpy_to_rotation<double>(th);
        const ma::AtlasPoint p = ma::evaluate_atlas_pose(model, lim, ws, t, R, set);
        if (!p.reachable) continue;
        ++checked;
        // Every vertex of the box: a full inverse dynamics at that acceleration.
        Vector6d worst = Vector6d::Zero();
        for (int v = 0; v < 64; ++v) {
          ms::PlatformMotion m;
          m.t = t;
          m.R = R;
          for (int k = 0; k < 3; ++k) {
            m.a[k] = (v >> k & 1 ? 1 : -1) * A[k];
            m.alpha[k] = (v >> (k + 3) & 1 ? 1 : -1) * A[k + 3];
          }
          ms::inverse_dynamics(which, model, d, m);
          worst = worst.cwiseMax(d.F.cwiseAbs());
        }
        const Vector6d bound = ma::envelope_force_bound(ws.F_static, ws.G, A);
        for (int i = 0; i < 6; ++i)
          EXPECT_NEAR(bound[i], worst[i], kEnvelopeRelative * worst[i]) << "leg " << i + 1;
        EXPECT_NEAR(p.max_envelope_force, worst.maxCoeff(), kEnvelopeRelative * worst.maxCoeff());
        // The static force is the inverse dynamics at rest.
        ms::PlatformMotion rest;
        rest.t = t;
        rest.R = R;
        ms::inverse_dynamics(which, model, d, rest);
        EXPECT_NEAR(p.max_static_force, d.F.cwiseAbs().maxCoeff(), kRoundoff * 1e3);
        EXPECT_GT(p.max_envelope_force, p.max_static_force);
      }
      EXPECT_EQ(checked, 8) << "too few reachable random poses";
    }
}

TEST(WorkspaceAtlas, ReachabilityAgreesWithDirectLengthChecks) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  ma::WorkspaceAtlasOptions o;
  o.resolution = {7, 6, 5};
  o.orientations = {Vector3d::Zero(), Vector3d(0.1, -0.2, 0.3)};
  o.use_given_limits = true;
  o.limits = length_limits(0.5, 0.75);
  o.settings.forces = false;
  const Vector3d home = ma::platform_home_pose(model).t;
  o.lower = home - Vector3d(0.15, 0.15, 0.1);
  o.upper = home + Vector3d(0.15, 0.15, 0.1);
  const ma::WorkspaceAtlas atlas = ma::workspace_atlas(model, o);
  EXPECT_EQ(atlas.limits_rule, "given");
  int reachable = 0, unreachable = 0;
  for (std::size_t q = 0; q < 2; ++q) {
    const Matrix3d R = ms::rpy_to_rotation<double>(o.orientations[q]);
    for (std::size_t k = 0; k < 5; ++k)
      for (std::size_t j = 0; j < 6; ++j)
        for (std::size_t i = 0; i < 7; ++i) {
          const Vector3d t(atlas.x[i], atlas.y[j], atlas.z[k]);
          int first = -1;
          ma::AtlasLimit which = ma::AtlasLimit::none;
          for (int l = 0; l < 6 && first < 0; ++l) {
            const double L = (R * model.p.col(l) + t - model.b.col(l)).norm();
            if (L < 0.5) which = ma::AtlasLimit::length_min;
            else if (L > 0.75) which = ma::AtlasLimit::length_max;
            if (which != ma::AtlasLimit::none) first = l;
          }
          const ma::AtlasPoint& p = atlas.points[atlas.index(q, i, j, k)];
          ASSERT_NE(p.limit, ma::AtlasLimit::singular);
          EXPECT_EQ(p.reachable, first < 0);
          EXPECT_EQ(p.limit, which);
          EXPECT_EQ(p.leg, first);
          (p.reachable ? reachable : unreachable)++;
        }
    EXPECT_EQ(atlas.summary[q].points, 7 * 6 * 5);
  }
  // The grid cuts through the region: both outcomes occur.
  EXPECT_GT(reachable, 10);
  EXPECT_GT(unreachable, 10);
  EXPECT_EQ(atlas.summary[0].reachable + atlas.summary[1].reachable, reachable);
}

TEST(WorkspaceAtlas, PoseOnStrokeLimitBoundary) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const Vector3d t = ma::platform_home_pose(model).t + Vector3d(0.02, -0.01, 0.03);
  const Matrix3d R = ms::rpy_to_rotation<double>(Vector3d(0.05, 0.02, -0.1));
  ma::AtlasWorkspace ws;
  ma::AtlasLegLimits lim = length_limits(0, std::numeric_limits<double>::infinity());
  ma::evaluate_atlas_pose(model, lim, ws, t, R);
  const double L3 = ws.L[2];
  EXPECT_NEAR(L3, (R * model.p.col(2) + t - model.b.col(2)).norm(), kRoundoff);
  // On the boundary (inclusive) and just beyond it, at either end of the stroke.
  lim[2].length_max = L3;
  EXPECT_TRUE(ma::evaluate_atlas_pose(model, lim, ws, t, R).reachable);
  lim[2].length_max = L3 * (1 - 1e-9);
  ma::AtlasPoint p = ma::evaluate_atlas_pose(model, lim, ws, t, R);
  EXPECT_FALSE(p.reachable);
  EXPECT_EQ(p.limit, ma::AtlasLimit::length_max);
  EXPECT_EQ(p.leg, 2);
  EXPECT_TRUE(std::isnan(p.condition_number));
  lim[2].length_max = std::numeric_limits<double>::infinity();
  lim[2].length_min = L3;
  EXPECT_TRUE(ma::evaluate_atlas_pose(model, lim, ws, t, R).reachable);
  lim[2].length_min = L3 * (1 + 1e-9);
  p = ma::evaluate_atlas_pose(model, lim, ws, t, R);
  EXPECT_EQ(p.limit, ma::AtlasLimit::length_min);
  EXPECT_EQ(p.leg, 2);
  // A joint-angle limit just below the angle is the violated one.
  lim[2].length_min = 0;
  ma::evaluate_atlas_pose(model, lim, ws, t, R);
  lim[4].u_joint_angle_max = ws.u_angle[4] * (1 - 1e-9);
  p = ma::evaluate_atlas_pose(model, lim, ws, t, R);
  EXPECT_EQ(p.limit, ma::AtlasLimit::u_joint_angle);
  EXPECT_EQ(p.leg, 4);
}

TEST(WorkspaceAtlas, CoarseGridIsSubsetOfFineGrid) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  ma::WorkspaceAtlasOptions o;
  o.resolution = {5, 5, 5};
  o.orientations = {Vector3d(0, 0, 0.2)};
  const ma::WorkspaceAtlas coarse = ma::workspace_atlas(model, o);
  o.resolution = {9, 9, 9};
  const ma::WorkspaceAtlas fine = ma::workspace_atlas(model, o);
  EXPECT_EQ(coarse.limits_rule, "default");
  int reachable = 0;
  for (std::size_t k = 0; k < 5; ++k)
    for (std::size_t j = 0; j < 5; ++j)
      for (std::size_t i = 0; i < 5; ++i) {
        const ma::AtlasPoint& c = coarse.points[coarse.index(0, i, j, k)];
        const ma::AtlasPoint& f = fine.points[fine.index(0, 2 * i, 2 * j, 2 * k)];
        EXPECT_NEAR(coarse.x[i], fine.x[2 * i], kRoundoff);
        EXPECT_EQ(c.reachable, f.reachable);
        EXPECT_EQ(c.limit, f.limit);
        EXPECT_EQ(c.leg, f.leg);
        if (c.reachable) {
          ++reachable;
          EXPECT_NEAR(c.max_envelope_force, f.max_envelope_force, kRoundoff * c.max_envelope_force);
        }
      }
  EXPECT_GT(reachable, 0);
  EXPECT_LT(reachable, 125);
}

TEST(WorkspaceAtlas, VolumeOfBallConvergesAsGridRefines) {
  // Only leg 1 limited (length <= rho): at R = I the reachable set is the ball of radius rho
  // about b_1 - p_1, volume 4/3 pi rho^3.
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const double rho = 0.2;
  ma::WorkspaceAtlasOptions o;
  o.use_given_limits = true;
  o.limits = length_limits(0, std::numeric_limits<double>::infinity());
  o.limits[0].length_max = rho;
  const Vector3d c = model.b.col(0) - model.p.col(0);
  o.lower = c - Vector3d::Constant(1.25 * rho);
  o.upper = c + Vector3d::Constant(1.25 * rho);
  o.settings.forces = false;
  const double exact = 4.0 / 3.0 * kPi * rho * rho * rho;
  double previous_error = std::numeric_limits<double>::infinity();
  for (int n : {11, 21, 41}) {
    o.resolution = {n, n, n};
    const ma::WorkspaceAtlas atlas = ma::workspace_atlas(model, o);
    long singular = 0;
    for (const auto& p : atlas.points) singular += p.limit == ma::AtlasLimit::singular;
    // Singular poses inside the ball would be missing from the count.
    const double volume = (atlas.summary[0].reachable + singular) * atlas.cell_volume;
    const double error = std::abs(volume - exact) / exact;
    EXPECT_LT(error, previous_error) << n << " points per axis";
    previous_error = error;
  }
  EXPECT_LT(previous_error, kVolumeRelative);
}

TEST(WorkspaceAtlas, CsvFiles) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  ma::WorkspaceAtlasOptions o;
  o.resolution = {3, 4, 2};
  o.orientations = {Vector3d::Zero(), Vector3d(0, 0.1, 0)};
  const ma::WorkspaceAtlas atlas = ma::workspace_atlas(model, o);
  const auto dir = std::filesystem::temp_directory_path() / "manipdyn_atlas_csv_test";
  std::filesystem::remove_all(dir);
  const auto files = ma::write_workspace_atlas_csv(atlas, dir);
  ASSERT_EQ(files.size(), 3u);
  std::ifstream in(dir / "atlas.csv");
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.rfind("orientation,roll,pitch,yaw,x,y,z,reachable,limit,leg,", 0), 0u);
  int rows = 0;
  while (std::getline(in, line)) ++rows;
  EXPECT_EQ(rows, 3 * 4 * 2 * 2);
  std::ifstream sum(dir / "summary.csv");
  rows = 0;
  while (std::getline(sum, line)) ++rows;
  EXPECT_EQ(rows, 3);
  std::filesystem::remove_all(dir);
}

TEST(WorkspaceAtlas, BadOptionsNameTheField) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const auto err = [&](auto change) {
    ma::WorkspaceAtlasOptions o;
    o.resolution = {3, 3, 3};
    change(o);
    return error_of([&] { ma::workspace_atlas(model, o); });
  };
  EXPECT_EQ(err([](auto& o) { o.resolution[1] = 1; }),
            "workspace_atlas: options.resolution[1] = 1, expected in 2..1001");
  EXPECT_EQ(err([](auto& o) { o.lower.x() = 1.0; o.upper.x() = 0.5; }),
            "workspace_atlas: options.lower.x = 1, expected < options.upper.x");
  EXPECT_EQ(err([](auto& o) { o.upper.z() = std::numeric_limits<double>::infinity(); }),
            "workspace_atlas: options.upper.z = inf, expected finite (or NaN for the default)");
  EXPECT_EQ(err([](auto& o) { o.orientations.clear(); }),
            "workspace_atlas: options.orientations is empty, expected at least one RPY");
  EXPECT_EQ(err([](auto& o) { o.orientations.push_back(Vector3d(0, NAN, 0)); }),
            "workspace_atlas: options.orientations[1] is not finite");
  EXPECT_EQ(err([](auto& o) { o.settings.envelope.angular[2] = -1; }),
            "workspace_atlas: options.settings.envelope.angular[2] = -1, expected finite and >= 0");
  EXPECT_EQ(err([](auto& o) { o.resolution = {100, 100, 100}; o.max_poses = 1e5; }),
            "workspace_atlas: too much work: 100 x 100 x 100 grid points x 1 orientations = 1e+06 "
            "poses, options.max_poses = 100000");
  EXPECT_EQ(err([](auto& o) { o.use_given_limits = true; o.limits[3].length_min = 2; o.limits[3].length_max = 1; }),
            "workspace_atlas: options.limits[3].length_min = 2, expected <= length_max");
  EXPECT_EQ(err([](auto& o) { o.use_given_limits = true; o.limits[0].s_joint_normal.setZero(); }),
            "workspace_atlas: options.limits[0].s_joint_normal must be finite and non-zero");
  EXPECT_EQ(err([](auto& o) { o.default_limits.u_joint_angle_max = 4; }),
            "atlas_default_limits: u_joint_angle_max = 4, expected in (0, pi]");
  EXPECT_EQ(err([](auto& o) { o.default_limits.half_stroke = -0.1; }),
            "atlas_default_limits: half_stroke = -0.1, expected finite and > 0 (or NaN for the default)");
}
