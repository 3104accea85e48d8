#pragma once
/// \file stewart_commands.hpp
/// `manipdyn stewart atlas` run in process, for the report (report_stewart_beyond.cpp).
#include <filesystem>
#include <iosfwd>
#include <string>

namespace manipdyn::cli {

/// What `manipdyn stewart atlas --resolution <resolution> --out <out>` does (the printed
/// Dasgupta platform, RPY 0, the default limits; analysis/workspace_atlas.hpp): the atlas CSV
/// files and heat maps in `out`, the text output to `text`, the plot script's output appended
/// to `log`.
void run_stewart_atlas(int resolution, const std::filesystem::path& out, std::ostream& text,
                       const std::filesystem::path& log);

}  // namespace manipdyn::cli
