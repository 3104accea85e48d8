// Unit tests of the default algorithms with a free-flyer root (Pinocchio's conventions,
// model.hpp RootJoint; docs/trees.md): inverse_dynamics (the base wrench first), gravity_torques,
// bias_torques and mass_matrix (nv x nv) on random trees and chains with a floating base.
// Checks independent of the code under test where possible: the base block of M is the total
// mass, the base rows of G hold the whole weight about the base origin, the joints of a base at
// rest feel what a fixed-root model with the rotated gravity feels; and identities: M symmetric
// positive definite, its columns ID(e_k) - ID(0), the velocity terms against the time
// derivative of M along the motion (v^T C v = v^T Mdot v / 2). MuJoCo is the peer for free
// flyers (another helper's test).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "../support/dynamics_checks.hpp"
#include "../support/free_flyer.hpp"
#include "../support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
using test_support::on_free_flyer;

constexpr double kIdentityTolerance = 1e-10;
constexpr double kFiniteDifferenceTolerance = 1e-6;

using test_support::random_vector;
using test_support::relative_error;

std::vector<SerialModel> test_models() {
  std::vector<SerialModel> models;
  RandomTreeOptions tree_options;
  tree_options.with_drive = true;
  tree_options.branching = 0.5;
  models.push_back(on_free_flyer(random_tree(9, 1, tree_options)));
  models.push_back(on_free_flyer(random_tree(16, 2, tree_options), Eigen::Isometry3d::Identity()));
  RandomArmOptions arm_options;
  arm_options.with_drive = true;
  models.push_back(on_free_flyer(random_arm(6, 3, DhConvention::modified, arm_options)));
  return models;
}

Matrix3d rotation_of(const SerialModel& model, const VectorXd& q) {
  return base_pose(model, q).topLeftCorner<3, 3>();
}

// The configuration after moving with velocity v for time h (configuration.hpp's integrate).
VectorXd moved(const SerialModel& model, const VectorXd& q, const VectorXd& v, double h) {
  return integrate(model, q, v, h);
}

TEST(TreeFreeFlyer, SizesAndTheBaseBlockOfTheMassMatrix) {
  for (const SerialModel& model : test_models()) {
    SerialData data(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 1);
    const MatrixXd M = mass_matrix(model, data, q);
    ASSERT_EQ(M.rows(), nv);
    EXPECT_EQ(M, M.transpose()) << model.name;
    EXPECT_EQ(Eigen::LLT<MatrixXd>(M).info(), Eigen::Success) << model.name;
    double mass = model.base_inertia.mass;
    for (const LinkParameters& l : model.links) mass += l.mass;
    EXPECT_LE(relative_error(M.topLeftCorner<3, 3>(), mass * Matrix3d::Identity()), 1e-13)
        << model.name;
    const VectorXd tau = inverse_dynamics(model, data, q, random_vector(nv, 2),
                                          random_vector(nv, 3));
    EXPECT_EQ(tau.size(), nv);
  }
}

TEST(TreeFreeFlyer, MassMatrixColumnsAreInverseDynamicsOfUnitAccelerations) {
  for (const SerialModel& model : test_models()) {
    SerialData data(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 4), v = random_vector(nv, 5);
    const MatrixXd M = mass_matrix(model, data, q);
    const Vector3d g = Vector3d::Zero();
    const VectorXd tau0 = inverse_dynamics(model, data, q, v, VectorXd::Zero(nv), g,
                                           Vector6d::Zero());
    for (int k = 0; k < nv; ++k) {
      const VectorXd tau = inverse_dynamics(model, data, q, v, VectorXd::Unit(nv, k), g,
                                            Vector6d::Zero());
      EXPECT_LE(relative_error(tau - tau0, M.col(k)), kIdentityTolerance)
          << model.name << " column " << k;
    }
  }
}

// G's base rows hold the whole weight: force -m R^T g, torque -(sum m_i c_i) x R^T g about the
// base origin (base frame), c_i from the fixed model's link frames placed on the base.
TEST(TreeFreeFlyer, GravityHoldsTheWholeWeight) {
  for (const SerialModel& model : test_models()) {
    SerialData data(model);
    const VectorXd q = random_configuration(model, 6);
    const VectorXd G = gravity_torques(model, data, q, model.gravity);
    const Vector3d g_base = rotation_of(model, q).transpose() * model.gravity;
    // the links' first moments about the base origin, in the base frame
    SerialModelOptions fixed_options = model.options();
    fixed_options.root = RootJoint::fixed;
    fixed_options.base_inertia = {};
    const SerialModel fixed = SerialModel::from_table(model.links, model.convention, fixed_options);
    SerialData fixed_data(fixed);
    const auto& T0 = link_transforms(fixed, fixed_data, VectorXd(q.tail(model.dof())));
    double mass = model.base_inertia.mass;
    Vector3d moment = mass * model.base_inertia.com;
    for (int i = 0; i < model.dof(); ++i) {
      const LinkParameters& l = model.links[i];
      mass += l.mass;
      moment += l.mass * (T0[i + 1].block<3, 3>(0, 0) * l.com + T0[i + 1].block<3, 1>(0, 3));
    }
    EXPECT_LE((G.head<3>() + mass * g_base).cwiseAbs().maxCoeff(), 1e-11) << model.name;
    EXPECT_LE((G.segment<3>(3) + moment.cross(g_base)).cwiseAbs().maxCoeff(), 1e-11)
        << model.name;
    // and the joints feel what the fixed-root model feels under the gravity seen from the base
    const VectorXd G_fixed = gravity_torques(fixed, fixed_data, VectorXd(q.tail(model.dof())),
                                             g_base);
    EXPECT_LE(relative_error(G.tail(model.dof()), G_fixed), kIdentityTolerance) << model.name;
  }
}

// v^T (b(q, v) - G(q)) - friction power = v^T C v = v^T Mdot v / 2, Mdot by central
// differences along the motion on the group.
TEST(TreeFreeFlyer, VelocityTermsMatchTheDerivativeOfTheMassMatrix) {
  for (const SerialModel& model0 : test_models()) {
    const SerialModel model = model0.without_drive();
    SerialData data(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 7), v = random_vector(nv, 8);
    const VectorXd b = bias_torques(model, data, q, v, model.gravity);
    const VectorXd G = gravity_torques(model, data, q, model.gravity);
    constexpr double h = 1e-6;
    const MatrixXd Mp = mass_matrix(model, data, moved(model, q, v, h));
    const MatrixXd Mm = mass_matrix(model, data, moved(model, q, v, -h));
    const double power = v.dot(b - G);
    const double expected = 0.5 * v.dot((Mp - Mm) / (2 * h) * v);
    EXPECT_NEAR(power, expected, kFiniteDifferenceTolerance * std::max(1.0, std::abs(expected)))
        << model.name;
  }
}

TEST(TreeFreeFlyer, ForwardDynamicsInvertsInverseDynamics) {
  for (const SerialModel& model : test_models()) {
    SerialData data(model);
    ForwardDynamicsData fd(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 10), v = random_vector(nv, 11),
                   tau = random_vector(nv, 12, 5.0);
    Vector6d f_ext;
    f_ext << 1.0, -2.0, 0.5, 0.3, 0.1, -0.2;
    const VectorXd qdd_aba =
        forward_dynamics_articulated_body(model, fd, q, v, tau, model.gravity, f_ext);
    const VectorXd qdd_ltdl = forward_dynamics_mass_matrix(model, fd, q, v, tau, model.gravity, f_ext);
    ASSERT_EQ(qdd_aba.size(), nv);
    EXPECT_LE(relative_error(qdd_aba, qdd_ltdl), kIdentityTolerance) << model.name;
    EXPECT_LE(relative_error(inverse_dynamics(model, data, q, v, qdd_aba, model.gravity, f_ext), tau),
              kIdentityTolerance)
        << model.name;
  }
}

// At rest and without forces the whole tree falls freely: the base accelerates by gravity (in
// its frame), nothing turns, the joints keep still.
TEST(TreeFreeFlyer, FreeFall) {
  for (const SerialModel& model0 : test_models()) {
    const SerialModel model = model0.without_drive();
    ForwardDynamicsData fd(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 13), zero = VectorXd::Zero(nv);
    VectorXd expected = VectorXd::Zero(nv);
    expected.head<3>() = rotation_of(model, q).transpose() * model.gravity;
    for (const VectorXd& qdd :
         {VectorXd(forward_dynamics_articulated_body(model, fd, q, zero, zero, model.gravity,
                                                     Vector6d::Zero())),
          VectorXd(forward_dynamics_mass_matrix(model, fd, q, zero, zero, model.gravity,
                                                Vector6d::Zero()))})
      EXPECT_LE((qdd - expected).cwiseAbs().maxCoeff(), 1e-12) << model.name;
  }
}

// The pose of a frame moved along v for +-h: its velocity [v; w] in the world against the
// frame Jacobian (base columns and joints), and the COM Jacobian likewise.
TEST(TreeFreeFlyer, FrameAndCenterOfMassJacobiansAreDerivativesAlongTheMotion) {
  for (const SerialModel& model : test_models()) {
    SerialData data(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 14), v = random_vector(nv, 15);
    constexpr double h = 1e-6;
    for (int joint : {-1, model.dof() - 1}) {
      Eigen::Isometry3d placement = Eigen::Isometry3d::Identity();
      placement.translation() = Vector3d(0.2, 0.1, -0.3);
      const NamedFrame frame{"f", joint, placement};
      const VectorXd twist = frame_jacobian(model, data, q, frame) * v;
      const Matrix4d T = data.T_frame;
      const Matrix4d Tp = frame_pose(model, data, moved(model, q, v, h), frame);
      const Matrix4d Tm = frame_pose(model, data, moved(model, q, v, -h), frame);
      const Matrix4d dT = (Tp - Tm) / (2 * h);
      const Matrix3d W = dT.block<3, 3>(0, 0) * T.block<3, 3>(0, 0).transpose();
      Vector6d expected;
      expected << dT.block<3, 1>(0, 3), W(2, 1), W(0, 2), W(1, 0);
      EXPECT_LE((twist - expected).cwiseAbs().maxCoeff(), kFiniteDifferenceTolerance)
          << model.name << " frame on joint " << joint;
    }
    const Vector3d c_dot = center_of_mass_jacobian(model, data, q) * v;
    const Vector3d cp = center_of_mass(model, data, moved(model, q, v, h));
    const Vector3d cm = center_of_mass(model, data, moved(model, q, v, -h));
    EXPECT_LE((c_dot - (cp - cm) / (2 * h)).cwiseAbs().maxCoeff(), kFiniteDifferenceTolerance)
        << model.name;
    // the end-effector Jacobian is the last joint's frame's with the tool
    const NamedFrame tool{"tool", model.dof() - 1, model.tool};
    EXPECT_LE(relative_error(jacobian(model, data, q), frame_jacobian(model, data, q, tool)), 1e-14)
        << model.name;
  }
}

// The linear momentum of the whole tree is the total mass times the COM velocity: the base rows
// of M v equal m J_com v, rotated into the base frame.
TEST(TreeFreeFlyer, LinearMomentumIsMassTimesCenterOfMassVelocity) {
  for (const SerialModel& model : test_models()) {
    SerialData data(model);
    const int nv = model.nv();
    const VectorXd q = random_configuration(model, 16), v = random_vector(nv, 17);
    double mass = model.base_inertia.mass;
    for (const LinkParameters& l : model.links) mass += l.mass;
    const Vector3d momentum_base = (mass_matrix(model, data, q) * v).head<3>();
    const Vector3d c_dot = center_of_mass_jacobian(model, data, q) * v;
    EXPECT_LE((rotation_of(model, q) * momentum_base - mass * c_dot).cwiseAbs().maxCoeff(), 1e-11)
        << model.name;
  }
}

TEST(TreeFreeFlyer, BadInputIsNamed) {
  const SerialModel model = test_models().front();
  SerialData data(model);
  VectorXd q = random_configuration(model, 9);
  const VectorXd v = VectorXd::Zero(model.nv());
  EXPECT_EQ(message_of([&] { inverse_dynamics(model, data, VectorXd(q.head(9)), v, v); }),
            "inverse_dynamics: q has size 9, expected nq = 16 (free-flyer: 7 + 9 joints)");
  EXPECT_EQ(message_of([&] { inverse_dynamics(model, data, q, VectorXd::Zero(9), v); }),
            "inverse_dynamics: qd has size 9, expected 15");
  q.segment<4>(3) *= 0.5;
  EXPECT_NE(message_of([&] { mass_matrix(model, data, q); })
                .find("mass_matrix: q[3..6], the base quaternion (x y z w) = "),
            std::string::npos);
  q.segment<4>(3).setZero();
  EXPECT_NE(message_of([&] { gravity_torques(model, data, q, model.gravity); })
                .find("gravity_torques: q[3..6], the base quaternion (x y z w) = (0 0 0 0)"),
            std::string::npos);
  ForwardDynamicsData fd(model);
  EXPECT_NE(message_of([&] {
              forward_dynamics_articulated_body(model, fd, q, v, v, model.gravity,
                                                Vector6d::Zero());
            }).find("forward_dynamics_articulated_body: q[3..6]"),
            std::string::npos);
}

}  // namespace
}  // namespace manipdyn
