#pragma once
/// \file identify_from_logs.hpp
/// The whole identification study on logged runs, as `manipdyn identify` and the report's
/// real-robot section run it (docs/identification.md, "Worked example"): read and prepare the
/// logs (motion_log.hpp, filter.hpp), identify the arm (identify.hpp), predict validation runs
/// with the identified and the nominal model, and optionally identify the drive gains from runs
/// with a known payload and a payload on top of the identified arm. The CLI and the report only
/// present its result.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "manipdyn/identification/filter.hpp"
#include "manipdyn/identification/identify.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn {

/// One logged run: a CSV log (motion_log.hpp) and the rows of it to use, [first, last) 0-based
/// (last = -1: to the end).
struct LogRun {
  std::filesystem::path file;
  int first = 0;
  int last = -1;
};

/// Options of identify_from_logs.
struct LogIdentificationOptions {
  std::vector<LogRun> data;      ///< the identification runs (at least one)
  std::vector<LogRun> validate;  ///< runs to predict with the identified and nominal models
  std::vector<LogRun> payload;   ///< runs with an unknown payload at the last link
  /// > 0: the --payload runs carry this known mass (kg), and the drive gains are identified
  /// from the currents of the data and payload runs (identify_drive_gains).
  double payload_mass = 0;
  /// How each log becomes samples; its first, last and filter_tau are set per run (the
  /// identification and payload runs' torques are only resampled, identify() filters them in
  /// parallel with the regressor; the validation runs' torques are low-passed).
  LogFilterOptions filter;
  IdentificationOptions identification;
};

/// A validation run predicted by the identified and by the nominal model.
struct ValidationPrediction {
  LogRun run;
  IdentificationSamples samples;  ///< with low-passed torques
  TorquePrediction identified, nominal;
};

/// Result of identify_from_logs.
struct LogIdentification {
  IdentificationResult result;                  ///< the identified model and its statistics
  std::vector<ValidationPrediction> validation;  ///< one per options.validate run
  std::optional<DriveGainEstimate> drive_gains;  ///< with payload_mass > 0
  std::optional<PayloadEstimate> payload;        ///< with payload runs
};

/// The samples of one run of an n-joint arm: `filter` with the run's rows and filter_tau.
IdentificationSamples log_run_samples(const LogRun& run, int n, LogFilterOptions filter,
                                      bool filter_tau);

/// Identifies `nominal` from the runs of `options` and predicts its validation runs (see the
/// file comment). Throws what read_motion_log, prepare_motion_log, identify,
/// identify_drive_gains and identify_payload throw (each names the file or the option), and
/// std::invalid_argument for no data run.
LogIdentification identify_from_logs(const SerialModel& nominal,
                                     const LogIdentificationOptions& options);

}  // namespace manipdyn
