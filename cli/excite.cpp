// `manipdyn excite`: an exciting trajectory for identifying a serial arm (Swevers et al. 1997:
// a finite Fourier series per joint minimising the condition number of the base observation
// matrix within the joint limits; identification/excitation.hpp), written as a CSV of t, q, qd,
// qdd that a controller can follow.
#include <unistd.h>

#include <iomanip>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "manipdyn/identification/excitation.hpp"
#include "manipdyn/identification/identify.hpp"

namespace manipdyn::cli {
namespace {

struct ExciteCliOptions {
  ModelSpec model;
  std::string out;
  ExcitationOptions excitation;
  std::vector<double> qd_max, qdd_max;
  double rate = 100.0;
  bool no_drive = false;
};

VectorXd as_limits(const std::vector<double>& v, int n, const char* flag) {
  if (v.empty()) return {};
  if (v.size() == 1) return VectorXd::Constant(n, v[0]);
  if (static_cast<int>(v.size()) != n)
    throw UsageError(std::string(flag) + " has " + std::to_string(v.size()) +
                     " values: give one, or one per joint (" + std::to_string(n) + ")");
  return Eigen::Map<const VectorXd>(v.data(), n);
}

void run_excite(const ExciteCliOptions& o) {
  check_output_file(o.out, "--out");
  const SerialModel model = load_serial_model(o.model, true, false);
  const int n = model.dof();
  ExcitationOptions options = o.excitation;
  options.qd_max = as_limits(o.qd_max, n, "--qd-max");
  options.qdd_max = as_limits(o.qdd_max, n, "--qdd-max");
  const bool drive = !o.no_drive;
  const BaseParameters base = structural_base_parameters(model, drive);
  if (isatty(STDERR_FILENO))
    options.progress = [total = options.evaluations](int evaluation, double best) {
      if (evaluation % 20 != 0 && evaluation != total) return;
      std::cerr << "\rexcite: " << std::setw(3) << 100 * evaluation / total
                << "% best cond(W_b) = " << format_number(std::pow(10.0, best), 4) << "    "
                << (evaluation == total ? "\n" : "") << std::flush;
    };
  const ExcitationResult r = design_excitation(
      model,
      [&](const TrajectorySamples& s) {
        return base_condition_log10(model, base, s, drive);
      },
      options);
  write_excitation_csv(o.out, r.trajectory, o.rate);
  std::cout << "excite: " << model.name << ", " << base.rank << " base parameters"
            << (drive ? " (with drive)" : "") << ", " << r.trajectory.harmonics()
            << " harmonics of " << format_number(r.trajectory.base_frequency) << " Hz\n"
            << "  cond(W_b) = " << format_number(std::pow(10.0, r.cost), 4) << " after "
            << r.evaluations << " evaluations (the first candidate: "
            << format_number(std::pow(10.0, r.history.front()), 4) << ")\n"
            << "  largest |qd| per joint:";
  for (int j = 0; j < n; ++j) std::cout << " " << format_number(r.sampled.qd_max[j], 3);
  std::cout << " (limits:";
  for (int j = 0; j < n; ++j) std::cout << " " << format_number(r.limits.qd_max[j], 3);
  std::cout << ")\nwrote " << o.out << " (t, q, qd, qdd at " << format_number(o.rate)
            << " Hz over one period of " << format_number(r.trajectory.period()) << " s)\n";
}

const bool registered = register_command(
    {"excite",
     "design an exciting trajectory for identifying a serial arm (finite Fourier series, "
     "minimum condition number)",
     [](CLI::App& sub) {
       auto o = std::make_shared<ExciteCliOptions>();
       add_serial_model_options(sub, o->model, "the arm (built-in, .yaml or .urdf)");
       sub.get_option("--model")->required();
       sub.add_option("--out", o->out, "the trajectory CSV to write (t, q, qd, qdd)")
           ->required();
       add_number(sub, "--harmonics", o->excitation.harmonics, integer_in(2, 50),
                  "harmonics per joint");
       add_number(sub, "--base-frequency", o->excitation.base_frequency, positive(100, "Hz"),
                  "fundamental frequency (the period is its inverse)");
       add_number(sub, "--evaluations", o->excitation.evaluations, integer_in(1, 1000000),
                  "cost evaluations of the search");
       add_number(sub, "--seed", o->excitation.seed, integer_in(0, 1000000000), "random seed");
       add_number(sub, "--rate", o->rate, positive(1e5, "Hz"), "sample rate of the CSV");
       sub.add_option("--qd-max", o->qd_max,
                      "speed limit(s), rad/s or m/s: one for all joints or one per joint "
                      "(default: the model's)")
           ->delimiter(',')
           ->check(number_validator(positive(1e6, "")));
       sub.add_option("--qdd-max", o->qdd_max,
                      "acceleration limit(s): one for all joints or one per joint (default: none)")
           ->delimiter(',')
           ->check(number_validator(positive(1e9, "")));
       sub.add_flag("--no-drive", o->no_drive,
                    "condition the link parameters only (no drive parameters)");
       sub.footer("Position limits are the model's (their width must be finite). "
                  "Exit status: 0 success, 2 usage error, 1 model error.");
       sub.callback([o] { run_excite(*o); });
     }});

}  // namespace
}  // namespace manipdyn::cli
