// Model files of any kind: load_model dispatches on the content, save_model writes YAML.
#include "manipdyn/io/model_file.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>

#include <unistd.h>

#include "yaml_reader.hpp"

namespace manipdyn {

namespace {

// The name of the root element if `text` is an XML document (its first non-blank character is
// '<'), with the 1-based line and column of that element; nullopt if it is not XML.
struct XmlRoot {
  std::string name;
  int line = 0, column = 0;
};

std::optional<XmlRoot> xml_root(const std::string& text) {
  std::size_t i = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;  // UTF-8 byte order mark
  const auto skip_blanks = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  skip_blanks();
  if (i >= text.size() || text[i] != '<') return std::nullopt;
  // skip the prolog: <?xml ...?>, comments, <!DOCTYPE ...>
  while (i < text.size()) {
    std::size_t end = std::string::npos;
    if (text.compare(i, 2, "<?") == 0) end = text.find("?>", i);
    else if (text.compare(i, 4, "<!--") == 0) end = text.find("-->", i);
    else if (text.compare(i, 2, "<!") == 0) end = text.find('>', i);
    else break;
    if (end == std::string::npos) return XmlRoot{};
    i = text.find('>', end) + 1;
    skip_blanks();
  }
  XmlRoot root;
  root.line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(std::min(i, text.size())), '\n'));
  const std::size_t line_start = text.rfind('\n', i == 0 ? 0 : i - 1);
  root.column = static_cast<int>(i - (line_start == std::string::npos ? 0 : line_start + 1)) + 1;
  if (i < text.size() && text[i] == '<') {
    ++i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) ||
                               text[i] == '_' || text[i] == ':' || text[i] == '-' || text[i] == '.'))
      root.name += text[i++];
  }
  return root;
}

// Writes `text` to `path` through a temporary file in the same directory and a rename.
void write_model_file(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path file(path);
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension != ".yaml" && extension != ".yml")
    throw std::invalid_argument("save_model: '" + path + "' has " +
                                (extension.empty() ? std::string("no extension")
                                                   : "the extension '" + file.extension().string() + "'") +
                                "; model files are written as YAML (.yaml or .yml)");
  const fs::path directory = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  std::error_code ec;
  if (!fs::is_directory(directory, ec))
    throw std::invalid_argument("save_model: cannot write '" + path + "': the directory '" +
                                directory.string() + "' does not exist");
  // write a temporary file beside the target, then rename it over the target
  static std::atomic<unsigned> counter{0};
  fs::path temporary = file;
  temporary += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out)
      throw std::runtime_error("save_model: cannot write '" + path + "' (" +
                               std::strerror(errno) + ")");
    out << text;
    out.close();
    if (!out) {
      fs::remove(temporary, ec);
      throw std::runtime_error("save_model: cannot write '" + path + "' (write failed)");
    }
  }
  fs::rename(temporary, file, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw std::runtime_error("save_model: cannot write '" + path + "' (" + ec.message() + ")");
  }
}

}  // namespace

AnyModel load_model(const std::string& path, const UrdfOptions& urdf) {
  const std::string text = yaml_io::read_text_file(path);
  // XML: a URDF robot, or an error naming the root element found
  if (const std::optional<XmlRoot> root = xml_root(text)) {
    if (root->name == "robot") return serial_model_from_urdf_file(path, urdf);
    throw ParseError(path, root->line, root->column, "",
                     root->name.empty()
                         ? "is not a well-formed XML document (expected a URDF <robot>)"
                         : "is an XML document with root <" + root->name +
                               ">, expected a URDF <robot> or a YAML model file");
  }
  // YAML: dispatch on `kind`
  const yaml_io::Reader reader(path);
  const yaml_io::Field root = reader.parse(text);
  const yaml_io::Field kind = reader.required(root, "kind");
  const std::string k = reader.text(kind);
  // floating_base asks for a free-flyer: a YAML file says so itself (`root: free_flyer`)
  const std::string floating_hint =
      "floating_base (--floating-base) is set, but the file's root is fixed; a YAML model "
      "floats by its own `root: free_flyer` and `base_inertia` (docs/model_files.md)";
  if (k == "serial_arm") {
    SerialModel model = yaml_io::read_serial_model(reader, root, urdf.allow_invalid_inertia);
    if (urdf.floating_base && model.root != RootJoint::free_flyer)
      reader.fail(reader.optional(root, "root").value_or(kind), floating_hint);
    return model;
  }
  if (k == "stewart_platform") {
    if (urdf.floating_base)
      reader.fail(kind, "floating_base (--floating-base) applies to arms; a Stewart platform's "
                        "base is fixed");
    return yaml_io::read_stewart_model(reader, root, urdf.allow_invalid_inertia);
  }
  if (k == "parallel") {
    if (urdf.floating_base)
      reader.fail(kind, "floating_base (--floating-base) applies to arms; a parallel robot's "
                        "base is fixed");
    return yaml_io::read_parallel_model(reader, root, urdf.allow_invalid_inertia);
  }
  reader.fail(kind, "is '" + k + "', expected serial_arm, stewart_platform or parallel");
}

void save_model(const std::string& path, const SerialModel& model) {
  write_model_file(path, serial_model_to_yaml(model));
}

void save_model(const std::string& path, const stewart::StewartModel& model) {
  write_model_file(path, stewart_model_to_yaml(model));
}

void save_model(const std::string& path, const parallel::ParallelModel& model) {
  write_model_file(path, parallel_model_to_yaml(model));
}

}  // namespace manipdyn
