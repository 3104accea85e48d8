// Unit tests of the tree model (serial/model.hpp, Khalil & Kleinfinger's notation): the builder's
// parents, gamma and b and their errors, a chain written with explicit parents equal to the
// default chain, named frames, the kinematics of a tree against the composition of its rows
// written out here, and the chain formulations refusing a tree.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <utility>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "../support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

LinkParameters link(const std::string& name, int parent, double gamma = 0.0, double b = 0.0) {
  LinkParameters l;
  l.name = name;
  l.parent = parent;
  l.gamma = gamma;
  l.b = b;
  l.a = 0.1;
  l.alpha = 0.3;
  l.d = 0.2;
  l.mass = 1.0;
  l.inertia = Matrix3d::Identity() * 0.01;
  return l;
}

// A two-armed torso: joint 0 on the base, arms {1, 2} and {3, 4} on joint 0.
std::vector<LinkParameters> torso_links() {
  return {link("waist", kBaseParent), link("l_shoulder", 0, 0.7, 0.3), link("l_elbow", 1),
          link("r_shoulder", 0, -0.7, -0.3), link("r_elbow", 3)};
}

TEST(TreeModel, ParentsResolvedAndTreeFlagged) {
  const SerialModel tree = SerialModel::from_modified_dh(torso_links(), {.name = "torso"});
  EXPECT_FALSE(tree.is_chain());
  EXPECT_EQ(tree.parent, (std::vector<int>{-1, 0, 1, 0, 3}));
  EXPECT_EQ(tree.modified.parent, tree.parent);
  EXPECT_EQ(tree.standard.n, 0);  // a tree has no standard-DH form
  // Mass outboard of each joint: its subtree.
  EXPECT_EQ(tree.modified.ne_mass_outboard, (std::vector<double>{5, 2, 1, 2, 1}));
  EXPECT_EQ(tree.joint_names(),
            (std::vector<std::string>{"waist", "l_shoulder", "l_elbow", "r_shoulder", "r_elbow"}));
}

TEST(TreeModel, ChainWithExplicitParentsIsTheChain) {
  const SerialModel arm = random_arm(6, 11, DhConvention::modified);
  std::vector<LinkParameters> links = arm.links;
  for (int i = 0; i < 6; ++i) links[i].parent = i - 1;
  const SerialModel same = SerialModel::from_modified_dh(links, arm.options());
  EXPECT_TRUE(same.is_chain());
  EXPECT_EQ(same.parent, arm.parent);
  EXPECT_EQ(same.standard.a, arm.standard.a);
  EXPECT_EQ(same.modified.ne_mass_outboard, arm.modified.ne_mass_outboard);
  // A chain with a nonzero gamma is not a chain the chain formulations know.
  links[3].gamma = 0.2;
  EXPECT_FALSE(SerialModel::from_modified_dh(links).is_chain());
}

TEST(TreeModel, BuilderErrorsNameTheLinkAndField) {
  std::vector<LinkParameters> links = torso_links();
  links[2].parent = 2;  // itself
  EXPECT_EQ(message_of([&] { SerialModel::from_modified_dh(links, {.name = "torso"}); }),
            "from_modified_dh(torso): link 3 'l_elbow', field 'parent': 2 is not an earlier row: "
            "a tree lists each joint after its antecedent (0-based rows, -1 = the base)");
  links = torso_links();
  links[1].parent = -3;
  EXPECT_NE(message_of([&] { SerialModel::from_modified_dh(links); }).find("field 'parent'"),
            std::string::npos);
  links = torso_links();
  links[3].gamma = std::nan("");
  EXPECT_NE(message_of([&] { SerialModel::from_modified_dh(links); })
                .find("link 4 'r_shoulder', field 'gamma': is nan"),
            std::string::npos);
  // Standard DH has no tree form.
  links = torso_links();
  for (auto& l : links) l.gamma = l.b = 0.0;
  const std::string m = message_of([&] { SerialModel::from_dh(links); });
  EXPECT_NE(m.find("link 4 'r_shoulder', field 'parent': a standard-DH table describes a chain"),
            std::string::npos)
      << m;
}

TEST(TreeModel, NamedFramesCheckedAndFound) {
  SerialModelOptions options;
  options.name = "torso";
  NamedFrame hand{"l_hand", 2, Eigen::Isometry3d(Eigen::Translation3d(0.1, 0, 0))};
  options.frames = {hand};
  const SerialModel tree = SerialModel::from_modified_dh(torso_links(), options);
  EXPECT_EQ(tree.frame("l_hand").joint, 2);
  EXPECT_EQ(message_of([&] { (void)tree.frame("r_hand"); }),
            "model 'torso' has no frame 'r_hand' (known: l_hand)");
  options.frames = {hand, hand};
  EXPECT_EQ(message_of([&] { SerialModel::from_modified_dh(torso_links(), options); }),
            "from_modified_dh: frame 'l_hand' is defined twice");
  options.frames = {{"far", 5, Eigen::Isometry3d::Identity()}};
  EXPECT_EQ(message_of([&] { SerialModel::from_modified_dh(torso_links(), options); }),
            "from_modified_dh: frame 'far' is on joint 5, not one of -1 (the base) .. 4");
}

// world <- frame j composed from tree_transform (model.cpp, Eigen's AngleAxis) along the parents,
// against link_transforms (dh_transform.hpp's closed form).
TEST(TreeModel, LinkTransformsComposeTheRowsAlongTheParents) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    const SerialModel tree = random_tree(12, seed, {.prismatic_fraction = 0.3, .branching = 0.5});
    ASSERT_FALSE(tree.is_chain());
    SerialData data(tree);
    VectorXd q(12);
    for (int i = 0; i < 12; ++i) q[i] = u(rng);
    const auto& T0 = link_transforms(tree, data, q);
    std::vector<Eigen::Isometry3d> expected(13, tree.base);
    for (int j = 0; j < 12; ++j) {
      const LinkParameters& l = tree.links[j];
      const bool revolute = l.type == JointType::revolute;
      expected[j + 1] = expected[tree.parent[j] + 1] *
                        tree_transform(l.gamma, l.b, l.a, l.alpha, l.d + (revolute ? 0 : q[j]),
                                       l.theta + (revolute ? q[j] : 0));
      EXPECT_LT((T0[j + 1] - expected[j + 1].matrix()).cwiseAbs().maxCoeff(), 1e-12)
          << "seed " << seed << " joint " << j;
    }
    // The Jacobian: only the joints supporting the last link have columns; central differences.
    const MatrixXd J = jacobian(tree, data, q);
    const Matrix3d R = end_effector_pose(tree, data, q).block<3, 3>(0, 0);
    const double h = 1e-6;
    for (int i = 0; i < 12; ++i) {
      VectorXd qp = q, qm = q;
      qp[i] += h;
      qm[i] -= h;
      const Matrix4d Tp = end_effector_pose(tree, data, qp);
      const Matrix4d Tm = end_effector_pose(tree, data, qm);
      const Vector3d dp = (Tp.block<3, 1>(0, 3) - Tm.block<3, 1>(0, 3)) / (2 * h);
      const Matrix3d dR = (Tp.block<3, 3>(0, 0) - Tm.block<3, 3>(0, 0)) / (2 * h);
      const Matrix3d W = dR * R.transpose();
      EXPECT_LT((J.col(i).head<3>() - dp).norm(), 1e-8) << "seed " << seed << " col " << i;
      EXPECT_LT((J.col(i).tail<3>() - Vector3d(W(2, 1), W(0, 2), W(1, 0))).norm(), 1e-8);
    }
  }
}

TEST(TreeModel, ChainFormulationsRefuseATree) {
  const SerialModel tree = SerialModel::from_modified_dh(torso_links(), {.name = "torso"});
  SerialData data(tree);
  const VectorXd z = VectorXd::Zero(5);
  EXPECT_EQ(message_of([&] { inverse_dynamics_newton_euler<double>(tree, data, z, z, z, tree.gravity, Vector6d::Zero()); }),
            "inverse_dynamics_newton_euler: model 'torso' is a tree (joint 4 'r_shoulder' hangs "
            "from joint 1 'waist', not from joint 3 'l_elbow'); inverse_dynamics_newton_euler is "
            "written for serial chains: the default algorithms (inverse_dynamics, mass_matrix, "
            "gravity_torques, bias_torques, forward_dynamics, link_transforms, jacobian) take "
            "trees");
}

// Every chain formulation's checked entry refuses a tree with the same message (none reads the
// tree's empty standard-DH table).
TEST(TreeModel, EveryChainFormulationRefusesATree) {
  const SerialModel tree = SerialModel::from_modified_dh(torso_links(), {.name = "torso"});
  SerialData data(tree);
  const VectorXd z = VectorXd::Zero(5);
  const Vector3d g = tree.gravity;
  const Vector6d f = Vector6d::Zero();
  const std::vector<std::pair<std::string, std::function<void()>>> calls = {
      {"inverse_dynamics_lagrange_euler",
       [&] { inverse_dynamics_lagrange_euler<double>(tree, data, z, z, z, g, f); }},
      {"mass_matrix_lagrange_euler", [&] { mass_matrix_lagrange_euler<double>(tree, data, z); }},
      {"gravity_torques_lagrange_euler",
       [&] { gravity_torques_lagrange_euler<double>(tree, data, z, g); }},
      {"velocity_coupling_lagrange_euler",
       [&] { velocity_coupling_lagrange_euler<double>(tree, data, z); }},
      {"inverse_dynamics_newton_euler",
       [&] { inverse_dynamics_newton_euler<double>(tree, data, z, z, z, g, f); }},
      {"inverse_dynamics_modified_newton_euler",
       [&] { inverse_dynamics_modified_newton_euler<double>(tree, data, z, z, z, g, f); }},
      {"inverse_dynamics_craig", [&] { inverse_dynamics_craig<double>(tree, data, z, z, z, g, f); }},
      {"mass_matrix_strobing", [&] { mass_matrix_strobing<double>(tree, data, z); }},
      {"velocity_coupling_strobing", [&] { velocity_coupling_strobing<double>(tree, data, z); }},
  };
  for (const auto& [name, call] : calls) {
    const std::string m = message_of(call);
    EXPECT_EQ(m.rfind(name + ": model 'torso' is a tree (joint 4 'r_shoulder'", 0), 0u) << m;
  }
}

// The derivatives left the list above: they take the tree (serial_tree_derivatives.cpp checks
// their values), sized by the model's nv.
TEST(TreeModel, TheDerivativesTakeATree) {
  const SerialModel tree = SerialModel::from_modified_dh(torso_links(), {.name = "torso"});
  DerivativesData dd(tree);
  const VectorXd z = VectorXd::Zero(5);
  const Vector3d g = tree.gravity;
  const Vector6d f = Vector6d::Zero();
  EXPECT_EQ(message_of([&] { inverse_dynamics_derivatives<double>(tree, dd, z, z, z, g, f); }),
            "(no exception)");
  EXPECT_EQ(dd.dtau_dq.rows(), 5);
  EXPECT_EQ(message_of([&] { forward_dynamics_derivatives<double>(tree, dd, z, z, z, g, f); }),
            "(no exception)");
  EXPECT_EQ(dd.dqdd_dq.cols(), 5);
}

TEST(TreeModel, FreeFlyerRootSizesAndChecks) {
  SerialModelOptions options;
  options.name = "floating";
  options.root = RootJoint::free_flyer;
  options.base_inertia = {10.0, Vector3d(0, 0, 0.1), Matrix3d::Identity() * 0.2};
  const SerialModel model = SerialModel::from_modified_dh(torso_links(), options);
  EXPECT_EQ(model.dof(), 5);
  EXPECT_EQ(model.nq(), 12);
  EXPECT_EQ(model.nv(), 11);
  EXPECT_EQ(model.options().root, RootJoint::free_flyer);
  EXPECT_EQ(model.options().base_inertia.mass, 10.0);
  options.base_inertia.inertia(0, 0) = -1;
  EXPECT_NE(message_of([&] { SerialModel::from_modified_dh(torso_links(), options); })
                .find("from_modified_dh: base_inertia inertia is not positive semi-definite"),
            std::string::npos);
  // As for a link: accepted with allow_invalid_inertia, with a warning; asymmetry never.
  options.allow_invalid_inertia = true;
  const SerialModel accepted = SerialModel::from_modified_dh(torso_links(), options);
  ASSERT_EQ(accepted.warnings.size(), 1u);
  EXPECT_NE(accepted.warnings[0].find("base_inertia inertia is not positive semi-definite"),
            std::string::npos);
  EXPECT_NE(accepted.warnings[0].find("(accepted: allow_invalid_inertia)"), std::string::npos);
  options.base_inertia.inertia(0, 1) = 0.5;
  EXPECT_EQ(message_of([&] { SerialModel::from_modified_dh(torso_links(), options); }),
            "from_modified_dh: base_inertia inertia is not symmetric (I(0,1) = 0.5, I(1,0) = 0)");
  options.base_inertia.inertia(0, 1) = 0.0;
  options.allow_invalid_inertia = false;
  options.root = RootJoint::fixed;
  EXPECT_EQ(message_of([&] { SerialModel::from_modified_dh(torso_links(), options); }),
            "from_modified_dh: base_inertia is given but the root is fixed (the base is the "
            "world; use root = free_flyer)");
  // The kinematics take a free-flyer: q of size nq, not the joints alone.
  SerialData data(model);
  EXPECT_EQ(message_of([&] { link_transforms(model, data, VectorXd::Zero(5)); }),
            "link_transforms: q has size 5, expected nq = 12 (free-flyer: 7 + 5 joints)");
  // An algorithm that does not take a free-flyer (a textbook formulation) says so instead of
  // computing a fixed base.
  EXPECT_EQ(message_of([&] { mass_matrix_lagrange_euler<double>(model, data, VectorXd::Zero(5)); }),
            "mass_matrix_lagrange_euler: model 'floating' has a free-flyer root; "
            "mass_matrix_lagrange_euler takes fixed-root models");
  // link_motion takes it, with q of size nq and qd, qdd of size nv.
  EXPECT_EQ(message_of([&] {
              link_motion(model, data, VectorXd::Zero(5), VectorXd::Zero(5), VectorXd::Zero(5));
            }),
            "link_motion: q has size 5, expected nq = 12 (free-flyer: 7 + 5 joints)");
}

}  // namespace
}  // namespace manipdyn
