// The computed-torque law of Lee et al. (~1982) eq. 4.1:
//  - the Newton-Euler form (eq. 4.4 substituted into the recursion) and the Lagrange-Euler form
//    (D, H, G in closed form) give the same torques to 1e-10, on PUMA 560 (with drive terms)
//    and on random arms;
//  - with a perfect model and a continuous controller, the closed-loop error obeys
//    e'' + Kv e' + Kp e = 0 (eq. 4.3): compared with the analytic solution;
//  - the baselines: PD + gravity holds a static pose exactly (tau = G at zero error).
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "manipdyn/control/computed_torque.hpp"
#include "manipdyn/control/controller.hpp"
#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn {
namespace {

constexpr double kLawAgreementTol = 1e-10;  // |tau_NE - tau_LE| relative to max(1, |tau|)
constexpr double kClosedLoopTol = 1e-8;     // rad, |e_simulated - e_analytic| (RK4, 1 ms)

VectorXd random_vector(std::mt19937_64& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

void expect_laws_agree(const SerialModel& model, std::uint64_t seed) {
  const int n = model.dof();
  std::mt19937_64 rng(seed);
  const VectorXd q = random_vector(rng, n, 2), qd = random_vector(rng, n, 1.5);
  const VectorXd q_d = random_vector(rng, n, 2), qd_d = random_vector(rng, n, 1.5);
  const VectorXd qdd_d = random_vector(rng, n, 4);
  const VectorXd kp = VectorXd::Constant(n, 100.0), kv = VectorXd::Constant(n, 20.0);
  ControlData a(model), b(model);
  const VectorXd ne = computed_torque<double>(model, a, q, qd, q_d, qd_d, qdd_d, kp, kv,
                                              model.gravity);
  const VectorXd le = computed_torque_lagrange_euler<double>(model, b, q, qd, q_d, qd_d, qdd_d,
                                                             kp, kv, model.gravity);
  const double scale = std::max(1.0, ne.cwiseAbs().maxCoeff());
  EXPECT_LT((ne - le).cwiseAbs().maxCoeff(), kLawAgreementTol * scale)
      << model.name << "\nNE " << ne.transpose() << "\nLE " << le.transpose();
  // And both equal M qdd_ref + b (the mass matrix and bias of the serial core).
  SerialData s(model);
  const MatrixXd M = mass_matrix<double>(model, s, q);
  const VectorXd qdd_ref = qdd_d + kv.cwiseProduct(qd_d - qd) + kp.cwiseProduct(q_d - q);
  const VectorXd bias = bias_torques<double>(model, s, q, qd, model.gravity);
  EXPECT_LT((M * qdd_ref + bias - ne).cwiseAbs().maxCoeff(), kLawAgreementTol * scale);
}

TEST(ComputedTorque, NewtonEulerEqualsLagrangeEulerOnPuma) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    expect_laws_agree(puma560(true), seed);
    expect_laws_agree(puma560(false), seed);
  }
}

TEST(ComputedTorque, NewtonEulerEqualsLagrangeEulerOnRandomArms) {
  for (int n : {1, 2, 3, 7}) {
    RandomArmOptions opt;
    opt.with_drive = n % 2 == 1;
    expect_laws_agree(random_arm(n, 40 + n, DhConvention::standard, opt), n);
    expect_laws_agree(random_arm(n, 50 + n, DhConvention::modified, opt), n + 100);
  }
}

// Perfect model, continuous control: e(t) = (e0 + (ed0 + w e0) t) exp(-w t) for Kp = w^2,
// Kv = 2 w (critical damping, the paper's Kp = 100, Kv = 20 gives w = 10 rad/s).
TEST(ComputedTorque, PerfectModelErrorFollowsSecondOrderEquation) {
  const SerialModel model = puma560(true);
  const VectorXd qa = (VectorXd(6) << 90, 0, 90, 0, 0, 0).finished() * M_PI / 180;
  const VectorXd qb = (VectorXd(6) << 45, 30, 0, 45, 60, 90).finished() * M_PI / 180;
  const auto traj = JointTrajectory::quintic({qa, qb}, {1.0});
  TrackingController ctl(model, traj, ControlLaw::computed_torque, VectorXd::Constant(6, 100.0),
                         VectorXd::Constant(6, 20.0));
  const VectorXd e0 = (VectorXd(6) << 0.01, -0.02, 0.015, 0.03, -0.01, 0.02).finished();
  const VectorXd ed0 = (VectorXd(6) << 0.1, 0.0, -0.05, 0.2, 0.1, -0.1).finished();
  SimulationOptions o;
  o.duration = 1.5;
  o.control_period = 0.0;  // continuous
  o.log_period = 0.01;
  o.step = 1e-3;
  // The initial state is the desired state minus the error (e = q_d - q).
  const SimulationResult r = simulate(model, &ctl, qa - e0, -ed0, o);
  const MatrixXd e = r.error();
  double worst = 0.0, largest = 0.0;
  const double w = 10.0;
  for (Eigen::Index k = 0; k < r.t.size(); ++k) {
    const double t = r.t[k];
    for (int i = 0; i < 6; ++i) {
      const double analytic = (e0[i] + (ed0[i] + w * e0[i]) * t) * std::exp(-w * t);
      worst = std::max(worst, std::abs(e(k, i) - analytic));
      largest = std::max(largest, std::abs(analytic));
    }
  }
  EXPECT_GT(largest, 0.01);
  EXPECT_LT(worst, kClosedLoopTol) << "largest deviation from the analytic error " << worst;
  // The Lagrange-Euler form drives the same closed loop.
  TrackingController le(model, traj, ControlLaw::computed_torque_lagrange_euler,
                        VectorXd::Constant(6, 100.0), VectorXd::Constant(6, 20.0));
  const SimulationResult r2 = simulate(model, &le, qa - e0, -ed0, o);
  EXPECT_LT((r2.q - r.q).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(Baselines, PdGravityHoldsAPoseAndPdSags) {
  // Gains in torque units, scaled by the diagonal of M(q0) so that each joint alone has the
  // bandwidth of Kp = 100, Kv = 20 sampled at 0.01 s. The rigid-body PUMA: with the drive terms
  // the plant's Coulomb friction (Corke's, sign(qd) Tc) switches fully on at any qd != 0, so the
  // round-off of G against the plant's own bias (qdd ~ 1e-16) would start a friction limit cycle
  // of ~1e-3 rad that says nothing about gravity compensation.
  const SerialModel model = puma560(false);
  const VectorXd q0 = (VectorXd(6) << 0.2, -0.5, 0.8, 0.1, 0.4, 0.0).finished();
  const auto hold = JointTrajectory::quintic({q0, q0}, {1.0});
  SerialData s(model);
  const VectorXd m = mass_matrix<double>(model, s, q0).diagonal();
  const VectorXd kp = 100.0 * m, kv = 20.0 * m;
  SimulationOptions o;
  o.duration = 1.0;
  TrackingController pdg(model, hold, ControlLaw::pd_gravity, kp, kv);
  const SimulationResult a = simulate(model, &pdg, q0, VectorXd::Zero(6), o);
  EXPECT_LT(a.max_abs_error().maxCoeff(), 1e-9);
  TrackingController pd(model, hold, ControlLaw::pd, kp, kv);
  const SimulationResult b = simulate(model, &pd, q0, VectorXd::Zero(6), o);
  EXPECT_GT(b.max_abs_error().maxCoeff(), 1e-2);  // gravity pulls the arm off the pose
}

TEST(ComputedTorque, BadInputs) {
  const SerialModel model = puma560(false);
  ControlData data(model);
  const VectorXd z = VectorXd::Zero(6);
  try {
    computed_torque<double>(model, data, z, z, z, z, z, VectorXd::Zero(5), z, model.gravity);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "computed_torque: kp has size 5, expected 6");
  }
  const auto traj = JointTrajectory::quintic({z, z}, {1.0});
  EXPECT_THROW(TrackingController(model, traj, ControlLaw::pd, -z.array() - 1, z),
               std::invalid_argument);
  EXPECT_THROW(control_law_from_string("lqr"), std::invalid_argument);
}

}  // namespace
}  // namespace manipdyn
