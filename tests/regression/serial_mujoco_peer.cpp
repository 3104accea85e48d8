// MuJoCo 2.2.2 (Debian's libmujoco-dev) as an independent peer (tests/support/mujoco_peer.hpp):
// the converter validated on what the library computes today, so that the tree and free-flyer
// dynamics can be checked against it.
//  - fixed-root chains (both DH conventions): our inverse_dynamics, mass_matrix and
//    forward_dynamics equal MuJoCo's to kRelative;
//  - trees on both roots: MuJoCo's body frames equal our link_transforms, its base body our
//    base_pose;
//  - the free joint's conventions: MuJoCo's mj_integratePos of qvel = B v moves qpos as our
//    integrate(q, v) does (world-frame linear, body-frame angular velocity), to first order;
//  - the free joint's generalized forces: a single floating body against the Newton-Euler
//    equations in the body frame, written out here;
//  - the peer's own identities on free-flyer trees: M symmetric positive definite, ID(a) - ID(0)
//    = M a, FD(ID(a)) = a;
//  - the tree algorithms (docs/trees.md) on both roots: our inverse_dynamics (with the base
//    wrench), mass_matrix (nv x nv) and both forward dynamics equal MuJoCo's to kRelative; and so
//    on the whole tree of every URDF of tests/data/urdf on a free-flyer (issue 27's check).
// Without MuJoCo the file compiles to one skipped test that says so.
#include <gtest/gtest.h>

#if !MANIPDYN_HAVE_MUJOCO
TEST(MujocoPeer, Skipped) {
  GTEST_SKIP() << "MuJoCo not found when configuring (Debian: libmujoco-dev): the MuJoCo peer "
                  "checks are not built";
}
#else
#include <cstdio>
#include <random>
#include <string>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "../support/free_flyer.hpp"
#include "../support/mujoco_peer.hpp"

namespace manipdyn {
namespace {

using namespace test_support;
constexpr double kRelative = 1e-9;  // agreement with MuJoCo, relative to max(1, |ours|_inf)
constexpr double kFrames = 1e-12;   // body frames (rounding of the XML's 17 digits and products)

double relative(const MatrixXd& ours, const MatrixXd& theirs) {
  return (ours - theirs).cwiseAbs().maxCoeff() / std::max(1.0, ours.cwiseAbs().maxCoeff());
}

TEST(MujocoPeer, FixedChainsAgreeWithOurDynamics) {
  for (DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n : {1, 6, 12, 30}) {
      const SerialModel model = random_arm(n, 40 + n, convention);
      MujocoPeer peer = mujoco_peer(model);
      SerialData data(model);
      ForwardDynamicsData fd_data(model);
      std::mt19937_64 rng(n);
      for (int trial = 0; trial < 5; ++trial) {
        const VectorXd q = random_vector(n, rng, 3.0), qd = random_vector(n, rng, 2.0),
                       qdd = random_vector(n, rng, 5.0);
        const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd);
        EXPECT_LT(relative(tau, mujoco_inverse_dynamics(peer, model, q, qd, qdd)), kRelative)
            << model.name;
        const MatrixXd M = mass_matrix(model, data, q);
        EXPECT_LT(relative(M, mujoco_mass_matrix(peer, model, q)), kRelative) << model.name;
        const VectorXd a = forward_dynamics(model, fd_data, q, qd, tau);
        EXPECT_LT(relative(a, mujoco_forward_dynamics(peer, model, q, qd, tau)), kRelative)
            << model.name;
      }
    }
}

// MuJoCo's body j is our frame j of the modified convention; its base body is base_pose(q).
TEST(MujocoPeer, BodyFramesAreOurLinkFrames) {
  const SerialModel tree = random_tree(14, 9, {.branching = 0.5});
  for (const SerialModel& model : {tree, on_free_flyer(tree)}) {
    MujocoPeer peer = mujoco_peer(model);
    SerialData data(model);
    std::mt19937_64 rng(3);
    for (int trial = 0; trial < 5; ++trial) {
      const VectorXd q = random_configuration(model, rng);
      const auto& T0 = link_transforms(model, data, q);
      set_mujoco_state(peer, model, q, VectorXd::Zero(model.nv()));
      mj_kinematics(peer.m.get(), peer.d.get());
      auto frame = [&](int body) {
        Matrix4d T = Matrix4d::Identity();
        for (int r = 0; r < 3; ++r) {
          T(r, 3) = peer.d->xpos[3 * body + r];
          for (int c = 0; c < 3; ++c) T(r, c) = peer.d->xmat[9 * body + 3 * r + c];
        }
        return T;
      };
      for (int j = 0; j < model.dof(); ++j)
        EXPECT_LT((frame(peer.body[j]) - T0[j + 1]).cwiseAbs().maxCoeff(), kFrames)
            << model.name << " joint " << j;
      if (peer.free_flyer)
        EXPECT_LT((frame(peer.base_body) - base_pose(model, q)).cwiseAbs().maxCoeff(), kFrames);
    }
  }
}

// qvel = B v: MuJoCo's mj_integratePos(qpos, B v, h) and our integrate(q, v, h) move the same
// way to first order in h (the second-order terms differ: MuJoCo integrates the world-frame
// linear velocity, ours is SE(3)'s exponential).
TEST(MujocoPeer, FreeJointVelocityConvention) {
  const SerialModel model = on_free_flyer(random_tree(6, 2, {.branching = 0.5}));
  MujocoPeer peer = mujoco_peer(model);
  std::mt19937_64 rng(4);
  const double h = 1e-7;
  for (int trial = 0; trial < 5; ++trial) {
    const VectorXd q = random_configuration(model, rng);
    const VectorXd v = random_vector(model.nv(), rng, 2.0);
    VectorXd qpos = to_mujoco_qpos(peer, model, q);
    const VectorXd qvel = mujoco_velocity_map(peer, model, q) * v;
    mj_integratePos(peer.m.get(), qpos.data(), qvel.data(), h);
    const VectorXd ours = to_mujoco_qpos(peer, model, integrate(model, q, v, h));
    // the quaternion on the same hemisphere
    EXPECT_LT((qpos - ours).cwiseAbs().maxCoeff() / h, 1e-6) << trial;
  }
}

// One floating body (its single link massless): tau = [f; n], the Newton-Euler equations in the
// body frame with v = [v; w], a = dv/dt: the origin accelerates by a_v + w x v, so
// f = m (a_v + w x v + a_w x c + w x (w x c) - R^T g), n = I_c a_w + w x I_c w + c x f.
TEST(MujocoPeer, FreeJointForcesAreTheBaseWrenchInTheBaseFrame) {
  LinkParameters massless;
  massless.a = 0.2;
  massless.alpha = 0.3;
  const BodyInertia body{3.0, Vector3d(0.1, -0.2, 0.3),
                         (Matrix3d() << 0.2, 0.02, 0.01, 0.02, 0.3, -0.03, 0.01, -0.03, 0.4)
                             .finished()};
  SerialModelOptions options;
  options.root = RootJoint::free_flyer;
  options.base_inertia = body;
  options.gravity = Vector3d(0.5, -1.0, -9.81);
  const SerialModel model = SerialModel::from_modified_dh({massless}, options);
  MujocoPeer peer = mujoco_peer(model);
  // MuJoCo warns that the massless link's M is singular (mj_inverse factorises M); expected here.
  void (*warning)(const char*) = mju_user_warning;
  mju_user_warning = [](const char*) {};
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 5; ++trial) {
    const VectorXd q = random_configuration(model, rng);
    const VectorXd v = random_vector(7, rng, 2.0), a = random_vector(7, rng, 3.0);
    const Matrix3d R = base_pose(model, q).topLeftCorner<3, 3>();
    const Vector3d lin = v.head<3>(), w = v.segment<3>(3);
    const Vector3d a_lin = a.head<3>(), a_w = a.segment<3>(3), c = body.com;
    const Vector3d f = body.mass * (a_lin + w.cross(lin) + a_w.cross(c) + w.cross(w.cross(c)) -
                                    R.transpose() * model.gravity);
    const Vector3d n = body.inertia * a_w + w.cross(body.inertia * w) + c.cross(f);
    const VectorXd tau = mujoco_inverse_dynamics(peer, model, q, v, a);
    EXPECT_LT((tau.head<3>() - f).norm(), 1e-10 * std::max(1.0, f.norm())) << trial;
    EXPECT_LT((tau.segment<3>(3) - n).norm(), 1e-10 * std::max(1.0, n.norm())) << trial;
    EXPECT_LT(std::abs(tau[6]), 1e-12);
  }
  mju_user_warning = warning;
}

TEST(MujocoPeer, FreeFlyerTreeIdentities) {
  const SerialModel model = on_free_flyer(random_tree(10, 6, {.branching = 0.5}));
  MujocoPeer peer = mujoco_peer(model);
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 5; ++trial) {
    const VectorXd q = random_configuration(model, rng);
    const VectorXd v = random_vector(model.nv(), rng, 2.0), a = random_vector(model.nv(), rng, 3.0);
    const MatrixXd M = mujoco_mass_matrix(peer, model, q);
    EXPECT_LT(relative(M, M.transpose()), 1e-14);
    EXPECT_GT(Eigen::SelfAdjointEigenSolver<MatrixXd>(M).eigenvalues().minCoeff(), 0.0);
    const VectorXd tau = mujoco_inverse_dynamics(peer, model, q, v, a);
    const VectorXd bias = mujoco_inverse_dynamics(peer, model, q, v, VectorXd::Zero(model.nv()));
    EXPECT_LT(relative(tau - bias, M * a), kRelative);
    EXPECT_LT(relative(a, mujoco_forward_dynamics(peer, model, q, v, tau)), kRelative);
  }
  // The value-returning entries build a peer per call.
  const VectorXd q = neutral(model), v = VectorXd::Zero(model.nv());
  EXPECT_EQ(mujoco_inverse_dynamics(model, q, v, v), mujoco_inverse_dynamics(peer, model, q, v, v));
}

// Trees on a fixed root and on a free-flyer (frame 0 off the base body's origin and tilted):
// ID, M and FD by both of our methods against MuJoCo's mj_inverse, mj_fullM and mj_forward.
TEST(MujocoPeer, TreesAgreeWithOurDynamics) {
  for (bool floating : {false, true})
    for (int n : {4, 12, 31}) {
      const SerialModel tree = random_tree(n, 50 + n, {.branching = 0.4});
      const SerialModel model = floating ? on_free_flyer(tree) : tree;
      MujocoPeer peer = mujoco_peer(model);
      SerialData data(model);
      ForwardDynamicsData fd_data(model);
      std::mt19937_64 rng(60 + n);
      for (int trial = 0; trial < 5; ++trial) {
        const VectorXd q = random_configuration(model, rng);
        const VectorXd v = random_vector(model.nv(), rng, 2.0),
                       a = random_vector(model.nv(), rng, 5.0);
        const VectorXd tau = inverse_dynamics(model, data, q, v, a);
        EXPECT_LT(relative(tau, mujoco_inverse_dynamics(peer, model, q, v, a)), kRelative)
            << model.name << (floating ? " free-flyer" : "");
        const MatrixXd M = mass_matrix(model, data, q);
        EXPECT_LT(relative(M, mujoco_mass_matrix(peer, model, q)), kRelative)
            << model.name << (floating ? " free-flyer" : "");
        const VectorXd theirs = mujoco_forward_dynamics(peer, model, q, v, tau);
        const Vector6d none = Vector6d::Zero();
        EXPECT_LT(relative(forward_dynamics_articulated_body(model, fd_data, q, v, tau,
                                                             model.gravity, none),
                           theirs),
                  kRelative)
            << model.name << (floating ? " free-flyer" : "");
        EXPECT_LT(relative(forward_dynamics_mass_matrix(model, fd_data, q, v, tau,
                                                        model.gravity, none),
                           theirs),
                  kRelative)
            << model.name << (floating ? " free-flyer" : "");
      }
    }
}

// Every robot of tests/data/urdf, its whole tree on a free-flyer (friction left out: MuJoCo's
// peer has none; Romeo's and ANYmal's published inertias accepted): ID with the base wrench, M,
// and both forward dynamics against MuJoCo at random states.
TEST(MujocoPeer, EveryRobotsWholeTreeOnAFreeFlyer) {
  UrdfOptions options;
  options.floating_base = true;
  options.friction = false;
  options.allow_invalid_inertia = true;
  for (const char* file : {"panda.urdf", "ur5_robot.urdf", "double_pendulum.urdf",
                           "simple_humanoid.urdf", "romeo_small.urdf", "anymal_c.urdf",
                           "solo12.urdf"}) {
    const SerialModel model = serial_model_from_urdf_file(
        std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/" + file, options);
    ASSERT_EQ(model.root, RootJoint::free_flyer) << file;
    MujocoPeer peer = mujoco_peer(model);
    SerialData data(model);
    ForwardDynamicsData fd_data(model);
    std::mt19937_64 rng(7);
    double worst = 0.0;
    for (int trial = 0; trial < 4; ++trial) {
      const VectorXd q = random_configuration(model, rng);
      const VectorXd v = random_vector(model.nv(), rng, 2.0), a = random_vector(model.nv(), rng, 5.0);
      const VectorXd tau = inverse_dynamics(model, data, q, v, a);
      worst = std::max(worst, relative(tau, mujoco_inverse_dynamics(peer, model, q, v, a)));
      worst = std::max(worst, relative(mass_matrix(model, data, q), mujoco_mass_matrix(peer, model, q)));
      const VectorXd theirs = mujoco_forward_dynamics(peer, model, q, v, tau);
      worst = std::max(worst, relative(forward_dynamics(model, fd_data, q, v, tau), theirs));
      worst = std::max(worst, relative(forward_dynamics_mass_matrix(model, fd_data, q, v, tau,
                                                                    model.gravity, Vector6d::Zero()),
                                       theirs));
    }
    EXPECT_LT(worst, kRelative) << file;
    std::printf("%-22s nv = %2d: ID, M, FD against MuJoCo %.1e relative\n", file, model.nv(), worst);
  }
}

TEST(MujocoPeer, RefusesDriveTerms) {
  const SerialModel model = random_arm(3, 1, DhConvention::standard, {.with_drive = true});
  EXPECT_THROW(mujoco_peer(model), std::invalid_argument);
}

}  // namespace
}  // namespace manipdyn
#endif
