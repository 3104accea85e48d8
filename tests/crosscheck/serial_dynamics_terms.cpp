// Crosscheck of the dynamics terms obtained by strobing the Newton-Euler equations (Turney et
// al. 1980, end of sec. 3 and sec. 7): tau = M qdd + C qd + G (+ friction, + G^2 Jm on M's
// diagonal), bias = C qd + G + friction, M symmetric positive definite, C^k symmetric with
// qd^T C^k qd = (C qd)_k, dM/dt - 2C skew-symmetric (dM/dt by central differences along qd), the
// Christoffel form of C against finite differences of M, and the Lagrange-Euler closed forms.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <random>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

constexpr double kRelTol = 1e-10;  // identities that hold exactly up to rounding
constexpr double kFdTol = 1e-6;    // identities checked with central differences (h = 1e-5)
constexpr double kFdStep = 1e-5;

VectorXd random_vector(std::mt19937_64& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

template <typename A, typename B>
double rel_diff(const A& a, const B& b) {
  return (a - b).norm() / std::max(1.0, std::max(a.norm(), b.norm()));
}

std::vector<SerialModel> test_models() {
  std::vector<SerialModel> models = {puma560(true), puma560(false)};
  for (DhConvention conv : {DhConvention::standard, DhConvention::modified})
    // (from 8 joints the mass matrix projects on the joint axes in frame 0: mass_matrix.cpp)
    for (int n : {1, 2, 4, 7, 10, 12, 17}) {
      RandomArmOptions opt;
      opt.prismatic_fraction = 0.4;
      opt.with_drive = n % 2 == 0;
      models.push_back(random_arm(n, 31 * n + 1, conv, opt));
    }
  return models;
}

TEST(SerialDynamicsTerms, TauEqualsMqddPlusCqdPlusGPlusFriction) {
  std::mt19937_64 rng(1);
  for (const SerialModel& model : test_models()) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(rng, n, 3.0), qd = random_vector(rng, n, 2.0),
                   qdd = random_vector(rng, n, 5.0);
    const Vector3d g = model.gravity;
    const VectorXd tau = inverse_dynamics<double>(model, data, q, qd, qdd, g, Vector6d::Zero());
    const MatrixXd M = mass_matrix<double>(model, data, q);
    const MatrixXd C = coriolis_matrix<double>(model, data, q, qd);
    const VectorXd G = gravity_torques<double>(model, data, q, g);
    const VectorXd b = bias_torques<double>(model, data, q, qd, g);
    VectorXd fr(n);
    friction_torques<double>(model, qd, fr);
    EXPECT_LT(rel_diff(VectorXd(M * qdd + C * qd + G + fr), tau), kRelTol) << model.name;
    EXPECT_LT(rel_diff(VectorXd(M * qdd + b), tau), kRelTol) << model.name;
    EXPECT_LT(rel_diff(VectorXd(C * qd + G + fr), b), kRelTol) << model.name;
  }
}

TEST(SerialDynamicsTerms, MassMatrixAndBiasEqualTheSeparateTerms) {
  // One call for forward dynamics: M as mass_matrix, bias as inverse dynamics with qdd = 0,
  // gravity and an end-effector wrench included; the joint sin/cos are computed once.
  std::mt19937_64 rng(7);
  for (const SerialModel& model : test_models()) {
    const int n = model.dof();
    SerialData data(model), separate(model);
    const VectorXd q = random_vector(rng, n, 3.0), qd = random_vector(rng, n, 2.0);
    const Vector6d f_ext = random_vector(rng, 6, 10.0);
    const Vector3d g(0.5, -1.0, -9.81);
    mass_matrix_and_bias<double>(model, data, q, qd, g, f_ext);
    const MatrixXd M = mass_matrix<double>(model, separate, q);
    const VectorXd b = inverse_dynamics<double>(model, separate, q, qd, VectorXd::Zero(n), g,
                                                f_ext);
    EXPECT_LT(rel_diff(data.M, M), kRelTol) << model.name;
    EXPECT_LT(rel_diff(data.bias, b), kRelTol) << model.name;
  }
  const SerialModel puma = puma560(true);
  SerialDataTpl<Counted> counted(puma);
  const VectorX<Counted> q = VectorX<Counted>::Constant(6, Counted(0.3));
  op_counter().reset();
  mass_matrix_and_bias<Counted>(puma, counted, q, q, Vector3<Counted>(0, 0, -9.81),
                                Vector6<Counted>::Zero());
  EXPECT_EQ(op_counter().sin, 6u);
  EXPECT_EQ(op_counter().cos, 6u);
  SerialData puma_data(puma);
  try {
    mass_matrix_and_bias<double>(puma, puma_data, VectorXd::Zero(6),
                                 VectorXd::Zero(5), puma.gravity, Vector6d::Zero());
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "mass_matrix_and_bias: qd has size 5, expected 6");
  }
}

TEST(SerialDynamicsTerms, MassMatrixSymmetricPositiveDefiniteAndStrobingAgrees) {
  std::mt19937_64 rng(2);
  for (const SerialModel& model : test_models()) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(rng, n, 3.0);
    const MatrixXd M = mass_matrix<double>(model, data, q);
    EXPECT_LT(rel_diff(M, MatrixXd(M.transpose())), 1e-14) << model.name;
    Eigen::LLT<MatrixXd> llt(M);
    EXPECT_EQ(llt.info(), Eigen::Success) << model.name;
    const MatrixXd Ms = mass_matrix_strobing<double>(model, data, q);
    EXPECT_LT(rel_diff(M, Ms), kRelTol) << model.name;
    // column j from two full inverse dynamics: tau(qdd = e_j) - tau(0) at qd = 0, g = 0
    const VectorXd zero = VectorXd::Zero(n);
    const VectorXd t0 = inverse_dynamics_newton_euler<double>(model, data, q, zero, zero,
                                                              Vector3d::Zero(), Vector6d::Zero());
    for (int j = 0; j < n; ++j) {
      const VectorXd e = VectorXd::Unit(n, j);
      const VectorXd tj = inverse_dynamics_newton_euler<double>(model, data, q, zero, e,
                                                                Vector3d::Zero(), Vector6d::Zero());
      EXPECT_LT(rel_diff(VectorXd(tj - t0), VectorXd(M.col(j))), kRelTol) << model.name;
    }
    // the reflected inertia is on the diagonal when there are drive terms, nowhere else
    const MatrixXd Mr = mass_matrix<double>(model.without_drive(), data, q);
    for (int j = 0; j < n; ++j)
      EXPECT_NEAR(M(j, j) - Mr(j, j), model.has_drive ? model.reflected_inertia[j] : 0.0,
                  1e-12 * std::max(1.0, M(j, j)));
  }
}

TEST(SerialDynamicsTerms, VelocityCouplingSymmetricAndConsistentWithC) {
  std::mt19937_64 rng(3);
  for (const SerialModel& model : test_models()) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(rng, n, 3.0), qd = random_vector(rng, n, 2.0);
    const std::vector<MatrixXd> Ck = velocity_coupling_strobing<double>(model, data, q);
    const MatrixXd C = coriolis_matrix<double>(model, data, q, qd);
    // velocity torques alone: tau(q, qd, 0) with g = 0, rigid
    const SerialModel rigid = model.without_drive();
    SerialData rdata(rigid);
    const VectorXd zero = VectorXd::Zero(n);
    const VectorXd tv =
        inverse_dynamics<double>(rigid, rdata, q, qd, zero, Vector3d::Zero(), Vector6d::Zero());
    for (int k = 0; k < n; ++k) {
      EXPECT_LT(rel_diff(Ck[k], MatrixXd(Ck[k].transpose())), 1e-14);
      EXPECT_NEAR(qd.dot(Ck[k] * qd), tv[k], kRelTol * std::max(1.0, tv.norm()));
      EXPECT_LT(rel_diff(VectorXd(C.row(k).transpose()), VectorXd(Ck[k] * qd)), kRelTol);
    }
    EXPECT_LT(rel_diff(VectorXd(C * qd), tv), kRelTol) << model.name;
  }
}

// C by polarization (two strobes per column) equals the rows (C^k qd)^T for slow and fast
// motions, and vanishes at rest.
TEST(SerialDynamicsTerms, CoriolisMatrixAtAllSpeeds) {
  std::mt19937_64 rng(8);
  for (const SerialModel& model : test_models()) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(rng, n, 3.0);
    const std::vector<MatrixXd> Ck = velocity_coupling_strobing<double>(model, data, q);
    for (double speed : {1e-3, 1.0, 100.0}) {
      const VectorXd qd = random_vector(rng, n, speed);
      const MatrixXd C = coriolis_matrix<double>(model, data, q, qd);
      MatrixXd expected(n, n);
      for (int k = 0; k < n; ++k) expected.row(k) = (Ck[k] * qd).transpose();
      EXPECT_LT((C - expected).norm() / std::max(1e-300, expected.norm()), kRelTol)
          << model.name << " speed " << speed;
    }
    EXPECT_EQ(coriolis_matrix<double>(model, data, q, VectorXd::Zero(n)).norm(), 0.0);
  }
}

// dM/dt - 2C is skew-symmetric (Christoffel form), dM/dt = sum_i dM/dq_i qd_i by central
// differences along qd; and C's Christoffel symbols match finite differences of M:
// C^k_ij = (dM_kj/dq_i + dM_ki/dq_j - dM_ij/dq_k) / 2.
TEST(SerialDynamicsTerms, ChristoffelFormAgainstFiniteDifferencesOfM) {
  std::mt19937_64 rng(4);
  for (const SerialModel& model : test_models()) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(rng, n, 3.0), qd = random_vector(rng, n, 2.0);
    const MatrixXd C = coriolis_matrix<double>(model, data, q, qd);
    const std::vector<MatrixXd> Ck = velocity_coupling_strobing<double>(model, data, q);
    const MatrixXd Mp = mass_matrix<double>(model, data, q + kFdStep * qd);
    const MatrixXd Mm = mass_matrix<double>(model, data, q - kFdStep * qd);
    const MatrixXd Mdot = (Mp - Mm) / (2 * kFdStep);
    const MatrixXd S = Mdot - 2 * C;
    EXPECT_LT((S + S.transpose()).norm() / std::max(1.0, Mdot.norm()), kFdTol) << model.name;
    // dM/dq_i for each i
    std::vector<MatrixXd> dM(n);
    for (int i = 0; i < n; ++i) {
      const VectorXd e = VectorXd::Unit(n, i);
      const MatrixXd Mpi = mass_matrix<double>(model, data, q + kFdStep * e);
      const MatrixXd Mmi = mass_matrix<double>(model, data, q - kFdStep * e);
      dM[i] = (Mpi - Mmi) / (2 * kFdStep);
    }
    double scale = 1.0;
    for (int i = 0; i < n; ++i) scale = std::max(scale, dM[i].norm());
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          const double gamma = 0.5 * (dM[i](k, j) + dM[j](k, i) - dM[k](i, j));
          EXPECT_NEAR(Ck[k](i, j), gamma, kFdTol * scale) << model.name << " " << k << i << j;
        }
  }
}

// G(q) is the gradient of the potential energy: G_i = -g . d(sum m_k c_k)/dq_i; checked through
// the power balance qd . G = d/dt V along a finite-difference step, V from the COM positions
// given by the gravity torques themselves is circular, so instead compare with the strobed
// inverse dynamics at qd = qdd = 0 of every formulation.
TEST(SerialDynamicsTerms, GravityTorquesAreStaticTorques) {
  std::mt19937_64 rng(5);
  for (const SerialModel& model : test_models()) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(rng, n, 3.0);
    const Vector3d g = random_vector(rng, 3, 10.0);
    const VectorXd zero = VectorXd::Zero(n);
    const VectorXd G = gravity_torques<double>(model, data, q, g);
    const VectorXd tc =
        inverse_dynamics_craig<double>(model, data, q, zero, zero, g, Vector6d::Zero());
    EXPECT_LT(rel_diff(G, tc), kRelTol) << model.name;
  }
}

TEST(SerialDynamicsTerms, AgreesWithLagrangeEulerClosedForms) {
  std::mt19937_64 rng(6);
  for (const SerialModel& model : test_models()) {
    if (model.dof() > 7) continue;  // O(n^4)
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(rng, n, 3.0), qd = random_vector(rng, n, 2.0),
                   qdd = random_vector(rng, n, 5.0);
    const Vector3d g = random_vector(rng, 3, 10.0);
    const Vector6d f = random_vector(rng, 6, 20.0);
    const MatrixXd M = mass_matrix<double>(model, data, q);
    EXPECT_LT(rel_diff(M, MatrixXd(mass_matrix_lagrange_euler<double>(model, data, q))), 1e-9)
        << model.name;
    const VectorXd G = gravity_torques<double>(model, data, q, g);
    EXPECT_LT(rel_diff(G, VectorXd(gravity_torques_lagrange_euler<double>(model, data, q, g))),
              1e-9)
        << model.name;
    const std::vector<MatrixXd> Ck = velocity_coupling_strobing<double>(model, data, q);
    const std::vector<MatrixXd> Cl = velocity_coupling_lagrange_euler<double>(model, data, q);
    for (int k = 0; k < n; ++k) EXPECT_LT(rel_diff(Ck[k], Cl[k]), 1e-9) << model.name;
    const VectorXd tau = inverse_dynamics<double>(model, data, q, qd, qdd, g, f);
    EXPECT_LT(rel_diff(tau, VectorXd(inverse_dynamics_lagrange_euler<double>(model, data, q, qd,
                                                                             qdd, g, f))),
              1e-9)
        << model.name;
  }
}

TEST(SerialDynamicsTerms, CountedScalarGivesTheDoubleResults) {
  const SerialModel model = puma560(true);
  std::mt19937_64 rng(7);
  const VectorXd q = random_vector(rng, 6, 3.0), qd = random_vector(rng, 6, 2.0);
  SerialData data(model);
  SerialDataTpl<Counted> cdata(model);
  const VectorX<Counted> cq = q.cast<Counted>(), cqd = qd.cast<Counted>();
  const MatrixXd M = mass_matrix<double>(model, data, q);
  const MatrixX<Counted> cM = mass_matrix<Counted>(model, cdata, cq);
  const MatrixXd C = coriolis_matrix<double>(model, data, q, qd);
  const MatrixX<Counted> cC = coriolis_matrix<Counted>(model, cdata, cq, cqd);
  const VectorXd b = bias_torques<double>(model, data, q, qd, model.gravity);
  const VectorX<Counted> cb =
      bias_torques<Counted>(model, cdata, cq, cqd, model.gravity.cast<Counted>());
  for (int i = 0; i < 6; ++i) {
    EXPECT_DOUBLE_EQ(cb[i].value(), b[i]);
    for (int j = 0; j < 6; ++j) {
      EXPECT_DOUBLE_EQ(cM(i, j).value(), M(i, j));
      EXPECT_DOUBLE_EQ(cC(i, j).value(), C(i, j));
    }
  }
}

TEST(SerialDynamicsTerms, BadInputThrows) {
  const SerialModel model = puma560(true);
  SerialData data(model);
  const VectorXd q5 = VectorXd::Zero(5);
  VectorXd qnan = VectorXd::Zero(6);
  qnan[2] = std::nan("");
  try {
    mass_matrix<double>(model, data, q5);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "mass_matrix: q has size 5, expected 6");
  }
  try {
    coriolis_matrix<double>(model, data, VectorXd::Zero(6), qnan);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "coriolis_matrix: qd[2] is nan");
  }
  Vector3d ginf(0, 0, INFINITY);
  try {
    gravity_torques<double>(model, data, VectorXd::Zero(6), ginf);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "gravity_torques: gravity[2] is inf");
  }
  EXPECT_THROW(bias_torques<double>(model, data, qnan, VectorXd::Zero(6), model.gravity),
               std::invalid_argument);
  EXPECT_THROW(velocity_coupling_strobing<double>(model, data, q5), std::invalid_argument);
  EXPECT_THROW(mass_matrix_strobing<double>(model, data, qnan), std::invalid_argument);
}

}  // namespace
}  // namespace manipdyn
