// Unit tests of drive.hpp: Corke's conventions for the friction seen at the joint,
// |G| (B |G| qd + Tc) with Tc+ for qd > 0, Tc- (<= 0) for qd < 0 and 0 at qd = 0, and the
// reflected motor inertia G^2 Jm qdd; and their presence in every inverse dynamics.
#include <gtest/gtest.h>

#include <cmath>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

constexpr double kTol = 1e-12;

SerialModel one_joint(double jm, double G, double B, double tcp, double tcn) {
  LinkParameters l;
  l.mass = 1.0;
  l.inertia = Vector3d(0.1, 0.1, 0.1).asDiagonal();
  l.motor_inertia = jm;
  l.gear_ratio = G;
  l.viscous = B;
  l.coulomb_positive = tcp;
  l.coulomb_negative = tcn;
  return SerialModel::from_dh({l});
}

TEST(SerialDrive, FrictionSignConventions) {
  // negative gear ratio: |G| is used, friction still opposes the motion
  for (double G : {-50.0, 50.0}) {
    const SerialModel model = one_joint(2e-4, G, 1e-3, 0.4, -0.3);
    VectorXd out(1);
    friction_torques<double>(model, VectorXd::Constant(1, 2.0), out);
    EXPECT_NEAR(out[0], 50.0 * (1e-3 * 50.0 * 2.0 + 0.4), kTol);
    friction_torques<double>(model, VectorXd::Constant(1, -2.0), out);
    EXPECT_NEAR(out[0], 50.0 * (1e-3 * 50.0 * -2.0 - 0.3), kTol);
    EXPECT_LT(out[0], 0.0);  // the joint must push backwards to keep moving backwards
    friction_torques<double>(model, VectorXd::Zero(1), out);
    EXPECT_EQ(out[0], 0.0);  // no Coulomb torque at exactly zero velocity
  }
}

TEST(SerialDrive, ReflectedInertiaAndFrictionAdded) {
  const SerialModel model = one_joint(2e-4, -62.6111, 1.48e-3, 0.395, -0.435);
  ASSERT_TRUE(model.has_drive);
  VectorXd tau = VectorXd::Constant(1, 1.0);
  add_drive_torques<double>(model, VectorXd::Constant(1, -0.5), VectorXd::Constant(1, 3.0), tau);
  const double G = 62.6111;
  EXPECT_NEAR(tau[0], 1.0 + G * G * 2e-4 * 3.0 + G * (1.48e-3 * G * -0.5 - 0.435), 1e-9);
  // at rest: only the reflected inertia
  tau[0] = 0.0;
  add_drive_torques<double>(model, VectorXd::Zero(1), VectorXd::Constant(1, 3.0), tau);
  EXPECT_NEAR(tau[0], G * G * 2e-4 * 3.0, 1e-12);
  // no drive: nothing added
  const SerialModel rigid = model.without_drive();
  tau[0] = 1.0;
  add_drive_torques<double>(rigid, VectorXd::Constant(1, -0.5), VectorXd::Constant(1, 3.0), tau);
  EXPECT_EQ(tau[0], 1.0);
  VectorXd out = VectorXd::Constant(1, 7.0);
  friction_torques<double>(rigid, VectorXd::Constant(1, -0.5), out);
  EXPECT_EQ(out[0], 0.0);
}

// Every inverse dynamics = the rigid one + G^2 Jm qdd + friction (PUMA 560, Corke's numbers).
TEST(SerialDrive, InverseDynamicsIncludeDriveTerms) {
  const SerialModel model = puma560(true), rigid = model.without_drive();
  SerialData data(model), rdata(rigid);
  const VectorXd q = VectorXd::LinSpaced(6, -1, 1), qd = VectorXd::LinSpaced(6, 0.5, -0.7),
                 qdd = VectorXd::LinSpaced(6, 2, -1);
  VectorXd fr(6);
  friction_torques<double>(model, qd, fr);
  for (InverseDynamicsMethod m :
       {InverseDynamicsMethod::fastest, InverseDynamicsMethod::newton_euler,
        InverseDynamicsMethod::modified_newton_euler, InverseDynamicsMethod::craig}) {
    const VectorXd t =
        inverse_dynamics<double>(m, model, data, q, qd, qdd, model.gravity, Vector6d::Zero());
    const VectorXd tr =
        inverse_dynamics<double>(m, rigid, rdata, q, qd, qdd, model.gravity, Vector6d::Zero());
    for (int i = 0; i < 6; ++i)
      EXPECT_NEAR(t[i] - tr[i], model.reflected_inertia[i] * qdd[i] + fr[i], 1e-10)
          << to_string(m) << " joint " << i;
  }
  // Corke: joint 1 reflected inertia 200e-6 * 62.6111^2 = 0.784 kg m^2
  EXPECT_NEAR(model.reflected_inertia[0], 200e-6 * 62.6111 * 62.6111, 1e-12);
}

// The smooth Coulomb model (coulomb_velocity_scale v_s > 0, CLARIFICATIONS "friction model"):
// Tc(qd) = (Tc+ - Tc-)/2 tanh(qd / v_s) + (Tc+ + Tc-)/2, seen at the joint times |G|.
TEST(SerialDrive, SmoothCoulombModel) {
  const double G = -50.0, B = 1e-3, tcp = 0.4, tcn = -0.3, vs = 0.02;
  SerialModel model = one_joint(2e-4, G, B, tcp, tcn);
  LinkParameters l = model.links[0];
  l.coulomb_velocity_scale = vs;
  model = SerialModel::from_dh({l});
  auto friction = [&](double v) {
    VectorXd out(1);
    friction_torques<double>(model, VectorXd::Constant(1, v), out);
    return out[0];
  };
  for (double v : {-1.0, -0.03, -1e-3, 0.0, 1e-3, 0.01, 0.5}) {
    const double expected = 50.0 * (B * 50.0 * v + 0.35 * std::tanh(v / vs) + 0.05);
    EXPECT_NEAR(friction(v), expected, kTol) << v;
  }
  // far from rest it is the discontinuous model (tanh(25) = 1 - 4e-22)
  EXPECT_NEAR(friction(0.5), 50.0 * (B * 50.0 * 0.5 + tcp), kTol);
  EXPECT_NEAR(friction(-0.5), 50.0 * (B * 50.0 * -0.5 + tcn), kTol);
  // at rest: the mean of Tc+ and Tc-, and a finite slope |G| (B |G| + (Tc+ - Tc-) / (2 v_s))
  EXPECT_NEAR(friction(0.0), 50.0 * 0.05, kTol);
  const double h = 1e-6, slope = (friction(h) - friction(-h)) / (2 * h);
  EXPECT_NEAR(slope, 50.0 * (B * 50.0 + 0.7 / (2 * vs)), 1e-6 * slope);
  // every inverse dynamics carries it
  SerialData data(model);
  const VectorXd q = VectorXd::Constant(1, 0.3), qd = VectorXd::Constant(1, 0.01),
                 qdd = VectorXd::Zero(1);
  const VectorXd rigid = inverse_dynamics<double>(model.without_drive(), data, q, qd, qdd);
  for (InverseDynamicsMethod m : all<InverseDynamicsMethod>())
    EXPECT_NEAR(inverse_dynamics<double>(m, model, data, q, qd, qdd, model.gravity,
                                         Vector6d::Zero())[0] - rigid[0],
                friction(0.01), 1e-10) << to_string(m);
  // the counting scalar counts the tanh and gives the same value
  VectorX<Counted> counted(1);
  friction_torques<Counted>(model, VectorX<Counted>::Constant(1, Counted(0.01)), counted);
  EXPECT_DOUBLE_EQ(counted[0].value(), friction(0.01));
  // a negative or non-finite scale is refused, naming the field
  for (double bad : {-0.1, double(NAN)}) {
    l.coulomb_velocity_scale = bad;
    try {
      SerialModel::from_dh({l});
      FAIL() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("coulomb_velocity_scale"), std::string::npos)
          << e.what();
    }
  }
}

TEST(SerialDrive, CountedScalarAndBadInput) {
  const SerialModel model = puma560(true);
  const VectorXd qd = VectorXd::LinSpaced(6, 0.5, -0.7);
  VectorXd out(6);
  friction_torques<double>(model, qd, out);
  VectorX<Counted> cout(6);
  friction_torques<Counted>(model, qd.cast<Counted>(), cout);
  for (int i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(cout[i].value(), out[i]);
  VectorXd out5(5);
  try {
    friction_torques<double>(model, qd, out5);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "friction_torques: out has size 5, expected 6");
  }
  VectorXd bad = qd;
  bad[4] = NAN;
  VectorXd tau = VectorXd::Zero(6);
  try {
    add_drive_torques<double>(model, bad, qd, tau);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "add_drive_torques: qd[4] is nan");
  }
}

}  // namespace
}  // namespace manipdyn
