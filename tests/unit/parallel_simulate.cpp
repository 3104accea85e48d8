// Simulation of the general parallel engine (parallel/simulate.hpp): energy conserved to RK4's
// order without friction and actuation, a platform held still by its static forces, the exponential
// map's helpers, the logged rows, and the errors.
#include <gtest/gtest.h>

#include "manipdyn/parallel/energy.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/parallel/simulate.hpp"
#include "support/error_message.hpp"
#include "support/parallel_robots.hpp"

namespace mp = manipdyn::parallel;
namespace ts = manipdyn::test_support;
using manipdyn::Matrix3d;
using manipdyn::PlatformMotion;
using manipdyn::Vector3d;
using Eigen::VectorXd;

namespace {

double energy(const mp::ParallelModel& model, mp::ParallelData& data, const PlatformMotion& x) {
  return mp::kinetic_energy(model, data, x) + mp::potential_energy(model, data, x);
}

// the largest |E(t) - E(0)| of an unactuated frictionless run of `steps` steps of `h`
double energy_drift(const mp::ParallelModel& model, const PlatformMotion& start, double h, long steps) {
  mp::ParallelSimulationOptions o;
  o.step = h;
  o.steps = steps;
  const mp::ParallelSimulationResult r = mp::simulate(model, {}, start, o);
  mp::ParallelData data(model);
  const double e0 = energy(model, data, r.motion(model, 0));
  double drift = 0;
  for (Eigen::Index k = 0; k < r.time.size(); ++k) drift = std::max(drift, std::abs(energy(model, data, r.motion(model, k)) - e0));
  return drift;
}

}  // namespace

TEST(ParallelSimulate, EnergyIsConservedToTheIntegratorsOrderWithoutFrictionOrActuation) {
  for (const mp::ParallelModel& model :
       {ts::stewart_robot(false), ts::three_leg_robot(mp::Mobility::translation, false),
        ts::three_leg_robot(mp::Mobility::planar, false)}) {
    const PlatformMotion start = ts::sample_state(model, 1);
    const double coarse = energy_drift(model, start, 4e-3, 40);
    const double fine = energy_drift(model, start, 2e-3, 80);
    mp::ParallelData data(model);
    const double scale = mp::kinetic_energy(model, data, start);
    EXPECT_LT(coarse, 1e-5 * scale) << model.name;
    // fourth order: halving the step divides the drift by about 16 (unless it is rounding already:
    // the planar platform's motion here stays close to a steady spin)
    if (coarse > 1e-10 * scale) EXPECT_GT(coarse / fine, 12.0) << model.name << ": drift " << coarse << " then " << fine;
    std::printf("%s: energy drift %.3e J (h = 4 ms), %.3e J (h = 2 ms), ratio %.1f\n", model.name.c_str(), coarse, fine,
                coarse / fine);
  }
}

TEST(ParallelSimulate, StaticForcesHoldThePlatformStill) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, true);
  mp::ParallelData data(model);
  PlatformMotion start = ts::sample_state(model, 0);
  start.v.setZero();
  const VectorXd hold = mp::inverse_dynamics(model, data, start);
  mp::ParallelSimulationOptions o;
  o.steps = 100;
  o.log_every = 30;
  long calls = 0;
  o.progress = [&](long, long) { ++calls; };
  const mp::ParallelSimulationResult r = mp::simulate(model, mp::open_loop([&](double) { return hold; }), start, o);
  ASSERT_EQ(r.time.size(), 5);  // steps 0, 30, 60, 90, 100
  EXPECT_EQ(calls, 5);
  EXPECT_DOUBLE_EQ(r.time(4), 0.1);
  const PlatformMotion end = r.motion(model, 4);
  EXPECT_LT((end.t - start.t).norm(), 1e-12);
  EXPECT_LT(r.xd.norm(), 1e-10);
  EXPECT_LT((r.tau.row(4).transpose() - hold).norm(), 1e-12);
  // the logged legs are the legs of the logged pose
  mp::inverse_kinematics(model, data, end.t, end.R);
  for (int i = 0; i < model.leg_count(); ++i)
    EXPECT_LT((r.q.row(4).segment(model.leg_offset[i], 3).transpose() - data.q[i]).norm(), 1e-12);
}

TEST(ParallelSimulate, PlanarPlatformKeepsItsPlaneAndRotatesAboutZ) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::planar, false);
  mp::ParallelSimulationOptions o;
  o.steps = 50;
  const PlatformMotion start = ts::sample_state(model, 2);
  const mp::ParallelSimulationResult r = mp::simulate(model, {}, start, o);
  const PlatformMotion end = r.motion(model, r.time.size() - 1);
  EXPECT_EQ(end.t.z(), start.t.z());
  EXPECT_LT(std::abs(end.R(2, 2) - 1.0), 1e-15);
  EXPECT_LT(end.R.col(2).head<2>().norm(), 1e-15);
}

TEST(ParallelSimulate, ExponentialMapHelpers) {
  const Vector3d phi(0.3, -0.2, 0.5);
  const Matrix3d R = mp::rotation_exp(phi);
  EXPECT_LT((R * R.transpose() - Matrix3d::Identity()).norm(), 1e-15);
  EXPECT_LT((R * phi - phi).norm(), 1e-15);  // the axis stays
  // J_l^-1: phi' = J_l^-1 omega for R(s) = exp(phi(s)) with dR/ds R^T = [omega]x
  const Vector3d omega(0.4, 0.1, -0.7);
  const double h = 1e-6;
  const Vector3d phid = mp::left_jacobian_inverse(phi) * omega;
  const Matrix3d W = (mp::rotation_exp(phi + h * phid) - mp::rotation_exp(phi - h * phid)) / (2 * h) * R.transpose();
  EXPECT_LT((Vector3d(W(2, 1), W(0, 2), W(1, 0)) - omega).norm(), 1e-8);
  EXPECT_LT((mp::left_jacobian_inverse(Vector3d(1e-6, 0, 0)) - Matrix3d::Identity()).norm(), 1e-6);
}

TEST(ParallelSimulate, RefusesBadOptionsAndStopsOnANonFiniteState) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, false);
  const PlatformMotion start = ts::sample_state(model, 0);
  mp::ParallelSimulationOptions o;
  o.steps = 1'000'000'000;
  EXPECT_NE(ts::message_of([&] { mp::simulate(model, {}, start, o); }).find("options.steps = 1000000000 is outside 1..1e+07"),
            std::string::npos);
  o.steps = 5'000'000;
  EXPECT_NE(ts::message_of([&] { mp::simulate(model, {}, start, o); }).find("exceed the limit of 1000000: raise log_every"),
            std::string::npos);
  o.steps = 10;
  o.step = -1;
  EXPECT_NE(ts::message_of([&] { mp::simulate(model, {}, start, o); }).find("options.step must be positive"), std::string::npos);
  o.step = 1e-3;
  o.log_every = 0;
  EXPECT_NE(ts::message_of([&] { mp::simulate(model, {}, start, o); }).find("options.log_every must be >= 1"), std::string::npos);
  o.log_every = 1;
  PlatformMotion turned = start;
  turned.R = mp::rotation_exp(Vector3d(0, 0, 0.1));
  EXPECT_NE(ts::message_of([&] { mp::simulate(model, {}, turned, o); }).find("R must be the identity"), std::string::npos);
  // forces that turn non-finite at t = 5 ms
  const auto bad = [](double t, const PlatformMotion&, VectorXd& tau) { tau.setConstant(t > 0.0045 ? std::nan("") : 0.0); };
  const std::string message = ts::message_of<std::runtime_error>([&] { mp::simulate(model, bad, start, o); });
  EXPECT_NE(message.find("simulate: the dynamics failed at step 5 (t = 0.004 s)"), std::string::npos) << message;
  EXPECT_NE(message.find("tau_a[0] is nan"), std::string::npos) << message;
  EXPECT_NE(message.find("last finite state t = ["), std::string::npos) << message;
}

TEST(ParallelSimulate, ForcesAreEvaluatedPerStageOrHeldPerStep) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, true);
  const PlatformMotion start = ts::sample_state(model, 0);
  for (const bool hold : {false, true}) {
    mp::ParallelSimulationOptions o;
    o.steps = 20;
    o.zero_order_hold = hold;
    long calls = 0;
    std::vector<double> times;
    const auto counting = [&](double t, const PlatformMotion&, VectorXd& tau) {
      ++calls;
      times.push_back(t);
      tau.setConstant(10.0 * t);
    };
    const mp::ParallelSimulationResult r = mp::simulate(model, counting, start, o);
    // once per step (and the last row), plus the four RK4 stages of each step when not held
    EXPECT_EQ(calls, hold ? 21 : 21 + 4 * 20);
    EXPECT_EQ(r.dynamics_calls, 21 + 4 * 20);
    EXPECT_DOUBLE_EQ(r.tau(20, 0), 10.0 * 0.02);
    if (hold)
      for (const double t : times) EXPECT_NEAR(std::remainder(t, o.step), 0.0, 1e-15);
  }
}
