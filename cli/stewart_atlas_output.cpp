// The presentation of a workspace atlas (stewart_atlas_output.hpp).
#include "stewart_atlas_output.hpp"

#include <iomanip>
#include <numbers>
#include <ostream>
#include <sstream>
#include <string>

#include "python_scripts.hpp"

namespace fs = std::filesystem;
namespace ma = manipdyn::analysis;
namespace ms = manipdyn::stewart;

namespace manipdyn::cli {
namespace {

// Runs stewart_atlas_plots.py ($MANIPDYN_STEWART_ATLAS_PLOT_SCRIPT overrides) on the folder; its
// output appended to `log` if given.
void plot(const fs::path& folder, const std::string& title, const fs::path& log) {
  run_plot_script(python_script("stewart_atlas_plots.py", "MANIPDYN_STEWART_ATLAS_PLOT_SCRIPT"),
                  {folder.string(), title}, log, " (use --no-plots to skip)");
}

// The limits used and the reachable volume per orientation.
std::string describe(const ms::StewartModel& model, const ma::WorkspaceAtlasOptions& opt,
                     const ma::WorkspaceAtlas& atlas, bool given_limits) {
  std::ostringstream os;
  os << std::setprecision(4);
  const std::string rule = given_limits ? "default rule with the given values"
                           : atlas.limits_rule == "model" ? "the model's"
                                                          : "default (the model has none)";
  os << "Workspace atlas of " << model.name << " (" << to_string(opt.settings.dynamics)
     << " dynamics), limits: " << rule << "\n";
  for (int i = 0; i < ms::kLegs; ++i) {
    const auto& l = atlas.limits[i];
    os << "  leg " << i + 1 << ": length [" << l.length_min << ", " << l.length_max
       << "] m, U cone " << l.u_joint_angle_max * 180 / std::numbers::pi << " deg, S cone "
       << l.s_joint_angle_max * 180 / std::numbers::pi << " deg\n";
  }
  os << "  grid x [" << atlas.x.front() << ", " << atlas.x.back() << "], y [" << atlas.y.front()
     << ", " << atlas.y.back() << "], z [" << atlas.z.front() << ", " << atlas.z.back() << "] m, "
     << opt.resolution[0] << " points per axis, cell " << atlas.cell_volume << " m^3\n"
     << "  envelope |a| <= [" << opt.settings.envelope.linear.transpose() << "] m/s^2, |alpha| <= ["
     << opt.settings.envelope.angular.transpose() << "] rad/s^2\n";
  for (std::size_t q = 0; q < atlas.summary.size(); ++q) {
    const ma::AtlasSummary& s = atlas.summary[q];
    os << "  orientation " << q << " rpy [" << s.rpy.transpose() << "] rad: " << s.reachable
       << " of " << s.points << " reachable, volume " << s.volume << " m^3, max cond(H) "
       << s.max_condition_number << ", max static |F| " << s.max_static_force
       << " N, max envelope |F| " << s.max_envelope_force << " N\n";
  }
  return os.str();
}

}  // namespace

void write_workspace_atlas(const WorkspaceAtlasOutput& out, const ms::StewartModel& model,
                           const ma::WorkspaceAtlasOptions& options, const ma::WorkspaceAtlas& atlas,
                           bool given_limits) {
  const auto files = ma::write_workspace_atlas_csv(atlas, out.dir);
  out.text << describe(model, options, atlas, given_limits) << "  written";
  for (const auto& f : files) out.text << " " << f.string();
  out.text << (out.plots ? " and atlas_*.png" : "") << "\n";
  out.text.flush();
  if (out.plots) plot(out.dir, "Workspace atlas: " + model.name, out.log);
}

}  // namespace manipdyn::cli
