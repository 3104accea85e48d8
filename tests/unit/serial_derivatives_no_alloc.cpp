// serial/derivatives.hpp: after the Data is built, inverse_dynamics_derivatives and
// forward_dynamics_derivatives allocate nothing (checked and unchecked overloads), on the PUMA 560
// with drive terms (the hand-written Cholesky) and on random 40- and 128-link arms (Eigen's).
#include <gtest/gtest.h>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "support/allocation_counter.hpp"

using manipdyn::test_support::allocations_of;

namespace manipdyn {
namespace {

TEST(SerialDerivativesNoAllocation, NeitherEntryAllocates) {
  for (const SerialModel& model : {puma560(true), random_arm(40, 3, DhConvention::modified),
                                    random_arm(128, 4, DhConvention::standard)}) {
    const int n = model.dof();
    DerivativesData data(model);
    const VectorXd q = VectorXd::Constant(n, 0.3), qd = VectorXd::Constant(n, -0.2);
    const VectorXd x = VectorXd::Constant(n, 0.5);
    const Vector3d g = model.gravity;
    const Vector6d w = Vector6d::Constant(1.0);
    EXPECT_EQ(allocations_of([&] { inverse_dynamics_derivatives(model, data, q, qd, x, g, w); }),
              0);
    EXPECT_EQ(allocations_of([&] {
                inverse_dynamics_derivatives(unchecked, model, data, q, qd, x, g, w);
              }),
              0);
    EXPECT_EQ(allocations_of([&] { forward_dynamics_derivatives(model, data, q, qd, x, g, w); }),
              0);
    EXPECT_EQ(allocations_of([&] {
                forward_dynamics_derivatives(unchecked, model, data, q, qd, x, g, w);
              }),
              0);
  }
}

}  // namespace
}  // namespace manipdyn
