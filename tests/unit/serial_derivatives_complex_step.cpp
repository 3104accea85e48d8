// serial/derivatives.hpp against the complex step (core/complex_step.hpp): the default inverse
// dynamics' own body (detail::fastest_inverse_dynamics, src/serial/newton_euler_core.hpp, the
// template behind inverse_dynamics) instantiated here for std::complex<double> arithmetic, and
// d tau / dx_j = Im tau(x + i h e_j) / h with h = 1e-30: exact to rounding, no cancellation
// (Martins, Sturdza & Alonso 2003), and independent of both the analytic derivatives and the
// dual numbers of serial_derivatives.cpp. The forward dynamics' derivatives against the complex
// step of qdd = M^-1 (tau - b), M and b from the complex inverse dynamics, solved by Eigen's LLT
// with one step of iterative refinement.
// Models: the PUMA 560 with drive (smooth tanh Coulomb model, and the switching model away from
// qd = 0, where sign(qd) is locally constant), the Stanford arm (prismatic joint 3), random arms
// with prismatic joints in both DH conventions, the Panda and the UR5 from URDF with a tool;
// every state with an end-effector wrench.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "manipdyn/core/complex_step.hpp"
// the template behind inverse_dynamics, instantiated here for ComplexStep (private to src/serial)
#include "../../src/serial/newton_euler_core.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"

namespace manipdyn {
namespace {

using ComplexVector = VectorX<ComplexStep>;

constexpr double kH = 1e-30;                   // complex step
constexpr double kInverseTolerance = 1e-13;    // ID derivatives, relative to max(1, max |.|)
constexpr double kForwardTolerance = 1e-12;    // FD derivatives, relative to max(1, max |.|)

struct State {
  VectorXd q, qd, qdd_or_tau;
  Vector3d gravity;
  Vector6d f_ext;
};

// A random state with an end-effector wrench; every |qd_i| >= 0.1 (the switching friction's
// sign(qd) is locally constant there).
State random_state(const SerialModel& model, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = model.dof();
  State s;
  s.q = VectorXd::NullaryExpr(n, [&] { return 1.5 * u(rng); });
  s.qd = VectorXd::NullaryExpr(n, [&] {
    const double v = u(rng);
    return v < 0.0 ? v - 0.1 : v + 0.1;
  });
  s.qdd_or_tau = VectorXd::NullaryExpr(n, [&] { return 2.0 * u(rng); });
  s.gravity = model.gravity;
  s.f_ext = Vector6d::NullaryExpr([&] { return 10.0 * u(rng); });
  return s;
}

// max |a - b| / max(1, max |b|)
double relative_error(const MatrixXd& a, const MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

ComplexVector as_complex(const VectorXd& x) { return x.cast<ComplexStep>(); }

VectorXd real_part(const ComplexVector& y) {
  return y.unaryExpr([](const ComplexStep& c) { return c.real(); });
}

VectorXd imaginary_over_h(const ComplexVector& y) {
  return y.unaryExpr([](const ComplexStep& c) { return c.imag() / kH; });
}

// tau(q, qd, qdd) in complex arithmetic: the default inverse dynamics without its checks, with
// the state's gravity and wrench (or none).
struct ComplexInverseDynamics {
  const SerialModel& model;
  const State& s;
  SerialDataTpl<ComplexStep> data{model};

  ComplexVector operator()(const ComplexVector& q, const ComplexVector& qd,
                           const ComplexVector& qdd, bool with_gravity_and_wrench = true) {
    const double on = with_gravity_and_wrench ? 1.0 : 0.0;
    const Vector3<ComplexStep> g = (on * s.gravity).cast<ComplexStep>();
    const Vector6<ComplexStep> f = (on * s.f_ext).cast<ComplexStep>();
    detail::fastest_inverse_dynamics<ComplexStep>(model, data, q, qd, qdd, g, f);
    return data.tau;
  }
};

// qdd = M(q)^-1 (tau - b(q, qd)) in complex arithmetic: b = tau(q, qd, 0), column k of M =
// tau(q, 0, e_k) - tau(q, 0, 0) without gravity and wrench (the second is the constant friction
// at rest of the smooth Coulomb model, zero otherwise); then one step of iterative refinement
// qdd += M^-1 (tau - tau(q, qd, qdd)), since M from differences of torques carries their rounding.
ComplexVector complex_forward_dynamics(ComplexInverseDynamics& id, const ComplexVector& q,
                                       const ComplexVector& qd, const ComplexVector& tau) {
  const Eigen::Index n = q.size();
  const ComplexVector zero = ComplexVector::Zero(n);
  const ComplexVector b = id(q, qd, zero);
  const ComplexVector at_rest = id(q, zero, zero, false);
  MatrixX<ComplexStep> M(n, n);
  for (Eigen::Index k = 0; k < n; ++k)
    M.col(k) = id(q, zero, ComplexVector(ComplexVector::Unit(n, k)), false) - at_rest;
  const Eigen::LLT<MatrixX<ComplexStep>> llt(M);
  ComplexVector qdd = llt.solve(ComplexVector(tau - b));
  qdd += llt.solve(ComplexVector(tau - id(q, qd, qdd)));
  return qdd;
}

// The Jacobian of f(x0, x1, x2) in argument `arg` by the complex step, column by column.
template <typename F>
MatrixXd complex_step_jacobian(const F& f, const State& s, int arg) {
  const int n = static_cast<int>(s.q.size());
  MatrixXd J(n, n);
  const ComplexVector x0[3] = {as_complex(s.q), as_complex(s.qd), as_complex(s.qdd_or_tau)};
  for (int j = 0; j < n; ++j) {
    ComplexVector x[3] = {x0[0], x0[1], x0[2]};
    x[arg][j] = ComplexStep(x[arg][j].real(), kH);
    J.col(j) = imaginary_over_h(f(x[0], x[1], x[2]));
  }
  return J;
}

using ComplexFunction =
    std::function<ComplexVector(const ComplexVector&, const ComplexVector&, const ComplexVector&)>;

// The analytic derivatives of the inverse dynamics (forward = false: dtau/d(q, qd, qdd)) or of
// the forward dynamics (forward = true: dqdd/d(q, qd, tau)) against the complex step, and the
// complex run's real part against the library's tau or qdd.
void check_against_complex_step(const std::string& label, const SerialModel& model,
                                const State& s, bool forward) {
  SCOPED_TRACE(label);
  DerivativesData data(model);
  ComplexInverseDynamics id{model, s};
  ComplexFunction f;
  if (forward) {
    forward_dynamics_derivatives(model, data, s.q, s.qd, s.qdd_or_tau, s.gravity, s.f_ext);
    f = [&](const ComplexVector& q, const ComplexVector& qd, const ComplexVector& tau) {
      return complex_forward_dynamics(id, q, qd, tau);
    };
  } else {
    inverse_dynamics_derivatives(model, data, s.q, s.qd, s.qdd_or_tau, s.gravity, s.f_ext);
    f = [&](const ComplexVector& q, const ComplexVector& qd, const ComplexVector& qdd) {
      return id(q, qd, qdd);
    };
  }
  const double tolerance = forward ? kForwardTolerance : kInverseTolerance;
  const ComplexVector y = f(as_complex(s.q), as_complex(s.qd), as_complex(s.qdd_or_tau));
  EXPECT_LE(relative_error(real_part(y), forward ? data.qdd : data.tau), tolerance);
  const MatrixXd* const analytic[2][3] = {{&data.dtau_dq, &data.dtau_dqd, &data.dtau_dqdd},
                                          {&data.dqdd_dq, &data.dqdd_dqd, &data.dqdd_dtau}};
  const char* const names[2][3] = {{"dtau_dq", "dtau_dqd", "dtau_dqdd"},
                                   {"dqdd_dq", "dqdd_dqd", "dqdd_dtau"}};
  double worst = 0.0;
  for (int arg = 0; arg < 3; ++arg) {
    const double err = relative_error(*analytic[forward][arg], complex_step_jacobian(f, s, arg));
    EXPECT_LE(err, tolerance) << names[forward][arg] << " vs complex step";
    worst = std::max(worst, err);
  }
  std::printf("%s derivatives vs complex step, %s (n = %d): worst relative error %.1e\n",
              forward ? "FD" : "ID", label.c_str(), model.dof(), worst);
}

SerialModel with_smooth_coulomb(const SerialModel& model, double scale) {
  std::vector<LinkParameters> links = model.links;
  for (LinkParameters& l : links) l.coulomb_velocity_scale = scale;
  return SerialModel::from_table(links, model.convention, model.options());
}

struct Arm {
  std::string label;
  SerialModel model;
};

std::vector<Arm> test_arms() {
  std::vector<Arm> arms = {{"PUMA 560 rigid", puma560(false)},
                           {"PUMA 560 drive, switching Coulomb", puma560(true)},
                           {"PUMA 560 drive, tanh Coulomb",
                            with_smooth_coulomb(puma560(true), 0.3)},
                           {"Stanford arm drive", stanford_arm(true)}};
  RandomArmOptions options;
  options.with_drive = true;
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n : {7, 16}) {
      SerialModel model = random_arm(n, 60 + n, convention, options);
      const char* dh = convention == DhConvention::standard ? " standard DH" : " modified DH";
      arms.push_back({model.name + dh, std::move(model)});
    }
  UrdfOptions panda_options;
  panda_options.tip_link = "panda_hand_tcp";
  UrdfOptions ur5_options;
  ur5_options.tip_link = "tool0";
  const std::string dir = std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/";
  arms.push_back({"Panda URDF", serial_model_from_urdf_file(dir + "panda.urdf", panda_options)});
  arms.push_back({"UR5 URDF", serial_model_from_urdf_file(dir + "ur5_robot.urdf", ur5_options)});
  return arms;
}

TEST(SerialDerivativesComplexStep, InverseDynamics) {
  unsigned seed = 1;
  for (const Arm& arm : test_arms())
    check_against_complex_step(arm.label, arm.model, random_state(arm.model, seed++), false);
}

TEST(SerialDerivativesComplexStep, ForwardDynamics) {
  unsigned seed = 21;
  for (const Arm& arm : test_arms())
    check_against_complex_step(arm.label, arm.model, random_state(arm.model, seed++), true);
}

TEST(SerialDerivativesComplexStep, RandomArmsHavePrismaticJoints) {
  for (const Arm& arm : test_arms()) {
    if (arm.label.find("random") == std::string::npos) continue;
    int prismatic = 0;
    for (const LinkParameters& l : arm.model.links) prismatic += l.type == JointType::prismatic;
    EXPECT_GT(prismatic, 0) << arm.label;
  }
}

}  // namespace
}  // namespace manipdyn
