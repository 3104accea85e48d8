// Unit tests of the default algorithms on trees (docs/trees.md; src/serial/tree_*.cpp,
// ltdl_factorisation.cpp, the tree paths of articulated_body.cpp and kinematics.cpp): identities
// between them on random trees (M symmetric positive definite, its columns from inverse
// dynamics, its branch zeros, ID(FD(tau)) = tau by both forward dynamics, the articulated-body
// and L^T D L ones equal, G and b from ID, link wrenches through the frame Jacobians), a tree
// that is geometrically a chain equal to the chain, frame and centre-of-mass Jacobians against
// finite differences, the link velocities against the Jacobians, and the errors for bad input.
// The independent check against KDL is tests/regression/serial_kdl_tree_peer.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "../support/dynamics_checks.hpp"
#include "../support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// Identities between algorithms in double (different operation orders), relative to max(1, |x|).
constexpr double kIdentityTolerance = 1e-10;
// Central differences with step 1e-6: truncation ~1e-12, rounding ~1e-10 relative.
constexpr double kFiniteDifferenceTolerance = 1e-7;

using test_support::random_vector;
using test_support::relative_error;

// True if joint j is i or one of its ancestors.
bool supports(const SerialModel& model, int j, int i) {
  for (int k = i; k >= 0; k = model.parent[k])
    if (k == j) return true;
  return false;
}

std::vector<SerialModel> test_trees(bool with_drive) {
  std::vector<SerialModel> trees;
  for (int n : {3, 7, 16, 31})
    for (std::uint64_t seed : {1u, 2u}) {
      RandomTreeOptions options;
      options.with_drive = with_drive;
      options.branching = 0.5;
      SerialModel model = random_tree(n, seed, options);
      if (!model.is_chain()) trees.push_back(std::move(model));
    }
  return trees;
}

TEST(TreeDynamics, MassMatrixIsSymmetricPositiveDefiniteWithBranchZeros) {
  for (const SerialModel& model : test_trees(true)) {
    const int n = model.dof();
    SerialData data(model);
    const MatrixXd M = mass_matrix(model, data, random_vector(n, 3, 3.0));
    EXPECT_EQ(M, M.transpose()) << model.name;
    EXPECT_EQ(Eigen::LLT<MatrixXd>(M).info(), Eigen::Success) << model.name;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (!supports(model, i, j) && !supports(model, j, i))
          EXPECT_EQ(M(i, j), 0.0) << model.name << " M(" << i << ", " << j << ")";
  }
}

TEST(TreeDynamics, MassMatrixColumnsAreInverseDynamicsOfUnitAccelerations) {
  for (const SerialModel& model : test_trees(true)) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(n, 4, 3.0), qd = random_vector(n, 5);
    const MatrixXd M = mass_matrix(model, data, q);
    const Vector3d no_gravity = Vector3d::Zero();
    const VectorXd tau0 = inverse_dynamics(model, data, q, qd, VectorXd::Zero(n), no_gravity,
                                           Vector6d::Zero());
    for (int k = 0; k < n; ++k) {
      const VectorXd tau = inverse_dynamics(model, data, q, qd, VectorXd::Unit(n, k),
                                            no_gravity, Vector6d::Zero());
      EXPECT_LE(relative_error(tau - tau0, M.col(k)), kIdentityTolerance)
          << model.name << " column " << k;
    }
  }
}

TEST(TreeDynamics, GravityAndBiasAreInverseDynamics) {
  for (const SerialModel& model : test_trees(true)) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(n, 6, 3.0), qd = random_vector(n, 7);
    const VectorXd zero = VectorXd::Zero(n);
    // G is rigid-body only: the model without drive terms
    const SerialModel rigid = model.without_drive();
    SerialData rigid_data(rigid);
    EXPECT_LE(relative_error(gravity_torques(model, data, q, model.gravity),
                             inverse_dynamics(rigid, rigid_data, q, zero, zero)),
              kIdentityTolerance)
        << model.name;
    EXPECT_LE(relative_error(bias_torques(model, data, q, qd, model.gravity),
                             inverse_dynamics(model, rigid_data, q, qd, zero)),
              kIdentityTolerance)
        << model.name;
  }
}

TEST(TreeDynamics, ForwardDynamicsInvertsInverseDynamics) {
  for (const SerialModel& model : test_trees(true)) {
    const int n = model.dof();
    SerialData data(model);
    ForwardDynamicsData fd(model);
    const VectorXd q = random_vector(n, 8, 3.0), qd = random_vector(n, 9);
    const VectorXd tau = random_vector(n, 10, 5.0);
    Vector6d f_ext;
    f_ext << 1.0, -2.0, 3.0, 0.4, -0.5, 0.6;
    const VectorXd qdd_aba =
        forward_dynamics_articulated_body(model, fd, q, qd, tau, model.gravity, f_ext);
    const VectorXd qdd_ltdl =
        forward_dynamics_mass_matrix(model, fd, q, qd, tau, model.gravity, f_ext);
    EXPECT_LE(relative_error(qdd_aba, qdd_ltdl), kIdentityTolerance) << model.name;
    EXPECT_LE(relative_error(inverse_dynamics(model, data, q, qd, qdd_aba, model.gravity, f_ext),
                             tau),
              kIdentityTolerance)
        << model.name;
    EXPECT_LE(relative_error(forward_dynamics(model, fd, q, qd, tau, model.gravity, f_ext),
                             qdd_ltdl),
              kIdentityTolerance)
        << model.name;
  }
}

TEST(TreeDynamics, LtdlSolvesTheMassMatrix) {
  for (const SerialModel& model : test_trees(false)) {
    const int n = model.dof();
    SerialData data(model);
    const MatrixXd M = mass_matrix(model, data, random_vector(n, 11, 3.0));
    const VectorXd b = random_vector(n, 12);
    MatrixXd ltdl = MatrixXd::Zero(n, n);
    VectorXd x = b;
    ltdl_solve_in_place<double>(model.parent, M, ltdl, x);
    EXPECT_LE(relative_error(M * x, b), kIdentityTolerance) << model.name;
    // no fill-in: the factor is zero wherever M is
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j)
        if (M(i, j) == 0.0) EXPECT_EQ(ltdl(i, j), 0.0) << model.name;
  }
}

// Link wrenches load the joints through the Jacobians of the link frames: tau(f_links) -
// tau(0) = sum_i J_i^T [R_i f_i; R_i n_i] (world frame, frame i's origin).
TEST(TreeDynamics, LinkWrenchesActThroughTheFrameJacobians) {
  for (const SerialModel& model : test_trees(true)) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(n, 13, 3.0), qd = random_vector(n, 14),
                   qdd = random_vector(n, 15);
    MatrixXd f_links(6, n);
    for (int i = 0; i < n; ++i) f_links.col(i) = random_vector(6, 100 + i, 10.0);
    const VectorXd tau0 = inverse_dynamics(model, data, q, qd, qdd);
    const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd, model.gravity,
                                          Vector6d::Zero(), f_links);
    VectorXd expected = tau0;
    for (int i = 0; i < n; ++i) {
      const MatrixXd J = frame_jacobian(model, data, q, NamedFrame{"", i});
      const Matrix3d R = data.T_frame.block<3, 3>(0, 0);
      Vector6d w;
      w << R * f_links.col(i).head<3>(), R * f_links.col(i).tail<3>();
      expected += J.transpose() * w;
    }
    EXPECT_LE(relative_error(tau, expected), kIdentityTolerance) << model.name;
    // the end-effector wrench is the last link's, moved through the tool
    Vector6d f_ext;
    f_ext << 1.0, 2.0, -3.0, 0.1, 0.2, 0.3;
    MatrixXd last = MatrixXd::Zero(6, n);
    last.col(n - 1) = f_ext;  // the tool is the identity
    EXPECT_LE(relative_error(inverse_dynamics(model, data, q, qd, qdd, model.gravity, f_ext),
                             inverse_dynamics(model, data, q, qd, qdd, model.gravity,
                                              Vector6d::Zero(), last)),
              kIdentityTolerance)
        << model.name;
  }
}

// A chain with gamma = 2 pi on one joint is geometrically the chain, but a tree to the model:
// the tree algorithms must give the chain's numbers.
TEST(TreeDynamics, ATreeThatIsAChainEqualsTheChain) {
  RandomArmOptions options;
  options.with_drive = true;
  const SerialModel chain = random_arm(7, 21, DhConvention::modified, options);
  std::vector<LinkParameters> links = chain.links;
  links[3].gamma = 2.0 * std::numbers::pi;
  const SerialModel tree = SerialModel::from_modified_dh(links, chain.options());
  ASSERT_FALSE(tree.is_chain());
  SerialData cd(chain), td(tree);
  ForwardDynamicsData cf(chain), tf(tree);
  const VectorXd q = random_vector(7, 22, 3.0), qd = random_vector(7, 23),
                 qdd = random_vector(7, 24), tau = random_vector(7, 25, 5.0);
  Vector6d f_ext;
  f_ext << 1.0, -1.0, 2.0, 0.3, 0.2, -0.1;
  EXPECT_LE(relative_error(inverse_dynamics(tree, td, q, qd, qdd, tree.gravity, f_ext),
                           inverse_dynamics(chain, cd, q, qd, qdd, chain.gravity, f_ext)),
            kIdentityTolerance);
  EXPECT_LE(relative_error(mass_matrix(tree, td, q), mass_matrix(chain, cd, q)),
            kIdentityTolerance);
  EXPECT_LE(relative_error(gravity_torques(tree, td, q, tree.gravity),
                           gravity_torques(chain, cd, q, chain.gravity)),
            kIdentityTolerance);
  EXPECT_LE(relative_error(bias_torques(tree, td, q, qd, tree.gravity),
                           bias_torques(chain, cd, q, qd, chain.gravity)),
            kIdentityTolerance);
  EXPECT_LE(relative_error(forward_dynamics_mass_matrix(tree, tf, q, qd, tau, tree.gravity, f_ext),
                           forward_dynamics_mass_matrix(chain, cf, q, qd, tau, chain.gravity,
                                                        f_ext)),
            kIdentityTolerance);
  EXPECT_LE(relative_error(
                forward_dynamics_articulated_body(tree, tf, q, qd, tau, tree.gravity, f_ext),
                forward_dynamics_articulated_body(chain, cf, q, qd, tau, chain.gravity, f_ext)),
            kIdentityTolerance);
  EXPECT_LE(relative_error(center_of_mass_jacobian(tree, td, q),
                           center_of_mass_jacobian(chain, cd, q)),
            kIdentityTolerance);
}

// The link-wrench inverse dynamics runs the tree algorithm on a chain too (in model.modified's
// frames): with no wrenches it equals the chain's own inverse dynamics, in either convention.
TEST(TreeDynamics, LinkWrenchInverseDynamicsOnChains) {
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified}) {
    RandomArmOptions options;
    options.with_drive = true;
    const SerialModel chain = random_arm(6, 31, convention, options);
    SerialData data(chain);
    const VectorXd q = random_vector(6, 32, 3.0), qd = random_vector(6, 33),
                   qdd = random_vector(6, 34);
    const VectorXd tau = inverse_dynamics(chain, data, q, qd, qdd);
    EXPECT_LE(relative_error(inverse_dynamics(chain, data, q, qd, qdd, chain.gravity,
                                              Vector6d::Zero(), MatrixXd::Zero(6, 6)),
                             tau),
              kIdentityTolerance)
        << to_string(convention);
  }
}

TEST(TreeKinematics, FrameJacobianIsTheDerivativeOfTheFramePose) {
  for (const SerialModel& model : test_trees(false)) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(n, 41, 3.0);
    Eigen::Isometry3d placement = Eigen::Isometry3d::Identity();
    placement.translation() = Vector3d(0.1, -0.2, 0.3);
    placement.linear() = Eigen::AngleAxisd(0.5, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
    for (int joint : {-1, n / 2, n - 1}) {
      const NamedFrame frame{"f", joint, placement};
      const MatrixXd J = frame_jacobian(model, data, q, frame);
      const Matrix4d T = data.T_frame;
      EXPECT_EQ(T, frame_pose(model, data, q, frame));
      constexpr double h = 1e-6;
      for (int k = 0; k < n; ++k) {
        VectorXd qp = q, qm = q;
        qp[k] += h;
        qm[k] -= h;
        const Matrix4d Tp = frame_pose(model, data, qp, frame);
        const Matrix4d Tm = frame_pose(model, data, qm, frame);
        const Matrix4d dT = (Tp - Tm) / (2 * h);
        const Matrix3d W = dT.block<3, 3>(0, 0) * T.block<3, 3>(0, 0).transpose();
        Vector6d expected;
        expected << dT.block<3, 1>(0, 3), W(2, 1), W(0, 2), W(1, 0);
        EXPECT_LE((J.col(k) - expected).cwiseAbs().maxCoeff(), kFiniteDifferenceTolerance)
            << model.name << " frame on joint " << joint << " column " << k;
      }
    }
  }
}

TEST(TreeKinematics, CenterOfMassIsTheWeightedSumAndItsJacobianTheDerivative) {
  for (const SerialModel& model : test_trees(false)) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(n, 42, 3.0);
    const auto& T0 = link_transforms(model, data, q);
    Vector3d sum = Vector3d::Zero();
    double mass = 0.0;
    for (int i = 0; i < n; ++i) {
      const LinkParameters& l = model.links[i];
      sum += l.mass * (T0[i + 1].block<3, 3>(0, 0) * l.com + T0[i + 1].block<3, 1>(0, 3));
      mass += l.mass;
    }
    const Vector3d com = center_of_mass(model, data, q);
    EXPECT_LE((com - sum / mass).cwiseAbs().maxCoeff(), 1e-12) << model.name;
    const MatrixXd J = center_of_mass_jacobian(model, data, q);
    EXPECT_EQ(data.com, com);
    constexpr double h = 1e-6;
    for (int k = 0; k < n; ++k) {
      VectorXd qp = q, qm = q;
      qp[k] += h;
      qm[k] -= h;
      const Vector3d cp = center_of_mass(model, data, qp);
      const Vector3d cm = center_of_mass(model, data, qm);
      EXPECT_LE((J.col(k) - (cp - cm) / (2 * h)).cwiseAbs().maxCoeff(),
                kFiniteDifferenceTolerance)
          << model.name << " column " << k;
    }
  }
}

// The spatial velocity of link i in frame i is the frame Jacobian's twist rotated into frame i.
TEST(TreeKinematics, LinkVelocitiesAreTheFrameJacobiansTwists) {
  for (const SerialModel& model : test_trees(false)) {
    const int n = model.dof();
    SerialData data(model);
    const VectorXd q = random_vector(n, 43, 3.0), qd = random_vector(n, 44);
    const AlignedVector<Vector6d> v = link_motion(model, data, q, qd, VectorXd::Zero(n));
    for (int i = 0; i < n; ++i) {
      const MatrixXd J = frame_jacobian(model, data, q, NamedFrame{"", i});
      const Matrix3d R = data.T_frame.block<3, 3>(0, 0);
      const Vector6d twist = J * qd;
      Vector6d expected;
      expected << R.transpose() * twist.tail<3>(), R.transpose() * twist.head<3>();
      EXPECT_LE((v[i] - expected).cwiseAbs().maxCoeff(), 1e-12) << model.name << " link " << i;
    }
  }
}

TEST(TreeDynamics, BadInputIsNamed) {
  const SerialModel model = random_tree(6, 3, {.branching = 0.9});
  ASSERT_FALSE(model.is_chain());
  SerialData data(model);
  ForwardDynamicsData fd(model);
  const VectorXd z = VectorXd::Zero(6);
  VectorXd bad = z;
  bad[2] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(message_of([&] { inverse_dynamics(model, data, VectorXd::Zero(5), z, z); }),
            "inverse_dynamics: q has size 5, expected 6");
  EXPECT_EQ(message_of([&] { mass_matrix(model, data, bad); }), "mass_matrix: q[2] is nan");
  EXPECT_EQ(message_of([&] { gravity_torques(model, data, bad, model.gravity); }),
            "gravity_torques: q[2] is nan");
  EXPECT_EQ(message_of([&] { bias_torques(model, data, z, bad, model.gravity); }),
            "bias_torques: qd[2] is nan");
  EXPECT_EQ(message_of([&] {
              forward_dynamics_articulated_body(model, fd, z, z, bad, model.gravity,
                                                Vector6d::Zero());
            }),
            "forward_dynamics_articulated_body: tau[2] is nan");
  MatrixXd f_links = MatrixXd::Zero(6, 5);
  EXPECT_EQ(message_of([&] {
              inverse_dynamics(model, data, z, z, z, model.gravity, Vector6d::Zero(), f_links);
            }),
            "inverse_dynamics: f_links has size 6 x 5, expected 6 x 6");
  f_links = MatrixXd::Zero(6, 6);
  f_links(4, 1) = std::numeric_limits<double>::infinity();
  EXPECT_EQ(message_of([&] {
              inverse_dynamics(model, data, z, z, z, model.gravity, Vector6d::Zero(), f_links);
            }),
            "inverse_dynamics: f_links[25] (row 4, column 1) is inf");
  EXPECT_EQ(message_of([&] { frame_pose(model, data, z, NamedFrame{"tip", 6}); }),
            "frame_pose: frame 'tip' is on joint 6, outside [-1, 6) (-1 = the base)");
  EXPECT_NE(message_of([&] { frame_jacobian(model, data, z, std::string("nowhere")); }), "");
  EXPECT_NE(message_of([&] {
              forward_dynamics_mass_matrix(model, fd, z, z, z, model.gravity, Vector6d::Zero(),
                                           true);
            }).find("is a tree"),
            std::string::npos);
  // still chain-only: the textbook formulations
  EXPECT_NE(message_of([&] { mass_matrix_strobing(model, data, z); }).find("is a tree"),
            std::string::npos);
}

}  // namespace
}  // namespace manipdyn
