// The URDF import against an independent reading of the same file: Orocos KDL's tree, built by
// kdl_parser (Debian libkdl-parser-dev) from the URDF text.
//  - frames: every URDF link frame of the chain (KDL TreeFkSolverPos_recursive) equals the DH
//    model's frame times its fixed offset, T0[i] * link_offsets[i], to 1e-12 at random q;
//  - dynamics: torques (every formulation), the mass matrix (KDL columns with qdd = e_k) and
//    gravity torques equal KDL's TreeIdSolver_RNE with the off-chain joints held at zero (which
//    covers the merged side branches), to 1e-10 relative, gravity in the base link's frame;
//  - both conversions (standard and modified DH tables) give the same torques;
//  - a PUMA-560-like URDF equals the built-in puma560();
//  - whole trees (UrdfOptions::whole_tree): every URDF link's named frame, world <- link =
//    T0[joint + 1] * placement, equals KDL's TreeFkSolverPos_recursive on the whole tree at random
//    q to 1e-12; each body's mass, first moment and inertia (in the world at q) equal the sums of
//    its URDF links' <inertial> placed by KDL; the free-flyer model carries the base body's;
//    torques, M and G of the whole trees against KDL's TreeIdSolver_RNE (skipped while the
//    default algorithms refuse trees).
// Files: tests/data/urdf (Panda, UR5, double pendulum, the humanoid, Romeo, ANYmal C, Solo 12)
// and random URDFs written here.
#include <gtest/gtest.h>

#include <kdl/frames.hpp>
#include <kdl/jntarray.hpp>
#include <kdl/tree.hpp>
#include <kdl/treefksolverpos_recursive.hpp>
#include <kdl/treeidsolver_recursive_newton_euler.hpp>
#include <kdl_parser/kdl_parser.hpp>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
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

using Eigen::Isometry3d;

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

// ---- whole trees ------------------------------------------------------------------------------

constexpr double kMassTolerance = 1e-12;  // relative to max(1, the largest entry)

// Mass, first moment and inertia about the world origin, in the world frame.
struct WorldMass {
  double mass = 0;
  Vector3d first_moment = Vector3d::Zero();
  Matrix3d inertia = Matrix3d::Zero();
  void add(double m, const Vector3d& c, const Matrix3d& I_com) {
    mass += m;
    first_moment += m * c;
    inertia += I_com + m * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
  }
};

double difference(const WorldMass& a, const WorldMass& b) {
  const double scale = std::max({1.0, b.mass, b.first_moment.cwiseAbs().maxCoeff(),
                                 b.inertia.cwiseAbs().maxCoeff()});
  return std::max({std::abs(a.mass - b.mass), (a.first_moment - b.first_moment).cwiseAbs().maxCoeff(),
                   (a.inertia - b.inertia).cwiseAbs().maxCoeff()}) / scale;
}

Isometry3d to_isometry(const Matrix4d& m) {
  Isometry3d x;
  x.matrix() = m;
  return x;
}

struct TreeDisagreement {
  double frame = 0, mass = 0;
};

// The whole tree of `xml` with a fixed root against KDL's tree of the same file, at random q.
TreeDisagreement check_tree_against_kdl(const std::string& xml, std::uint64_t seed,
                                        int expected_dof) {
  TreeDisagreement worst;
  UrdfOptions options;
  options.whole_tree = true;
  options.allow_invalid_inertia = true;  // Romeo's published RShoulderYawLink, as loaded by KDL
  const UrdfArm arm = urdf_arm_from_string(xml, options);
  const SerialModel& model = arm.model;
  EXPECT_EQ(model.dof(), expected_dof);
  EXPECT_EQ(model.joint_names(), arm.joint_names);
  // KDL's tree: every movable joint of the file is one of ours, and every link a named frame.
  KDL::Tree tree;
  EXPECT_TRUE(kdl_parser::treeFromString(xml, tree));
  EXPECT_EQ(static_cast<int>(tree.getNrOfJoints()), model.dof());
  const urdf::ModelInterfaceSharedPtr urdf_model = urdf::parseURDF(xml);
  EXPECT_EQ(model.frames.size(), urdf_model->links_.size());
  std::vector<int> index;
  for (int i = 0; i < model.dof(); ++i) {
    const auto it = tree.getSegments().find(arm.link_names[i + 1]);
    EXPECT_NE(it, tree.getSegments().end());
    EXPECT_EQ(GetTreeElementSegment(it->second).getJoint().getName(), arm.joint_names[i]);
    index.push_back(static_cast<int>(GetTreeElementQNr(it->second)));
  }
  KDL::TreeFkSolverPos_recursive fk(tree);
  test::Uniform u(seed);
  SerialData data(model);
  for (int trial = 0; trial < 6; ++trial) {
    const VectorXd q = random_joint_vector(u, model.dof(), 2.5);
    KDL::JntArray q_kdl(tree.getNrOfJoints());
    for (int i = 0; i < model.dof(); ++i) q_kdl(index[i]) = q[i];
    const auto& T0 = link_transforms(model, data, q);
    std::map<std::string, Isometry3d> kdl_pose;
    for (const NamedFrame& frame : model.frames) {
      KDL::Frame f;
      EXPECT_GE(fk.JntToCart(q_kdl, f, frame.name), 0) << frame.name;
      Matrix4d theirs = Matrix4d::Identity();
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) theirs(r, c) = f.M(r, c);
        theirs(r, 3) = f.p(r);
      }
      kdl_pose[frame.name] = to_isometry(theirs);
      // The frame by name, as a user asks for it.
      const NamedFrame& named = model.frame(frame.name);
      const Matrix4d ours = T0[named.joint + 1] * named.placement.matrix();
      const double e = (ours - theirs).cwiseAbs().maxCoeff();
      worst.frame = std::max(worst.frame, e);
      EXPECT_LT(e, kFrameTolerance) << "link " << frame.name;
    }
    // Mass properties of each moving body: ours in frame i, the URDF's links placed by KDL.
    for (int i = 0; i < model.dof(); ++i) {
      WorldMass urdf_body, ours;
      for (const std::string& link : arm.merged_links[i + 1]) {
        const auto& inertial = urdf_model->getLink(link)->inertial;
        if (!inertial) continue;
        Matrix3d I;
        I << inertial->ixx, inertial->ixy, inertial->ixz, inertial->ixy, inertial->iyy,
            inertial->iyz, inertial->ixz, inertial->iyz, inertial->izz;
        const urdf::Pose& o = inertial->origin;
        Isometry3d origin = Isometry3d::Identity();
        origin.translation() = Vector3d(o.position.x, o.position.y, o.position.z);
        origin.linear() = Eigen::Quaterniond(o.rotation.w, o.rotation.x, o.rotation.y,
                                             o.rotation.z).toRotationMatrix();
        const Isometry3d x = kdl_pose.at(link) * origin;
        urdf_body.add(inertial->mass, x.translation(), x.linear() * I * x.linear().transpose());
      }
      const Isometry3d frame = to_isometry(T0[i + 1]);
      const LinkParameters& l = model.links[i];
      ours.add(l.mass, frame * l.com, frame.linear() * l.inertia * frame.linear().transpose());
      const double e = difference(ours, urdf_body);
      worst.mass = std::max(worst.mass, e);
      EXPECT_LT(e, kMassTolerance) << "joint " << arm.joint_names[i];
    }
  }
  // Total mass: the moving bodies and the base body, as the URDF's.
  double urdf_total = 0, base_mass = 0, model_total = 0;
  for (const auto& [name, link] : urdf_model->links_)
    if (link->inertial) urdf_total += link->inertial->mass;
  for (const std::string& link : arm.merged_links[0])
    if (const auto& inertial = urdf_model->getLink(link)->inertial) base_mass += inertial->mass;
  for (const LinkParameters& l : model.links) model_total += l.mass;
  EXPECT_NEAR(model_total + base_mass, urdf_total, 1e-12 * urdf_total);
  // With a free-flyer: the same links bit for bit, the base body's mass properties as base_inertia.
  options.floating_base = true;
  const UrdfArm floating = urdf_arm_from_string(xml, options);
  EXPECT_EQ(floating.model.root, RootJoint::free_flyer);
  EXPECT_EQ(floating.model.nv(), model.dof() + 6);
  EXPECT_EQ(floating.model.nq(), model.dof() + 7);
  EXPECT_EQ(floating.model.links.size(), model.links.size());
  for (std::size_t i = 0; i < model.links.size(); ++i) {
    EXPECT_EQ(floating.model.links[i].a, model.links[i].a);
    EXPECT_EQ(floating.model.links[i].inertia, model.links[i].inertia);
    EXPECT_EQ(floating.model.links[i].parent, model.links[i].parent);
    EXPECT_EQ(floating.model.links[i].gamma, model.links[i].gamma);
  }
  EXPECT_TRUE(floating.model.base.isApprox(model.base, 0.0));
  EXPECT_NEAR(floating.model.base_inertia.mass, base_mass, 1e-12 * std::max(1.0, base_mass));
  return worst;
}

void print(const std::string& name, const TreeDisagreement& d) {
  std::cout << "[ KDL tree ] " << name << ": frames " << d.frame << ", mass properties "
            << d.mass << "\n";
}

TEST(UrdfTreeAgainstKdl, EveryRobotsWholeTree) {
  // name, movable joints (Panda: 7 arm joints and both fingers, one a mimic)
  const std::vector<std::pair<std::string, int>> robots = {
      {"panda.urdf", 9},        {"ur5_robot.urdf", 6},        {"double_pendulum.urdf", 2},
      {"simple_humanoid.urdf", 29}, {"romeo_small.urdf", 31}, {"anymal_c.urdf", 12},
      {"solo12.urdf", 12}};
  std::uint64_t seed = 11;
  for (const auto& [file, dof] : robots) {
    SCOPED_TRACE(file);
    print(file, check_tree_against_kdl(read(data_file(file)), seed++, dof));
  }
}

// Inverse dynamics, the mass matrix and gravity torques of the whole tree (fixed root, joint
// friction left out) against KDL's TreeIdSolver_RNE on the same file, to 1e-10 relative; nullopt
// while the default algorithms refuse trees.
std::optional<double> tree_dynamics_against_kdl(const std::string& xml, std::uint64_t seed) {
  UrdfOptions options;
  options.whole_tree = true;
  options.allow_invalid_inertia = true;
  options.gravity = Vector3d(0.7, -2.1, -9.6);
  const UrdfArm arm = urdf_arm_from_string(xml, options);
  const SerialModel model = arm.model.without_drive();
  const int n = model.dof();
  KDL::Tree tree;
  EXPECT_TRUE(kdl_parser::treeFromString(xml, tree));
  std::vector<int> index;
  for (int i = 0; i < n; ++i)
    index.push_back(static_cast<int>(
        GetTreeElementQNr(tree.getSegments().find(arm.link_names[i + 1])->second)));
  auto spread = [&](const VectorXd& x) {
    KDL::JntArray out(tree.getNrOfJoints());
    for (int i = 0; i < n; ++i) out(index[i]) = x[i];
    return out;
  };
  auto rne = [&](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd, bool gravity) {
    KDL::TreeIdSolver_RNE solver(
        tree, gravity ? KDL::Vector(options.gravity.x(), options.gravity.y(), options.gravity.z())
                      : KDL::Vector::Zero());
    KDL::JntArray tau(tree.getNrOfJoints());
    EXPECT_GE(solver.CartToJnt(spread(q), spread(qd), spread(qdd), KDL::WrenchMap(), tau), 0);
    VectorXd out(n);
    for (int i = 0; i < n; ++i) out[i] = tau(index[i]);
    return out;
  };
  SerialData data(model);
  test::Uniform u(seed);
  double worst = 0;
  for (int trial = 0; trial < 4; ++trial) {
    const VectorXd q = random_joint_vector(u, n, 2.0), qd = random_joint_vector(u, n, 1.5),
                   qdd = random_joint_vector(u, n, 3.0), zero = VectorXd::Zero(n);
    VectorXd tau;
    try {
      tau = inverse_dynamics(model, data, q, qd, qdd);
    } catch (const std::invalid_argument& e) {
      if (std::string(e.what()).find("is a tree") != std::string::npos) return std::nullopt;
      throw;
    }
    worst = std::max(worst, relative(tau, rne(q, qd, qdd, true)));
    worst = std::max(worst, relative(gravity_torques(model, data, q, model.gravity),
                                     rne(q, zero, zero, true)));
    const MatrixXd M = mass_matrix(model, data, q);
    for (int k = 0; k < n; ++k)
      worst = std::max(worst, relative(M.col(k), rne(q, zero, VectorXd::Unit(n, k), false)));
  }
  return worst;
}

TEST(UrdfTreeAgainstKdl, DynamicsOfEveryRobotsWholeTree) {
  std::uint64_t seed = 31;
  std::string refused;  // the trees the default algorithms do not take yet
  for (const char* file : {"panda.urdf", "ur5_robot.urdf", "double_pendulum.urdf",
                           "simple_humanoid.urdf", "romeo_small.urdf", "anymal_c.urdf",
                           "solo12.urdf"}) {
    SCOPED_TRACE(file);
    const std::optional<double> e = tree_dynamics_against_kdl(read(data_file(file)), seed++);
    if (!e) {
      refused += std::string(refused.empty() ? "" : ", ") + file;
      continue;
    }
    std::cout << "[ KDL tree ] " << file << ": tau, G and M against TreeIdSolver_RNE " << *e
              << "\n";
    EXPECT_LT(*e, kPeerTolerance);
  }
  if (!refused.empty()) GTEST_SKIP() << "the default algorithms refuse the trees of " << refused;
}

TEST(UrdfTreeAgainstKdl, RandomTrees) {
  TreeDisagreement worst;
  for (std::uint64_t seed = 0; seed < 80; ++seed) {
    SCOPED_TRACE("random URDF seed " + std::to_string(seed));
    const int movable = 1 + static_cast<int>(seed % 12);
    const std::string xml = seed % 2 == 0 ? test::random_urdf(seed, movable)
                                          : test::random_tree_urdf(seed, movable);
    UrdfOptions options;
    options.whole_tree = true;
    const int dof = urdf_arm_from_string(xml, options).model.dof();
    const TreeDisagreement d = check_tree_against_kdl(xml, seed, dof);
    worst.frame = std::max(worst.frame, d.frame);
    worst.mass = std::max(worst.mass, d.mass);
  }
  print("80 random URDF trees (random_urdf, random_tree_urdf)", worst);
}

}  // namespace
}  // namespace manipdyn
