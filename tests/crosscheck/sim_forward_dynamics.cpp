// Forward dynamics against inverse dynamics and against each other:
//  - forward_dynamics(inverse_dynamics(qdd)) == qdd on random arms (both DH conventions, with and
//    without drive terms, with an end-effector wrench) for both methods;
//  - the articulated-body and mass-matrix methods agree; the counting scalar gives the same
//    numbers as double;
//  - Coulomb friction at exactly zero velocity gives a finite, documented result.
#include <random>

#include <gtest/gtest.h>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

constexpr double kRoundTripTol = 1e-10;  // |qdd - FD(ID(qdd))|, relative to max(1, |qdd|)

VectorXd random_vector(std::mt19937_64& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = u(rng);
  return v;
}

struct Case {
  int n;
  DhConvention convention;
  bool drive;
  bool wrench;
};

class ForwardInverse : public ::testing::TestWithParam<Case> {};

TEST_P(ForwardInverse, RoundTripBothMethods) {
  const Case c = GetParam();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    RandomArmOptions opt;
    opt.with_drive = c.drive;
    const SerialModel model = random_arm(c.n, seed, c.convention, opt);
    std::mt19937_64 rng(seed * 977);
    // Nonzero velocities keep the Coulomb terms away from the qd = 0 switch.
    const VectorXd q = random_vector(rng, c.n, 3.0);
    const VectorXd qd = random_vector(rng, c.n, 2.0);
    const VectorXd qdd = random_vector(rng, c.n, 5.0);
    Vector6d f_ext = Vector6d::Zero();
    if (c.wrench) f_ext = random_vector(rng, 6, 10.0);
    SerialData id_data(model);
    const VectorXd tau = inverse_dynamics<double>(model, id_data, q, qd, qdd, model.gravity, f_ext);
    ForwardDynamicsData fd(model);
    for (auto method : {ForwardDynamicsMethod::mass_matrix, ForwardDynamicsMethod::strobing,
                   ForwardDynamicsMethod::articulated_body,
                        ForwardDynamicsMethod::fastest}) {
      const VectorXd back = forward_dynamics<double>(method, model, fd, q, qd, tau, model.gravity,
                                                     f_ext);
      const double scale = std::max(1.0, qdd.cwiseAbs().maxCoeff());
      EXPECT_LT((back - qdd).cwiseAbs().maxCoeff(), kRoundTripTol * scale)
          << model.name << " method " << to_string(method) << "\nqdd  " << qdd.transpose()
          << "\nback " << back.transpose();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    RandomArms, ForwardInverse,
    ::testing::Values(Case{1, DhConvention::standard, false, false},
                      Case{2, DhConvention::modified, false, false},
                      Case{6, DhConvention::standard, false, true},
                      Case{6, DhConvention::modified, true, true},
                      Case{7, DhConvention::standard, true, false},
                      Case{12, DhConvention::modified, false, true},
                      Case{20, DhConvention::standard, true, true}));

TEST(ForwardDynamics, PumaWithDriveRoundTrip) {
  for (bool drive : {false, true}) {
    const SerialModel model = puma560(drive);
    const VectorXd q = (VectorXd(6) << 0.3, -0.7, 1.1, 0.2, -0.5, 0.9).finished();
    const VectorXd qd = (VectorXd(6) << 0.5, -0.4, 0.3, -1.0, 0.8, 1.5).finished();
    const VectorXd qdd = (VectorXd(6) << 1.0, -2.0, 3.0, -4.0, 5.0, -6.0).finished();
    SerialData id_data(model);
    const VectorXd tau = inverse_dynamics<double>(model, id_data, q, qd, qdd);
    ForwardDynamicsData fd(model);
    const VectorXd a = forward_dynamics_articulated_body<double>(model, fd, q, qd, tau,
                                                                 model.gravity, Vector6d::Zero());
    EXPECT_LT((a - qdd).cwiseAbs().maxCoeff(), kRoundTripTol * 6);
    const VectorXd m = forward_dynamics_mass_matrix<double>(model, fd, q, qd, tau, model.gravity,
                                                            Vector6d::Zero());
    EXPECT_LT((m - qdd).cwiseAbs().maxCoeff(), kRoundTripTol * 6);
  }
}

// Coulomb friction is zero at exactly qd_i = 0 (drive.hpp): qdd is defined there and equals the
// frictionless answer for that joint's Coulomb term, while the viscous term vanishes anyway.
TEST(ForwardDynamics, CoulombAtZeroVelocityIsDefined) {
  const SerialModel model = puma560(true);
  const SerialModel no_friction = [&] {
    std::vector<LinkParameters> links = model.links;
    for (auto& l : links) l.coulomb_positive = l.coulomb_negative = l.viscous = 0.0;
    SerialModelOptions o;
    o.allow_invalid_inertia = true;
    return SerialModel::from_dh(links, o);
  }();
  const VectorXd q = VectorXd::Constant(6, 0.2), qd = VectorXd::Zero(6);
  const VectorXd tau = VectorXd::Constant(6, 0.5);
  ForwardDynamicsData fd(model), fd0(no_friction);
  for (auto method : {ForwardDynamicsMethod::mass_matrix, ForwardDynamicsMethod::strobing,
                   ForwardDynamicsMethod::articulated_body}) {
    const VectorXd a = forward_dynamics<double>(method, model, fd, q, qd, tau, model.gravity,
                                                Vector6d::Zero());
    const VectorXd b = forward_dynamics<double>(method, no_friction, fd0, q, qd, tau,
                                                model.gravity, Vector6d::Zero());
    ASSERT_TRUE(a.allFinite());
    EXPECT_LT((a - b).cwiseAbs().maxCoeff(), 1e-12);
  }
}

// The counting scalar computes the same numbers (and counts something); Eigen vectorises the
// double products, so the last bits may differ.
TEST(ForwardDynamics, CountedEqualsDouble) {
  const SerialModel model = random_arm(6, 3, DhConvention::standard);
  const VectorXd q = VectorXd::LinSpaced(6, -1, 1), qd = VectorXd::LinSpaced(6, 0.5, -0.5);
  const VectorXd tau = VectorXd::LinSpaced(6, 2, -3);
  ForwardDynamicsData fd(model);
  const VectorXd ref = forward_dynamics_articulated_body<double>(model, fd, q, qd, tau,
                                                                 model.gravity, Vector6d::Zero());
  ForwardDynamicsDataTpl<Counted> fdc(model);
  const VectorX<Counted> qc = q.cast<Counted>(), qdc = qd.cast<Counted>(),
                         tc = tau.cast<Counted>();
  op_counter().reset();
  const VectorX<Counted> got = forward_dynamics_articulated_body<Counted>(
      model, fdc, qc, qdc, tc, model.gravity.cast<Counted>(), Vector6<Counted>::Zero());
  EXPECT_GT(op_counter().mul, 100u);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(got[i].value(), ref[i], 1e-12 * (1 + std::abs(ref[i])));
}

TEST(ForwardDynamics, LdltSolvesSpdSystem) {
  const SerialModel model = random_arm(9, 11, DhConvention::standard);
  SerialData data(model);
  const MatrixXd M = mass_matrix<double>(model, data, VectorXd::LinSpaced(9, -2, 2));
  const VectorXd b = VectorXd::LinSpaced(9, 1, 9);
  MatrixXd ldl(9, 9);
  VectorXd x = b;
  ldlt_solve_in_place<double>(M, ldl, x);
  EXPECT_LT((M * x - b).norm(), 1e-10 * b.norm());
  MatrixXd bad = M;
  bad(4, 4) = -1.0;
  VectorXd y = b;
  try {
    ldlt_solve_in_place<double>(bad, ldl, y);
    FAIL() << "expected an exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("not positive definite"), std::string::npos) << e.what();
  }
}

TEST(ForwardDynamics, BadInputsHaveClearErrors) {
  const SerialModel model = puma560(false);
  ForwardDynamicsData fd(model);
  const VectorXd ok = VectorXd::Zero(6);
  VectorXd nan_qd = ok;
  nan_qd[2] = std::numeric_limits<double>::quiet_NaN();
  try {
    forward_dynamics<double>(ForwardDynamicsMethod::articulated_body, model, fd, ok, nan_qd, ok,
                             model.gravity, Vector6d::Zero());
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "forward_dynamics_articulated_body: qd[2] is nan");
  }
  try {
    forward_dynamics<double>(ForwardDynamicsMethod::mass_matrix, model, fd, ok, ok,
                             VectorXd::Zero(5), model.gravity, Vector6d::Zero());
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "forward_dynamics_mass_matrix: tau has size 5, expected 6");
  }
  EXPECT_THROW(forward_dynamics_method_from_string("crba"), std::invalid_argument);
  EXPECT_EQ(forward_dynamics_method_from_string("articulated_body"),
            ForwardDynamicsMethod::articulated_body);
}

}  // namespace
}  // namespace manipdyn
