// Derivatives of the general parallel engine's dynamics (parallel/derivatives.hpp) against central
// differences, and the forward dynamics' derivatives against the inverse's.
#include <gtest/gtest.h>

#include "manipdyn/parallel/derivatives.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/simulate.hpp"
#include "support/error_message.hpp"
#include "support/parallel_robots.hpp"

namespace mp = manipdyn::parallel;
namespace ts = manipdyn::test_support;
using manipdyn::PlatformMotion;
using manipdyn::Vector3d;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// step of the five-point central differences (error O(h^4)): the legs close by Newton to 1e-13 m
// and tau moves by ~1e4 N per m of pose, so the differences carry ~1e-9 N / h of noise
constexpr double kStep = 1e-3;
constexpr double kCentralDifference = 1e-6;  // relative agreement with central differences
constexpr double kIdentity = 1e-9;        // relative, identities between the two derivatives

// `motion` moved by s along column k of E for the variable (derivatives.hpp's file comment)
PlatformMotion moved(const mp::ParallelModel& model, PlatformMotion x, mp::DerivativeVariable v, int k, double s) {
  const Vector3d ev = model.E.col(k).head<3>(), ew = model.E.col(k).tail<3>();
  switch (v) {
    case mp::DerivativeVariable::x:
      x.t += s * ev;
      x.R = mp::rotation_exp(s * ew) * x.R;
      break;
    case mp::DerivativeVariable::xd:
      x.v += s * ev;
      x.omega += s * ew;
      break;
    case mp::DerivativeVariable::xdd:
      x.a += s * ev;
      x.alpha += s * ew;
      break;
  }
  return x;
}

PlatformMotion accelerating_state(const mp::ParallelModel& model) {
  PlatformMotion x = ts::sample_state(model, 1);
  VectorXd xdd(model.platform_dof());
  for (int j = 0; j < xdd.size(); ++j) xdd(j) = 0.4 * std::cos(0.9 * j) + 0.1;
  return mp::with_acceleration(model, x, xdd);
}

// the five-point central difference (f(-2h) - 8 f(-h) + 8 f(h) - f(2h)) / (12 h) of f(s) (a vector)
template <typename F>
VectorXd central_difference(F&& f, double h) {
  const VectorXd m2 = f(-2 * h), m1 = f(-h), p1 = f(h), p2 = f(2 * h);
  return (m2 - 8 * m1 + 8 * p1 - p2) / (12 * h);
}

}  // namespace

TEST(ParallelDerivatives, InverseDynamicsDerivativesEqualCentralDifferences) {
  for (const mp::ParallelModel& model : ts::parallel_robots()) {
    mp::ParallelDerivativesData d(model);
    mp::ParallelData data(model);
    const PlatformMotion x = accelerating_state(model);
    mp::inverse_dynamics_derivatives(model, d, x, ts::test_wrench());
    EXPECT_LT((d.tau - mp::inverse_dynamics(model, data, x, ts::test_wrench())).norm(), 1e-12 * d.tau.norm());
    for (const auto v : {mp::DerivativeVariable::x, mp::DerivativeVariable::xd, mp::DerivativeVariable::xdd}) {
      const MatrixXd& D = v == mp::DerivativeVariable::x ? d.dtau_dx : v == mp::DerivativeVariable::xd ? d.dtau_dxd : d.dtau_dxdd;
      MatrixXd fd(D.rows(), D.cols());
      for (int k = 0; k < model.platform_dof(); ++k) {
        fd.col(k) = central_difference(
            [&](double s) { return VectorXd(mp::inverse_dynamics(model, data, moved(model, x, v, k, s), ts::test_wrench())); }, kStep);
      }
      EXPECT_LT((D - fd).norm(), kCentralDifference * (1.0 + D.norm())) << model.name << " variable " << static_cast<int>(v);
    }
    // dtau/dxdd = A^-T Lambda
    const MatrixXd Lambda = mp::task_space_inertia(model, data, x);
    mp::inverse_dynamics(model, data, x, ts::test_wrench());
    EXPECT_LT((data.A.transpose() * d.dtau_dxdd - Lambda).norm(), kIdentity * Lambda.norm()) << model.name;
  }
}

TEST(ParallelDerivatives, ForwardDynamicsDerivativesEqualCentralDifferencesAndTheInverses) {
  for (const mp::ParallelModel& model : ts::parallel_robots()) {
    mp::ParallelDerivativesData d(model);
    mp::ParallelData data(model);
    const PlatformMotion x = accelerating_state(model);
    const VectorXd tau = mp::inverse_dynamics(model, data, x, ts::test_wrench());
    PlatformMotion state = x;
    state.a.setZero();
    state.alpha.setZero();
    mp::forward_dynamics_derivatives(model, d, state, tau, ts::test_wrench());
    for (const auto v : {mp::DerivativeVariable::x, mp::DerivativeVariable::xd}) {
      const MatrixXd& D = v == mp::DerivativeVariable::x ? d.dxdd_dx : d.dxdd_dxd;
      MatrixXd fd(D.rows(), D.cols());
      for (int k = 0; k < model.platform_dof(); ++k) {
        fd.col(k) = central_difference(
            [&](double s) { return VectorXd(mp::forward_dynamics(model, data, moved(model, state, v, k, s), tau, ts::test_wrench())); },
            kStep);
      }
      EXPECT_LT((D - fd).norm(), kCentralDifference * (1.0 + D.norm())) << model.name << " variable " << static_cast<int>(v);
    }
    MatrixXd fd_tau(d.dxdd_dtau.rows(), d.dxdd_dtau.cols());
    for (int j = 0; j < tau.size(); ++j) {
      fd_tau.col(j) = central_difference(
          [&](double s) {
            VectorXd moved_tau = tau;
            moved_tau(j) += s;
            return VectorXd(mp::forward_dynamics(model, data, state, moved_tau, ts::test_wrench()));
          },
          1.0);
    }
    EXPECT_LT((d.dxdd_dtau - fd_tau).norm(), kCentralDifference * (1.0 + d.dxdd_dtau.norm())) << model.name;
    // the implicit function: dxdd/d(x, xd) = -(dtau/dxdd)^-1 dtau/d(x, xd), dxdd/dtau = (dtau/dxdd)^-1
    mp::inverse_dynamics_derivatives(model, d, x, ts::test_wrench());
    const MatrixXd inv = d.dtau_dxdd.inverse();
    EXPECT_LT((d.dxdd_dx + inv * d.dtau_dx).norm(), kIdentity * (1.0 + d.dxdd_dx.norm())) << model.name;
    EXPECT_LT((d.dxdd_dxd + inv * d.dtau_dxd).norm(), kIdentity * (1.0 + d.dxdd_dxd.norm())) << model.name;
    EXPECT_LT((d.dxdd_dtau - inv).norm(), kIdentity * (1.0 + inv.norm())) << model.name;
  }
}

TEST(ParallelDerivatives, SeededMotionRejectsABadColumn) {
  const mp::ParallelModel model = ts::three_leg_robot(mp::Mobility::translation, false);
  EXPECT_NE(ts::message_of([&] { mp::seeded_motion(model, PlatformMotion{}, mp::DerivativeVariable::x, 3); })
                .find("seeded_motion: k = 3 is outside 0..2"),
            std::string::npos);
}
