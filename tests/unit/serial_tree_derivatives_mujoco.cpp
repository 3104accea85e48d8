// The analytic derivatives of the inverse dynamics on free-flyer and fixed-root trees
// (serial/derivatives.hpp, src/serial/tree_derivatives_body.hpp) against an independent peer:
// MuJoCo's inverse and forward dynamics (mj_inverse, mj_forward; tests/support/mujoco_peer.hpp,
// converted to our conventions) differentiated by central differences with Richardson extrapolation, q moved in
// the tangent space of the configuration group (our `integrate`, whose convention the peer's
// conversion of q does not depend on). Measured: at most 3.3e-11 relative (forward), 1.3e-12
// (inverse), against the 1e-9.
#include <gtest/gtest.h>

#if !MANIPDYN_HAVE_MUJOCO
TEST(TreeDerivativesMujoco, Skipped) {
  GTEST_SKIP() << "MuJoCo not found when configuring (Debian: libmujoco-dev): the MuJoCo peer "
                  "checks are not built";
}
#else
#include <string>
#include <utility>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "../support/dynamics_checks.hpp"
#include "../support/free_flyer.hpp"
#include "../support/mujoco_peer.hpp"

namespace manipdyn {
namespace {

using test_support::on_free_flyer;
using test_support::random_vector;
using test_support::relative_error;

/// Richardson-extrapolated central difference of f(t) at t = 0: (4 D(h / 2) - D(h)) / 3.
template <typename F>
VectorXd richardson(F&& f, double h) {
  auto central = [&](double s) { return VectorXd((f(s) - f(-s)) / (2.0 * s)); };
  return (4.0 * central(h / 2.0) - central(h)) / 3.0;
}

/// The Jacobians of y(q, v) in q (tangent space, through integrate) and in v, by richardson.
template <typename F>
std::pair<MatrixXd, MatrixXd> peer_jacobians(const SerialModel& model, const VectorXd& q,
                                             const VectorXd& v, F&& y) {
  const int nv = model.nv();
  MatrixXd dq(nv, nv), dv(nv, nv);
  for (int k = 0; k < nv; ++k) {
    const VectorXd e = VectorXd::Unit(nv, k);
    dq.col(k) = richardson([&](double t) { return y(integrate(model, q, e, t), v); }, 1e-3);
    // y is quadratic in v (no friction here): its central difference is exact but for rounding,
    // which a long step makes small
    dv.col(k) = richardson([&](double t) { return y(q, VectorXd(v + t * e)); }, 0.5);
  }
  return {dq, dv};
}

TEST(TreeDerivativesMujoco, DerivativesAgainstMujocoDifferences) {
  UrdfOptions urdf;
  urdf.whole_tree = true;
  urdf.floating_base = true;
  const SerialModel solo = serial_model_from_urdf_file(
      std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/solo12.urdf", urdf);
  const SerialModel tree = random_tree(10, 41, {.branching = 0.5});
  for (const SerialModel& model : {solo, on_free_flyer(tree), tree}) {
    SCOPED_TRACE(model.name);
    test_support::MujocoPeer peer = test_support::mujoco_peer(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 7);
    const VectorXd v = random_vector(nv, 8), a = random_vector(nv, 9);
    const VectorXd tau = random_vector(nv, 10, 5.0);
    DerivativesData data(model);
    forward_dynamics_derivatives(model, data, q, v, tau);
    const auto [fq, fv] = peer_jacobians(model, q, v, [&](const VectorXd& x, const VectorXd& y) {
      return test_support::mujoco_forward_dynamics(peer, model, x, y, tau);
    });
    EXPECT_LE(relative_error(data.dqdd_dq, fq), 1e-9);
    EXPECT_LE(relative_error(data.dqdd_dqd, fv), 1e-9);
    inverse_dynamics_derivatives(model, data, q, v, a);
    const auto [dq, dv] = peer_jacobians(model, q, v, [&](const VectorXd& x, const VectorXd& y) {
      return test_support::mujoco_inverse_dynamics(peer, model, x, y, a);
    });
    EXPECT_LE(relative_error(data.dtau_dq, dq), 1e-10);
    EXPECT_LE(relative_error(data.dtau_dqd, dv), 1e-10);
    EXPECT_LE(relative_error(data.dtau_dqdd, test_support::mujoco_mass_matrix(peer, model, q)),
              1e-10);
  }
}

}  // namespace
}  // namespace manipdyn
#endif
