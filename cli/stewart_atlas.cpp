// `manipdyn stewart atlas`: the workspace atlas of a Stewart platform (analysis/workspace_atlas.hpp,
// docs/stewart/atlas.md): reachable grid under the leg limits, cond(H), static and envelope
// forces; CSV and PNG heat maps (python/manipdyn/stewart_atlas_plots.py).
//
//   manipdyn stewart atlas --out results/atlas                     # Dasgupta platform, defaults
//   manipdyn stewart atlas --resolution 31 --z-range 0.4 0.6 --orientations 0 0 0 0 0 10 --deg
//   manipdyn stewart atlas --resolution 61 --threads 2 --no-plots  # poses on 2 threads (batch layer)
#include <cmath>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <iostream>
#include <memory>
#include <numbers>
#include <sstream>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "stewart_atlas_output.hpp"
#include "manipdyn/analysis/platform_datasheet.hpp"
#include "manipdyn/analysis/workspace_atlas.hpp"

namespace fs = std::filesystem;
namespace ma = manipdyn::analysis;
namespace ms = manipdyn::stewart;

namespace {

struct AtlasCliOptions {
  std::string model = "dasgupta";
  bool allow_invalid_inertia = false;  // --allow-invalid-inertia
  std::string platform = "printed";
  std::string dynamics = "dasgupta";
  std::string out = "results/stewart_atlas";
  int resolution = 21;
  int threads = 0;
  std::vector<double> x_range, y_range, z_range;
  std::vector<double> orientations{0, 0, 0};
  std::vector<double> envelope{2.0, 5.0};
  double stroke = 0, u_cone = 0, s_cone = 0;
  bool degrees = false;
  bool no_plots = false;
};

// Whether an option was on the command line.
using Given = std::function<bool(const char*)>;

// Whether the limits are given on the command line (else the model's or the default rule).
bool limits_given(const Given& given) {
  return given("--stroke") || given("--u-cone") || given("--s-cone");
}

// Options that depend on each other, before any work.
void check_options(const AtlasCliOptions& o, const Given& given) {
  using manipdyn::cli::UsageError;
  using manipdyn::cli::format_number;
  if (o.orientations.size() % 3 != 0)
    throw UsageError("--orientations: give RPY triples (a multiple of 3 numbers), got " +
                     std::to_string(o.orientations.size()) + " numbers");
  if (o.envelope.size() != 2 && o.envelope.size() != 6)
    throw UsageError("--accel-envelope: give 2 numbers (linear m/s^2, angular rad/s^2) or 6 "
                     "(ax ay az alpha_x alpha_y alpha_z), got " + std::to_string(o.envelope.size()));
  for (const auto* r : {&o.x_range, &o.y_range, &o.z_range})
    if (!r->empty() && !((*r)[0] < (*r)[1])) {
      const char* name = r == &o.x_range ? "--x-range" : r == &o.y_range ? "--y-range" : "--z-range";
      throw UsageError(std::string(name) + ": the first number must be below the second, got " +
                       format_number((*r)[0]) + " " + format_number((*r)[1]));
    }
  const double poses = std::pow(double(o.resolution), 3) * double(o.orientations.size() / 3);
  const double max_poses = ma::WorkspaceAtlasOptions{}.max_poses;
  if (poses > max_poses)
    throw UsageError("too much work: --resolution " + std::to_string(o.resolution) + " gives " +
                     format_number(std::pow(double(o.resolution), 3)) + " grid points x " +
                     std::to_string(o.orientations.size() / 3) + " orientations = " +
                     format_number(poses) + " poses, at most " + format_number(max_poses) +
                     " allowed");
  const bool model_is_builtin = manipdyn::cli::model_spec_kind(o.model) ==
                                manipdyn::cli::ModelSpecKind::stewart_builtin;
  if (given("--platform") && !model_is_builtin)
    throw UsageError("--platform applies to the built-in platforms only, not to --model '" +
                     o.model + "'");
}

// The library's options: the grid, orientations, envelope, dynamics and limits.
ma::WorkspaceAtlasOptions atlas_options(const AtlasCliOptions& o, const ms::StewartModel& model,
                                        const Given& given, std::ostream& text) {
  ma::WorkspaceAtlasOptions opt;
  opt.resolution = {o.resolution, o.resolution, o.resolution};
  opt.threads = o.threads;
  for (int a = 0; a < 3; ++a) {
    const auto& r = a == 0 ? o.x_range : a == 1 ? o.y_range : o.z_range;
    if (!r.empty()) {
      opt.lower[a] = r[0];
      opt.upper[a] = r[1];
    }
  }
  const std::vector<double> rpy = manipdyn::cli::to_radians(o.orientations, o.degrees);
  opt.orientations.clear();
  for (std::size_t i = 0; i < rpy.size(); i += 3)
    opt.orientations.emplace_back(rpy[i], rpy[i + 1], rpy[i + 2]);
  if (o.envelope.size() == 2) {
    opt.settings.envelope.linear.setConstant(o.envelope[0]);
    opt.settings.envelope.angular.setConstant(o.envelope[1]);
  } else {
    opt.settings.envelope.linear << o.envelope[0], o.envelope[1], o.envelope[2];
    opt.settings.envelope.angular << o.envelope[3], o.envelope[4], o.envelope[5];
  }
  opt.settings.dynamics =
      manipdyn::from_string<ms::DynamicsModel>(o.dynamics, "--dynamics");
  // The limits: the model's, unless it has none or --stroke / --u-cone / --s-cone are given.
  if (limits_given(given) || !ma::has_workspace_limits(model)) {
    ma::AtlasDefaultLimits d;
    if (given("--stroke")) d.half_stroke = o.stroke;
    const double scale = o.degrees ? std::numbers::pi / 180 : 1.0;
    if (given("--u-cone")) d.u_joint_angle_max = o.u_cone * scale;
    if (given("--s-cone")) d.s_joint_angle_max = o.s_cone * scale;
    opt.use_given_limits = true;
    opt.limits = ma::atlas_default_limits(model, d);
    if (ma::has_workspace_limits(model))
      text << "note: the limits of the model file are replaced by --stroke/--u-cone/--s-cone\n";
  }
  return opt;
}

// The command: checks, the model, the atlas, its CSV files and plots. `text`: what it prints;
// `log`: where the plot script's output goes (empty: the terminal).
void run(const AtlasCliOptions& o, const Given& given, std::ostream& text, const fs::path& log) {
  check_options(o, given);
  manipdyn::cli::prepare_output_dir(o.out, "--out");
  const ms::StewartModel model = manipdyn::cli::load_stewart_model(o.model, o.platform == "printed",
                                                                  "--model", o.allow_invalid_inertia);
  const ma::WorkspaceAtlasOptions opt = atlas_options(o, model, given, text);
  const ma::WorkspaceAtlas atlas = ma::workspace_atlas(model, opt);
  manipdyn::cli::write_workspace_atlas({o.out, !o.no_plots, text, log}, model, opt, atlas,
                                       limits_given(given));
}

void setup(CLI::App& sub) {
  using namespace manipdyn::cli;
  auto o = std::make_shared<AtlasCliOptions>();
  sub.add_option("--model", o->model, "platform: dasgupta, pedrammehr or a Stewart .yaml file")
      ->capture_default_str()
      ->check(non_empty());
  manipdyn::cli::add_allow_invalid_inertia_option(sub, o->allow_invalid_inertia);
  sub.add_option("--platform", o->platform,
                 "inertias of the built-in platforms: printed (default) or corrected")
      ->check(one_of({"printed", "corrected"}));
  sub.add_option("--dynamics", o->dynamics, "dynamic model of the forces: dasgupta or improved")
      ->capture_default_str()
      ->check(one_of(manipdyn::names<ms::DynamicsModel>()));
  sub.add_option("--out", o->out, "output folder, created if needed")
      ->capture_default_str()
      ->check(non_empty());
  add_number(sub, "--resolution", o->resolution, integer_in(2, 201),
             "grid points per axis (x, y, z)");
  const auto finite = number_validator(finite_number("m"));
  sub.add_option("--x-range", o->x_range, "grid x range, m (2 numbers; default home +- 0.5 r)")
      ->expected(2)
      ->check(finite);
  sub.add_option("--y-range", o->y_range, "grid y range, m (2 numbers; default home +- 0.5 r)")
      ->expected(2)
      ->check(finite);
  sub.add_option("--z-range", o->z_range, "grid z range, m (2 numbers; default home +- 0.35 r)")
      ->expected(2)
      ->check(finite);
  sub.add_option("--orientations", o->orientations,
                 "platform orientations as RPY triples, rad (or deg with --deg); default 0 0 0")
      ->expected(3, 3 * 64)
      ->check(number_validator(finite_number("")));
  sub.add_option("--accel-envelope", o->envelope,
                 "acceleration box: 2 numbers (|a_k| m/s^2, |alpha_k| rad/s^2) or 6 "
                 "(ax ay az alpha_x alpha_y alpha_z); default 2 5")
      ->expected(2, 6)
      ->check(number_validator(non_negative(1e4, "")));
  sub.add_option("--stroke", o->stroke,
                 "half stroke of each leg around its home length, m [" +
                     positive(100, "m").text() + "; default 0.2 x mean home length]")
      ->check(number_validator(positive(100, "m")));
  sub.add_option("--u-cone", o->u_cone,
                 "U-joint cone half-angle about the home leg axis, rad (deg with --deg) "
                 "[> 0 and <= pi; default 40 deg]")
      ->check(number_validator(NumberRange{Bound{0.0, false}, Bound{180.0}, ""}));
  sub.add_option("--s-cone", o->s_cone,
                 "S-joint cone half-angle about the home leg axis, rad (deg with --deg) "
                 "[> 0 and <= pi; default 30 deg]")
      ->check(number_validator(NumberRange{Bound{0.0, false}, Bound{180.0}, ""}));
  add_number(sub, "--threads", o->threads, integer_in(0, 1024),
             "threads of the pose evaluation (0 = one per hardware thread, the default; the "
             "atlas is the same for any)");
  sub.add_flag("--deg", o->degrees, "angles of --orientations, --u-cone, --s-cone in degrees");
  sub.add_flag("--no-plots", o->no_plots, "write CSV only");
  sub.footer("Writes atlas.csv (one row per pose), summary.csv (reachable volume per orientation), "
             "limits.csv and atlas_o<k>_*.png heat maps. Units: SI and radians. Exit status: 0 "
             "success, 2 usage error, 1 model or computation error (docs/cli.md).");
  sub.callback([o, &sub] {
    using manipdyn::cli::UsageError;
    const double scale = o->degrees ? std::numbers::pi / 180 : 1.0;
    for (const auto& [flag, v] : {std::pair{"--u-cone", o->u_cone}, std::pair{"--s-cone", o->s_cone}})
      if (sub.count(flag) > 0 && v * scale > std::numbers::pi)
        throw UsageError(std::string(flag) + ": must be > 0 and <= pi rad (180 deg), got " +
                         manipdyn::cli::format_number(v) + (o->degrees ? " deg" : " rad"));
    run(*o, [&sub](const char* flag) { return sub.count(flag) > 0; }, std::cout, {});
  });
}

const bool registered =
    manipdyn::cli::register_subcommand("stewart", {"atlas", "workspace atlas: reachable grid, cond(H), "
                                                   "static and envelope leg forces; CSV and PNG", setup});

}  // namespace
