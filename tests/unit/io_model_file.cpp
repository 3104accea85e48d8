// io/model_file.hpp: load_model dispatches on the content (URDF <robot>, YAML kind), save_model
// writes YAML through a temporary file; one test per error message, each naming the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "manipdyn/io/model_file.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "support/error_message.hpp"
#include "support/model_equality.hpp"

namespace manipdyn {
namespace {

namespace fs = std::filesystem;

// A fresh, empty directory for one test.
class ModelFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           ("io_model_file_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
  fs::path dir_;
};

std::string urdf_path(const std::string& name) {
  return std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/" + name;
}

// The message of the ParseError thrown by load_model(path).
std::string load_error(const std::string& path) {
  try {
    load_model(path);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no ParseError)";
}

using test_support::message_of;

TEST_F(ModelFile, SavesAndLoadsASerialArm) {
  const SerialModel m = puma560(true);
  save_model(path("puma.yaml"), m);
  const AnyModel loaded = load_model(path("puma.yaml"));
  ASSERT_TRUE(std::holds_alternative<SerialModel>(loaded));
  EXPECT_EQ(test::serial_differences(m, std::get<SerialModel>(loaded)), "");
  EXPECT_EQ(files(), std::vector<std::string>{"puma.yaml"});  // no temporary file left
}

TEST_F(ModelFile, SavesAndLoadsAStewartPlatform) {
  const stewart::StewartModel m = stewart::dasgupta_test_platform(false);
  save_model(path("platform.yml"), m);
  const AnyModel loaded = load_model(path("platform.yml"));
  ASSERT_TRUE(std::holds_alternative<stewart::StewartModel>(loaded));
  EXPECT_EQ(test::stewart_differences(m, std::get<stewart::StewartModel>(loaded), true), "");
}

TEST_F(ModelFile, UpperCaseExtensionAndOverwrite) {
  save_model(path("arm.YAML"), puma560(true));
  save_model(path("arm.YAML"), stanford_arm(true, true));
  EXPECT_EQ(test::serial_differences(stanford_arm(true, true), std::get<SerialModel>(load_model(path("arm.YAML")))), "");
  EXPECT_EQ(files(), std::vector<std::string>{"arm.YAML"});
}

TEST_F(ModelFile, DispatchIsByContentNotByName) {
  // YAML under a .urdf name, URDF under a .yaml name
  const std::string yaml = write("arm.urdf", serial_model_to_yaml(puma560(false)));
  EXPECT_EQ(test::serial_differences(puma560(false), std::get<SerialModel>(load_model(yaml))), "");
  std::ifstream in(urdf_path("double_pendulum.urdf"));
  std::stringstream xml;
  xml << in.rdbuf();
  const std::string urdf = write("pendulum.yaml", xml.str());
  EXPECT_EQ(test::serial_differences(serial_model_from_urdf_file(urdf_path("double_pendulum.urdf")),
                                     std::get<SerialModel>(load_model(urdf))),
            "");
}

TEST_F(ModelFile, UrdfGoesToTheUrdfReaderWithItsOptions) {
  UrdfOptions options;
  options.convention = DhConvention::standard;
  options.gravity = Vector3d(0, 0, -9.80665);
  const AnyModel loaded = load_model(urdf_path("double_pendulum.urdf"), options);
  ASSERT_TRUE(std::holds_alternative<SerialModel>(loaded));
  const SerialModel& m = std::get<SerialModel>(loaded);
  EXPECT_EQ(m.convention, DhConvention::standard);
  EXPECT_EQ(test::serial_differences(serial_model_from_urdf_file(urdf_path("double_pendulum.urdf"), options), m), "");
}

// The text of a file of the repository (models/, tests/data/).
std::string source_text(const std::string& relative) {
  std::ifstream in(std::string(MANIPDYN_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST_F(ModelFile, AllowInvalidInertiaAppliesToAUrdf) {
  // a lumped, non-physical inertia on a small link, as TALOS and TIAGo carry
  const std::string arm = urdf_path("invalid_inertia_arm.urdf");
  EXPECT_NE(load_error(arm).find("link 'wrist' <inertia>: breaks the triangle inequality"),
            std::string::npos);
  EXPECT_NE(load_error(arm).find("pass allow_invalid_inertia to accept it"), std::string::npos);
  UrdfOptions options;
  options.allow_invalid_inertia = true;
  const SerialModel m = std::get<SerialModel>(load_model(arm, options));
  EXPECT_EQ(m.dof(), 2);
  EXPECT_TRUE(m.allow_invalid_inertia);
  const auto has = [&](const std::string& fragment) {
    return std::any_of(m.warnings.begin(), m.warnings.end(), [&](const std::string& w) {
      return w.find(fragment) != std::string::npos;
    });
  };
  EXPECT_TRUE(has("link 'wrist' <inertia> breaks the triangle inequality"));
  EXPECT_TRUE(has("of joints 'shoulder', 'elbow' read as joint friction"));
  EXPECT_EQ(m.links[0].viscous, 0.5);
  // urdf friction off: the same arm without friction, and no friction warning
  options.friction = false;
  const SerialModel rigid = std::get<SerialModel>(load_model(arm, options));
  EXPECT_FALSE(rigid.has_drive);
  EXPECT_EQ(rigid.warnings.size(), m.warnings.size() - 1);
}

TEST_F(ModelFile, AllowInvalidInertiaAppliesToYamlFilesOfEitherKind) {
  // the built-in files with their own opt-in switched off
  const auto without_opt_in = [](std::string text) {
    const std::string from = "\nallow_invalid_inertia: true\n";  // the field, not a comment
    text.replace(text.find(from), from.size(), "\nallow_invalid_inertia: false\n");
    return text;
  };
  const std::string arm = write("puma.yaml", without_opt_in(source_text("models/puma560.yaml")));
  const std::string hex =
      write("hex.yaml", without_opt_in(source_text("models/dasgupta_platform.yaml")));
  EXPECT_NE(load_error(arm).find("set allow_invalid_inertia: true to accept it"),
            std::string::npos);
  EXPECT_NE(load_error(hex).find("set allow_invalid_inertia: true to accept it"),
            std::string::npos);
  // the option of load_model accepts them as the file's own field does
  UrdfOptions options;
  options.allow_invalid_inertia = true;
  const SerialModel puma = std::get<SerialModel>(load_model(arm, options));
  EXPECT_EQ(test::serial_differences(puma560(), puma), "");
  const auto platform = std::get<stewart::StewartModel>(load_model(hex, options));
  EXPECT_TRUE(platform.allow_invalid_inertia);
  EXPECT_FALSE(platform.warnings.empty());
}

// ---- one test per error message -------------------------------------------------------------

TEST_F(ModelFile, XmlWithAnotherRoot) {
  const std::string p = write("world.sdf", "<?xml version=\"1.0\"?>\n<!-- a world -->\n  <sdf version=\"1.6\"/>\n");
  EXPECT_TRUE(load_error(p).starts_with(p + ":3:3: is an XML document with root <sdf>, expected a URDF <robot> or a YAML model file"))
      << load_error(p);
}

TEST_F(ModelFile, YamlWithoutKind) {
  const std::string p = write("arm.yaml", "name: arm\n");
  EXPECT_TRUE(load_error(p).starts_with(p + ":1:1: kind: is missing (required)")) << load_error(p);
}

TEST_F(ModelFile, UnknownKind) {
  const std::string p = write("arm.yaml", "kind: gripper\n");
  EXPECT_TRUE(load_error(p).starts_with(p + ":1:7: kind: is 'gripper', expected serial_arm, stewart_platform or parallel"))
      << load_error(p);
}

TEST_F(ModelFile, NeitherXmlNorAYamlMapping) {
  const std::string p = write("notes.txt", "just some text\n");
  EXPECT_TRUE(load_error(p).starts_with(p + ":1:1: the top level must be a mapping")) << load_error(p);
}

TEST_F(ModelFile, ErrorInsideAYamlModelNamesTheFile) {
  const std::string text = serial_model_to_yaml(puma560(false));
  const std::string p = write("arm.yaml", text.substr(0, text.find("    mass: 17.4")) + "    mass: -17.4" +
                                              text.substr(text.find("    mass: 17.4") + 14));
  EXPECT_NE(load_error(p).find(p + ":"), std::string::npos);
  EXPECT_NE(load_error(p).find(": links[1].mass: mass is negative"), std::string::npos) << load_error(p);
}

TEST_F(ModelFile, MissingFile) {
  const std::string p = path("absent.yaml");
  EXPECT_TRUE(load_error(p).starts_with(p + ": cannot open the file")) << load_error(p);
}

TEST_F(ModelFile, DirectoryInsteadOfAFile) {
  fs::create_directory(path("models.yaml"));
  EXPECT_TRUE(load_error(path("models.yaml")).starts_with(path("models.yaml") + ": is a directory"))
      << load_error(path("models.yaml"));
}

TEST_F(ModelFile, SaveRefusesAnotherExtension) {
  const std::string p = path("arm.json");
  EXPECT_EQ(message_of<std::invalid_argument>([&] { save_model(p, puma560()); }),
            "save_model: '" + p + "' has the extension '.json'; model files are written as YAML (.yaml or .yml)");
  EXPECT_EQ(message_of<std::invalid_argument>([&] { save_model(path("arm"), stewart::dasgupta_test_platform()); }),
            "save_model: '" + path("arm") + "' has no extension; model files are written as YAML (.yaml or .yml)");
  EXPECT_TRUE(files().empty());
}

TEST_F(ModelFile, SaveNeedsAnExistingDirectory) {
  const std::string p = path("missing/arm.yaml");
  EXPECT_EQ(message_of<std::invalid_argument>([&] { save_model(p, puma560()); }),
            "save_model: cannot write '" + p + "': the directory '" + path("missing") + "' does not exist");
}

TEST_F(ModelFile, SaveReportsAFileThatCannotBeWritten) {
  // the target is a directory: the rename fails, and the temporary file is removed
  fs::create_directory(path("taken.yaml"));
  const std::string message = message_of<std::runtime_error>([&] { save_model(path("taken.yaml"), puma560()); });
  EXPECT_TRUE(message.starts_with("save_model: cannot write '" + path("taken.yaml") + "' (")) << message;
  EXPECT_EQ(files(), std::vector<std::string>{"taken.yaml"});
}

}  // namespace
}  // namespace manipdyn
