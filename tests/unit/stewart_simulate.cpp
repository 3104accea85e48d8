// Unit tests of stewart/simulate.hpp: the state vector, rest under static forces, the
// integrators, quantised sensors, and the error paths.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/simulate.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {

// Drift at rest under the static forces (m and rad). The rest pose under constant leg forces is
// an unstable equilibrium (a disturbance grows about e-fold every 35 ms on the paper platform),
// so round-off of 1e-16 grows to ~1e-6 by t = 1 s whatever the integrator: the bound is tight
// over the first half second and loose over the second.
constexpr double kRestDriftHalf = 1e-10;  // over 0.5 s
constexpr double kRestDrift = 1e-5;       // over 1 s
constexpr double kRoundTrip = 1e-15;      // state_vector / state_from_vector
constexpr double kIntegratorsAgree = 1e-8;  // RK4 1 ms vs Dormand-Prince 1e-10, 0.2 s
constexpr double kStateDerivative = 1e-14;  // same arithmetic as forward_dynamics
constexpr double kIdRoundTrip = 1e-10;      // ID(FD(F)) = F, relative
constexpr double kQuaternionRate = 1e-9;    // central difference, h = 1e-5 (error ~h^2 |omega|^3)

ms::StewartModel platform() { return ms::dasgupta_test_platform(false); }

ms::PlatformMotion path_start() {
  ms::PlatformMotion x = ms::sample_path(ms::plan_path(ms::paper_path("I").spec), 0.0).motion();
  x.a.setZero();
  x.alpha.setZero();
  return x;
}

Vector6d static_forces(const ms::StewartModel& m, const ms::PlatformMotion& x) {
  ms::StewartData d(m);
  return ms::inverse_dynamics(ms::DynamicsModel::improved, m, d, x);
}

template <typename F>
void expect_invalid(F&& f, const std::string& part) {
  try {
    f();
    FAIL() << "no exception, expected one containing '" << part << "'";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(StewartSimulate, StateVectorRoundTrip) {
  ms::PlatformMotion x;
  x.t = Vector3d(0.1, -0.2, 0.5);
  x.R = ms::rpy_to_rotation<double>(Vector3d(0.3, -1.2, 2.9));
  x.v = Vector3d(1, 2, 3);
  x.omega = Vector3d(-0.4, 0.5, 0.6);
  const auto y = ms::state_vector(x);
  EXPECT_NEAR(y.segment<4>(3).norm(), 1.0, kRoundTrip);
  manipdyn::VectorXd yy = y;
  yy.segment<4>(3) *= 3.0;  // a non-unit quaternion is normalised
  const ms::PlatformMotion back = ms::state_from_vector(yy);
  EXPECT_LT((back.R - x.R).norm(), 1e-14);
  EXPECT_EQ(back.t, x.t);
  EXPECT_EQ(back.v, x.v);
  EXPECT_EQ(back.omega, x.omega);
  yy.segment<4>(3).setZero();
  expect_invalid([&] { ms::state_from_vector(yy); }, "zero quaternion");
  yy(0) = NAN;
  expect_invalid([&] { ms::state_from_vector(yy); }, "y[0] is not finite");
}

TEST(StewartSimulate, StateDerivativeIsForwardDynamicsAndQuaternionKinematics) {
  const ms::StewartModel m = platform();
  ms::PlatformMotion x = path_start();
  x.R = ms::rpy_to_rotation<double>(Vector3d(0.05, -0.08, 0.1)) * x.R;
  x.v = Vector3d(0.02, -0.01, 0.03);
  x.omega = Vector3d(0.3, -0.2, 0.4);
  const Vector6d F = static_forces(m, x) + Vector6d(30, -20, 10, 5, -15, 25);
  ms::ExternalWrench w;
  w.f = Vector3d(5, 0, -10);
  manipdyn::VectorXd y = ms::state_vector(x);
  y.segment<4>(3) *= 2.0;  // a non-unit quaternion: the dynamics see R(q / |q|)
  manipdyn::VectorXd yd(ms::kPlatformStateSize);
  ms::StewartData data(m);
  ms::platform_state_derivative(ms::DynamicsModel::improved, m, data, y, F, w, yd);

  // [v; ...; a; alpha]: the twist and the forward dynamics, exactly
  ms::StewartData fd(m);
  const Vector6d xdd = ms::forward_dynamics(ms::DynamicsModel::improved, m, fd, x, F, w);
  EXPECT_LT((yd.segment<3>(0) - x.v).norm(), kStateDerivative);
  EXPECT_LT((yd.segment<6>(7) - xdd).norm(), kStateDerivative * (1 + xdd.norm()));
  // ... which the inverse dynamics maps back onto F
  ms::PlatformMotion with_acc = x;
  with_acc.a = yd.segment<3>(7);
  with_acc.alpha = yd.segment<3>(10);
  EXPECT_LT((ms::inverse_dynamics(ms::DynamicsModel::improved, m, fd, with_acc, w) - F).norm(),
            kIdRoundTrip * F.norm());

  // quaternion rate: the central difference of q(h) = exp(omega h / 2) (x) q (the exact flow
  // of dR/dt = [omega]x R for constant omega, base frame on the left)
  const Eigen::Quaterniond q0(y[3], y[4], y[5], y[6]);
  const auto flow = [&](double h) {
    const Eigen::Quaterniond e(Eigen::AngleAxisd(x.omega.norm() * h, x.omega.normalized()));
    return Eigen::Quaterniond(e * q0).coeffs();  // (x, y, z, w)
  };
  const double h = 1e-5;
  const Eigen::Vector4d rate = (flow(h) - flow(-h)) / (2 * h);  // (x, y, z, w)
  EXPECT_NEAR(yd(3), rate(3), kQuaternionRate);
  EXPECT_NEAR(yd(4), rate(0), kQuaternionRate);
  EXPECT_NEAR(yd(5), rate(1), kQuaternionRate);
  EXPECT_NEAR(yd(6), rate(2), kQuaternionRate);
  EXPECT_NEAR(yd.segment<4>(3).dot(y.segment<4>(3)), 0.0, kStateDerivative);  // |q| constant

  // sizes
  manipdyn::VectorXd short_yd(12);
  expect_invalid(
      [&] { ms::platform_state_derivative(ms::DynamicsModel::improved, m, data, y, F, w, short_yd); },
      "platform_state_derivative: yd has size 12, expected 13");
  const manipdyn::VectorXd short_y = y.head(12);
  expect_invalid(
      [&] { ms::platform_state_derivative(ms::DynamicsModel::improved, m, data, short_y, F, w, yd); },
      "y has size 12, expected 13");
}

TEST(StewartSimulate, RotationLogInvertsExp) {
  const Vector3d w(0.3, -0.7, 1.1);
  const Matrix3d R = Eigen::AngleAxisd(w.norm(), w.normalized()).toRotationMatrix();
  EXPECT_LT((ms::rotation_log(R) - w).norm(), 1e-14);
  EXPECT_LT(ms::rotation_log(Matrix3d::Identity()).norm(), 1e-300);
}

TEST(StewartSimulate, StaysAtRestUnderStaticForces) {
  const ms::StewartModel m = platform();
  const ms::PlatformMotion x0 = path_start();
  ms::ConstantForces c(static_forces(m, x0));
  ms::PlatformSimulationOptions o;
  o.duration = 1.0;
  for (auto integrator : {manipdyn::IntegratorType::rk4, manipdyn::IntegratorType::dormand_prince}) {
    o.integrator = integrator;
    const auto r = ms::simulate(m, &c, x0, o);
    ASSERT_EQ(r.time.size(), 1001);
    double drift = 0, drift_half = 0;
    for (Eigen::Index k = 0; k < r.time.size(); ++k) {
      const ms::PlatformMotion x = r.motion(k);
      drift = std::max({drift, (x.t - x0.t).norm(), ms::rotation_log(x.R * x0.R.transpose()).norm()});
      if (r.time[k] <= 0.5) drift_half = drift;
    }
    EXPECT_LT(drift_half, kRestDriftHalf) << manipdyn::to_string(integrator);
    EXPECT_LT(drift, kRestDrift) << manipdyn::to_string(integrator);
  }
}

TEST(StewartSimulate, Rk4AndDormandPrinceAgree) {
  const ms::StewartModel m = platform();
  ms::PlatformMotion x0 = path_start();
  const Vector6d F = static_forces(m, x0) + Vector6d(20, -10, 5, 0, -15, 10);
  x0.omega = Vector3d(0.2, 0.1, -0.3);
  ms::ConstantForces c(F);
  ms::PlatformSimulationOptions o;
  o.duration = 0.2;
  o.control_period = 0.01;
  const auto a = ms::simulate(m, &c, x0, o);
  o.integrator = manipdyn::IntegratorType::dormand_prince;
  o.adaptive.atol = 1e-12;
  o.adaptive.rtol = 1e-10;
  const auto b = ms::simulate(m, &c, x0, o);
  EXPECT_LT((a.t - b.t).cwiseAbs().maxCoeff(), kIntegratorsAgree);
  EXPECT_LT((a.quaternion - b.quaternion).cwiseAbs().maxCoeff(), kIntegratorsAgree);
  EXPECT_GT((a.t.row(a.t.rows() - 1) - a.t.row(0)).norm(), 1e-3);  // it moved
  EXPECT_EQ(a.dynamics_calls, 4 * a.plant_steps);
  EXPECT_GT(b.plant_steps, 0);
}

TEST(StewartSimulate, QuantisedSensorsReportMultiplesOfTheResolution) {
  const ms::StewartModel m = platform();
  const ms::PlatformMotion x0 = path_start();
  ms::ConstantForces c(static_forces(m, x0));
  ms::PlatformSimulationOptions o;
  o.duration = 0.01;
  o.length_bits = 10;
  o.length_range = 2.0;
  const auto r = ms::simulate(m, &c, x0, o);
  const double lsb = 2.0 / 1024;
  for (int i = 0; i < 6; ++i) {
    const double q = r.L_measured(0, i) / lsb;
    EXPECT_NEAR(q, std::round(q), 1e-9);
    EXPECT_LE(std::abs(r.L_measured(0, i) - r.L(0, i)), 0.5 * lsb + 1e-15);
  }
}

TEST(StewartSimulate, WritesCsv) {
  const ms::StewartModel m = platform();
  const ms::PlatformMotion x0 = path_start();
  ms::ConstantForces c(static_forces(m, x0));
  ms::PlatformSimulationOptions o;
  o.duration = 0.002;
  std::ostringstream os;
  ms::write_platform_simulation_csv(os, ms::simulate(m, &c, x0, o));
  const std::string s = os.str();
  EXPECT_EQ(s.rfind("time,tx,ty,tz,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz,L1", 0), 0u);
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 4);
}

TEST(StewartSimulate, RejectsBadInput) {
  const ms::StewartModel m = platform();
  const ms::PlatformMotion x0 = path_start();
  ms::PlatformSimulationOptions o;
  o.duration = 0;
  expect_invalid([&] { ms::simulate(m, nullptr, x0, o); }, "options.duration must be finite and > 0");
  o = {};
  o.step = 0.01;
  expect_invalid([&] { ms::simulate(m, nullptr, x0, o); }, "is longer than options.control_period");
  o = {};
  o.length_bits = 60;
  expect_invalid([&] { ms::simulate(m, nullptr, x0, o); }, "options.length_bits must be in 0..52");
  o = {};
  o.twist_cutoff = NAN;
  expect_invalid([&] { ms::simulate(m, nullptr, x0, o); }, "options.twist_cutoff must be finite and >= 0 Hz");
  o = {};
  o.duration = 1e4;
  o.control_period = 1e-3;
  expect_invalid([&] { ms::simulate(m, nullptr, x0, o); }, "too much work");
  o = {};
  ms::PlatformMotion bad = x0;
  bad.R(0, 0) = 2;
  expect_invalid([&] { ms::simulate(m, nullptr, bad, o); }, "simulate");
  bad = x0;
  bad.v(1) = NAN;
  expect_invalid([&] { ms::simulate(m, nullptr, bad, o); }, "motion.v[1] is nan");
}

TEST(StewartSimulate, NonFiniteStateNamesStepAndTime) {
  // no leg forces: the platform falls; after the legs pass a singular configuration the run
  // stops with an error naming the step and the state
  const ms::StewartModel m = platform();
  ms::PlatformSimulationOptions o;
  o.duration = 5.0;
  o.control_period = 0.01;
  try {
    ms::simulate(m, nullptr, path_start(), o);
    FAIL() << "expected the fall to fail";
  } catch (const std::runtime_error& e) {
    const std::string s = e.what();
    EXPECT_NE(s.find("simulate: step "), std::string::npos) << s;
    EXPECT_NE(s.find("last finite state"), std::string::npos) << s;
  }
}
