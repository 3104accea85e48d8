// The counting scalar gives the same forces as double, and the operation counts of one
// inverse-dynamics step (Dasgupta 1998 sec. 4.5: 694 flops per leg, 273 platform-only, 452 for
// the final system, 4889 in all, friction terms not counted there; ours include friction).
#include <gtest/gtest.h>

#include <cstdio>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Counted;
using manipdyn::op_counter;
using manipdyn::Vector3;
using manipdyn::Vector3d;

namespace {
const ms::PlatformMotion kMotion = ms::motion_from_rpy<double>(
    Vector3d(0.2, 0.0, 0.5), Vector3d(0.02, -0.01, 0.1), Vector3d(0.05, 0.01, 0.05),
    Vector3d(0.03, 0.02, 0.08), Vector3d(0.03, -0.02, 0.03), Vector3d(0.1, 0.04, 0.08));
}  // namespace

TEST(StewartCountedScalar, SameForcesAsDouble) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  for (auto which : {ms::DynamicsModel::dasgupta, ms::DynamicsModel::improved}) {
    ms::StewartData d(model);
    ms::StewartDataTpl<Counted> c(model);
    ms::inverse_dynamics(which, model, d, kMotion);
    ms::inverse_dynamics(which, model, c, kMotion.cast<Counted>());
    for (int i = 0; i < 6; ++i) {
      // same formulas; Eigen may vectorise the double run (different rounding)
      EXPECT_NEAR(c.F(i).value(), d.F(i), 1e-12 * std::abs(d.F(i)));
      EXPECT_NEAR(c.F0(i).value(), d.F0(i), 1e-12 * std::abs(d.F0(i)));
    }
  }
}

TEST(StewartCountedScalar, OperationCountsPerSegment) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartDataTpl<Counted> c(model);
  c.motion = kMotion.cast<Counted>();
  ms::InverseDynamicsOptions opt;
  auto& oc = op_counter();
  // Dasgupta: one leg (kinematics eqs. 1-10 + reduction eqs. 11-24 + its column of H)
  oc.reset();
  ms::leg_kinematics_no_spin(model, c, 0);
  ms::leg_dynamics_dasgupta(model, c, 0);
  const auto leg = oc;
  for (int i = 1; i < 6; ++i) {
    ms::leg_kinematics_no_spin(model, c, i);
    ms::leg_dynamics_dasgupta(model, c, i);
  }
  oc.reset();
  ms::platform_terms(model, c, ms::ExternalWrenchTpl<Counted>{});
  const auto platform = oc;
  oc.reset();
  ms::solve_leg_forces(model, c, opt, "test");
  const auto solve = oc;
  const auto total = 6 * leg.flops() + platform.flops() + solve.flops();
  // improved model
  oc.reset();
  ms::leg_kinematics_no_spin(model, c, 0);
  ms::leg_kinematics_universal_joint(model, c, 0);
  ms::leg_dynamics_improved(model, c, 0);
  const auto leg_i = oc;
  oc.reset();
  ms::platform_terms_improved(model, c, ms::ExternalWrenchTpl<Counted>{});
  const auto platform_i = oc;
  const auto total_i = 6 * leg_i.flops() + platform_i.flops() + solve.flops();
  std::printf("dasgupta: per leg %llu (mul %llu add %llu div %llu fn %llu), platform %llu, solve %llu, total %llu (paper 694/273/452/4889)\n",
              (unsigned long long)leg.flops(), (unsigned long long)leg.mul, (unsigned long long)leg.add,
              (unsigned long long)leg.div, (unsigned long long)leg.functions(),
              (unsigned long long)platform.flops(), (unsigned long long)solve.flops(), (unsigned long long)total);
  std::printf("improved: per leg %llu, platform %llu, solve %llu, total %llu\n",
              (unsigned long long)leg_i.flops(), (unsigned long long)platform_i.flops(),
              (unsigned long long)solve.flops(), (unsigned long long)total_i);
  // regression values of this implementation (change them only with a reason)
  EXPECT_EQ(leg.flops(), 463u);
  EXPECT_EQ(platform.flops(), 207u);
  EXPECT_EQ(solve.flops(), 389u);
  EXPECT_EQ(leg_i.flops(), 503u);
  EXPECT_EQ(platform_i.flops(), 213u);
  // on the paper's basis (friction terms not counted): a frictionless copy of the platform
  ms::StewartParameters prm = ms::dasgupta_test_parameters(true);
  prm.Cu = prm.Cp = prm.Cs = 0;
  const ms::StewartModel frictionless = ms::build_model(prm, true);
  ms::StewartDataTpl<Counted> c0(frictionless);
  c0.motion = kMotion.cast<Counted>();
  oc.reset();
  ms::leg_kinematics_no_spin(frictionless, c0, 0);
  ms::leg_dynamics_dasgupta(frictionless, c0, 0);
  const auto leg0 = oc;
  for (int i = 1; i < 6; ++i) {
    ms::leg_kinematics_no_spin(frictionless, c0, i);
    ms::leg_dynamics_dasgupta(frictionless, c0, i);
  }
  ms::platform_terms(frictionless, c0, ms::ExternalWrenchTpl<Counted>{});
  oc.reset();
  ms::solve_leg_forces(frictionless, c0, opt, "test");
  const auto solve0 = oc;
  std::printf("dasgupta without friction: per leg %llu, platform %llu, solve %llu, total %llu\n",
              (unsigned long long)leg0.flops(), (unsigned long long)platform.flops(),
              (unsigned long long)solve0.flops(),
              (unsigned long long)(6 * leg0.flops() + platform.flops() + solve0.flops()));
  EXPECT_EQ(leg.flops() - leg0.flops(), 17u);    // Cs(W - w): 6, Cu W: 6, + f: 3, Cp L': 2
  EXPECT_EQ(solve.flops() - solve0.flops(), 18u);  // - sum f_i
  // the whole call counts the same as its segments
  oc.reset();
  ms::inverse_dynamics_dasgupta(model, c, kMotion.cast<Counted>());
  EXPECT_EQ(oc.flops(), total);
}
