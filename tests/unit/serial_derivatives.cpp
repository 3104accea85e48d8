// serial/derivatives.hpp: the analytic derivatives of the inverse and forward dynamics against
// two independent references: the dual-number scalar (core/dual.hpp, forward-mode AD) run through
// the library's own templated inverse_dynamics / forward_dynamics (exact: 1e-12 relative), and
// central differences of the double calls (1e-6 relative). Structure: dtau/dqdd = mass_matrix,
// at rest without a wrench dtau/dq = d gravity_torques / dq, dqdd/dtau = M^-1. Models: the PUMA
// 560 and the Stanford arm (prismatic joint 3) with and without drive, smooth Coulomb friction,
// random arms of both DH conventions with prismatic joints up to n = 64, URDF arms with a tool.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "manipdyn/core/dual.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/io/urdf.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

constexpr double kExactTolerance = 1e-12;    // against the dual numbers, relative to max |.|
constexpr double kCentralTolerance = 1e-6;   // against central differences, relative
constexpr double kStep = 1e-5;               // central-difference step (times max(1, |x|))

struct State {
  VectorXd q, qd, qdd_or_tau;
  Vector3d gravity;
  Vector6d f_ext;
};

State random_state(const SerialModel& model, unsigned seed, bool wrench) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = model.dof();
  State s;
  s.q = VectorXd::NullaryExpr(n, [&] { return 1.5 * u(rng); });
  s.qd = VectorXd::NullaryExpr(n, [&] { return u(rng); });
  s.qdd_or_tau = VectorXd::NullaryExpr(n, [&] { return 2.0 * u(rng); });
  s.gravity = model.gravity;
  s.f_ext = wrench ? Vector6d(Vector6d::NullaryExpr([&] { return 10.0 * u(rng); }))
                   : Vector6d(Vector6d::Zero());
  return s;
}

/// max |a - b| <= tol max(1, max |b|)
::testing::AssertionResult close(const MatrixXd& a, const MatrixXd& b, double tol,
                                 const std::string& what) {
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  const double err = (a - b).cwiseAbs().maxCoeff();
  if (err <= tol * scale) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << what << ": max error " << err << " against scale "
                                       << scale << " (tolerance " << tol << " relative)";
}

using DualVector = VectorX<Dual1>;

DualVector seeded(const VectorXd& x, int j) {
  DualVector d(x.size());
  for (int i = 0; i < x.size(); ++i) d[i] = Dual1(x[i], i == j ? 1.0 : 0.0);
  return d;
}

DualVector constant(const VectorXd& x) { return seeded(x, -1); }

/// The Jacobian of f(x0, x1, x2) (a dual function of three joint vectors) in argument `arg`,
/// column by column with the dual numbers.
MatrixXd dual_jacobian(const std::function<VectorX<Dual1>(const DualVector&, const DualVector&,
                                                         const DualVector&)>& f,
                       const State& s, int arg) {
  const int n = static_cast<int>(s.q.size());
  MatrixXd J(n, n);
  const VectorXd* xs[3] = {&s.q, &s.qd, &s.qdd_or_tau};
  for (int j = 0; j < n; ++j) {
    DualVector x[3];
    for (int a = 0; a < 3; ++a) x[a] = a == arg ? seeded(*xs[a], j) : constant(*xs[a]);
    const VectorX<Dual1> y = f(x[0], x[1], x[2]);
    for (int i = 0; i < n; ++i) J(i, j) = y[i].derivative();
  }
  return J;
}

/// The Jacobian of f in argument `arg` by central differences.
MatrixXd central_jacobian(const std::function<VectorXd(const VectorXd&, const VectorXd&,
                                                       const VectorXd&)>& f,
                          const State& s, int arg) {
  const int n = static_cast<int>(s.q.size());
  MatrixXd J(n, n);
  for (int j = 0; j < n; ++j) {
    VectorXd x[3] = {s.q, s.qd, s.qdd_or_tau};
    const double h = kStep * std::max(1.0, std::abs(x[arg][j]));
    x[arg][j] += h;
    const VectorXd plus = f(x[0], x[1], x[2]);
    x[arg][j] -= 2.0 * h;
    const VectorXd minus = f(x[0], x[1], x[2]);
    J.col(j) = (plus - minus) / (2.0 * h);
  }
  return J;
}

/// The inverse dynamics' derivatives against the dual numbers and central differences, and
/// dtau/dqdd against mass_matrix.
void check_inverse_dynamics_derivatives(const SerialModel& model, const State& s,
                                        bool central = true) {
  SCOPED_TRACE(model.name + " n = " + std::to_string(model.dof()));
  DerivativesData data(model);
  inverse_dynamics_derivatives(model, data, s.q, s.qd, s.qdd_or_tau, s.gravity, s.f_ext);
  SerialData plain(model);
  const VectorXd tau =
      inverse_dynamics(model, plain, s.q, s.qd, s.qdd_or_tau, s.gravity, s.f_ext);
  EXPECT_TRUE(close(data.tau, tau, kExactTolerance, "tau"));
  SerialDataTpl<Dual1> dual(model);
  auto f_dual = [&](const DualVector& q, const DualVector& qd, const DualVector& qdd) {
    return VectorX<Dual1>(inverse_dynamics<Dual1>(model, dual, q, qd, qdd,
                                                s.gravity.cast<Dual1>(), s.f_ext.cast<Dual1>()));
  };
  const MatrixXd* analytic[3] = {&data.dtau_dq, &data.dtau_dqd, &data.dtau_dqdd};
  const char* names[3] = {"dtau_dq", "dtau_dqd", "dtau_dqdd"};
  for (int arg = 0; arg < 3; ++arg)
    EXPECT_TRUE(close(*analytic[arg], dual_jacobian(f_dual, s, arg), kExactTolerance,
                      std::string(names[arg]) + " vs dual"));
  if (central) {
    auto f = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd) {
      return VectorXd(inverse_dynamics(model, plain, q, qd, qdd, s.gravity, s.f_ext));
    };
    for (int arg = 0; arg < 2; ++arg)
      EXPECT_TRUE(close(*analytic[arg], central_jacobian(f, s, arg), kCentralTolerance,
                        std::string(names[arg]) + " vs central differences"));
  }
  // dtau/dqdd is the mass matrix (mass_matrix includes G^2 Jm), symmetric
  EXPECT_TRUE(close(data.dtau_dqdd, mass_matrix(model, plain, s.q), kExactTolerance, "dtau_dqdd vs mass_matrix"));
}

TEST(SerialDerivatives, InverseDynamicsOnTheBuiltIns) {
  for (bool drive : {false, true}) {
    for (const SerialModel& model : {puma560(drive), stanford_arm(drive)}) {
      check_inverse_dynamics_derivatives(model, random_state(model, 1, false));
      check_inverse_dynamics_derivatives(model, random_state(model, 2, true));
    }
  }
}

SerialModel with_smooth_coulomb(const SerialModel& model, double scale) {
  std::vector<LinkParameters> links = model.links;
  for (LinkParameters& l : links) l.coulomb_velocity_scale = scale;
  return SerialModel::from_table(links, model.convention, model.options());
}

TEST(SerialDerivatives, SmoothCoulombFrictionIsDifferentiatedExactly) {
  const SerialModel model = with_smooth_coulomb(puma560(true), 0.3);
  const State s = random_state(model, 3, true);
  check_inverse_dynamics_derivatives(model, s);
  // the switching model: its derivative away from 0 (viscous only)
  const SerialModel switching = puma560(true);
  DerivativesData data(switching);
  inverse_dynamics_derivatives(switching, data, s.q, s.qd, s.qdd_or_tau, s.gravity, s.f_ext);
  DerivativesData rigid_data(switching.without_drive());
  inverse_dynamics_derivatives(switching.without_drive(), rigid_data, s.q, s.qd, s.qdd_or_tau,
                               s.gravity, s.f_ext);
  for (int i = 0; i < 6; ++i) {
    const LinkParameters& l = switching.links[i];
    EXPECT_NEAR(data.dtau_dqd(i, i) - rigid_data.dtau_dqd(i, i),
                l.viscous * l.gear_ratio * l.gear_ratio, 1e-12);
  }
}

TEST(SerialDerivatives, InverseDynamicsOnRandomArmsOfBothConventions) {
  RandomArmOptions drive;
  drive.with_drive = true;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    for (int n : {1, 2, 7, 16}) {
      const SerialModel model = random_arm(n, 40 + n, convention, drive);
      check_inverse_dynamics_derivatives(model, random_state(model, n, true));
    }
    const SerialModel big = random_arm(64, 7, convention);
    check_inverse_dynamics_derivatives(big, random_state(big, 64, true), false);
  }
}

TEST(SerialDerivatives, InverseDynamicsOnUrdfArmsWithATool) {
  UrdfOptions panda_options;
  panda_options.tip_link = "panda_hand_tcp";
  UrdfOptions ur5_options;
  ur5_options.tip_link = "tool0";
  const std::string dir = std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/";
  for (const SerialModel& model : {serial_model_from_urdf_file(dir + "panda.urdf", panda_options),
                                   serial_model_from_urdf_file(dir + "ur5_robot.urdf", ur5_options)})
    check_inverse_dynamics_derivatives(model, random_state(model, 5, true));
}

TEST(SerialDerivatives, AtRestTheConfigurationDerivativeIsThatOfTheGravityTorques) {
  const SerialModel model = stanford_arm(true);
  const State s = random_state(model, 6, false);
  const VectorXd zero = VectorXd::Zero(model.dof());
  DerivativesData data(model);
  inverse_dynamics_derivatives(model, data, s.q, zero, zero, s.gravity, Vector6d::Zero());
  SerialDataTpl<Dual1> dual(model);
  MatrixXd dG(model.dof(), model.dof());
  for (int j = 0; j < model.dof(); ++j) {
    const VectorX<Dual1> G = gravity_torques<Dual1>(model, dual, seeded(s.q, j),
                                                  s.gravity.cast<Dual1>());
    for (int i = 0; i < model.dof(); ++i) dG(i, j) = G[i].derivative();
  }
  EXPECT_TRUE(close(data.dtau_dq, dG, kExactTolerance, "dtau_dq vs d gravity_torques"));
}

/// The forward dynamics' derivatives against the dual numbers and central differences;
/// dqdd/dtau against the inverse of the mass matrix.
void check_forward_dynamics_derivatives(const SerialModel& model, const State& s) {
  SCOPED_TRACE(model.name + " n = " + std::to_string(model.dof()));
  DerivativesData data(model);
  forward_dynamics_derivatives(model, data, s.q, s.qd, s.qdd_or_tau, s.gravity, s.f_ext);
  ForwardDynamicsData plain(model);
  const VectorXd qdd = forward_dynamics(model, plain, s.q, s.qd, s.qdd_or_tau, s.gravity, s.f_ext);
  EXPECT_TRUE(close(data.qdd, qdd, kExactTolerance, "qdd"));
  ForwardDynamicsDataTpl<Dual1> dual(model);
  auto f_dual = [&](const DualVector& q, const DualVector& qd, const DualVector& tau) {
    return VectorX<Dual1>(forward_dynamics<Dual1>(model, dual, q, qd, tau, s.gravity.cast<Dual1>(),
                                                s.f_ext.cast<Dual1>()));
  };
  auto f = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& tau) {
    return VectorXd(forward_dynamics(model, plain, q, qd, tau, s.gravity, s.f_ext));
  };
  const MatrixXd* analytic[3] = {&data.dqdd_dq, &data.dqdd_dqd, &data.dqdd_dtau};
  const char* names[3] = {"dqdd_dq", "dqdd_dqd", "dqdd_dtau"};
  for (int arg = 0; arg < 3; ++arg) {
    EXPECT_TRUE(close(*analytic[arg], dual_jacobian(f_dual, s, arg), kExactTolerance,
                      std::string(names[arg]) + " vs dual"));
    EXPECT_TRUE(close(*analytic[arg], central_jacobian(f, s, arg), kCentralTolerance,
                      std::string(names[arg]) + " vs central differences"));
  }
  const MatrixXd M = data.dtau_dqdd;
  EXPECT_TRUE(close(data.dqdd_dtau * M, MatrixXd::Identity(model.dof(), model.dof()),
                    kExactTolerance * 100, "dqdd_dtau M"));
}

TEST(SerialDerivatives, ForwardDynamics) {
  for (bool drive : {false, true})
    for (const SerialModel& model : {puma560(drive), stanford_arm(drive)})
      check_forward_dynamics_derivatives(model, random_state(model, 8, drive));
  check_forward_dynamics_derivatives(with_smooth_coulomb(puma560(true), 0.2),
                                     random_state(puma560(true), 9, true));
  // n = 7 by the fixed-size products, 12 by the hand-written Cholesky, 30 by Eigen's
  // (kHandCholeskyMax = 24)
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n : {7, 12, 30}) {
      const SerialModel model = random_arm(n, 3, convention);
      check_forward_dynamics_derivatives(model, random_state(model, 10 + n, true));
    }
}

/// f throws std::invalid_argument whose message contains `expected`.
template <typename F>
void expect_message(F&& f, const std::string& expected) {
  const std::string message = test_support::message_of(f);
  EXPECT_NE(message.find(expected), std::string::npos) << message;
}

TEST(SerialDerivatives, BadInputThrowsNamingTheArgument) {
  const SerialModel model = puma560(true);
  DerivativesData data(model);
  const VectorXd ok = VectorXd::Zero(6), short_q = VectorXd::Zero(5);
  VectorXd bad = ok;
  bad[2] = std::nan("");
  const Vector3d g = model.gravity;
  const Vector6d w = Vector6d::Zero();
  Vector6d bad_w = w;
  bad_w[0] = std::nan("");
  auto id = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd, const Vector6d& f) {
    inverse_dynamics_derivatives(model, data, q, qd, qdd, g, f);
  };
  auto fd = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& tau, const Vector6d& f) {
    forward_dynamics_derivatives(model, data, q, qd, tau, g, f);
  };
  expect_message([&] { id(short_q, ok, ok, w); }, "inverse_dynamics_derivatives: q");
  expect_message([&] { id(ok, bad, ok, w); }, "inverse_dynamics_derivatives: qd");
  expect_message([&] { id(ok, ok, bad, w); }, "inverse_dynamics_derivatives: qdd");
  expect_message([&] { id(ok, ok, ok, bad_w); }, "inverse_dynamics_derivatives: f_ext");
  expect_message([&] { fd(ok, ok, short_q, w); }, "forward_dynamics_derivatives: tau");
  expect_message([&] { fd(bad, ok, ok, w); }, "forward_dynamics_derivatives: q");
  DerivativesData other(random_arm(3, 1, DhConvention::standard));
  expect_message([&] { inverse_dynamics_derivatives(model, other, ok, ok, ok, g, w); }, "inverse_dynamics_derivatives:");
}

}  // namespace
}  // namespace manipdyn
