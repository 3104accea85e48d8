// The Delta robot of the general engine (parallel::delta) against references written from its
// parameters alone (tests/support/delta_closed_form.hpp):
//  - the motor torques of parallel::inverse_dynamics equal those of Lagrange's equations of the
//    first kind with the bars' exact slender-rod energy, along a smooth motion, with gravity,
//    the motor's inertia and the gear ratio;
//  - the power balance: the motors' power tau . qd equals d/dt of the kinetic plus potential
//    energy (written from the parameters), by a five-point central difference;
//  - the model's forearm (one midline rod of twice a bar's mass) carries the kinetic energy and
//    has the centre of mass of the parallelogram's two bars, computed from the bars' four end
//    velocities (the derivation in parallel/builtin_models.hpp: delta).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "../support/delta_closed_form.hpp"

namespace mp = manipdyn::parallel;
using manipdyn::PlatformMotion;
using manipdyn::Vector3d;
using manipdyn::test_support::delta_closed_form_ik;
using manipdyn::test_support::delta_energy;
using manipdyn::test_support::delta_lagrange_inverse_dynamics;
using manipdyn::test_support::delta_leg_axes;
using manipdyn::test_support::delta_test_motion;

namespace {

constexpr double kTorqueTolerance = 1e-9;   // relative, engine vs Lagrange
constexpr double kEnergyTolerance = 1e-11;  // relative, bars vs midline rod
constexpr double kPowerTolerance = 1e-10;   // relative to the largest power, by finite differences (measured 4e-11)

// The lab-sized Delta on a tilted base.
mp::DeltaParameters lab_delta() {
  mp::DeltaParameters p = manipdyn::test_support::delta_lab_parameters();
  p.gravity = Vector3d(0.3, -0.2, -9.81);  // a tilted base: gravity off the symmetry axis
  return p;
}

}  // namespace

TEST(ParallelDeltaDynamics, InverseDynamicsEqualsLagrangeWithTheExactBarEnergy) {
  for (const mp::DeltaParameters& p : {mp::delta_rl5_1450_parameters(), lab_delta()}) {
    const mp::ParallelModel m = mp::delta(p);
    mp::ParallelData data(m);
    const Vector3d x0 = m.home.translation() + Vector3d(0, 0, 0.1 * p.forearm_length);
    double worst = 0, largest = 0;
    for (int k = 0; k <= 400; ++k) {
      const PlatformMotion x = delta_test_motion(x0, 0.3 * p.upper_arm_length, 6.0, 0.0025 * k);
      const Eigen::VectorXd tau = mp::inverse_dynamics(m, data, x);
      const Vector3d ref = delta_lagrange_inverse_dynamics(p, x.t, x.v, x.a);
      worst = std::max(worst, (tau - ref).norm() / ref.norm());
      largest = std::max(largest, ref.cwiseAbs().maxCoeff());
    }
    EXPECT_LT(worst, kTorqueTolerance) << p.name;
    std::printf("%s: inverse_dynamics vs Lagrange (exact bar energy), worst relative difference %.2e over 401 "
                "samples (torques up to %.1f N m)\n",
                p.name.c_str(), worst, largest);
  }
}

TEST(ParallelDeltaDynamics, MotorPowerIsTheRateOfTheEnergy) {
  for (const mp::DeltaParameters& p : {mp::delta_rl5_1450_parameters(), lab_delta()}) {
    const mp::ParallelModel m = mp::delta(p);
    mp::ParallelData data(m);
    const Vector3d x0 = m.home.translation() + Vector3d(0, 0, 0.1 * p.forearm_length);
    auto motion = [&](double t) { return delta_test_motion(x0, 0.3 * p.upper_arm_length, 6.0, t); };
    auto energy = [&](double t) {
      const PlatformMotion x = motion(t);
      return delta_energy(p, x.t, x.v);
    };
    constexpr double h = 2e-4;  // s: truncation (h^4) and rounding (1/h) errors both near 1e-11 relative
    double worst = 0, largest = 0;
    for (int k = 0; k <= 200; ++k) {
      const double t = 0.005 * k;
      const Eigen::VectorXd tau = mp::inverse_dynamics(m, data, motion(t));
      double power = 0;
      for (int i = 0; i < 3; ++i) power += tau(i) * data.qd[static_cast<std::size_t>(i)](0);
      const double rate = (energy(t - 2 * h) - 8 * energy(t - h) + 8 * energy(t + h) - energy(t + 2 * h)) / (12 * h);
      worst = std::max(worst, std::abs(power - rate));
      largest = std::max(largest, std::abs(power));
    }
    EXPECT_LT(worst, kPowerTolerance * largest) << p.name;
    std::printf("%s: motor power vs d/dt (T + V), worst difference %.2e W of %.1f W (%.1e relative)\n", p.name.c_str(),
                worst, largest, worst / largest);
  }
}

TEST(ParallelDeltaDynamics, TheMidlineRodHasTheTwoBarsEnergyAndCentreOfMass) {
  for (const mp::DeltaParameters& p : {mp::delta_rl5_1450_parameters(), lab_delta()}) {
    const mp::ParallelModel m = mp::delta(p);
    mp::ParallelData data(m);
    const Vector3d x0 = m.home.translation() + Vector3d(0, 0, 0.1 * p.forearm_length);
    const double L1 = p.upper_arm_length, L2 = p.forearm_length, h = p.forearm_spacing / 2;
    double worst_energy = 0, worst_com = 0;
    for (int k = 0; k <= 50; ++k) {
      const PlatformMotion x = delta_test_motion(x0, 0.3 * L1, 6.0, 0.02 * k);
      mp::leg_motion(m, data, x);
      // the bars, from the closed form: motor angle and rate, the four ends and their velocities
      const Vector3d q = delta_closed_form_ik(p, x.t);
      for (int i = 0; i < 3; ++i) {
        const std::size_t ii = static_cast<std::size_t>(i);
        Vector3d e, u;
        delta_leg_axes(i, e, u);
        const Vector3d A = p.base_radius * e;
        const Vector3d d = std::cos(q(i)) * e - std::sin(q(i)) * Vector3d::UnitZ();
        const Vector3d dp = -std::sin(q(i)) * e - std::cos(q(i)) * Vector3d::UnitZ();
        const Vector3d B = A + L1 * d, P = x.t + p.platform_radius * e;
        const double qd = (P - B).dot(x.v) / (L1 * (P - B).dot(dp));
        double T_bars = 0;
        Vector3d com_bars = Vector3d::Zero();
        for (const double side : {-1.0, 1.0}) {
          const Vector3d upper = B + side * h * u, lower = P + side * h * u;
          const Vector3d v_upper = (qd * u).cross(upper - A);  // on the upper arm, about the motor axis
          const Vector3d& v_lower = x.v;                        // on the translating platform
          T_bars += p.forearm_bar_mass / 6.0 * (v_upper.squaredNorm() + v_upper.dot(v_lower) + v_lower.squaredNorm());
          com_bars += 0.5 * (upper + lower) / 2.0;
        }
        // the model's rod: link 3 of the leg's chain, its COM frame's velocity and pose
        const mp::Leg& leg = m.legs[ii];
        const manipdyn::NamedFrame com{"rod_com", 2, Eigen::Isometry3d(Eigen::Translation3d(L2 / 2, 0, 0))};
        const auto fm = manipdyn::frame_motion(leg.chain, data.leg[ii], manipdyn::JointVectorIn<double>(data.q[ii]),
                                               manipdyn::JointVectorIn<double>(data.qd[ii]),
                                               manipdyn::JointVectorIn<double>(data.qdd[ii]), com);
        const Eigen::Matrix4d T = manipdyn::frame_pose(leg.chain, data.leg[ii], manipdyn::JointVectorIn<double>(data.q[ii]), com);
        const Eigen::Matrix3d R = T.topLeftCorner<3, 3>();
        const double mass = leg.chain.links[2].mass;
        const Vector3d v_c = fm.velocity.head<3>(), w = fm.velocity.tail<3>();
        const double T_rod = 0.5 * mass * v_c.squaredNorm() + 0.5 * w.dot(R * leg.chain.links[2].inertia * R.transpose() * w);
        worst_energy = std::max(worst_energy, std::abs(T_rod - T_bars) / std::max(T_bars, 1e-300));
        worst_com = std::max(worst_com, (Vector3d(T.topRightCorner<3, 1>()) - com_bars).norm());
      }
    }
    EXPECT_LT(worst_energy, kEnergyTolerance) << p.name;
    EXPECT_LT(worst_com, 1e-12) << p.name;
    std::printf("%s: midline rod vs two bars, kinetic energy worst relative difference %.2e, centre of mass %.2e m\n",
                p.name.c_str(), worst_energy, worst_com);
  }
}
