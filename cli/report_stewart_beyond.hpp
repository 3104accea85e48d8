#pragma once
/// \file report_stewart_beyond.hpp
/// The section of the papers report (report_papers.cpp) on what the Stewart papers leave as
/// future work (issue 11): forward kinematics, forward dynamics, task-space control on Path I and
/// the workspace atlas (report_stewart_beyond.cpp).
#include <filesystem>

#include "html_page.hpp"
#include "report_support.hpp"

namespace manipdyn::cli {

/// Number of progress steps stewart_beyond_section announces.
inline constexpr int kStewartBeyondSteps = 3;

/// Computes and writes the section numbered `number` ("5. Stewart platform beyond the papers",
/// id "stewart-beyond") into `page`, its CSV and PNG files into out/stewart_beyond/: FK(IK(x))
/// over a grid and one iteration log; FD(ID(xdd)) of both models and their operation counts as
/// multiples of one inverse dynamics (analysis/platform_forward_*_study.hpp); the control study
/// on Path I (stewart/control_study.hpp, written as `manipdyn stewart control --paper-path I`
/// writes it); the workspace atlas at RPY 0 with the default limits (analysis/workspace_atlas.hpp,
/// written as `manipdyn stewart atlas --resolution 21` writes it).
void stewart_beyond_section(HtmlPage& page, const std::filesystem::path& out,
                            ReportProgress& progress, int number);

}  // namespace manipdyn::cli
