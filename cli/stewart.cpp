// `manipdyn stewart ...`: run the Stewart-platform paths (Dasgupta 1998, Pedrammehr 2012) with
// both dynamic models, write CSV and plots.
//
//   manipdyn stewart run --path I --out results/stewart          # one paper path
//   manipdyn stewart run --path custom --t0 0.1 0 0.4 --t1 0.3 0 0.6 --tau-f 6 --V 0.08 ...
//   manipdyn stewart studies --out results/stewart                # all six paper paths + summary
//   manipdyn stewart run --path I --model my_platform.yaml        # any platform: built-in or file
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "checks.hpp"
#include "manipdyn/io/csv.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "python_scripts.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics_improved.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace fs = std::filesystem;
namespace ms = manipdyn::stewart;

namespace {

// Runs stewart_plots.py ($MANIPDYN_STEWART_PLOT_SCRIPT overrides) on one path's CSV.
void plot(const fs::path& csv, const fs::path& prefix, const std::string& title) {
  using namespace manipdyn::cli;
  run_plot_script(python_script("stewart_plots.py", "MANIPDYN_STEWART_PLOT_SCRIPT"),
                  {csv.string(), prefix.string(), title}, {}, " (use --no-plots to skip)");
}

struct RunOptions {
  std::string path = "I";
  std::string model;     // empty: each paper's own platform (Dasgupta or Pedrammehr)
  bool allow_invalid_inertia = false;  // --allow-invalid-inertia
  std::string platform;  // printed (default) | corrected: inertias of the built-in platforms
  std::string out = "results/stewart";
  double dt = 0;          // s; used only when --dt is given (else each path's own)
  bool dt_given = false;
  bool no_plots = false;
  double condition_warning = 1e3;
  std::vector<double> t0, theta0{0, 0, 0}, t1, theta1{0, 0, 0};
  double tau_f = 0, V = 0, Omega = 0;
};

// The platform of a path: --model if given (a built-in or a Stewart YAML file), else the
// paper's own test platform; --platform chooses the printed or corrected built-in inertias.
ms::StewartModel make_platform(const RunOptions& o, bool pedrammehr) {
  const std::string which = o.platform.empty() ? "printed" : o.platform;
  const bool printed = which == "printed";
  if (o.model.empty())
    return pedrammehr ? ms::pedrammehr_test_platform(printed) : ms::dasgupta_test_platform(printed);
  if (!o.platform.empty() &&
      manipdyn::cli::model_spec_kind(o.model) != manipdyn::cli::ModelSpecKind::stewart_builtin)
    throw std::invalid_argument(
        "--platform applies to the built-in platforms only, not to --model '" + o.model + "'");
  return manipdyn::cli::load_stewart_model(o.model, printed, "--model", o.allow_invalid_inertia);
}

std::string fmt6(const manipdyn::Vector6d& v) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(3);
  for (int i = 0; i < 6; ++i) os << (i ? ", " : "") << v(i);
  return os.str();
}

// Runs one path on `model` and returns its summary text.
std::string run_one(const ms::PaperPath& pp, const RunOptions& o, const ms::StewartModel& model) {
  ms::PathSpec spec = pp.spec;
  if (o.dt_given) spec.dt = o.dt;
  const ms::PlannedPath path = ms::plan_path(spec);
  ms::InverseDynamicsOptions opt;
  opt.condition_warning = o.condition_warning;
  const auto rows = ms::evaluate_path(model, path, opt, [&](std::size_t done, std::size_t total) {
    std::cerr << "path " << pp.name << ": " << done << "/" << total << " samples\n";
  });
  const fs::path csv = fs::path(o.out) / ("path_" + pp.name + ".csv");
  {
    manipdyn::CsvWriter f(csv);
    ms::write_path_csv(f.out, rows);
    f.finish();
  }
  if (!o.no_plots) plot(csv, fs::path(o.out) / ("path_" + pp.name), "Path " + pp.name + " (" + model.name + ")");
  const ms::PathSummary s = ms::summarize(rows);
  std::ostringstream os;
  os << std::setprecision(4);
  os << "Path " << pp.name << ": " << pp.description << "\n"
     << "  platform " << model.name << ", " << rows.size() << " samples, blend times tau_t = "
     << path.tau_t << " s, tau_theta = " << path.tau_theta << " s\n"
     << "  max |F| Dasgupta " << s.max_abs_F << " N, improved " << s.max_abs_F_improved
     << " N, max |F_improved - F| " << s.max_abs_model_difference << " N\n"
     << "  max |Fd/F| " << s.max_abs_fraction << " (all samples); " << s.max_abs_fraction_significant
     << " where |F| >= 25% of the leg's peak (leg " << s.max_fraction_leg << ", t = " << s.max_fraction_time << " s)\n"
     << "  peak cond(H) " << s.peak_condition << " at t = " << s.peak_condition_time << " s, position ["
     << s.peak_condition_t.transpose() << "], rpy [" << s.peak_condition_theta.transpose() << "]\n"
     << "  max |leg spin| " << s.max_spin << " rad/s, max |spin acceleration| " << s.max_spin_acc << " rad/s^2\n";
  for (const auto& r : rows)
    if (std::abs(r.time - 3.0) < 1e-9) {
      os << "  at t = 3 s: F Dasgupta [" << fmt6(r.F) << "] N\n"
         << "             F improved [" << fmt6(r.F_improved) << "] N\n"
         << "             F0 [" << fmt6(r.F0) << "] N\n";
    }
  os << "  written " << csv.string() << (o.no_plots ? "" : " and path_" + pp.name + "_*.png") << "\n";
  return os.str();
}

// Checks the sampling step of a path before anything is planned or allocated: --dt no longer
// than the path, at most kMaxSamples samples.
void check_sampling(const ms::PaperPath& pp, const RunOptions& o) {
  using manipdyn::cli::format_number;
  if (!o.dt_given) return;
  const double tau_f = pp.spec.tau_f;
  if (o.dt > tau_f)
    throw manipdyn::cli::UsageError("--dt: " + format_number(o.dt) + " s is longer than path " +
                                    pp.name + " (" + format_number(tau_f) + " s)");
  const double samples = std::floor(tau_f / o.dt + 1e-9) + 1;
  if (samples > manipdyn::cli::kMaxSamples)
    throw manipdyn::cli::UsageError(
        "too much work: path " + pp.name + " lasts " + format_number(tau_f) + " s; --dt " +
        format_number(o.dt) + " s gives " + format_number(samples, 4) + " samples, at most " +
        format_number(manipdyn::cli::kMaxSamples) + " allowed (raise --dt to at least " +
        format_number(tau_f / (manipdyn::cli::kMaxSamples - 1), 4) + " s)");
}

// The custom path of `stewart run --path custom`, checked.
ms::PaperPath custom_path(const RunOptions& o, const CLI::App& run) {
  using manipdyn::cli::UsageError;
  std::string missing;
  for (const char* flag : {"--t0", "--t1", "--tau-f"})
    if (run.count(flag) == 0) missing += (missing.empty() ? "" : ", ") + std::string(flag);
  if (!missing.empty())
    throw UsageError("--path custom needs --t0 and --t1 (3 numbers each) and --tau-f; missing " +
                     missing);
  ms::PaperPath pp;
  pp.name = "custom";
  pp.description = "custom straight-line path";
  pp.spec.t0 = manipdyn::Vector3d(o.t0[0], o.t0[1], o.t0[2]);
  pp.spec.t1 = manipdyn::Vector3d(o.t1[0], o.t1[1], o.t1[2]);
  pp.spec.theta0 = manipdyn::Vector3d(o.theta0[0], o.theta0[1], o.theta0[2]);
  pp.spec.theta1 = manipdyn::Vector3d(o.theta1[0], o.theta1[1], o.theta1[2]);
  pp.spec.tau_f = o.tau_f;
  pp.spec.V = o.V;
  pp.spec.Omega = o.Omega;
  pp.spec.dt = o.dt_given ? o.dt : o.tau_f / 100;
  if (pp.spec.t1 != pp.spec.t0 && !(o.V > 0))
    throw UsageError("--V: must be > 0 m/s when --t1 differs from --t0, got " +
                     manipdyn::cli::format_number(o.V));
  if (pp.spec.theta1 != pp.spec.theta0 && !(o.Omega > 0))
    throw UsageError("--Omega: must be > 0 rad/s when --theta1 differs from --theta0, got " +
                     manipdyn::cli::format_number(o.Omega));
  return pp;
}

// The options of `stewart run` and `stewart studies` alike.
void add_common_options(CLI::App* sub, RunOptions& opts) {
  using namespace manipdyn::cli;
  sub->add_option("--model", opts.model,
                  "platform: dasgupta, pedrammehr or a Stewart .yaml file (default: each paper's "
                  "own test platform)")
      ->check(non_empty());
  add_allow_invalid_inertia_option(*sub, opts.allow_invalid_inertia);
  sub->add_option("--platform", opts.platform,
                  "inertias of the built-in platforms: printed (the papers' numbers, default) or "
                  "corrected")
      ->check(one_of({"printed", "corrected"}));
  sub->add_option("--out", opts.out, "output folder, created if needed")
      ->capture_default_str()
      ->check(non_empty());
  sub->add_option("--dt", opts.dt,
                  "sampling step instead of each path's own [> 0 s, <= the path's duration, "
                  "at most 1e6 samples per path]")
      ->check(number_validator(NumberRange{Bound{0.0, false}, std::nullopt, "s"}));
  sub->add_flag("--no-plots", opts.no_plots, "write CSV only");
  add_number(*sub, "--condition-warning", opts.condition_warning,
             NumberRange{Bound{1.0}, Bound{1e12}, ""}, "flag samples with cond(H) above this");
  sub->footer("Units: SI and radians (RPY angles in rad, rates in rad/s). Exit status: 0 "
              "success, 2 usage error, 1 model or computation error (docs/cli.md).");
}

// `stewart studies`: every paper path, each on its paper's platform (or --model), and
// summary.txt.
void add_studies(CLI::App& app, const std::shared_ptr<RunOptions>& opts) {
  using namespace manipdyn::cli;
  CLI::App* studies = app.add_subcommand("studies", "all six paper paths; CSV, PNG and summary.txt");
  add_common_options(studies, *opts);
  studies->callback([opts, studies] {
    opts->dt_given = studies->count("--dt") > 0;
    for (const ms::PaperPath& pp : ms::paper_paths()) check_sampling(pp, *opts);
    prepare_output_dir(opts->out, "--out");
    std::ostringstream all;
    // One platform for every path when --model is given (loaded once), else each paper's own.
    std::optional<ms::StewartModel> given;
    if (!opts->model.empty()) given = make_platform(*opts, false);
    for (const ms::PaperPath& pp : ms::paper_paths())
      all << run_one(pp, *opts, given ? *given : make_platform(*opts, pp.pedrammehr));
    std::cout << all.str();
    const fs::path summary = fs::path(opts->out) / "summary.txt";
    std::ofstream file(summary);
    if (!(file << all.str()).flush()) throw std::runtime_error("cannot write " + summary.string());
  });
}

void setup(CLI::App& app) {
  using namespace manipdyn::cli;
  app.require_subcommand(1);
  auto opts = std::make_shared<RunOptions>();
  CLI::App* run = app.add_subcommand("run", "run one path with both models; write CSV and PNG");
  run->add_option("--path", opts->path, "I, II, III (Dasgupta 1998), 1, 2, 3 (Pedrammehr 2012) or custom")
      ->capture_default_str()
      ->check(one_of({"I", "II", "III", "1", "2", "3", "custom"}));
  const auto finite = number_validator(finite_number(""));
  run->add_option("--t0", opts->t0, "custom: start position, m (3 numbers)")->expected(3)->check(finite);
  run->add_option("--theta0", opts->theta0, "custom: start RPY, rad (3 numbers; default 0 0 0)")
      ->expected(3)
      ->check(finite);
  run->add_option("--t1", opts->t1, "custom: end position, m (3 numbers)")->expected(3)->check(finite);
  run->add_option("--theta1", opts->theta1, "custom: end RPY, rad (3 numbers; default 0 0 0)")
      ->expected(3)
      ->check(finite);
  run->add_option("--tau-f", opts->tau_f,
                  "custom: duration (required) [" + positive(1e6, "s").text() + "]")
      ->check(number_validator(positive(1e6, "s")));
  add_number(*run, "--V", opts->V, non_negative(1e3, "m/s"),
             "custom: cruise speed (> 0 if the position moves)");
  add_number(*run, "--Omega", opts->Omega, non_negative(1e3, "rad/s"),
             "custom: cruise RPY rate (> 0 if the orientation moves)");
  add_common_options(run, *opts);
  run->callback([opts, run] {
    opts->dt_given = run->count("--dt") > 0;
    ms::PaperPath pp;
    if (opts->path == "custom") {
      pp = custom_path(*opts, *run);
    } else {
      for (const char* flag : {"--t0", "--t1", "--theta0", "--theta1", "--tau-f", "--V", "--Omega"})
        if (run->count(flag) > 0)
          throw UsageError(std::string(flag) + " applies to --path custom only (--path " +
                           opts->path + " is a paper path)");
      pp = ms::paper_path(opts->path);
    }
    check_sampling(pp, *opts);
    prepare_output_dir(opts->out, "--out");
    std::cout << run_one(pp, *opts, make_platform(*opts, pp.pedrammehr));
  });
  add_studies(app, opts);
  // The Stewart commands of other files (register_subcommand("stewart", ...), command.hpp).
  for (const Command& command : subcommands("stewart")) {
    CLI::App* sub = app.add_subcommand(command.name, command.help);
    command.setup(*sub);
  }
}

const bool registered = manipdyn::cli::register_command(
    {"stewart", "Stewart platform: paper paths and custom paths with both dynamic models", setup});

}  // namespace
