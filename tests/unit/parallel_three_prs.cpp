// The 3-PRS (builtin_models.hpp: three_prs), a platform whose legs take away half its mobility:
// its dependent coordinates, complete_motion against the legs' planes (an independent closure
// condition), and the power balance of its inverse dynamics with time derivatives taken exactly
// by dual numbers through the whole completion (the dependent motion's too).
#include <gtest/gtest.h>

#include <type_traits>

#include "manipdyn/core/dual.hpp"
#include "manipdyn/core/rotation.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/forward_kinematics.hpp"
#include "manipdyn/parallel/workspace.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "support/error_message.hpp"

namespace mp = manipdyn::parallel;
using manipdyn::Dual1;
using manipdyn::Matrix3;
using manipdyn::Vector3;
using manipdyn::Vector3d;
using manipdyn::test_support::message_of;

namespace {
// z(t), roll(t), pitch(t) of the platform: smooth, with their first three derivatives
struct Independent {
  double value[3], rate[3], acc[3], jerk[3];
};
Independent independent_at(double t, double z0) {
  Independent s{};
  const double A[3] = {0.03, 0.12, -0.10}, w[3] = {2.0, 3.0, 2.5}, c[3] = {z0, 0.0, 0.02};
  for (int k = 0; k < 3; ++k) {
    s.value[k] = c[k] + A[k] * std::sin(w[k] * t);
    s.rate[k] = A[k] * w[k] * std::cos(w[k] * t);
    s.acc[k] = -A[k] * w[k] * w[k] * std::sin(w[k] * t);
    s.jerk[k] = -A[k] * w[k] * w[k] * w[k] * std::cos(w[k] * t);
  }
  return s;
}

// The motion of the independent coordinates at time t, with the dependent ones (x, y, yaw and
// the yaw rate) taken from a guess: in Dual1, each quantity's derivative part is its time
// derivative (the dependent ones' are completed). World alpha_x, alpha_y depend on the yaw rate
// (through the RPY rates' cross terms), so the guess must carry it: the test completes the
// motion in double first, to get yaw and its rate, then in Dual1.
template <typename S>
manipdyn::PlatformMotionTpl<S> motion_of(const Independent& s, double x0, double y0, double yaw, double yaw_rate) {
  auto make = [](double value, double derivative) {
    if constexpr (std::is_same_v<S, double>) {
      (void)derivative;
      return value;
    } else {
      return S(value, derivative);
    }
  };
  manipdyn::PlatformMotionTpl<S> x;
  x.t = Vector3<S>(make(x0, 0.0), make(y0, 0.0), make(s.value[0], s.rate[0]));
  const Vector3<S> rpy(make(s.value[1], s.rate[1]), make(s.value[2], s.rate[2]), make(yaw, yaw_rate));
  x.R = manipdyn::rotation_from_rpy(rpy);
  const Vector3<S> rate(make(s.rate[1], s.acc[1]), make(s.rate[2], s.acc[2]), make(yaw_rate, 0.0));
  const Vector3<S> acc(make(s.acc[1], s.jerk[1]), make(s.acc[2], s.jerk[2]), make(0.0, 0.0));
  x.omega = manipdyn::angular_velocity_from_rpy(rpy, rate);
  x.alpha = manipdyn::angular_acceleration_from_rpy(rpy, rate, acc);
  x.v = Vector3<S>(make(0.0, 0.0), make(0.0, 0.0), make(s.rate[0], s.acc[0]));
  x.a = Vector3<S>(make(0.0, 0.0), make(0.0, 0.0), make(s.acc[0], s.jerk[0]));
  return x;
}

// kinetic + potential energy of the legs (their chains' mass matrices and centres of mass) and
// of the platform, from the legs' state in data and the platform's motion
Dual1 energy(const mp::ParallelModel& model, mp::ParallelDataTpl<Dual1>& data, const manipdyn::PlatformMotionTpl<Dual1>& x) {
  Dual1 e(0.0);
  const Vector3<Dual1> g = model.gravity.cast<Dual1>();
  for (int i = 0; i < model.leg_count(); ++i) {
    const std::size_t ii = static_cast<std::size_t>(i);
    const auto& chain = model.legs[ii].chain;
    manipdyn::SerialDataTpl<Dual1> sd(chain);
    const auto& H = manipdyn::mass_matrix(chain, sd, data.q[ii]);
    e += Dual1(0.5) * data.qd[ii].dot(H * data.qd[ii]);
    double mass = 0;
    for (const auto& link : chain.links) mass += link.mass;
    e -= Dual1(mass) * g.dot(manipdyn::center_of_mass(chain, sd, data.q[ii]));
  }
  const Vector3<Dual1> c = x.R * model.platform.com.cast<Dual1>();
  const Vector3<Dual1> vc = x.v + x.omega.cross(c);
  const Matrix3<Dual1> I = x.R * model.platform.inertia.cast<Dual1>() * x.R.transpose();
  e += Dual1(0.5 * model.platform.mass) * vc.squaredNorm() + Dual1(0.5) * x.omega.dot(I * x.omega);
  e -= Dual1(model.platform.mass) * g.dot(Vector3<Dual1>(x.t + c));
  return e;
}
}  // namespace

TEST(ParallelThreePrs, TheLegsFixXYAndYaw) {
  const mp::ParallelModel model = mp::three_prs();
  EXPECT_EQ(model.platform_dof(), 6);
  EXPECT_EQ(model.dof(), 3);
  EXPECT_EQ(model.dependent, (std::vector<int>{0, 1, 5}));    // vx, vy, wz
  EXPECT_EQ(model.independent, (std::vector<int>{2, 3, 4}));  // vz, wx, wy
  for (const mp::Leg& leg : model.legs) EXPECT_EQ(leg.chain.dof(), 2);
}

TEST(ParallelThreePrs, CompletedMotionKeepsEachPlatformPointInItsLegsPlane) {
  const mp::ParallelModel model = mp::three_prs();
  mp::ParallelData data(model);
  manipdyn::PlatformMotion guess;
  guess.t = model.home.translation();
  double worst = 0, worst_rate = 0;
  for (int k = 0; k < 30; ++k) {
    const Independent s = independent_at(0.1 * k, model.home.translation().z());
    manipdyn::PlatformMotion x;
    x.t = Vector3d(guess.t.x(), guess.t.y(), s.value[0]);
    x.R = manipdyn::rotation_from_rpy(Vector3d(s.value[1], s.value[2], 0.0));
    x.v = Vector3d(0.3, -0.2, s.rate[0]);  // dependent components: replaced
    x.omega = Vector3d(s.rate[1], s.rate[2], 0.7);
    const manipdyn::PlatformMotion done = mp::complete_motion(model, data, x);
    // the independent components as given
    EXPECT_DOUBLE_EQ(done.t.z(), x.t.z());
    EXPECT_DOUBLE_EQ(done.v.z(), x.v.z());
    EXPECT_NEAR(done.omega.x(), x.omega.x(), 1e-15);
    // leg i's plane holds the z axis and its radial direction: its normal is the tangent
    for (int i = 0; i < 3; ++i) {
      const Vector3d base = model.legs[static_cast<std::size_t>(i)].chain.base.translation();
      const Vector3d tangent = Vector3d::UnitZ().cross(base.normalized());
      const Vector3d r = done.R * model.legs[static_cast<std::size_t>(i)].platform_point;
      worst = std::max(worst, std::abs((done.t + r).dot(tangent)));
      worst_rate = std::max(worst_rate, std::abs((done.v + done.omega.cross(r)).dot(tangent)));
    }
    guess = done;
  }
  EXPECT_LT(worst, 1e-13);
  EXPECT_LT(worst_rate, 1e-13);
}

TEST(ParallelThreePrs, ActuatorPowerIsTheRateOfTheEnergy) {
  const mp::ParallelModel model = mp::three_prs();
  mp::ParallelDataTpl<Dual1> data(model);
  mp::ParallelData plain(model);
  double x0 = 0, y0 = 0, yaw = 0, yaw_rate = 0;
  double worst = 0, scale = 0;
  for (int k = 0; k < 25; ++k) {
    const Independent s = independent_at(0.13 * k, model.home.translation().z());
    // yaw and its rate: omega_z = yaw_rate - roll_rate sin(pitch) for R = Rz Ry Rx
    for (int pass = 0; pass < 3; ++pass) {
      const manipdyn::PlatformMotion d = mp::complete_motion(model, plain, motion_of<double>(s, x0, y0, yaw, yaw_rate));
      x0 = d.t.x();
      y0 = d.t.y();
      yaw = std::atan2(d.R(1, 0), d.R(0, 0));
      yaw_rate = d.omega.z() + s.rate[1] * std::sin(s.value[2]);
    }
    const manipdyn::PlatformMotionTpl<Dual1> x = mp::complete_motion(model, data, motion_of<Dual1>(s, x0, y0, yaw, yaw_rate));
    // the completion's time derivatives are its own rates: d/dt t = v
    for (int a = 0; a < 3; ++a) EXPECT_NEAR(x.t(a).derivative(), x.v(a).x[0], 1e-12);
    const auto& tau = mp::inverse_dynamics(model, data, x);
    const Dual1 e = energy(model, data, x);
    double power = 0;
    for (int k2 = 0; k2 < model.actuated_count(); ++k2) {
      const auto [i, j] = model.actuators[static_cast<std::size_t>(k2)];
      power += tau(k2).x[0] * data.qd[static_cast<std::size_t>(i)](j).x[0];
    }
    worst = std::max(worst, std::abs(power - e.derivative()));
    scale = std::max(scale, std::abs(power));
  }
  EXPECT_GT(scale, 0.1);
  EXPECT_LT(worst, 1e-10 * scale);
  std::printf("3-PRS power balance: worst |P - dE/dt| = %.2e W of %.2e W\n", worst, scale);
}

TEST(ParallelThreePrs, AMotionTheLegsDoNotAllowIsRefused) {
  const mp::ParallelModel model = mp::three_prs();
  mp::ParallelData data(model);
  manipdyn::PlatformMotion x;
  x.t = model.home.translation() + Vector3d(0.01, 0, 0);  // x is dependent: not free
  const std::string m = message_of([&] { mp::leg_motion(model, data, x); });
  EXPECT_NE(m.find("cannot reach its platform point"), std::string::npos) << m;
  EXPECT_NE(m.find("complete_motion"), std::string::npos) << m;
  x.t = model.home.translation();
  x.v = Vector3d(0.1, 0, 0);
  const std::string v = message_of([&] { mp::leg_motion(model, data, x); });
  EXPECT_NE(v.find("velocity is not one the legs allow"), std::string::npos) << v;
}

TEST(ParallelThreePrs, ForwardKinematicsFindsTheCompletedPose) {
  const mp::ParallelModel model = mp::three_prs();
  mp::ParallelData data(model);
  manipdyn::PlatformMotion x;
  x.t = model.home.translation() + Vector3d(0, 0, 0.02);
  x.R = manipdyn::rotation_from_rpy(Vector3d(0.1, -0.08, 0.0));
  const manipdyn::PlatformMotion done = mp::complete_motion(model, data, x);
  manipdyn::VectorXd q_a(3);
  for (int k = 0; k < 3; ++k) q_a(k) = data.q[static_cast<std::size_t>(k)](0);
  mp::ParallelData fresh(model);
  const mp::ForwardKinematicsResult r =
      mp::forward_kinematics(model, fresh, q_a, model.home.translation(), model.home.linear());
  EXPECT_LT((r.t - done.t).norm(), 1e-10);
  EXPECT_LT((r.R - done.R).norm(), 1e-10);
  // the atlas needs free positions: refused with the reason
  EXPECT_NE(message_of([&] { mp::workspace_atlas(model); }).find("fix some of its platform's coordinates"),
            std::string::npos);
  // conditioning over the allowed rates (3 x 3)
  const mp::Conditioning c = mp::conditioning(model, data, done.t, done.R);
  EXPECT_GT(c.actuation, 0.01);
  EXPECT_LE(c.actuation, 1.0);
}
