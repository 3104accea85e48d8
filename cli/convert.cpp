// `manipdyn convert IN OUT`: a model file (URDF or YAML; serial arm or Stewart platform) or a
// built-in model written as a YAML model file, through load_model/save_model.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>

#include "checks.hpp"
#include "command.hpp"
#include "manipdyn/io/model_file.hpp"
#include "manipdyn/stewart/model.hpp"
#include "model_option.hpp"

namespace manipdyn::cli {
namespace {

struct ConvertOptions {
  ModelSpec in;
  std::string out;
};

void run_convert(const ConvertOptions& o) {
  // Check OUT first, so that a long URDF import is not wasted on a bad name.
  check_output_file(o.out, "OUT");
  if (!is_yaml_path(o.out))
    throw UsageError("OUT '" + o.out + "': model files are written as YAML; give a path ending "
                     "in .yaml or .yml");
  // IN: a model file, or a built-in (serial arm or Stewart platform, with its published data).
  const ModelSpecKind kind = model_spec_kind(o.in.model, "IN");
  check_urdf_chain_options(o.in, kind, "IN");
  AnyModel model = kind == ModelSpecKind::serial_builtin
                       ? AnyModel(load_serial_model(o.in, true, false, "IN"))
                   : kind == ModelSpecKind::stewart_builtin
                       ? AnyModel(load_stewart_model(o.in.model, true, "IN", o.in.allow_invalid_inertia))
                       : load_model_file(o.in);
  // OUT, and what it holds; the warnings (also written as comments of OUT).
  if (const auto* arm = std::get_if<SerialModel>(&model)) {
    save_model(o.out, *arm);
    std::cout << "wrote " << o.out << ": serial arm '" << arm->name << "' from " << o.in.model
              << ", " << arm->dof() << " joints, " << to_string(arm->convention) << " DH"
              << (arm->has_drive ? ", drive terms" : "") << ", "
              << arm->configurations.size() << " named configurations\n";
    for (const auto& w : arm->warnings) std::cout << "warning: " << w << "\n";
  } else if (const auto* robot = std::get_if<parallel::ParallelModel>(&model)) {
    save_model(o.out, *robot);
    std::cout << "wrote " << o.out << ": parallel robot '" << robot->name << "' from " << o.in.model
              << ", " << robot->leg_count() << " legs, " << robot->actuated_count() << " actuators\n";
    for (const auto& w : robot->warnings) std::cout << "warning: " << w << "\n";
  } else {
    const auto& platform = std::get<stewart::StewartModel>(model);
    save_model(o.out, platform);
    std::cout << "wrote " << o.out << ": Stewart platform '" << platform.name << "' from "
              << o.in.model << "\n";
    for (const auto& w : platform.warnings) std::cout << "warning: " << w << "\n";
  }
}

const bool registered = register_command(
    {"convert",
     "write a model (URDF, YAML or built-in; serial arm or Stewart platform) as a YAML model "
     "file",
     [](CLI::App& sub) {
       auto o = std::make_shared<ConvertOptions>();
       sub.add_option("IN", o->in.model,
                      "a .urdf or .yaml model file, or a built-in: puma560, stanford, "
                      "random:N:SEED, dasgupta, pedrammehr")
           ->required();
       sub.add_option("OUT", o->out, "the YAML model file to write (.yaml or .yml)")->required();
       add_urdf_chain_options(sub, o->in);
       sub.footer(
           "URDF -> YAML keeps the converted DH table (modified convention), the base and tool "
           "transforms and the joint limits; YAML -> YAML rewrites the file in the canonical "
           "layout. Reading OUT back gives the same model, bit for bit. Exit status: 0 success, 2 "
           "usage error, 1 model or computation error (docs/cli.md).");
       sub.callback([o] { run_convert(*o); });
     }});

}  // namespace
}  // namespace manipdyn::cli
