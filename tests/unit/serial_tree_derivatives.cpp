// Unit tests of the analytic derivatives of the inverse and forward dynamics on trees and
// free-flyers (serial/derivatives.hpp; src/serial/tree_derivatives_body.hpp; docs/derivatives.md,
// "Trees and the free-flyer"). Against the dual numbers of the tree inverse and forward dynamics
// (exact to rounding: 1e-12 relative), with the free-flyer's q-columns in the tangent space of
// the configuration group (the dual configuration's first-order part is d/deps integrate(q, eps
// e_k)); against central differences through `integrate` (1e-6); a tree that is a chain against
// the chain derivatives; bad input as inverse_dynamics on a free-flyer.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "manipdyn/core/dual.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "../support/dynamics_checks.hpp"
#include "../support/error_message.hpp"
#include "../support/free_flyer.hpp"

namespace manipdyn {
namespace {

using test_support::on_free_flyer;
using test_support::random_vector;
using test_support::relative_error;

constexpr double kExactTolerance = 1e-12;
constexpr double kCentralTolerance = 1e-6;
constexpr double kStep = 1e-6;

using DualVector = VectorX<Dual1>;

std::string urdf_path(const char* file) {
  return std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/" + file;
}

SerialModel urdf_tree(const char* file, bool floating) {
  UrdfOptions options;
  options.whole_tree = true;
  options.floating_base = floating;
  options.allow_invalid_inertia = true;  // Romeo's and ANYmal's published inertias
  return serial_model_from_urdf_file(urdf_path(file), options);
}

std::vector<SerialModel> random_trees() {
  std::vector<SerialModel> models;
  RandomTreeOptions options;
  options.with_drive = true;
  options.branching = 0.5;
  options.prismatic_fraction = 0.3;
  for (int seed = 1; seed <= 3; ++seed) {
    models.push_back(random_tree(5 + 3 * seed, seed, options));
    models.push_back(on_free_flyer(models.back()));
  }
  return models;
}

std::vector<SerialModel> urdf_trees() {
  std::vector<SerialModel> models;
  for (const char* file :
       {"romeo_small.urdf", "panda.urdf", "simple_humanoid.urdf", "anymal_c.urdf"})
    for (const bool floating : {false, true}) models.push_back(urdf_tree(file, floating));
  return models;
}

/// x as dual numbers with derivative `seed` (zero if empty).
DualVector dual_of(const VectorXd& x, const VectorXd& seed = VectorXd()) {
  DualVector d(x.size());
  for (int i = 0; i < x.size(); ++i) d[i] = Dual1(x[i], seed.size() ? seed[i] : 0.0);
  return d;
}

/// d/deps integrate(q, eps e_k) at eps = 0 (nq): a joint's q entry; for the free-flyer's base,
/// the position moves by R e_k (k < 3) and the quaternion by q (x) (e_{k-3}, 0) / 2 (k >= 3).
VectorXd tangent_direction(const SerialModel& model, const VectorXd& q, int k) {
  VectorXd d = VectorXd::Zero(q.size());
  if (model.root != RootJoint::free_flyer) {
    d[k] = 1.0;
    return d;
  }
  if (k >= 6) {
    d[k + 1] = 1.0;
    return d;
  }
  const Eigen::Quaterniond quat(q[6], q[3], q[4], q[5]);
  if (k < 3) {
    d.head<3>() = quat.toRotationMatrix().col(k);
    return d;
  }
  const Eigen::Quaterniond e(0.0, k == 3 ? 1.0 : 0.0, k == 4 ? 1.0 : 0.0, k == 5 ? 1.0 : 0.0);
  const Eigen::Quaterniond dq = quat * e;
  d.segment<3>(3) = 0.5 * dq.vec();
  d[6] = 0.5 * dq.w();
  return d;
}

struct TreeState {
  VectorXd q, qd, qdd, tau;
  Vector3d gravity;
  Vector6d f_ext;
};

TreeState random_state(const SerialModel& model, std::uint64_t seed) {
  const int nv = model.nv();
  TreeState s;
  s.q = random_configuration(model, seed);
  s.qd = random_vector(nv, seed + 1);
  s.qdd = random_vector(nv, seed + 2);
  s.tau = random_vector(nv, seed + 3, 5.0);
  s.gravity = Vector3d(0.3, -0.5, -9.81);
  s.f_ext = random_vector(6, seed + 4);
  return s;
}

/// The Jacobians of tau (arg "ID") or qdd (arg "FD") in q (tangent space), qd and the third
/// vector (qdd or tau), by the dual numbers of the tree algorithms.
void dual_jacobians(const SerialModel& model, const TreeState& s, bool forward, MatrixXd out[3]) {
  const int nv = model.nv();
  SerialDataTpl<Dual1> id_data(model);
  ForwardDynamicsDataTpl<Dual1> fd_data(model);
  const Vector3<Dual1> g = s.gravity.cast<Dual1>();
  const Vector6<Dual1> f = s.f_ext.cast<Dual1>();
  const VectorXd& third = forward ? s.tau : s.qdd;
  for (int arg = 0; arg < 3; ++arg) {
    out[arg].resize(nv, nv);
    for (int k = 0; k < nv; ++k) {
      const DualVector q = dual_of(s.q, arg == 0 ? tangent_direction(model, s.q, k) : VectorXd());
      const DualVector qd = dual_of(s.qd, arg == 1 ? VectorXd(VectorXd::Unit(nv, k)) : VectorXd());
      const DualVector x = dual_of(third, arg == 2 ? VectorXd(VectorXd::Unit(nv, k)) : VectorXd());
      const DualVector y =
          forward ? DualVector(forward_dynamics<Dual1>(unchecked, model, fd_data, q, qd, x, g, f))
                  : DualVector(inverse_dynamics<Dual1>(unchecked, model, id_data, q, qd, x, g, f));
      for (int i = 0; i < nv; ++i) out[arg](i, k) = y[i].derivative();
    }
  }
}

/// The same Jacobians by central differences (q through integrate).
void central_jacobians(const SerialModel& model, const TreeState& s, bool forward,
                       MatrixXd out[3]) {
  const int nv = model.nv();
  SerialData id_data(model);
  ForwardDynamicsData fd_data(model);
  const VectorXd& third = forward ? s.tau : s.qdd;
  auto f = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& x) {
    return forward ? VectorXd(forward_dynamics(model, fd_data, q, qd, x, s.gravity, s.f_ext))
                   : VectorXd(inverse_dynamics(model, id_data, q, qd, x, s.gravity, s.f_ext));
  };
  for (int arg = 0; arg < 3; ++arg) {
    out[arg].resize(nv, nv);
    for (int k = 0; k < nv; ++k) {
      const VectorXd e = VectorXd::Unit(nv, k);
      VectorXd plus, minus;
      if (arg == 0) {
        plus = f(integrate(model, s.q, e, kStep), s.qd, third);
        minus = f(integrate(model, s.q, e, -kStep), s.qd, third);
      } else if (arg == 1) {
        plus = f(s.q, s.qd + kStep * e, third);
        minus = f(s.q, s.qd - kStep * e, third);
      } else {
        plus = f(s.q, s.qd, third + kStep * e);
        minus = f(s.q, s.qd, third - kStep * e);
      }
      out[arg].col(k) = (plus - minus) / (2.0 * kStep);
    }
  }
}

void check_derivatives(const SerialModel& model, const TreeState& s, bool central) {
  SCOPED_TRACE(model.name + (model.root == RootJoint::free_flyer ? " (free-flyer)" : " (fixed)"));
  DerivativesData data(model);
  ASSERT_EQ(data.n, model.nv());
  inverse_dynamics_derivatives(model, data, s.q, s.qd, s.qdd, s.gravity, s.f_ext);
  SerialData plain(model);
  EXPECT_LE(relative_error(data.tau,
                           inverse_dynamics(model, plain, s.q, s.qd, s.qdd, s.gravity, s.f_ext)),
            kExactTolerance);
  EXPECT_LE(relative_error(data.dtau_dqdd, mass_matrix(model, plain, s.q)), kExactTolerance);
  MatrixXd dual[3], diff[3];
  const MatrixXd* id[3] = {&data.dtau_dq, &data.dtau_dqd, &data.dtau_dqdd};
  dual_jacobians(model, s, false, dual);
  for (int a = 0; a < 3; ++a) EXPECT_LE(relative_error(*id[a], dual[a]), kExactTolerance) << a;
  if (central) {
    central_jacobians(model, s, false, diff);
    for (int a = 0; a < 2; ++a) EXPECT_LE(relative_error(*id[a], diff[a]), kCentralTolerance) << a;
  }
  forward_dynamics_derivatives(model, data, s.q, s.qd, s.tau, s.gravity, s.f_ext);
  ForwardDynamicsData fd(model);
  EXPECT_LE(relative_error(data.qdd, forward_dynamics(model, fd, s.q, s.qd, s.tau, s.gravity,
                                                      s.f_ext)),
            kExactTolerance);
  const MatrixXd* fdd[3] = {&data.dqdd_dq, &data.dqdd_dqd, &data.dqdd_dtau};
  dual_jacobians(model, s, true, dual);
  for (int a = 0; a < 3; ++a) EXPECT_LE(relative_error(*fdd[a], dual[a]), kExactTolerance) << a;
  if (central) {
    central_jacobians(model, s, true, diff);
    for (int a = 0; a < 3; ++a)
      EXPECT_LE(relative_error(*fdd[a], diff[a]), kCentralTolerance) << a;
  }
}

TEST(TreeDerivatives, TangentDirectionIsTheDerivativeOfIntegrate) {
  const SerialModel model = on_free_flyer(random_tree(4, 7));
  const VectorXd q = random_configuration(model, 3);
  for (int k = 0; k < model.nv(); ++k) {
    const VectorXd e = VectorXd::Unit(model.nv(), k);
    const VectorXd d = (integrate(model, q, e, kStep) - integrate(model, q, e, -kStep)) /
                       (2.0 * kStep);
    EXPECT_LE((d - tangent_direction(model, q, k)).cwiseAbs().maxCoeff(), 1e-9) << k;
  }
}

TEST(TreeDerivatives, RandomTreesAgainstDualNumbersAndCentralDifferences) {
  std::uint64_t seed = 10;
  for (const SerialModel& model : random_trees()) check_derivatives(model, random_state(model, seed += 10), true);
}

TEST(TreeDerivatives, UrdfTreesAgainstDualNumbers) {
  std::uint64_t seed = 100;
  for (const SerialModel& model : urdf_trees())
    check_derivatives(model, random_state(model, seed += 10), model.dof() < 20);
}

TEST(TreeDerivatives, ZeroVelocityAndNoGravity) {
  for (const SerialModel& model : random_trees()) {
    TreeState s = random_state(model, 5);
    s.qd.setZero();
    s.gravity.setZero();
    s.f_ext.setZero();
    check_derivatives(model, s, false);
  }
}

// A chain on a free-flyer whose base is at the world origin, at rest, not accelerating: its
// joint block equals the derivatives of the same chain on a fixed root (the chain's own body).
TEST(TreeDerivatives, ChainOnAFreeFlyerAtRestEqualsTheFixedChain) {
  RandomArmOptions arm_options;
  arm_options.with_drive = true;
  for (const DhConvention convention : {DhConvention::modified, DhConvention::standard}) {
    const SerialModel chain = random_arm(7, 11, convention, arm_options);
    const SerialModel floating = on_free_flyer(chain, Eigen::Isometry3d::Identity());
    const int n = chain.dof();
    const TreeState s = random_state(chain, 21);
    VectorXd q = neutral(floating), qd = VectorXd::Zero(n + 6), qdd = VectorXd::Zero(n + 6);
    q.tail(n) = s.q;
    qd.tail(n) = s.qd;
    qdd.tail(n) = s.qdd;
    DerivativesData fixed_data(chain), floating_data(floating);
    inverse_dynamics_derivatives(chain, fixed_data, s.q, s.qd, s.qdd, s.gravity, s.f_ext);
    inverse_dynamics_derivatives(floating, floating_data, q, qd, qdd, s.gravity, s.f_ext);
    EXPECT_LE(relative_error(floating_data.tau.tail(n), fixed_data.tau), kExactTolerance);
    EXPECT_LE(relative_error(floating_data.dtau_dq.bottomRightCorner(n, n), fixed_data.dtau_dq),
              kExactTolerance);
    EXPECT_LE(relative_error(floating_data.dtau_dqd.bottomRightCorner(n, n), fixed_data.dtau_dqd),
              kExactTolerance);
    EXPECT_LE(
        relative_error(floating_data.dtau_dqdd.bottomRightCorner(n, n), fixed_data.dtau_dqdd),
        kExactTolerance);
  }
}

// The link-wrench overload (wrenches held in the link frames) against the dual numbers of the
// link-wrench inverse_dynamics, on a chain (which it runs through the tree body too), a tree and
// a free-flyer; without wrenches it equals the plain overload.
TEST(TreeDerivatives, LinkWrenchesAgainstDualNumbers) {
  const SerialModel chain = random_arm(6, 13, DhConvention::modified, {.with_drive = true});
  const SerialModel tree = random_tree(9, 14, {.with_drive = true, .branching = 0.5});
  for (const SerialModel& model : {chain, tree, on_free_flyer(tree)}) {
    SCOPED_TRACE(model.name);
    const int nv = model.nv(), n = model.dof();
    const TreeState s = random_state(model, 31);
    MatrixXd f_links(6, n);
    for (int i = 0; i < n; ++i) f_links.col(i) = random_vector(6, 40 + i);
    DerivativesData data(model);
    inverse_dynamics_derivatives(model, data, s.q, s.qd, s.qdd, s.gravity, s.f_ext,
                                 MatrixXd(MatrixXd::Zero(6, n)));
    DerivativesData plain(model);
    inverse_dynamics_derivatives(model, plain, s.q, s.qd, s.qdd, s.gravity, s.f_ext);
    EXPECT_LE(relative_error(data.dtau_dq, plain.dtau_dq), kExactTolerance);
    EXPECT_LE(relative_error(data.dtau_dqd, plain.dtau_dqd), kExactTolerance);
    inverse_dynamics_derivatives(model, data, s.q, s.qd, s.qdd, s.gravity, s.f_ext, f_links);
    SerialDataTpl<Dual1> dual(model);
    const MatrixX<Dual1> f_dual = f_links.cast<Dual1>();
    MatrixXd dq(nv, nv), dqd(nv, nv);
    for (int k = 0; k < nv; ++k) {
      const DualVector y = inverse_dynamics<Dual1>(
          unchecked, model, dual, dual_of(s.q, tangent_direction(model, s.q, k)), dual_of(s.qd),
          dual_of(s.qdd), s.gravity.cast<Dual1>(), s.f_ext.cast<Dual1>(), f_dual);
      const DualVector z = inverse_dynamics<Dual1>(
          unchecked, model, dual, dual_of(s.q), dual_of(s.qd, VectorXd::Unit(nv, k)),
          dual_of(s.qdd), s.gravity.cast<Dual1>(), s.f_ext.cast<Dual1>(), f_dual);
      for (int i = 0; i < nv; ++i) {
        dq(i, k) = y[i].derivative();
        dqd(i, k) = z[i].derivative();
      }
    }
    EXPECT_LE(relative_error(data.dtau_dq, dq), kExactTolerance);
    EXPECT_LE(relative_error(data.dtau_dqd, dqd), kExactTolerance);
  }
  DerivativesData data(chain);
  const VectorXd z = VectorXd::Zero(6);
  EXPECT_EQ(test_support::message_of([&] {
              inverse_dynamics_derivatives(chain, data, z, z, z, chain.gravity, Vector6d::Zero(),
                                           MatrixXd(MatrixXd::Zero(6, 5)));
            }),
            "inverse_dynamics_derivatives: f_links has size 6 x 5, expected 6 x 6");
}

TEST(TreeDerivatives, BadInputNamesTheArgument) {
  const SerialModel tree = random_tree(6, 4, {.branching = 0.6});
  const SerialModel model = on_free_flyer(tree);
  DerivativesData data(model);
  const int nv = model.nv();
  const VectorXd v = VectorXd::Zero(nv);
  VectorXd q = neutral(model);
  using test_support::message_of;
  // q of nv entries (the tangent size) instead of nq
  EXPECT_EQ(message_of([&] { inverse_dynamics_derivatives(model, data, v, v, v); }),
            "inverse_dynamics_derivatives: q has size 12, expected nq = 13 (free-flyer: 7 + 6 "
            "joints)");
  EXPECT_NE(message_of([&] { forward_dynamics_derivatives(model, data, v, v, v); })
                .find("forward_dynamics_derivatives: q has size 12, expected nq = 13"),
            std::string::npos);
  // a quaternion of norm 2
  q.segment<4>(3) *= 2.0;
  EXPECT_NE(message_of([&] { inverse_dynamics_derivatives(model, data, q, v, v); })
                .find("inverse_dynamics_derivatives: q"),
            std::string::npos);
  EXPECT_NE(message_of([&] { inverse_dynamics_derivatives(model, data, q, v, v); })
                .find("quaternion"),
            std::string::npos);
  // qd of nq entries; a Data built for the fixed-root tree (nv = 6)
  q = neutral(model);
  EXPECT_NE(message_of([&] {
              inverse_dynamics_derivatives(model, data, q, VectorXd(VectorXd::Zero(nv + 1)), v);
            }).find("qd has size 13, expected 12"),
            std::string::npos);
  DerivativesData fixed_data(tree);
  EXPECT_EQ(fixed_data.n, 6);
  EXPECT_NE(message_of([&] { inverse_dynamics_derivatives(model, fixed_data, q, v, v); }),
            "(no exception)");
}

}  // namespace
}  // namespace manipdyn
