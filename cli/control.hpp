#pragma once
/// \file control.hpp
/// `manipdyn control` run in process, for the report (report_papers.cpp, section 3).
#include <filesystem>
#include <iosfwd>

namespace manipdyn::cli {

/// What `manipdyn control --paper --output-dir dir` does (the experiment of Lee et al. ~1982
/// sec. 5 on the PUMA 560 with its drive terms; control/studies.hpp): each case's CSV and
/// figures and summary.csv in `dir` (which must exist), the command's text output to `text`,
/// the plot scripts' output appended to `log`.
void run_control_paper(const std::filesystem::path& dir, std::ostream& text,
                       const std::filesystem::path& log);

}  // namespace manipdyn::cli
