// Regression against an independent peer implementation: Orocos KDL (Debian liborocos-kdl-dev
// 1.5.1), built only when CMake finds KDL. KDL's recursive Newton-Euler (ChainIdSolver_RNE) and
// mass matrix (ChainDynParam::JntToMass) must equal manipdyn's inverse_dynamics,
// inverse_dynamics_newton_euler and mass_matrix to 1e-9 relative on the PUMA 560 without drive
// terms (KDL has no motor inertia or friction) and on random drive-free arms with full inertia
// tensors and prismatic joints.
//
// The chain (as in bench/bench_kdl.cpp): segment i = Segment(Joint(RotZ or TransZ),
// Frame::DH(a, alpha, d, theta), RigidBodyInertia(m, com, I_com)). KDL's segment pose is
// joint.pose(q) * f_tip = Rz(q) Rz(theta) Tz(d) Tx(a) Rx(alpha) (Tz(q) for TransZ, which commutes
// with Rz(theta)), manipdyn's standard DH transform, so the tip frame of segment i is DH frame i.
// RigidBodyInertia takes the rotational inertia about the COM ("in the cog",
// kdl/rigidbodyinertia.hpp) and moves it to the frame origin itself.
// No -march=native in this project, so KDL's 16-byte Eigen alignment matches ours
// (CLARIFICATIONS.md, Performance pitfalls).
#include <gtest/gtest.h>

#include <kdl/chain.hpp>
#include <kdl/chaindynparam.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/frames.hpp>
#include <kdl/jntarray.hpp>
#include <kdl/jntspaceinertiamatrix.hpp>
#include <kdl/rigidbodyinertia.hpp>
#include <kdl/rotationalinertia.hpp>
#include <kdl/segment.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {
namespace {

// Relative to max(1, |manipdyn|_inf): two implementations in double, different operation order.
constexpr double kPeerTolerance = 1e-9;

KDL::Vector kdl_vector(const Vector3d& v) { return KDL::Vector(v.x(), v.y(), v.z()); }

KDL::Chain kdl_chain(const SerialModel& model) {
  EXPECT_EQ(model.convention, DhConvention::standard);
  KDL::Chain chain;
  for (const LinkParameters& l : model.links) {
    const Matrix3d& I = l.inertia;  // about the COM, in frame i
    const KDL::Joint joint(l.type == JointType::revolute ? KDL::Joint::RotZ
                                                         : KDL::Joint::TransZ);
    chain.addSegment(KDL::Segment(
        joint, KDL::Frame::DH(l.a, l.alpha, l.d, l.theta),
        KDL::RigidBodyInertia(l.mass, kdl_vector(l.com),
                              KDL::RotationalInertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1),
                                                     I(0, 2), I(1, 2)))));
  }
  return chain;
}

double relative_error(const MatrixXd& value, const MatrixXd& reference) {
  return (value - reference).cwiseAbs().maxCoeff() /
         std::max(1.0, reference.cwiseAbs().maxCoeff());
}

// Compares tau (with gravity and, if `with_wrench`, an end-effector wrench) and M at `states`
// random states. manipdyn's f_ext is the wrench the end-effector exerts ON the environment
// (frame n, moment about its origin); KDL's f_ext of the last segment is the wrench applied TO
// the segment in its tip frame, about the tip origin: the negative.
void expect_agreement(const SerialModel& model, int states, bool with_wrench, std::uint64_t seed,
                      const std::string& what) {
  const int n = model.dof();
  const KDL::Chain chain = kdl_chain(model);
  ASSERT_EQ(static_cast<int>(chain.getNrOfJoints()), n);
  KDL::ChainIdSolver_RNE rne(chain, kdl_vector(model.gravity));
  KDL::ChainDynParam dyn(chain, kdl_vector(model.gravity));
  SerialData data(model);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(-3.14159, 3.14159), rate(-2.0, 2.0);
  VectorXd q(n), qd(n), qdd(n);
  KDL::JntArray kq(n), kqd(n), kqdd(n), ktau(n);
  KDL::JntSpaceInertiaMatrix kM(n);
  for (int k = 0; k < states; ++k) {
    Vector6d f_ext = Vector6d::Zero();
    if (with_wrench)
      for (int i = 0; i < 6; ++i) f_ext[i] = 10.0 * rate(rng);
    KDL::Wrenches kf_ext(n, KDL::Wrench::Zero());
    kf_ext[n - 1] = KDL::Wrench(KDL::Vector(-f_ext[0], -f_ext[1], -f_ext[2]),
                                KDL::Vector(-f_ext[3], -f_ext[4], -f_ext[5]));
    for (int i = 0; i < n; ++i) {
      q[i] = model.links[i].type == JointType::revolute ? angle(rng) : 0.3 * rate(rng);
      qd[i] = rate(rng);
      qdd[i] = rate(rng);
      kq(i) = q[i];
      kqd(i) = qd[i];
      kqdd(i) = qdd[i];
    }
    ASSERT_EQ(rne.CartToJnt(kq, kqd, kqdd, kf_ext, ktau), 0) << what;
    ASSERT_EQ(dyn.JntToMass(kq, kM), 0) << what;
    const VectorXd kdl_tau = ktau.data;
    const MatrixXd kdl_M = kM.data;

    const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd, model.gravity, f_ext);
    EXPECT_LE(relative_error(kdl_tau, tau), kPeerTolerance)
        << what << " state " << k << " inverse_dynamics\nKDL      " << kdl_tau.transpose()
        << "\nmanipdyn " << tau.transpose();
    const VectorXd tau_ne =
        inverse_dynamics_newton_euler(model, data, q, qd, qdd, model.gravity, f_ext);
    EXPECT_LE(relative_error(kdl_tau, tau_ne), kPeerTolerance)
        << what << " state " << k << " inverse_dynamics_newton_euler";
    const MatrixXd M = mass_matrix(model, data, q);
    EXPECT_LE(relative_error(kdl_M, M), kPeerTolerance)
        << what << " state " << k << " mass_matrix\nKDL\n" << kdl_M << "\nmanipdyn\n" << M;
  }
}

TEST(KdlPeer, Puma560WithoutDriveMatchesKdl) {
  expect_agreement(puma560(false), 20, false, 1, "puma560");
}

TEST(KdlPeer, Puma560EndEffectorWrenchMatchesKdl) {
  expect_agreement(puma560(false), 10, true, 2, "puma560 + wrench");
}

// Full inertia tensors (products of inertia), nonzero theta offsets, prismatic joints.
TEST(KdlPeer, RandomArmsMatchKdl) {
  for (int n : {1, 3, 7, 12}) {
    for (std::uint64_t seed : {1u, 2u}) {
      RandomArmOptions options;  // 30 % prismatic, no drive terms
      const SerialModel model = random_arm(n, seed, DhConvention::standard, options);
      expect_agreement(model, 5, true, 100 + seed,
                       "random_arm(" + std::to_string(n) + ", " + std::to_string(seed) + ")");
    }
  }
}

}  // namespace
}  // namespace manipdyn
