// Unit tests of include/manipdyn/core/body_regressor.hpp: A pi against the Newton-Euler wrench
// computed directly from the mass, the centre of mass and the centroidal inertia.
#include <gtest/gtest.h>

#include <random>

#include <Eigen/Geometry>

#include "manipdyn/core/body_regressor.hpp"
#include "manipdyn/core/counting_scalar.hpp"

using manipdyn::BodyParametersd;
using manipdyn::Matrix3d;
using manipdyn::Vector3d;
using manipdyn::Vector6d;

namespace {

constexpr double kTolerance = 1e-12;  // relative to the size of the wrench

// A random rigid body: mass, centre of mass and a physical centroidal inertia.
struct Body {
  double m;
  Vector3d c;
  Matrix3d I_com;
};

Body random_body(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Body b;
  b.m = 0.5 + 4.0 * (u(rng) + 1.0);
  b.c = 0.3 * Vector3d(u(rng), u(rng), u(rng));
  const Eigen::Quaterniond q = Eigen::Quaterniond(u(rng), u(rng), u(rng), u(rng)).normalized();
  const Vector3d d = Vector3d(0.1 + u(rng) * 0.05, 0.12 + u(rng) * 0.05, 0.15 + u(rng) * 0.05);
  b.I_com = q.toRotationMatrix() * d.asDiagonal() * q.toRotationMatrix().transpose();
  return b;
}

// [m, m c, I about the origin] in the order of body_wrench_regressor.
BodyParametersd parameters_of(const Body& b) {
  const Matrix3d I = b.I_com + b.m * (b.c.squaredNorm() * Matrix3d::Identity() - b.c * b.c.transpose());
  BodyParametersd pi;
  pi << b.m, b.m * b.c, I(0, 0), I(0, 1), I(1, 1), I(0, 2), I(1, 2), I(2, 2);
  return pi;
}

// Newton's and Euler's equations at the centre of mass, the moment moved to the origin:
// f = m a_c, a_c = a + w_dot x c + w x (w x c); n = I_com w_dot + w x I_com w + c x f.
Vector6d newton_euler_wrench(const Body& b, const Vector3d& w, const Vector3d& wd, const Vector3d& a) {
  const Vector3d a_c = a + wd.cross(b.c) + w.cross(w.cross(b.c));
  Vector6d out;
  out.head<3>() = b.m * a_c;
  out.tail<3>() = b.I_com * wd + w.cross(b.I_com * w) + b.c.cross(out.head<3>());
  return out;
}

}  // namespace

TEST(BodyRegressor, EqualsNewtonEulerOnRandomBodiesAndMotions) {
  std::mt19937 rng(19);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Body b = random_body(rng);
    const Vector3d w = 3.0 * Vector3d(u(rng), u(rng), u(rng));
    const Vector3d wd = 10.0 * Vector3d(u(rng), u(rng), u(rng));
    const Vector3d a = 20.0 * Vector3d(u(rng), u(rng), u(rng));
    const Vector6d expected = newton_euler_wrench(b, w, wd, a);
    const Vector6d got = manipdyn::body_wrench_regressor<double>(w, wd, a) * parameters_of(b);
    EXPECT_LE((got - expected).norm(), kTolerance * (1.0 + expected.norm())) << "trial " << trial;
  }
}

TEST(BodyRegressor, EachColumnIsTheWrenchOfItsParameterAlone) {
  // a point mass at the origin (only m), at rest under gravity: f = -m g, n = 0
  const Vector3d g(0, 0, -9.81);
  const auto A = manipdyn::body_wrench_regressor<double>(Vector3d::Zero(), Vector3d::Zero(), -g);
  EXPECT_EQ(A.col(0), (Vector6d() << 0, 0, 9.81, 0, 0, 0).finished());
  // a body spinning steadily about z with I = Izz only: no wrench; with Ixz: n_y = Ixz wz^2
  const auto B = manipdyn::body_wrench_regressor<double>(Vector3d(0, 0, 2), Vector3d::Zero(), Vector3d::Zero());
  EXPECT_EQ(B.col(9).norm(), 0.0);
  EXPECT_EQ(B(4, 7), 4.0);
}

TEST(BodyRegressor, CountedScalarGivesTheSameNumbers) {
  using manipdyn::Counted;
  const Vector3d w(0.3, -1.2, 0.7), wd(2.0, 0.5, -1.5), a(0.1, -0.4, 9.81);
  const auto expected = manipdyn::body_wrench_regressor<double>(w, wd, a);
  const auto got = manipdyn::body_wrench_regressor<Counted>(w.cast<Counted>(), wd.cast<Counted>(),
                                                            a.cast<Counted>());
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < manipdyn::kBodyParameters; ++c) EXPECT_EQ(got(r, c).value(), expected(r, c));
}
