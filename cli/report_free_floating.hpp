#pragma once
/// \file report_free_floating.hpp
/// The section of the papers report (report_papers.cpp) on a floating base (issue 27 item 8): a
/// free-floating space manipulator whose base rotates as its arm moves (Umetani & Yoshida
/// 1989; the study is analysis/free_floating_study.hpp), report_free_floating.cpp.
#include <filesystem>

#include "html_page.hpp"
#include "report_support.hpp"

namespace manipdyn::cli {

/// Computes and writes the section numbered `number` (id "free-floating") into `page`, its CSV
/// and PNG files into out/free_floating/: motion.csv (joints, base attitude change and
/// displacement, the residuals per sample), summary.csv; attitude.png, residuals.png.
void free_floating_section(HtmlPage& page, const std::filesystem::path& out, int number);

}  // namespace manipdyn::cli
