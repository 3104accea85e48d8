// io/yaml_model.hpp, parallel robots: bit-for-bit round trips (from_stewart of the papers'
// platforms, a small XY table with drive terms, limits and named legs), the model file
// models/parallel/stewart.yaml as the writer writes it, load_model's dispatch and save_model, and
// one test per error message, each asserting the file, the line:column, the field path and the
// leg and joint the message names.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "manipdyn/io/model_file.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/builtin_registry.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "support/model_equality.hpp"
#include "support/yaml_text.hpp"

namespace manipdyn {
namespace {

using test::where;
using test::with_line;

// A valid robot: an XY table, one leg of two prismatic joints along world x and y (both
// actuated) carrying a platform that translates in the plane. The error tests change one line.
const std::string kTable =
    "kind: parallel\n"                                                                      // 1
    "name: xy_table\n"                                                                      // 2
    "mobility: planar_translation\n"                                                        // 3
    "home: {translation: [0.3, 0.2, 0]}\n"                                                  // 4
    "platform: {mass: 2.0, com: [0, 0, 0.01], inertia: [0.01, 0.01, 0.02]}\n"               // 5
    "legs:\n"                                                                               // 6
    "  - name: carriage\n"                                                                  // 7
    "    base: {rotation: [[0, 0, 1], [0, 1, 0], [-1, 0, 0]]}\n"                            // 8
    "    platform_point: [0, 0, 0]\n"                                                       // 9
    "    actuated: [0, 1]\n"                                                                // 10
    "    home_q: [0.3, 0.2]\n"                                                              // 11
    "    joints:\n"                                                                         // 12
    "      - {name: x, type: prismatic, a: 0, alpha: 0, d: 0, theta: 0, mass: 3.0, com: [0, 0, 0], "
    "inertia: [0.1, 0.1, 0.1], drive: {viscous: 2.0}, limits: {q: [-0.5, 0.5]}}\n"          // 13
    "      - {name: y, type: prismatic, a: 0, alpha: -1.5707963267948966, d: 0, theta: 0, mass: 1.0, "
    "com: [0, 0, 0], inertia: [0.01, 0.01, 0.01]}\n";                                       // 14

// Expects ParseError whose message starts with `location` and contains `problem`.
void expect_error(const std::string& text, const std::string& location, const std::string& problem) {
  try {
    parallel_model_from_yaml_string(text);
    ADD_FAILURE() << "no ParseError; expected " << location << problem;
  } catch (const ParseError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.starts_with(location)) << "message: " << what << "\nexpected start: " << location;
    EXPECT_NE(what.find(problem), std::string::npos) << "message: " << what << "\nmissing: " << problem;
  }
}

std::string model_path(const std::string& name) { return std::string(MANIPDYN_SOURCE_DIR) + "/models/" + name; }

// ---- round trips ----------------------------------------------------------------------------

TEST(YamlParallel, FromStewartRoundTripsBitForBit) {
  for (const bool printed : {true, false})
    for (const stewart::StewartModel& s :
         {stewart::dasgupta_test_platform(printed), stewart::pedrammehr_test_platform(printed)}) {
      const parallel::ParallelModel m = parallel::from_stewart(s);
      const std::string text = parallel_model_to_yaml(m);
      const parallel::ParallelModel back = parallel_model_from_yaml_string(text);
      EXPECT_EQ(test::parallel_differences(m, back), "") << text;
      // the writer is a fixed point
      EXPECT_EQ(parallel_model_to_yaml(back), text);
    }
}

TEST(YamlParallel, HandWrittenTableRoundTripsBitForBit) {
  const parallel::ParallelModel m = parallel_model_from_yaml_string(kTable);
  EXPECT_EQ(m.name, "xy_table");
  EXPECT_EQ(m.mobility, parallel::Mobility::planar_translation);
  ASSERT_EQ(m.leg_count(), 1);
  EXPECT_EQ(m.legs[0].name, "carriage");
  EXPECT_EQ(m.legs[0].chain.links[0].viscous, 2.0);
  EXPECT_EQ(m.legs[0].chain.links[0].q_max, 0.5);
  EXPECT_EQ(m.actuated_count(), 2);
  const std::string text = parallel_model_to_yaml(m);
  EXPECT_EQ(test::parallel_differences(m, parallel_model_from_yaml_string(text)), "") << text;
  // the table's actuator forces: x moves 6 kg against 2 N s/m, y moves 3 kg (two platform
  // coordinates, two forces)
  parallel::ParallelData data(m);
  PlatformMotion motion;
  motion.t = Vector3d(0.35, 0.1, 0.0);
  motion.v = Vector3d(0.5, 0.0, 0.0);
  motion.a = Vector3d(1.0, 2.0, 0.0);
  const VectorXd& tau = parallel::inverse_dynamics(m, data, motion);
  ASSERT_EQ(tau.size(), 2);
  EXPECT_NEAR(tau(0), 6.0 * 1.0 + 2.0 * 0.5, 1e-12);
  EXPECT_NEAR(tau(1), 3.0 * 2.0, 1e-12);
}

TEST(YamlParallel, WriterLayout) {
  const std::string text = parallel_model_to_yaml(parallel_model_from_yaml_string(kTable));
  for (const char* line : {"kind: parallel\n", "name: \"xy_table\"\n", "mobility: planar_translation\n",
                           "home:\n  translation: [0.3, 0.2, 0]\n", "legs:\n  - name: \"carriage\"\n",
                           "    actuated: [0, 1]\n", "    cut_viscous: 0\n", "    joints:\n      - name: \"x\"\n",
                           "        type: prismatic\n", "        limits: {q: [-0.5, 0.5]}\n"})
    EXPECT_NE(text.find(line), std::string::npos) << "missing " << line << " in\n" << text;
}

TEST(YamlParallel, DegreesAndDefaults) {
  // angles in degrees, no gravity (default), no cut_viscous, no home_q (solved from zero)
  std::string text = with_line(kTable, 11, "");
  text = with_line(text, 13 - 1, "      - {name: x, type: prismatic, a: 0, alpha: 0, d: 0, theta: 0, mass: 3.0, com: [0, 0, 0], inertia: [0.1, 0.1, 0.1]}");
  text = with_line(text, 14 - 1, "      - {name: y, type: prismatic, a: 0, alpha: -90, d: 0, theta: 0, mass: 1.0, com: [0, 0, 0], inertia: [0.01, 0.01, 0.01]}");
  text = "units: {angle: deg}\n" + text;
  const parallel::ParallelModel m = parallel_model_from_yaml_string(text);
  EXPECT_NEAR(m.legs[0].home_q[0], 0.3, 1e-12);
  EXPECT_NEAR(m.legs[0].home_q[1], 0.2, 1e-12);
  EXPECT_EQ(m.gravity, Vector3d(0, 0, -9.81));
}

TEST(YamlParallel, ModelFileIsTheWritersTextOfTheBuiltIn) {
  for (const parallel::BuiltinModel& b : parallel::builtin_models()) {
    SCOPED_TRACE(b.name);
    const parallel::ParallelModel builtin = b.build();
    const std::string path = model_path("parallel/" + b.name + ".yaml");
    std::ifstream in(path);
    std::stringstream file;
    file << in.rdbuf();
    EXPECT_EQ(file.str(), parallel_model_to_yaml(builtin)) << "regenerate " << path;
    EXPECT_EQ(test::parallel_differences(builtin, parallel_model_from_yaml_file(path)), "");
    // load_model dispatches on the content
    const AnyModel any = load_model(path);
    ASSERT_TRUE(std::holds_alternative<parallel::ParallelModel>(any));
    EXPECT_EQ(test::parallel_differences(builtin, std::get<parallel::ParallelModel>(any)), "");
  }
}

TEST(YamlParallel, SaveModelAndLoadModel) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) / "io_yaml_parallel";
  fs::create_directories(dir);
  const parallel::ParallelModel m = parallel_model_from_yaml_string(kTable);
  const std::string path = (dir / "table.yaml").string();
  save_model(path, m);
  EXPECT_EQ(test::parallel_differences(m, std::get<parallel::ParallelModel>(load_model(path))), "");
  // load_model's options: a parallel robot's base is fixed
  UrdfOptions floating;
  floating.floating_base = true;
  try {
    load_model(path, floating);
    ADD_FAILURE() << "no ParseError";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("a parallel robot's base is fixed"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

TEST(YamlParallel, MissingFileIsAParseErrorNamingIt) {
  try {
    parallel_model_from_yaml_file("/no/such/robot.yaml");
    ADD_FAILURE() << "no ParseError";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "/no/such/robot.yaml");
  }
}

TEST(YamlParallel, UnknownBuiltInNamesTheKnownOnes) {
  try {
    parallel::builtin_model("stewrt");
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "unknown built-in parallel robot 'stewrt' (known: " +
                                         parallel::builtin_model_names() + ")");
  }
}

// ---- one test per error message -------------------------------------------------------------

TEST(YamlParallelError, WrongKind) {
  const std::string text = with_line(kTable, 1, "kind: stewart_platform");
  expect_error(text, where(text, 1, "stewart", "kind"), "is 'stewart_platform', expected 'parallel' (load_model");
}

TEST(YamlParallelError, ReadAsASerialArm) {
  try {
    serial_model_from_yaml_string(kTable);
    ADD_FAILURE() << "no ParseError";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("is 'parallel', expected 'serial_arm' (load_model in io/model_file.hpp reads every kind)"),
              std::string::npos)
        << e.what();
  }
}

TEST(YamlParallelError, UnknownMobility) {
  const std::string text = with_line(kTable, 3, "mobility: planar_rotation");
  expect_error(text, where(text, 3, "planar", "mobility"), "is 'planar_rotation', expected spatial, translation, planar or planar_translation");
}

TEST(YamlParallelError, UnknownLegFieldSuggestsNearest) {
  const std::string text = with_line(kTable, 9, "    platfrom_point: [0, 0, 0]");
  expect_error(text, where(text, 9, "platfrom", "legs[0].platfrom_point"),
               "unknown field 'platfrom_point' (did you mean 'platform_point'?)");
}

TEST(YamlParallelError, UnknownTopLevelField) {
  const std::string text = with_line(kTable, 3, "mobilty: planar_translation");
  expect_error(text, where(text, 3, "mobilty", "mobilty"), "unknown field 'mobilty' (did you mean 'mobility'?)");
}

TEST(YamlParallelError, PlatformPointOfTwoNumbers) {
  const std::string text = with_line(kTable, 9, "    platform_point: [0, 0]");
  expect_error(text, where(text, 9, "[", "legs[0].platform_point"), "has 2 items, expected 3");
}

TEST(YamlParallelError, NonFiniteMass) {
  const std::string text = with_line(kTable, 5, "platform: {mass: .nan, com: [0, 0, 0.01], inertia: [0.01, 0.01, 0.02]}");
  expect_error(text, where(text, 5, ".nan", "platform.mass"), "is not finite or out of the range of a double ('.nan')");
}

TEST(YamlParallelError, NonFiniteJointLength) {
  const std::string text = with_line(kTable, 14, "      - {name: y, type: prismatic, a: .inf, alpha: -1.5707963267948966, d: 0, theta: 0, mass: 1.0, com: [0, 0, 0], inertia: [0.01, 0.01, 0.01]}");
  expect_error(text, where(text, 14, ".inf", "legs[0].joints[1].a"), "is infinite ('.inf'); only limits may be .inf");
}

TEST(YamlParallelError, ActuatedJointOutOfRange) {
  const std::string text = with_line(kTable, 10, "    actuated: [0, 2]");
  expect_error(text, where(text, 10, "2]", "legs[0].actuated[1]"), "is 2, not one of the leg's joints 0..1");
}

TEST(YamlParallelError, ActuatedNotAnIndex) {
  const std::string text = with_line(kTable, 10, "    actuated: [0, y]");
  expect_error(text, where(text, 10, "y]", "legs[0].actuated[1]"), "is 'y', expected a joint index (0-based row of joints)");
}

TEST(YamlParallelError, HomeQOfWrongSize) {
  const std::string text = with_line(kTable, 11, "    home_q: [0.3, 0.2, 0.1]");
  expect_error(text, where(text, 11, "[", "legs[0].home_q"), "has 3 values, expected 2 (one per joint of the leg)");
}

TEST(YamlParallelError, JointWithAParent) {
  const std::string text = with_line(kTable, 14, "      - {name: y, parent: base, type: prismatic, a: 0, alpha: 0, d: 0, theta: 0, mass: 1.0, com: [0, 0, 0], inertia: [0.01, 0.01, 0.01]}");
  expect_error(text, where(text, 14, "base", "legs[0].joints[1].parent"), "a leg is a chain: its joints take no parent");
}

TEST(YamlParallelError, NoJoints) {
  const std::string text = with_line(with_line(kTable, 14, ""), 13, "") + "";
  const std::string fixed = with_line(text, 12, "    joints: []");
  expect_error(fixed, where(fixed, 12, "[]", "legs[0].joints"), "is empty; a leg needs at least one joint");
}

TEST(YamlParallelError, NegativeJointMassFromTheBuilderNamesLegAndJoint) {
  const std::string text = with_line(kTable, 14, "      - {name: y, type: prismatic, a: 0, alpha: -1.5707963267948966, d: 0, theta: 0, mass: -1.0, com: [0, 0, 0], inertia: [0.01, 0.01, 0.01]}");
  expect_error(text, where(text, 14, "-1.0", "legs[0].joints[1].mass"), "leg 1 'carriage' joint 2 'y': ");
}

TEST(YamlParallelError, NegativePlatformMassFromTheBuilder) {
  const std::string text = with_line(kTable, 5, "platform: {mass: -2.0, com: [0, 0, 0.01], inertia: [0.01, 0.01, 0.02]}");
  expect_error(text, where(text, 5, "-2.0", "platform.mass"), "the platform's mass is negative");
}

TEST(YamlParallelError, InvalidPlatformInertiaNamesTheFileOption) {
  const std::string text = with_line(kTable, 5, "platform: {mass: 2.0, com: [0, 0, 0.01], inertia: [0.01, 0.01, 0.05]}");
  expect_error(text, where(text, 5, "[0.01, 0.01, 0.05]", "platform.inertia"), "the platform's inertia");
  // accepted with the file's own flag, with a warning
  const parallel::ParallelModel m = parallel_model_from_yaml_string("allow_invalid_inertia: true\n" + text);
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(parallel_model_to_yaml(m).find("# accepted by the builder:\n#   the platform's inertia"), std::string::npos);
}

TEST(YamlParallelError, WrongMobilityFromTheBuilder) {
  const std::string text = with_line(kTable, 3, "mobility: spatial");
  expect_error(text, where(text, 7, "-", "legs"), "it has 2 actuated joints, but its platform of mobility 'spatial' (6 coordinates) has 5 degrees of freedom");
}

TEST(YamlParallelError, LegThatDoesNotCloseAtHome) {
  const std::string text = with_line(kTable, 4, "home: {translation: [0.3, 0.2, 0.5]}");
  expect_error(text, where(text, 7, "name", "legs[0]"), "at the home pose: ");
  expect_error(text, where(text, 7, "name", "legs[0]"), "leg 1 'carriage'");
}

TEST(YamlParallelError, HomeRotationAgainstTheMobility) {
  const std::string text = with_line(kTable, 4, "home: {translation: [0.3, 0.2, 0], rotation: [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}");
  expect_error(text, where(text, 4, "{", "home"), "the home rotation must be the identity");
}

}  // namespace
}  // namespace manipdyn
