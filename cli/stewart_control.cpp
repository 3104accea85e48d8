// `manipdyn stewart control`: task-space computed-torque control (and a leg-space PD baseline)
// of the Stewart platform along a paper path, simulated with the improved model as the plant;
// CSV + PNG per case and summary.csv (docs/cli.md, docs/stewart/simulation.md).
//
//   manipdyn stewart control --paper-path I --out results/stewart_control   # every case
//   manipdyn stewart control --mismatch payload --payload 20                 # one case
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "python_scripts.hpp"
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
  ms::ControlLaw law;
  ms::Mismatch mismatch;
};

std::string quote(const fs::path& p) {
  std::string s = "'";
  for (char c : p.string()) s += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return s + "'";
}

// Runs python/manipdyn/stewart_control_plots.py ($MANIPDYN_STEWART_CONTROL_PLOT_SCRIPT overrides).
void plot(const fs::path& csv, const fs::path& prefix, const std::string& title) {
  fs::path script = manipdyn::cli::python_script("stewart_control_plots.py");
  if (const char* env = std::getenv("MANIPDYN_STEWART_CONTROL_PLOT_SCRIPT")) script = env;
  if (!fs::exists(script)) throw std::runtime_error("plot script not found: " + script.string());
  const std::string cmd = "/usr/bin/python3 " + quote(script) + " " + quote(csv) + " " +
                          quote(prefix) + " " + quote(fs::path(title));
  if (std::system(cmd.c_str()) != 0)
    throw std::runtime_error("plotting failed: " + cmd + " (use --no-plots to skip)");
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
      ->check(one_of(manipdyn::names<ms::ControlLaw>()));
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
    // checks before any work
    const ms::PaperPath pp = ms::paper_path(o->path);
    const double step = o->step > 0 ? o->step : o->dt;
    if (step > o->dt)
      throw UsageError("--step: " + format_number(step) + " s is longer than --dt " +
                       format_number(o->dt) + " s");
    check_work(pp.spec.tau_f, "path " + o->path + " (" + format_number(pp.spec.tau_f) + " s)",
               o->dt, "--dt", "samples", kMaxSamples);
    if (o->integrator == "rk4")
      check_work(pp.spec.tau_f, "path " + o->path + " (" + format_number(pp.spec.tau_f) + " s)",
                 step, "--step", "RK4 steps", kMaxSteps);
    std::vector<Case> cases;
    if (sub.count("--law") == 0 && sub.count("--mismatch") == 0) {
      cases = {{"ideal", ms::ControlLaw::computed_torque, ms::Mismatch::none},
               {"payload", ms::ControlLaw::computed_torque, ms::Mismatch::payload},
               {"inertia", ms::ControlLaw::computed_torque, ms::Mismatch::inertia},
               {"dasgupta_model", ms::ControlLaw::computed_torque, ms::Mismatch::dasgupta_model},
               {"quantised", ms::ControlLaw::computed_torque, ms::Mismatch::quantised},
               {"pd", ms::ControlLaw::pd, ms::Mismatch::none}};
    } else {
      const ms::ControlLaw law = ms::control_law_from_string(o->law);
      const ms::Mismatch mm = ms::mismatch_from_string(o->mismatch);
      std::string name = law == ms::ControlLaw::pd ? "pd" : "";
      if (mm != ms::Mismatch::none) name += (name.empty() ? "" : "_") + std::string(ms::to_string(mm));
      cases = {{name.empty() ? "ideal" : name, law, mm}};
    }
    prepare_output_dir(o->out, "--out");
    const ms::StewartModel model = load_stewart_model(o->model, false, "--model", o->allow_invalid_inertia);
    const ms::PlannedPath path = ms::plan_path(pp.spec);

    std::ostringstream summary;
    summary << "case,law,mismatch,max_position_error,rms_position_error,max_orientation_error,"
               "rms_orientation_error,max_abs_force\n";
    std::cout << "Path " << pp.name << " (" << pp.spec.tau_f << " s) on " << model.name
              << ", improved plant (" << o->integrator << "), dt " << o->dt << " s, wn " << o->wn << " rad/s, zeta "
              << o->zeta << "\n"
              << std::left << std::setw(16) << "case" << std::right << std::setw(14)
              << "max|e_t| [m]" << std::setw(14) << "rms|e_t| [m]" << std::setw(15)
              << "max|e_R| [rad]" << std::setw(15) << "rms|e_R| [rad]" << std::setw(12)
              << "max|F| [N]" << "\n";
    std::vector<std::string> failed;  // "case: error" of the runs that diverged
    for (const Case& c : cases) {
      ms::PlatformControlOptions co;
      co.law = c.law;
      co.mismatch = c.mismatch;
      co.gains.natural_frequency = o->wn;
      co.gains.damping_ratio = o->zeta;
      co.payload = o->payload;
      co.inertia_scale = o->inertia_scale;
      co.length_bits = o->bits;
      co.length_range = o->length_range;
      co.control_period = o->dt;
      co.step = step;
      co.integrator = manipdyn::integrator_from_string(o->integrator);
      co.twist_cutoff = o->twist_cutoff;
      // a case whose closed loop diverges is reported and the others still run
      ms::PlatformSimulationResult r;
      try {
        r = ms::control(model, path, co);
      } catch (const std::runtime_error& e) {
        failed.push_back(c.name + ": " + e.what());
        summary << c.name << ',' << ms::to_string(c.law) << ',' << ms::to_string(c.mismatch)
                << ",nan,nan,nan,nan,nan\n";
        std::cout << std::left << std::setw(16) << c.name << "diverged (see below)\n";
        continue;
      }
      const ms::TrackingSummary s = ms::summarize_tracking(r);
      const std::string stem = "control_" + pp.name + "_" + c.name;
      const fs::path csv = fs::path(o->out) / (stem + ".csv");
      {
        std::ofstream f(csv);
        if (!f) throw std::runtime_error("cannot write " + csv.string());
        ms::write_platform_simulation_csv(f, r);
        if (!f.flush()) throw std::runtime_error("error while writing " + csv.string());
      }
      if (!o->no_plots)
        plot(csv, fs::path(o->out) / stem, "Path " + pp.name + ", " + c.name + " (" + model.name + ")");
      summary << std::setprecision(10) << c.name << ',' << ms::to_string(c.law) << ','
              << ms::to_string(c.mismatch) << ',' << s.max_position_error << ','
              << s.rms_position_error << ',' << s.max_orientation_error << ','
              << s.rms_orientation_error << ',' << s.max_abs_force << '\n';
      std::cout << std::left << std::setw(16) << c.name << std::right << std::setprecision(3)
                << std::scientific << std::setw(14) << s.max_position_error << std::setw(14)
                << s.rms_position_error << std::setw(15) << s.max_orientation_error
                << std::setw(15) << s.rms_orientation_error << std::defaultfloat
                << std::setprecision(5) << std::setw(12) << s.max_abs_force << "\n";
    }
    const fs::path sfile = fs::path(o->out) / "summary.csv";
    std::ofstream f(sfile);
    if (!(f << summary.str()).flush()) throw std::runtime_error("cannot write " + sfile.string());
    std::cout << "written " << o->out << "/control_" << pp.name << "_*.csv"
              << (o->no_plots ? "" : ", *_tracking.png, *_forces.png") << " and summary.csv\n";
    if (!failed.empty()) {
      // With Dormand-Prince the plant's steps follow the dynamics, so a divergence is the
      // sampled closed loop itself, not the integration.
      std::string msg = std::to_string(failed.size()) + " of " + std::to_string(cases.size()) +
                        " cases diverged";
      if (o->integrator == "dormand_prince")
        msg += " (the plant is integrated with adaptive substeps, so the sampled closed loop "
               "itself is unstable there: a shorter --dt, e.g. 1e-4, or other gains)";
      else
        msg += " (with --integrator rk4 a --step too long for the held forces can diverge too: "
               "try --integrator dormand_prince or a shorter --step)";
      for (const std::string& f : failed) msg += "\n  " + f;
      throw std::runtime_error(msg);
    }
  });
}

const bool registered = manipdyn::cli::register_subcommand(
    "stewart", {"control",
                "computed-torque (or PD) control along a paper path with model mismatch; CSV, PNG, "
                "summary.csv",
                setup});

}  // namespace
