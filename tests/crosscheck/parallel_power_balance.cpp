// Power balance of the general parallel-robot engine on every built-in instance, and the static
// solution by virtual work. Along a smooth platform motion x(t) (sums of sines in the mobility's
// coordinates) the actuators' power and the external wrench's feed the robot's energy and its
// friction:
//
//   tau_a . qd_a + (R f) . v + (R m) . omega = d/dt (T + V) + P_diss,
//
// tau_a from inverse_dynamics (the virtual-power reduction of the legs' Newton-Euler torques),
// T, V and P_diss from parallel/energy.hpp (mass matrices and centres of mass of the leg chains:
// no Newton-Euler). d/dt is exact: T and V are evaluated on a Dual1 motion whose derivative
// parts are the time derivatives (t' = v, R' = [omega]x R, v' = a, omega' = alpha, a' = jerk,
// alpha' = d alpha/dt). A negative control shows the balance sees a 1 % error in one link's mass.
// At rest, virtual work: A^T tau_a = grad_x V, the gradient and the actuator displacements by
// central differences of potential_energy and inverse_kinematics (not the engine's A).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <random>

#include <Eigen/Dense>

#include "manipdyn/core/dual.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/energy.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/stewart/model.hpp"

namespace mp = manipdyn::parallel;
namespace ms = manipdyn::stewart;
using manipdyn::Dual1;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {

constexpr double kBalanceTol = 1e-10;     // relative residual of the power balance (issue 28, item 5)
constexpr double kControlLeast = 1e-5;    // the least relative residual a 1 % mass error must leave
constexpr double kStaticTol = 1e-7;       // relative virtual-work residual (4th-order differences)
constexpr double kStep = 2e-4;            // m or rad: the differences' step
constexpr int kSamples = 24;              // instants along each motion
constexpr double kDuration = 2.0;         // s

// c + a1 sin(w1 t + p1) + a2 sin(w2 t + p2) and its first three time derivatives.
struct Wave {
  double c = 0, a1 = 0, w1 = 1, p1 = 0, a2 = 0, w2 = 1, p2 = 0;
  std::array<double, 4> at(double t) const {
    std::array<double, 4> f{c, 0, 0, 0};
    for (const auto& [a, w, p] : {std::array<double, 3>{a1, w1, p1}, std::array<double, 3>{a2, w2, p2}}) {
      const double s = std::sin(w * t + p), co = std::cos(w * t + p);
      f[0] += a * s;
      f[1] += a * w * co;
      f[2] -= a * w * w * s;
      f[3] -= a * w * w * w * co;
    }
    return f;
  }
};

// A platform motion with the derivatives of its acceleration.
struct Jet {
  manipdyn::PlatformMotion x;
  Vector3d jerk = Vector3d::Zero(), alpha_dot = Vector3d::Zero();
};

// A smooth motion about a centre pose: the position's coordinates and the angles of
// R = Rz(phi1) Ry(phi2) Rx(phi3) R_centre, each a Wave; the coordinates the mobility fixes stay.
struct SmoothMotion {
  std::array<Wave, 3> position, angle;
  Eigen::Isometry3d centre = Eigen::Isometry3d::Identity();

  SmoothMotion(mp::Mobility mobility, const Eigen::Isometry3d& c, double reach, double turn, double speed) : centre(c) {
    const bool planar = mobility == mp::Mobility::planar || mobility == mp::Mobility::planar_translation;
    const bool turns = mobility == mp::Mobility::spatial || mobility == mp::Mobility::planar;
    const double w[3] = {1.3 * speed, 2.1 * speed, 1.7 * speed};
    for (int j = 0; j < 3; ++j) {
      const double amp = (planar && j == 2) ? 0.0 : reach;
      position[static_cast<std::size_t>(j)] = {c.translation()(j), 0.6 * amp, w[j], 0.3 * j, 0.4 * amp, 1.9 * w[j], 1.0 - j};
      const double rot = !turns || (mobility == mp::Mobility::planar && j > 0) ? 0.0 : turn;
      angle[static_cast<std::size_t>(j)] = {0.0, 0.7 * rot, w[2 - j], 0.5 + j, 0.3 * rot, 2.3 * w[j], -0.2 * j};
    }
  }

  Jet at(double time) const {
    Jet jet;
    for (int j = 0; j < 3; ++j) {
      const auto f = position[static_cast<std::size_t>(j)].at(time);
      jet.x.t(j) = f[0];
      jet.x.v(j) = f[1];
      jet.x.a(j) = f[2];
      jet.jerk(j) = f[3];
    }
    // the world axes w_k = Q_1..Q_{k-1} u_k of the three turns and their derivatives:
    // dw_k/dt = Omega x w_k, d2w_k/dt2 = Alpha x w_k + Omega x dw_k/dt (Omega, Alpha those of the turns before)
    const Vector3d axes[3] = {Vector3d::UnitZ(), Vector3d::UnitY(), Vector3d::UnitX()};
    Matrix3d Q = Matrix3d::Identity();
    Vector3d omega = Vector3d::Zero(), alpha = Vector3d::Zero(), alpha_dot = Vector3d::Zero();
    for (int k = 0; k < 3; ++k) {
      const auto f = angle[static_cast<std::size_t>(k)].at(time);
      const Vector3d wk = Q * axes[k];
      const Vector3d wk_d = omega.cross(wk);
      const Vector3d wk_dd = alpha.cross(wk) + omega.cross(wk_d);
      alpha_dot += f[3] * wk + 2 * f[2] * wk_d + f[1] * wk_dd;
      alpha += f[2] * wk + f[1] * wk_d;
      omega += f[1] * wk;
      Q = Q * Eigen::AngleAxisd(f[0], axes[k]).toRotationMatrix();
    }
    jet.x.R = Q * centre.linear();
    jet.x.omega = omega;
    jet.x.alpha = alpha;
    jet.alpha_dot = alpha_dot;
    return jet;
  }
};

Matrix3d skew(const Vector3d& v) {
  Matrix3d m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

// The motion as Dual1 numbers whose derivative parts are the time derivatives.
manipdyn::PlatformMotionTpl<Dual1> dual_motion(const Jet& jet) {
  const manipdyn::PlatformMotion& x = jet.x;
  const Matrix3d R_dot = skew(x.omega) * x.R;
  manipdyn::PlatformMotionTpl<Dual1> m;
  for (int r = 0; r < 3; ++r) {
    m.t(r) = Dual1(x.t(r), x.v(r));
    m.v(r) = Dual1(x.v(r), x.a(r));
    m.a(r) = Dual1(x.a(r), jet.jerk(r));
    m.omega(r) = Dual1(x.omega(r), x.alpha(r));
    m.alpha(r) = Dual1(x.alpha(r), jet.alpha_dot(r));
    for (int c = 0; c < 3; ++c) m.R(r, c) = Dual1(x.R(r, c), R_dot(r, c));
  }
  return m;
}

// The terms of the power balance at one instant.
struct Powers {
  double actuators = 0, external = 0, energy_rate = 0, dissipation = 0;
  double residual() const { return actuators + external - energy_rate - dissipation; }
  double scale() const { return std::abs(actuators) + std::abs(external) + std::abs(energy_rate) + std::abs(dissipation); }
};

// Buffers of one robot along one motion (warm-started inverse kinematics).
struct Workspace {
  const mp::ParallelModel& model;
  mp::ParallelData data;
  mp::ParallelDataTpl<Dual1> dual;
  explicit Workspace(const mp::ParallelModel& m) : model(m), data(m), dual(m) {}
};

// The balance's terms: the actuator forces of `dynamics` (its own Workspace), the energies of `energy`.
Powers powers(Workspace& dynamics, Workspace& energy, const Jet& jet, const manipdyn::ExternalWrench& w) {
  Powers p;
  const Eigen::VectorXd& tau = mp::inverse_dynamics(dynamics.model, dynamics.data, jet.x, w);
  for (int k = 0; k < dynamics.model.actuated_count(); ++k) {
    const auto [leg, joint] = dynamics.model.actuators[static_cast<std::size_t>(k)];
    p.actuators += tau(k) * dynamics.data.qd[static_cast<std::size_t>(leg)](joint);
  }
  p.external = (jet.x.R * w.f).dot(jet.x.v) + (jet.x.R * w.m).dot(jet.x.omega);
  const manipdyn::PlatformMotionTpl<Dual1> xd = dual_motion(jet);
  p.energy_rate = mp::kinetic_energy(energy.model, energy.dual, xd).derivative() +
                  mp::potential_energy(energy.model, energy.dual, xd).derivative();
  p.dissipation = mp::dissipated_power(energy.model, energy.data, jet.x);
  return p;
}

// The model with leg 1's last link 1 % heavier (the negative control).
mp::ParallelModel with_heavier_link(const mp::ParallelModel& model) {
  mp::ParallelDescription d = model.description();
  d.legs.front().joints.back().mass *= 1.01;
  return mp::build_model(d);
}

// The platform pose moved by h along platform coordinate k (a twist component, world axes).
manipdyn::PlatformMotion displaced(const mp::ParallelModel& model, const manipdyn::PlatformMotion& x, int k, double h) {
  const Vector6d d = model.E.col(k) * h;
  manipdyn::PlatformMotion y;
  y.t = x.t + d.head<3>();
  y.R = x.R;
  if (d.tail<3>().norm() > 0) y.R = Eigen::AngleAxisd(d.tail<3>().norm(), d.tail<3>().normalized()).toRotationMatrix() * x.R;
  return y;
}

// Relative residual of A^T tau_a = grad V at rest at the pose of x, tau_a the actuator forces of
// `dynamics`, V the potential energy of `model`: grad V and dq_a/dx by 4th-order central
// differences of potential_energy and inverse_kinematics.
double virtual_work_residual(const mp::ParallelModel& model, const mp::ParallelModel& dynamics,
                             const manipdyn::PlatformMotion& x) {
  mp::ParallelData data(dynamics), fd(model);
  manipdyn::PlatformMotion rest;
  rest.t = x.t;
  rest.R = x.R;
  mp::inverse_kinematics(model, fd, rest.t, rest.R);  // warm start on this assembly
  const Eigen::VectorXd tau = mp::inverse_dynamics(dynamics, data, rest);
  const int p = model.platform_dof();
  Eigen::VectorXd grad(p);
  Eigen::MatrixXd D(model.actuated_count(), p);  // dq_a / dx
  const double w[4] = {1.0 / 12, -8.0 / 12, 8.0 / 12, -1.0 / 12};
  const double steps[4] = {-2, -1, 1, 2};
  for (int k = 0; k < p; ++k) {
    grad(k) = 0;
    D.col(k).setZero();
    for (int s = 0; s < 4; ++s) {
      const manipdyn::PlatformMotion y = displaced(model, rest, k, steps[s] * kStep);
      grad(k) += w[s] / kStep * mp::potential_energy(model, fd, y);
      for (int a = 0; a < model.actuated_count(); ++a) {
        const auto [leg, joint] = model.actuators[static_cast<std::size_t>(a)];
        D(a, k) += w[s] / kStep * fd.q[static_cast<std::size_t>(leg)](joint);
      }
    }
  }
  return (D.transpose() * tau - grad).norm() / std::max(grad.norm(), 1e-300);
}

struct Instance {
  std::string label;
  mp::ParallelModel model;
  double reach, turn, speed;  // the motion's amplitudes (m, rad) and pace
  manipdyn::ExternalWrench wrench;
};

// The balance along the instance's motion, the negative control, and virtual work at rest.
void check_instance(const Instance& in) {
  const SmoothMotion motion(in.model.mobility, in.model.home, in.reach, in.turn, in.speed);
  Workspace ws(in.model), control_ws_energy(in.model);
  const mp::ParallelModel heavier = with_heavier_link(in.model);
  Workspace control(heavier);
  double worst = 0, control_least = 1e300, scale = 0, dissipated = 0, potential_rate = 0;
  for (int s = 0; s < kSamples; ++s) {
    const Jet jet = motion.at(kDuration * s / (kSamples - 1));
    const Powers p = powers(ws, ws, jet, in.wrench);
    worst = std::max(worst, std::abs(p.residual()) / p.scale());
    scale = std::max(scale, p.scale());
    dissipated = std::max(dissipated, p.dissipation);
    potential_rate = std::max(potential_rate, std::abs(mp::potential_energy(in.model, ws.dual, dual_motion(jet)).derivative()));
    const Powers c = powers(control, control_ws_energy, jet, in.wrench);
    control_least = std::min(control_least, std::abs(c.residual()) / c.scale());
  }
  EXPECT_LT(worst, kBalanceTol) << in.label;
  EXPECT_GT(control_least, 100 * kBalanceTol) << in.label << ": the balance does not see a 1 % mass error";
  // the motion exercises every term: gravity's power and the friction are not zero
  EXPECT_GT(potential_rate, 1e-3 * scale) << in.label;
  EXPECT_GT(dissipated, 1e-6 * scale) << in.label;
  // virtual work at rest, at three poses along the motion
  double worst_static = 0, static_control_least = 1e300;
  for (const double t : {0.0, 0.7, 1.6}) {
    worst_static = std::max(worst_static, virtual_work_residual(in.model, in.model, motion.at(t).x));
    static_control_least = std::min(static_control_least, virtual_work_residual(in.model, heavier, motion.at(t).x));
  }
  EXPECT_LT(worst_static, kStaticTol) << in.label;
  EXPECT_GT(static_control_least, 100 * kStaticTol) << in.label << ": virtual work does not see a 1 % mass error";
  std::printf("%-24s power balance worst %.2e (of %.3g W), 1%% mass error >= %.2e; virtual work worst %.2e, "
              "1%% mass error >= %.2e\n",
              in.label.c_str(), worst, scale, control_least, worst_static, static_control_least);
}

manipdyn::ExternalWrench some_wrench(double force, double moment) {
  manipdyn::ExternalWrench w;
  w.f = force * Vector3d(0.3, -0.5, 0.8);
  w.m = moment * Vector3d(-0.2, 0.4, 0.9);
  return w;
}

// An asymmetric Stewart platform: every leg's points, axis and mass properties distinct.
ms::StewartModel random_stewart(unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  ms::StewartParameters prm = ms::dasgupta_test_parameters(false);
  prm.name = "random_stewart";
  for (int i = 0; i < 6; ++i) {
    const double base_angle = i * M_PI / 3 + 0.25 * u(gen);
    const double platform_angle = base_angle + 0.45 + 0.15 * u(gen);
    prm.b.col(i) = Vector3d(0.55 * std::cos(base_angle), 0.55 * std::sin(base_angle), 0.04 * u(gen));
    prm.p.col(i) = Vector3d(0.28 * std::cos(platform_angle), 0.28 * std::sin(platform_angle), 0.04 * u(gen));
    prm.k.col(i) = Vector3d(u(gen), u(gen), 0.3 * u(gen)).normalized();
    ms::LegMassProperties& leg = prm.legs[static_cast<std::size_t>(i)];
    leg.m_d = 2.5 + u(gen);
    leg.m_u = 1.2 + 0.4 * u(gen);
    leg.r_d0 = Vector3d(0.25 + 0.1 * u(gen), 0.04 * u(gen), 0.04 * u(gen));
    leg.r_u0 = Vector3d(-0.25 + 0.1 * u(gen), 0.04 * u(gen), 0.04 * u(gen));
    const Matrix3d Q = Eigen::AngleAxisd(M_PI * u(gen), Vector3d(u(gen), u(gen), u(gen)).normalized()).toRotationMatrix();
    leg.I_d0 = Q * Vector3d(0.005, 0.028, 0.03).asDiagonal() * Q.transpose();
    leg.I_u0 = Q.transpose() * Vector3d(0.003, 0.012, 0.013).asDiagonal() * Q;
  }
  prm.R0 = Vector3d(0.03, -0.02, -0.05);
  prm.Cu = 0.04;  // friction large enough that its power shows in the balance
  prm.Cp = 1.5;
  prm.Cs = 0.02;
  return ms::build_model(prm);
}

}  // namespace

TEST(ParallelPowerBalance, StewartDasguptaCorrected) {
  check_instance({"from_stewart dasgupta", mp::from_stewart(ms::dasgupta_test_platform(false)), 0.05, 0.12, 1.5,
                  some_wrench(20.0, 3.0)});
}

TEST(ParallelPowerBalance, StewartRandomAsymmetricWithFriction) {
  check_instance({"from_stewart random", mp::from_stewart(random_stewart(7)), 0.05, 0.12, 2.5, some_wrench(15.0, 2.0)});
}

TEST(ParallelPowerBalance, SixRus) {
  mp::SixRusParameters prm;
  prm.motor_viscous = 2e-3;
  prm.motor_coulomb = 0.01;
  prm.gear_ratio = 5.0;
  prm.cut_viscous = 1e-3;
  prm.platform.com = Vector3d(0.01, -0.005, 0.02);
  check_instance({"six_rus", mp::six_rus(prm), 0.012, 0.08, 2.0, some_wrench(5.0, 0.3)});
}

TEST(ParallelPowerBalance, Planar3rrrUpright) {
  mp::Planar3rrrParameters prm;
  prm.gravity = Vector3d(0.0, -9.81, 0.0);  // standing in its x-y plane: gravity does work
  prm.motor_viscous = 1e-3;
  prm.motor_coulomb = 0.02;
  prm.elbow_viscous = 5e-3;
  prm.cut_viscous = 2e-3;
  prm.platform.com = Vector3d(0.02, 0.01, 0.0);
  check_instance({"planar_3rrr", mp::planar_3rrr(prm), 0.05, 0.2, 2.0, some_wrench(4.0, 0.5)});
}

TEST(ParallelPowerBalance, FiveBarUpright) {
  mp::FiveBarParameters prm;
  prm.gravity = Vector3d(0.0, -9.81, 0.0);
  prm.motor_viscous = 1e-3;
  prm.motor_coulomb = 0.02;
  prm.elbow_viscous = 5e-3;
  check_instance({"five_bar", mp::five_bar(prm), 0.06, 0.0, 2.0, some_wrench(3.0, 0.0)});
}

TEST(ParallelPowerBalance, DeltaRl5WithMotorFriction) {
  // the RL5-1450 Delta, its motors given viscous and Coulomb friction and the cut joints a viscosity
  mp::ParallelDescription d = mp::delta_rl5_1450().description();
  for (mp::LegDescription& leg : d.legs) {
    leg.joints[0].viscous = 0.02;
    leg.joints[0].coulomb_positive = 0.1;
    leg.joints[0].coulomb_negative = -0.1;
    leg.cut_viscous = 1e-3;
  }
  check_instance({"delta rl5_1450", mp::build_model(d), 0.08, 0.0, 2.0, some_wrench(10.0, 0.0)});
}
