// `manipdyn identify`: a serial arm's inertial and drive parameters from logged motion
// (identification/identify_from_logs.hpp, docs/identification.md), written as a YAML model file, with the
// base parameters' statistics and the torques predicted on validation logs (CSV and PNG).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "identify.hpp"

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "python_scripts.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/io/yaml_model.hpp"

namespace manipdyn::cli {
namespace {

/// The options of `manipdyn identify` (docs/cli.md).
struct IdentifyCliOptions {
  ModelSpec model;
  std::vector<std::string> data, validate, payload;
  std::string out, report;
  double cutoff = LogFilterOptions{}.cutoff, tau_cutoff = 0.0, sample_rate = 0.0;
  /// --smooth-friction: < 0 chosen from the logs (the default), 0 switching, > 0 the scale
  double smooth_friction = -1.0, payload_mass = 0.0;
  int decimate = 0;
  std::vector<double> drive_gains;
  bool no_drive = false, ols = false, unconstrained = false, no_plot = false;
  bool switching_friction = false;  ///< --switching-friction: = --smooth-friction 0
};

/// A log given as FILE or FILE:FIRST:LAST (0-based rows [FIRST, LAST) of the log).
struct LogSpec {
  std::string file;
  int first = 0, last = -1;
};

bool is_integer(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

LogSpec log_spec(const std::string& word) {
  LogSpec spec{word};
  const std::size_t b = word.rfind(':');
  if (b == std::string::npos || b == 0) return spec;
  const std::size_t a = word.rfind(':', b - 1);
  if (a == std::string::npos) return spec;
  const std::string first = word.substr(a + 1, b - a - 1), last = word.substr(b + 1);
  if (!is_integer(first) || !is_integer(last)) return spec;
  spec.file = word.substr(0, a);
  spec.first = std::stoi(first);
  spec.last = std::stoi(last);
  if (spec.last <= spec.first)
    throw UsageError("'" + word + "': the sample range " + first + ":" + last + " is empty");
  return spec;
}

LogRun log_run(const std::string& word) {
  const LogSpec spec = log_spec(word);
  return LogRun{spec.file, spec.first, spec.last};
}

std::vector<LogRun> log_runs(const std::vector<std::string>& words) {
  std::vector<LogRun> runs;
  for (const std::string& w : words) runs.push_back(log_run(w));
  return runs;
}

/// A run as the command line wrote it: FILE, or FILE:FIRST:LAST.
std::string run_word(const LogRun& run) {
  if (run.first == 0 && run.last == -1) return run.file.string();
  return run.file.string() + ":" + std::to_string(run.first) + ":" + std::to_string(run.last);
}

void print_base_parameters(const IdentificationResult& r, std::ostream& text) {
  text << "base parameters: " << r.base.rank << " of " << r.names.size()
            << " standard, from " << r.samples << " samples; cond(W_b) = "
            << format_number(r.fit.condition_number, 4) << "\n";
  text << "  " << std::left << std::setw(14) << "estimate" << std::setw(10) << "sigma %"
            << "grouping\n";
  for (Eigen::Index i = 0; i < r.base.rank; ++i)
    text << "  " << std::setw(14) << format_number(r.fit.estimate[i], 6) << std::setw(10)
              << format_number(r.fit.relative_standard_deviation_percent[i], 3)
              << r.base.groupings[static_cast<std::size_t>(i)] << "\n";
  text << std::right;
}

/// One value per joint, times `scale` (100: fractions as %), 3 significant digits.
std::string joint_row(const VectorXd& v, double scale = 100.0) {
  std::ostringstream os;
  for (Eigen::Index j = 0; j < v.size(); ++j) os << std::setw(9) << format_number(scale * v[j], 3);
  return os.str();
}

/// measured, identified and nominal torques of one validation log as CSV, and its plot.
void write_prediction(const std::filesystem::path& folder, const std::string& stem,
                      const IdentificationSamples& s, const TorquePrediction& identified,
                      const TorquePrediction& nominal, bool plot) {
  const int n = static_cast<int>(s.tau.cols());
  std::vector<std::string> header{"t"};
  for (const char* what : {"tau_measured", "tau_identified", "tau_nominal"})
    for (int j = 1; j <= n; ++j) header.push_back(std::string(what) + std::to_string(j));
  const std::filesystem::path csv = folder / (stem + ".csv");
  CsvWriter w(csv, "--report");
  w.row(header);
  for (int k = 0; k < s.samples(); ++k) {
    std::vector<std::string> row{csv_number(s.t[k])};
    for (const MatrixXd* m : {&s.tau, &identified.predicted, &nominal.predicted})
      for (int j = 0; j < n; ++j) row.push_back(csv_number((*m)(k, j)));
    w.row(row);
  }
  w.finish();
  if (plot)
    run_plot_script(python_script("identification_plots.py"),
                    {"prediction", csv.string(), (folder / (stem + ".png")).string()});
}

// One row of accuracy.csv per joint: the log, how many samples, the relative (%) and absolute
// RMS errors of the identified and (if given) the nominal model.
void accuracy_rows(std::vector<std::vector<std::string>>& rows, const std::string& log,
                   int samples, const VectorXd& id_rel, const VectorXd& id_rms,
                   const TorquePrediction* nominal) {
  for (Eigen::Index j = 0; j < id_rel.size(); ++j)
    rows.push_back({log, std::to_string(samples), std::to_string(j + 1),
                    csv_number(100 * id_rel[j], 6), csv_number(id_rms[j], 6),
                    nominal ? csv_number(100 * nominal->relative_rms_error[j], 6) : "",
                    nominal ? csv_number(nominal->rms_error[j], 6) : ""});
}

void present_validation(const ValidationPrediction& v, const IdentificationOutput& out,
                        std::vector<std::vector<std::string>>& accuracy, std::ostream& text) {
  const std::string word = run_word(v.run);
  const TorquePrediction &id = v.identified, &nom = v.nominal;
  text << "validation " << word << " (" << v.samples.samples()
            << " samples): relative RMS error per joint, %\n"
            << "  identified" << joint_row(id.relative_rms_error) << "\n"
            << "  nominal   " << joint_row(nom.relative_rms_error) << "\n"
            << "  RMS error per joint, N m (or N): identified"
            << joint_row(id.rms_error, 1.0) << "\n"
            << "                                  nominal   " << joint_row(nom.rms_error, 1.0)
            << "\n";
  accuracy_rows(accuracy, v.run.file.filename().string(), v.samples.samples(),
                id.relative_rms_error, id.rms_error, &nom);
  if (!out.report.empty())
    write_prediction(out.report, "validation_" + v.run.file.stem().string(), v.samples, id, nom,
                     out.plot);
}

void present_drive_gains(const DriveGainEstimate& g, double payload_mass, std::ostream& text) {
  text << "drive gains from the currents with the " << format_number(payload_mass)
       << " kg payload, N m/A (sigma):";
  for (Eigen::Index j = 0; j < g.gains.size(); ++j)
    text << " " << format_number(g.gains[j], 4) << " (" << format_number(g.standard_deviation[j], 2)
         << ")";
  text << "\n";
}

// The payload carried by the payload runs, on top of the identified arm.
void present_payload(const PayloadEstimate& p, const IdentificationOutput& out,
                     std::ostream& text) {
  text << "payload: mass " << format_number(p.mass, 4) << " kg (sigma "
       << format_number(p.standard_deviation[0], 2) << " kg), COM ["
       << format_number(p.com[0], 3) << ", " << format_number(p.com[1], 3) << ", "
       << format_number(p.com[2], 3) << "] m in the last link's frame\n";
  if (out.report.empty()) return;
  std::vector<std::vector<std::string>> rows;
  for (Eigen::Index i = 0; i < p.parameters.size(); ++i)
    rows.push_back({p.names[static_cast<std::size_t>(i)], csv_number(p.parameters[i], 6),
                    csv_number(p.standard_deviation[i], 6)});
  rows.push_back({"com_x", csv_number(p.com[0], 6), ""});
  rows.push_back({"com_y", csv_number(p.com[1], 6), ""});
  rows.push_back({"com_z", csv_number(p.com[2], 6), ""});
  write_csv(out.report / "payload.csv", {"parameter", "estimate", "standard_deviation"}, rows);
}

}  // namespace

void write_log_identification(const LogIdentification& r, const LogIdentificationOptions& options,
                              const IdentificationOutput& out, std::ostream& text) {
  const IdentificationResult& id = r.result;
  const int n = id.model.dof();
  print_base_parameters(id, text);
  text << "relative RMS error on the identification data per joint, %\n  "
            << joint_row(id.fit.relative_rms_error) << "\n";
  if (options.identification.drive)
    text << "Coulomb velocity scale per joint, rad/s ("
         << (id.coulomb_velocity_scale.scale.size() > 0 ? "cross-validated" : "given")
         << "; 0: switching)\n  "
         << joint_row(VectorXd::NullaryExpr(n, [&](Eigen::Index j) {
              return id.model.links[static_cast<std::size_t>(j)].coulomb_velocity_scale;
            }), 1.0)
         << "\n";
  if (options.identification.physically_consistent)
    text << "physically consistent: largest gap to the least-squares estimate "
              << format_number(id.consistent.max_gap_sigma, 3) << " sigma\n";
  std::ofstream file(out.model_file);
  file << "# identified by manipdyn identify from " << options.data.size() << " log(s), model "
       << out.model_label << "\n"
       << serial_model_to_yaml(id.model);
  if (!file.flush()) throw std::runtime_error("error while writing '" + out.model_file + "'");
  text << "wrote " << out.model_file << "\n";
  std::vector<std::vector<std::string>> accuracy;
  accuracy_rows(accuracy, "identification data", static_cast<int>(id.samples),
                id.fit.relative_rms_error, id.fit.residual_rms, nullptr);
  for (const ValidationPrediction& v : r.validation) present_validation(v, out, accuracy, text);
  if (!out.report.empty())
    write_csv(out.report / "accuracy.csv",
              {"log", "samples", "joint", "identified_percent", "identified_rms",
               "nominal_percent", "nominal_rms"},
              accuracy);
  if (r.drive_gains) present_drive_gains(*r.drive_gains, options.payload_mass, text);
  if (r.payload) present_payload(*r.payload, out, text);
}

namespace {

/// `manipdyn identify`'s options as the library's.
LogIdentificationOptions study_options(const IdentifyCliOptions& o) {
  LogIdentificationOptions s;
  s.data = log_runs(o.data);
  s.validate = log_runs(o.validate);
  s.payload = log_runs(o.payload);
  s.payload_mass = o.payload_mass;
  s.filter.cutoff = o.cutoff;
  s.filter.tau_cutoff = o.tau_cutoff;
  s.filter.sample_rate = o.sample_rate;
  if (!o.drive_gains.empty()) s.filter.drive_gains = Eigen::Map<const VectorXd>(
      o.drive_gains.data(), static_cast<Eigen::Index>(o.drive_gains.size()));
  IdentificationOptions& options = s.identification;
  options.drive = !o.no_drive;
  options.coulomb_velocity_scale = o.switching_friction ? 0.0 : o.smooth_friction;
  options.weighted = !o.ols;
  options.physically_consistent = !o.unconstrained;
  options.decimation_cutoff = o.tau_cutoff > 0 ? o.tau_cutoff : o.cutoff;
  options.decimate = o.decimate;
  if (isatty(STDERR_FILENO))
    options.progress = [](const std::string& step, double fraction) {
      std::cerr << "\ridentify: " << std::setw(3) << static_cast<int>(100 * fraction) << "% "
                << std::left << std::setw(36) << step << std::right
                << (fraction >= 1.0 ? "\n" : "") << std::flush;
    };
  return s;
}

void run_identify(const IdentifyCliOptions& o, std::ostream& text) {
  check_output_file(o.out, "--out");
  if (!o.report.empty()) prepare_output_dir(o.report, "--report");
  const SerialModel nominal = load_serial_model(o.model, true, false);
  const LogIdentificationOptions options = study_options(o);
  write_log_identification(identify_from_logs(nominal, options), options,
                           {o.out, o.model.model, o.report, !o.no_plot}, text);
}

void add_filter_options(CLI::App& sub, IdentifyCliOptions& o) {
  add_number(sub, "--cutoff", o.cutoff, positive(1e6, "Hz"),
             "low-pass cutoff of q (Butterworth, zero phase)");
  add_number(sub, "--tau-cutoff", o.tau_cutoff, non_negative(1e6, "Hz"),
             "cutoff of the parallel filter of the regressor and the torques (0: --cutoff)");
  add_number(sub, "--sample-rate", o.sample_rate, non_negative(1e7, "Hz"),
             "uniform resampling rate (0: the log's median rate)");
  add_number(sub, "--decimate", o.decimate, integer_in(0, 1000),
             "keep every k-th sample after the parallel filter (0: to about 2.5 x the cutoff)");
  sub.add_option("--drive-gains", o.drive_gains,
                 "N m/A per joint: torques from the logs' currents i1..in instead of tau1..taun")
      ->delimiter(',')
      ->check(number_validator(finite_number("N m/A")));
}

const bool registered = register_command(
    {"identify",
     "identify a serial arm's inertial and drive parameters from logged motion (CSV logs)",
     [](CLI::App& sub) {
       auto o = std::make_shared<IdentifyCliOptions>();
       add_serial_model_options(sub, o->model, "the nominal arm (built-in, .yaml or .urdf)");
       sub.get_option("--model")->required();
       sub.add_option("--data", o->data,
                      "identification log(s): LOG.csv or LOG.csv:FIRST:LAST (0-based rows)")
           ->required();
       sub.add_option("--out", o->out, "the identified model (YAML) to write")->required();
       sub.add_option("--validate", o->validate, "log(s) to predict with the identified model");
       sub.add_option("--payload-data", o->payload,
                      "log(s) of the arm carrying an unknown payload: identify it on top");
       add_number(sub, "--payload-mass", o->payload_mass, non_negative(1e6, "kg"),
                  "known mass of the --payload-data payload: identify the drive gains from the "
                  "logs' currents (0: do not)");
       sub.add_option("--report", o->report, "folder for the validation CSVs and plots");
       add_filter_options(sub, *o);
       const NumberRange scale = non_negative(1e3, "rad/s");
       sub.add_option("--smooth-friction", o->smooth_friction,
                      "velocity scale of the smooth (tanh) Coulomb model on every joint (0: sign) "
                      "[" + scale.text() + "; default: each joint's chosen from the logs by "
                      "cross-validation]")
           ->check(number_validator(scale));
       sub.add_flag("--switching-friction", o->switching_friction,
                    "the switching Coulomb model sign(qd) (= --smooth-friction 0)")
           ->excludes("--smooth-friction");
       sub.add_flag("--no-drive", o->no_drive, "identify the link parameters only");
       sub.add_flag("--ols", o->ols, "ordinary instead of weighted least squares");
       sub.add_flag("--unconstrained", o->unconstrained,
                    "skip the physically consistent fit (the model may be non-physical)");
       sub.add_flag("--no-plot", o->no_plot, "write the CSVs only");
       sub.footer("Logs: CSV with a header time (or t), q1..qn, optionally qd1..qdn, tau1..taun or "
                  "currents i1..in (docs/identification.md). Exit status: 0 success, 2 usage "
                  "error, 1 model or data error.");
       sub.callback([o] { run_identify(*o, std::cout); });
     }});

}  // namespace
}  // namespace manipdyn::cli
