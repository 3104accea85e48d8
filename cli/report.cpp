// `manipdyn report [--model M] [--out DIR]`: the papers reproduced, or the datasheet of a model,
// as DIR/index.html with its CSV and PNG files (report.hpp).
#include "report.hpp"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"

namespace fs = std::filesystem;

namespace manipdyn::cli {
namespace {

struct ReportOptions {
  ModelSpec model;
  std::string out = "results";
};

void run_report(const ReportOptions& o) {
  // The model first (a run that fails on its model leaves no folder), then the output folder,
  // so that no work is wasted on a path that cannot be written.
  std::optional<ReportModel> model;
  std::string command = "manipdyn report";
  if (!o.model.model.empty()) {
    model = load_report_model(o.model);
    command += " --model " + o.model.model;
    if (!o.model.base_link.empty()) command += " --base-link " + o.model.base_link;
    if (!o.model.tip_link.empty()) command += " --tip-link " + o.model.tip_link;
  } else if (!o.model.base_link.empty() || !o.model.tip_link.empty()) {
    throw UsageError("--base-link and --tip-link choose the chain of a --model .urdf file");
  }
  prepare_output_dir(o.out, "--out");
  command += " --out " + o.out;
  if (model)
    write_datasheet_report(*model, o.model.model, o.out, command);
  else
    write_papers_report(o.out, command);
  std::cout << "wrote " << fs::absolute(fs::path(o.out) / "index.html").lexically_normal().string()
            << "\n";
}

const bool registered = register_command(
    {"report",
     "the main job as one HTML page: the founding papers reproduced, or the dynamics datasheet "
     "of --model",
     [](CLI::App& sub) {
       auto o = std::make_shared<ReportOptions>();
       add_serial_model_options(sub, o->model,
                                "write the datasheet of this arm or platform instead of the "
                                "papers report: a built-in (puma560, stanford, random:N:SEED, "
                                "dasgupta, pedrammehr) or a model file .yaml or .urdf");
       sub.add_option("--out", o->out,
                      "output folder, created if needed: index.html with its CSV and PNG files "
                      "(default results)")
           ->check(non_empty());
       sub.footer(
           "Without --model: formulation equivalence and operation counts (Turney et al. 1980), "
           "the PUMA 560 computed-torque experiment (Lee et al. ~1982), the Stewart platform "
           "paths (Dasgupta & Mruthyunjaya 1998, Pedrammehr et al. 2012), what those papers leave "
           "as future work (forward kinematics and dynamics, control, workspace) and the misprints "
           "found in the papers, each against the paper's own statement. Progress on stderr "
           "when it is a terminal. Prints the absolute path of index.html. Exit status: 0 "
           "success, 2 usage error, 1 model or computation error (docs/cli.md).");
       sub.callback([o] { run_report(*o); });
     }});

}  // namespace
}  // namespace manipdyn::cli
