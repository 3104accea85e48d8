// Unit tests of optimal control on an arm (manipdyn/control/arm_optimal_control.hpp and the
// arm's linearized_step): the linearised step against central differences of the plant's own
// step and against `simulate`; the minimum-effort motion of the PUMA 560 under torque limits;
// the LQR that holds it at a pose, in closed loop with `simulate`.
#include "manipdyn/control/arm_optimal_control.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "manipdyn/control/studies.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/simulation/simulate.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// The PUMA 560 with its motor inertias and viscous friction (Coulomb friction off: it has no
// derivative at rest, where these motions start and end).
SerialModel puma() { return with_friction(puma560(true), true, false); }

TEST(ArmOptimalControl, LinearizedStepEqualsCentralDifferencesOfThePlantStep) {
  const SerialModel arm = puma();
  const DiscreteDynamics f = arm_discrete_dynamics(arm, 0.02, 4);
  VectorXd x(12), u(6);
  x << 0.3, -0.4, 1.1, 0.2, -0.5, 0.7, 0.5, -0.3, 0.8, -1.0, 0.6, 0.4;
  u << 5, -20, 10, 1, -2, 0.5;
  VectorXd next(12), plus(12), minus(12);
  MatrixXd A, B;
  f.linearize(x, u, next, A, B);
  f.step(x, u, plus);
  EXPECT_LT((next - plus).cwiseAbs().maxCoeff(), 1e-12);
  const double h = 1e-6;
  for (int j = 0; j < 12; ++j) {
    f.step(x + h * VectorXd::Unit(12, j), u, plus);
    f.step(x - h * VectorXd::Unit(12, j), u, minus);
    EXPECT_LT((A.col(j) - (plus - minus) / (2 * h)).cwiseAbs().maxCoeff(),
              1e-6 * (1 + A.col(j).cwiseAbs().maxCoeff()))
        << "column " << j;
  }
  for (int j = 0; j < 6; ++j) {
    f.step(x, u + h * VectorXd::Unit(6, j), plus);
    f.step(x, u - h * VectorXd::Unit(6, j), minus);
    EXPECT_LT((B.col(j) - (plus - minus) / (2 * h)).cwiseAbs().maxCoeff(),
              1e-6 * (1 + B.col(j).cwiseAbs().maxCoeff()))
        << "column " << j;
  }
}

TEST(ArmOptimalControl, StepIsTheSimulatedPlant) {
  // simulate() with no controller (tau = 0) over one period of 4 RK4 steps.
  const SerialModel arm = puma();
  VectorXd q0(6), qd0(6);
  q0 << 0.3, -0.4, 1.1, 0.2, -0.5, 0.7;
  qd0 << 0.5, -0.3, 0.8, -1.0, 0.6, 0.4;
  SimulationOptions so;
  so.duration = 0.02;
  so.control_period = 0.02;
  so.step = 0.005;
  const SimulationResult sim = simulate(arm, nullptr, q0, qd0, so);
  VectorXd x(12), next(12);
  x << q0, qd0;
  arm_discrete_dynamics(arm, 0.02, 4).step(x, VectorXd::Zero(6), next);
  EXPECT_LT((next.head(6) - sim.q.row(1).transpose()).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((next.tail(6) - sim.qd.row(1).transpose()).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(ArmOptimalControl, MinimumEffortMotionOfThePumaUnderItsLimits) {
  const SerialModel arm = puma();
  MinimumEffortProblem p;
  p.q_start = lee1982_start_pose();
  p.q_goal = lee1982_goal_pose();
  p.duration = 1.0;
  p.tau_max = (VectorXd(6) << 14, 50, 18, 1, 1, 1.5).finished();  // below the quintic's peaks
  const MinimumEffortMotion m = plan_minimum_effort_motion(arm, p);
  EXPECT_TRUE(m.solution.converged);
  EXPECT_LT(m.final_position_error, 1e-3);
  EXPECT_LT(m.final_velocity_error, 1e-2);
  for (int j = 0; j < 6; ++j) EXPECT_LE(m.tau.col(j).cwiseAbs().maxCoeff(), p.tau_max[j]);
  // The first guess (a quintic's feed-forward, clamped) meets a limit; so does the plan.
  EXPECT_TRUE(((m.tau_initial.cwiseAbs().colwise().maxCoeff().transpose() - p.tau_max).array() >= 0).any());
  bool touches = false;
  for (int j = 0; j < 6; ++j) touches |= m.tau.col(j).cwiseAbs().maxCoeff() >= p.tau_max[j] - 1e-9;
  EXPECT_TRUE(touches);
  for (std::size_t i = 1; i < m.solution.cost.size(); ++i)
    EXPECT_LT(m.solution.cost[i], m.solution.cost[i - 1]);
  EXPECT_EQ(m.q.rows(), 51);  // 50 periods of 0.02 s
}

TEST(ArmOptimalControl, LqrHoldsThePumaAtAPose) {
  const SerialModel arm = puma();
  VectorXd q(6);
  q << 0.0, 0.785398, 3.14159, 0.0, 0.785398, 0.0;  // Corke's qn
  MatrixXd Q = MatrixXd::Identity(12, 12);
  Q.diagonal().head(6).setConstant(100.0);
  const MatrixXd R = 1e-3 * MatrixXd::Identity(6, 6);
  const PoseRegulator r = lqr_pose_regulator(arm, q, 0.01, 2, Q, R);
  EXPECT_LT(r.lqr.spectral_radius, 1.0);
  // Closed loop with simulate() from 0.05 rad off on every joint: back within 1e-4 rad in 3 s.
  const SimulationResult sim = simulate_pose_regulator(
      arm, r, q + VectorXd::Constant(6, 0.05), VectorXd::Zero(6), 3.0, 0.005);
  EXPECT_LT((sim.q.bottomRows(1).transpose() - q).cwiseAbs().maxCoeff(), 1e-4);
  // A small perturbation follows the linear prediction (A - B K)^k dx, through the controller
  // built by hand.
  const VectorXd dx0 = 1e-5 * VectorXd::Ones(12);
  StateFeedbackController c(r.x, r.tau, r.lqr.K);
  SimulationOptions small;
  small.duration = 0.2;
  small.control_period = 0.01;
  small.step = 0.005;
  const SimulationResult lin = simulate(arm, &c, q + dx0.head(6), dx0.tail(6), small);
  const MatrixXd closed = r.A - r.B * r.lqr.K;
  VectorXd dx = dx0;
  for (int k = 1; k <= 20; ++k) {
    dx = closed * dx;
    EXPECT_LT((lin.q.row(k).transpose() - q - dx.head(6)).cwiseAbs().maxCoeff(),
              1e-3 * dx0.cwiseAbs().maxCoeff())
        << "step " << k;
  }
}

TEST(ArmOptimalControl, ErrorsNameTheArgument) {
  const SerialModel arm = puma();
  MinimumEffortProblem p;
  p.q_start = VectorXd::Zero(5);
  p.q_goal = VectorXd::Zero(6);
  EXPECT_EQ(message_of<std::exception>([&] { plan_minimum_effort_motion(arm, p); }),
            "plan_minimum_effort_motion: q_start has size 5, expected 6");
  p.q_start = VectorXd::Zero(6);
  p.tau_max = VectorXd::Constant(6, 10.0);
  p.tau_max[2] = 0;
  EXPECT_EQ(message_of<std::exception>([&] { plan_minimum_effort_motion(arm, p); }),
            "plan_minimum_effort_motion: tau_max[2] is not positive");
  DerivativesData dd(arm);
  LinearizedStepData step(12, 6);
  EXPECT_EQ(message_of<std::exception>([&] {
              linearized_step(arm, dd, VectorXd::Zero(10), VectorXd::Zero(6), 0.01, 1,
                              StepMethod::rk4, step);
            }),
            "linearized_step: x has size 10, expected 12");
  EXPECT_EQ(message_of<std::exception>([&] {
              linearized_step(arm, dd, VectorXd::Zero(12), VectorXd::Zero(6), 0.0, 1,
                              StepMethod::rk4, step);
            }),
            "linearized_step: the period must be positive and finite and substeps >= 1");
  EXPECT_EQ(message_of<std::exception>([&] {
              lqr_pose_regulator(arm, VectorXd::Zero(4), 0.01, 1, MatrixXd::Identity(12, 12),
                                 MatrixXd::Identity(6, 6));
            }),
            "lqr_pose_regulator: q has size 4, expected 6");
  EXPECT_EQ(message_of<std::exception>(
                [&] { StateFeedbackController(VectorXd::Zero(12), VectorXd::Zero(6), MatrixXd::Zero(6, 11)); }),
            "StateFeedbackController: x0 (12), tau0 (6) and K (6 x 11) do not match: expected "
            "2n, n and n x 2n");
}

}  // namespace
}  // namespace manipdyn
