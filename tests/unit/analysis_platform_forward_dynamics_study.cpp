// Unit tests of the forward-dynamics study (manipdyn/analysis/platform_forward_dynamics_study.hpp):
// the round trip to rounding level for both models and methods, one row recomputed
// independently, the operation counts against a direct count, and the errors.
#include "manipdyn/analysis/platform_forward_dynamics_study.hpp"

#include <gtest/gtest.h>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "support/error_message.hpp"

namespace manipdyn::analysis {
namespace {

namespace ms = stewart;
using test_support::message_of;

constexpr double kRoundTrip = 1e-10;  // FD(ID(xdd)) = xdd relative to max |xdd|

const ms::StewartModel& platform() {
  static const ms::StewartModel m = ms::dasgupta_test_platform(false);
  return m;
}

TEST(PlatformForwardDynamicsStudy, RoundTripHoldsForBothModelsAndMethods) {
  const auto rows = forward_dynamics_round_trip(platform());
  // Two models x two methods, Dasgupta's first; Path I (6 s) every 0.25 s: 25 states
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].model, ms::DynamicsModel::dasgupta);
  EXPECT_EQ(rows[3].model, ms::DynamicsModel::improved);
  EXPECT_EQ(rows[0].method, ms::TaskSpaceMethod::direct);
  EXPECT_EQ(rows[1].method, ms::TaskSpaceMethod::strobing);
  for (const auto& r : rows) {
    EXPECT_EQ(r.states, 25u);
    EXPECT_LT(r.max_relative_error, kRoundTrip) << to_string(r.model) << " " << to_string(r.method);
    EXPECT_DOUBLE_EQ(r.max_relative_error, r.max_abs_error / r.max_abs_xdd);
    // the accelerations are within the bounds, and use them
    EXPECT_LE(r.max_abs_xdd, 5.0);
    EXPECT_GT(r.max_abs_xdd, 4.0);
  }
}

TEST(PlatformForwardDynamicsStudy, FewerStatesAndSmallerBoundsFollowTheOptions) {
  ForwardDynamicsRoundTripOptions o;
  o.interval = 3.0;  // t = 0, 3, 6
  o.linear = 0.5;
  o.angular = 0.5;
  const auto rows = forward_dynamics_round_trip(platform(), o);
  EXPECT_EQ(rows[0].states, 3u);
  EXPECT_LE(rows[0].max_abs_xdd, 0.5);
}

TEST(PlatformForwardDynamicsStudy, CostIsTheCountOfOneCall) {
  const auto rows = forward_dynamics_cost(platform());
  // Per model: the inverse dynamics, then forward dynamics by each method
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[0].algorithm, "inverse_dynamics");
  EXPECT_EQ(rows[1].algorithm, "forward_dynamics_direct");
  EXPECT_EQ(rows[2].algorithm, "forward_dynamics_strobing");
  EXPECT_EQ(rows[3].model, ms::DynamicsModel::improved);
  for (const auto& r : rows) {
    EXPECT_EQ(r.flops, r.mul + r.add + r.div + r.functions);
    EXPECT_GT(r.mul, 0u);
  }
  EXPECT_EQ(rows[0].ratio_to_inverse_dynamics, 1.0);
  // Forward dynamics costs more than one inverse dynamics; strobing more than the closed form
  EXPECT_GT(rows[1].ratio_to_inverse_dynamics, 1.0);
  EXPECT_GT(rows[2].ratio_to_inverse_dynamics, rows[1].ratio_to_inverse_dynamics);
  // The inverse dynamics counted here directly, at Path I, t = 1.3 s, cond(H) off
  ms::InverseDynamicsOptions io;
  io.condition_number = false;
  const auto x =
      ms::sample_path(ms::plan_path(ms::paper_path("I").spec), 1.3).motion().cast<Counted>();
  ms::StewartDataTpl<Counted> c(platform());
  op_counter().reset();
  ms::inverse_dynamics(ms::DynamicsModel::dasgupta, platform(), c, x, {}, io);
  EXPECT_EQ(rows[0].mul, op_counter().mul);
  EXPECT_EQ(rows[0].add, op_counter().add);
  EXPECT_EQ(rows[0].flops, op_counter().flops());
  op_counter().reset();
}

TEST(PlatformForwardDynamicsStudy, ErrorsNameTheOption) {
  ForwardDynamicsRoundTripOptions o;
  o.interval = 0;
  EXPECT_EQ(message_of([&] { forward_dynamics_round_trip(platform(), o); }),
            "forward_dynamics_round_trip: interval must be positive and finite");
  o = {};
  o.linear = -1;
  EXPECT_EQ(message_of([&] { forward_dynamics_round_trip(platform(), o); }),
            "forward_dynamics_round_trip: the bounds linear and angular must not be negative");
  ForwardDynamicsCostOptions c;
  c.time = -1;
  EXPECT_EQ(message_of([&] { forward_dynamics_cost(platform(), c); }),
            "forward_dynamics_cost: time is outside path I");
  c = {};
  c.path = "IV";
  EXPECT_NE(message_of([&] { forward_dynamics_cost(platform(), c); }).find("IV"),
            std::string::npos);
}

}  // namespace
}  // namespace manipdyn::analysis
