// The hot paths allocate nothing per call: forward dynamics (both methods), one computed-torque
// control step, one RK4 step of the arm. Counted with
// tests/support/allocation_counter.hpp (operator new and the C allocation functions).
#include <gtest/gtest.h>

#include "manipdyn/control/computed_torque.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/core/integrators.hpp"
#include "support/allocation_counter.hpp"

using manipdyn::test_support::allocations_of;

namespace manipdyn {
namespace {

TEST(NoAllocation, ForwardDynamicsControlStepAndRk4) {
  for (const SerialModel& model : {puma560(true), random_arm(12, 5, DhConvention::modified)}) {
    const int n = model.dof();
    const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 1, -1);
    const VectorXd tau = VectorXd::LinSpaced(n, 2, -2);
    const Vector3d g = model.gravity;
    const Vector6d f = Vector6d::Zero();
    ForwardDynamicsData fd(model);
    for (auto m : {ForwardDynamicsMethod::mass_matrix, ForwardDynamicsMethod::strobing,
                   ForwardDynamicsMethod::articulated_body,
                   ForwardDynamicsMethod::fastest})
      EXPECT_EQ(allocations_of([&] { forward_dynamics<double>(m, model, fd, q, qd, tau, g, f); }),
                0)
          << model.name << " " << to_string(m);
    ControlData cd(model);
    const VectorXd kp = VectorXd::Constant(n, 100), kv = VectorXd::Constant(n, 20);
    EXPECT_EQ(allocations_of([&] {
                computed_torque<double>(model, cd, q, qd, q, qd, tau, kp, kv, g);
              }),
              0);
    RungeKutta4 rk(2 * n);
    VectorXd y(2 * n);
    y << q, qd;
    auto rhs = [&](double, const VectorXd& s, VectorXd& ydot) {
      ydot.head(n) = s.tail(n);
      ydot.tail(n) = forward_dynamics<double>(model, fd, s.head(n), s.tail(n), tau);
    };
    EXPECT_EQ(allocations_of([&] { rk.step(rhs, 0.0, y, 1e-3); }), 0);
  }
}

}  // namespace
}  // namespace manipdyn
