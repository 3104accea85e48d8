// Unit tests of the free-floating space manipulator study (analysis/free_floating_study.hpp):
// zero momentum along the motion, the centre of mass fixed, the generalized Jacobian against
// central differences of the end-effector pose, a net attitude change when the arm returns
// (Umetani & Yoshida 1989), and bad options named.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "manipdyn/analysis/free_floating_study.hpp"

namespace manipdyn {
namespace {

TEST(FreeFloatingStudy, MomentumStaysZeroAndTheGeneralizedJacobianMatchesDifferences) {
  const FreeFloatingStudyResult r = free_floating_study();
  std::cout << r.model_name << ": momentum residual " << r.max_momentum_residual
            << ", COM drift " << r.max_com_drift << " m, J* error " << r.max_jacobian_error
            << ", final attitude change " << r.final_angle << " rad, arm momentum scale "
            << r.max_arm_momentum << "\n";
  EXPECT_EQ(r.t.size(), 601);
  EXPECT_LT(r.max_momentum_residual, 1e-12);
  EXPECT_LT(r.max_com_drift, 1e-9);
  EXPECT_LT(r.max_jacobian_error, 1e-7);
  // The arm is back where it started; the base is not (the non-holonomic constraint).
  EXPECT_LT((r.q.bottomRows(1).rightCols(6) - r.q.topRows(1).rightCols(6)).cwiseAbs().maxCoeff(),
            1e-12);
  EXPECT_GT(r.final_angle, 0.01);
  // The joints move the base: its twist is not zero mid-way.
  EXPECT_GT(r.v.row(150).head(6).norm(), 1e-3);
}

TEST(FreeFloatingStudy, BadOptionsAreNamed) {
  FreeFloatingStudyOptions o;
  o.base_mass = -1.0;
  try {
    free_floating_study(o);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("base_mass"), std::string::npos) << e.what();
  }
  o = {};
  o.step = 0.1;
  EXPECT_THROW(free_floating_study(o), std::invalid_argument);
  o = {};
  o.q_goal = VectorXd::Zero(5);
  EXPECT_THROW(free_floating_study(o), std::invalid_argument);
}

}  // namespace
}  // namespace manipdyn
