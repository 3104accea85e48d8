// Unit tests of the formulations' agreement (manipdyn/analysis/formulation_agreement.hpp): every
// formulation agrees with Newton-Euler on the PUMA 560 at its named configurations, the numbers
// are those of the formulations called directly, the options, and the errors.
#include "manipdyn/analysis/formulation_agreement.hpp"

#include <limits>

#include <gtest/gtest.h>

#include "manipdyn/serial/builtin_models.hpp"
#include "support/error_message.hpp"

namespace manipdyn::analysis {
namespace {

using test_support::message_of;

constexpr double kAgree = 1e-12;  // relative to the largest |tau|: rounding level

TEST(FormulationAgreement, EveryFormulationAgreesOnThePuma560) {
  const SerialModel puma = puma560(true);
  const FormulationAgreement fa = formulation_agreement(puma);
  ASSERT_EQ(fa.configurations.size(), puma.configurations.size());
  ASSERT_EQ(fa.methods.size(), 5u);
  EXPECT_EQ(fa.qd, VectorXd::Constant(6, 0.5));
  EXPECT_EQ(fa.qdd, VectorXd::Constant(6, 1.0));
  for (std::size_t k = 0; k < fa.methods.size(); ++k)
    EXPECT_LT(fa.worst_relative_difference[k], kAgree) << to_string(fa.methods[k]);
  // Newton-Euler (the reference) differs from itself by nothing
  EXPECT_EQ(fa.worst_relative_difference[1], 0.0);
  for (const auto& c : fa.configurations) EXPECT_GT(c.max_abs_tau_reference, 1.0) << c.name;
}

TEST(FormulationAgreement, NumbersAreThoseOfTheFormulationsCalledDirectly) {
  const SerialModel puma = puma560(true);
  const FormulationAgreement fa = formulation_agreement(puma);
  SerialData data(puma);
  const auto& c = fa.configurations.back();
  EXPECT_EQ(c.name, puma.configurations.back().name);
  for (std::size_t k = 0; k < fa.methods.size(); ++k) {
    const VectorXd tau = inverse_dynamics(fa.methods[k], puma, data, c.q, fa.qd, fa.qdd,
                                          puma.gravity, Vector6d::Zero());
    EXPECT_EQ(c.tau[k], tau) << to_string(fa.methods[k]);
  }
  const double scale = c.tau[1].cwiseAbs().maxCoeff();
  EXPECT_EQ(c.max_abs_tau_reference, scale);
  EXPECT_EQ(c.max_abs_difference[0], (c.tau[0] - c.tau[1]).cwiseAbs().maxCoeff());
  EXPECT_EQ(c.max_relative_difference[0], c.max_abs_difference[0] / scale);
}

TEST(FormulationAgreement, ReferenceAndVelocitiesFollowTheOptions) {
  // Lagrange-Euler as the reference, at rest: only gravity, the same for all
  FormulationAgreementOptions o;
  o.methods = {InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::lagrange_euler};
  o.reference = InverseDynamicsMethod::lagrange_euler;
  o.qd = 0;
  o.qdd = 0;
  const FormulationAgreement fa = formulation_agreement(puma560(false), o);
  EXPECT_EQ(fa.worst_relative_difference[1], 0.0);
  EXPECT_LT(fa.worst_relative_difference[0], kAgree);
  EXPECT_EQ(fa.configurations[0].tau.size(), 2u);
}

TEST(FormulationAgreement, ErrorsNameTheOption) {
  FormulationAgreementOptions o;
  o.methods = {InverseDynamicsMethod::craig};
  EXPECT_EQ(message_of([&] { formulation_agreement(puma560(true), o); }),
            "formulation_agreement: reference newton_euler is not one of methods");
  o.methods.clear();
  EXPECT_EQ(message_of([&] { formulation_agreement(puma560(true), o); }),
            "formulation_agreement: methods is empty");
  o = {};
  o.qd = std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of([&] { formulation_agreement(puma560(true), o); }),
            "formulation_agreement: qd and qdd must be finite");
  SerialModel bare = puma560(true);
  bare.configurations.clear();
  EXPECT_EQ(message_of([&] { formulation_agreement(bare); }),
            "formulation_agreement: the model has no named configurations");
}

}  // namespace
}  // namespace manipdyn::analysis
