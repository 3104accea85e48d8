// The result checks of the public serial-arm functions and of forward dynamics (core/check.hpp,
// check_result): a non-finite result raises std::invalid_argument naming the function, the
// output and the input of largest magnitude, never NaN; the unchecked overloads return the same
// numbers as the checked ones on normal input.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// The message of the std::invalid_argument that f throws ("" if none).
// True if `text` starts with `prefix` and contains `part`.
::testing::AssertionResult names(const std::string& text, const std::string& prefix,
                                 const std::string& part) {
  if (text.rfind(prefix, 0) == 0 && text.find(part) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "message \"" << text << "\" does not start with \""
                                       << prefix << "\" and name \"" << part << "\"";
}

const InverseDynamicsMethod kMethods[] = {
    InverseDynamicsMethod::fastest, InverseDynamicsMethod::lagrange_euler,
    InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
    InverseDynamicsMethod::craig};

// The function name of each method in the messages.
std::string function_of(InverseDynamicsMethod m) {
  return m == InverseDynamicsMethod::fastest ? "inverse_dynamics"
                                             : "inverse_dynamics_" + std::string(to_string(m));
}

struct Puma : ::testing::Test {
  const SerialModel model = puma560(true);
  SerialData data{model};
  const VectorXd q = VectorXd::LinSpaced(6, -1, 1), qd = VectorXd::LinSpaced(6, 0.5, -0.7),
                 qdd = VectorXd::LinSpaced(6, 2, -1);
  const Vector3d g = model.gravity;
  Vector6d f = (Vector6d() << 1, 2, 3, 0.1, 0.2, 0.3).finished();
};

TEST_F(Puma, InverseDynamicsHugeVelocityNamesQd) {
  const VectorXd big = VectorXd::Constant(6, 1e200);
  for (InverseDynamicsMethod m : kMethods) {
    const std::string e =
        message_of([&] { inverse_dynamics<double>(m, model, data, q, big, qdd, g, f); });
    EXPECT_TRUE(names(e, function_of(m) + ": the result tau is not finite (tau[",
                      "; an input is too large: |qd| = 1e+200 (overflow)"));
  }
}

TEST_F(Puma, InverseDynamicsHugeAccelerationNamesQdd) {
  const VectorXd big = VectorXd::Constant(6, 1e308);
  for (InverseDynamicsMethod m : kMethods) {
    const std::string e =
        message_of([&] { inverse_dynamics<double>(m, model, data, q, qd, big, g, f); });
    EXPECT_TRUE(names(e, function_of(m) + ": the result tau is not finite (tau[",
                      "; an input is too large: |qdd| = 1e+308 (overflow)"));
  }
}

TEST_F(Puma, InverseDynamicsHugeGravityNamesGravity) {
  const Vector3d big(0, 0, -1e308);
  for (InverseDynamicsMethod m : kMethods) {
    const std::string e =
        message_of([&] { inverse_dynamics<double>(m, model, data, q, qd, qdd, big, f); });
    EXPECT_TRUE(names(e, function_of(m) + ": the result tau is not finite (tau[",
                      "; an input is too large: |gravity| = 1e+308 (overflow)"));
  }
}

TEST_F(Puma, InverseDynamicsHugeWrenchNamesFExt) {
  Vector6d big = Vector6d::Constant(1e308);
  for (InverseDynamicsMethod m : kMethods) {
    const std::string e =
        message_of([&] { inverse_dynamics<double>(m, model, data, q, qd, qdd, g, big); });
    EXPECT_TRUE(names(e, function_of(m) + ": the result tau is not finite (tau[",
                      "; an input is too large: |f_ext| = 1e+308 (overflow)"));
  }
}

TEST_F(Puma, InverseDynamicsMessageExample) {
  // the message of the issue, in full
  const VectorXd big = VectorXd::Constant(6, 1e200);
  const std::string e = message_of([&] { inverse_dynamics<double>(model, data, q, big, qdd); });
  EXPECT_EQ(e.rfind("inverse_dynamics: the result tau is not finite (tau[", 0), 0u) << e;
  EXPECT_TRUE(e.find("] = nan)") != std::string::npos || e.find("] = inf)") != std::string::npos ||
              e.find("] = -inf)") != std::string::npos)
      << e;
  EXPECT_NE(e.find("); an input is too large: |qd| = 1e+200 (overflow)"), std::string::npos) << e;
}

TEST_F(Puma, DynamicsTermsNameTheirOutput) {
  const VectorXd big = VectorXd::Constant(6, 1e200);
  EXPECT_TRUE(names(message_of([&] { bias_torques<double>(model, data, q, big, g); }),
                    "bias_torques: the result bias is not finite (bias[", "|qd| = 1e+200"));
  EXPECT_TRUE(
      names(message_of([&] { gravity_torques<double>(model, data, q, Vector3d(0, 0, -1e308)); }),
            "gravity_torques: the result G is not finite (G[", "|gravity| = 1e+308"));
  EXPECT_TRUE(names(message_of([&] {
                      gravity_torques_lagrange_euler<double>(model, data, q,
                                                             Vector3d(0, 0, -1e308));
                    }),
                    "gravity_torques_lagrange_euler: the result G is not finite (G[",
                    "|gravity| = 1e+308"));
  EXPECT_TRUE(names(message_of([&] { coriolis_matrix<double>(model, data, q, big); }),
                    "coriolis_matrix: the result C is not finite (C(", "|qd| = 1e+200"));
  EXPECT_TRUE(names(message_of([&] { mass_matrix_and_bias<double>(model, data, q, big, g, f); }),
                    "mass_matrix_and_bias: the result bias is not finite (bias[",
                    "|qd| = 1e+200 (overflow)"));
  VectorXd out(6);
  EXPECT_TRUE(names(message_of([&] {
                      friction_torques<double>(model, VectorXd::Constant(6, 1e308), out);
                    }),
                    "friction_torques: the result out is not finite (out[",
                    "|qd| = 1e+308 (overflow)"));
}

TEST(ResultChecks, PrismaticOverflowNamesQ) {
  // a huge prismatic displacement overflows M, the C^k and the link frames
  RandomArmOptions opt;
  opt.prismatic_fraction = 0.6;
  const SerialModel model = random_arm(8, 4, DhConvention::standard, opt);
  SerialData data(model);
  const VectorXd big = VectorXd::Constant(8, 1.7e308);
  const std::string tail = "an input is too large: |q| = 1.7e+308 (overflow)";
  EXPECT_TRUE(names(message_of([&] { mass_matrix<double>(model, data, big); }),
                    "mass_matrix: the result M is not finite (M(", tail));
  EXPECT_TRUE(names(message_of([&] { mass_matrix_strobing<double>(model, data, big); }),
                    "mass_matrix_strobing: the result M is not finite (M(", tail));
  EXPECT_TRUE(names(message_of([&] { mass_matrix_lagrange_euler<double>(model, data, big); }),
                    "mass_matrix_lagrange_euler: the result M is not finite (M(", tail));
  EXPECT_TRUE(names(message_of([&] { velocity_coupling_strobing<double>(model, data, big); }),
                    "velocity_coupling_strobing: the result Ck[", tail));
  EXPECT_TRUE(names(message_of([&] { velocity_coupling_lagrange_euler<double>(model, data, big); }),
                    "velocity_coupling_lagrange_euler: the result Ck[", tail));
  EXPECT_TRUE(names(message_of([&] { link_transforms<double>(model, data, big); }),
                    "link_transforms: the result T_ee is not finite (T_ee(", tail));
  EXPECT_TRUE(names(message_of([&] { end_effector_pose<double>(model, data, big); }),
                    "end_effector_pose: the result T_ee is not finite (T_ee(", tail));
  EXPECT_TRUE(names(message_of([&] { jacobian<double>(model, data, big); }),
                    "jacobian: the result J is not finite (J(", tail));
}

TEST_F(Puma, ForwardDynamicsEveryMethod) {
  const VectorXd big = VectorXd::Constant(6, 1e200), tau = VectorXd::LinSpaced(6, 1, -1);
  for (ForwardDynamicsMethod m :
       {ForwardDynamicsMethod::fastest, ForwardDynamicsMethod::mass_matrix,
        ForwardDynamicsMethod::strobing, ForwardDynamicsMethod::articulated_body}) {
    ForwardDynamicsData fd(model);
    const std::string where = m == ForwardDynamicsMethod::articulated_body
                                  ? "forward_dynamics_articulated_body"
                                  : "forward_dynamics_mass_matrix";
    EXPECT_TRUE(names(message_of([&] {
                        forward_dynamics<double>(m, model, fd, q, big, tau, g, f);
                      }),
                      where + ": the result qdd is not finite (", "|qd| = 1e+200 (overflow)"))
        << to_string(m);
    EXPECT_TRUE(names(message_of([&] {
                        forward_dynamics<double>(m, model, fd, q, qd, tau, Vector3d(0, 0, -1e308),
                                                 f);
                      }),
                      where + ": the result qdd is not finite (", "|gravity| = 1e+308 (overflow)"))
        << to_string(m);
    // a huge torque overflows qdd = M^-1 (tau - b)
    EXPECT_TRUE(names(message_of([&] {
                        forward_dynamics<double>(m, model, fd, q, qd,
                                                 VectorXd::Constant(6, 1.7e308), g, f);
                      }),
                      where + ": the result qdd is not finite (", "|tau| = 1.7e+308 (overflow)"))
        << to_string(m);
  }
}

TEST(ResultChecks, ForwardDynamicsPrismaticOverflowNamesQ) {
  RandomArmOptions opt;
  opt.prismatic_fraction = 0.6;
  const SerialModel model = random_arm(8, 4, DhConvention::standard, opt);
  const VectorXd big = VectorXd::Constant(8, 1.7e308), z = VectorXd::Zero(8);
  for (ForwardDynamicsMethod m :
       {ForwardDynamicsMethod::mass_matrix, ForwardDynamicsMethod::strobing,
        ForwardDynamicsMethod::articulated_body}) {
    ForwardDynamicsData fd(model);
    const std::string e = message_of([&] {
      forward_dynamics<double>(m, model, fd, big, z, z, model.gravity, Vector6d::Zero());
    });
    EXPECT_NE(e.find(": the result qdd is not finite ("), std::string::npos) << e;
    EXPECT_NE(e.find("|q| = 1.7e+308 (overflow)"), std::string::npos) << e;
  }
}

TEST_F(Puma, UncheckedGivesTheSameNumbers) {
  SerialData u(model);
  for (InverseDynamicsMethod m : kMethods) {
    const VectorXd checked = inverse_dynamics<double>(m, model, data, q, qd, qdd, g, f);
    EXPECT_EQ(inverse_dynamics<double>(unchecked, m, model, u, q, qd, qdd, g, f), checked)
        << to_string(m);
  }
  EXPECT_EQ(inverse_dynamics<double>(unchecked, model, u, q, qd, qdd),
            inverse_dynamics<double>(model, data, q, qd, qdd));
  EXPECT_EQ(inverse_dynamics_newton_euler<double>(unchecked, model, u, q, qd, qdd, g, f),
            inverse_dynamics_newton_euler<double>(model, data, q, qd, qdd, g, f));
  EXPECT_EQ(inverse_dynamics_modified_newton_euler<double>(unchecked, model, u, q, qd, qdd, g, f),
            inverse_dynamics_modified_newton_euler<double>(model, data, q, qd, qdd, g, f));
  EXPECT_EQ(inverse_dynamics_craig<double>(unchecked, model, u, q, qd, qdd, g, f),
            inverse_dynamics_craig<double>(model, data, q, qd, qdd, g, f));
  EXPECT_EQ(inverse_dynamics_lagrange_euler<double>(unchecked, model, u, q, qd, qdd, g, f),
            inverse_dynamics_lagrange_euler<double>(model, data, q, qd, qdd, g, f));
  EXPECT_EQ(mass_matrix<double>(unchecked, model, u, q), mass_matrix<double>(model, data, q));
  EXPECT_EQ(mass_matrix_strobing<double>(unchecked, model, u, q),
            mass_matrix_strobing<double>(model, data, q));
  EXPECT_EQ(gravity_torques<double>(unchecked, model, u, q, g),
            gravity_torques<double>(model, data, q, g));
  EXPECT_EQ(bias_torques<double>(unchecked, model, u, q, qd, g),
            bias_torques<double>(model, data, q, qd, g));
  EXPECT_EQ(coriolis_matrix<double>(unchecked, model, u, q, qd),
            coriolis_matrix<double>(model, data, q, qd));
  mass_matrix_and_bias<double>(unchecked, model, u, q, qd, g, f);
  mass_matrix_and_bias<double>(model, data, q, qd, g, f);
  EXPECT_EQ(u.M, data.M);
  EXPECT_EQ(u.bias, data.bias);
  EXPECT_EQ(link_transforms<double>(unchecked, model, u, q)[6],
            link_transforms<double>(model, data, q)[6]);
  EXPECT_EQ(end_effector_pose<double>(unchecked, model, u, q),
            end_effector_pose<double>(model, data, q));
  EXPECT_EQ(jacobian<double>(unchecked, model, u, q), jacobian<double>(model, data, q));
  const VectorXd tau = VectorXd::LinSpaced(6, 1, -1);
  for (ForwardDynamicsMethod m :
       {ForwardDynamicsMethod::fastest, ForwardDynamicsMethod::mass_matrix,
        ForwardDynamicsMethod::strobing, ForwardDynamicsMethod::articulated_body}) {
    ForwardDynamicsData a(model), b(model);
    EXPECT_EQ(forward_dynamics<double>(unchecked, m, model, a, q, qd, tau, g, f),
              forward_dynamics<double>(m, model, b, q, qd, tau, g, f))
        << to_string(m);
  }
  ForwardDynamicsData a(model), b(model);
  EXPECT_EQ(forward_dynamics<double>(unchecked, model, a, q, qd, tau, g, f),
            forward_dynamics<double>(model, b, q, qd, tau, g, f));
  EXPECT_EQ(forward_dynamics_articulated_body<double>(unchecked, model, a, q, qd, tau, g, f),
            forward_dynamics_articulated_body<double>(model, b, q, qd, tau, g, f));
  EXPECT_EQ(forward_dynamics_mass_matrix<double>(unchecked, model, a, q, qd, tau, g, f),
            forward_dynamics_mass_matrix<double>(model, b, q, qd, tau, g, f));
}

TEST_F(Puma, UncheckedSkipsTheChecks) {
  // documented: no input or result check, a non-finite result comes back as is
  const VectorXd big = VectorXd::Constant(6, 1e200);
  const VectorXd& tau = inverse_dynamics<double>(unchecked, model, data, q, big, qdd, g, f);
  EXPECT_FALSE(tau.allFinite());
  VectorXd nan_q = q;
  nan_q[2] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(inverse_dynamics<double>(unchecked, model, data, nan_q, qd, qdd, g, f).allFinite());
  EXPECT_EQ(message_of([&] { inverse_dynamics<double>(model, data, nan_q, qd, qdd, g, f); }),
            "inverse_dynamics: q[2] is nan");
}

TEST_F(Puma, CountedScalarResultCheck) {
  // the check reads values only, so it counts no operation, and it works for the counting scalar
  SerialDataTpl<Counted> cdata(model);
  const VectorX<Counted> big = VectorX<Counted>::Constant(6, Counted(1e200));
  const std::string e = message_of([&] {
    inverse_dynamics<Counted>(model, cdata, q.cast<Counted>(), big, qdd.cast<Counted>(),
                              g.cast<Counted>(), f.cast<Counted>());
  });
  EXPECT_TRUE(names(e, "inverse_dynamics: the result tau is not finite (tau[",
                    "|qd| = 1e+200 (overflow)"));
}

}  // namespace
}  // namespace manipdyn
