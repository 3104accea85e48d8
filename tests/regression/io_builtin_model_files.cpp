// models/*.yaml hold every built-in model as a file: loading each gives the code's built-in
// model bit for bit in every field (table, limits, drive, gravity, base, tool, configurations,
// name, warnings; Stewart: geometry, mass properties, friction, limits, warnings). The sources
// of the numbers are cited in each file's header and in src/serial/builtin_models.cpp and
// src/stewart/model.cpp.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "manipdyn/io/model_file.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "support/model_equality.hpp"

namespace manipdyn {
namespace {

std::string model_path(const std::string& name) {
  return std::string(MANIPDYN_SOURCE_DIR) + "/models/" + name;
}

TEST(BuiltinModelFiles, Puma560) {
  const SerialModel file = serial_model_from_yaml_file(model_path("puma560.yaml"));
  EXPECT_EQ(test::serial_differences(puma560(true), file), "");
  EXPECT_EQ(file.configurations.size(), 4u);
  EXPECT_EQ(file.warnings.size(), 2u);  // links 1 and 3
}

TEST(BuiltinModelFiles, StanfordArm) {
  const SerialModel file = serial_model_from_yaml_file(model_path("stanford_arm.yaml"));
  EXPECT_EQ(test::serial_differences(stanford_arm(true, false), file), "");
  EXPECT_EQ(file.warnings.size(), 1u);  // link 5
}

TEST(BuiltinModelFiles, DasguptaPlatform) {
  const stewart::StewartModel file = stewart_model_from_yaml_file(model_path("dasgupta_platform.yaml"));
  EXPECT_EQ(test::stewart_differences(stewart::dasgupta_test_platform(true), file), "");
}

TEST(BuiltinModelFiles, PedrammehrPlatform) {
  const stewart::StewartModel file = stewart_model_from_yaml_file(model_path("pedrammehr_platform.yaml"));
  EXPECT_EQ(test::stewart_differences(stewart::pedrammehr_test_platform(true), file), "");
}

TEST(BuiltinModelFiles, LoadModelDispatchesEachFile) {
  EXPECT_TRUE(std::holds_alternative<SerialModel>(load_model(model_path("puma560.yaml"))));
  EXPECT_TRUE(std::holds_alternative<SerialModel>(load_model(model_path("stanford_arm.yaml"))));
  EXPECT_TRUE(std::holds_alternative<stewart::StewartModel>(load_model(model_path("dasgupta_platform.yaml"))));
  EXPECT_TRUE(std::holds_alternative<stewart::StewartModel>(load_model(model_path("pedrammehr_platform.yaml"))));
}

// The serial files are the writer's output plus comments: a model file that drifts from the
// writer's form (hand edits of numbers or layout) fails here.
TEST(BuiltinModelFiles, SerialFilesAreTheWritersOutput) {
  for (const auto& [name, model] : {std::pair{"puma560.yaml", puma560(true)},
                                    std::pair{"stanford_arm.yaml", stanford_arm(true, false)}}) {
    std::ifstream in(model_path(name));
    std::string line, file, written;
    while (std::getline(in, line))
      if (!line.starts_with("#")) file += line + "\n";
    std::istringstream out(serial_model_to_yaml(model));
    while (std::getline(out, line))
      if (!line.starts_with("#")) written += line + "\n";
    EXPECT_EQ(file, written) << name;
  }
}

}  // namespace
}  // namespace manipdyn
