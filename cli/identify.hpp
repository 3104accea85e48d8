#pragma once
// The presentation of identify_from_logs (identification/identify_from_logs.hpp): what
// `manipdyn identify` (identify.cpp) prints and writes, and the report's section 7 (the UR10e
// identified from its logs) too.
#include <filesystem>
#include <ostream>
#include <string>

#include "manipdyn/identification/identify_from_logs.hpp"

namespace manipdyn::cli {

/// Where the identification's outputs go.
struct IdentificationOutput {
  std::string model_file;         ///< the identified model (YAML)
  std::string model_label;        ///< the nominal model as given, for the file's header comment
  std::filesystem::path report;   ///< empty: no CSVs; else accuracy.csv, payload.csv, validation_*
  bool plot = true;               ///< a PNG beside each validation CSV
};

/// Writes the identified model to out.model_file and presents `r` (computed with `options`):
/// the base parameters, the fit, the friction scales, each validation run, the drive gains and
/// the payload to `text`; with out.report, accuracy.csv (relative and absolute RMS error per
/// log and joint, identified and nominal), payload.csv (with payload runs) and a CSV and PNG of
/// the torques of each validation run.
void write_log_identification(const LogIdentification& r, const LogIdentificationOptions& options,
                              const IdentificationOutput& out, std::ostream& text);

}  // namespace manipdyn::cli
