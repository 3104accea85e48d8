// Regression of the tree algorithms against an independent peer: Orocos KDL's tree inverse
// dynamics (TreeIdSolver_RNE, Debian liborocos-kdl-dev 1.5), built only when CMake finds KDL.
// manipdyn's inverse_dynamics (recursive Newton-Euler with the parents, RBDA Table 5.1) must
// equal KDL's to 1e-9 relative on random drive-free trees (full inertia tensors, prismatic
// joints, Khalil-Kleinfinger gamma and b), with wrenches on every link.
//
// The tree is converted by tests/support/kdl_tree.hpp (shared with bench/bench_peers.cpp).
#include <gtest/gtest.h>

#include <kdl/jntarray.hpp>
#include <kdl/treeidsolver_recursive_newton_euler.hpp>

#include <algorithm>
#include <random>
#include <string>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "../support/kdl_tree.hpp"

namespace manipdyn {
namespace {

// Relative to max(1, |KDL|_inf): two implementations in double, different operation order.
constexpr double kPeerTolerance = 1e-9;

using test_support::kdl_tree;
using test_support::kdl_vector;
using test_support::segment_name;

double relative_error(const VectorXd& value, const VectorXd& reference) {
  return (value - reference).cwiseAbs().maxCoeff() /
         std::max(1.0, reference.cwiseAbs().maxCoeff());
}

// tau at random states, with (if `with_wrenches`) a random wrench on every link: manipdyn's
// f_links column i is the wrench link i exerts ON the environment ([f; n], frame i, about its
// origin); KDL's f_ext of segment i is the wrench applied TO it in its tip frame: the negative.
void expect_agreement(const SerialModel& model, int states, bool with_wrenches,
                      std::uint64_t seed, const std::string& what) {
  const int n = model.dof();
  const KDL::Tree tree = kdl_tree(model);
  ASSERT_EQ(static_cast<int>(tree.getNrOfJoints()), n);
  KDL::TreeIdSolver_RNE rne(tree, kdl_vector(model.gravity));
  SerialData data(model);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(-3.14159, 3.14159), rate(-2.0, 2.0);
  VectorXd q(n), qd(n), qdd(n);
  MatrixXd f_links = MatrixXd::Zero(6, n);
  KDL::JntArray kq(n), kqd(n), kqdd(n), ktau(n);
  for (int k = 0; k < states; ++k) {
    KDL::WrenchMap kf_ext;
    for (int i = 0; i < n; ++i) {
      q[i] = model.links[i].type == JointType::revolute ? angle(rng) : 0.3 * rate(rng);
      qd[i] = rate(rng);
      qdd[i] = rate(rng);
      kq(i) = q[i];
      kqd(i) = qd[i];
      kqdd(i) = qdd[i];
      if (with_wrenches)
        for (int r = 0; r < 6; ++r) f_links(r, i) = 10.0 * rate(rng);
      kf_ext[segment_name(i)] =
          KDL::Wrench(KDL::Vector(-f_links(0, i), -f_links(1, i), -f_links(2, i)),
                      KDL::Vector(-f_links(3, i), -f_links(4, i), -f_links(5, i)));
    }
    ASSERT_EQ(rne.CartToJnt(kq, kqd, kqdd, kf_ext, ktau), 0) << what;
    const VectorXd kdl_tau = ktau.data;
    const VectorXd tau = with_wrenches
                             ? inverse_dynamics(model, data, q, qd, qdd, model.gravity,
                                                Vector6d::Zero(), f_links)
                             : inverse_dynamics(model, data, q, qd, qdd);
    EXPECT_LE(relative_error(tau, kdl_tau), kPeerTolerance)
        << what << " state " << k << "\nKDL      " << kdl_tau.transpose() << "\nmanipdyn "
        << tau.transpose();
    if (!with_wrenches) {
      // KDL's ID at rest: manipdyn's gravity torques
      KDL::JntArray zero(n);
      ASSERT_EQ(rne.CartToJnt(kq, zero, zero, KDL::WrenchMap(), ktau), 0);
      EXPECT_LE(relative_error(gravity_torques(model, data, q, model.gravity), ktau.data),
                kPeerTolerance)
          << what << " state " << k << " gravity_torques";
    }
  }
}

TEST(KdlTreePeer, RandomTreesMatchKdl) {
  for (int n : {2, 5, 12, 31}) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      RandomTreeOptions options;  // 30 % prismatic, no drive terms, 40 % branching
      const SerialModel model = random_tree(n, seed, options);
      const std::string what = "random_tree(" + std::to_string(n) + ", " + std::to_string(seed) + ")";
      expect_agreement(model, 5, false, 100 + seed, what);
      expect_agreement(model, 5, true, 200 + seed, what + " + link wrenches");
    }
  }
}

TEST(KdlTreePeer, BushyTreesMatchKdl) {
  for (std::uint64_t seed : {4u, 5u}) {
    RandomTreeOptions options;
    options.branching = 0.9;  // nearly every joint starts a branch
    const SerialModel model = random_tree(20, seed, options);
    expect_agreement(model, 5, true, 300 + seed, "bushy random_tree(20, " + std::to_string(seed) + ")");
  }
}

}  // namespace
}  // namespace manipdyn
