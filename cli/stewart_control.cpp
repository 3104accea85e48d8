// `manipdyn stewart control`: task-space computed-torque control (and a leg-space PD baseline)
// of the Stewart platform along a paper path, simulated with the improved model as the plant;
// CSV + PNG per case and summary.csv (docs/cli.md, docs/stewart/simulation.md).
//
//   manipdyn stewart control --paper-path I --out results/stewart_control   # every case
//   manipdyn stewart control --mismatch payload --payload 20                 # one case
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "stewart_control_output.hpp"
#include "manipdyn/stewart/control_study.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace fs = std::filesystem;
namespace ms = manipdyn::stewart;

namespace {

struct ControlCliOptions {
  std::string path = "I";
  std::string model = "dasgupta";
  bool allow_invalid_inertia = false;  // --allow-invalid-inertia
  std::string law = "computed_torque";
  std::string mismatch = "none";
  std::string out = "results/stewart_control";
  double dt = 1e-3;    // s, control period (ZOH) and log
  double step = 0;     // s, RK4 step; 0 = dt
  std::string integrator = "dormand_prince";  // the plant's, within each control period
  double twist_cutoff = ms::PlatformControlOptions{}.twist_cutoff;  // Hz (quantised)
  double wn = ms::PlatformGains{}.natural_frequency;
  double zeta = ms::PlatformGains{}.damping_ratio;
  double payload = ms::PlatformControlOptions{}.payload;
  double inertia_scale = ms::PlatformControlOptions{}.inertia_scale;
  int bits = ms::PlatformControlOptions{}.length_bits;
  double length_range = ms::PlatformControlOptions{}.length_range;
  bool no_plots = false;
};

// The checks before any work: the RK4 step and the work bounds. Returns the RK4 step.
double checked_step(const ControlCliOptions& o, const ms::PaperPath& pp) {
  using namespace manipdyn::cli;
  const double step = o.step > 0 ? o.step : o.dt;
  if (step > o.dt)
    throw UsageError("--step: " + format_number(step) + " s is longer than --dt " +
                     format_number(o.dt) + " s");
  check_work(pp.spec.tau_f, "path " + o.path + " (" + format_number(pp.spec.tau_f) + " s)",
             o.dt, "--dt", "samples", kMaxSamples);
  if (o.integrator == "rk4")
    check_work(pp.spec.tau_f, "path " + o.path + " (" + format_number(pp.spec.tau_f) + " s)",
               step, "--step", "RK4 steps", kMaxSteps);
  return step;
}

// The library's study the options describe: every case (no --law and no --mismatch given), else
// the one they name.
ms::PlatformControlStudyOptions study_options(const ControlCliOptions& o, bool every_case,
                                              double step) {
  ms::PlatformControlStudyOptions so;
  if (!every_case)
    so.cases = {ms::platform_control_case(ms::platform_control_law_from_string(o.law),
                                          ms::mismatch_from_string(o.mismatch))};
  ms::PlatformControlOptions& co = so.control;
  co.gains.natural_frequency = o.wn;
  co.gains.damping_ratio = o.zeta;
  co.payload = o.payload;
  co.inertia_scale = o.inertia_scale;
  co.length_bits = o.bits;
  co.length_range = o.length_range;
  co.control_period = o.dt;
  co.step = step;
  co.integrator = manipdyn::integrator_from_string(o.integrator);
  co.twist_cutoff = o.twist_cutoff;
  return so;
}

// The command: checks, the model, the study (each case's CSV and plots, summary.csv).
void run(const ControlCliOptions& o, bool every_case) {
  const ms::PaperPath pp = ms::paper_path(o.path);
  const double step = checked_step(o, pp);
  const ms::PlatformControlStudyOptions study = study_options(o, every_case, step);
  manipdyn::cli::prepare_output_dir(o.out, "--out");
  const ms::StewartModel model = manipdyn::cli::load_stewart_model(o.model, false, "--model",
                                                                  o.allow_invalid_inertia);
  manipdyn::cli::write_platform_control_study({o.out, !o.no_plots, std::cout, {}}, model, pp,
                                              study);
}

void setup(CLI::App& sub) {
  using namespace manipdyn::cli;
  auto o = std::make_shared<ControlCliOptions>();
  sub.add_option("--paper-path", o->path, "I, II or III (Dasgupta 1998)")
      ->capture_default_str()
      ->check(one_of({"I", "II", "III"}));
  sub.add_option("--model", o->model,
                 "platform: dasgupta, pedrammehr (corrected inertias) or a Stewart .yaml file")
      ->capture_default_str()
      ->check(non_empty());
  add_allow_invalid_inertia_option(sub, o->allow_invalid_inertia);
  sub.add_option("--law", o->law, "computed_torque (task space) or pd (leg space)")
      ->capture_default_str()
      ->check(one_of(manipdyn::names<ms::PlatformControlLaw>()));
  sub.add_option("--mismatch", o->mismatch,
                 "none, payload, inertia, dasgupta_model or quantised (without --law and "
                 "--mismatch: every case and a summary)")
      ->capture_default_str()
      ->check(one_of(manipdyn::names<ms::Mismatch>()));
  sub.add_option("--out", o->out, "output folder, created if needed")
      ->capture_default_str()
      ->check(non_empty());
  add_number(sub, "--dt", o->dt, positive(1.0, "s"), "control period (zero-order hold) and log step");
  add_number(sub, "--step", o->step, non_negative(1.0, "s"),
             "RK4 step (--integrator rk4), <= --dt (0: --dt)");
  sub.add_option("--integrator", o->integrator,
                 "the plant's integrator within each control period: dormand_prince (adaptive "
                 "substeps, default) or rk4 (fixed --step)")
      ->capture_default_str()
      ->check(one_of(manipdyn::names<manipdyn::IntegratorType>()));
  add_number(sub, "--twist-cutoff", o->twist_cutoff, non_negative(1e6, "Hz"),
             "low-pass cutoff on the twist differenced from the quantised sensors (--mismatch "
             "quantised; 0: none)");
  add_number(sub, "--wn", o->wn, positive(1e4, "rad/s"), "natural frequency of the error dynamics");
  add_number(sub, "--zeta", o->zeta, positive(100, ""), "damping ratio (1: critically damped)");
  add_number(sub, "--payload", o->payload, non_negative(1e6, "kg"), "payload added to the plant (--mismatch payload)");
  add_number(sub, "--inertia-scale", o->inertia_scale, positive(100, ""),
             "factor on the controller's masses and inertias (--mismatch inertia)");
  add_number(sub, "--bits", o->bits, integer_in(1, 52), "leg-length sensor bits (--mismatch quantised)");
  add_number(sub, "--length-range", o->length_range, positive(1e3, "m"),
             "leg-length sensor full scale (--mismatch quantised)");
  sub.add_flag("--no-plots", o->no_plots, "write CSV only");
  sub.footer("Units: SI and radians. The plant is the improved (exact-U-joint) model. Exit status: "
             "0 success, 2 usage error, 1 model or computation error (docs/cli.md).");
  sub.callback([o, &sub] {
    run(*o, sub.count("--law") == 0 && sub.count("--mismatch") == 0);
  });
}

const bool registered = manipdyn::cli::register_subcommand(
    "stewart", {"control",
                "computed-torque (or PD) control along a paper path with model mismatch; CSV, PNG, "
                "summary.csv",
                setup});

}  // namespace
