// io/yaml_model.hpp, Stewart platforms: bit-for-bit round trips (built-ins, random platforms
// with per-leg limits), the accepted forms (defaults, degrees, infinite limits, normals), and
// one test per error message, each asserting the file, the line:column and the field path.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <numbers>
#include <random>
#include <sstream>
#include <string>

#include <Eigen/Geometry>

#include "manipdyn/io/yaml_model.hpp"
#include "support/model_equality.hpp"
#include "support/yaml_text.hpp"

namespace manipdyn {
namespace {

using test::after_line;
using test::where;
using test::with_line;

constexpr double pi = std::numbers::pi;
constexpr double inf = std::numeric_limits<double>::infinity();

// A valid platform; leg i (0-based) spans lines 7 + 5i .. 11 + 5i. The error tests change one
// line of it.
std::string platform_text(int legs = 6) {
  const char* base[] = {"[0.5, 0.1, 0]", "[-0.16, 0.48, 0]", "[-0.34, 0.38, 0]",
                        "[-0.34, -0.38, 0]", "[-0.16, -0.48, 0]", "[0.5, -0.1, 0]", "[0.6, 0, 0]"};
  const char* axis[] = {"[0, 1, 0]", "[-0.866, 0.5, 0]", "[-0.866, -0.5, 0]", "[0.866, -0.5, 0]",
                        "[0.866, 0.5, 0]", "[0, 1, 0]", "[0, 1, 0]"};
  const char* top[] = {"[0.3, 0.05, 0]", "[-0.1, 0.28, 0]", "[-0.2, 0.23, 0]", "[-0.2, -0.23, 0]",
                       "[-0.1, -0.28, 0]", "[0.3, -0.05, 0]", "[0.3, 0, 0]"};
  std::ostringstream os;
  os << "kind: stewart_platform\n"                                              // 1
     << "name: hexapod\n"                                                       // 2
     << "gravity: [0, 0, -9.81]\n"                                              // 3
     << "platform: {mass: 10, com: [0, 0, 0.01], inertia: [0.2, 0.2, 0.3]}\n"   // 4
     << "friction: {u_joint: 0.001, prismatic: 0.01, s_joint: 0.002}\n"        // 5
     << "legs:\n";                                                              // 6
  for (int i = 0; i < legs; ++i)
    os << "  - base_point: " << base[i] << "\n"
       << "    u_joint_axis: " << axis[i] << "\n"
       << "    platform_point: " << top[i] << "\n"
       << "    lower: {mass: 2, com: [0.2, 0, 0], inertia: [0.001, 0.02, 0.02]}\n"
       << "    upper: {mass: 1, com: [-0.2, 0, 0], inertia: [0.001, 0.01, 0.01]}\n";
  return os.str();
}
const std::string kPlatform = platform_text();

// Expects ParseError whose message starts with `location` and contains `problem`.
void expect_error(const std::string& text, const std::string& location, const std::string& problem) {
  try {
    stewart_model_from_yaml_string(text);
    ADD_FAILURE() << "no ParseError; expected " << location << problem;
  } catch (const ParseError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.starts_with(location)) << "message: " << what << "\nexpected start: " << location;
    EXPECT_NE(what.find(problem), std::string::npos) << "message: " << what << "\nmissing: " << problem;
  }
}

// A random physical inertia R diag(l) R^T with the triangle inequality.
Matrix3d random_inertia(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.01, 0.5), s(-1, 1);
  const double l1 = u(rng), l2 = u(rng);
  const double l3 = std::abs(l1 - l2) + 0.5 * (l1 + l2 - std::abs(l1 - l2));
  const Matrix3d R = Eigen::Quaterniond(s(rng), s(rng), s(rng), s(rng)).normalized().toRotationMatrix();
  return R * Vector3d(l1, l2, l3).asDiagonal() * R.transpose();  // not symmetric bit for bit
}

// A random platform: the test geometry perturbed, legs that differ, U-joint axes of any norm,
// random per-leg limits (some absent) and normals.
stewart::StewartModel random_platform(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), pos(0.1, 1.0);
  stewart::StewartParameters prm = stewart::dasgupta_test_parameters(false);
  prm.name = "random \"platform\" " + std::to_string(seed);
  for (int i = 0; i < stewart::kLegs; ++i) {
    prm.b.col(i) += 0.05 * Vector3d(u(rng), u(rng), u(rng));
    prm.p.col(i) += 0.05 * Vector3d(u(rng), u(rng), u(rng));
    prm.k.col(i) = Vector3d(u(rng), u(rng), u(rng)).normalized() * (0.5 + pos(rng));
    auto& leg = prm.legs[static_cast<std::size_t>(i)];
    leg.m_d = pos(rng);
    leg.m_u = pos(rng);
    leg.r_d0 = Vector3d(u(rng), u(rng), u(rng));
    leg.r_u0 = Vector3d(u(rng), u(rng), u(rng));
    leg.I_d0 = random_inertia(rng);
    leg.I_u0 = random_inertia(rng);
    auto& lim = prm.limits[static_cast<std::size_t>(i)];
    if (rng() % 3) lim.length_min = pos(rng);
    if (rng() % 3) lim.length_max = lim.length_min + pos(rng);
    if (rng() % 2) lim.u_joint_angle_max = pi * (0.1 + 0.9 * pos(rng));
    if (rng() % 2) lim.s_joint_angle_max = pi * (0.1 + 0.9 * pos(rng));
    if (rng() % 2) lim.force_max = 1000 * pos(rng);
    if (rng() % 2) lim.u_joint_normal = Vector3d(u(rng), u(rng), 1.0);
    if (rng() % 2) lim.s_joint_normal = Vector3d(u(rng), u(rng), -1.0);
  }
  prm.M = 10 * pos(rng);
  prm.R0 = Vector3d(u(rng), u(rng), u(rng));
  prm.I_p = random_inertia(rng);
  prm.Cu = 0.01 * pos(rng);
  prm.Cp = 0.0;
  prm.gravity = Vector3d(u(rng), u(rng), -9.8);
  return stewart::build_model(prm);
}

// ---- round trips ----------------------------------------------------------------------------

TEST(YamlStewart, BuiltInsRoundTripBitForBit) {
  for (const bool printed : {true, false})
    for (const stewart::StewartModel& m :
         {stewart::dasgupta_test_platform(printed), stewart::pedrammehr_test_platform(printed)}) {
      const std::string text = stewart_model_to_yaml(m);
      // the unit axes written do not raise the "normalised" warning of the printed k_1 again
      EXPECT_EQ(test::stewart_differences(m, stewart_model_from_yaml_string(text), true), "") << text;
    }
}

TEST(YamlStewart, RandomPlatformsWithLimitsRoundTripBitForBit) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const stewart::StewartModel m = random_platform(seed);
    const std::string text = stewart_model_to_yaml(m);
    const stewart::StewartModel back = stewart_model_from_yaml_string(text);
    ASSERT_EQ(test::stewart_differences(m, back, true), "") << text;
    // the writer is a fixed point once the "normalised" warnings are gone
    const std::string again = stewart_model_to_yaml(back);
    EXPECT_EQ(stewart_model_to_yaml(stewart_model_from_yaml_string(again)), again);
  }
}

TEST(YamlStewart, WriterLayout) {
  const std::string text = stewart_model_to_yaml(stewart::dasgupta_test_platform(true));
  for (const char* part :
       {"kind: stewart_platform\n", "name: \"dasgupta1998_printed\"\n",
        "units: {length: m, mass: kg, time: s, angle: rad}\n", "gravity: [0, 0, -9.81]\n",
        "allow_invalid_inertia: true\n",
        "# accepted by the builder:\n#   leg 1 U-joint axis k has norm 0.858",
        "platform: {mass: 40, com: [0.04, 0.03, -0.06], inertia: {ixx: 0.05, iyy: 0.04, izz: 0.1, "
        "ixy: 0.003, ixz: 0.004, iyz: 0.003}}\n",
        "friction: {u_joint: 1.0e-04, prismatic: 0.001, s_joint: 2.0e-04}\n",
        "legs:\n  - base_point: [0.6, 0.2, 0]\n    u_joint_axis: [",
        "    lower: {mass: 3, com: [0.4, 0.14, -0.18], inertia: {ixx: 0.01, iyy: 0.002, izz: 0.001, "
        "ixy: 0.005, ixz: 0.007, iyz: 0.003}}\n"})
    EXPECT_NE(text.find(part), std::string::npos) << "missing: " << part << "\nin:\n" << text;
  EXPECT_EQ(text.find("limits:"), std::string::npos);  // no limits set
}

TEST(YamlStewart, FileReader) {
  const stewart::StewartModel m = random_platform(99);
  const std::string path = ::testing::TempDir() + "io_yaml_stewart_platform.yaml";
  std::ofstream(path) << stewart_model_to_yaml(m);
  EXPECT_EQ(test::stewart_differences(m, stewart_model_from_yaml_file(path), true), "");
  std::remove(path.c_str());
}

// ---- accepted forms -------------------------------------------------------------------------

TEST(YamlStewart, DefaultsAndInputs) {
  const stewart::StewartModel m = stewart_model_from_yaml_string(with_line(with_line(kPlatform, 5, ""), 2, ""));
  EXPECT_EQ(m.name, "stewart");
  EXPECT_EQ(m.Cu, 0.0);
  EXPECT_FALSE(m.has_friction);
  EXPECT_FALSE(m.allow_invalid_inertia);
  EXPECT_TRUE(m.warnings.empty());
  EXPECT_EQ(m.b.col(1), Vector3d(-0.16, 0.48, 0));
  EXPECT_EQ(m.p.col(2), Vector3d(-0.2, 0.23, 0));
  EXPECT_NEAR(m.k.col(1).norm(), 1.0, 1e-15);
  EXPECT_EQ(m.legs[3].m_d, 2.0);
  EXPECT_EQ(m.legs[3].I_u0, Matrix3d(Vector3d(0.001, 0.01, 0.01).asDiagonal()));
  for (const auto& lim : m.limits) {
    EXPECT_EQ(lim.length_min, 0.0);
    EXPECT_EQ(lim.length_max, inf);
    EXPECT_EQ(lim.u_joint_angle_max, inf);
    EXPECT_EQ(lim.force_max, inf);
    EXPECT_EQ(lim.u_joint_normal, Vector3d::UnitZ());
    EXPECT_EQ(lim.s_joint_normal, -Vector3d::UnitZ());
  }
}

TEST(YamlStewart, LimitsPerLegInDegreesWithNormalsNormalised) {
  std::string text = after_line(kPlatform, 3, "units: {angle: deg}");
  text = after_line(text, 12, "    limits: {length: [0.4, .inf], u_joint_angle_max: 45, s_joint_angle_max: 1 rad, "
                              "force_max: 500, u_joint_normal: [0, 0, 2], s_joint_normal: [0, 3, -4]}");
  const stewart::StewartModel m = stewart_model_from_yaml_string(text);
  const stewart::LegLimits& lim = m.limits[0];
  EXPECT_EQ(lim.length_min, 0.4);
  EXPECT_EQ(lim.length_max, inf);
  EXPECT_EQ(lim.u_joint_angle_max, pi / 4);
  EXPECT_EQ(lim.s_joint_angle_max, 1.0);
  EXPECT_EQ(lim.force_max, 500.0);
  EXPECT_EQ(lim.u_joint_normal, Vector3d::UnitZ());
  EXPECT_EQ(lim.s_joint_normal, Vector3d(0, 0.6, -0.8));
  EXPECT_EQ(m.limits[1].force_max, inf);  // legs may differ
}

// ---- one test per error message -------------------------------------------------------------

TEST(YamlStewartError, FiveLegs) {
  const std::string text = platform_text(5);
  expect_error(text, where(text, 7, "-", "legs"), "has 5 legs, expected 6 (a 6-UPS platform)");
}

TEST(YamlStewartError, SevenLegs) {
  const std::string text = platform_text(7);
  expect_error(text, where(text, 7, "-", "legs"), "has 7 legs, expected 6 (a 6-UPS platform)");
}

TEST(YamlStewartError, MissingPart) {
  const std::string text = with_line(kPlatform, 26, "");  // leg 3's upper part
  expect_error(text, where(text, 22, "base_point", "legs[3].upper"), "is missing (required)");
}

TEST(YamlStewartError, UnknownFieldSuggestsNearest) {
  const std::string text = with_line(kPlatform, 9, "    platfrom_point: [0.3, 0.05, 0]");
  expect_error(text, where(text, 9, "platfrom", "legs[0].platfrom_point"),
               "unknown field 'platfrom_point' (did you mean 'platform_point'?)");
}

TEST(YamlStewartError, WrongKind) {
  const std::string text = with_line(kPlatform, 1, "kind: serial_arm");
  expect_error(text, where(text, 1, "serial", "kind"), "is 'serial_arm', expected 'stewart_platform'");
}

TEST(YamlStewartError, PartNotAMapping) {
  const std::string text = with_line(kPlatform, 10, "    lower: 5");
  expect_error(text, where(text, 10, "5", "legs[0].lower"), "expected a mapping {key: value, ...}, got '5'");
}

TEST(YamlStewartError, NegativeLowerMassFromTheBuilder) {
  const std::string text = with_line(kPlatform, 10, "    lower: {mass: -2, com: [0.2, 0, 0], inertia: [0.001, 0.02, 0.02]}");
  expect_error(text, where(text, 10, "-2", "legs[0].lower.mass"), "leg 1 masses: lower-part mass m_d must be >= 0");
}

TEST(YamlStewartError, NegativeUpperMassFromTheBuilder) {
  const std::string text = with_line(kPlatform, 31, "    upper: {mass: -1, com: [-0.2, 0, 0], inertia: [0.001, 0.01, 0.01]}");
  expect_error(text, where(text, 31, "-1", "legs[4].upper.mass"), "leg 5 masses: upper-part mass m_u must be >= 0");
}

TEST(YamlStewartError, ZeroUJointAxisFromTheBuilder) {
  const std::string text = with_line(kPlatform, 18, "    u_joint_axis: [0, 0, 0]");
  expect_error(text, where(text, 18, "[", "legs[2].u_joint_axis"), "leg 3 U-joint axis k is zero");
}

TEST(YamlStewartError, InvalidLegInertiaFromTheBuilder) {
  const std::string text = with_line(kPlatform, 15, "    lower: {mass: 2, com: [0.2, 0, 0], inertia: [0.001, 0.001, 0.02]}");
  expect_error(text, where(text, 15, "[0.001", "legs[1].lower.inertia"),
               "leg 2 lower-part inertia I_d0 breaks the triangle inequality");
  expect_error(text, where(text, 15, "[0.001", "legs[1].lower.inertia"),
               "(set allow_invalid_inertia: true to accept it)");
  // accepted, with a warning, when allowed
  const stewart::StewartModel m = stewart_model_from_yaml_string(after_line(text, 3, "allow_invalid_inertia: true"));
  EXPECT_TRUE(m.allow_invalid_inertia);
  ASSERT_EQ(m.warnings.size(), 1u);
}

TEST(YamlStewartError, NonPositivePlatformMassFromTheBuilder) {
  const std::string text = with_line(kPlatform, 4, "platform: {mass: 0, com: [0, 0, 0.01], inertia: [0.2, 0.2, 0.3]}");
  expect_error(text, where(text, 4, "0", "platform.mass"), "platform mass M must be positive");
}

TEST(YamlStewartError, InvalidPlatformInertiaFromTheBuilder) {
  const std::string text = with_line(kPlatform, 4, "platform: {mass: 10, com: [0, 0, 0.01], inertia: [0.1, 0.1, 0.3]}");
  expect_error(text, where(text, 4, "[0.1", "platform.inertia"), "platform inertia I_p breaks the triangle inequality");
}

TEST(YamlStewartError, NegativeFrictionFromTheBuilder) {
  const std::string text = with_line(kPlatform, 5, "friction: {u_joint: 0.001, prismatic: -0.01, s_joint: 0.002}");
  expect_error(text, where(text, 5, "-0.01", "friction.prismatic"), "friction coefficient Cp must be >= 0");
}

TEST(YamlStewartError, StrokeAboveMaximumFromTheBuilder) {
  const std::string text = after_line(kPlatform, 11, "    limits: {length: [0.9, 0.5]}");
  expect_error(text, where(text, 12, "0.9", "legs[0].limits.length[0]"), "leg 1 length_min = 0.9 is above length_max = 0.5");
}

TEST(YamlStewartError, NegativeStrokeMinimumFromTheBuilder) {
  const std::string text = after_line(kPlatform, 11, "    limits: {length: [-0.1, 0.5]}");
  expect_error(text, where(text, 12, "-0.1", "legs[0].limits.length[0]"), "must be finite and >= 0");
}

TEST(YamlStewartError, NonPositiveStrokeMaximumFromTheBuilder) {
  const std::string text = after_line(kPlatform, 11, "    limits: {length: [0, 0]}");
  expect_error(text, where(text, 12, "0]", "legs[0].limits.length[1]"), "leg 1 length_max = 0 must be > 0");
}

TEST(YamlStewartError, JointAngleOutOfRangeFromTheBuilder) {
  const std::string text = after_line(kPlatform, 16, "    limits: {s_joint_angle_max: 4}");
  expect_error(text, where(text, 17, "4", "legs[1].limits.s_joint_angle_max"),
               "leg 2 s_joint_angle_max = 4 must lie in (0, pi] rad");
}

TEST(YamlStewartError, NonPositiveForceFromTheBuilder) {
  const std::string text = after_line(kPlatform, 11, "    limits: {force_max: 0}");
  expect_error(text, where(text, 12, "0", "legs[0].limits.force_max"), "leg 1 force_max = 0 must be > 0");
}

TEST(YamlStewartError, ZeroNormalFromTheBuilder) {
  const std::string text = after_line(kPlatform, 11, "    limits: {s_joint_normal: [0, 0, 0]}");
  expect_error(text, where(text, 12, "[", "legs[0].limits.s_joint_normal"), "leg 1 s_joint_normal is zero");
}

TEST(YamlStewartError, InfiniteStrokeMinimum) {
  const std::string text = after_line(kPlatform, 11, "    limits: {length: [.inf, .inf]}");
  expect_error(text, where(text, 12, ".inf", "legs[0].limits.length[0]"), "leg 1 length_min = inf must be finite and >= 0");
}

}  // namespace
}  // namespace manipdyn
