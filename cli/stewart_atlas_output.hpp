#pragma once
/// \file stewart_atlas_output.hpp
/// How `manipdyn stewart atlas` (stewart_atlas.cpp) and the report's section on the Stewart
/// platform (report_stewart_beyond.cpp) present a workspace atlas computed by the library
/// (manipdyn/analysis/workspace_atlas.hpp): a description on the terminal, the CSV files and the
/// heat maps.
#include <filesystem>
#include <iosfwd>

#include "manipdyn/analysis/workspace_atlas.hpp"

namespace manipdyn::cli {

/// Where an atlas is presented.
struct WorkspaceAtlasOutput {
  std::filesystem::path dir;  ///< folder of atlas.csv, summary.csv, limits.csv, atlas_*.png
  bool plots = true;          ///< run stewart_atlas_plots.py on the folder
  std::ostream& text;         ///< the description and the list of files written
  std::filesystem::path log;  ///< where the plot script's output goes (empty: the terminal)
};

/// Presents `atlas` of `model`, computed with `options` (`given_limits`: the limits came from
/// the command line): its CSV files (write_workspace_atlas_csv), the limits used and the
/// reachable volume per orientation on `out.text`, then the heat maps.
void write_workspace_atlas(const WorkspaceAtlasOutput& out, const stewart::StewartModel& model,
                           const analysis::WorkspaceAtlasOptions& options,
                           const analysis::WorkspaceAtlas& atlas, bool given_limits);

}  // namespace manipdyn::cli
