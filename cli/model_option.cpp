#include "model_option.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>
#include <variant>

#include "checks.hpp"
#include "manipdyn/io/model_file.hpp"
#include "manipdyn/serial/builtin_models.hpp"

namespace manipdyn::cli {
namespace {

const char* const kSerialChoices = "puma560, stanford, random:N:SEED, a .yaml or a .urdf file";
const char* const kStewartChoices = "dasgupta, pedrammehr or a Stewart .yaml file";
// The help section of the options every command with a model file shares.
const char* const kModelFileGroup = "Loading a model file";

bool ends_with(const std::string& s, const std::string& suffix) {
  if (s.size() < suffix.size()) return false;
  return std::equal(suffix.rbegin(), suffix.rend(), s.rbegin(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == b;
  });
}

bool is_serial_builtin(const std::string& spec) {
  return spec == "puma560" || spec == "puma" || spec == "stanford" || spec == "stanford_arm" ||
         spec.rfind("random:", 0) == 0;
}

bool is_stewart_builtin(const std::string& spec) {
  return spec == "dasgupta" || spec == "dasgupta_platform" || spec == "pedrammehr" ||
         spec == "pedrammehr_platform";
}

// "random:N:SEED" -> random_arm(N, SEED, standard DH), 1 <= N <= 64.
SerialModel random_from_spec(const std::string& spec, bool drive, const std::string& label) {
  const std::string rest = spec.substr(7);
  const auto colon = rest.find(':');
  const std::string bad = label + " '" + spec + "': expected random:N:SEED with 1 <= N <= 64 "
                          "and SEED a non-negative integer";
  if (colon == std::string::npos) throw std::invalid_argument(bad);
  const std::string n_text = rest.substr(0, colon), seed_text = rest.substr(colon + 1);
  auto all_digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 18 &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!all_digits(n_text) || !all_digits(seed_text)) throw std::invalid_argument(bad);
  const long n = std::stol(n_text);
  if (n < 1 || n > 64) throw std::invalid_argument(bad);
  RandomArmOptions options;
  options.with_drive = drive;
  return random_arm(static_cast<int>(n), std::stoull(seed_text), DhConvention::standard, options);
}

}  // namespace

bool is_yaml_path(const std::string& path) {
  return ends_with(path, ".yaml") || ends_with(path, ".yml");
}

ModelSpecKind model_spec_kind(const std::string& spec, const std::string& label) {
  if (is_serial_builtin(spec)) return ModelSpecKind::serial_builtin;
  if (is_stewart_builtin(spec)) return ModelSpecKind::stewart_builtin;
  const bool yaml = is_yaml_path(spec);
  const bool urdf = ends_with(spec, ".urdf");
  if (!yaml && !urdf)
    throw std::invalid_argument(label + " '" + spec + "': unknown model (use " + kSerialChoices +
                                "; Stewart platforms: " + kStewartChoices + ")");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(spec, ec))
    throw std::invalid_argument(label + " '" + spec + "': no such file");
  return yaml ? ModelSpecKind::yaml_file : ModelSpecKind::urdf_file;
}

void add_allow_invalid_inertia_option(CLI::App& sub, bool& allow) {
  sub.add_flag("--allow-invalid-inertia", allow,
               "accept a non-physical inertia (not positive semi-definite, or breaking the "
               "triangle inequality) with a warning")
      ->group(kModelFileGroup);
}

void add_urdf_chain_options(CLI::App& sub, ModelSpec& spec) {
  sub.add_option("--base-link", spec.base_link,
                 "URDF model: first link of the chain, fixed to the world (default: the root)")
      ->check(non_empty());
  sub.add_option("--tip-link", spec.tip_link,
                 "URDF model: last link of the chain (default: the single leaf below the base)")
      ->check(non_empty());
  sub.add_flag("--whole-tree", spec.whole_tree,
               "URDF model: keep every joint of the tree below the base link (a tree in "
               "Khalil-Kleinfinger's notation) instead of one chain")
      ->group(kModelFileGroup);
  sub.add_flag("--floating-base", spec.floating_base,
               "URDF model: the base link floats (a free-flyer root with the base's mass "
               "properties); a YAML model floats by its own `root: free_flyer`")
      ->group(kModelFileGroup);
  add_allow_invalid_inertia_option(sub, spec.allow_invalid_inertia);
  sub.add_flag("--no-urdf-friction", spec.no_urdf_friction,
               "URDF model: leave <dynamics damping friction> out of the joint friction (KDL and "
               "Pinocchio ignore it)")
      ->group(kModelFileGroup);
}

void add_serial_model_options(CLI::App& sub, ModelSpec& spec, const std::string& help) {
  sub.add_option("--model", spec.model, help)->check(non_empty());
  add_urdf_chain_options(sub, spec);
}

UrdfOptions urdf_options(const ModelSpec& spec) {
  UrdfOptions options;
  options.base_link = spec.base_link;
  options.tip_link = spec.tip_link;
  options.allow_invalid_inertia = spec.allow_invalid_inertia;
  options.friction = !spec.no_urdf_friction;
  options.whole_tree = spec.whole_tree;
  options.floating_base = spec.floating_base;
  return options;
}

std::string model_kind_name(const AnyModel& model) {
  if (std::holds_alternative<SerialModel>(model)) return "a serial arm";
  if (std::holds_alternative<stewart::StewartModel>(model)) return "a Stewart platform";
  return "a parallel robot (manipdyn parallel ...)";
}

AnyModel load_model_file(const ModelSpec& spec) {
  try {
    return load_model(spec.model, urdf_options(spec));
  } catch (const ParseError& e) {
    const std::string message = e.what();
    if (message.find("allow_invalid_inertia") == std::string::npos) throw;
    throw std::invalid_argument(message + " (on the command line: --allow-invalid-inertia)");
  }
}

void check_urdf_chain_options(const ModelSpec& spec, ModelSpecKind kind,
                              const std::string& label) {
  if (kind != ModelSpecKind::urdf_file && (!spec.base_link.empty() || !spec.tip_link.empty()))
    throw std::invalid_argument("--base-link and --tip-link apply to .urdf models only (" +
                                label + " '" + spec.model + "')");
  if (kind != ModelSpecKind::urdf_file && spec.whole_tree)
    throw std::invalid_argument("--whole-tree applies to .urdf models only (" + label + " '" +
                                spec.model + "')");
  if (kind != ModelSpecKind::urdf_file && kind != ModelSpecKind::yaml_file && spec.floating_base)
    throw std::invalid_argument("--floating-base applies to .urdf and .yaml models only (" +
                                label + " '" + spec.model + "')");
  if (kind != ModelSpecKind::urdf_file && spec.no_urdf_friction)
    throw std::invalid_argument("--no-urdf-friction applies to .urdf models only (" + label +
                                " '" + spec.model + "')");
}

SerialModel load_serial_model(const ModelSpec& spec, bool with_drive, bool random_drive,
                              const std::string& label) {
  const ModelSpecKind kind = model_spec_kind(spec.model, label);
  check_urdf_chain_options(spec, kind, label);
  const std::string wrong_kind = label + " '" + spec.model +
                                 "' is a Stewart platform; this command needs a serial arm (" +
                                 kSerialChoices + ")";
  switch (kind) {
    case ModelSpecKind::serial_builtin:
      // Built-ins: the arm itself, with or without its drive terms.
      if (spec.model == "puma560" || spec.model == "puma") return puma560(with_drive);
      if (spec.model == "stanford" || spec.model == "stanford_arm") return stanford_arm(with_drive);
      return random_from_spec(spec.model, with_drive && random_drive, label);
    case ModelSpecKind::stewart_builtin:
      throw std::invalid_argument(wrong_kind);
    case ModelSpecKind::yaml_file:
    case ModelSpecKind::urdf_file: {
      // Model files: the kind of a YAML file is in its content.
      AnyModel any = load_model_file(spec);
      auto* serial = std::get_if<SerialModel>(&any);
      if (serial == nullptr)
        throw std::invalid_argument(label + " '" + spec.model + "' is " + model_kind_name(any) +
                                    "; this command needs a serial arm (" + kSerialChoices + ")");
      return with_drive ? std::move(*serial) : serial->without_drive();
    }
  }
  throw std::logic_error("load_serial_model: unhandled model kind");
}

stewart::StewartModel load_stewart_model(const std::string& spec, bool printed_inertias,
                                         const std::string& label, bool allow_invalid_inertia) {
  const ModelSpecKind kind = model_spec_kind(spec, label);
  const std::string wrong_kind = label + " '" + spec +
                                 "' is a serial arm; this command needs a Stewart platform (" +
                                 kStewartChoices + ")";
  switch (kind) {
    case ModelSpecKind::stewart_builtin:
      if (spec == "dasgupta" || spec == "dasgupta_platform")
        return stewart::dasgupta_test_platform(printed_inertias);
      return stewart::pedrammehr_test_platform(printed_inertias);
    case ModelSpecKind::serial_builtin:
    case ModelSpecKind::urdf_file:
      throw std::invalid_argument(wrong_kind);
    case ModelSpecKind::yaml_file: {
      ModelSpec file{spec, "", ""};
      file.allow_invalid_inertia = allow_invalid_inertia;
      AnyModel any = load_model_file(file);
      auto* platform = std::get_if<stewart::StewartModel>(&any);
      if (platform == nullptr)
        throw std::invalid_argument(label + " '" + spec + "' is " + model_kind_name(any) +
                                    "; this command needs a Stewart platform (" + kStewartChoices + ")");
      return std::move(*platform);
    }
  }
  throw std::logic_error("load_stewart_model: unhandled model kind");
}

}  // namespace manipdyn::cli
