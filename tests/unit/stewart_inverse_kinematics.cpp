// Unit tests of include/manipdyn/stewart/inverse_kinematics.hpp: finite-difference checks of the
// leg rates, both leg angular velocities and accelerations, and the error paths.
#include <gtest/gtest.h>

#include <functional>

#include "manipdyn/stewart/inverse_kinematics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "support/error_message.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {
constexpr double kFdTol = 1e-8;  // relative, 4th-order central differences with h = 1e-3
constexpr double kH = 1e-3;

ms::PlatformMotion smooth(double t) {
  Vector3d p, v, a, th, thd, thdd;
  const Vector3d c(0.1, 0.05, 0.55), amp(0.1, -0.07, 0.06), w(2.1, 1.4, 2.9);
  const Vector3d rc(0.05, -0.1, 0.2), ramp(0.15, 0.1, 0.3), rw(1.7, 2.6, 1.2);
  for (int j = 0; j < 3; ++j) {
    p(j) = c(j) + amp(j) * std::sin(w(j) * t + j);
    v(j) = amp(j) * w(j) * std::cos(w(j) * t + j);
    a(j) = -amp(j) * w(j) * w(j) * std::sin(w(j) * t + j);
    th(j) = rc(j) + ramp(j) * std::sin(rw(j) * t - j);
    thd(j) = ramp(j) * rw(j) * std::cos(rw(j) * t - j);
    thdd(j) = -ramp(j) * rw(j) * rw(j) * std::sin(rw(j) * t - j);
  }
  return ms::motion_from_rpy(p, th, v, thd, a, thdd);
}

template <typename T>
T fd(const std::function<T(double)>& f, double t) {
  return (T(-f(t + 2 * kH) + 8 * f(t + kH) - 8 * f(t - kH) + f(t - 2 * kH))) / (12 * kH);
}

Vector3d vee(const Matrix3d& m) {
  return Vector3d(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1)) / 2;
}

using manipdyn::test_support::message_of;
}  // namespace

TEST(StewartInverseKinematics, RatesMatchFiniteDifferences) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  const auto ik = [&](double t) {
    ms::StewartData d(model);
    ms::inverse_kinematics(model, d, smooth(t));
    return d;
  };
  for (double t : {0.2, 0.9, 1.5}) {
    const ms::StewartData d = ik(t);
    const Vector6d Ld = fd<Vector6d>([&](double x) { return Vector6d(ik(x).L); }, t);
    const Vector6d Ldd = fd<Vector6d>([&](double x) { return Vector6d(ik(x).Ld); }, t);
    EXPECT_LT((Ld - d.Ld).norm(), kFdTol * (1 + d.Ld.norm()));
    EXPECT_LT((Ldd - d.Ldd).norm(), kFdTol * (1 + d.Ldd.norm()));
    for (int i = 0; i < 6; ++i) {
      const auto col = [&](auto member) {
        return [&, member](double x) { return Vector3d((ik(x).*member).col(i)); };
      };
      // no-spin kinematics (eqs. 6, 9): W = s x ds/dt, A = dW/dt
      const Vector3d sd = fd<Vector3d>(col(&ms::StewartData::s), t);
      const Vector3d W = d.s.col(i).cross(sd);
      EXPECT_LT((W - d.W.col(i)).norm(), kFdTol * (1 + W.norm())) << "leg " << i;
      EXPECT_NEAR(d.W.col(i).dot(d.s.col(i)), 0.0, 1e-14);
      const Vector3d A = fd<Vector3d>(col(&ms::StewartData::W), t);
      EXPECT_LT((A - d.A.col(i)).norm(), kFdTol * (1 + A.norm())) << "leg " << i;
      EXPECT_LT((fd<Vector3d>(col(&ms::StewartData::S_), t) - d.Sd.col(i)).norm(), kFdTol);
      EXPECT_LT((fd<Vector3d>(col(&ms::StewartData::Sd), t) - d.Sdd.col(i)).norm(), kFdTol * (1 + d.Sdd.col(i).norm()));
      // exact U-joint kinematics: omega_l is the angular velocity of the eq.-10 frame
      const Matrix3d Td = fd<Matrix3d>([&](double x) { return ik(x).T[static_cast<std::size_t>(i)]; }, t);
      const Vector3d wl = vee(Td * d.T[static_cast<std::size_t>(i)].transpose());
      EXPECT_LT((wl - d.omega_l.col(i)).norm(), kFdTol * (1 + wl.norm())) << "leg " << i;
      const Vector3d al = fd<Vector3d>(col(&ms::StewartData::omega_l), t);
      EXPECT_LT((al - d.alpha_l.col(i)).norm(), kFdTol * (1 + al.norm())) << "leg " << i;
      // it has no component along the cross normal c, and w_u k + w_v v reproduces it
      EXPECT_NEAR(d.omega_l.col(i).dot(d.c.col(i)), 0.0, 1e-14);
      const Vector3d recon = d.omega_u(i) * model.k.col(i) + d.omega_v(i) * d.T[static_cast<std::size_t>(i)].col(1);
      EXPECT_LT((recon - d.omega_l.col(i)).norm(), 1e-14);
      EXPECT_NEAR(d.spin(i), d.omega_l.col(i).dot(d.s.col(i)), 1e-14);
      EXPECT_NEAR(d.spin_acc(i), d.alpha_l.col(i).dot(d.s.col(i)), 1e-12);
    }
  }
}

TEST(StewartInverseKinematics, LegFrameIsEq10) {
  const ms::StewartModel model = ms::dasgupta_test_platform(true);
  ms::StewartData d(model);
  ms::inverse_kinematics(model, d, smooth(0.3));
  for (int i = 0; i < 6; ++i) {
    const Matrix3d& T = d.T[static_cast<std::size_t>(i)];
    EXPECT_LT((T.transpose() * T - Matrix3d::Identity()).norm(), 1e-14);
    EXPECT_NEAR(T.determinant(), 1.0, 1e-14);
    EXPECT_LT((T.col(0) - d.s.col(i)).norm(), 1e-15);
    EXPECT_LT((T.col(1) - model.k.col(i).cross(d.s.col(i)).normalized()).norm(), 1e-14);
    EXPECT_NEAR((d.S_.col(i)).norm(), d.L(i), 1e-15);
  }
}

TEST(StewartInverseKinematics, ErrorsNamePoseAndLeg) {
  ms::StewartParameters prm = ms::dasgupta_test_parameters(false);
  ms::PlatformMotion m;
  m.t = Vector3d(0.0, 0.0, 0.5);
  // leg 4 along its U-joint axis: put k_4 along the leg
  prm.k.col(3) = (m.R * prm.p.col(3) + m.t - prm.b.col(3)).normalized();
  ms::StewartModel model = ms::build_model(prm);
  ms::StewartData d(model);
  std::string msg = message_of([&] { ms::inverse_kinematics(model, d, m); });
  EXPECT_NE(msg.find("leg 4 axis is parallel to its U-joint axis k_4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("pose t = [0, 0, 0.5], rpy = [0, 0, 0]"), std::string::npos) << msg;
  // zero-length leg 2: platform point on the base point
  model = ms::dasgupta_test_platform(false);
  m.t = model.b.col(1) - model.p.col(1);
  msg = message_of([&] { ms::inverse_kinematics(model, d, m); });
  EXPECT_NE(msg.find("leg 2 has zero length at pose t = ["), std::string::npos) << msg;
  // a position so far away that the leg length overflows: named as such, not as a singular leg
  m.t = Vector3d(0.0, 0.0, 1e200);
  msg = message_of([&] { ms::inverse_kinematics(model, d, m); });
  EXPECT_NE(msg.find("leg 1 length is not finite (overflow: the position t is too large) at pose t = [0, 0, 1e+200]"),
            std::string::npos)
      << msg;
  // non-finite and non-rotation input
  m = ms::PlatformMotion{};
  m.omega(1) = std::nan("");
  EXPECT_NE(message_of([&] { ms::inverse_kinematics(model, d, m); }).find("inverse_kinematics: motion.omega[1] is nan"),
            std::string::npos);
  m = ms::PlatformMotion{};
  m.R(0, 0) = 2;
  EXPECT_NE(message_of([&] { ms::inverse_kinematics(model, d, m); }).find("motion.R is not a rotation matrix"),
            std::string::npos);
}

// Clarification of issue 18: an overflowing leg length names the input that overflowed (the base
// point or the platform point of the leg, or the position t), not always t.
TEST(StewartInverseKinematics, OverflowNamesTheInputThatOverflowed) {
  ms::PlatformMotion m;
  m.t = Vector3d(0.0, 0.0, 0.5);
  ms::StewartParameters prm = ms::dasgupta_test_parameters(false);
  prm.b(0, 0) = 1e200;
  ms::StewartModel model = ms::build_model(prm);
  ms::StewartData d(model);
  std::string msg = message_of([&] { ms::inverse_kinematics(model, d, m); });
  EXPECT_NE(msg.find("inverse_kinematics: leg 1 length is not finite (overflow: the base point b_1 is too "
                     "large, |b_1| = 1e+200 m) at pose t = [0, 0, 0.5]"),
            std::string::npos)
      << msg;
  EXPECT_EQ(msg.find("position t"), std::string::npos) << msg;
  prm = ms::dasgupta_test_parameters(false);
  prm.p(2, 3) = -1e200;
  model = ms::build_model(prm);
  msg = message_of([&] { ms::inverse_kinematics(model, d, m); });
  EXPECT_NE(msg.find("leg 4 length is not finite (overflow: the platform point p_4 is too large, |p_4| = "
                     "1e+200 m)"),
            std::string::npos)
      << msg;
}
