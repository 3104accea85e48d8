// The URDF import against an independent reading of the same file: Orocos KDL's tree, built by
// kdl_parser (Debian libkdl-parser-dev) from the URDF text.
//  - frames: every URDF link frame of the chain (KDL TreeFkSolverPos_recursive) equals the DH
//    model's frame times its fixed offset, T0[i] * link_offsets[i], to 1e-12 at random q;
//  - dynamics: torques (every formulation), the mass matrix (KDL columns with qdd = e_k) and
//    gravity torques equal KDL's TreeIdSolver_RNE with the off-chain joints held at zero (which
//    covers the merged side branches), to 1e-10 relative, gravity in the base link's frame;
//  - both conversions (standard and modified DH tables) give the same torques;
//  - a PUMA-560-like URDF equals the built-in puma560().
// Files: tests/data/urdf (Panda, UR5, double pendulum) and random URDFs written here.
#include <gtest/gtest.h>

#include <kdl/frames.hpp>
#include <kdl/jntarray.hpp>
#include <kdl/tree.hpp>
#include <kdl/treefksolverpos_recursive.hpp>
#include <kdl/treeidsolver_recursive_newton_euler.hpp>
#include <kdl_parser/kdl_parser.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "support/urdf_writer.hpp"

namespace manipdyn {
namespace {

constexpr double kFrameTolerance = 1e-12;  // m and rotation-matrix entries (robots of ~1 m)
constexpr double kPeerTolerance = 1e-10;   // relative to max(1, |KDL|_inf)

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

std::string data_file(const std::string& name) {
  return std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/" + name;
}

// Largest disagreements seen for one URDF (printed for the record).
struct Disagreement {
  double frame = 0, tau = 0, mass = 0, gravity = 0, conventions = 0;
};

double relative(const VectorXd& ours, const VectorXd& theirs) {
  return (ours - theirs).cwiseAbs().maxCoeff() / std::max(1.0, theirs.cwiseAbs().maxCoeff());
}

// KDL's view of the same file with the chain joints at q, qd, qdd and every other joint at 0.
class KdlTree {
 public:
  KdlTree(const std::string& xml, const UrdfArm& arm, const Vector3d& gravity)
      : gravity_(gravity(0), gravity(1), gravity(2)) {
    EXPECT_TRUE(kdl_parser::treeFromString(xml, tree_));
    for (int i = 0; i < arm.model.dof(); ++i) {
      const auto it = tree_.getSegments().find(arm.link_names[i + 1]);
      EXPECT_NE(it, tree_.getSegments().end());
      EXPECT_EQ(GetTreeElementSegment(it->second).getJoint().getName(), arm.joint_names[i]);
      index_.push_back(static_cast<int>(GetTreeElementQNr(it->second)));
    }
  }
  KDL::JntArray spread(const VectorXd& x) const {
    KDL::JntArray out(tree_.getNrOfJoints());
    for (std::size_t i = 0; i < index_.size(); ++i) out(index_[i]) = x[i];
    return out;
  }
  VectorXd gather(const KDL::JntArray& x) const {
    VectorXd out(index_.size());
    for (std::size_t i = 0; i < index_.size(); ++i) out[i] = x(index_[i]);
    return out;
  }
  VectorXd rne(const VectorXd& q, const VectorXd& qd, const VectorXd& qdd, bool gravity) const {
    KDL::TreeIdSolver_RNE solver(tree_, gravity ? gravity_ : KDL::Vector::Zero());
    KDL::JntArray tau(tree_.getNrOfJoints());
    EXPECT_GE(solver.CartToJnt(spread(q), spread(qd), spread(qdd), KDL::WrenchMap(), tau), 0);
    return gather(tau);
  }
  Matrix4d frame(const VectorXd& q, const std::string& link) const {
    KDL::TreeFkSolverPos_recursive fk(tree_);
    KDL::Frame f;
    EXPECT_GE(fk.JntToCart(spread(q), f, link), 0) << link;
    Matrix4d m = Matrix4d::Identity();
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) m(r, c) = f.M(r, c);
      m(r, 3) = f.p(r);
    }
    return m;
  }

 private:
  KDL::Tree tree_;
  KDL::Vector gravity_;
  std::vector<int> index_;
};

VectorXd random_joint_vector(test::Uniform& u, int n, double scale) {
  VectorXd x(n);
  for (int i = 0; i < n; ++i) x[i] = u(-scale, scale);
  return x;
}

// Every check of the file header on one URDF, for both conventions.
Disagreement check_against_kdl(const std::string& xml, UrdfOptions options,
                               std::uint64_t seed) {
  Disagreement worst;
  options.gravity = Vector3d(0.7, -2.1, -9.6);  // not along an axis, base link frame
  options.convention = DhConvention::modified;
  const UrdfArm modified = urdf_arm_from_string(xml, options);
  options.convention = DhConvention::standard;
  const UrdfArm standard = urdf_arm_from_string(xml, options);
  const int n = modified.model.dof();
  const KdlTree kdl(xml, modified, options.gravity);
  test::Uniform u(seed);
  for (int trial = 0; trial < 8; ++trial) {
    const VectorXd q = random_joint_vector(u, n, 2.0), qd = random_joint_vector(u, n, 1.5),
                   qdd = random_joint_vector(u, n, 3.0);
    const VectorXd tau_kdl = kdl.rne(q, qd, qdd, true);
    const VectorXd g_kdl = kdl.rne(q, VectorXd::Zero(n), VectorXd::Zero(n), true);
    MatrixXd m_kdl(n, n);
    for (int k = 0; k < n; ++k)
      m_kdl.col(k) = kdl.rne(q, VectorXd::Zero(n), VectorXd::Unit(n, k), false);
    VectorXd tau_modified;
    for (const UrdfArm* arm : {&modified, &standard}) {
      const SerialModel model = arm->model.without_drive();  // KDL has no joint friction
      SerialData data(model);
      // Frames: URDF link i = DH frame i * its fixed offset.
      const auto& T0 = link_transforms(model, data, q);
      for (int i = 0; i <= n; ++i) {
        const Matrix4d ours = T0[i] * arm->link_offsets[i].matrix();
        const double e = (ours - kdl.frame(q, arm->link_names[i])).cwiseAbs().maxCoeff();
        worst.frame = std::max(worst.frame, e);
        EXPECT_LT(e, kFrameTolerance) << "link " << arm->link_names[i];
      }
      for (auto method : {InverseDynamicsMethod::fastest, InverseDynamicsMethod::lagrange_euler,
                          InverseDynamicsMethod::newton_euler,
                          InverseDynamicsMethod::modified_newton_euler,
                          InverseDynamicsMethod::craig}) {
        const VectorXd tau =
            inverse_dynamics(method, model, data, q, qd, qdd, model.gravity, Vector6d::Zero());
        const double e = relative(tau, tau_kdl);
        worst.tau = std::max(worst.tau, e);
        EXPECT_LT(e, kPeerTolerance) << to_string(method) << "\nours " << tau.transpose()
                                     << "\nKDL  " << tau_kdl.transpose();
      }
      const MatrixXd M = mass_matrix(model, data, q);
      const double em = (M - m_kdl).cwiseAbs().maxCoeff() /
                        std::max(1.0, m_kdl.cwiseAbs().maxCoeff());
      worst.mass = std::max(worst.mass, em);
      EXPECT_LT(em, kPeerTolerance);
      const VectorXd G = gravity_torques(model, data, q, model.gravity);
      const double eg = relative(G, g_kdl);
      worst.gravity = std::max(worst.gravity, eg);
      EXPECT_LT(eg, kPeerTolerance);
      const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd);
      if (arm == &modified) {
        tau_modified = tau;
      } else {
        const double ec = relative(tau, tau_modified);
        worst.conventions = std::max(worst.conventions, ec);
        EXPECT_LT(ec, 1e-12);
      }
    }
  }
  return worst;
}

void print(const std::string& name, const Disagreement& d) {
  std::cout << "[ KDL      ] " << name << ": frames " << d.frame << ", tau " << d.tau
            << ", M " << d.mass << ", G " << d.gravity << ", standard vs modified "
            << d.conventions << "\n";
}

TEST(UrdfAgainstKdl, Panda) {
  UrdfOptions options;
  options.tip_link = "panda_hand_tcp";
  const std::string xml = read(data_file("panda.urdf"));
  print("panda.urdf", check_against_kdl(xml, options, 1));
  const UrdfArm arm = urdf_arm_from_string(xml, options);
  EXPECT_EQ(arm.model.dof(), 7);
  // The hand (fixed joints) is part of body 7; the fingers (prismatic, one a mimic) are merged
  // at their zero position with a warning naming their joints.
  const auto& body7 = arm.merged_links[7];
  EXPECT_NE(std::find(body7.begin(), body7.end(), "panda_hand"), body7.end());
  EXPECT_NE(std::find(body7.begin(), body7.end(), "panda_leftfinger"), body7.end());
  int finger_warnings = 0;
  for (const auto& w : arm.model.warnings)
    if (w.find("panda_finger_joint") != std::string::npos) ++finger_warnings;
  EXPECT_EQ(finger_warnings, 2);
  // Limits and joint friction are carried over (Franka's values).
  EXPECT_DOUBLE_EQ(arm.model.links[3].q_min, -3.0718);
  EXPECT_DOUBLE_EQ(arm.model.links[3].q_max, -0.0698);
  EXPECT_DOUBLE_EQ(arm.model.links[0].tau_max, 87.0);
  EXPECT_DOUBLE_EQ(arm.model.links[6].qd_max, 2.61);
  EXPECT_DOUBLE_EQ(arm.model.links[0].viscous, 0.003);
}

TEST(UrdfAgainstKdl, Ur5) {
  UrdfOptions options;
  options.tip_link = "tool0";
  const std::string xml = read(data_file("ur5_robot.urdf"));
  print("ur5_robot.urdf", check_against_kdl(xml, options, 2));
  const UrdfArm arm = urdf_arm_from_string(xml, options);
  ASSERT_EQ(arm.model.dof(), 6);
  // Joints 2, 3, 4 are parallel: alpha = 0 between them in the modified table.
  EXPECT_NEAR(arm.model.modified.alpha[2], 0.0, 1e-12);
  EXPECT_NEAR(arm.model.modified.alpha[3], 0.0, 1e-12);
  // UR5 link lengths 0.425 and 0.39225 m appear as a.
  EXPECT_NEAR(std::abs(arm.model.modified.a[2]), 0.425, 1e-12);
  EXPECT_NEAR(std::abs(arm.model.modified.a[3]), 0.39225, 1e-12);
}

TEST(UrdfAgainstKdl, DoublePendulum) {
  const std::string xml = read(data_file("double_pendulum.urdf"));
  print("double_pendulum.urdf", check_against_kdl(xml, UrdfOptions{}, 3));
  const UrdfArm arm = urdf_arm_from_string(xml, UrdfOptions{});
  EXPECT_EQ(arm.model.dof(), 2);
  EXPECT_EQ(arm.link_names.back(), "link2");
}

TEST(UrdfAgainstKdl, RandomTrees) {
  Disagreement worst;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    SCOPED_TRACE("random_urdf seed " + std::to_string(seed));
    UrdfOptions options;
    options.tip_link = "tip";
    const int movable = 1 + static_cast<int>(seed % 9);
    const Disagreement d = check_against_kdl(test::random_urdf(seed, movable), options, seed);
    worst.frame = std::max(worst.frame, d.frame);
    worst.tau = std::max(worst.tau, d.tau);
    worst.mass = std::max(worst.mass, d.mass);
    worst.gravity = std::max(worst.gravity, d.gravity);
    worst.conventions = std::max(worst.conventions, d.conventions);
  }
  print("40 random URDF trees", worst);
}

TEST(UrdfAgainstKdl, PumaLikeUrdfEqualsBuiltin) {
  const SerialModel puma = puma560(false);
  const std::string xml = test::urdf_from_standard_dh(puma.links, "puma_like");
  UrdfOptions options;
  options.allow_invalid_inertia = true;  // Corke's lumped values, as the built-in
  options.gravity = puma.gravity;
  for (auto convention : {DhConvention::standard, DhConvention::modified}) {
    options.convention = convention;
    const SerialModel model = serial_model_from_urdf_string(xml, options);
    SerialData ours(model), builtin(puma);
    test::Uniform u(5);
    for (int trial = 0; trial < 10; ++trial) {
      const VectorXd q = random_joint_vector(u, 6, 3.0), qd = random_joint_vector(u, 6, 2.0),
                     qdd = random_joint_vector(u, 6, 4.0);
      const VectorXd expected = inverse_dynamics(puma, builtin, q, qd, qdd);
      EXPECT_LT(relative(inverse_dynamics(model, ours, q, qd, qdd), expected), 1e-12);
      const Matrix4d pose = end_effector_pose(model, ours, q);
      EXPECT_LT((pose - end_effector_pose(puma, builtin, q)).cwiseAbs().maxCoeff(), 1e-12);
    }
  }
}

}  // namespace
}  // namespace manipdyn
