#pragma once
/// \file report.hpp
/// `manipdyn report [--model M] [--out DIR]`: the main job as one self-contained HTML page,
/// DIR/index.html, with its CSV and PNG files beside it (no scripts, fonts or other external
/// resources). Without --model: the founding papers reproduced (report_papers.cpp); with
/// --model: the dynamics datasheet of that arm or platform (report_datasheet.cpp).
#include <filesystem>
#include <string>
#include <variant>

#include "model_option.hpp"
#include "manipdyn/serial/model.hpp"
#include "manipdyn/stewart/model.hpp"

namespace manipdyn::cli {

/// Writes the papers report into `out` (which must exist): formulation equivalence, operation
/// counts beside the papers' formulas, the PUMA computed-torque experiment, the Stewart paths,
/// the Stewart platform beyond the papers (report_stewart_beyond.hpp), the misprints. `command_line` is quoted on the page.
void write_papers_report(const std::filesystem::path& out, const std::string& command_line);

/// The model of a datasheet: a serial arm or a Stewart platform.
using ReportModel = std::variant<SerialModel, stewart::StewartModel>;

/// Loads the model named by `spec` (`--model`): a Stewart built-in or a Stewart YAML file is a
/// platform (printed inertias for the built-ins, as `manipdyn stewart`), anything else an arm
/// (built-ins with their drive terms). Throws like load_serial_model / load_stewart_model.
ReportModel load_report_model(const ModelSpec& spec);

/// Writes the datasheet of `model` (called `label` when it has no name) into `out` (which must
/// exist).
void write_datasheet_report(const ReportModel& model, const std::string& label,
                            const std::filesystem::path& out, const std::string& command_line);

}  // namespace manipdyn::cli
