// serial/derivatives.hpp: after the Data is built, inverse_dynamics_derivatives and
// forward_dynamics_derivatives allocate nothing (checked and unchecked overloads), on the PUMA 560
// with drive terms (the hand-written Cholesky) and on random 40- and 128-link arms (Eigen's); and
// on a random tree with a fixed root and with a free-flyer (src/serial/tree_derivatives_body.hpp).
#include <gtest/gtest.h>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "support/allocation_counter.hpp"
#include "support/free_flyer.hpp"

using manipdyn::test_support::allocations_of;

namespace manipdyn {
namespace {

// Neither entry of either function allocates at (q, qd, x) once `data` is built.
void expect_no_allocation(const SerialModel& model, const VectorXd& q, const VectorXd& qd,
                          const VectorXd& x) {
  DerivativesData data(model);
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

TEST(SerialDerivativesNoAllocation, NeitherEntryAllocates) {
  for (const SerialModel& model : {puma560(true), random_arm(40, 3, DhConvention::modified),
                                    random_arm(128, 4, DhConvention::standard)}) {
    const int n = model.dof();
    expect_no_allocation(model, VectorXd::Constant(n, 0.3), VectorXd::Constant(n, -0.2),
                         VectorXd::Constant(n, 0.5));
  }
}

TEST(SerialDerivativesNoAllocation, NeitherEntryAllocatesOnATreeOrAFreeFlyer) {
  RandomTreeOptions options;
  options.with_drive = true;
  options.branching = 0.5;
  const SerialModel tree = random_tree(12, 5, options);
  for (const SerialModel& model : {tree, test_support::on_free_flyer(tree)}) {
    const int nv = model.nv();
    expect_no_allocation(model, random_configuration(model, 2), VectorXd::Constant(nv, -0.2),
                         VectorXd::Constant(nv, 0.5));
  }
}

}  // namespace
}  // namespace manipdyn
