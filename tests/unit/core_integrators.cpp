// The integrators on problems with closed-form solutions: the harmonic oscillator
// y'' = -w^2 y (RK4 order 4; Dormand-Prince within tolerance, step count falls with looser
// tolerances) and the errors for bad options.
#include <cmath>

#include <gtest/gtest.h>

#include "manipdyn/core/integrators.hpp"

namespace manipdyn {
namespace {

constexpr double kW = 3.0;

auto oscillator = [](double, const VectorXd& y, VectorXd& ydot) {
  ydot[0] = y[1];
  ydot[1] = -kW * kW * y[0];
};

TEST(CoveringSteps, AWholeNumberOfStepsUpToRoundingTakesNoStepMore) {
  // 0.3 / 0.1 = 2.9999999999999996 and 1 / 0.1 rounds up: the 1e-9 keeps both at the whole number
  EXPECT_EQ(covering_steps(0.3, 0.1), 3.0);
  EXPECT_EQ(covering_steps(1.0, 0.1), 10.0);
  EXPECT_EQ(covering_steps(1.05, 0.1), 11.0);
  EXPECT_EQ(covering_steps(0.0, 0.1), 0.0);
  EXPECT_EQ(covering_steps(0.01, 1.0), 1.0);
}

double rk4_error(double h) {
  RungeKutta4 rk(2);
  VectorXd y(2);
  y << 1.0, 0.0;
  rk.integrate(oscillator, 0.0, y, 2.0, h);
  return std::hypot(y[0] - std::cos(kW * 2.0), y[1] + kW * std::sin(kW * 2.0));
}

TEST(RungeKutta4, FourthOrderOnOscillator) {
  const double e1 = rk4_error(0.02), e2 = rk4_error(0.01);
  EXPECT_LT(e1, 1e-5);
  EXPECT_NEAR(e1 / e2, 16.0, 1.0);
}

TEST(RungeKutta4, IntegrateLandsOnEndTime) {
  // 0.3 / 0.07 is not an integer: the steps are shortened to land exactly on t1.
  RungeKutta4 rk(2);
  VectorXd y(2);
  y << 1.0, 0.0;
  EXPECT_EQ(rk.integrate(oscillator, 0.0, y, 0.3, 0.07), 5);
  EXPECT_NEAR(y[0], std::cos(kW * 0.3), 2e-5);  // 5 steps of w h = 0.18
}

TEST(DormandPrince54, MeetsToleranceAndAdapts) {
  for (double tol : {1e-6, 1e-9}) {
    AdaptiveOptions o;
    o.atol = o.rtol = tol;
    DormandPrince54 dp(2, o);
    VectorXd y(2);
    y << 1.0, 0.0;
    dp.integrate(oscillator, 0.0, y, 5.0);
    const double err = std::hypot(y[0] - std::cos(kW * 5.0), y[1] + kW * std::sin(kW * 5.0));
    EXPECT_LT(err, 100 * tol) << "tol " << tol;
    EXPECT_GT(err, 1e-3 * tol) << "tol " << tol;  // not trivially exact
    EXPECT_GT(dp.accepted(), 5);
    EXPECT_EQ(dp.evaluations(), 1 + 6 * (dp.accepted() + dp.rejected()));
  }
}

TEST(DormandPrince54, BadOptionsAndFailure) {
  AdaptiveOptions bad;
  bad.atol = 0.0;
  EXPECT_THROW(DormandPrince54(2, bad), std::invalid_argument);
  // A derivative that blows up in finite time (y' = y^2 from y = 1 at t = 1) drives the step
  // below min_step.
  AdaptiveOptions o;
  o.min_step = 1e-8;
  DormandPrince54 dp(1, o);
  VectorXd y(1);
  y << 1.0;
  auto blowup = [](double, const VectorXd& s, VectorXd& d) { d[0] = s[0] * s[0]; };
  try {
    dp.integrate(blowup, 0.0, y, 2.0);
    FAIL() << "expected a failure";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("fell below min_step"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace manipdyn
