// The presentation of the Stewart control study (stewart_control_output.hpp).
#include "stewart_control_output.hpp"

#include <iomanip>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "python_scripts.hpp"
#include "manipdyn/io/csv.hpp"

namespace fs = std::filesystem;
namespace ms = manipdyn::stewart;

namespace manipdyn::cli {
namespace {

// Runs python/manipdyn/stewart_control_plots.py ($MANIPDYN_STEWART_CONTROL_PLOT_SCRIPT
// overrides); its output appended to `log` if given.
void plot(const fs::path& csv, const fs::path& prefix, const std::string& title,
          const fs::path& log) {
  run_plot_script(python_script("stewart_control_plots.py", "MANIPDYN_STEWART_CONTROL_PLOT_SCRIPT"),
                  {csv.string(), prefix.string(), title}, log, " (use --no-plots to skip)");
}

// The header of the table printed while the cases run.
void print_header(const ms::PaperPath& pp, const ms::StewartModel& model,
                  const ms::PlatformControlOptions& o, std::ostream& text) {
  text << "Path " << pp.name << " (" << pp.spec.tau_f << " s) on " << model.name
       << ", improved plant (" << to_string(o.integrator) << "), dt " << o.control_period
       << " s, wn " << o.gains.natural_frequency << " rad/s, zeta " << o.gains.damping_ratio
       << "\n"
       << std::left << std::setw(16) << "case" << std::right << std::setw(14) << "max|e_t| [m]"
       << std::setw(14) << "rms|e_t| [m]" << std::setw(15) << "max|e_R| [rad]" << std::setw(15)
       << "rms|e_R| [rad]" << std::setw(12) << "max|F| [N]" << "\n";
}

// The row of one case on the terminal.
void print_row(const ms::PlatformControlCaseResult& r, std::ostream& text) {
  const ms::TrackingSummary& s = r.summary;
  text << std::left << std::setw(16) << r.which.name << std::right << std::setprecision(3)
       << std::scientific << std::setw(14) << s.max_position_error << std::setw(14)
       << s.rms_position_error << std::setw(15) << s.max_orientation_error << std::setw(15)
       << s.rms_orientation_error << std::defaultfloat << std::setprecision(5) << std::setw(12)
       << s.max_abs_force << "\n";
}

// The error of the cases whose closed loop diverged ("case: error" each).
std::runtime_error diverged(const std::vector<std::string>& failed, std::size_t cases,
                            IntegratorType integrator) {
  // With Dormand-Prince the plant's steps follow the dynamics, so a divergence is the
  // sampled closed loop itself, not the integration.
  std::string msg = std::to_string(failed.size()) + " of " + std::to_string(cases) +
                    " cases diverged";
  if (integrator == IntegratorType::dormand_prince)
    msg += " (the plant is integrated with adaptive substeps, so the sampled closed loop "
           "itself is unstable there: a shorter --dt, e.g. 1e-4, or other gains)";
  else
    msg += " (with --integrator rk4 a --step too long for the held forces can diverge too: "
           "try --integrator dormand_prince or a shorter --step)";
  for (const std::string& f : failed) msg += "\n  " + f;
  return std::runtime_error(msg);
}

}  // namespace

void write_platform_control_study(const PlatformControlOutput& out, const ms::StewartModel& model,
                                  const ms::PaperPath& pp,
                                  const ms::PlatformControlStudyOptions& study) {
  print_header(pp, model, study.control, out.text);
  std::vector<std::string> failed;  // "case: error" of the runs that diverged
  // Each case written as soon as it has run: its CSV and figures, then its row
  const auto write_case = [&](const ms::PlatformControlCaseResult& r) {
    if (r.diverged) {
      failed.push_back(r.which.name + ": " + r.error);
      out.text << std::left << std::setw(16) << r.which.name << "diverged (see below)\n";
      return;
    }
    const std::string stem = "control_" + pp.name + "_" + r.which.name;
    CsvWriter csv(out.dir / (stem + ".csv"));
    ms::write_platform_simulation_csv(csv.out, r.simulation);
    const fs::path written = csv.finish();
    out.text.flush();
    if (out.plots)
      plot(written, out.dir / stem,
           "Path " + pp.name + ", " + r.which.name + " (" + model.name + ")", out.log);
    print_row(r, out.text);
  };
  const std::vector<ms::PlatformControlCaseResult> results =
      ms::run_platform_control_study(model, ms::plan_path(pp.spec), study, write_case);
  // The summary, once every case has run
  CsvWriter file(out.dir / "summary.csv");
  ms::write_platform_control_summary_csv(file.out, results);
  file.finish();
  out.text << "written " << out.dir.string() << "/control_" << pp.name << "_*.csv"
           << (out.plots ? ", *_tracking.png, *_forces.png" : "") << " and summary.csv\n";
  if (!failed.empty()) throw diverged(failed, results.size(), study.control.integrator);
}

}  // namespace manipdyn::cli
