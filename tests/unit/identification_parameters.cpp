// The standard parameter vector (identification/parameters.hpp): its layout and names, the round
// trip model -> pi -> model (the same dynamics: built-ins, random arms in both DH conventions,
// prismatic joints, drives), the pseudo-inertia, and the errors.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <random>
#include <string>

#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

constexpr double kTolerance = 1e-12;  // relative to the torque scale max(1, |tau|_inf)

TEST(StandardParameters, LayoutAndNames) {
  EXPECT_EQ(standard_parameter_count(6), 84);
  EXPECT_EQ(standard_parameter_count(0), 0);
  EXPECT_NE(message_of([] { standard_parameter_count(-1); }).find("n is -1"), std::string::npos);
  const SerialModel model = puma560(true);
  const std::vector<std::string> names = standard_parameter_names(model);
  ASSERT_EQ(names.size(), 84u);
  EXPECT_EQ(names[0], "m_1");
  EXPECT_EQ(names[9], "Izz_1");
  EXPECT_EQ(names[15], "Ixy_2");
  EXPECT_EQ(names[60], "Ia_1");
  EXPECT_EQ(names[83], "Fo_6");
  // link 2 of the PUMA: mass, m c, inertia about the origin (parallel axes) in frame 2
  const VectorXd pi = standard_parameters(model);
  const LinkParameters& l = model.links[1];
  EXPECT_EQ(pi[10], l.mass);
  EXPECT_NEAR((pi.segment<3>(11) - l.mass * l.com).norm(), 0.0, 1e-15);
  const Matrix3d Io =
      l.inertia + l.mass * (l.com.squaredNorm() * Matrix3d::Identity() - l.com * l.com.transpose());
  EXPECT_NEAR(pi[14], Io(0, 0), 1e-15);
  EXPECT_NEAR(pi[15], Io(0, 1), 1e-15);
  EXPECT_NEAR(pi[19], Io(2, 2), 1e-15);
  // drive of joint 1: G^2 Jm, G^2 B, |G| (Tc+ - Tc-) / 2, |G| (Tc+ + Tc-) / 2
  const LinkParameters& d = model.links[0];
  const double G = std::abs(d.gear_ratio);
  EXPECT_DOUBLE_EQ(pi[60], G * G * d.motor_inertia);
  EXPECT_DOUBLE_EQ(pi[61], G * G * d.viscous);
  EXPECT_DOUBLE_EQ(pi[62], G * (d.coulomb_positive - d.coulomb_negative) / 2);
  EXPECT_DOUBLE_EQ(pi[63], G * (d.coulomb_positive + d.coulomb_negative) / 2);
}

// The largest |tau' - tau| / max(1, |tau|) between two models over random states (inverse
// dynamics with drives, at rest joints included for the Coulomb terms).
double worst_torque_difference(const SerialModel& a, const SerialModel& b) {
  const int n = a.dof();
  SerialData da(a), db(b);
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> x(-2.0, 2.0);
  double worst = 0.0;
  for (int k = 0; k < 8; ++k) {
    VectorXd q(n), qd(n), qdd(n);
    for (int i = 0; i < n; ++i) {
      q[i] = x(rng);
      qd[i] = k % 3 == 0 && i == 1 ? 0.0 : x(rng);
      qdd[i] = x(rng);
    }
    const VectorXd ta = inverse_dynamics<double>(a, da, q, qd, qdd);
    const VectorXd tb = inverse_dynamics<double>(b, db, q, qd, qdd);
    worst =
        std::max(worst, (ta - tb).cwiseAbs().maxCoeff() / std::max(1.0, ta.cwiseAbs().maxCoeff()));
    const MatrixXd& Ma = mass_matrix<double>(a, da, q);
    worst = std::max(worst, (Ma - mass_matrix<double>(b, db, q)).cwiseAbs().maxCoeff() /
                                std::max(1.0, Ma.cwiseAbs().maxCoeff()));
  }
  return worst;
}

TEST(StandardParameters, RoundTripKeepsTheDynamics) {
  std::vector<SerialModel> models = {puma560(true), puma560(false), stanford_arm(true)};
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n : {1, 3, 7}) {
      RandomArmOptions options;
      options.prismatic_fraction = 0.4;
      options.with_drive = true;
      models.push_back(random_arm(n, 40 + n, convention, options));
    }
  for (const SerialModel& model : models) {
    const VectorXd pi = standard_parameters(model);
    const SerialModel back = model_with_standard_parameters(model, pi, true);
    EXPECT_EQ(back.convention, model.convention);
    EXPECT_EQ(back.dof(), model.dof());
    EXPECT_LT(worst_torque_difference(model, back), kTolerance) << model.name;
    EXPECT_LT((standard_parameters(back) - pi).cwiseAbs().maxCoeff(),
              1e-13 * std::max(1.0, pi.cwiseAbs().maxCoeff()))
        << model.name;
    for (int i = 0; i < model.dof(); ++i) EXPECT_EQ(back.links[i].gear_ratio, 1.0);
  }
}

TEST(StandardParameters, PseudoInertia) {
  const SerialModel model = random_arm(3, 9, DhConvention::modified);
  const VectorXd pi = standard_parameters(model);
  for (int i = 0; i < 3; ++i) {
    const Matrix4d J = pseudo_inertia(pi.segment<10>(10 * i));
    EXPECT_LT((J - model.modified.pseudo_inertia[i]).cwiseAbs().maxCoeff(), 1e-14);
    // a physical body: J positive definite
    EXPECT_GT(Eigen::SelfAdjointEigenSolver<Matrix4d>(J).eigenvalues().minCoeff(), 0.0);
  }
  EXPECT_NE(message_of([&] { pseudo_inertia(pi.head(9)); }).find("link_block has size 9"),
            std::string::npos);
}

TEST(StandardParameters, BadParametersAreNamed) {
  const SerialModel model = puma560(true);
  VectorXd pi = standard_parameters(model);
  EXPECT_NE(message_of([&] {
              model_with_standard_parameters(model, pi.head(80));
            }).find("pi has size 80, expected 84"),
            std::string::npos);
  VectorXd bad = pi;
  bad[12] = NAN;
  EXPECT_NE(message_of([&] {
              model_with_standard_parameters(model, bad, true);
            }).find("pi[12] (my_2) is nan"),
            std::string::npos);
  // Corke's link 1: mass 0 with a first moment has no centre of mass
  bad = pi;
  bad[1] = 0.1;
  const std::string massless =
      message_of([&] { model_with_standard_parameters(model, bad, true); });
  EXPECT_NE(massless.find("link 1"), std::string::npos) << massless;
  EXPECT_NE(massless.find("has mass 0 but a first moment (mx, my, mz) = (0.1"), std::string::npos)
      << massless;
  // the builder's checks: the published link 1 inertia needs allow_invalid_inertia
  EXPECT_NE(
      message_of([&] { model_with_standard_parameters(model, pi); }).find("allow_invalid_inertia"),
      std::string::npos);
  bad = pi;
  bad[10] = -1.0;  // m_2
  const std::string negative =
      message_of([&] { model_with_standard_parameters(model, bad, true); });
  EXPECT_NE(negative.find("link 2"), std::string::npos) << negative;
  EXPECT_NE(negative.find("field 'mass'"), std::string::npos) << negative;
  bad = pi;
  bad[62] = 0.1;  // Fc_1 < |Fo_1|: Tc- > 0
  bad[63] = 0.5;
  EXPECT_NE(
      message_of([&] { model_with_standard_parameters(model, bad, true); }).find("field 'coulomb'"),
      std::string::npos);
}

}  // namespace
}  // namespace manipdyn
