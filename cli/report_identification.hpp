#pragma once
/// \file report_identification.hpp
/// The section of the papers report (report_papers.cpp) that closes the papers' loop on a real
/// robot (issue 19 item 7): the UR10e identified from its logs (examples/data/ur10e/), predicting
/// a run it was not identified on, and the payload it carried (report_identification.cpp).
#include <filesystem>

#include "html_page.hpp"
#include "report_support.hpp"

namespace manipdyn::cli {

/// Computes and writes the section numbered `number` ("N. Identified on a real robot", id
/// "real-robot") into `page`, its files into out/ur10e/: as `manipdyn identify` on the two
/// 12-harmonic runs, validated on the 14-harmonic run and with the payload of the loaded run
/// (accuracy.csv, payload.csv, the identified model, the measured and predicted torques as CSV
/// and PNG). Without the logs (neither installed nor in the source tree) the section says where
/// to get them.
void identification_section(HtmlPage& page, const std::filesystem::path& out, int number);

}  // namespace manipdyn::cli
