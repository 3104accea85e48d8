// Unit tests of inverse_dynamics.hpp (the Newton-Euler family and the dispatch): closed forms of
// a pendulum, a vertical slider and the planar two-link arm (Spong, Hutchinson & Vidyasagar,
// Robot Modeling and Control, sec. 7.4.1), the method names, and the error messages.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "manipdyn/core/counting_scalar.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

constexpr double kTol = 1e-12;  // closed forms, N m

const InverseDynamicsMethod kNewtonEuler[] = {
    InverseDynamicsMethod::fastest, InverseDynamicsMethod::newton_euler,
    InverseDynamicsMethod::modified_newton_euler, InverseDynamicsMethod::craig};

LinkParameters link(JointType type, double a, double alpha, double d, double theta, double m,
                    Vector3d com, Matrix3d inertia) {
  LinkParameters l;
  l.type = type;
  l.a = a;
  l.alpha = alpha;
  l.d = d;
  l.theta = theta;
  l.mass = m;
  l.com = com;
  l.inertia = inertia;
  return l;
}

// Planar two-link arm in standard DH (frames at the distal ends), gravity -y in the world.
struct TwoLink {
  double l1 = 0.7, l2 = 0.5, lc1 = 0.3, lc2 = 0.2, m1 = 3.0, m2 = 2.0, I1 = 0.12, I2 = 0.07;
  double g = 9.81;
  SerialModel model() const {
    const Matrix3d J1 = Vector3d(0.1, 0.1, I1).asDiagonal();
    const Matrix3d J2 = Vector3d(0.05, 0.05, I2).asDiagonal();
    SerialModelOptions opt;
    opt.name = "two_link";
    opt.gravity = Vector3d(0, -g, 0);
    return SerialModel::from_dh(
        {link(JointType::revolute, l1, 0, 0, 0, m1, Vector3d(lc1 - l1, 0, 0), J1),
         link(JointType::revolute, l2, 0, 0, 0, m2, Vector3d(lc2 - l2, 0, 0), J2)},
        opt);
  }
  Eigen::Vector2d tau(const Eigen::Vector2d& q, const Eigen::Vector2d& qd,
                      const Eigen::Vector2d& qdd) const {
    const double c2 = std::cos(q[1]), s2 = std::sin(q[1]);
    const double c1 = std::cos(q[0]), c12 = std::cos(q[0] + q[1]);
    const double M11 = m1 * lc1 * lc1 + I1 + m2 * (l1 * l1 + lc2 * lc2 + 2 * l1 * lc2 * c2) + I2;
    const double M12 = m2 * (lc2 * lc2 + l1 * lc2 * c2) + I2;
    const double M22 = m2 * lc2 * lc2 + I2;
    const double h = -m2 * l1 * lc2 * s2;
    return {M11 * qdd[0] + M12 * qdd[1] + h * qd[1] * qd[1] + 2 * h * qd[0] * qd[1] +
                (m1 * lc1 + m2 * l1) * g * c1 + m2 * lc2 * g * c12,
            M12 * qdd[0] + M22 * qdd[1] - h * qd[0] * qd[0] + m2 * lc2 * g * c12};
  }
};

TEST(SerialInverseDynamics, TwoLinkPlanarClosedForm) {
  const TwoLink arm;
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-3, 3);
  for (DhConvention conv : {DhConvention::standard, DhConvention::modified}) {
    // the same arm written in modified DH: frame i at joint i, COM shifted accordingly
    SerialModel model = arm.model();
    if (conv == DhConvention::modified) {
      const Matrix3d J1 = Vector3d(0.1, 0.1, arm.I1).asDiagonal();
      const Matrix3d J2 = Vector3d(0.05, 0.05, arm.I2).asDiagonal();
      SerialModelOptions opt;
      opt.gravity = Vector3d(0, -arm.g, 0);
      model = SerialModel::from_modified_dh(
          {link(JointType::revolute, 0, 0, 0, 0, arm.m1, Vector3d(arm.lc1, 0, 0), J1),
           link(JointType::revolute, arm.l1, 0, 0, 0, arm.m2, Vector3d(arm.lc2, 0, 0), J2)},
          opt);
    }
    SerialData data(model);
    for (int trial = 0; trial < 10; ++trial) {
      const Eigen::Vector2d q(u(rng), u(rng)), qd(u(rng), u(rng)), qdd(u(rng), u(rng));
      const Eigen::Vector2d expected = arm.tau(q, qd, qdd);
      for (InverseDynamicsMethod m : kNewtonEuler) {
        const VectorXd tau =
            inverse_dynamics<double>(m, model, data, q, qd, qdd, model.gravity, Vector6d::Zero());
        EXPECT_NEAR(tau[0], expected[0], kTol) << to_string(m) << " " << to_string(conv);
        EXPECT_NEAR(tau[1], expected[1], kTol) << to_string(m) << " " << to_string(conv);
      }
      // the convenience overload uses the model's gravity and no wrench
      const VectorXd tau = inverse_dynamics<double>(model, data, q, qd, qdd);
      EXPECT_NEAR(tau[0], expected[0], kTol);
    }
  }
}

// A slider moving along world z (standard DH: joint 1 translates along z_0), mass m, gravity -z:
// f = m (qdd + g), whatever the velocity; with a wrist force f_z pushing on the environment
// (end-effector frame = frame 1, here aligned with the world) the joint must add f_z.
TEST(SerialInverseDynamics, VerticalSliderClosedForm) {
  const double m = 2.5;
  const Matrix3d I = Vector3d(0.02, 0.03, 0.04).asDiagonal();
  for (DhConvention conv : {DhConvention::standard, DhConvention::modified}) {
    const SerialModel model = SerialModel::from_table(
        {link(JointType::prismatic, 0, 0, 0.1, 0, m, Vector3d(0.1, -0.2, 0.05), I)}, conv);
    SerialData data(model);
    for (InverseDynamicsMethod meth : kNewtonEuler) {
      Vector6d f = Vector6d::Zero();
      f[2] = 4.0;
      f[3] = 1.0;  // a moment does no work on a slider
      const VectorXd tau = inverse_dynamics<double>(meth, model, data, VectorXd::Constant(1, 0.3),
                                                    VectorXd::Constant(1, -1.7),
                                                    VectorXd::Constant(1, 0.6), model.gravity, f);
      EXPECT_NEAR(tau[0], m * (0.6 + 9.81) + 4.0, kTol) << to_string(meth);
    }
  }
}

// A pendulum about the world z axis is not affected by gravity -z, and a pendulum about a
// horizontal axis holds m g l cos(q) + (I_zz + m l^2) qdd.
TEST(SerialInverseDynamics, PendulumClosedForm) {
  const double m = 1.3, l = 0.45, Izz = 0.021;
  const Matrix3d I = Vector3d(0.01, 0.015, Izz).asDiagonal();
  SerialModelOptions opt;
  opt.gravity = Vector3d(0, -9.81, 0);
  const SerialModel model =
      SerialModel::from_dh({link(JointType::revolute, 0, 0, 0, 0, m, Vector3d(l, 0, 0), I)}, opt);
  SerialData data(model);
  for (InverseDynamicsMethod meth : kNewtonEuler)
    for (double q : {-2.0, 0.0, 0.7, 2.5}) {
      const double qdd = 1.9;
      const VectorXd tau = inverse_dynamics<double>(
          meth, model, data, VectorXd::Constant(1, q), VectorXd::Constant(1, 3.0),
          VectorXd::Constant(1, qdd), model.gravity, Vector6d::Zero());
      EXPECT_NEAR(tau[0], m * 9.81 * l * std::cos(q) + (Izz + m * l * l) * qdd, kTol);
    }
}

// Operation counts measured with the counting scalar (sin/cos of the joint angles and the drive
// terms excluded, as in the papers) against Turney et al. 1980 Table 1: Newton-Euler 108n - 12
// mul / 100n - 9 add for any inertia tensor (Table 3 counts I alpha with 9 mul); the modified
// set 90n - 27 / 88n - 24 for principal axes along the link frames (Table 4 counts
// Tr{A K sigma^t} with 6 mul, i.e. K diagonal).
struct Count {
  std::uint64_t mul, add;
};
Count count(InverseDynamicsMethod m, const SerialModel& model) {
  const int n = model.dof();
  SerialDataTpl<Counted> data(model);
  const VectorX<Counted> q = VectorXd::LinSpaced(n, -1, 1).cast<Counted>();
  const VectorX<Counted> qd = VectorXd::LinSpaced(n, 0.3, -0.6).cast<Counted>();
  const VectorX<Counted> qdd = VectorXd::LinSpaced(n, 1, 2).cast<Counted>();
  op_counter().reset();
  inverse_dynamics<Counted>(m, model, data, q, qd, qdd, model.gravity.cast<Counted>(),
                            Vector6<Counted>::Zero());
  EXPECT_EQ(op_counter().div, 0u);
  EXPECT_EQ(op_counter().sin, static_cast<std::uint64_t>(n));
  return {op_counter().mul, op_counter().add};
}

TEST(SerialInverseDynamics, OperationCountsWithinThePapersFormulas) {
  RandomArmOptions revolute;
  revolute.prismatic_fraction = 0.0;
  for (int n = 1; n <= 10; ++n) {
    const SerialModel full = random_arm(n, 100 + n, DhConvention::standard, revolute);
    // the same arm with its inertia tensors reduced to their diagonals (principal axes along
    // the link frames; still physically valid)
    std::vector<LinkParameters> links = full.links;
    for (auto& l : links) l.inertia = Matrix3d(l.inertia.diagonal().asDiagonal());
    const SerialModel diagonal = SerialModel::from_dh(links);
    const std::uint64_t ne_mul = 108 * n - 12, ne_add = 100 * n - 9;
    const std::uint64_t mne_mul = 90 * n - 27, mne_add = 88 * n - 24;
    for (const SerialModel* model : {&full, &diagonal}) {
      for (InverseDynamicsMethod m :
           {InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
            InverseDynamicsMethod::fastest}) {
        const Count c = count(m, *model);
        EXPECT_LE(c.mul, ne_mul) << to_string(m) << " n=" << n;
        EXPECT_LE(c.add, ne_add) << to_string(m) << " n=" << n;
      }
    }
    for (InverseDynamicsMethod m :
         {InverseDynamicsMethod::modified_newton_euler, InverseDynamicsMethod::fastest}) {
      const Count c = count(m, diagonal);
      EXPECT_LE(c.mul, mne_mul) << to_string(m) << " n=" << n;
      EXPECT_LE(c.add, mne_add) << to_string(m) << " n=" << n;
    }
  }
  // PUMA 560 (Corke's inertias are diagonal; alpha = 0, +-pi/2): the fastest exploits both
  const SerialModel puma = puma560(false);
  EXPECT_LE(count(InverseDynamicsMethod::modified_newton_euler, puma).mul, 90u * 6 - 27);
  EXPECT_LE(count(InverseDynamicsMethod::fastest, puma).mul, 300u);
  EXPECT_LE(count(InverseDynamicsMethod::fastest, puma).add, 270u);
}

TEST(SerialInverseDynamics, MethodNames) {
  for (InverseDynamicsMethod m :
       {InverseDynamicsMethod::fastest, InverseDynamicsMethod::lagrange_euler,
        InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
        InverseDynamicsMethod::craig})
    EXPECT_EQ(inverse_dynamics_method_from_string(to_string(m)), m);
  EXPECT_STREQ(to_string(InverseDynamicsMethod::modified_newton_euler), "modified_newton_euler");
  try {
    inverse_dynamics_method_from_string("rnea");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "unknown inverse dynamics method 'rnea' (valid: fastest, lagrange_euler, "
                 "newton_euler, modified_newton_euler, craig)");
  }
}

TEST(SerialInverseDynamics, DispatchCallsTheNamedFormulation) {
  const SerialModel model = puma560(true);
  SerialData data(model);
  const VectorXd q = VectorXd::LinSpaced(6, -1, 1), qd = VectorXd::LinSpaced(6, 0.5, -0.5),
                 qdd = VectorXd::LinSpaced(6, 2, -1);
  Vector6d f;
  f << 1, -2, 3, 0.1, -0.2, 0.3;
  const VectorXd a = inverse_dynamics_craig<double>(model, data, q, qd, qdd, model.gravity, f);
  const VectorXd b = inverse_dynamics<double>(InverseDynamicsMethod::craig, model, data, q, qd, qdd,
                                              model.gravity, f);
  EXPECT_EQ(a, b);
  const VectorXd c =
      inverse_dynamics_modified_newton_euler<double>(model, data, q, qd, qdd, model.gravity, f);
  const VectorXd d = inverse_dynamics<double>(InverseDynamicsMethod::modified_newton_euler, model,
                                              data, q, qd, qdd, model.gravity, f);
  EXPECT_EQ(c, d);
}

// Each formulation checks its input at the boundary with a message naming itself.
TEST(SerialInverseDynamics, BadInputThrowsTheDocumentedMessage) {
  const SerialModel model = puma560(true);
  SerialData data(model);
  const VectorXd ok = VectorXd::Zero(6), short5 = VectorXd::Zero(5);
  VectorXd nan = VectorXd::Zero(6), inf = VectorXd::Zero(6);
  nan[3] = std::nan("");
  inf[1] = -INFINITY;
  const Vector3d g = model.gravity;
  const Vector6d f = Vector6d::Zero();
  struct Case {
    const char* name;
    InverseDynamicsMethod method;
  };
  for (Case c : {Case{"inverse_dynamics", InverseDynamicsMethod::fastest},
                 Case{"inverse_dynamics_newton_euler", InverseDynamicsMethod::newton_euler},
                 Case{"inverse_dynamics_modified_newton_euler",
                      InverseDynamicsMethod::modified_newton_euler},
                 Case{"inverse_dynamics_craig", InverseDynamicsMethod::craig}}) {
    auto message = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd,
                       const Vector3d& gg, const Vector6d& ff) -> std::string {
      try {
        inverse_dynamics<double>(c.method, model, data, q, qd, qdd, gg, ff);
      } catch (const std::invalid_argument& e) {
        return e.what();
      }
      return "no exception";
    };
    const std::string w = c.name;
    EXPECT_EQ(message(short5, ok, ok, g, f), w + ": q has size 5, expected 6");
    EXPECT_EQ(message(ok, short5, ok, g, f), w + ": qd has size 5, expected 6");
    EXPECT_EQ(message(ok, ok, short5, g, f), w + ": qdd has size 5, expected 6");
    EXPECT_EQ(message(nan, ok, ok, g, f), w + ": q[3] is nan");
    EXPECT_EQ(message(ok, inf, ok, g, f), w + ": qd[1] is inf");
    EXPECT_EQ(message(ok, ok, nan, g, f), w + ": qdd[3] is nan");
    EXPECT_EQ(message(ok, ok, ok, Vector3d(0, NAN, 0), f), w + ": gravity[1] is nan");
    Vector6d fbad = f;
    fbad[5] = INFINITY;
    EXPECT_EQ(message(ok, ok, ok, g, fbad), w + ": f_ext[5] is inf");
  }
  // a hand-assembled model without the builders' precomputed data
  SerialModel raw;
  raw.links.resize(6);
  SerialData raw_data(raw);
  try {
    inverse_dynamics<double>(raw, raw_data, ok, ok, ok, g, f);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "inverse_dynamics: the model was not built by SerialModel::from_dh/"
                 "from_modified_dh/from_table (its precomputed data is missing)");
  }
  // a Data built for another model
  SerialData small(random_arm(3, 1, DhConvention::standard));
  try {
    inverse_dynamics<double>(model, small, ok, ok, ok, g, f);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "inverse_dynamics: data was built for 3 joints, the model has 6");
  }
}

}  // namespace
}  // namespace manipdyn
