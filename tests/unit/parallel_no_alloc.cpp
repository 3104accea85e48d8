// No heap allocation per call of the general parallel engine's forward dynamics and its terms
// (parallel/forward_dynamics.hpp), after a warm-up call. Counted with
// tests/support/allocation_counter.hpp.
#include <gtest/gtest.h>

#include "manipdyn/parallel/forward_dynamics.hpp"
#include "support/allocation_counter.hpp"
#include "support/parallel_robots.hpp"

namespace mp = manipdyn::parallel;
namespace ts = manipdyn::test_support;

TEST(ParallelNoAllocation, ForwardDynamicsAfterWarmUp) {
  for (const mp::ParallelModel& model : {ts::stewart_robot(true), ts::three_leg_robot(mp::Mobility::planar, true)}) {
    mp::ParallelData data(model);
    const manipdyn::PlatformMotion x = ts::sample_state(model, 1);
    const Eigen::VectorXd tau = Eigen::VectorXd::Constant(model.actuated_count(), 50.0);
    EXPECT_EQ(ts::allocations_of([&] { mp::forward_dynamics(model, data, x, tau); }), 0) << model.name;
    EXPECT_EQ(ts::allocations_of([&] { mp::task_space_inertia(model, data, x); }), 0) << model.name;
    EXPECT_EQ(ts::allocations_of([&] { mp::task_space_bias(model, data, x); }), 0) << model.name;
  }
}
