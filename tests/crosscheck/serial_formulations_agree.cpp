// Every inverse-dynamics formulation gives the same torques (Turney et al. 1980, sec. 4: the
// Lagrange-Euler and Newton-Euler sets are equivalent), on random arms with mixed joints in both
// DH conventions, random gravity and end-effector wrench, with and without drive terms, and on
// the PUMA 560 and the Stanford arm. The strobed mass matrix and C^k equal the Lagrange-Euler
// closed forms, and tau = M qdd + [qd^T C^k qd] + G + friction with the Lagrange-Euler terms.
// The largest relative disagreement seen is printed and recorded as a test property.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

// Relative to max(1, |reference|_inf). The formulations take different paths through O(n)
// 4x4 or 3x3 products; rounding grows with n and with the size of the torques.
constexpr double kAgreementTolerance = 1e-10;

// The largest relative disagreement seen, per comparison, for the report.
struct Worst {
  double value = 0.0;
  std::string where;
  void update(double v, const std::string& w) {
    if (v > value) {
      value = v;
      where = w;
    }
  }
};
Worst& worst_tau() { static Worst w; return w; }
Worst& worst_terms() { static Worst w; return w; }

// Prints and records the largest disagreements seen so far in this process.
void report_worst() {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "largest relative disagreement: torques %.3e (%s); M, C^k, G, tau split %.3e (%s)",
                worst_tau().value, worst_tau().where.c_str(), worst_terms().value,
                worst_terms().where.c_str());
  std::cout << buf << std::endl;
  ::testing::Test::RecordProperty("largest_tau_disagreement", std::to_string(worst_tau().value));
  ::testing::Test::RecordProperty("largest_terms_disagreement",
                                  std::to_string(worst_terms().value));
}

double relative_error(const MatrixXd& value, const MatrixXd& reference) {
  return (value - reference).cwiseAbs().maxCoeff() /
         std::max(1.0, reference.cwiseAbs().maxCoeff());
}

struct State {
  VectorXd q, qd, qdd;
  Vector3d g;
  Vector6d f;
};

State random_state(int n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  State s{VectorXd(n), VectorXd(n), VectorXd(n), Vector3d(), Vector6d()};
  for (int i = 0; i < n; ++i) {
    s.q[i] = 3.0 * u(rng);
    s.qd[i] = 2.0 * u(rng);
    s.qdd[i] = 3.0 * u(rng);
  }
  for (int k = 0; k < 3; ++k) s.g[k] = 10.0 * u(rng);
  for (int k = 0; k < 6; ++k) s.f[k] = 5.0 * u(rng);
  return s;
}

// Compares every formulation (and the dispatcher) with Lagrange-Euler at one state.
void expect_formulations_agree(const SerialModel& model, const State& s, const std::string& what) {
  SerialData data(model);
  const VectorXd tau_le = inverse_dynamics_lagrange_euler(model, data, s.q, s.qd, s.qdd, s.g, s.f);
  struct Method {
    const char* name;
    VectorXd tau;
  };
  const Method others[] = {
      {"newton_euler", inverse_dynamics_newton_euler(model, data, s.q, s.qd, s.qdd, s.g, s.f)},
      {"modified_newton_euler",
       inverse_dynamics_modified_newton_euler(model, data, s.q, s.qd, s.qdd, s.g, s.f)},
      {"craig", inverse_dynamics_craig(model, data, s.q, s.qd, s.qdd, s.g, s.f)},
      {"default", inverse_dynamics(model, data, s.q, s.qd, s.qdd, s.g, s.f)},
  };
  for (const Method& m : others) {
    const double err = relative_error(m.tau, tau_le);
    worst_tau().update(err, what + ", " + m.name);
    EXPECT_LT(err, kAgreementTolerance) << what << ": " << m.name << " vs lagrange_euler\n"
                                        << m.tau.transpose() << "\n" << tau_le.transpose();
  }
  for (InverseDynamicsMethod method :
       {InverseDynamicsMethod::fastest, InverseDynamicsMethod::lagrange_euler,
        InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
        InverseDynamicsMethod::craig}) {
    const VectorXd tau = inverse_dynamics(method, model, data, s.q, s.qd, s.qdd, s.g, s.f);
    EXPECT_LT(relative_error(tau, tau_le), kAgreementTolerance) << what << ": dispatch "
                                                                << to_string(method);
  }
}

// Strobed M and C^k equal the Lagrange-Euler ones; tau = M qdd + [qd^T C^k qd] + G + friction
// (+ J^T f) with the Lagrange-Euler terms.
void expect_terms_agree(const SerialModel& model, const State& s, const std::string& what) {
  const int n = model.dof();
  SerialData data(model);
  const MatrixXd M_le = mass_matrix_lagrange_euler(model, data, s.q);
  const MatrixXd M_strobe = mass_matrix_strobing(model, data, s.q);
  const MatrixXd M_default = mass_matrix(model, data, s.q);
  const std::vector<MatrixXd> C_le = velocity_coupling_lagrange_euler(model, data, s.q);
  const std::vector<MatrixXd> C_strobe = velocity_coupling_strobing(model, data, s.q);
  const VectorXd G_le = gravity_torques_lagrange_euler(model, data, s.q, s.g);
  const VectorXd G_default = gravity_torques(model, data, s.q, s.g);
  const struct {
    const char* name;
    double err;
  } checks[] = {
      {"mass_matrix_strobing", relative_error(M_strobe, M_le)},
      {"mass_matrix", relative_error(M_default, M_le)},
      {"gravity_torques", relative_error(G_default, G_le)},
  };
  for (const auto& c : checks) {
    worst_terms().update(c.err, what + ", " + c.name);
    EXPECT_LT(c.err, kAgreementTolerance) << what << ": " << c.name;
  }
  ASSERT_EQ(C_strobe.size(), static_cast<std::size_t>(n));
  double scale = 1.0;
  for (int k = 0; k < n; ++k) scale = std::max(scale, C_le[k].cwiseAbs().maxCoeff());
  for (int k = 0; k < n; ++k) {
    const double err = (C_strobe[k] - C_le[k]).cwiseAbs().maxCoeff() / scale;
    worst_terms().update(err, what + ", velocity_coupling_strobing");
    EXPECT_LT(err, kAgreementTolerance) << what << ": C^" << k + 1;
  }
  // tau(q, qd, qdd) without a wrench against its Lagrange-Euler terms.
  VectorXd expected = M_le * s.qdd + G_le;
  for (int k = 0; k < n; ++k) expected[k] += s.qd.dot(C_le[k] * s.qd);
  VectorXd friction = VectorXd::Zero(n);
  friction_torques<double>(model, s.qd, friction);
  expected += friction;
  const VectorXd tau = inverse_dynamics_lagrange_euler(model, data, s.q, s.qd, s.qdd, s.g,
                                                       Vector6d::Zero());
  const double err = relative_error(tau, expected);
  worst_terms().update(err, what + ", M qdd + C + G + friction");
  EXPECT_LT(err, kAgreementTolerance) << what << ": tau vs M qdd + h + G + friction";
  // The Christoffel-form C(q, qd) (default coriolis_matrix): C qd is the velocity term.
  VectorXd velocity_le(n);
  for (int k = 0; k < n; ++k) velocity_le[k] = s.qd.dot(C_le[k] * s.qd);
  const MatrixXd C = coriolis_matrix(model, data, s.q, s.qd);
  const double err_c = relative_error(C * s.qd, velocity_le);
  worst_terms().update(err_c, what + ", coriolis_matrix qd");
  EXPECT_LT(err_c, kAgreementTolerance) << what << ": C(q, qd) qd vs qd^T C^k qd";
  // The default bias_torques: tau(q, qd, 0) = b.
  const VectorXd b = bias_torques(model, data, s.q, s.qd, s.g);
  EXPECT_LT(relative_error(b, expected - M_le * s.qdd), kAgreementTolerance) << what << ": bias";
}

TEST(ChristoffelForm, MassMatrixRateMinusTwiceCoriolisIsSkewSymmetric) {
  // dM/dt (central differences of the Lagrange-Euler M along q + t qd) - 2 C(q, qd) is skew.
  std::mt19937_64 rng(7);
  constexpr double step = 1e-6, fd_tolerance = 1e-7;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n : {2, 4, 7}) {
      const SerialModel model = random_arm(n, 40 + n, convention, {.prismatic_fraction = 0.3});
      SerialData data(model);
      const State s = random_state(n, rng);
      const MatrixXd Mp = mass_matrix_lagrange_euler(model, data, VectorXd(s.q + step * s.qd));
      const MatrixXd Mm = mass_matrix_lagrange_euler(model, data, VectorXd(s.q - step * s.qd));
      const MatrixXd Md = (Mp - Mm) / (2 * step);
      const MatrixXd N = Md - 2 * coriolis_matrix(model, data, s.q, s.qd);
      EXPECT_LT((N + N.transpose()).cwiseAbs().maxCoeff() / std::max(1.0, Md.cwiseAbs().maxCoeff()),
                fd_tolerance)
          << to_string(convention) << " n " << n;
    }
}

class RandomArms : public ::testing::TestWithParam<DhConvention> {};

TEST_P(RandomArms, AllFormulationsGiveTheSameTorques) {
  std::mt19937_64 rng(2026);
  for (int n = 1; n <= 10; ++n)
    for (int seed = 0; seed < 4; ++seed) {
      const bool drive = seed % 2 == 1;
      const SerialModel model =
          random_arm(n, 1000 * n + seed, GetParam(),
                     {.prismatic_fraction = 0.3, .with_drive = drive});
      for (int trial = 0; trial < 3; ++trial) {
        const State s = random_state(n, rng);
        const std::string what = std::string(to_string(GetParam())) + " n " +
                                 std::to_string(n) + " seed " + std::to_string(seed) +
                                 (drive ? " drive" : "");
        expect_formulations_agree(model, s, what);
        expect_terms_agree(model, s, what);
      }
    }
  report_worst();
}

INSTANTIATE_TEST_SUITE_P(BothConventions, RandomArms,
                         ::testing::Values(DhConvention::standard, DhConvention::modified),
                         [](const auto& info) { return std::string(to_string(info.param)); });

TEST(PublishedArms, Puma560AndStanfordArmWithAndWithoutDrive) {
  std::mt19937_64 rng(560);
  const struct {
    const char* name;
    SerialModel model;
  } arms[] = {
      {"puma560 drive", puma560(true)},
      {"puma560 rigid", puma560(false)},
      {"stanford drive", stanford_arm(true)},
      {"stanford rigid", stanford_arm(false)},
      {"stanford corrected", stanford_arm(true, true)},
  };
  for (const auto& arm : arms)
    for (int trial = 0; trial < 10; ++trial) {
      State s = random_state(6, rng);
      if (trial % 2 == 0) s.g = arm.model.gravity;  // and with the published gravity
      expect_formulations_agree(arm.model, s, arm.name);
      expect_terms_agree(arm.model, s, arm.name);
    }
  report_worst();
}

}  // namespace
}  // namespace manipdyn
