// Unit tests of the kinematics of a free-flyer model (serial/kinematics.hpp): the link frames are
// the fixed-base model's carried by the base pose, the Jacobian's columns are the velocities of
// the end-effector along integrate's directions (Pinocchio's base twist), and the input checks.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "../support/error_message.hpp"
#include "../support/free_flyer.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
using test_support::on_free_flyer;

// The same links with a fixed root, frame 0 at world <- base body (q) * base.
SerialModel fixed_at(const SerialModel& floating, const VectorXd& q) {
  SerialModelOptions options = floating.options();
  options.root = RootJoint::fixed;
  options.base_inertia = {};
  options.base = Eigen::Isometry3d(base_pose(floating, q)) * floating.base;
  return SerialModel::from_table(floating.links, floating.convention, options);
}

const Eigen::Isometry3d kBase =
    Eigen::Translation3d(0.2, -0.1, 0.3) * Eigen::AngleAxisd(0.5, Vector3d(0, 0.6, 0.8));

TEST(FreeFlyerKinematics, LinkFramesAreTheFixedModelsOnTheBasePose) {
  for (const SerialModel& links :
       {random_tree(9, 4, {.branching = 0.5}), random_arm(6, 5, DhConvention::standard),
        random_arm(6, 6, DhConvention::modified)}) {
    const SerialModel floating = on_free_flyer(links, kBase);
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 5; ++trial) {
      const VectorXd q = random_configuration(floating, rng);
      const SerialModel fixed = fixed_at(floating, q);
      SerialData data(floating), fixed_data(fixed);
      const auto& T0 = link_transforms(floating, data, q);
      const auto& F0 = link_transforms(fixed, fixed_data, VectorXd(q.tail(floating.dof())));
      for (int i = 0; i <= floating.dof(); ++i)
        EXPECT_LT((T0[i] - F0[i]).cwiseAbs().maxCoeff(), 1e-12) << links.name << " frame " << i;
      EXPECT_LT((end_effector_pose(floating, data, q) - fixed_data.T_ee).cwiseAbs().maxCoeff(),
                1e-12);
    }
  }
}

// Column k of J is the end-effector's velocity (world frame) along integrate(q, e_k, t) at t = 0.
TEST(FreeFlyerKinematics, JacobianColumnsAreTheVelocitiesAlongIntegrate) {
  for (const SerialModel& links :
       {random_tree(8, 5, {.branching = 0.5}), random_arm(5, 8, DhConvention::standard)}) {
    const SerialModel floating = on_free_flyer(links, kBase);
    SerialData data(floating);
    std::mt19937_64 rng(8);
    const VectorXd q = random_configuration(floating, rng);
    const MatrixXd J = jacobian(floating, data, q);
    ASSERT_EQ(J.rows(), 6);
    ASSERT_EQ(J.cols(), floating.nv());
    const Matrix3d R = data.T_ee.block<3, 3>(0, 0);
    const double h = 1e-6;
    for (int k = 0; k < floating.nv(); ++k) {
      const VectorXd e = VectorXd::Unit(floating.nv(), k);
      const Matrix4d Tp = end_effector_pose(floating, data, integrate(floating, q, e, h));
      const Matrix4d Tm = end_effector_pose(floating, data, integrate(floating, q, e, -h));
      const Vector3d dp = (Tp.block<3, 1>(0, 3) - Tm.block<3, 1>(0, 3)) / (2 * h);
      const Matrix3d W = (Tp.block<3, 3>(0, 0) - Tm.block<3, 3>(0, 0)) / (2 * h) * R.transpose();
      EXPECT_LT((J.col(k).head<3>() - dp).norm(), 1e-8) << links.name << " column " << k;
      EXPECT_LT((J.col(k).tail<3>() - Vector3d(W(2, 1), W(0, 2), W(1, 0))).norm(), 1e-8)
          << links.name << " column " << k;
    }
  }
}

// link_motion on a free-flyer: each link's velocity (its frame) is the derivative of its pose
// along integrate(q, v t), and its acceleration the derivative of that velocity along the motion
// whose twist changes at the rate a: q(t) = integrate(q, v t + a t^2 / 2), v(t) = v + a t (second
// order in t: the group's correction to v(t) is -[v, a] t^2 / 4, even in t, so that it cancels in
// a central difference).
TEST(FreeFlyerKinematics, LinkMotionIsTheDerivativeOfThePosesAlongTheMotion) {
  for (const SerialModel& links :
       {random_tree(8, 11, {.prismatic_fraction = 0.3, .branching = 0.5}),
        random_arm(5, 12, DhConvention::modified)}) {  // link_transforms in the frames of model.modified
    const SerialModel floating = on_free_flyer(links, kBase);
    const int n = floating.dof(), nv = floating.nv();
    SerialData data(floating), probe(floating);
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const VectorXd q = random_configuration(floating, rng);
    const VectorXd v = VectorXd::NullaryExpr(nv, [&] { return u(rng); });
    const VectorXd a = VectorXd::NullaryExpr(nv, [&] { return 2.0 * u(rng); });
    const AlignedVector<Vector6d> link_v = link_motion(floating, data, q, v, a);
    const AlignedVector<Vector6d> link_a = data.link_a;
    ASSERT_EQ(static_cast<int>(link_v.size()), n);
    const auto& T0 = link_transforms(floating, probe, q);
    const AlignedVector<Matrix4d> T = T0;
    const double h = 1e-5;
    const AlignedVector<Matrix4d> Tp = link_transforms(floating, probe, integrate(floating, q, v, h));
    const AlignedVector<Matrix4d> Tm =
        link_transforms(floating, probe, integrate(floating, q, v, -h));
    const VectorXd qp = integrate(floating, q, VectorXd(h * v + 0.5 * h * h * a), 1.0);
    const VectorXd qm = integrate(floating, q, VectorXd(-h * v + 0.5 * h * h * a), 1.0);
    const AlignedVector<Vector6d> vp = link_motion(floating, probe, qp, VectorXd(v + h * a), a);
    const AlignedVector<Vector6d> vm = link_motion(floating, probe, qm, VectorXd(v - h * a), a);
    double scale = 1.0;
    for (int i = 0; i < n; ++i) scale = std::max({scale, link_v[i].norm(), link_a[i].norm()});
    for (int i = 0; i < n; ++i) {
      const Matrix3d R = T[i + 1].block<3, 3>(0, 0);
      const Vector3d dp = (Tp[i + 1].block<3, 1>(0, 3) - Tm[i + 1].block<3, 1>(0, 3)) / (2 * h);
      const Matrix3d W = R.transpose() * (Tp[i + 1].block<3, 3>(0, 0) - Tm[i + 1].block<3, 3>(0, 0)) / (2 * h);
      Vector6d expected_v;
      expected_v << W(2, 1), W(0, 2), W(1, 0), R.transpose() * dp;
      EXPECT_LT((link_v[i] - expected_v).norm(), 1e-7 * scale) << links.name << " link " << i;
      const Vector6d expected_a = (vp[i] - vm[i]) / (2 * h);
      EXPECT_LT((link_a[i] - expected_a).norm(), 1e-7 * scale) << links.name << " link " << i;
    }
    // The base at rest: the fixed-root model's link motion on the same frames.
    VectorXd v_rest = v, a_rest = a;
    v_rest.head<6>().setZero();
    a_rest.head<6>().setZero();
    const SerialModel fixed = fixed_at(floating, q);
    SerialData fixed_data(fixed);
    const AlignedVector<Vector6d> fv =
        link_motion(fixed, fixed_data, VectorXd(q.tail(n)), VectorXd(v.tail(n)), VectorXd(a.tail(n)));
    const AlignedVector<Vector6d> fa = fixed_data.link_a;
    link_motion(floating, data, q, v_rest, a_rest);
    for (int i = 0; i < n; ++i) {
      EXPECT_LT((data.link_v[i] - fv[i]).norm(), 1e-12 * scale) << links.name << " link " << i;
      EXPECT_LT((data.link_a[i] - fa[i]).norm(), 1e-12 * scale) << links.name << " link " << i;
    }
  }
}

// frame_motion: the velocity is J v (frame_jacobian) and the acceleration the derivative of the
// velocity along the motion q(t) = integrate(q, v t + a t^2 / 2), v(t) = v + a t (as above), for
// joint frames, named frames off the joint frame and the base frame, on a free-flyer tree, a
// standard-DH chain on a free-flyer (its named frames on the standard frames, the motion on the
// modified ones) and a fixed-root tree.
TEST(FreeFlyerKinematics, FrameMotionIsTheJacobianAndItsRate) {
  const Eigen::Isometry3d placement =
      Eigen::Translation3d(0.1, -0.2, 0.05) * Eigen::AngleAxisd(0.4, Vector3d(0.6, 0, 0.8));
  const SerialModel tree = random_tree(8, 21, {.prismatic_fraction = 0.3, .branching = 0.5});
  for (const SerialModel& model :
       {on_free_flyer(tree, kBase), on_free_flyer(random_arm(5, 22, DhConvention::standard), kBase),
        tree}) {
    const int n = model.dof(), nv = model.nv();
    SerialData data(model), probe(model);
    std::mt19937_64 rng(23);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const VectorXd q = random_configuration(model, rng);
    const VectorXd v = VectorXd::NullaryExpr(nv, [&] { return u(rng); });
    const VectorXd a = VectorXd::NullaryExpr(nv, [&] { return 2.0 * u(rng); });
    const double h = 1e-5;
    const VectorXd qp = integrate(model, q, VectorXd(h * v + 0.5 * h * h * a), 1.0);
    const VectorXd qm = integrate(model, q, VectorXd(-h * v + 0.5 * h * h * a), 1.0);
    for (int j = -1; j < n; ++j) {
      for (const Eigen::Isometry3d& at : {Eigen::Isometry3d(Eigen::Isometry3d::Identity()), placement}) {
        const NamedFrame frame{"f", j, at};
        const FrameMotion<double> m = frame_motion(model, data, q, v, a, frame);
        const Vector6d Jv = frame_jacobian(model, probe, q, frame) * v;
        const double scale = std::max({1.0, m.velocity.norm(), m.acceleration.norm()});
        EXPECT_LT((m.velocity - Jv).norm(), 1e-12 * scale) << model.name << " joint " << j;
        const Vector6d vp = frame_motion(model, probe, qp, VectorXd(v + h * a), a, frame).velocity;
        const Vector6d vm = frame_motion(model, probe, qm, VectorXd(v - h * a), a, frame).velocity;
        EXPECT_LT((m.acceleration - (vp - vm) / (2 * h)).norm(), 1e-7 * scale)
            << model.name << " joint " << j;
      }
    }
  }
  // A named frame by name, and the checks.
  const SerialModel floating = on_free_flyer(tree, kBase);
  SerialData data(floating);
  const VectorXd q = neutral(floating), z = VectorXd::Zero(floating.nv());
  EXPECT_EQ(message_of([&] { frame_motion(floating, data, q, VectorXd(z.head(3)), z, NamedFrame{"f", 2, {}}); }),
            "frame_motion: qd has size 3, expected 14");
  EXPECT_EQ(message_of([&] { frame_motion(floating, data, q, z, z, NamedFrame{"f", 9, {}}); }),
            "frame_motion: frame 'f' is on joint 9, outside [-1, 8) (-1 = the base)");
}

TEST(FreeFlyerKinematics, ChecksTheConfiguration) {
  const SerialModel floating = on_free_flyer(random_arm(5, 1, DhConvention::standard), Eigen::Isometry3d::Identity());
  SerialData data(floating);
  EXPECT_EQ(message_of([&] { link_transforms(floating, data, VectorXd::Zero(5)); }),
            "link_transforms: q has size 5, expected nq = 12 (free-flyer: 7 + 5 joints)");
  VectorXd q = neutral(floating);
  q[6] = 0.5;
  EXPECT_EQ(message_of([&] { jacobian(floating, data, q); }),
            "jacobian: q[3..6], the base quaternion (x y z w) = (0 0 0 0.5), has norm 0.5, not 1 "
            "(tolerance 1e-06); normalize(model, q) scales it");
  q[6] = 0.0;
  EXPECT_EQ(message_of([&] { end_effector_pose(floating, data, q); }),
            "end_effector_pose: q[3..6], the base quaternion (x y z w) = (0 0 0 0), is zero: it "
            "is no rotation");
}

}  // namespace
}  // namespace manipdyn
