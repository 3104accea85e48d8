// Unit tests of include/manipdyn/parallel/energy.hpp on the five-bar, against hand formulas:
// the potential energy of its bars and payload, the kinetic energy of a payload driven through
// massless bars by motors with reflected inertia, and the drives' dissipated power.
#include <gtest/gtest.h>

#include <cmath>

#include "manipdyn/core/dual.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/energy.hpp"

namespace mp = manipdyn::parallel;
using manipdyn::Vector3d;

namespace {
constexpr double kTol = 1e-12;
}  // namespace

TEST(ParallelEnergy, PotentialEnergyOfTheBarsAndPayload) {
  mp::FiveBarParameters prm;
  prm.gravity = Vector3d(0.0, -9.81, 0.0);
  const mp::ParallelModel m = mp::five_bar(prm);
  mp::ParallelData data(m);
  manipdyn::PlatformMotion x;
  x.t = m.home.translation();
  // each bar's centre of mass halfway along it: motor -> elbow -> end point
  double expected = 9.81 * prm.payload_mass * x.t.y();
  for (const mp::Leg& leg : m.legs) {
    const double elbow_y = prm.proximal_length * std::sin(leg.home_q(0));
    expected += 9.81 * (prm.proximal_mass * elbow_y / 2 + prm.distal_mass * (elbow_y + x.t.y()) / 2);
  }
  EXPECT_NEAR(mp::potential_energy(m, data, x), expected, kTol);
  EXPECT_EQ(mp::kinetic_energy(m, data, x), 0.0);  // at rest
}

TEST(ParallelEnergy, KineticEnergyOfPayloadAndReflectedMotorInertia) {
  mp::FiveBarParameters prm;
  prm.proximal_mass = prm.distal_mass = 0.0;
  prm.motor_inertia = 3e-5;
  prm.gear_ratio = 12.0;
  const mp::ParallelModel m = mp::five_bar(prm);
  mp::ParallelData data(m);
  manipdyn::PlatformMotion x;
  x.t = m.home.translation() + Vector3d(0.03, -0.02, 0.0);
  x.v = Vector3d(0.4, -0.25, 0.0);
  const double T = mp::kinetic_energy(m, data, x);
  const double qd_left = data.qd[0](0), qd_right = data.qd[1](0);
  const double expected = 0.5 * prm.payload_mass * x.v.squaredNorm() +
                          0.5 * prm.gear_ratio * prm.gear_ratio * prm.motor_inertia * (qd_left * qd_left + qd_right * qd_right);
  EXPECT_NEAR(T, expected, kTol * expected);
  // the dual scalar's value is the double's
  mp::ParallelDataTpl<manipdyn::Dual1> dual(m);
  EXPECT_NEAR(mp::kinetic_energy(m, dual, x.cast<manipdyn::Dual1>()).value(), T, kTol * T);
}

TEST(ParallelEnergy, DissipatedPowerOfTheDrives) {
  mp::FiveBarParameters prm;
  prm.gear_ratio = 8.0;
  prm.motor_viscous = 2e-3;
  prm.motor_coulomb = 0.05;
  prm.elbow_viscous = 0.01;
  const mp::ParallelModel m = mp::five_bar(prm);
  mp::ParallelData data(m);
  manipdyn::PlatformMotion x;
  x.t = m.home.translation();
  x.v = Vector3d(-0.3, 0.2, 0.0);
  const double P = mp::dissipated_power(m, data, x);
  // motor: |G| (B |G| qd + Tc sign qd) qd; elbow: B qd^2 (G = 1)
  double expected = 0;
  for (int i = 0; i < 2; ++i) {
    const double qm = data.qd[static_cast<std::size_t>(i)](0), qe = data.qd[static_cast<std::size_t>(i)](1);
    expected += prm.gear_ratio * (prm.motor_viscous * prm.gear_ratio * qm * qm + prm.motor_coulomb * std::abs(qm));
    expected += prm.elbow_viscous * qe * qe;
  }
  EXPECT_GT(P, 0.0);
  EXPECT_NEAR(P, expected, kTol * expected);
}
