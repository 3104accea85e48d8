// `manipdyn stewart control`: task-space computed-torque control (and a leg-space PD baseline)
// of the Stewart platform along a paper path, simulated with the improved model as the plant;
// CSV + PNG per case and summary.csv (docs/cli.md, docs/stewart/simulation.md).
//
//   manipdyn stewart control --paper-path I --out results/stewart_control   # every case
//   manipdyn stewart control --mismatch payload --payload 20                 # one case
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "stewart_commands.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "python_scripts.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/stewart/control.hpp"
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

struct Case {
  std::string name;
  ms::PlatformControlLaw law;
  ms::Mismatch mismatch;
};

// Runs python/manipdyn/stewart_control_plots.py ($MANIPDYN_STEWART_CONTROL_PLOT_SCRIPT
// overrides); its output appended to `log` if given.
void plot(const fs::path& csv, const fs::path& prefix, const std::string& title,
          const fs::path& log) {
  using namespace manipdyn::cli;
  run_plot_script(python_script("stewart_control_plots.py", "MANIPDYN_STEWART_CONTROL_PLOT_SCRIPT"),
                  {csv.string(), prefix.string(), title}, log, " (use --no-plots to skip)");
}

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

// Every case (no --law and no --mismatch given), else the one the options name.
std::vector<Case> cases_of(const ControlCliOptions& o, bool every_case) {
  if (every_case)
    return {{"ideal", ms::PlatformControlLaw::computed_torque, ms::Mismatch::none},
            {"payload", ms::PlatformControlLaw::computed_torque, ms::Mismatch::payload},
            {"inertia", ms::PlatformControlLaw::computed_torque, ms::Mismatch::inertia},
            {"dasgupta_model", ms::PlatformControlLaw::computed_torque, ms::Mismatch::dasgupta_model},
            {"quantised", ms::PlatformControlLaw::computed_torque, ms::Mismatch::quantised},
            {"pd", ms::PlatformControlLaw::pd, ms::Mismatch::none}};
  const ms::PlatformControlLaw law = ms::platform_control_law_from_string(o.law);
  const ms::Mismatch mm = ms::mismatch_from_string(o.mismatch);
  std::string name = law == ms::PlatformControlLaw::pd ? "pd" : "";
  if (mm != ms::Mismatch::none) name += (name.empty() ? "" : "_") + std::string(ms::to_string(mm));
  return {{name.empty() ? "ideal" : name, law, mm}};
}

// The library's options of one case.
ms::PlatformControlOptions control_options(const ControlCliOptions& o, const Case& c,
                                           double step) {
  ms::PlatformControlOptions co;
  co.law = c.law;
  co.mismatch = c.mismatch;
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
  return co;
}

// The header of the table printed while the cases run.
void print_header(const ControlCliOptions& o, const ms::PaperPath& pp,
                  const ms::StewartModel& model, std::ostream& text) {
  text << "Path " << pp.name << " (" << pp.spec.tau_f << " s) on " << model.name
       << ", improved plant (" << o.integrator << "), dt " << o.dt << " s, wn " << o.wn
       << " rad/s, zeta " << o.zeta << "\n"
       << std::left << std::setw(16) << "case" << std::right << std::setw(14) << "max|e_t| [m]"
       << std::setw(14) << "rms|e_t| [m]" << std::setw(15) << "max|e_R| [rad]" << std::setw(15)
       << "rms|e_R| [rad]" << std::setw(12) << "max|F| [N]" << "\n";
}

// The row of one case, on the terminal and in summary.csv.
void print_row(const Case& c, const ms::TrackingSummary& s, std::ostream& text,
               std::ostream& summary) {
  using manipdyn::csv_number;
  summary << c.name << ',' << ms::to_string(c.law) << ',' << ms::to_string(c.mismatch) << ','
          << csv_number(s.max_position_error, 10) << ',' << csv_number(s.rms_position_error, 10)
          << ',' << csv_number(s.max_orientation_error, 10) << ','
          << csv_number(s.rms_orientation_error, 10) << ',' << csv_number(s.max_abs_force, 10)
          << '\n';
  text << std::left << std::setw(16) << c.name << std::right << std::setprecision(3)
       << std::scientific << std::setw(14) << s.max_position_error << std::setw(14)
       << s.rms_position_error << std::setw(15) << s.max_orientation_error << std::setw(15)
       << s.rms_orientation_error << std::defaultfloat << std::setprecision(5) << std::setw(12)
       << s.max_abs_force << "\n";
}

// The error of the cases whose closed loop diverged ("case: error" each).
std::runtime_error diverged(const std::vector<std::string>& failed, std::size_t cases,
                            const std::string& integrator) {
  // With Dormand-Prince the plant's steps follow the dynamics, so a divergence is the
  // sampled closed loop itself, not the integration.
  std::string msg = std::to_string(failed.size()) + " of " + std::to_string(cases) +
                    " cases diverged";
  if (integrator == "dormand_prince")
    msg += " (the plant is integrated with adaptive substeps, so the sampled closed loop "
           "itself is unstable there: a shorter --dt, e.g. 1e-4, or other gains)";
  else
    msg += " (with --integrator rk4 a --step too long for the held forces can diverge too: "
           "try --integrator dormand_prince or a shorter --step)";
  for (const std::string& f : failed) msg += "\n  " + f;
  return std::runtime_error(msg);
}

// The command: checks, the model, each case (CSV and plots), summary.csv. `text`: what it
// prints; `log`: where the plot scripts' output goes (empty: the terminal).
void run(const ControlCliOptions& o, bool every_case, std::ostream& text, const fs::path& log) {
  const ms::PaperPath pp = ms::paper_path(o.path);
  const double step = checked_step(o, pp);
  const std::vector<Case> cases = cases_of(o, every_case);
  manipdyn::cli::prepare_output_dir(o.out, "--out");
  const ms::StewartModel model = manipdyn::cli::load_stewart_model(o.model, false, "--model",
                                                                  o.allow_invalid_inertia);
  const ms::PlannedPath path = ms::plan_path(pp.spec);
  std::ostringstream summary;  // written when every case has run
  summary << "case,law,mismatch,max_position_error,rms_position_error,max_orientation_error,"
                 "rms_orientation_error,max_abs_force\n";
  print_header(o, pp, model, text);
  std::vector<std::string> failed;  // "case: error" of the runs that diverged
  for (const Case& c : cases) {
    // a case whose closed loop diverges is reported and the others still run
    ms::PlatformSimulationResult r;
    try {
      r = ms::control(model, path, control_options(o, c, step));
    } catch (const std::runtime_error& e) {
      failed.push_back(c.name + ": " + e.what());
      summary << c.name << ',' << ms::to_string(c.law) << ',' << ms::to_string(c.mismatch)
                  << ",nan,nan,nan,nan,nan\n";
      text << std::left << std::setw(16) << c.name << "diverged (see below)\n";
      continue;
    }
    const std::string stem = "control_" + pp.name + "_" + c.name;
    manipdyn::CsvWriter csv(fs::path(o.out) / (stem + ".csv"));
    ms::write_platform_simulation_csv(csv.out, r);
    const fs::path written = csv.finish();
    text.flush();
    if (!o.no_plots)
      plot(written, fs::path(o.out) / stem,
           "Path " + pp.name + ", " + c.name + " (" + model.name + ")", log);
    print_row(c, ms::summarize_tracking(r), text, summary);
  }
  manipdyn::CsvWriter file(fs::path(o.out) / "summary.csv");
  file.out << summary.str();
  file.finish();
  text << "written " << o.out << "/control_" << pp.name << "_*.csv"
       << (o.no_plots ? "" : ", *_tracking.png, *_forces.png") << " and summary.csv\n";
  if (!failed.empty()) throw diverged(failed, cases.size(), o.integrator);
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
    run(*o, sub.count("--law") == 0 && sub.count("--mismatch") == 0, std::cout, {});
  });
}

const bool registered = manipdyn::cli::register_subcommand(
    "stewart", {"control",
                "computed-torque (or PD) control along a paper path with model mismatch; CSV, PNG, "
                "summary.csv",
                setup});

}  // namespace

namespace manipdyn::cli {

void run_stewart_control_paper_path(const std::string& path, const fs::path& out,
                                    std::ostream& text, const fs::path& log) {
  ControlCliOptions o;
  o.path = path;
  o.out = out.string();
  run(o, true, text, log);
}

}  // namespace manipdyn::cli
