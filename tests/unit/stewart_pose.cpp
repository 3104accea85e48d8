// Unit tests of include/manipdyn/stewart/pose.hpp: RPY (Dasgupta 1998 eq. 38) and the rates.
#include <gtest/gtest.h>

#include "manipdyn/stewart/pose.hpp"

namespace ms = manipdyn::stewart;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;

namespace {
constexpr double kFdTol = 1e-9;
Matrix3d rot(int axis, double a) {
  return Eigen::AngleAxisd(a, Vector3d::Unit(axis)).toRotationMatrix();
}
Vector3d vee(const Matrix3d& m) { return Vector3d(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1)) / 2; }
}  // namespace

TEST(StewartPose, RpyIsRzRyRx) {
  const Vector3d th(0.3, -0.7, 1.9);
  const Matrix3d R = ms::rpy_to_rotation(th);
  EXPECT_LT((R - rot(2, th.z()) * rot(1, th.y()) * rot(0, th.x())).norm(), 1e-15);
}

TEST(StewartPose, AngularVelocityAndAccelerationMatchFiniteDifferences) {
  const auto theta = [](double t) { return Vector3d(0.4 * std::sin(1.3 * t), -0.3 * std::cos(0.7 * t), 0.9 * t * t); };
  const auto theta_d = [](double t) { return Vector3d(0.52 * std::cos(1.3 * t), 0.21 * std::sin(0.7 * t), 1.8 * t); };
  const auto theta_dd = [](double t) { return Vector3d(-0.676 * std::sin(1.3 * t), 0.147 * std::cos(0.7 * t), 1.8); };
  const double h = 1e-5;
  for (double t : {0.1, 0.8, 1.7}) {
    const Matrix3d Rd = (ms::rpy_to_rotation<double>(theta(t + h)) - ms::rpy_to_rotation<double>(theta(t - h))) / (2 * h);
    const Vector3d w_fd = vee(Rd * ms::rpy_to_rotation<double>(theta(t)).transpose());
    const Vector3d w = ms::angular_velocity_from_rpy<double>(theta(t), theta_d(t));
    EXPECT_LT((w - w_fd).norm(), kFdTol * (1 + w.norm()));
    const Vector3d a_fd = (ms::angular_velocity_from_rpy<double>(theta(t + h), theta_d(t + h)) -
                           ms::angular_velocity_from_rpy<double>(theta(t - h), theta_d(t - h))) / (2 * h);
    const Vector3d a = ms::angular_acceleration_from_rpy<double>(theta(t), theta_d(t), theta_dd(t));
    EXPECT_LT((a - a_fd).norm(), kFdTol * (1 + a.norm()));
  }
}
