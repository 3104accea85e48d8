// No heap allocation per inverse-dynamics evaluation (issue 3, item 10). Counted with
// tests/support/allocation_counter.hpp (operator new and the C allocation functions).
#include <memory>

#include <gtest/gtest.h>

#include "manipdyn/stewart/derivatives.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/simulate.hpp"
#include "support/allocation_counter.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::test_support::allocations;
using manipdyn::test_support::counting;
using manipdyn::Vector3d;

// A platform motion with every term non-zero.
ms::PlatformMotion test_motion() {
  return ms::motion_from_rpy<double>(Vector3d(0.2, 0.0, 0.5), Vector3d(0, 0, 0.1),
                                     Vector3d(0.05, 0, 0.05), Vector3d(0, 0, 0.08),
                                     Vector3d(0.03, 0, 0.03), Vector3d(0, 0, 0.08));
}

TEST(StewartNoAllocation, InverseDynamicsAfterWarmUp) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData data(model);
  const ms::PlatformMotion m = test_motion();
  ms::InverseDynamicsOptions opt;
  opt.constraint_forces = true;
  ms::inverse_dynamics_dasgupta(model, data, m, {}, opt);  // warm-up
  ms::inverse_dynamics_improved(model, data, m, {}, opt);
  allocations = 0;
  counting = true;
  for (int k = 0; k < 10; ++k) {
    ms::inverse_dynamics_dasgupta(model, data, m, {}, opt);
    ms::inverse_dynamics_improved(model, data, m, {}, opt);
    ms::inverse_kinematics(model, data, m);
  }
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
  // the counter works
  counting = true;
  auto* p = new int(3);
  counting = false;
  EXPECT_EQ(allocations.load(), 1);
  delete p;
}

TEST(StewartNoAllocation, ForwardDynamicsAfterWarmUp) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData data(model);
  const ms::PlatformMotion m = test_motion();
  const manipdyn::Vector6d F = manipdyn::Vector6d::Constant(100.0);
  ms::ForwardDynamicsOptions strobe;
  strobe.method = ms::TaskSpaceMethod::strobe;
  ms::forward_dynamics(ms::DynamicsModel::improved, model, data, m, F);  // warm-up
  allocations = 0;
  counting = true;
  for (int k = 0; k < 10; ++k) {
    ms::forward_dynamics(ms::DynamicsModel::dasgupta, model, data, m, F);
    ms::forward_dynamics(ms::DynamicsModel::improved, model, data, m, F, {}, strobe);
  }
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
}

TEST(StewartNoAllocation, PlatformStateDerivativeAfterWarmUp) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData data(model);
  const ms::PlatformMotion m = test_motion();
  const manipdyn::Vector6d F = manipdyn::Vector6d::Constant(100.0);
  const manipdyn::VectorXd y = ms::state_vector(m);
  manipdyn::VectorXd yd(ms::kPlatformStateSize);
  ms::platform_state_derivative(ms::DynamicsModel::improved, model, data, y, F, {}, yd);  // warm-up
  allocations = 0;
  counting = true;
  for (int k = 0; k < 10; ++k)
    ms::platform_state_derivative(ms::DynamicsModel::improved, model, data, y, F, {}, yd);
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
}

TEST(StewartNoAllocation, DerivativesAfterWarmUp) {
  const ms::StewartModel model = ms::dasgupta_test_platform(false);
  auto data = std::make_unique<ms::StewartDerivativesData>(model);  // about 90 kB: on the heap
  const ms::PlatformMotion m = test_motion();
  const manipdyn::Vector6d F = manipdyn::Vector6d::Constant(100.0);
  ms::inverse_dynamics_derivatives(ms::DynamicsModel::improved, model, *data, m);  // warm-up
  ms::forward_dynamics_derivatives(ms::DynamicsModel::improved, model, *data, m, F);
  allocations = 0;
  counting = true;
  for (ms::DynamicsModel which : {ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved}) {
    ms::inverse_dynamics_derivatives(which, model, *data, m);
    ms::forward_dynamics_derivatives(which, model, *data, m, F);
  }
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
}
