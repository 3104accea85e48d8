// io/yaml_model.hpp, serial arms: bit-for-bit round trips (built-ins, random arms with limits,
// drive, base, tool and configurations), the accepted forms (inertia, transforms, degrees,
// infinite limits, defaults), and one test per error message, each asserting the file, the
// line:column and the field path.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <random>
#include <string>

#include <Eigen/Geometry>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "support/model_equality.hpp"
#include "support/yaml_text.hpp"

namespace manipdyn {
namespace {

using test::after_line;
using test::where;
using test::with_line;

constexpr double pi = std::numbers::pi;
constexpr double inf = std::numeric_limits<double>::infinity();

// A valid two-link arm; the error tests change one line of it. Line numbers are 1-based.
const std::string kArm =
    "kind: serial_arm\n"                              // 1
    "name: two_link\n"                                // 2
    "convention: standard\n"                          // 3
    "gravity: [0, 0, -9.81]\n"                        // 4
    "links:\n"                                        // 5
    "  - name: shoulder\n"                            // 6
    "    type: revolute\n"                            // 7
    "    a: 0.5\n"                                    // 8
    "    alpha: 0\n"                                  // 9
    "    d: 0\n"                                      // 10
    "    theta: 0\n"                                  // 11
    "    mass: 2\n"                                   // 12
    "    com: [-0.25, 0, 0]\n"                        // 13
    "    inertia: [0.01, 0.05, 0.05]\n"               // 14
    "  - name: elbow\n"                               // 15
    "    type: prismatic\n"                           // 16
    "    a: 0.4\n"                                    // 17
    "    alpha: 0\n"                                  // 18
    "    d: 0\n"                                      // 19
    "    theta: 0\n"                                  // 20
    "    mass: 1\n"                                   // 21
    "    com: [-0.2, 0, 0]\n"                         // 22
    "    inertia: {ixx: 0.01, iyy: 0.02, izz: 0.02}\n";  // 23

// Expects ParseError whose message starts with `location` and contains `problem`.
void expect_error(const std::string& text, const std::string& location, const std::string& problem) {
  try {
    serial_model_from_yaml_string(text);
    ADD_FAILURE() << "no ParseError; expected " << location << problem;
  } catch (const ParseError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.starts_with(location)) << "message: " << what << "\nexpected start: " << location;
    EXPECT_NE(what.find(problem), std::string::npos) << "message: " << what << "\nmissing: " << problem;
  }
}

Eigen::Isometry3d random_transform(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::Isometry3d x = Eigen::Isometry3d::Identity();
  x.linear() = Eigen::Quaterniond(u(rng), u(rng), u(rng), u(rng)).normalized().toRotationMatrix();
  x.translation() = Vector3d(u(rng), u(rng), u(rng));
  return x;
}

// random_arm with drive terms, plus random limits (some one-sided), base, tool, named
// configurations and names that need quoting.
SerialModel decorated_random_arm(int n, std::uint64_t seed, DhConvention convention) {
  const SerialModel arm = random_arm(n, seed, convention, {.with_drive = true});
  std::mt19937_64 rng(seed * 7919 + 1);
  std::uniform_real_distribution<double> u(0.1, 3.0);
  std::vector<LinkParameters> links = arm.links;
  for (auto& l : links) {
    switch (rng() % 4) {
      case 0: l.q_min = -u(rng); l.q_max = u(rng); break;
      case 1: l.q_max = u(rng); break;
      case 2: l.q_min = -u(rng); break;
      default: break;
    }
    if (rng() % 2) l.qd_max = u(rng);
    if (rng() % 2) l.tau_max = 100 * u(rng);
  }
  links[0].name = "shoulder: \"A\" #1 \xC3\xA9\\";  // quotes, colon, hash, UTF-8, backslash
  SerialModelOptions options = arm.options();
  options.base = random_transform(rng);
  options.tool = random_transform(rng);
  options.gravity = Vector3d(0.1, -0.2, -9.80665);
  std::uniform_real_distribution<double> q(-pi, pi);
  for (const char* name : {"home", "pose 2", "yes", "q\"3"}) {
    VectorXd v(n);
    for (int i = 0; i < n; ++i) v[i] = q(rng);
    options.configurations.push_back({name, v, rng() % 2 ? "" : "a pose: \"quoted\", tab\there"});
  }
  return SerialModel::from_table(links, convention, options);
}

// ---- round trips ----------------------------------------------------------------------------

TEST(YamlSerial, BuiltInsRoundTripBitForBit) {
  for (const SerialModel& m : {puma560(true), puma560(false), stanford_arm(true, false),
                               stanford_arm(false, true)}) {
    const std::string text = serial_model_to_yaml(m);
    EXPECT_EQ(test::serial_differences(m, serial_model_from_yaml_string(text)), "") << text;
  }
}

TEST(YamlSerial, RandomArmsWithLimitsBaseToolAndConfigurationsRoundTripBitForBit) {
  for (const DhConvention convention : {DhConvention::standard, DhConvention::modified})
    for (int n = 1; n <= 8; ++n)
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const SerialModel m = decorated_random_arm(n, seed * 100 + n, convention);
        const std::string text = serial_model_to_yaml(m);
        const SerialModel back = serial_model_from_yaml_string(text);
        ASSERT_EQ(test::serial_differences(m, back), "") << text;
        EXPECT_EQ(serial_model_to_yaml(back), text);  // the writer is a fixed point
      }
}

// random_tree with named frames on random joints (and the base), and, for odd seeds, a
// free-flyer root with its base inertia and a configuration of size nq.
SerialModel decorated_random_tree(int n, std::uint64_t seed) {
  const SerialModel tree = random_tree(n, seed, {.with_drive = seed % 3 == 0});
  std::mt19937_64 rng(seed);
  SerialModelOptions options = tree.options();
  for (int f = 0; f < 3; ++f)
    options.frames.push_back({"frame " + std::to_string(f),
                              static_cast<int>(rng() % (n + 1)) - 1, random_transform(rng)});
  options.base = random_transform(rng);
  if (seed % 2 == 1) {
    options.root = RootJoint::free_flyer;
    options.base_inertia = {4.5, Vector3d(0.01, -0.02, 0.1),
                            Vector3d(0.2, 0.3, 0.4).asDiagonal()};
    VectorXd q = VectorXd::Zero(n + 7);
    q.head<3>() = Vector3d(0.5, -1.0, 0.8);
    q.segment<4>(3) = Eigen::Quaterniond(0.6, 0.0, 0.8, 0.0).coeffs();
    options.configurations = {{"standing", q, "base at 0.8 m"}};
  }
  return SerialModel::from_modified_dh(tree.links, options);
}

TEST(YamlSerial, RandomTreesWithFramesAndFreeFlyerRoundTripBitForBit) {
  for (int n = 1; n <= 12; ++n)
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const SerialModel m = decorated_random_tree(n, seed * 100 + n);
      const std::string text = serial_model_to_yaml(m);
      const SerialModel back = serial_model_from_yaml_string(text);
      ASSERT_EQ(test::serial_differences(m, back), "") << text;
      EXPECT_EQ(serial_model_to_yaml(back), text);  // the writer is a fixed point
    }
}

TEST(YamlSerial, UrdfTreesRoundTripBitForBit) {
  const std::string dir = std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/";
  for (const char* file : {"panda.urdf", "romeo_small.urdf", "anymal_c.urdf"})
    for (const bool floating : {false, true}) {
      UrdfOptions options;
      options.whole_tree = true;
      options.floating_base = floating;
      options.allow_invalid_inertia = true;  // Romeo's published RShoulderYawLink
      const SerialModel m = serial_model_from_urdf_file(dir + file, options);
      const std::string text = serial_model_to_yaml(m);
      const SerialModel back = serial_model_from_yaml_string(text);
      // the URDF warnings are comments in the file; everything else comes back bit for bit
      SerialModel expected = m;
      expected.warnings = back.warnings;
      ASSERT_EQ(test::serial_differences(expected, back), "") << file << "\n" << text;
      EXPECT_EQ(serial_model_to_yaml(back), serial_model_to_yaml(expected));
      for (const NamedFrame& f : m.frames) EXPECT_EQ(back.frame(f.name).joint, f.joint);
    }
}

TEST(YamlSerial, TreeFieldsParentByNameRowOrBase) {
  const std::string text =
      "kind: serial_arm\n"
      "convention: modified\n"
      "units: {angle: deg}\n"
      "root: free_flyer\n"
      "base_inertia: {mass: 10, com: [0, 0, 0.1], inertia: [0.2, 0.3, 0.4]}\n"
      "links:\n"
      "  - {name: waist, type: revolute, a: 0, alpha: 0, d: 0, theta: 0, mass: 1, com: [0, 0, 0], inertia: [0.1, 0.1, 0.1]}\n"
      "  - {name: left, type: revolute, a: 0.2, alpha: 90, d: 0, theta: 0, mass: 1, com: [0, 0, 0], inertia: [0.1, 0.1, 0.1]}\n"
      "  - {name: right, parent: waist, gamma: 180, b: 0.3, type: revolute, a: 0.2, alpha: 90, d: 0, theta: 0, mass: 1, com: [0, 0, 0], inertia: [0.1, 0.1, 0.1]}\n"
      "  - {name: head, parent: base, gamma: 90, type: prismatic, a: 0, alpha: 0, d: 0.5, theta: 0, mass: 1, com: [0, 0, 0], inertia: [0.1, 0.1, 0.1]}\n"
      "  - {name: hand, parent: 1, type: revolute, a: 0.1, alpha: 0, d: 0, theta: 0, mass: 1, com: [0, 0, 0], inertia: [0.1, 0.1, 0.1]}\n"
      "frames:\n"
      "  - {name: camera, joint: head, placement: {xyz: [0, 0, 0.1], rpy: [0, 90, 0]}}\n"
      "  - {name: imu, joint: base}\n"
      "configurations:\n"
      "  neutral: [0, 0, 1, 0, 0, 0, 1, 10, 20, 30, 0.1, 40]\n";
  const SerialModel m = serial_model_from_yaml_string(text);
  EXPECT_EQ(m.parent, (std::vector<int>{-1, 0, 0, -1, 1}));
  EXPECT_FALSE(m.is_chain());
  EXPECT_EQ(m.links[2].gamma, pi);
  EXPECT_EQ(m.links[2].b, 0.3);
  EXPECT_EQ(m.root, RootJoint::free_flyer);
  EXPECT_EQ(m.base_inertia.mass, 10.0);
  EXPECT_EQ(m.frame("camera").joint, 3);
  EXPECT_EQ(m.frame("imu").joint, -1);
  EXPECT_NEAR(m.frame("camera").placement.translation().z(), 0.1, 0);
  // free-flyer entries are numbers, the joints' in the file's angle unit
  EXPECT_EQ(m.configuration("neutral").q[6], 1.0);
  EXPECT_NEAR(m.configuration("neutral").q[7], 10 * pi / 180, 1e-15);
  EXPECT_EQ(m.configuration("neutral").q[10], 0.1);
}

TEST(YamlSerialError, TreeFields) {
  const std::string tree = with_line(kArm, 3, "convention: modified");
  // an unknown parent names the known joints
  expect_error(after_line(tree, 16, "    parent: wrist"), where(after_line(tree, 16, "    parent: wrist"), 17, "wrist", "links[1].parent"),
               "is 'wrist', not a joint (expected the name of an earlier link, base, or a 0-based "
               "row; known: base, shoulder)");
  // a later row
  expect_error(after_line(tree, 7, "    parent: elbow"), where(after_line(tree, 7, "    parent: elbow"), 8, "elbow", "links[0].parent"),
               "names joint 'elbow', which is not an earlier row");
  // gamma on a standard table: the builder's complaint at the field
  const std::string standard_gamma = after_line(kArm, 16, "    gamma: 0.5");
  expect_error(standard_gamma, where(standard_gamma, 17, "0.5", "links[1].gamma"),
               "a standard-DH table describes a chain");
  // an unknown root word
  const std::string bad_root = after_line(tree, 4, "root: floating");
  expect_error(bad_root, where(bad_root, 5, "floating", "root"),
               "is 'floating', expected fixed or free_flyer");
  // a base inertia on a fixed root
  const std::string fixed_inertia =
      after_line(tree, 4, "base_inertia: {mass: 1, com: [0, 0, 0], inertia: [1, 1, 1]}");
  expect_error(fixed_inertia, where(fixed_inertia, 5, "{", "base_inertia"),
               "base_inertia is given but the root is fixed");
  // a frame on an unknown joint, and a frame given twice
  const std::string bad_frame = tree + "frames:\n  - {name: tcp, joint: wrist}\n";
  expect_error(bad_frame, where(bad_frame, 25, "wrist", "frames[0].joint"), "is 'wrist', not a joint");
  const std::string twice = tree + "frames:\n  - {name: tcp, joint: elbow}\n  - {name: tcp, joint: base}\n";
  expect_error(twice, where(twice, 26, "{", "frames[1]"), "frame 'tcp' is defined twice");
  // a frame whose rotation is not a rotation: the builder's complaint at that rotation
  const std::string skewed = tree + "frames:\n  - name: tcp\n    joint: elbow\n    placement:\n"
                                    "      rotation: [[1, 0, 0], [0, 2, 0], [0, 0, 1]]\n";
  expect_error(skewed, where(skewed, 28, "[[", "frames[0].placement.rotation"),
               "frame 'tcp' placement is not a rigid transform");
  // a free-flyer's configuration holds 7 + n values
  const std::string ff = after_line(tree, 4, "root: free_flyer") + "configurations:\n  zero: [0, 0]\n";
  expect_error(ff, where(ff, 26, "[", "configurations.zero"),
               "has 2 values, expected 9 (7 of the free-flyer, then one per joint)");
}

TEST(YamlSerial, SmoothCoulombFrictionRoundTripsBitForBit) {
  std::vector<LinkParameters> links = puma560(true).links;
  links[2].coulomb_velocity_scale = 0.0123;
  const SerialModel m = SerialModel::from_dh(links, {.allow_invalid_inertia = true});
  const std::string text = serial_model_to_yaml(m);
  EXPECT_NE(text.find("coulomb_velocity_scale: 0.0123}"), std::string::npos) << text;
  EXPECT_EQ(text.find("coulomb_velocity_scale"), text.rfind("coulomb_velocity_scale"))
      << "written only where it is not 0";
  EXPECT_EQ(test::serial_differences(m, serial_model_from_yaml_string(text)), "") << text;
}

TEST(YamlSerial, NonSymmetricInertiaWithinToleranceRoundTripsAsNestedList) {
  std::vector<LinkParameters> links = puma560().links;
  links[1].inertia(0, 1) = 1e-13;  // accepted by the builder (symmetric to 1e-9)
  const SerialModel m = SerialModel::from_dh(links, puma560().options());
  const std::string text = serial_model_to_yaml(m);
  EXPECT_NE(text.find("inertia: [[0.13, 1.0e-13, 0], [0, 0.524, 0]"), std::string::npos) << text;
  EXPECT_EQ(test::serial_differences(m, serial_model_from_yaml_string(text)), "");
}

TEST(YamlSerial, WriterLayout) {
  const std::string text = serial_model_to_yaml(puma560(true));
  for (const char* part :
       {"kind: serial_arm\n", "name: \"puma560\"\n", "units: {length: m, mass: kg, time: s, angle: rad}\n",
        "convention: standard\n", "gravity: [0, 0, -9.81]\n", "allow_invalid_inertia: true\n",
        "# accepted by the builder:\n#   from_dh(puma560): link 1 'waist', field 'inertia': breaks",
        "  - name: \"waist\"\n    type: revolute\n    a: 0\n    alpha: 1.5707963267948966\n",
        "    inertia: {ixx: 0, iyy: 0.35, izz: 0, ixy: 0, ixz: 0, iyz: 0}\n",
        "    drive: {motor_inertia: 2.0e-04, gear_ratio: -62.6111, viscous: 0.00148, coulomb: [0.395, -0.435]}\n",
        "configurations:\n  qz: {q: [0, 0, 0, 0, 0, 0], description: \"zero angles"})
    EXPECT_NE(text.find(part), std::string::npos) << "missing: " << part << "\nin:\n" << text;
  // identity base/tool, default drive and infinite limits are left out
  const std::string plain = serial_model_to_yaml(puma560(false));
  for (const char* absent : {"base:", "tool:", "drive:", "limits:"})
    EXPECT_EQ(plain.find(absent), std::string::npos) << absent;
}

// (SerialModel::from_yaml / from_yaml_string, the members this test checked as well, are gone:
// the readers are io's free functions)
TEST(YamlSerial, FromYamlStringAndFileReader) {
  const SerialModel m = decorated_random_arm(4, 11, DhConvention::modified);
  const std::string text = serial_model_to_yaml(m);
  EXPECT_EQ(test::serial_differences(m, serial_model_from_yaml_string(text)), "");
  const std::string path = ::testing::TempDir() + "io_yaml_serial_arm.yaml";
  std::ofstream(path) << text;
  EXPECT_EQ(test::serial_differences(m, serial_model_from_yaml_file(path)), "");
  std::remove(path.c_str());
}

// ---- accepted forms -------------------------------------------------------------------------

TEST(YamlSerial, MinimalFileGetsDefaults) {
  const SerialModel m = serial_model_from_yaml_string(
      "kind: serial_arm\nconvention: modified\nlinks:\n"
      "  - {type: revolute, a: 0, alpha: 0, d: 0, theta: 0, mass: 1, com: [0, 0, 0], inertia: [1, 1, 1]}\n");
  EXPECT_EQ(m.name, "");
  EXPECT_EQ(m.convention, DhConvention::modified);
  EXPECT_EQ(m.gravity, Vector3d(0, 0, -9.81));
  EXPECT_FALSE(m.allow_invalid_inertia);
  EXPECT_TRUE(m.base.matrix().isIdentity(0));
  EXPECT_TRUE(m.tool.matrix().isIdentity(0));
  EXPECT_TRUE(m.configurations.empty());
  const LinkParameters& l = m.links[0];
  EXPECT_EQ(l.name, "");
  EXPECT_EQ(l.gear_ratio, 1.0);
  EXPECT_EQ(l.motor_inertia, 0.0);
  EXPECT_EQ(l.q_min, -inf);
  EXPECT_EQ(l.q_max, inf);
  EXPECT_EQ(l.qd_max, inf);
  EXPECT_EQ(l.tau_max, inf);
}

TEST(YamlSerial, InertiaForms) {
  Matrix3d full;
  full << 0.3, 0.01, -0.02, 0.01, 0.4, 0.03, -0.02, 0.03, 0.5;
  for (const char* form : {"[[0.3, 0.01, -0.02], [0.01, 0.4, 0.03], [-0.02, 0.03, 0.5]]",
                           "{ixx: 0.3, iyy: 0.4, izz: 0.5, ixy: 0.01, ixz: -0.02, iyz: 0.03}",
                           "{izz: 0.5, iyz: 0.03, ixx: 0.3, ixz: -0.02, iyy: 0.4, ixy: 0.01}"}) {
    const SerialModel m = serial_model_from_yaml_string(with_line(kArm, 14, std::string("    inertia: ") + form));
    EXPECT_EQ(m.links[0].inertia, full) << form;
  }
  const Matrix3d diagonal = Vector3d(0.01, 0.02, 0.02).asDiagonal();
  EXPECT_EQ(serial_model_from_yaml_string(kArm).links[1].inertia, diagonal);  // products default 0
  EXPECT_EQ(serial_model_from_yaml_string(with_line(kArm, 23, "    inertia: [0.01, 0.02, 0.02]")).links[1].inertia,
            diagonal);
}

TEST(YamlSerial, TransformsAsTranslationRotationOrXyzRpy) {
  const SerialModel m = serial_model_from_yaml_string(after_line(
      kArm, 4,
      "base: {xyz: [0.1, 0.2, 0.3], rpy: [0.3, -0.2, 1.1]}\n"
      "tool: {translation: [0, 0, 0.1], rotation: [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}"));
  // URDF's rpy: R = Rz(yaw) Ry(pitch) Rx(roll)
  const Matrix3d R = (Eigen::AngleAxisd(1.1, Vector3d::UnitZ()) * Eigen::AngleAxisd(-0.2, Vector3d::UnitY()) *
                      Eigen::AngleAxisd(0.3, Vector3d::UnitX())).toRotationMatrix();
  EXPECT_LT((m.base.linear() - R).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_EQ(m.base.translation(), Vector3d(0.1, 0.2, 0.3));
  EXPECT_EQ(m.tool.translation(), Vector3d(0, 0, 0.1));
  EXPECT_EQ(m.tool.linear() * Vector3d::UnitX(), Vector3d::UnitY());
  // a quarter turn about z by rpy maps x to y
  const SerialModel q = serial_model_from_yaml_string(after_line(kArm, 4, "base: {rpy: [0, 0, 90 deg]}"));
  EXPECT_LT((q.base.linear() * Vector3d::UnitX() - Vector3d::UnitY()).norm(), 1e-15);
}

TEST(YamlSerial, DegreesForEveryAngleField) {
  // units: angle: deg turns alpha, theta, revolute q limits, revolute configuration values and
  // rpy into degrees; lengths (d, prismatic limits and values) stay in m
  std::string text = after_line(kArm, 4, "units: {length: m, mass: kg, time: s, angle: deg}\n"
                                         "base: {rpy: [0, 0, 90]}");
  text = with_line(text, 11, "    alpha: 90");
  text = with_line(text, 13, "    theta: -45");
  text = after_line(text, 16, "    limits: {q: [-160, 160], qd: 2}");
  text = after_line(text, 26, "    limits: {q: [0, 0.5]}\n"
                              "configurations:\n  home: [90, 0.25]");
  const SerialModel m = serial_model_from_yaml_string(text);
  EXPECT_EQ(m.links[0].alpha, pi / 2);
  EXPECT_EQ(m.links[0].theta, -pi / 4);
  EXPECT_DOUBLE_EQ(m.links[0].q_max, 160 * pi / 180);
  EXPECT_DOUBLE_EQ(m.links[0].q_min, -160 * pi / 180);
  EXPECT_EQ(m.links[0].qd_max, 2.0);  // rates are not angles
  EXPECT_EQ(m.links[1].q_max, 0.5);
  EXPECT_EQ(m.configurations[0].q, Eigen::Vector2d(pi / 2, 0.25));
  EXPECT_LT((m.base.linear() * Vector3d::UnitX() - Vector3d::UnitY()).norm(), 1e-15);
}

TEST(YamlSerial, ExplicitAngleUnitWins) {
  EXPECT_EQ(serial_model_from_yaml_string(with_line(kArm, 9, "    alpha: 90 deg")).links[0].alpha, pi / 2);
  EXPECT_EQ(serial_model_from_yaml_string(with_line(kArm, 9, "    alpha: \"-90 deg\"")).links[0].alpha, -pi / 2);
  const std::string deg = after_line(kArm, 4, "units: {angle: deg}");
  EXPECT_EQ(serial_model_from_yaml_string(with_line(deg, 10, "    alpha: 1.5 rad")).links[0].alpha, 1.5);
  EXPECT_EQ(serial_model_from_yaml_string(with_line(deg, 10, "    alpha: 30")).links[0].alpha, 30 * pi / 180);
}

TEST(YamlSerial, InfiniteAndOneSidedLimits) {
  const SerialModel m = serial_model_from_yaml_string(
      after_line(kArm, 14, "    limits: {q: [-.inf, 1.5], qd: .inf, tau: 20}"));
  EXPECT_EQ(m.links[0].q_min, -inf);
  EXPECT_EQ(m.links[0].q_max, 1.5);
  EXPECT_EQ(m.links[0].qd_max, inf);
  EXPECT_EQ(m.links[0].tau_max, 20.0);
}

TEST(YamlSerial, NumbersAreReadExactly) {
  for (const auto& [text, value] : {std::pair{"0.1", 0.1}, std::pair{"+1.5", 1.5}, std::pair{"1e-3", 1e-3},
                                   std::pair{".5", 0.5}, std::pair{"-0.0", -0.0}, std::pair{"3", 3.0},
                                   std::pair{"0.30000000000000004", 0.30000000000000004}}) {
    const double a = serial_model_from_yaml_string(with_line(kArm, 8, std::string("    a: ") + text)).links[0].a;
    EXPECT_EQ(std::bit_cast<std::uint64_t>(a), std::bit_cast<std::uint64_t>(value)) << text;
  }
}

TEST(YamlSerial, ConfigurationsKeepFileOrderAndBothForms) {
  const SerialModel m = serial_model_from_yaml_string(
      kArm + "configurations:\n  zeta: [0.1, 0.2]\n  alpha: {q: [0.3, 0.4], description: \"second\"}\n"
             "  mid: {q: [0, 0]}\n");
  ASSERT_EQ(m.configurations.size(), 3u);
  EXPECT_EQ(m.configurations[0].name, "zeta");
  EXPECT_EQ(m.configurations[1].name, "alpha");
  EXPECT_EQ(m.configurations[1].description, "second");
  EXPECT_EQ(m.configurations[2].name, "mid");
  EXPECT_EQ(m.configuration("alpha").q, Eigen::Vector2d(0.3, 0.4));
}

TEST(YamlSerial, LabelNamesTheSource) {
  try {
    serial_model_from_yaml_string(with_line(kArm, 12, "    mass: x"), "my_arm.yaml");
    ADD_FAILURE() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "my_arm.yaml");
    EXPECT_EQ(e.line(), 12);
    EXPECT_EQ(e.column(), 11);
    EXPECT_EQ(e.field(), "links[0].mass");
    EXPECT_TRUE(std::string(e.what()).starts_with("my_arm.yaml:12:11: links[0].mass: ")) << e.what();
  }
}

// ---- one test per error message -------------------------------------------------------------

TEST(YamlSerialError, SyntaxError) {
  // an unclosed flow list: yaml-cpp stops at the next line
  expect_error(with_line(kArm, 13, "    com: [-0.25, 0, 0"), "<string>:14:", "YAML syntax error: ");
}

TEST(YamlSerialError, EmptyDocument) {
  expect_error("", "<string>: ", "the document is empty");
  expect_error("# only a comment\n", "<string>: ", "the document is empty");
}

TEST(YamlSerialError, SeveralDocuments) {
  expect_error(kArm + "---\nkind: serial_arm\n", "<string>:24:1: ", "holds more than one YAML document");
}

TEST(YamlSerialError, StrayCharacterBeforeTheTopLevel) {
  // yaml-cpp 0.7's LoadAll loops forever on this (jbeder/yaml-cpp#1040); the reader must not
  expect_error(",# x\n" + kArm, "<string>:1:1: ",
               "the top level must be a mapping of fields (kind: ..., name: ...), found ',# x'");
}

TEST(YamlSerialError, TopLevelNotAMapping) {
  expect_error("- 1\n- 2\n", "<string>:1:1: ", "the top level must be a mapping");
}

TEST(YamlSerialError, MissingRequiredField) {
  const std::string text = with_line(kArm, 21, "");
  expect_error(text, where(text, 15, "name", "links[1].mass"), "is missing (required)");
  const std::string no_convention = with_line(kArm, 3, "");
  expect_error(no_convention, "<string>:1:1: convention: ", "is missing (required)");
}

// A diagonal entry missing from an inertia given as a mapping is named; the reader must not be
// half-way through building the matrix when it throws (found by fuzz_yaml_model: Eigen's comma
// initializer asserts in its destructor when unwound with coefficients missing).
TEST(YamlSerialError, MissingInertiaEntry) {
  for (const char* missing : {"ixx", "iyy", "izz"}) {
    std::string form = "{ixx: 0.01, iyy: 0.02, izz: 0.02, ixy: 0.001}";
    const std::size_t at = form.find(missing);
    form.erase(at, form.find(',', at) + 2 - at);
    const std::string text = with_line(kArm, 23, std::string("    inertia: ") + form);
    expect_error(text, "<string>:23:", std::string(missing) + ": is missing (required)");
  }
}

TEST(YamlSerialError, UnknownFieldSuggestsNearest) {
  const std::string text = with_line(kArm, 12, "    mas: 2");
  expect_error(text, where(text, 12, "mas", "links[0].mas"),
               "unknown field 'mas' (did you mean 'mass'?); expected one of: name, type, a,");
  const std::string far = after_line(kArm, 4, "colour: red");
  expect_error(far, where(far, 5, "colour", "colour"), "unknown field 'colour'; expected one of: kind,");
}

TEST(YamlSerialError, FieldGivenTwice) {
  const std::string text = after_line(kArm, 2, "name: again");
  expect_error(text, where(text, 3, "name", "name"), "is given twice");
}

TEST(YamlSerialError, NumberWhereAListIsExpected) {
  const std::string text = with_line(kArm, 13, "    com: 5");
  expect_error(text, where(text, 13, "5", "links[0].com"), "expected a list of 3 numbers [x, y, z], got '5'");
}

TEST(YamlSerialError, WrongListLength) {
  const std::string text = with_line(kArm, 13, "    com: [-0.25, 0]");
  expect_error(text, where(text, 13, "[", "links[0].com"), "has 2 items, expected 3");
}

TEST(YamlSerialError, ListWhereANumberIsExpected) {
  const std::string text = with_line(kArm, 12, "    mass: [2]");
  expect_error(text, where(text, 12, "[", "links[0].mass"), "expected a number, got a list");
}

TEST(YamlSerialError, NotANumber) {
  const std::string text = with_line(kArm, 12, "    mass: two");
  expect_error(text, where(text, 12, "two", "links[0].mass"), "expected a number, got 'two'");
}

TEST(YamlSerialError, NonFiniteNumber) {
  for (const char* bad : {".nan", "1e999", "nan", "inf"}) {
    const std::string text = with_line(kArm, 12, std::string("    mass: ") + bad);
    expect_error(text, where(text, 12, bad, "links[0].mass"), "is not finite or out of the range of a double");
  }
}

TEST(YamlSerialError, InfinityOutsideALimit) {
  const std::string text = with_line(kArm, 8, "    a: .inf");
  expect_error(text, where(text, 8, ".inf", "links[0].a"), "is infinite ('.inf'); only limits may be .inf");
}

TEST(YamlSerialError, EmptyValue) {
  const std::string text = with_line(kArm, 12, "    mass:");
  expect_error(text, where(text, 12, "mass", "links[0].mass"), "expected a number, got an empty value");
}

TEST(YamlSerialError, AngleUnitOnALength) {
  const std::string text = with_line(kArm, 10, "    d: 90 deg");
  expect_error(text, where(text, 10, "90", "links[0].d"), "has an angle unit ('90 deg'), but this field is not an angle");
}

TEST(YamlSerialError, NotAnAngle) {
  const std::string text = with_line(kArm, 9, "    alpha: right");
  expect_error(text, where(text, 9, "right", "links[0].alpha"), "expected an angle (a number, or a string like '90 deg')");
}

TEST(YamlSerialError, WrongKind) {
  const std::string text = with_line(kArm, 1, "kind: stewart_platform");
  expect_error(text, where(text, 1, "stewart", "kind"), "is 'stewart_platform', expected 'serial_arm'");
}

TEST(YamlSerialError, AStewartFileIsNamedAsSuch) {
  // The kind is checked before the other fields, so a platform file is not an "unknown field".
  try {
    serial_model_from_yaml_file(std::string(MANIPDYN_SOURCE_DIR) + "/models/dasgupta_platform.yaml");
    ADD_FAILURE();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.field(), "kind");
    EXPECT_NE(std::string(e.what()).find("is 'stewart_platform', expected 'serial_arm' (load_model"),
              std::string::npos)
        << e.what();
  }
}

TEST(YamlSerialError, UnknownWord) {
  const std::string text = with_line(kArm, 7, "    type: spherical");
  expect_error(text, where(text, 7, "spherical", "links[0].type"), "is 'spherical', expected revolute or prismatic");
}

TEST(YamlSerialError, NotABoolean) {
  const std::string text = after_line(kArm, 4, "allow_invalid_inertia: yes");
  expect_error(text, where(text, 5, "yes", "allow_invalid_inertia"), "is 'yes', expected true or false");
}

TEST(YamlSerialError, LinkNotAMapping) {
  const std::string text = "kind: serial_arm\nconvention: standard\nlinks: [1]\n";
  expect_error(text, where(text, 3, "1", "links[0]"), "expected a mapping {key: value, ...}, got '1'");
}

TEST(YamlSerialError, NoLinks) {
  const std::string text = "kind: serial_arm\nconvention: standard\nlinks: []\n";
  expect_error(text, where(text, 3, "[", "links"), "is empty; a model needs at least one link");
}

TEST(YamlSerialError, NegativeMassFromTheBuilder) {
  const std::string text = with_line(kArm, 21, "    mass: -1");
  expect_error(text, where(text, 21, "-1", "links[1].mass"), "mass is negative (-1 kg)");
}

TEST(YamlSerialError, NonSymmetricInertiaFromTheBuilder) {
  const std::string text = with_line(kArm, 23, "    inertia: [[0.01, 0.001, 0], [0.002, 0.02, 0], [0, 0, 0.02]]");
  expect_error(text, where(text, 23, "[", "links[1].inertia"), "is not symmetric (I(0,1) = 0.001, I(1,0) = 0.002)");
}

TEST(YamlSerialError, InvalidInertiaFromTheBuilder) {
  const std::string text = with_line(kArm, 14, "    inertia: [0.01, 0.01, 0.05]");
  expect_error(text, where(text, 14, "[", "links[0].inertia"),
               "breaks the triangle inequality (principal moments 0.01 + 0.01 < 0.05); set "
               "allow_invalid_inertia: true to accept it");
  // accepted, with the builder's warning, when allowed
  const SerialModel m = serial_model_from_yaml_string(after_line(text, 4, "allow_invalid_inertia: true"));
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(m.warnings[0].find("triangle inequality"), std::string::npos);
}

TEST(YamlSerialError, InvalidInertiaForm) {
  const std::string text = with_line(kArm, 14, "    inertia: [0.01, 0.05, 0.05, 0]");
  expect_error(text, where(text, 14, "[", "links[0].inertia"), "has 4 items; expected [ixx, iyy, izz], {ixx:");
}

TEST(YamlSerialError, EmptyPositionRangeFromTheBuilder) {
  const std::string text = after_line(kArm, 14, "    limits: {q: [1, -1]}");
  expect_error(text, where(text, 15, "1", "links[0].limits.q[0]"), "lower limit 1 is above the upper limit q_max = -1");
}

TEST(YamlSerialError, NonPositiveSpeedLimitFromTheBuilder) {
  const std::string text = after_line(kArm, 14, "    limits: {qd: 0}");
  expect_error(text, where(text, 15, "0", "links[0].limits.qd"), "must be > 0 (inf for no limit)");
}

TEST(YamlSerialError, CoulombSignFromTheBuilder) {
  const std::string text = after_line(kArm, 14, "    drive: {coulomb: [-0.1, -0.2]}");
  expect_error(text, where(text, 15, "[", "links[0].drive.coulomb"), "Tc+ (for positive velocity) must be >= 0");
}

TEST(YamlSerialError, NegativeCoulombVelocityScaleFromTheBuilder) {
  const std::string text = after_line(kArm, 14, "    drive: {coulomb_velocity_scale: -1}");
  expect_error(text, where(text, 15, "-1", "links[0].drive.coulomb_velocity_scale"),
               "is negative (0 = the discontinuous model)");
}

TEST(YamlSerialError, ZeroGearRatioFromTheBuilder) {
  const std::string text = after_line(kArm, 14, "    drive: {gear_ratio: 0}");
  expect_error(text, where(text, 15, "0", "links[0].drive.gear_ratio"), "is zero");
}

TEST(YamlSerialError, ConfigurationOfWrongSize) {
  const std::string text = kArm + "configurations:\n  home: [0, 0, 0]\n";
  expect_error(text, where(text, 25, "[", "configurations.home"), "has 3 values, expected 2 (one per joint)");
}

TEST(YamlSerialError, DuplicatedConfigurationName) {
  const std::string text = kArm + "configurations:\n  home: [0, 0]\n  home: [1, 0]\n";
  expect_error(text, where(text, 26, "home", "configurations.home"), "'home' is given twice (first at line 25)");
}

TEST(YamlSerialError, ConfigurationNotAList) {
  const std::string text = kArm + "configurations:\n  home: 5\n";
  expect_error(text, where(text, 25, "5", "configurations.home"),
               "expected a list of joint values [q...] or {q: [...], description: ...}, got '5'");
}

TEST(YamlSerialError, BaseNotRigidFromTheBuilder) {
  const std::string text = after_line(kArm, 4, "base: {rotation: [[1, 0, 0], [0, 2, 0], [0, 0, 1]]}");
  expect_error(text, where(text, 5, "[", "base.rotation"), "base is not a rigid transform");
}

TEST(YamlSerialError, TranslationAndXyzTogether) {
  const std::string text = after_line(kArm, 4, "base: {translation: [0, 0, 1], xyz: [0, 0, 1]}");
  expect_error(text, where(text, 5, "[", "base.xyz", 25), "give either translation or xyz, not both");
}

TEST(YamlSerialError, NonSiUnit) {
  const std::string text = after_line(kArm, 4, "units: {length: mm}");
  expect_error(text, where(text, 5, "mm", "units.length"), "is 'mm'; only SI units are supported (length: m)");
}

TEST(YamlSerialError, FileCannotBeOpened) {
  try {
    serial_model_from_yaml_file("/nonexistent/arm.yaml");
    ADD_FAILURE() << "no error";
  } catch (const ParseError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("/nonexistent/arm.yaml: cannot open the file")) << e.what();
  }
}

TEST(YamlSerialError, FileErrorsNameThePath) {
  const std::string path = ::testing::TempDir() + "io_yaml_serial_bad.yaml";
  std::ofstream(path) << with_line(kArm, 21, "    mass: -1");
  try {
    serial_model_from_yaml_file(path);
    ADD_FAILURE() << "no error";
  } catch (const ParseError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with(path + ":21:11: links[1].mass: ")) << e.what();
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace manipdyn
