#pragma once
/// \file model_option.hpp
/// The one `--model` option of every subcommand. A model spec is
///  - a built-in serial arm: `puma560` (or `puma`), `stanford` (or `stanford_arm`),
///    `random:N:SEED` (random_arm(N, SEED), standard DH, 1 <= N <= 64);
///  - a built-in Stewart platform: `dasgupta` (or `dasgupta_platform`), `pedrammehr` (or
///    `pedrammehr_platform`);
///  - a model file: a path ending in `.yaml` or `.yml` (a serial arm or a Stewart platform, told
///    apart by the file's content), or `.urdf` (a serial arm, the chain `--base-link` ->
///    `--tip-link`).
/// Every command that reads a model file takes the same loading options (load_model's):
/// `--allow-invalid-inertia` (accept a non-physical inertia with a warning, in a file of any
/// kind) and, for a URDF, `--no-urdf-friction` (leave <dynamics damping friction> out).
/// Every error is a std::invalid_argument (a ParseError for a malformed file), which main prints
/// as "manipdyn <command>: error: <message>" with exit status 1.
#include <string>

#include <CLI/CLI.hpp>

#include "manipdyn/io/model_file.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::cli {

/// What a model spec names.
enum class ModelSpecKind {
  serial_builtin,   ///< puma560, stanford, random:N:SEED
  stewart_builtin,  ///< dasgupta, pedrammehr
  yaml_file,        ///< *.yaml, *.yml: serial arm or Stewart platform
  urdf_file,        ///< *.urdf: serial arm
};

/// A model as named on the command line, with the URDF chain options.
struct ModelSpec {
  std::string model;      ///< built-in name, random:N:SEED, or a path
  std::string base_link;  ///< --base-link: first URDF link of the chain (empty: the root)
  std::string tip_link;   ///< --tip-link: last URDF link of the chain (empty: the single leaf)
  bool allow_invalid_inertia = false;  ///< --allow-invalid-inertia (model files)
  bool no_urdf_friction = false;       ///< --no-urdf-friction (UrdfOptions::friction = false)
  bool whole_tree = false;     ///< --whole-tree: every joint below the base (UrdfOptions::whole_tree)
  bool floating_base = false;  ///< --floating-base: a free-flyer root (UrdfOptions::floating_base)
};

/// The kind of `spec`; throws "<label> '<spec>': unknown model (...)" for anything else, and
/// "<label> '<spec>': no such file" for a model file that does not exist. `label` names the
/// option or argument in messages ("--model", "IN").
ModelSpecKind model_spec_kind(const std::string& spec, const std::string& label = "--model");

/// True if `path` ends in .yaml or .yml (any case): the name of a YAML model file.
bool is_yaml_path(const std::string& path);

/// Adds `--model` (help text `help`), `--base-link` and `--tip-link` to `sub`, bound to `spec`.
void add_serial_model_options(CLI::App& sub, ModelSpec& spec, const std::string& help);
/// Adds `--base-link`, `--tip-link`, `--whole-tree`, `--floating-base`,
/// `--allow-invalid-inertia` and `--no-urdf-friction` (for commands that take the model as an
/// argument).
void add_urdf_chain_options(CLI::App& sub, ModelSpec& spec);
/// Adds `--allow-invalid-inertia` bound to `allow` (the Stewart commands' only loading option).
void add_allow_invalid_inertia_option(CLI::App& sub, bool& allow);

/// The URDF import options of `spec` (base and tip link, whole tree, floating base,
/// allow_invalid_inertia, friction; everything else default).
UrdfOptions urdf_options(const ModelSpec& spec);

/// "a serial arm", "a Stewart platform" or "a parallel robot (manipdyn parallel ...)": what
/// `model` is, for messages of commands that need another kind.
std::string model_kind_name(const AnyModel& model);

/// The model file `spec.model` (load_model with urdf_options(spec)); the error of a
/// non-physical inertia names the option that accepts it (--allow-invalid-inertia).
AnyModel load_model_file(const ModelSpec& spec);

/// Throws unless `--base-link`/`--tip-link`/`--whole-tree`/`--no-urdf-friction` are unset or the
/// model is a URDF file, and `--floating-base` is unset or the model is a file (URDF or YAML).
void check_urdf_chain_options(const ModelSpec& spec, ModelSpecKind kind,
                              const std::string& label = "--model");

/// The serial arm named by `spec`. Built-ins are built with their drive terms (motor inertia,
/// friction) if `with_drive`; random:N:SEED arms draw drive terms if `random_drive` (and
/// `with_drive`); a model file keeps its drive terms if `with_drive`, else loses them
/// (SerialModel::without_drive). Throws for a Stewart platform, an unknown spec, a missing or
/// malformed file.
SerialModel load_serial_model(const ModelSpec& spec, bool with_drive, bool random_drive,
                              const std::string& label = "--model");

/// The Stewart platform named by `spec`: a built-in (`printed_inertias` as in
/// dasgupta_test_platform) or a Stewart YAML file (read with `allow_invalid_inertia`, as
/// --allow-invalid-inertia). Throws for a serial arm, an unknown spec, a missing or malformed
/// file.
stewart::StewartModel load_stewart_model(const std::string& spec, bool printed_inertias,
                                         const std::string& label = "--model",
                                         bool allow_invalid_inertia = false);

}  // namespace manipdyn::cli
