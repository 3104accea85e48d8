// Forward kinematics of the Stewart platform (forward_kinematics.hpp): FK(IK(x)) = x over the
// workspace of the paper platforms, quadratic convergence read from the iteration log, several
// assemblies of a symmetric platform, the near-singular flag and the error messages.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include <Eigen/Geometry>

#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {

constexpr double kPoseTol = 1e-12;       // FK(IK(x)) = x (issue 11, part 1): m and rad
constexpr double kLengthTol = 1e-12;     // lengths of every assembly found (m)
constexpr double kQuadraticC = 30.0;     // r_{k+1} <= C r_k^2 (1/m) above the rounding floor
constexpr double kWellPosed = 1e3;       // cond(H) of the poses where FK(IK(x)) = x is asserted
constexpr double kRoundingFloor = 1e-9;  // below this r_k^2 is under the rounding of L (~1e-16 m)

// cond(H) at a pose: FK is well posed (to cond * eps) where it is moderate
double condition(const ms::StewartModel& model, const Vector3d& t, const Matrix3d& R) {
  ms::PlatformMotion m;
  m.t = t;
  m.R = R;
  ms::StewartData d(model);
  ms::InverseDynamicsOptions o;
  ms::inverse_dynamics_dasgupta(model, d, m, {}, o);
  return d.condition_number;
}

Vector6d lengths(const ms::StewartModel& model, const Vector3d& t, const Matrix3d& R) {
  ms::PlatformMotion m;
  m.t = t;
  m.R = R;
  ms::StewartData d(model);
  ms::inverse_kinematics(model, d, m);
  return d.L;
}

double angle_between(const Matrix3d& A, const Matrix3d& B) {
  return Eigen::AngleAxisd(A.transpose() * B).angle();
}

// A symmetric (semi-regular hexagon) platform: base radius 0.5, platform radius 0.3, pairs of
// points 2 x 10 degrees apart about the 120-degree axes; planar base and platform.
ms::StewartModel symmetric_platform() {
  ms::StewartParameters prm = ms::dasgupta_test_parameters(false);
  prm.name = "symmetric";
  for (int i = 0; i < 6; ++i) {
    const double pair = (i / 2) * 2.0 * M_PI / 3.0, side = (i % 2 == 0 ? -1.0 : 1.0);
    const double ab = pair + side * 10.0 * M_PI / 180.0;
    const double ap = pair + side * 50.0 * M_PI / 180.0;
    prm.b.col(i) = Vector3d(0.5 * std::cos(ab), 0.5 * std::sin(ab), 0.0);
    prm.p.col(i) = Vector3d(0.3 * std::cos(ap), 0.3 * std::sin(ap), 0.0);
    prm.k.col(i) = Vector3d(-std::sin(ab), std::cos(ab), 0.0);  // tangential U-joint axes
  }
  return ms::build_model(prm);
}

}  // namespace

TEST(ForwardKinematics, RecoversThePoseOverTheWorkspaceOfBothPaperPlatforms) {
  // grid over the workspace of the papers' paths (t around [0.1..0.3, 0, 0.4..0.6], angles up to
  // 0.3 rad), guess: the pose perturbed by 3 cm and 0.05 rad (a coarse previous pose)
  for (const ms::StewartModel& model : {ms::dasgupta_test_platform(true), ms::pedrammehr_test_platform(false)}) {
    double worst_t = 0, worst_R = 0;
    int worst_iterations = 0, n = 0, skipped = 0;
    for (double x : {0.0, 0.15, 0.3})
      for (double y : {-0.1, 0.1})
        for (double z : {0.4, 0.5, 0.65})
          for (const Vector3d& th : {Vector3d(0, 0, 0), Vector3d(0.1, -0.1, 0.3), Vector3d(-0.2, 0.15, -0.25)}) {
            const Vector3d t(x, y, z);
            const Matrix3d R = ms::rpy_to_rotation(th);
            if (condition(model, t, R) > kWellPosed) {
              ++skipped;
              continue;
            }
            const Vector6d L = lengths(model, t, R);
            const Vector3d t_guess = t + Vector3d(0.03, -0.02, 0.03);
            const Matrix3d R_guess = ms::rpy_to_rotation(Vector3d(th + Vector3d(0.05, 0.03, -0.05)));
            const ms::ForwardKinematicsResult r = ms::forward_kinematics(model, L, t_guess, R_guess);
            ASSERT_TRUE(r.converged);
            worst_t = std::max(worst_t, (r.t - t).norm());
            worst_R = std::max(worst_R, angle_between(r.R, R));
            worst_iterations = std::max(worst_iterations, r.iterations);
            EXPECT_LT((ms::rpy_to_rotation(r.rpy) - r.R).cwiseAbs().maxCoeff(), 1e-14);
            ++n;
          }
    std::printf("%s: %d poses (%d skipped: cond(H) > %g), max |dt| = %.2e m, max angle = %.2e rad, "
                "max iterations %d\n", model.name.c_str(), n, skipped, kWellPosed, worst_t, worst_R, worst_iterations);
    EXPECT_LE(skipped, n / 10);
    EXPECT_LT(worst_t, kPoseTol);
    EXPECT_LT(worst_R, kPoseTol);
    EXPECT_LE(worst_iterations, 8);
  }
}

TEST(ForwardKinematics, RandomPosesFromTheHomePose) {
  // random poses in a box around the home pose, each solved from the home pose itself
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  const Vector3d home(0.15, 0.0, 0.5);
  int n = 0;
  for (int k = 0; k < 200; ++k) {
    const Vector3d t = home + Vector3d(0.15 * u(rng), 0.15 * u(rng), 0.1 * u(rng));
    const Matrix3d R = ms::rpy_to_rotation(Vector3d(0.2 * u(rng), 0.2 * u(rng), 0.3 * u(rng)));
    if (condition(model, t, R) > kWellPosed / 10) continue;  // two assemblies close together
    ++n;
    const ms::ForwardKinematicsResult r =
        ms::forward_kinematics(model, lengths(model, t, R), home, Matrix3d::Identity());
    EXPECT_LT((r.t - t).norm(), kPoseTol) << k << " cond " << r.condition_number << " iterations " << r.iterations;
    EXPECT_LT(angle_between(r.R, R), kPoseTol) << k;
  }
  std::printf("%d of 200 random poses with cond(H) <= %g\n", n, kWellPosed / 10);
  EXPECT_GE(n, 150);
}

TEST(ForwardKinematics, ConvergesQuadratically) {
  // the iteration log: r_{k+1} <= C r_k^2 while r_k^2 is above the rounding of the lengths
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const Vector3d t(0.2, 0.05, 0.55);
  const Matrix3d R = ms::rpy_to_rotation(Vector3d(0.1, -0.05, 0.2));
  const Vector6d L = lengths(model, t, R);
  for (double far : {0.02, 0.06, 0.12}) {
    const ms::ForwardKinematicsResult r = ms::forward_kinematics(
        model, L, t + Vector3d(far, -far, far), ms::rpy_to_rotation(Vector3d(far, far, -far)) * R);
    std::printf("start %.2f:", far);
    for (double e : r.residual_log) std::printf(" %.2e", e);
    std::printf("\n");
    ASSERT_EQ(static_cast<int>(r.residual_log.size()), r.iterations + 1);
    ASSERT_GE(r.iterations, 3);
    int checked = 0;
    for (std::size_t k = 0; k + 1 < r.residual_log.size(); ++k) {
      const double rk = r.residual_log[k], rk1 = r.residual_log[k + 1];
      if (rk * rk < kRoundingFloor * 1e-6 || rk > 0.05) continue;  // rounding floor; far from the root
      EXPECT_LE(rk1, kQuadraticC * rk * rk) << "step " << k;
      ++checked;
    }
    EXPECT_GE(checked, 2);
  }
}

TEST(ForwardKinematics, QuadraticConvergenceCheckCanFail) {
  // the assertion used above catches a solver that converges only linearly: the library's own
  // Newton iteration with its steps capped far below the distance to the root (options
  // max_step_translation, max_step_rotation) closes the gap by about one cap per step, and its
  // log breaks r_{k+1} <= C r_k^2 in the range that the check reads
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const Vector3d t(0.2, 0.05, 0.55);
  const Matrix3d R = ms::rpy_to_rotation(Vector3d(0.1, -0.05, 0.2));
  ms::ForwardKinematicsOptions capped;
  capped.max_step_translation = 1e-3;
  capped.max_step_rotation = 1e-3;
  capped.max_iterations = 200;
  const ms::ForwardKinematicsResult r = ms::forward_kinematics(
      model, lengths(model, t, R), t + Vector3d(0.02, -0.02, 0.02),
      ms::rpy_to_rotation(Vector3d(0.02, 0.02, -0.02)) * R, capped);
  EXPECT_LT((r.t - t).norm(), 1e-9);  // it still gets there
  int broken = 0;
  for (std::size_t k = 0; k + 1 < r.residual_log.size(); ++k) {
    const double rk = r.residual_log[k], rk1 = r.residual_log[k + 1];
    if (rk * rk < kRoundingFloor * 1e-6 || rk > 0.05) continue;  // as in the check above
    broken += rk1 > kQuadraticC * rk * rk;
  }
  EXPECT_GE(broken, 2);
}

TEST(ForwardKinematics, SymmetricPlatformHasSeveralAssemblies) {
  const ms::StewartModel model = symmetric_platform();
  const Vector3d t(0.02, -0.03, 0.45);
  const Matrix3d R = ms::rpy_to_rotation(Vector3d(0.05, -0.04, 0.1));
  const Vector6d L = lengths(model, t, R);
  const auto all = ms::forward_kinematics_all(model, L);
  std::printf("symmetric platform: %zu assemblies within the bound\n", all.size());
  for (const auto& a : all)
    std::printf("  t = [%+.4f %+.4f %+.4f] rpy = [%+.4f %+.4f %+.4f] cond %.3g\n", a.t.x(), a.t.y(),
                a.t.z(), a.rpy.x(), a.rpy.y(), a.rpy.z(), a.condition_number);
  ASSERT_GE(all.size(), 4u);
  // each satisfies the lengths; all distinct; the original pose is one of them, so is its mirror
  // image in the base plane (planar base and platform)
  bool original = false, mirror = false;
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_LT((lengths(model, all[i].t, all[i].R) - L).cwiseAbs().maxCoeff(), kLengthTol);
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_GT((all[i].t - all[j].t).norm() + angle_between(all[i].R, all[j].R), 1e-6);
    original |= (all[i].t - t).norm() < 1e-9 && angle_between(all[i].R, R) < 1e-9;
    const Matrix3d Z = Vector3d(1, 1, -1).asDiagonal();
    mirror |= (all[i].t - Z * t).norm() < 1e-9 && (all[i].R - Z * R * Z).norm() < 1e-9;
  }
  EXPECT_TRUE(original);
  EXPECT_TRUE(mirror);
  // sorted by decreasing height; deterministic for a seed
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_GE(all[i - 1].t.z(), all[i].t.z());
  const auto again = ms::forward_kinematics_all(model, L);
  ASSERT_EQ(again.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(again[i].t, all[i].t);
  // bounds: only the assemblies above the base and upright within 1 rad
  ms::ForwardKinematicsOptions o;
  o.orientation_bound = 1.0;
  for (const auto& a : ms::forward_kinematics_all(model, L, o))
    EXPECT_LE(Eigen::AngleAxisd(a.R).angle(), 1.0 + 1e-12);
}

TEST(ForwardKinematics, FlagsNearSingularPoses) {
  // the symmetric platform turned by 90 degrees about z is singular (H loses rank; Fichter
  // 1986): just beside it the solution is found and flagged
  const ms::StewartModel model = symmetric_platform();
  ms::StewartData d(model);
  ms::PlatformMotion m;
  m.t = Vector3d(0, 0, 0.45);
  m.R = ms::rpy_to_rotation(Vector3d(0, 0, M_PI / 2 - 1e-4));
  const Vector6d L = lengths(model, m.t, m.R);
  const ms::ForwardKinematicsResult r =
      ms::forward_kinematics(model, L, m.t, ms::rpy_to_rotation(Vector3d(0, 0, M_PI / 2 - 1e-3)));
  std::printf("near the singularity: cond %.3g, %d iterations\n", r.condition_number, r.iterations);
  EXPECT_TRUE(r.near_singular);
  EXPECT_GT(r.condition_number, 1e3);
  EXPECT_LT((lengths(model, r.t, r.R) - L).cwiseAbs().maxCoeff(), kLengthTol);
  // and a regular pose is not flagged
  const ms::ForwardKinematicsResult ok = ms::forward_kinematics(
      model, lengths(model, m.t, Matrix3d::Identity()), m.t, Matrix3d::Identity());
  EXPECT_FALSE(ok.near_singular);
}

TEST(ForwardKinematics, ErrorsNameTheArgumentOrTheResidual) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  const Vector3d t(0.15, 0, 0.5);
  const Vector6d L = lengths(model, t, Matrix3d::Identity());
  const auto message = [&](const Vector6d& lens, const Vector3d& tg, const Matrix3d& Rg) {
    try {
      ms::forward_kinematics(model, lens, tg, Rg);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  Vector6d bad = L;
  bad(2) = std::nan("");
  EXPECT_EQ(message(bad, t, Matrix3d::Identity()), "forward_kinematics: leg_lengths[2] is nan");
  bad = L;
  bad(4) = -0.1;
  EXPECT_EQ(message(bad, t, Matrix3d::Identity()), "forward_kinematics: leg_lengths[4] = -0.1 is not positive");
  EXPECT_EQ(message(L, Vector3d(0, INFINITY, 0), Matrix3d::Identity()), "forward_kinematics: t_guess[1] is inf");
  EXPECT_NE(message(L, t, 2 * Matrix3d::Identity()).find("forward_kinematics: R_guess is not a rotation matrix"),
            std::string::npos);
  // unreachable: legs 1, 3, 5 short and 2, 4, 6 long, the platform cannot be assembled
  const Vector6d unreachable = (Vector6d() << 0.05, 3.0, 0.05, 3.0, 0.05, 3.0).finished();
  const std::string msg = message(unreachable, t, Matrix3d::Identity());
  EXPECT_NE(msg.find("forward_kinematics: Newton-Raphson did not converge"), std::string::npos) << msg;
  EXPECT_NE(msg.find("residual max|L - L*| = "), std::string::npos) << msg;
  try {
    ms::ForwardKinematicsOptions o;
    o.starts = 20;
    ms::forward_kinematics_all(model, unreachable, o);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("forward_kinematics_all: none of 20 starts converged within the bounds: "
                                         "smallest residual max|L - L*| = "),
              std::string::npos)
        << e.what();
  }
  ms::ForwardKinematicsOptions o;
  o.tolerance = 0;
  try {
    ms::forward_kinematics(model, L, t, Matrix3d::Identity(), o);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "forward_kinematics: options.tolerance = 0 must be positive and finite");
  }
}
