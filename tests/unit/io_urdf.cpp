// io/urdf.hpp: the DH placement rules on hand-written URDFs (parallel, intersecting, coincident
// axes, prismatic joints, axis signs), what is carried over (limits, damping, friction, names),
// what is merged and warned about, and one test per error message.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "support/urdf_writer.hpp"

namespace manipdyn {
namespace {

constexpr double pi = std::numbers::pi;
constexpr double kExact = 1e-12;

const Matrix3d kInertia = Vector3d(0.02, 0.03, 0.04).asDiagonal();

// Expects ParseError whose message contains every fragment.
void expect_parse_error(const std::string& xml, const UrdfOptions& options,
                        const std::vector<std::string>& fragments) {
  try {
    urdf_arm_from_string(xml, options, "arm.urdf");
    ADD_FAILURE() << "no ParseError; expected " << fragments.front();
  } catch (const ParseError& e) {
    for (const auto& f : fragments)
      EXPECT_NE(std::string(e.what()).find(f), std::string::npos)
          << "message: " << e.what() << "\nmissing: " << f;
  }
}

// A three-joint arm whose second and third joints are placed by `xyz2, rpy2, axis2` etc.
std::string three_joints(const Vector3d& xyz2, const Vector3d& rpy2, const Vector3d& axis2,
                         const Vector3d& xyz3, const Vector3d& rpy3, const Vector3d& axis3,
                         const std::string& type2 = "revolute") {
  test::UrdfWriter w("three");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l2", 1.0, Vector3d(0, 0.1, 0), Vector3d::Zero(), kInertia);
  w.link("l3", 1.0, Vector3d(0, 0, 0.1), Vector3d::Zero(), kInertia);
  w.joint("j1", "revolute", "base", "l1", Vector3d(0, 0, 0.3), Vector3d::Zero());
  w.joint("j2", type2, "l1", "l2", xyz2, rpy2, axis2);
  w.joint("j3", "revolute", "l2", "l3", xyz3, rpy3, axis3);
  return w.str();
}

TEST(UrdfImport, ParallelAxesGiveZeroAlphaAndTheNormalAsA) {
  // j1 along z, j2 parallel 0.4 m away along x, j3 parallel 0.3 m further along y.
  const UrdfArm arm = urdf_arm_from_string(
      three_joints(Vector3d(0.4, 0, 0.1), Vector3d::Zero(), Vector3d::UnitZ(),
                   Vector3d(0, 0.3, 0.2), Vector3d::Zero(), Vector3d::UnitZ()),
      {});
  const DhChain& m = arm.model.modified;
  ASSERT_EQ(m.n, 3);
  EXPECT_NEAR(m.alpha[1], 0.0, kExact);
  EXPECT_NEAR(m.a[1], 0.4, kExact);
  EXPECT_NEAR(m.alpha[2], 0.0, kExact);
  EXPECT_NEAR(m.a[2], 0.3, kExact);
  // Parallel: the origin of frame i is where x_i-1 meets axis i, so d_2 = 0.
  EXPECT_NEAR(m.d[1], 0.0, kExact);
  // Frame 1 = frame 0 at q = 0.
  EXPECT_NEAR(m.a[0], 0.0, kExact);
  EXPECT_NEAR(m.alpha[0], 0.0, kExact);
  EXPECT_NEAR(m.theta[0], 0.0, kExact);
  EXPECT_NEAR(m.d[0], 0.0, kExact);
}

TEST(UrdfImport, IntersectingAxesGiveZeroA) {
  // j2 about y through j1's axis, j3 about x through the same point: a spherical-like wrist.
  const UrdfArm arm = urdf_arm_from_string(
      three_joints(Vector3d(0, 0, 0.2), Vector3d::Zero(), Vector3d::UnitY(), Vector3d::Zero(),
                   Vector3d::Zero(), Vector3d::UnitX()),
      {});
  const DhChain& m = arm.model.modified;
  EXPECT_NEAR(m.a[1], 0.0, kExact);
  EXPECT_NEAR(std::abs(m.alpha[1]), pi / 2, kExact);
  EXPECT_NEAR(m.a[2], 0.0, kExact);
  EXPECT_NEAR(std::abs(m.alpha[2]), pi / 2, kExact);
}

TEST(UrdfImport, CoincidentAxesGiveZeroAAndAlpha) {
  // j2 on j1's axis, 0.2 m further along it; j3 skew.
  const UrdfArm arm = urdf_arm_from_string(
      three_joints(Vector3d(0, 0, 0.2), Vector3d::Zero(), Vector3d::UnitZ(),
                   Vector3d(0.1, 0.2, 0.3), Vector3d(0.3, 0.2, 0.1), Vector3d::UnitX()),
      {});
  const DhChain& m = arm.model.modified;
  EXPECT_NEAR(m.a[1], 0.0, kExact);
  EXPECT_NEAR(m.alpha[1], 0.0, kExact);
}

TEST(UrdfImport, SkewAxesGiveTheCommonNormal) {
  // j1 along z through the origin at height 0.3; j2 along x through (0, 0.25, 0.5): the
  // common normal runs along y with length 0.25, and alpha is -pi/2 (z turned onto x about y).
  const UrdfArm arm = urdf_arm_from_string(
      three_joints(Vector3d(0, 0.25, 0.2), Vector3d::Zero(), Vector3d::UnitX(),
                   Vector3d(0, 0, 0.2), Vector3d::Zero(), Vector3d::UnitZ()),
      {});
  const DhChain& m = arm.model.modified;
  EXPECT_NEAR(m.a[1], 0.25, kExact);
  EXPECT_NEAR(std::abs(m.alpha[1]), pi / 2, kExact);
  EXPECT_GE(m.a[1], 0.0);  // x points from axis i to axis i+1
}

TEST(UrdfImport, AxisSignAndZeroAreTheUrdfs) {
  // A single joint about -y: q > 0 turns the link the URDF's way, and tau keeps its sign.
  test::UrdfWriter w("one");
  w.link("base");
  w.link("arm", 2.0, Vector3d(0.5, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j", "continuous", "base", "arm", Vector3d(0, 0, 1), Vector3d(0, 0, 0.4),
          -Vector3d::UnitY());
  UrdfOptions options;
  options.gravity = Vector3d(0, 0, -9.81);
  const UrdfArm arm = urdf_arm_from_string(w.str(), options);
  SerialData data(arm.model);
  // At q = 0 the axis is a = Rz(0.4) (0, -1, 0) = (sin 0.4, -cos 0.4, 0) and the COM is
  // r = 0.5 Rz(0.4) x from it, both horizontal: gravity pulls with (r x m g) . a = -m g |r|, so
  // holding the arm takes G = +m g |r| = 9.81 N m.
  const VectorXd G = gravity_torques(arm.model, data, VectorXd::Zero(1), arm.model.gravity);
  EXPECT_NEAR(G[0], 2.0 * 9.81 * 0.5, 1e-12);
  // No limit on a continuous joint.
  EXPECT_TRUE(std::isinf(arm.model.links[0].q_min));
}

TEST(UrdfImport, PrismaticJointOnAnObliqueAxis) {
  const Vector3d axis = Vector3d(1, 2, 2) / 3.0;
  const UrdfArm arm = urdf_arm_from_string(
      three_joints(Vector3d(0.1, 0.1, 0.1), Vector3d(0.2, 0.4, 0.6), axis, Vector3d(0, 0, 0.2),
                   Vector3d::Zero(), Vector3d::UnitX(), "prismatic"),
      {});
  EXPECT_EQ(arm.model.links[1].type, JointType::prismatic);
  // Moving joint 2 by s moves link 3's origin by s along the axis (in the base frame).
  SerialData data(arm.model);
  VectorXd q = VectorXd::Zero(3);
  const Matrix4d before = link_transforms(arm.model, data, q)[3] * arm.link_offsets[3].matrix();
  q[1] = 0.25;
  const Matrix4d after = link_transforms(arm.model, data, q)[3] * arm.link_offsets[3].matrix();
  const Vector3d axis_in_base =
      Eigen::AngleAxisd(0.6, Vector3d::UnitZ()) * Eigen::AngleAxisd(0.4, Vector3d::UnitY()) *
      Eigen::AngleAxisd(0.2, Vector3d::UnitX()) * axis;
  EXPECT_LT((after.block<3, 1>(0, 3) - before.block<3, 1>(0, 3) - 0.25 * axis_in_base)
                .cwiseAbs()
                .maxCoeff(),
            kExact);
}

TEST(UrdfImport, FixedJointsWithMassAreMergedByTheParallelAxisTheorem) {
  // Two point-like masses on fixed joints either side of the joint axis: total mass 3 kg, COM
  // where the first moments balance, inertia about the axis m1 r1^2 + m2 r2^2 (+ own inertias).
  test::UrdfWriter w("merge");
  w.link("base");
  w.link("arm", 1.0, Vector3d(0.2, 0, 0), Vector3d::Zero(), Matrix3d::Zero());
  w.link("weight", 2.0, Vector3d::Zero(), Vector3d::Zero(), Matrix3d::Zero());
  w.link("tip");
  w.joint("j", "continuous", "base", "arm", Vector3d::Zero(), Vector3d::Zero());
  w.joint("weight_mount", "fixed", "arm", "weight", Vector3d(-0.1, 0, 0), Vector3d(0.3, 0.2, 0.1));
  w.joint("tip_frame", "fixed", "arm", "tip", Vector3d(0.4, 0, 0), Vector3d::Zero());
  UrdfOptions options;
  options.tip_link = "tip";
  const UrdfArm arm = urdf_arm_from_string(w.str(), options);
  const LinkParameters& l = arm.model.links[0];
  EXPECT_NEAR(l.mass, 3.0, kExact);
  SerialData data(arm.model);
  const MatrixXd M = mass_matrix(arm.model, data, VectorXd::Zero(1));
  EXPECT_NEAR(M(0, 0), 1.0 * 0.04 + 2.0 * 0.01, kExact);
  ASSERT_EQ(arm.merged_links[1].size(), 3u);  // arm, weight, tip
}

TEST(UrdfImport, LimitsDampingAndFrictionAreCarriedOver) {
  test::UrdfWriter w("limits");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "revolute", "base", "l1", Vector3d::Zero(), Vector3d::Zero(), Vector3d::UnitZ(),
          "    <limit lower=\"-1.5\" upper=\"2\" effort=\"40\" velocity=\"3\"/>\n"
          "    <dynamics damping=\"0.7\" friction=\"1.2\"/>\n");
  const SerialModel model = serial_model_from_urdf_string(w.str());
  const LinkParameters& l = model.links[0];
  EXPECT_EQ(l.q_min, -1.5);
  EXPECT_EQ(l.q_max, 2.0);
  EXPECT_EQ(l.tau_max, 40.0);
  EXPECT_EQ(l.qd_max, 3.0);
  EXPECT_EQ(l.viscous, 0.7);
  EXPECT_EQ(l.coulomb_positive, 1.2);
  EXPECT_EQ(l.coulomb_negative, -1.2);
  EXPECT_EQ(l.gear_ratio, 1.0);
  EXPECT_EQ(l.name, "j1");
  EXPECT_EQ(model.name, "limits");
}

TEST(UrdfImport, ZeroLimitsAreReadAsNoneWithAWarning) {
  test::UrdfWriter w("zero_limits");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "revolute", "base", "l1", Vector3d::Zero(), Vector3d::Zero(), Vector3d::UnitZ(),
          "    <limit lower=\"0\" upper=\"0\" effort=\"0\" velocity=\"0\"/>\n");
  const SerialModel model = serial_model_from_urdf_string(w.str());
  EXPECT_TRUE(std::isinf(model.links[0].q_min) && std::isinf(model.links[0].q_max));
  EXPECT_TRUE(std::isinf(model.links[0].tau_max));
  ASSERT_EQ(model.warnings.size(), 1u);
  EXPECT_NE(model.warnings[0].find("joint 'j1' <limit>"), std::string::npos);
}

TEST(UrdfImport, NonUnitAxisIsNormalisedWithAWarning) {
  test::UrdfWriter w("long_axis");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero(),
          Vector3d(0, 0, 2));
  const SerialModel model = serial_model_from_urdf_string(w.str());
  ASSERT_EQ(model.warnings.size(), 1u);
  EXPECT_NE(model.warnings[0].find("axis of length 2 normalised"), std::string::npos);
}

TEST(UrdfImport, ChosenBaseAndTipAndTheBranchWarnings) {
  const std::string xml = test::random_urdf(7, 4);
  UrdfOptions options;
  options.base_link = "link1";
  options.tip_link = "tip";
  const UrdfArm arm = urdf_arm_from_string(xml, options);
  EXPECT_EQ(arm.model.dof(), 3);
  EXPECT_EQ(arm.link_names.front(), "link1");
  EXPECT_EQ(arm.joint_names.front(), "joint2");
  int finger = 0;
  for (const auto& w : arm.model.warnings)
    if (w.find("finger_joint_") != std::string::npos && w.find("merged rigidly") != std::string::npos)
      ++finger;
  EXPECT_EQ(finger, 2);
}

TEST(UrdfImport, BothConventionsDescribeTheSameArm) {
  const std::string xml = test::random_urdf(11, 6);
  UrdfOptions options;
  options.tip_link = "tip";
  options.convention = DhConvention::standard;
  const UrdfArm standard = urdf_arm_from_string(xml, options);
  options.convention = DhConvention::modified;
  const UrdfArm modified = urdf_arm_from_string(xml, options);
  EXPECT_EQ(standard.model.convention, DhConvention::standard);
  SerialData ds(standard.model), dm(modified.model);
  test::Uniform u(3);
  VectorXd q(6), qd(6), qdd(6);
  for (int i = 0; i < 6; ++i) q[i] = u(-2, 2), qd[i] = u(-2, 2), qdd[i] = u(-2, 2);
  EXPECT_LT((end_effector_pose(standard.model, ds, q) - end_effector_pose(modified.model, dm, q))
                .cwiseAbs()
                .maxCoeff(),
            kExact);
  const VectorXd ts = inverse_dynamics(standard.model, ds, q, qd, qdd);
  EXPECT_LT((ts - inverse_dynamics(modified.model, dm, q, qd, qdd)).cwiseAbs().maxCoeff(),
            1e-12 * std::max(1.0, ts.cwiseAbs().maxCoeff()));
}

// ---- whole trees -------------------------------------------------------------------------------

// A torso with two arms of two joints and a head; the shoulder axes are parallel, 0.1 m apart,
// the head on a fixed neck flange; a mimic finger on the left arm.
std::string two_arms() {
  test::UrdfWriter w("two_arms");
  w.link("world");
  w.link("torso", 5.0, Vector3d(0, 0, 0.2), Vector3d::Zero(), kInertia);
  w.link("l_upper", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l_lower", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l_finger", 0.1, Vector3d(0.01, 0, 0), Vector3d::Zero(), kInertia * 0.01);
  w.link("r_upper", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("r_lower", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("neck", 0.5, Vector3d(0, 0, 0.05), Vector3d::Zero(), kInertia);
  w.link("head", 2.0, Vector3d(0, 0, 0.1), Vector3d::Zero(), kInertia);
  w.joint("mount", "fixed", "world", "torso", Vector3d(0, 0, 1), Vector3d::Zero());
  w.joint("a_l_shoulder", "revolute", "torso", "l_upper", Vector3d(0, 0.15, 0.4),
          Vector3d(-pi / 2, 0, 0));
  w.joint("a_l_elbow", "revolute", "l_upper", "l_lower", Vector3d(0.3, 0, 0), Vector3d::Zero());
  w.joint("a_l_finger", "revolute", "l_lower", "l_finger", Vector3d(0.25, 0, 0), Vector3d::Zero(),
          Vector3d::UnitZ(), "    <mimic joint=\"a_l_elbow\"/>\n");
  w.joint("b_r_shoulder", "revolute", "torso", "r_upper", Vector3d(0.1, -0.15, 0.4),
          Vector3d(pi / 2, 0, 0));
  w.joint("b_r_elbow", "revolute", "r_upper", "r_lower", Vector3d(0.3, 0, 0), Vector3d::Zero());
  w.joint("c_neck", "fixed", "torso", "neck", Vector3d(0, 0, 0.5), Vector3d::Zero());
  w.joint("d_head", "continuous", "neck", "head", Vector3d(0, 0, 0.1), Vector3d::Zero());
  return w.str();
}

TEST(UrdfTree, DepthFirstOrderParentsAndKhalilKleinfingerRows) {
  UrdfOptions options;
  options.whole_tree = true;
  const UrdfArm arm = urdf_arm_from_string(two_arms(), options);
  const SerialModel& m = arm.model;
  // depth first, child joints in urdfdom's order (by name), parents first
  EXPECT_EQ(arm.joint_names, (std::vector<std::string>{"a_l_shoulder", "a_l_elbow", "a_l_finger",
                                                       "b_r_shoulder", "b_r_elbow", "d_head"}));
  EXPECT_EQ(m.joint_names(), arm.joint_names);
  EXPECT_EQ(m.parent, (std::vector<int>{-1, 0, 1, -1, 3, -1}));
  EXPECT_FALSE(m.is_chain());
  EXPECT_EQ(m.convention, DhConvention::modified);
  // the first child of each link hangs by a plain modified DH row; the others by gamma and b
  EXPECT_EQ(m.links[1].gamma, 0.0);
  EXPECT_EQ(m.links[1].b, 0.0);
  EXPECT_NEAR(m.links[1].a, 0.3, kExact);
  // the right shoulder's axis is parallel to the left one's (opposite directions: alpha = pi),
  // 0.1 m away: the common normal's length
  EXPECT_NEAR(std::abs(m.links[3].alpha), pi, kExact);
  EXPECT_NEAR(m.links[3].a, 0.1, kExact);
  EXPECT_EQ(m.links[3].parent, kBaseParent);
  // the head is continuous: revolute without position limits
  EXPECT_EQ(m.links[5].type, JointType::revolute);
  EXPECT_TRUE(std::isinf(m.links[5].q_max));
  // the mimic joint is a joint of its own, with a warning
  bool mimic_warning = false;
  for (const auto& w : m.warnings)
    mimic_warning = mimic_warning || w.find("joint 'a_l_finger' mimics joint 'a_l_elbow': kept "
                                            "as a joint of its own") != std::string::npos;
  EXPECT_TRUE(mimic_warning);
  // bodies: the neck is merged into the head's parent body (the torso, the base), every link
  // below the base link is a named frame, and link_offsets has n + 1 entries
  EXPECT_EQ(arm.merged_links[0], (std::vector<std::string>{"world", "torso", "neck"}));
  EXPECT_EQ(arm.link_names.size(), 7u);
  EXPECT_EQ(arm.link_offsets.size(), 7u);
  EXPECT_EQ(m.frames.size(), 9u);
  EXPECT_EQ(m.frame("neck").joint, kBaseParent);
  EXPECT_EQ(m.frame("r_lower").joint, 4);
  // world <- head at q: its frame by name against the URDF chain world -> torso -> neck -> head
  SerialData data(m);
  VectorXd q(6);
  q << 0.3, -0.7, 0.2, 1.1, 0.4, -0.9;
  const auto& T0 = link_transforms(m, data, q);
  const NamedFrame& head = m.frame("head");
  Eigen::Isometry3d expected(Eigen::Translation3d(0, 0, 1.6));
  expected.rotate(Eigen::AngleAxisd(-0.9, Vector3d::UnitZ()));
  EXPECT_LT((T0[head.joint + 1] * head.placement.matrix() - expected.matrix()).cwiseAbs().maxCoeff(),
            kExact);
  // the tree has no standard-DH form
  options.convention = DhConvention::standard;
  expect_parse_error(two_arms(), options, {"convention: a tree has no standard-DH form"});
}

TEST(UrdfTree, AChainLoadsTheSameAsATreeBitForBit) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const std::string xml = test::random_urdf(seed, 1 + static_cast<int>(seed % 8), false);
    UrdfOptions chain_options;
    chain_options.tip_link = "tip";
    UrdfOptions tree_options;
    tree_options.whole_tree = true;
    const UrdfArm chain = urdf_arm_from_string(xml, chain_options);
    const UrdfArm tree = urdf_arm_from_string(xml, tree_options);
    ASSERT_EQ(chain.model.dof(), tree.model.dof());
    EXPECT_TRUE(tree.model.is_chain());
    for (int i = 0; i < chain.model.dof(); ++i) {
      const LinkParameters &a = chain.model.links[i], &b = tree.model.links[i];
      EXPECT_EQ(a.a, b.a);
      EXPECT_EQ(a.alpha, b.alpha);
      EXPECT_EQ(a.d, b.d);
      EXPECT_EQ(a.theta, b.theta);
      EXPECT_EQ(a.parent, b.parent);
      EXPECT_EQ(a.mass, b.mass);
      EXPECT_EQ(a.com, b.com);
      EXPECT_EQ(a.inertia, b.inertia);
    }
    EXPECT_TRUE(chain.model.base.isApprox(tree.model.base, 0.0));
    EXPECT_EQ(chain.link_names, tree.link_names);
  }
}

TEST(UrdfImport, EveryLinkOfAChainIsANamedFrame) {
  const std::string xml = test::random_urdf(5, 4);
  UrdfOptions options;
  options.tip_link = "tip";
  const UrdfArm arm = urdf_arm_from_string(xml, options);
  const SerialModel& m = arm.model;
  // every link below the base link, the fingers merged at their zero position included
  std::size_t links = 0;
  for (const auto& merged : arm.merged_links) links += merged.size();
  EXPECT_EQ(m.frames.size(), links);
  EXPECT_EQ(m.frame("finger_left").joint, m.dof() - 1);
  EXPECT_EQ(m.frame("world").joint, kBaseParent);
  // the frame of each body's link is its link offset
  for (int i = 0; i <= m.dof(); ++i) {
    const NamedFrame& f = m.frame(arm.link_names[i]);
    EXPECT_EQ(f.joint, i - 1);
    EXPECT_TRUE(f.placement.isApprox(arm.link_offsets[i], 0.0));
  }
}

TEST(UrdfTree, FloatingBaseCarriesTheBaseBodysMassProperties) {
  UrdfOptions options;
  options.whole_tree = true;
  options.floating_base = true;
  const SerialModel m = serial_model_from_urdf_string(two_arms(), options);
  EXPECT_EQ(m.root, RootJoint::free_flyer);
  EXPECT_EQ(m.nq(), 13);
  EXPECT_EQ(m.nv(), 12);
  // torso (5 kg, COM 1.2 m up in world) and neck (0.5 kg, COM at 1.55 m), in the base link
  // frame ("world")
  EXPECT_NEAR(m.base_inertia.mass, 5.5, kExact);
  EXPECT_NEAR(m.base_inertia.com.z(), (5.0 * 1.2 + 0.5 * 1.55) / 5.5, kExact);
}

TEST(UrdfTree, FloatingJointFromTheRootLinkIsTheFreeFlyer) {
  test::UrdfWriter w("floating");
  w.link("world");
  w.link("base", 3.0, Vector3d(0, 0, 0.05), Vector3d::Zero(), kInertia);
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("root_joint", "floating", "world", "base", Vector3d::Zero(), Vector3d::Zero());
  w.joint("j1", "revolute", "base", "l1", Vector3d(0, 0, 0.2), Vector3d::Zero());
  UrdfOptions options;
  options.whole_tree = true;
  const UrdfArm arm = urdf_arm_from_string(w.str(), options);
  EXPECT_EQ(arm.model.root, RootJoint::free_flyer);
  EXPECT_EQ(arm.link_names.front(), "base");
  EXPECT_EQ(arm.model.base_inertia.mass, 3.0);
  EXPECT_NE(arm.model.warnings.front().find("joint 'root_joint' (floating) from the root link "
                                            "'world' is the model's free-flyer root"),
            std::string::npos);
  // naming the base link cuts the floating joint off: a fixed base
  options.base_link = "base";
  EXPECT_EQ(serial_model_from_urdf_string(w.str(), options).root, RootJoint::fixed);
}

TEST(UrdfTreeErrors, TwoRootLinks) {
  test::UrdfWriter w("two_roots");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("stray", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "revolute", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  UrdfOptions options;
  options.whole_tree = true;
  expect_parse_error(w.str(), options,
                     {"arm.urdf:3:3:", "link 'base': urdfdom:", "Two root links found: [base] and [stray]"});
}

TEST(UrdfTreeErrors, JointNamingAnUnknownLink) {
  test::UrdfWriter w("unknown_parent");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "revolute", "bsae", "l1", Vector3d::Zero(), Vector3d::Zero());
  UrdfOptions options;
  options.whole_tree = true;
  expect_parse_error(w.str(), options,
                     {"arm.urdf:11:", "joint 'j1'", "urdfdom:", "parent link [bsae] of joint [j1] not found"});
}

TEST(UrdfTreeErrors, LoopOfJointsInATree) {
  test::UrdfWriter w("loop");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l2", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l3", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "revolute", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  w.joint("j2", "revolute", "l3", "l2", Vector3d::Zero(), Vector3d::Zero());
  w.joint("j3", "revolute", "l2", "l3", Vector3d::Zero(), Vector3d::Zero());
  UrdfOptions options;
  options.whole_tree = true;
  expect_parse_error(w.str(), options, {"arm.urdf:", "closes a loop", "is its own ancestor"});
}

TEST(UrdfTreeErrors, FloatingAndPlanarJointsInsideTheTree) {
  for (const char* type : {"floating", "planar"}) {
    test::UrdfWriter w("inside");
    w.link("base");
    w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
    w.link("ball", 1.0, Vector3d::Zero(), Vector3d::Zero(), kInertia);
    w.joint("j1", "revolute", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
    w.joint("loose", type, "l1", "ball", Vector3d::Zero(), Vector3d::Zero());
    UrdfOptions options;
    options.whole_tree = true;
    expect_parse_error(w.str(), options,
                       {"arm.urdf:", "joint 'loose': is " + std::string(type) +
                                         " and carries link 'ball' inside the tree"});
  }
}

TEST(UrdfTreeErrors, FloatingRootJointBesideOthers) {
  test::UrdfWriter w("two_from_world");
  w.link("world");
  w.link("base", 1.0, Vector3d::Zero(), Vector3d::Zero(), kInertia);
  w.link("table", 1.0, Vector3d::Zero(), Vector3d::Zero(), kInertia);
  w.joint("root_joint", "floating", "world", "base", Vector3d::Zero(), Vector3d::Zero());
  w.joint("table_mount", "fixed", "world", "table", Vector3d::Zero(), Vector3d::Zero());
  UrdfOptions options;
  options.floating_base = true;
  expect_parse_error(w.str(), options,
                     {"joint 'root_joint': is floating from the root link 'world', which carries "
                      "other joints too"});
}

TEST(UrdfTreeErrors, TipLinkWithWholeTree) {
  UrdfOptions options;
  options.whole_tree = true;
  options.tip_link = "tip";
  expect_parse_error(test::random_urdf(1, 2), options, {"tip_link: is 'tip' and whole_tree is set"});
}

TEST(UrdfTreeErrors, InvalidBaseInertiaOfAFreeFlyer) {
  test::UrdfWriter w("bad_base");
  w.link("base", 1.0, Vector3d::Zero(), Vector3d::Zero(), Vector3d(0.1, 0.1, 0.5).asDiagonal());
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "revolute", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  UrdfOptions options;
  options.whole_tree = true;
  EXPECT_EQ(serial_model_from_urdf_string(w.str(), options).root, RootJoint::fixed);
  options.floating_base = true;
  expect_parse_error(w.str(), options, {"arm.urdf:3:", "link 'base' <inertia>: breaks the "
                                        "triangle inequality"});
}

TEST(UrdfTreeErrors, UnknownFrameName) {
  UrdfOptions options;
  options.whole_tree = true;
  const SerialModel m = serial_model_from_urdf_string(two_arms(), options);
  try {
    m.frame("l_hand");
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("model 'two_arms' has no frame 'l_hand' (known: "),
              std::string::npos)
        << e.what();
  }
}

// ---- one test per error message ------------------------------------------------------------

std::string one_joint(const std::string& type, const std::string& extra = "",
                      const std::string& inertial_link = "") {
  test::UrdfWriter w("bad");
  w.link("base");
  if (inertial_link.empty())
    w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", type, "base", "l1", Vector3d::Zero(), Vector3d::Zero(), Vector3d::UnitZ(), extra);
  std::string xml = w.str();
  if (!inertial_link.empty()) xml.insert(xml.find("  <joint"), inertial_link);
  return xml;
}

TEST(UrdfImportErrors, MalformedXmlNamesLineAndColumn) {
  expect_parse_error("<robot name=\"x\">\n  <link name=\"a\">\n</robot>\n", {},
                     {"arm.urdf:", "malformed XML"});
}

TEST(UrdfImportErrors, InvalidUtf8AndNulBytes) {
  // Found by fuzzing: a file ending inside a multi-byte character made TinyXML read past it.
  expect_parse_error("<robot name=\"x\">\n  \xd3", {}, {"arm.urdf:2:3:", "invalid UTF-8 (byte 0xd3)"});
  expect_parse_error("<robot name=\"x\">\xff</robot>", {}, {"arm.urdf:1:17:", "invalid UTF-8 (byte 0xff)"});
  expect_parse_error(std::string("<robot name=\"x\">\0</robot>", 26), {},
                     {"arm.urdf:1:17:", "NUL byte: not a text file"});
  // Valid multi-byte characters are fine (a name in Greek).
  test::UrdfWriter w("\xce\xb1\xce\xb2");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  EXPECT_EQ(serial_model_from_urdf_string(w.str()).name, "\xce\xb1\xce\xb2");
}

TEST(UrdfImportErrors, RootElementIsNotRobot) {
  expect_parse_error("<?xml version=\"1.0\"?>\n<model name=\"x\"/>\n", {},
                     {"arm.urdf:2:", "the root element is not <robot>"});
}

TEST(UrdfImportErrors, UrdfdomComplaintIsLocated) {
  // A joint whose child link does not exist: urdfdom's message, at the joint's line.
  test::UrdfWriter w("x");
  w.link("base");
  w.joint("dangling", "continuous", "base", "nowhere", Vector3d::Zero(), Vector3d::Zero());
  expect_parse_error(w.str(), {}, {"arm.urdf:4:", "joint 'dangling'", "urdfdom:"});
}

TEST(UrdfImportErrors, LoopOfJoints) {
  // Found by fuzzing: a joint whose parent is its own child made urdfdom leak its links.
  test::UrdfWriter w("loop");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l2", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  w.joint("j2", "continuous", "l2", "l2", Vector3d::Zero(), Vector3d::Zero());
  expect_parse_error(w.str(), {},
                     {"joint 'j2': closes a loop: link 'l2' is its own ancestor"});
}

TEST(UrdfImportErrors, UnknownBaseLink) {
  expect_parse_error(one_joint("revolute"), UrdfOptions{"base_lnk"},
                     {"base_link: no link named 'base_lnk' (links: base, l1)"});
}

TEST(UrdfImportErrors, UnknownTipLink) {
  UrdfOptions options;
  options.tip_link = "tool";
  expect_parse_error(one_joint("revolute"), options, {"tip_link: no link named 'tool'"});
}

TEST(UrdfImportErrors, TipNotBelowBase) {
  UrdfOptions options;
  options.base_link = "l1";
  options.tip_link = "base";
  expect_parse_error(one_joint("revolute"), options,
                     {"tip_link: link 'base' is not below the base link 'l1'"});
}

TEST(UrdfImportErrors, BranchingTreeWithoutTipListsTheCandidates) {
  expect_parse_error(test::random_urdf(3, 3), {},
                     {"has", "leaves; name the tip link (--tip-link)",
                      "finger_left (4 movable joints)", "tip (3 movable joints)"});
}

TEST(UrdfImportErrors, NoMovableJoint) {
  expect_parse_error(one_joint("fixed"), {},
                     {"no revolute, continuous or prismatic joint between 'base' and 'l1'"});
}

TEST(UrdfImportErrors, FloatingJointOnTheChain) {
  expect_parse_error(one_joint("floating"), {},
                     {"arm.urdf:", "joint 'j1': is floating: a joint on the chain must be"});
}

TEST(UrdfImportErrors, PlanarJointOnTheChain) {
  expect_parse_error(one_joint("planar"), {}, {"joint 'j1': is planar"});
}

TEST(UrdfImportErrors, MimicJointOnTheChain) {
  test::UrdfWriter w("mimic");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l2", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  w.joint("j2", "continuous", "l1", "l2", Vector3d(0.3, 0, 0), Vector3d::Zero(),
          Vector3d::UnitZ(), "    <mimic joint=\"j1\"/>\n");
  expect_parse_error(w.str(), {}, {"joint 'j2' <mimic>: mimics joint 'j1'"});
}

TEST(UrdfImportErrors, FloatingJointOffTheChainCannotBeMerged) {
  test::UrdfWriter w("loose");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("ball", 1.0, Vector3d::Zero(), Vector3d::Zero(), kInertia);
  w.link("tip");
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  w.joint("loose", "floating", "l1", "ball", Vector3d::Zero(), Vector3d::Zero());
  w.joint("tip_frame", "fixed", "l1", "tip", Vector3d::Zero(), Vector3d::Zero());
  UrdfOptions options;
  options.tip_link = "tip";
  expect_parse_error(w.str(), options,
                     {"joint 'loose': is floating and carries link 'ball' off the chain"});
}

TEST(UrdfImportErrors, ZeroAxis) {
  test::UrdfWriter w("zero_axis");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero(), Vector3d::Zero());
  expect_parse_error(w.str(), {}, {"joint 'j1' <axis>: the axis is zero"});
}

TEST(UrdfImportErrors, NegativeMass) {
  test::UrdfWriter w("negative");
  w.link("base");
  w.link("l1", -1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  expect_parse_error(w.str(), {}, {"arm.urdf:4:3:", "link 'l1' <mass>: is negative (-1 kg)"});
}

TEST(UrdfImport, FrictionIsReadWithAWarningNamingTheJointsOrLeftOut) {
  test::UrdfWriter w("friction");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l2", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.link("l3", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero(), Vector3d::UnitZ(),
          "    <dynamics damping=\"0.7\" friction=\"1.2\"/>\n");
  w.joint("j2", "continuous", "l1", "l2", Vector3d(0.5, 0, 0), Vector3d::Zero(), Vector3d::UnitZ(),
          "    <dynamics damping=\"0\" friction=\"0\"/>\n");
  w.joint("j3", "continuous", "l2", "l3", Vector3d(0.5, 0, 0), Vector3d::Zero(), Vector3d::UnitZ(),
          "    <dynamics damping=\"0.1\"/>\n");
  // read: one warning naming the joints whose <dynamics> became friction (not j2's zeros)
  const SerialModel read = serial_model_from_urdf_string(w.str());
  EXPECT_EQ(read.links[0].viscous, 0.7);
  EXPECT_EQ(read.links[2].viscous, 0.1);
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "<dynamics damping friction> of joints 'j1', 'j3' read as joint friction, which KDL "
            "and Pinocchio ignore (leave it out: urdf_friction=False, --no-urdf-friction)");
  // left out: frictionless joints, no warning, the same rigid-body model
  UrdfOptions options;
  options.friction = false;
  const SerialModel left_out = serial_model_from_urdf_string(w.str(), options);
  EXPECT_TRUE(left_out.warnings.empty());
  for (const LinkParameters& l : left_out.links) {
    EXPECT_EQ(l.viscous, 0.0);
    EXPECT_EQ(l.coulomb_positive, 0.0);
    EXPECT_EQ(l.coulomb_negative, 0.0);
  }
  EXPECT_FALSE(left_out.has_drive);
  // the values are still checked when left out
  expect_parse_error(one_joint("continuous", "    <dynamics damping=\"-0.1\"/>\n"), options,
                     {"joint 'j1' <dynamics damping>: must be >= 0"});
}

TEST(UrdfImportErrors, InvalidInertiaIsRejectedOrAcceptedWithAWarning) {
  test::UrdfWriter w("lumped");
  w.link("base");
  w.link("l1", 1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), Vector3d(0, 0.35, 0).asDiagonal());
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  expect_parse_error(w.str(), {},
                     {"link 'l1' <inertia>: breaks the triangle inequality",
                      "pass allow_invalid_inertia"});
  UrdfOptions options;
  options.allow_invalid_inertia = true;
  const SerialModel model = serial_model_from_urdf_string(w.str(), options);
  EXPECT_FALSE(model.warnings.empty());
}

TEST(UrdfImportErrors, LowerLimitAboveUpper) {
  expect_parse_error(
      one_joint("revolute", "    <limit lower=\"1\" upper=\"-1\" effort=\"1\" velocity=\"1\"/>\n"),
      {}, {"joint 'j1' <limit>: lower = 1 is above upper = -1"});
}

TEST(UrdfImportErrors, NegativeDamping) {
  expect_parse_error(one_joint("continuous", "    <dynamics damping=\"-0.1\"/>\n"), {},
                     {"joint 'j1' <dynamics damping>: must be >= 0"});
}

TEST(UrdfImportErrors, MissingFile) {
  try {
    urdf_arm_from_file("/nonexistent/arm.urdf");
    ADD_FAILURE();
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/arm.urdf: cannot open the file");
    EXPECT_EQ(e.file(), "/nonexistent/arm.urdf");
  }
}

TEST(UrdfImportErrors, ParseErrorCarriesLineAndField) {
  test::UrdfWriter w("negative");
  w.link("base");
  w.link("l1", -1.0, Vector3d(0.1, 0, 0), Vector3d::Zero(), kInertia);
  w.joint("j1", "continuous", "base", "l1", Vector3d::Zero(), Vector3d::Zero());
  try {
    urdf_arm_from_string(w.str(), {}, "arm.urdf");
    ADD_FAILURE();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "arm.urdf");
    EXPECT_EQ(e.line(), 4);
    EXPECT_EQ(e.field(), "link 'l1' <mass>");
  }
}

}  // namespace
}  // namespace manipdyn
