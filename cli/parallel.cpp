// `manipdyn parallel ...`: parallel robots by description (parallel/model.hpp; docs/parallel.md),
// from a YAML model file (`kind: parallel`, docs/model_files.md) or a built-in
// (parallel/builtin_registry.hpp):
//   manipdyn parallel info --builtin stewart
//   manipdyn parallel info --model models/parallel/stewart.yaml
//   manipdyn parallel inverse-dynamics --model robot.yaml --csv motion.csv --out forces.csv
//   manipdyn parallel save --builtin stewart --out stewart.yaml
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <Eigen/Geometry>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "python_scripts.hpp"
#include "manipdyn/analysis/parallel_cycle_study.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/io/model_file.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/builtin_registry.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::cli {
namespace {

namespace mp = manipdyn::parallel;

// The robot of every `parallel` subcommand: --model FILE or --builtin NAME.
struct RobotOptions {
  std::string model;    // a `kind: parallel` YAML file
  std::string builtin;  // a name of builtin_models()
  bool allow_invalid_inertia = false;
};

void add_robot_options(CLI::App& sub, RobotOptions& o) {
  sub.add_option("--model", o.model,
                 "model file (.yaml): a parallel robot (kind: parallel), or a Stewart platform taken as "
                 "from_stewart of it")
      ->check(non_empty());
  sub.add_option("--builtin", o.builtin, "built-in robot: " + mp::builtin_model_names())
      ->check(one_of([] {
        std::vector<std::string> names;
        for (const mp::BuiltinModel& b : mp::builtin_models()) names.push_back(b.name);
        return names;
      }()));
  add_allow_invalid_inertia_option(sub, o.allow_invalid_inertia);
}

// The robot named by exactly one of --model and --builtin.
mp::ParallelModel load_robot(const RobotOptions& o) {
  if (o.model.empty() == o.builtin.empty())
    throw UsageError("give exactly one of --model FILE and --builtin NAME (" + mp::builtin_model_names() + ")");
  if (!o.builtin.empty()) return mp::builtin_model(o.builtin);
  if (!is_yaml_path(o.model))
    throw UsageError("--model '" + o.model + "': a parallel robot is a YAML model file (.yaml or .yml)");
  ModelSpec spec{o.model, "", ""};
  spec.allow_invalid_inertia = o.allow_invalid_inertia;
  model_spec_kind(o.model);  // "no such file"
  AnyModel any = load_model_file(spec);
  // a Stewart platform's file is the general robot of its improved legs
  if (const auto* platform = std::get_if<stewart::StewartModel>(&any)) return mp::from_stewart(*platform);
  auto* robot = std::get_if<mp::ParallelModel>(&any);
  if (robot == nullptr)
    throw std::invalid_argument("--model '" + o.model + "' is " + model_kind_name(any) +
                                "; this command needs a parallel robot (kind: parallel) or a Stewart platform");
  return std::move(*robot);
}

// ---- info ------------------------------------------------------------------------------------

// The robot in words: mobility, legs and their joints, actuators, warnings.
std::string describe(const mp::ParallelModel& m) {
  std::ostringstream os;
  os << "parallel robot '" << m.name << "': mobility " << to_string(m.mobility) << " (" << m.platform_dof()
     << " platform coordinates), " << m.leg_count() << " legs, " << m.joint_count() << " leg joints, "
     << m.actuated_count() << " actuators\n";
  os << "platform: mass " << format_number(m.platform.mass, 6) << " kg, com [" << format_number(m.platform.com.x(), 6)
     << ", " << format_number(m.platform.com.y(), 6) << ", " << format_number(m.platform.com.z(), 6)
     << "] m (platform frame); home position [" << format_number(m.home.translation().x(), 6) << ", "
     << format_number(m.home.translation().y(), 6) << ", " << format_number(m.home.translation().z(), 6) << "] m\n";
  for (int i = 0; i < m.leg_count(); ++i) {
    const mp::Leg& leg = m.legs[static_cast<std::size_t>(i)];
    os << m.leg_label(i) << ": " << leg.chain.dof() << " joints (";
    for (int j = 0; j < leg.chain.dof(); ++j) {
      const LinkParameters& l = leg.chain.links[static_cast<std::size_t>(j)];
      const bool actuated = std::find(leg.actuated.begin(), leg.actuated.end(), j) != leg.actuated.end();
      os << (j ? ", " : "") << (l.name.empty() ? "joint " + std::to_string(j + 1) : l.name) << " "
         << to_string(l.type) << (actuated ? " actuated" : "");
    }
    os << "), platform point [" << format_number(leg.platform_point.x(), 6) << ", "
       << format_number(leg.platform_point.y(), 6) << ", " << format_number(leg.platform_point.z(), 6) << "] m\n";
  }
  os << "actuators (the columns tau1..tau" << m.actuated_count() << " of inverse-dynamics):\n";
  for (int k = 0; k < m.actuated_count(); ++k) {
    const auto [leg, joint] = m.actuators[static_cast<std::size_t>(k)];
    const JointType type = m.legs[static_cast<std::size_t>(leg)].chain.links[static_cast<std::size_t>(joint)].type;
    os << "  tau" << k + 1 << ": " << m.joint_label(leg, joint) << " ("
       << (type == JointType::prismatic ? "force, N" : "torque, N m") << ")\n";
  }
  for (const std::string& w : m.warnings) os << "warning: " << w << "\n";
  return os.str();
}

// ---- inverse-dynamics --------------------------------------------------------------------------

struct InverseDynamicsCliOptions {
  RobotOptions robot;
  std::string csv;
  std::string out;
};

// One motion sample of the CSV: time, the platform motion and the external wrench.
struct MotionSample {
  double time = 0;
  PlatformMotion motion;
  ExternalWrench wrench;
};

// The columns of a motion CSV (docs/cli.md, "manipdyn parallel"): time and tx, ty, tz required;
// the orientation as thx, thy, thz (RPY, R = Rz Ry Rx) or qw, qx, qy, qz; vx, vy, vz; wx, wy, wz;
// ax, ay, az; alphax, alphay, alphaz (world axes); fx, fy, fz, mx, my, mz (external wrench,
// platform frame); each group optional (identity or zero).
std::vector<MotionSample> read_motion_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("--csv '" + path + "': cannot open the file");
  CsvReader reader(in, path);
  const auto column = [&](const std::string& name) { return reader.find_column(name); };
  reader.column_index();  // a column named twice is an error
  // which groups are there: all of a group's columns or none
  std::vector<std::string> names = {"time", "tx", "ty", "tz"};
  std::string missing;
  for (const std::string& n : names)
    if (!column(n)) missing += (missing.empty() ? "" : ", ") + n;
  if (!missing.empty())
    throw std::invalid_argument(path + ": missing column(s) " + missing +
                                " (a motion CSV has time, tx, ty, tz and optionally thx, thy, thz or qw, qx, qy, qz; "
                                "vx, vy, vz; wx, wy, wz; ax, ay, az; alphax, alphay, alphaz; fx, fy, fz, mx, my, mz)");
  const std::vector<std::vector<std::string>> groups = {
      {"thx", "thy", "thz"}, {"qw", "qx", "qy", "qz"}, {"vx", "vy", "vz"},          {"wx", "wy", "wz"},
      {"ax", "ay", "az"},    {"alphax", "alphay", "alphaz"}, {"fx", "fy", "fz"}, {"mx", "my", "mz"}};
  std::vector<bool> present;
  for (const auto& g : groups) {
    int found = 0;
    for (const std::string& n : g) found += column(n) ? 1 : 0;
    if (found != 0 && found != static_cast<int>(g.size())) {
      std::string all;
      for (const std::string& n : g) all += (all.empty() ? "" : ", ") + n;
      throw std::invalid_argument(path + ": give all of the columns " + all + " or none");
    }
    present.push_back(found != 0);
    if (found) names.insert(names.end(), g.begin(), g.end());
  }
  std::vector<std::size_t> columns;
  for (const std::string& n : names) columns.push_back(*column(n));
  const std::vector<double> values = read_finite_rows(reader, columns, path, [&](std::size_t k) {
    if (static_cast<double>(k) > kMaxSamples)
      throw UsageError("too much work: " + path + " has more than " + format_number(kMaxSamples) + " rows");
  });
  // the samples
  const std::size_t width = names.size();
  std::vector<MotionSample> samples;
  for (std::size_t row = 0; row * width < values.size(); ++row) {
    const double* x = values.data() + row * width;
    MotionSample s;
    s.time = x[0];
    s.motion.t = Vector3d(x[1], x[2], x[3]);
    std::size_t at = 4;
    const auto next3 = [&] {
      const Vector3d v(x[at], x[at + 1], x[at + 2]);
      at += 3;
      return v;
    };
    if (present[0]) s.motion.R = stewart::rpy_to_rotation<double>(next3());
    if (present[1]) {
      const Eigen::Quaterniond q(x[at], x[at + 1], x[at + 2], x[at + 3]);
      at += 4;
      if (std::abs(q.norm() - 1.0) > 1e-6)
        throw std::invalid_argument(path + ": line " + std::to_string(reader.header_line() + row + 1) +
                                    ": the quaternion qw, qx, qy, qz has norm " + format_number(q.norm(), 8) +
                                    ", expected 1 (to 1e-6)");
      s.motion.R = q.normalized().toRotationMatrix();
    }
    if (present[2]) s.motion.v = next3();
    if (present[3]) s.motion.omega = next3();
    if (present[4]) s.motion.a = next3();
    if (present[5]) s.motion.alpha = next3();
    if (present[6]) s.wrench.f = next3();
    if (present[7]) s.wrench.m = next3();
    samples.push_back(s);
  }
  if (samples.empty()) throw std::invalid_argument(path + ": has no rows after the header");
  return samples;
}

void run_inverse_dynamics(const InverseDynamicsCliOptions& o) {
  check_output_file(o.out, "--out");
  const mp::ParallelModel model = load_robot(o.robot);
  const std::vector<MotionSample> samples = read_motion_csv(o.csv);
  // the actuator forces, sample after sample (inverse kinematics warm-started from the last)
  mp::ParallelData data(model);
  std::vector<std::string> header = {"time"};
  for (int k = 1; k <= model.actuated_count(); ++k) header.push_back("tau" + std::to_string(k));
  CsvWriter file(o.out, "--out");
  file.row(header);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const MotionSample& s = samples[i];
    try {
      mp::inverse_dynamics(model, data, s.motion, s.wrench);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(o.csv + ": row " + std::to_string(i + 1) + " (time " + format_number(s.time) +
                                  " s): " + e.what());
    }
    std::vector<std::string> cells = {csv_number(s.time)};
    for (int k = 0; k < model.actuated_count(); ++k) cells.push_back(csv_number(data.tau(k)));
    file.row(cells);
  }
  file.finish();
  std::cout << "wrote " << o.out << ": " << samples.size() << " samples of " << model.actuated_count()
            << " actuator forces or torques (tau1..tau" << model.actuated_count() << ") of '" << model.name
            << "'\n";
}

// ---- cycle: the shortest pick-and-place cycle under the actuators' limits ----------------------

struct CycleCliOptions {
  RobotOptions robot;
  std::vector<double> tau_max;  // one value for every actuator, or one per actuator
  double span = 0.305, rise = 0.025, corner_radius = 0.0125;
  int intervals = 2000;
  std::string out;
};

void run_cycle(const CycleCliOptions& o) {
  namespace fs = std::filesystem;
  const mp::ParallelModel model = load_robot(o.robot);
  analysis::ParallelCycleStudyOptions options;
  options.cycle.span = o.span;
  options.cycle.rise = o.rise;
  options.cycle.corner_radius = o.corner_radius;
  options.intervals = o.intervals;
  if (o.tau_max.size() == 1) {
    options.tau_max = VectorXd::Constant(model.actuated_count(), o.tau_max[0]);
  } else if (!o.tau_max.empty()) {
    if (static_cast<int>(o.tau_max.size()) != model.actuated_count())
      throw std::invalid_argument("--tau-max has " + std::to_string(o.tau_max.size()) + " values; give one, or " +
                                  std::to_string(model.actuated_count()) + " (one per actuator of '" + model.name + "')");
    options.tau_max = Eigen::Map<const VectorXd>(o.tau_max.data(), static_cast<Eigen::Index>(o.tau_max.size()));
  }
  if (options.tau_max.size() == 0)
    for (const auto& [leg, joint] : model.actuators)
      if (!std::isfinite(model.legs[static_cast<std::size_t>(leg)].chain.links[static_cast<std::size_t>(joint)].tau_max))
        throw std::invalid_argument("the actuated joints of '" + model.name +
                                    "' have no effort limit (tau_max) in the model: give --tau-max");
  const analysis::ParallelCycleStudyResult r = analysis::parallel_cycle_study(model, options);
  fs::create_directories(o.out);
  const fs::path csv = fs::path(o.out) / "cycle.csv";
  analysis::write_parallel_cycle_csv(r, csv);
  const fs::path png = fs::path(o.out) / "forces.png";
  run_plot_script(python_script("parallel_cycle_plots.py"), {"forces", csv.string(), png.string(), model.name});
  std::cout << std::setprecision(4) << "'" << model.name << "': pick-and-place cycle (" << o.rise << " m up, " << o.span
            << " m across, down and back) in " << r.cycle_time << " s (" << r.time_there
            << " s each way), actuator " << r.limiting_actuator + 1 << " at its limit most of the time";
  if (r.has_friction)
    std::cout << "; with the model's friction the forces pass the limits by at most " << r.friction_excess;
  std::cout << "\nwrote " << csv.string() << " and " << png.string() << "\n";
}

// ---- the group ---------------------------------------------------------------------------------

void setup(CLI::App& app) {
  app.require_subcommand(1);
  const std::string footer =
      "Units: SI and radians. Exit status: 0 success, 2 usage error, 1 model or computation error (docs/cli.md).";
  // info
  auto info = std::make_shared<RobotOptions>();
  CLI::App* info_cmd = app.add_subcommand("info", "legs, joints, mobility and actuators of a parallel robot");
  add_robot_options(*info_cmd, *info);
  info_cmd->footer(footer);
  info_cmd->callback([info] { std::cout << describe(load_robot(*info)); });
  // inverse-dynamics
  auto id = std::make_shared<InverseDynamicsCliOptions>();
  CLI::App* id_cmd = app.add_subcommand(
      "inverse-dynamics", "actuator forces or torques along a platform motion read from a CSV file");
  add_robot_options(*id_cmd, id->robot);
  id_cmd->add_option("--csv", id->csv,
                     "platform motion: time, tx, ty, tz [, thx, thy, thz | qw, qx, qy, qz] [, vx, vy, vz] "
                     "[, wx, wy, wz] [, ax, ay, az] [, alphax, alphay, alphaz] [, fx, fy, fz, mx, my, mz]")
      ->required()
      ->check(non_empty());
  id_cmd->add_option("--out", id->out, "actuator forces CSV: time, tau1..tauN")->required()->check(non_empty());
  id_cmd->footer(footer);
  id_cmd->callback([id] { run_inverse_dynamics(*id); });
  // save
  auto save = std::make_shared<std::pair<RobotOptions, std::string>>();
  CLI::App* save_cmd = app.add_subcommand("save", "write a parallel robot (a built-in, or a file) as a YAML model file");
  add_robot_options(*save_cmd, save->first);
  save_cmd->add_option("--out", save->second, "model file to write (.yaml or .yml)")->required()->check(non_empty());
  save_cmd->footer(footer);
  save_cmd->callback([save] {
    check_output_file(save->second, "--out");
    const mp::ParallelModel model = load_robot(save->first);
    save_model(save->second, model);
    std::cout << "wrote " << save->second << ": parallel robot '" << model.name << "', " << model.leg_count()
              << " legs, " << model.actuated_count() << " actuators\n";
  });
  // cycle
  auto cycle = std::make_shared<CycleCliOptions>();
  CLI::App* cycle_cmd = app.add_subcommand(
      "cycle", "the shortest pick-and-place cycle under the actuators' limits (time-optimal, TOPP-RA): CSV and plot");
  add_robot_options(*cycle_cmd, cycle->robot);
  cycle_cmd->add_option("--tau-max", cycle->tau_max,
                        "actuator limits, N m or N: one for all, or one per actuator (default: the joints' tau_max)");
  cycle_cmd->add_option("--span", cycle->span, "m across (default 0.305)")->check(CLI::PositiveNumber);
  cycle_cmd->add_option("--rise", cycle->rise, "m up and down (default 0.025)")->check(CLI::PositiveNumber);
  cycle_cmd->add_option("--corner-radius", cycle->corner_radius, "m (default 0.0125)")->check(CLI::PositiveNumber);
  cycle_cmd->add_option("--intervals", cycle->intervals, "grid intervals of each way (default 2000)")
      ->check(CLI::Range(5, 1000000));
  cycle_cmd->add_option("--out", cycle->out, "folder for cycle.csv and forces.png")->required()->check(non_empty());
  cycle_cmd->footer(footer);
  cycle_cmd->callback([cycle] { run_cycle(*cycle); });
  // the parallel commands of other files (register_subcommand("parallel", ...), command.hpp)
  for (const Command& command : subcommands("parallel")) {
    CLI::App* sub = app.add_subcommand(command.name, command.help);
    command.setup(*sub);
  }
}

const bool registered = register_command(
    {"parallel", "parallel robots by description: model info, inverse dynamics along a motion, model files", setup});

}  // namespace
}  // namespace manipdyn::cli
