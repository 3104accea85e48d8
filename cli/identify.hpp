#pragma once
// `manipdyn identify` (identify.cpp), callable in process by the report (section 7: the UR10e
// identified from its logs).
#include <ostream>
#include <string>
#include <vector>

#include "model_option.hpp"
#include "manipdyn/identification/filter.hpp"

namespace manipdyn::cli {

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

/// Runs `manipdyn identify` with checked options: text to `text`; with o.report, also
/// accuracy.csv (relative and absolute RMS error per log and joint, identified and nominal),
/// payload.csv (with --payload-data) and a CSV and PNG of the torques of each --validate log.
void run_identify(const IdentifyCliOptions& o, std::ostream& text);

}  // namespace manipdyn::cli
