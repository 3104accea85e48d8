// `manipdyn codegen`: a serial arm's inverse dynamics, mass matrix and gravity torques as
// straight-line C++ (codegen/generate.hpp, docs/codegen.md).
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "manipdyn/codegen/generate.hpp"

namespace manipdyn::cli {
namespace {

struct CodegenCliOptions {
  ModelSpec model;
  std::string out;
  std::string name_space;
  bool no_drive = false;
  bool derivatives = false;
  bool forward_derivatives = false;
};

void run_codegen(const CodegenCliOptions& o) {
  if (!o.name_space.empty() && !codegen::is_cpp_namespace(o.name_space))
    throw UsageError("--namespace '" + o.name_space +
                     "': not a C++ identifier (letters, digits, _; parts joined by ::)");
  check_output_file(o.out, "--out");
  const SerialModel model = load_serial_model(o.model, !o.no_drive, false);
  codegen::CodegenOptions options;
  if (!o.name_space.empty()) options.name_space = o.name_space;
  options.inverse_dynamics_derivatives = o.derivatives;
  options.forward_dynamics_derivatives = o.forward_derivatives;
  const codegen::GeneratedCode code = codegen::generate_dynamics_code(model, options);
  std::ofstream file(o.out);
  if (!file) throw std::runtime_error("cannot write '" + o.out + "'");
  file << code.source;
  if (!file.flush()) throw std::runtime_error("error while writing '" + o.out + "'");
  std::cout << "wrote " << o.out << " (namespace " << options.name_space << ", " << model.name
            << ", " << model.dof() << " joints" << (model.has_drive ? ", drive terms" : "")
            << ")\n";
  for (const auto& f : code.functions)
    std::cout << "  " << f.name << ": " << f.mul << " mul, " << f.add << " add, sin/cos of "
              << f.sincos << " angles\n";
}

const bool registered = register_command(
    {"codegen",
     "write a serial arm's inverse dynamics, mass matrix and gravity torques as straight-line "
     "C++ with its constants folded in",
     [](CLI::App& sub) {
       auto options = std::make_shared<CodegenCliOptions>();
       add_serial_model_options(sub, options->model,
                                "the arm (built-in, random:N:SEED, .yaml or .urdf)");
       sub.get_option("--model")->required();
       sub.add_option("--out", options->out, "the header to write (its folder must exist)")
           ->required();
       sub.add_option("--namespace", options->name_space,
                      "C++ namespace of the functions (default manipdyn_generated)");
       sub.add_flag("--no-drive", options->no_drive,
                    "leave out the drive terms (motor inertia, friction) of the model");
       sub.add_flag("--derivatives", options->derivatives,
                    "also inverse_dynamics_derivatives(q, qd, qdd, dtau_dq, dtau_dqd, dtau_dqdd) "
                    "(column-major n x n each; the largest function: 0.2 MB of source at 6 joints)");
       sub.add_flag("--forward-derivatives", options->forward_derivatives,
                    "also forward_dynamics_derivatives(q, qd, tau, qdd, dqdd_dq, dqdd_dqd, "
                    "dqdd_dtau) -> bool (false: M not positive definite; column-major n x n each; "
                    "0.2 MB of source at 6 joints; at most 24 joints, 24 velocities on a "
                    "free-flyer)");
       sub.footer(
           "The header defines kDof, inverse_dynamics(q, qd, qdd, tau), mass_matrix(q, M) "
           "(column-major) and gravity_torques(q, g) on double arrays, with the model's gravity; "
           "it includes manipdyn/core/scalar_math.hpp and links with manipdyn (the sin/cos of the "
           "joint angles). The numbers equal the library's calls for this model (docs/codegen.md). "
           "Exit status: 0 success, 2 usage error, 1 model error.");
       sub.callback([options] { run_codegen(*options); });
     }});

}  // namespace
}  // namespace manipdyn::cli
