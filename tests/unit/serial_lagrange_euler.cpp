// Unit tests of the Lagrange-Euler formulation (src/serial/lagrange_euler.cpp): the partials U_ij
// and U_ijk against finite differences of the transforms, the structure of D and C^k, the split
// tau = D qdd + h + c, G against finite differences of the potential, and the input checks.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dh_transform.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"

namespace manipdyn {
namespace {

// Central differences with step h have truncation error ~h^2 |f'''| and rounding ~eps/h.
constexpr double kFdStep = 1e-6;
constexpr double kFdTolerance = 1e-7;
// Identities between algebraically equal expressions of the same algorithm.
constexpr double kAlgebraTolerance = 1e-12;

VectorXd random_vector(int n, std::mt19937_64& rng, double scale = 1.0) {
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

// 0T_i of model.standard (chain frame 0) for all links, composed independently of the library's
// Lagrange-Euler code.
AlignedVector<Matrix4d> chain_transforms(const SerialModel& model, const VectorXd& q) {
  const DhChain& c = model.standard;
  AlignedVector<Matrix4d> T(c.n + 1, Matrix4d::Identity());
  for (int i = 0; i < c.n; ++i) {
    const double theta = c.theta[i] + (c.type[i] == JointType::revolute ? q[i] : 0.0);
    const double d = c.d[i] + (c.type[i] == JointType::prismatic ? q[i] : 0.0);
    T[i + 1] = T[i] * dh_transform(DhConvention::standard, c.a[i], c.alpha[i], d, theta).matrix();
  }
  return T;
}

double rel_scale(const MatrixXd& m) { return std::max(1.0, m.cwiseAbs().maxCoeff()); }

class LagrangeEulerArms : public ::testing::TestWithParam<DhConvention> {};

TEST_P(LagrangeEulerArms, FirstPartialsMatchFiniteDifferences) {
  for (int n : {1, 3, 6}) {
    const SerialModel model = random_arm(n, 100 + n, GetParam(), {.prismatic_fraction = 0.4});
    SerialData data(model);
    std::mt19937_64 rng(7);
    const VectorXd q = random_vector(n, rng, 2.0);
    mass_matrix_lagrange_euler(model, data, q);  // fills data.U
    ASSERT_EQ(data.U.size(), static_cast<std::size_t>(n * n));
    for (int j = 0; j < n; ++j) {
      VectorXd qp = q, qm = q;
      qp[j] += kFdStep;
      qm[j] -= kFdStep;
      const auto Tp = chain_transforms(model, qp), Tm = chain_transforms(model, qm);
      for (int i = 0; i < n; ++i) {
        const Matrix4d fd = (Tp[i + 1] - Tm[i + 1]) / (2 * kFdStep);
        const Matrix4d expected = j <= i ? fd : Matrix4d::Zero();
        if (j <= i)
          EXPECT_LT((data.U[i * n + j] - expected).cwiseAbs().maxCoeff(), kFdTolerance)
              << "n " << n << " U_" << i + 1 << "," << j + 1;
        else
          EXPECT_LT(fd.cwiseAbs().maxCoeff(), kFdTolerance);  // links before joint j don't move
      }
    }
  }
}

TEST_P(LagrangeEulerArms, SecondPartialsMatchFiniteDifferencesAndAreSymmetric) {
  const int n = 5;
  const SerialModel model = random_arm(n, 31, GetParam(), {.prismatic_fraction = 0.4});
  SerialData data(model), data_p(model), data_m(model);
  std::mt19937_64 rng(8);
  const VectorXd q = random_vector(n, rng, 2.0);
  velocity_coupling_lagrange_euler(model, data, q);  // fills data.U and data.U3
  ASSERT_EQ(data.U3.size(), static_cast<std::size_t>(n * n * n));
  for (int k = 0; k < n; ++k) {
    VectorXd qp = q, qm = q;
    qp[k] += kFdStep;
    qm[k] -= kFdStep;
    mass_matrix_lagrange_euler(model, data_p, qp);
    mass_matrix_lagrange_euler(model, data_m, qm);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) {
        if (k > i) continue;
        const Matrix4d fd = (data_p.U[i * n + j] - data_m.U[i * n + j]) / (2 * kFdStep);
        EXPECT_LT((data.U3[(i * n + j) * n + k] - fd).cwiseAbs().maxCoeff(), kFdTolerance)
            << "U_" << i + 1 << "," << j + 1 << "," << k + 1;
        EXPECT_EQ(data.U3[(i * n + j) * n + k], data.U3[(i * n + k) * n + j]);
      }
  }
}

TEST_P(LagrangeEulerArms, MassMatrixIsSymmetricPositiveDefinite) {
  for (int n = 1; n <= 8; ++n) {
    const SerialModel model = random_arm(n, 200 + n, GetParam());
    SerialData data(model);
    std::mt19937_64 rng(n);
    const MatrixXd M = mass_matrix_lagrange_euler(model, data, random_vector(n, rng, 3.0));
    EXPECT_EQ(M, M.transpose());
    const Eigen::SelfAdjointEigenSolver<MatrixXd> eig(M);
    EXPECT_GT(eig.eigenvalues().minCoeff(), 0.0) << "n " << n;
  }
}

TEST_P(LagrangeEulerArms, TorqueIsMassTimesAccelerationPlusVelocityPlusGravityTerms) {
  // The O(n^3) organisation of appendix A (kinetic term K_q, then traces) against the separate
  // D, C^k and c of eq. 2.11.
  for (int n = 1; n <= 7; ++n) {
    const SerialModel model = random_arm(n, 300 + n, GetParam(), {.prismatic_fraction = 0.4});
    SerialData data(model);
    std::mt19937_64 rng(n + 50);
    const VectorXd q = random_vector(n, rng, 3.0), qd = random_vector(n, rng, 2.0),
                   qdd = random_vector(n, rng, 2.0);
    const Vector3d g = random_vector(3, rng, 10.0);
    const VectorXd tau =
        inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g, Vector6d::Zero());
    const MatrixXd M = mass_matrix_lagrange_euler(model, data, q);
    const VectorXd G = gravity_torques_lagrange_euler(model, data, q, g);
    const auto& Ck = velocity_coupling_lagrange_euler(model, data, q);
    VectorXd expected = M * qdd + G;
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(Ck[i], Ck[i].transpose());
      expected[i] += qd.dot(Ck[i] * qd);
    }
    EXPECT_LT((tau - expected).cwiseAbs().maxCoeff(),
              kAlgebraTolerance * rel_scale(expected))
        << "n " << n;
  }
}

TEST_P(LagrangeEulerArms, GravityIsTheGradientOfThePotential) {
  // V(q) = -sum m_i g^T p_com_i (p_com from transforms composed in the test); G = dV/dq.
  const int n = 6;
  const SerialModel model = random_arm(n, 77, GetParam(), {.prismatic_fraction = 0.4});
  SerialData data(model);
  std::mt19937_64 rng(9);
  const VectorXd q = random_vector(n, rng, 2.0);
  const Vector3d g(1.5, -2.0, -9.81);
  const Vector3d g0 = model.standard.base.linear().transpose() * g;
  auto potential = [&](const VectorXd& qq) {
    const auto T = chain_transforms(model, qq);
    double v = 0.0;
    for (int i = 0; i < n; ++i)
      v -= model.standard.mass[i] *
           g0.dot((T[i + 1] * model.standard.com[i].homogeneous()).head<3>());
    return v;
  };
  const VectorXd G = gravity_torques_lagrange_euler(model, data, q, g);
  for (int i = 0; i < n; ++i) {
    VectorXd qp = q, qm = q;
    qp[i] += kFdStep;
    qm[i] -= kFdStep;
    EXPECT_NEAR(G[i], (potential(qp) - potential(qm)) / (2 * kFdStep), kFdTolerance * 100)
        << "joint " << i + 1;
  }
}

INSTANTIATE_TEST_SUITE_P(BothConventions, LagrangeEulerArms,
                         ::testing::Values(DhConvention::standard, DhConvention::modified),
                         [](const auto& info) { return std::string(to_string(info.param)); });

TEST(LagrangeEuler, ExternalWrenchMapsThroughTheJacobianTranspose) {
  // tau(f_ext) - tau(0) = J_ee^T f_ext with J_ee the geometric Jacobian (kinematics.hpp, world
  // frame) rotated into the end-effector frame, in which f_ext is given.
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel model = random_arm(6, 41, convention, {.prismatic_fraction = 0.4});
    SerialData data(model);
    std::mt19937_64 rng(11);
    const VectorXd q = random_vector(6, rng, 2.0), qd = random_vector(6, rng),
                   qdd = random_vector(6, rng);
    const Vector3d g(0, 0, -9.81);
    Vector6d f;
    f << 3, -1, 2, 0.5, -0.4, 0.7;
    const VectorXd tau0 =
        inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g, Vector6d::Zero());
    const VectorXd tau1 = inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g, f);
    const MatrixXd J = jacobian(model, data, q);
    const Matrix3d R = data.T_ee.topLeftCorner<3, 3>();
    Vector6d f_world;
    f_world << R * f.head<3>(), R * f.tail<3>();
    const VectorXd expected = J.transpose() * f_world;
    EXPECT_LT((tau1 - tau0 - expected).cwiseAbs().maxCoeff(), kAlgebraTolerance * 10)
        << to_string(convention);
  }
}

TEST(LagrangeEuler, MassMatrixIncludesReflectedMotorInertia) {
  const SerialModel with = puma560(true), without = with.without_drive();
  SerialData a(with), b(without);
  const VectorXd q = VectorXd::LinSpaced(6, 0.1, 0.6);
  const MatrixXd diff = mass_matrix_lagrange_euler(with, a, q) - mass_matrix_lagrange_euler(without, b, q);
  for (int i = 0; i < 6; ++i)
    for (int k = 0; k < 6; ++k)
      EXPECT_NEAR(diff(i, k), i == k ? with.reflected_inertia[i] : 0.0, 1e-12);
  // PUMA joint 1: 200e-6 * 62.6111^2 = 0.7840 kg m^2 (Corke's reflected inertia).
  EXPECT_NEAR(with.reflected_inertia[0], 0.78402, 1e-4);
}

TEST(LagrangeEuler, RepeatedCallsReuseTheWorkspace) {
  const SerialModel model = random_arm(5, 3, DhConvention::standard);
  SerialData data(model);
  const VectorXd q = VectorXd::Constant(5, 0.3), z = VectorXd::Zero(5);
  inverse_dynamics_lagrange_euler(model, data, q, z, z, Vector3d(0, 0, -9.81), Vector6d::Zero());
  const auto* u = data.U.data();
  const auto* u3 = data.U3.data();
  inverse_dynamics_lagrange_euler(model, data, z, q, q, Vector3d(0, 0, -9.81), Vector6d::Zero());
  mass_matrix_lagrange_euler(model, data, q);
  EXPECT_EQ(data.U.data(), u);
  EXPECT_EQ(data.U3.data(), u3);
}

TEST(LagrangeEuler, CountedScalarGivesBitwiseTheSameTorques) {
  const SerialModel model = random_arm(6, 5, DhConvention::modified,
                                      {.prismatic_fraction = 0.4, .with_drive = true});
  SerialData data(model);
  SerialDataTpl<Counted> cdata(model);
  std::mt19937_64 rng(10);
  const VectorXd q = random_vector(6, rng, 2.0), qd = random_vector(6, rng),
                 qdd = random_vector(6, rng);
  Vector6d f;
  f << 1, -2, 3, 0.1, 0.2, -0.3;
  const Vector3d g(0.3, 0.1, -9.81);
  const VectorXd tau = inverse_dynamics_lagrange_euler(model, data, q, qd, qdd, g, f);
  const VectorX<Counted> ctau = inverse_dynamics_lagrange_euler<Counted>(
      model, cdata, q.cast<Counted>(), qd.cast<Counted>(), qdd.cast<Counted>(),
      g.cast<Counted>(), f.cast<Counted>());
  for (int i = 0; i < 6; ++i) EXPECT_EQ(tau[i], ctau[i].value()) << "joint " << i + 1;
}

TEST(LagrangeEuler, OperationCountsStayWithinTurneyTable1) {
  // Turney, Mudge, Lee 1980, Table 1, Lagrange: 81/6 n^3 + 165/2 n^2 + 5n multiplications and
  // 40/3 n^3 + 58 n^2 - 64/3 n additions (gravity along z_0, all joints revolute). Our
  // organisation (appendix A with Q0 moved to the left, eqs 1.11-1.12, and the zero structure
  // of U) needs exactly 6n^3 + 61/2 n^2 + 171/2 n - 59 multiplications and
  // 4n^3 + 26n^2 + 48n - 38 additions, plus one sin and one cos per joint.
  std::cout << "n | mul add sin cos | Table 1 mul add" << std::endl;
  for (int n = 1; n <= 8; ++n) {
    const SerialModel model = random_arm(n, 1000 + n, DhConvention::standard,
                                         {.prismatic_fraction = 0.0});
    SerialDataTpl<Counted> data(model);
    const VectorX<Counted> q = VectorXd::LinSpaced(n, 0.1, 0.9).cast<Counted>();
    const Vector3<Counted> g(0.0, 0.0, -9.81);
    inverse_dynamics_lagrange_euler<Counted>(model, data, q, q, q, g, Vector6<Counted>::Zero());
    op_counter().reset();
    inverse_dynamics_lagrange_euler<Counted>(model, data, q, q, q, g, Vector6<Counted>::Zero());
    const OpCounter c = op_counter();
    const double n3 = n * n * n, n2 = n * n;
    const double paper_mul = 81.0 / 6 * n3 + 165.0 / 2 * n2 + 5 * n;
    const double paper_add = 40.0 / 3 * n3 + 58 * n2 - 64.0 / 3 * n;
    std::cout << n << " | " << c.mul << " " << c.add << " " << c.sin << " " << c.cos << " | "
              << paper_mul << " " << paper_add << std::endl;
    EXPECT_LE(static_cast<double>(c.mul_div()), paper_mul) << "n " << n;
    EXPECT_LE(static_cast<double>(c.add), paper_add) << "n " << n;
    EXPECT_EQ(2 * c.mul, static_cast<std::uint64_t>(12 * n3 + 61 * n2 + 171 * n - 118)) << n;
    EXPECT_EQ(c.add, static_cast<std::uint64_t>(4 * n3 + 26 * n2 + 48 * n - 38)) << n;
    EXPECT_EQ(c.div, 0u);
    EXPECT_EQ(c.sin, static_cast<std::uint64_t>(n));
    EXPECT_EQ(c.cos, static_cast<std::uint64_t>(n));
    EXPECT_EQ(c.sqrt + c.other_fn, 0u);
  }
}

TEST(LagrangeEuler, RejectsWrongSizesAndNonFiniteInput) {
  const SerialModel model = puma560(false);
  SerialData data(model);
  const VectorXd z = VectorXd::Zero(6);
  const Vector3d g(0, 0, -9.81);
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_EQ(message([&] {
              inverse_dynamics_lagrange_euler(model, data, VectorXd::Zero(5), z, z, g,
                                              Vector6d::Zero());
            }),
            "inverse_dynamics_lagrange_euler: q has size 5, expected 6");
  VectorXd bad = z;
  bad[2] = std::nan("");
  EXPECT_EQ(message([&] {
              inverse_dynamics_lagrange_euler(model, data, z, bad, z, g, Vector6d::Zero());
            }),
            "inverse_dynamics_lagrange_euler: qd[2] is nan");
  EXPECT_EQ(message([&] { mass_matrix_lagrange_euler(model, data, VectorXd::Zero(7)); }),
            "mass_matrix_lagrange_euler: q has size 7, expected 6");
  EXPECT_EQ(message([&] {
              gravity_torques_lagrange_euler(model, data, z,
                                             Vector3d(0, std::numeric_limits<double>::infinity(), 0));
            }),
            "gravity_torques_lagrange_euler: gravity[1] is inf");
  EXPECT_EQ(message([&] { velocity_coupling_lagrange_euler(model, data, bad); }),
            "velocity_coupling_lagrange_euler: q[2] is nan");
  Vector6d f = Vector6d::Zero();
  f[4] = std::nan("");
  EXPECT_EQ(message([&] { inverse_dynamics_lagrange_euler(model, data, z, z, z, g, f); }),
            "inverse_dynamics_lagrange_euler: f_ext[4] is nan");
}

}  // namespace
}  // namespace manipdyn
