// Unit tests of the linearised discrete step (manipdyn/simulation/linearized_step.hpp): the
// step equals RungeKutta4's, and A, B equal central differences of that step, on a damped
// pendulum with two inputs; Euler likewise; the sub-step count.
#include "manipdyn/simulation/linearized_step.hpp"

#include <cmath>
#include <utility>

#include <gtest/gtest.h>

#include "manipdyn/core/integrators.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "support/error_message.hpp"
#include "support/free_flyer.hpp"

namespace manipdyn {
namespace {

// theta'' = -9.81 sin(theta) - 0.3 theta' + u0 + u1 cos(theta): y = [theta, theta'].
void pendulum(const VectorXd& y, const VectorXd& u, VectorXd& ydot, MatrixXd& F, MatrixXd& G) {
  ydot.resize(2);
  ydot << y[1], -9.81 * std::sin(y[0]) - 0.3 * y[1] + u[0] + u[1] * std::cos(y[0]);
  F << 0, 1, -9.81 * std::cos(y[0]) - u[1] * std::sin(y[0]), -0.3;
  G << 0, 0, 1, std::cos(y[0]);
}

// The step as the simulation takes it (integrators.hpp), for the differences.
VectorXd simulated_step(const VectorXd& y0, const VectorXd& u, double period, int substeps,
                        StepMethod method) {
  MatrixXd F(2, 2), G(2, 2);
  const auto f = [&](double, const VectorXd& y, VectorXd& ydot) { pendulum(y, u, ydot, F, G); };
  VectorXd y = y0;
  if (method == StepMethod::rk4) {
    RungeKutta4 rk(2);
    rk.integrate(f, 0.0, y, period, period / substeps);
  } else {
    VectorXd ydot(2);
    for (int s = 0; s < substeps; ++s) {
      f(0.0, y, ydot);
      y += (period / substeps) * ydot;
    }
  }
  return y;
}

TEST(SimulationLinearizedStep, JacobiansEqualCentralDifferencesOfTheStep) {
  const VectorXd y = (VectorXd(2) << 0.7, -1.3).finished(), u = (VectorXd(2) << 2.0, -0.5).finished();
  for (const StepMethod m : {StepMethod::rk4, StepMethod::euler})
    for (const int substeps : {1, 10}) {
      LinearizedStepData d(2, 2);
      linearize_step(pendulum, y, u, 0.05, substeps, m, d);
      EXPECT_LT((d.y_next - simulated_step(y, u, 0.05, substeps, m)).cwiseAbs().maxCoeff(),
                1e-14);
      const double e = 1e-6;
      for (int j = 0; j < 2; ++j) {
        const VectorXd dy = VectorXd::Unit(2, j) * e;
        const VectorXd col = (simulated_step(y + dy, u, 0.05, substeps, m) -
                              simulated_step(y - dy, u, 0.05, substeps, m)) / (2 * e);
        EXPECT_LT((d.A.col(j) - col).cwiseAbs().maxCoeff(), 1e-8) << to_string(m) << " " << j;
        const VectorXd ucol = (simulated_step(y, u + dy, 0.05, substeps, m) -
                               simulated_step(y, u - dy, 0.05, substeps, m)) / (2 * e);
        EXPECT_LT((d.B.col(j) - ucol).cwiseAbs().maxCoeff(), 1e-8) << to_string(m) << " " << j;
      }
    }
}

TEST(SimulationLinearizedStep, BadPeriodOrSubstepsAreRefused) {
  LinearizedStepData d(2, 2);
  const VectorXd y = VectorXd::Zero(2), u = VectorXd::Zero(2);
  for (const auto& [period, substeps] : {std::pair{0.0, 1}, std::pair{0.01, 0}})
    EXPECT_EQ(test_support::message_of<std::exception>(
                  [&, period = period, substeps = substeps] {  // clang 14: no binding capture
                    linearize_step(pendulum, y, u, period, substeps, StepMethod::rk4, d);
                  }),
              "linearize_step: the period must be positive and finite and substeps >= 1");
}

// A fixed-root tree is a plant like a chain (x = [q; qd]); a free-flyer is refused by name.
TEST(SimulationLinearizedStep, TakesAFixedTreeRefusesAFreeFlyer) {
  const SerialModel tree = random_tree(5, 3, {.branching = 0.6});
  const int n = tree.dof();
  DerivativesData dd(tree);
  LinearizedStepData d(2 * n, n);
  linearized_step(tree, dd, VectorXd::Constant(2 * n, 0.1), VectorXd::Zero(n), 0.01, 2,
                  StepMethod::rk4, d);
  EXPECT_TRUE(d.A.allFinite());
  const SerialModel floating = test_support::on_free_flyer(tree);
  DerivativesData fd(floating);
  EXPECT_EQ(test_support::message_of([&] {
              linearized_step(floating, fd, VectorXd::Zero(2 * n), VectorXd::Zero(n), 0.01, 2,
                              StepMethod::rk4, d);
            }),
            "linearized_step: model '" + floating.name +
                "' has a free-flyer root; linearized_step takes fixed-root models (chains and "
                "trees: x = [q; qd] adds on a vector space)");
}

TEST(SimulationLinearizedStep, StepCountAsTheIntegrator) {
  EXPECT_EQ(step_count(0.01, 0.001), 10);
  EXPECT_EQ(step_count(0.01, 0.003), 4);
  EXPECT_EQ(step_count(0.01, 0.02), 1);
  EXPECT_EQ(test_support::message_of<std::exception>([] { step_count(0.01, 0.0); }),
            "step_count: the period 0.01 s and the step 0 s must be positive and finite");
  EXPECT_EQ(test_support::message_of<std::exception>([] { step_count(1.0, 1e-8); }),
            "step_count: the period 1 s and the step 1e-08 s make more than 1e7 steps");
}

}  // namespace
}  // namespace manipdyn
