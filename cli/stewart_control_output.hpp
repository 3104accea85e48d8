#pragma once
/// \file stewart_control_output.hpp
/// How `manipdyn stewart control` (stewart_control.cpp) and the report's section on the Stewart
/// platform (report_stewart_beyond.cpp) present the library's control study
/// (manipdyn/stewart/control_study.hpp): a table on the terminal, each case's CSV and figures,
/// summary.csv.
#include <filesystem>
#include <iosfwd>

#include "manipdyn/stewart/control_study.hpp"
#include "manipdyn/stewart/studies.hpp"

namespace manipdyn::cli {

/// Where a control study is presented.
struct PlatformControlOutput {
  std::filesystem::path dir;  ///< folder of control_<path>_<case>.csv, its figures, summary.csv
  bool plots = true;          ///< run stewart_control_plots.py on each case's CSV
  std::ostream& text;         ///< the table and the list of files written
  std::filesystem::path log;  ///< where the plot scripts' output goes (empty: the terminal)
};

/// Runs run_platform_control_study(`model`, the plan of `path`, `study`) and presents it: the
/// table header, then per case, as soon as it has run, its CSV (write_platform_simulation_csv),
/// figures and row; then summary.csv (write_platform_control_summary_csv). Throws
/// std::runtime_error "<k> of <n> cases diverged ..." listing them once everything is written.
void write_platform_control_study(const PlatformControlOutput& out, const stewart::StewartModel& model,
                                  const stewart::PaperPath& path,
                                  const stewart::PlatformControlStudyOptions& study);

}  // namespace manipdyn::cli
