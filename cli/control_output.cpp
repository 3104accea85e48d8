// The presentation of the tracking experiments and of the study of Lee et al. ~1982
// (control_output.hpp).
#include "control_output.hpp"

#include <unistd.h>

#include <iomanip>
#include <iostream>
#include <string>

#include "checks.hpp"
#include "python_scripts.hpp"
#include "manipdyn/io/csv.hpp"

namespace manipdyn::cli {
namespace {

constexpr double kPaperResolution = kLee1982AdcResolution;  // rad per bit, Lee et al. ~1982 sec. 5

// A progress bar on stderr (only when stderr is a terminal).
std::function<void(double, double)> progress_bar(const std::string& label) {
  if (!isatty(STDERR_FILENO)) return {};
  return [label](double t, double total) {
    const int width = 30, done = static_cast<int>(width * t / total + 1e-9);
    std::cerr << "\r" << label << " [" << std::string(done, '#') << std::string(width - done, ' ')
              << "] " << std::setw(3) << static_cast<int>(100 * t / total + 1e-9) << "%  t = "
              << std::fixed << std::setprecision(2) << t << " / " << total << " s"
              << (t >= total ? "\n" : "") << std::flush;
  };
}

// Runs plot_control.py on the CSV; returns false (with a warning) if plotting failed.
bool plot(const std::string& csv, const std::string& prefix, const std::string& title,
          const std::filesystem::path& log) {
  const ScriptRun run = run_python_script(
      python_script("plot_control.py"),
      {csv, prefix, "--resolution", std::to_string(kPaperResolution), "--title", title}, log);
  if (!run.ok()) std::cerr << "warning: plotting failed (" << run.command << ")\n";
  return run.ok();
}

// The identified payload against the controller's and the plant's, as payload_estimate.csv.
void write_payload_estimate(const Lee1982Study& study, const ControlOutput& out) {
  const PayloadEstimate& p = study.payload_estimate;
  const VectorXd& used = study.controller_payload;
  const VectorXd& truth = study.plant_payload;
  CsvWriter csv((out.dir / "payload_estimate.csv").string());
  csv.out << "parameter,estimate,standard_deviation,controller,plant\n";
  for (int i = 0; i < 10; ++i)
    csv.out << p.names[static_cast<std::size_t>(i)] << "," << csv_number(p.parameters[i], 6)
            << "," << csv_number(p.standard_deviation[i], 6) << "," << csv_number(used[i], 6)
            << "," << csv_number(truth[i], 6) << "\n";
  csv.finish();
  out.text << "payload identified from the run " << study.payload_case << ": m = "
           << format_number(p.mass) << " kg (plant " << format_number(truth[0]) << " kg), c = ("
           << format_number(p.com.x()) << ", " << format_number(p.com.y()) << ", "
           << format_number(p.com.z()) << ") m; wrote " << (out.dir / "payload_estimate.csv").string()
           << "\n";
}

}  // namespace

void prepare_tracking_run(TrackingExperiment& e, const ControlOutput& out) {
  if (e.simulation.integrator == IntegratorType::rk4)
    if (const std::string note = rk4_step_note(e.simulation.step, e.simulation.control_period,
                                               "--control-period");
        !note.empty())
      out.text << e.name << ": " << note << "\n";
  e.simulation.progress = progress_bar(e.name);
}

void write_tracking_run(const TrackingExperiment& e, const TrackingExperimentResult& r,
                        const ControlOutput& out) {
  // Outputs: CSV and the two figures (the folder was checked by the caller).
  const std::string prefix = (out.dir / e.name).string();
  CsvWriter csv(prefix + ".csv");
  write_simulation_csv(csv.out, r.simulation);
  csv.finish();
  out.text << "wrote " << prefix << ".csv";
  out.text.flush();
  if (out.plots && plot(prefix + ".csv", prefix, e.description, out.log))
    out.text << ", " << prefix << "_errors.png, " << prefix << "_torques.png";
  out.text << "\n";
}

void write_tracking_summary(const std::vector<TrackingExperimentResult>& cases,
                            const std::string& csv_path, std::ostream& text) {
  const int n = static_cast<int>(cases.front().max_abs_error.size());
  text << "\nLargest |q_d - q| per joint (rad); 12-bit A/D resolution of Lee et al.: "
       << kPaperResolution << " rad\n";
  text << std::left << std::setw(20) << "case";
  for (int i = 0; i < n; ++i)
    text << std::right << std::setw(11) << ("joint " + std::to_string(i + 1));
  text << "   within 4.26e-4?\n";
  for (const auto& c : cases) {
    text << std::left << std::setw(20) << c.name;
    for (int i = 0; i < n; ++i)
      text << std::right << std::setw(11) << std::scientific << std::setprecision(2)
           << c.max_abs_error[i];
    text << "   " << (c.max_abs_error.maxCoeff() <= kPaperResolution ? "yes" : "no") << "\n"
         << std::defaultfloat << std::setprecision(6);
  }
  CsvWriter csv(csv_path);
  write_tracking_summary_csv(csv.out, cases);
  csv.finish();
  text << "wrote " << csv_path << "\n";
}

void write_lee1982_study(const SerialModel& arm, const TrackingExperiment& base,
                         const std::string& model_name, const ControlOutput& out) {
  Lee1982StudyOptions options;
  options.before_run = [&out](TrackingExperiment& e) { prepare_tracking_run(e, out); };
  options.after_run = [&out](const TrackingExperiment& e, const TrackingExperimentResult& r) {
    write_tracking_run(e, r, out);
  };
  options.after_payload = [&out](const Lee1982Study& s) { write_payload_estimate(s, out); };
  const Lee1982Study study = run_lee1982_study(arm, base, model_name, options);
  write_tracking_summary(study.results, (out.dir / "summary.csv").string(), out.text);
}

}  // namespace manipdyn::cli
