// The pick-and-place cycle study of a parallel robot: the forces along the time-optimal motion,
// recomputed by the inverse dynamics, stay within the limits and touch them; friction evaluated
// afterwards; the CSV file; the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "manipdyn/analysis/parallel_cycle_study.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "support/error_message.hpp"

namespace ma = manipdyn::analysis;
namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::MatrixXd;
using manipdyn::Vector3d;
using manipdyn::VectorXd;
using manipdyn::test_support::message_of;

namespace {

constexpr double kWithinLimits = 1e-6;  // relative to the limit

// The Stewart test platform (corrected inertias), with or without its friction.
mp::ParallelModel stewart(bool friction) {
  ms::StewartParameters prm = ms::dasgupta_test_parameters(false);
  if (!friction) prm.Cu = prm.Cp = prm.Cs = 0.0;
  return mp::from_stewart(ms::build_model(prm));
}

// The cycle in a horizontal plane below the home pose, across x, with made-up leg force limits.
ma::ParallelCycleStudyOptions options_for(const mp::ParallelModel& model) {
  ma::ParallelCycleStudyOptions o;
  o.start = model.home.translation() + Vector3d(-0.1525, 0.0, -0.05);
  o.tau_max = VectorXd::Constant(6, 4000.0);
  o.intervals = 200;
  return o;
}

// A translating parallel robot: three Cartesian legs P-P-P (prismatic joints along z, y, x)
// from three base points to three platform points (spherical cut joints), leg i driving the
// joint along z, y and x in turn, a 2 kg platform.
mp::ParallelModel cartesian_translator() {
  mp::ParallelDescription d;
  d.name = "cartesian translator";
  d.mobility = mp::Mobility::translation;
  d.platform.mass = 2.0;
  d.platform.inertia = 0.01 * manipdyn::Matrix3d::Identity();
  d.home.translation() = Vector3d(0.0, 0.0, -0.5);
  const double half_pi = std::acos(0.0);
  for (int i = 0; i < 3; ++i) {
    mp::LegDescription leg;
    leg.name = "leg" + std::to_string(i);
    // modified DH: z, then y (alpha = theta = -pi/2), then x (alpha = -pi/2)
    manipdyn::LinkParameters z, y, x;
    z.type = y.type = x.type = manipdyn::JointType::prismatic;
    y.alpha = x.alpha = -half_pi;
    y.theta = -half_pi;
    for (manipdyn::LinkParameters* link : {&z, &y, &x}) {
      link->mass = 0.5;
      link->inertia = 1e-3 * manipdyn::Matrix3d::Identity();
    }
    leg.joints = {z, y, x};
    const double angle = 2.0 * half_pi * 4.0 / 3.0 * i;
    leg.base.translation() = Vector3d(0.3 * std::cos(angle), 0.3 * std::sin(angle), 0.0);
    leg.platform_point = Vector3d(0.05 * std::cos(angle), 0.05 * std::sin(angle), 0.0);
    leg.actuated = {i};
    d.legs.push_back(leg);
  }
  return mp::build_model(d);
}

// The forces recomputed by parallel::inverse_dynamics at every sampled time stay within the
// limits and touch them; they equal the study's.
void expect_within_limits_and_touching(const mp::ParallelModel& model, const ma::ParallelCycleStudyResult& r) {
  mp::ParallelData data(model);
  const int m = model.actuated_count();
  double worst = -1.0, largest = 0.0;
  for (Eigen::Index row = 0; row < r.t.size(); ++row) {
    manipdyn::PlatformMotion motion;
    motion.t = r.position.row(row).transpose();
    motion.R = model.home.linear();
    motion.v = r.velocity.row(row).transpose();
    motion.a = r.acceleration.row(row).transpose();
    const VectorXd tau = mp::inverse_dynamics(model, data, motion);
    EXPECT_LT((tau - r.tau.row(row).transpose()).norm(), 1e-9 * r.tau_max.maxCoeff()) << "row " << row;
    for (int j = 0; j < m; ++j) {
      worst = std::max(worst, (std::abs(tau[j]) - r.tau_max[j]) / r.tau_max[j]);
      largest = std::max(largest, std::abs(tau[j]) / r.tau_max[j]);
    }
  }
  EXPECT_LT(worst, kWithinLimits);           // within the limits
  EXPECT_GT(largest, 1.0 - kWithinLimits);  // and touching them
  EXPECT_GE(r.limiting_actuator, 0);
}

}  // namespace

TEST(ParallelCycleStudy, ForcesAlongTheMotionStayWithinTheLimitsAndTouchThem) {
  const mp::ParallelModel model = stewart(false);
  const ma::ParallelCycleStudyOptions o = options_for(model);
  const ma::ParallelCycleStudyResult r = ma::parallel_cycle_study(model, o);
  std::printf("cycle %.6f s (there %.6f, back %.6f), limiting actuator %d\n", r.cycle_time, r.time_there, r.time_back,
              r.limiting_actuator);
  EXPECT_FALSE(r.has_friction);
  EXPECT_GT(r.cycle_time, 0.0);
  EXPECT_NEAR(r.cycle_time, r.time_there + r.time_back, 1e-12);
  EXPECT_NEAR(r.t[r.t.size() - 1], r.cycle_time, 1e-12);
  const Eigen::Index rows = r.t.size();
  ASSERT_EQ(rows, 2 * (o.intervals + 1));
  // the ends of each way: at the pick and place points, at rest
  EXPECT_LT((r.position.row(0).transpose() - o.start).norm(), 1e-12);
  EXPECT_LT((r.position.row(o.intervals).transpose() - (o.start + Vector3d(0.305, 0, 0))).norm(), 1e-12);
  EXPECT_LT((r.position.row(rows - 1).transpose() - o.start).norm(), 1e-12);
  EXPECT_EQ(r.sd[0], 0.0);
  EXPECT_EQ(r.sd[rows - 1], 0.0);
  expect_within_limits_and_touching(model, r);
  // between the grid points the forces go past the limits by a second-order amount
  EXPECT_LT(r.midpoint_excess, 0.01);
}

TEST(ParallelCycleStudy, TakesATranslatingPlatform) {
  const mp::ParallelModel model = cartesian_translator();
  ma::ParallelCycleStudyOptions o;  // the cycle centred on the home position
  o.tau_max = VectorXd::Constant(3, 150.0);
  o.intervals = 200;
  const ma::ParallelCycleStudyResult r = ma::parallel_cycle_study(model, o);
  EXPECT_LT((r.position.row(0).transpose() - (model.home.translation() - Vector3d(0.1525, 0, 0))).norm(), 1e-12);
  expect_within_limits_and_touching(model, r);
  EXPECT_FALSE(r.has_friction);
  std::printf("cartesian translator: cycle %.6f s (there %.6f, back %.6f), limiting actuator %d\n", r.cycle_time,
              r.time_there, r.time_back, r.limiting_actuator);
  // a speed limit below the peak speed slows the cycle and holds
  o.max_speed = 0.5 * r.sd.maxCoeff();
  const ma::ParallelCycleStudyResult slow = ma::parallel_cycle_study(model, o);
  EXPECT_LE(slow.sd.maxCoeff(), o.max_speed * (1 + 1e-12));
  EXPECT_GT(slow.cycle_time, r.cycle_time);
}

TEST(ParallelCycleStudy, TheWaysBackAndThereConvergeToOneTime) {
  // without friction the way back is the way there in reverse time (the dynamics are even in
  // the velocity), so their shortest times agree; the grid's first-order error differs between
  // the two directions and shrinks with the grid step
  const mp::ParallelModel model = stewart(false);
  ma::ParallelCycleStudyOptions o = options_for(model);
  o.intervals = 100;
  const ma::ParallelCycleStudyResult coarse = ma::parallel_cycle_study(model, o);
  o.intervals = 1600;
  const ma::ParallelCycleStudyResult fine = ma::parallel_cycle_study(model, o);
  std::printf("N 100: there %.6f s back %.6f s, midpoint excess %.3g; N 1600: there %.6f s back %.6f s, %.3g\n",
              coarse.time_there, coarse.time_back, coarse.midpoint_excess, fine.time_there, fine.time_back,
              fine.midpoint_excess);
  const double gap_coarse = std::abs(coarse.time_there - coarse.time_back);
  const double gap_fine = std::abs(fine.time_there - fine.time_back);
  EXPECT_LT(gap_fine, gap_coarse / 8.0);
  EXPECT_LT(gap_fine, 1e-4 * fine.time_there);
  // from above (the limits hold at both ends of every interval), the excess between grid points
  // at second order
  EXPECT_GT(coarse.cycle_time, fine.cycle_time);
  EXPECT_LT(fine.midpoint_excess, coarse.midpoint_excess / 64.0);
}

TEST(ParallelCycleStudy, FrictionIsEvaluatedAlongTheMotion) {
  const mp::ParallelModel model = stewart(true);
  const ma::ParallelCycleStudyResult r = ma::parallel_cycle_study(model, options_for(model));
  const ma::ParallelCycleStudyResult smooth = ma::parallel_cycle_study(stewart(false), options_for(model));
  EXPECT_TRUE(r.has_friction);
  EXPECT_NEAR(r.cycle_time, smooth.cycle_time, 1e-12 * smooth.cycle_time);  // planned without friction
  mp::ParallelData data(model);
  double excess = 0.0;
  for (Eigen::Index row = 0; row < r.t.size(); row += 7) {
    manipdyn::PlatformMotion motion;
    motion.t = r.position.row(row).transpose();
    motion.v = r.velocity.row(row).transpose();
    motion.a = r.acceleration.row(row).transpose();
    EXPECT_LT((mp::inverse_dynamics(model, data, motion) - r.tau_with_friction.row(row).transpose()).norm(), 1e-9);
  }
  for (Eigen::Index row = 0; row < r.t.size(); ++row)
    excess = std::max(excess, (r.tau_with_friction.row(row).cwiseAbs().maxCoeff() - 4000.0) / 4000.0);
  EXPECT_NEAR(r.friction_excess, std::max(excess, 0.0), 1e-15);
  EXPECT_LT(r.friction_excess, 1e-3);  // the test platform's friction is small
}

TEST(ParallelCycleStudy, WritesTheCsv) {
  const mp::ParallelModel model = stewart(false);
  ma::ParallelCycleStudyOptions o = options_for(model);
  o.intervals = 50;  // a coarse grid (10) lost its last admissible speed to rounding under clang-14
  const ma::ParallelCycleStudyResult r = ma::parallel_cycle_study(model, o);
  const auto file = std::filesystem::temp_directory_path() / "manipdyn_parallel_cycle_test.csv";
  ma::write_parallel_cycle_csv(r, file);
  std::ifstream in(file);
  std::string header, line;
  std::getline(in, header);
  EXPECT_EQ(header, "t,x,y,z,tau1,tau2,tau3,tau4,tau5,tau6,tau_max1,tau_max2,tau_max3,tau_max4,tau_max5,tau_max6");
  int lines = 0;
  while (std::getline(in, line)) ++lines;
  EXPECT_EQ(lines, r.t.size());
  std::filesystem::remove(file);
}

TEST(ParallelCycleStudy, RefusesBadOptions) {
  const mp::ParallelModel model = stewart(false);
  ma::ParallelCycleStudyOptions o = options_for(model);
  // the legs' joints carry no effort limit
  o.tau_max.resize(0);
  EXPECT_NE(message_of([&] { ma::parallel_cycle_study(model, o); }).find("actuator 0 (leg 1"), std::string::npos)
      << message_of([&] { ma::parallel_cycle_study(model, o); });
  o = options_for(model);
  o.tau_max = VectorXd::Constant(5, 1.0);
  EXPECT_NE(message_of([&] { ma::parallel_cycle_study(model, o); }).find("tau_max has size 5, expected 6"),
            std::string::npos);
  // limits the legs cannot hold the platform with
  o = options_for(model);
  o.tau_max = VectorXd::Constant(6, 1.0);
  const std::string msg = message_of([&] { ma::parallel_cycle_study(model, o); });
  EXPECT_NE(msg.find("the way there: time_optimal_path: grid point 0"), std::string::npos) << msg;
  // a planar platform cannot follow the vertical cycle (the mobility is checked first)
  mp::ParallelModel planar = model;
  planar.mobility = mp::Mobility::planar;
  EXPECT_NE(message_of([&] { ma::parallel_cycle_study(planar, options_for(model)); })
                .find("has mobility planar; the cycle needs a translating or spatial platform"),
            std::string::npos);
  o = options_for(model);
  o.intervals = 4;
  EXPECT_NE(message_of([&] { ma::parallel_cycle_study(model, o); }).find("intervals must be >= 5"), std::string::npos);
}
