#pragma once
/// \file control_output.hpp
/// How `manipdyn control` (control.cpp) and the report's section 3 (report_papers.cpp) present
/// the library's tracking experiments (manipdyn/control/studies.hpp) and the study of Lee et al.
/// ~1982 (manipdyn/control/lee1982_study.hpp): each run's CSV and figures, the identified payload,
/// the summary table and summary CSV.
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "manipdyn/control/lee1982_study.hpp"

namespace manipdyn::cli {

/// Where a run's results go: the folder, its text output and the log of the plot scripts'
/// output (empty: the terminal).
struct ControlOutput {
  std::filesystem::path dir;
  bool plots = true;
  std::ostream& text;
  std::filesystem::path log;
};

/// Shows a progress bar of `e` on stderr (when stderr is a terminal) and, for RK4, a note on
/// `out.text` when the step was shortened to divide the control period.
void prepare_tracking_run(TrackingExperiment& e, const ControlOutput& out);

/// Writes one run: <dir>/<name>.csv (write_simulation_csv) and its two figures, and says so on
/// `out.text`.
void write_tracking_run(const TrackingExperiment& e, const TrackingExperimentResult& r,
                        const ControlOutput& out);

/// Prints the largest error per case and joint against the 12-bit A/D resolution of Lee et al.
/// and writes them to `csv_path` (write_tracking_summary_csv).
void write_tracking_summary(const std::vector<TrackingExperimentResult>& cases,
                            const std::string& csv_path, std::ostream& text);

/// Runs run_lee1982_study(`arm`, `base`, `model_name`) and presents it in `out.dir` (which must
/// exist): each run as it finishes, payload_estimate.csv (the identified payload against the
/// controller's and the plant's), summary.csv.
void write_lee1982_study(const SerialModel& arm, const TrackingExperiment& base,
                         const std::string& model_name, const ControlOutput& out);

}  // namespace manipdyn::cli
