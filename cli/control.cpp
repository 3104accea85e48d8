// `manipdyn control`: joint-space trajectory tracking of a serial arm with the computed-torque
// law of Lee, Chung, Mudge, Turney (~1982) or a PD baseline (the library's tracking experiment,
// control/studies.hpp), written as CSV and PNG (control_output.hpp). `--paper` runs the paper's
// PUMA study (ideal, mismatched model, payload, 12-bit sensors, the payload identified;
// control/lee1982_study.hpp) in one command.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "control_output.hpp"
#include "model_option.hpp"
#include "manipdyn/control/lee1982_study.hpp"
#include "manipdyn/control/studies.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn::cli {
namespace {

constexpr double kPaperResolution = kLee1982AdcResolution;  // rad per bit, Lee et al. ~1982 sec. 5

struct ControlOptions {
  ModelSpec model{"puma560", "", ""};
  bool no_drive = false;
  std::string friction = "none";  // none | viscous | full (plant and controller alike)
  bool deg = false;  // --from/--to in degrees
  std::vector<double> from, to;  // rad (degrees with --deg); empty: the default PUMA poses
  double move_time = 2.0;     // s
  double settle_time = 0.5;   // s after the move
  std::string profile = "quintic";
  double blend_fraction = 0.25;
  std::string law = "computed_torque";
  double kp = 100.0, kv = 20.0;
  double control_period = 0.01;
  IntegratorCliOptions integration;  // --step, --integrator, --atol, --rtol
  std::string payload = "none";  // kg carried by the plant, unknown to the controller, or none
  double inertia_error = 0.0;  // fraction: the controller's masses and inertias x (1 + e)
  int adc_bits = 0;
  bool velocity_from_positions = false;
  double adc_range = kPaperResolution * 4096.0;
  std::string torque_limit = "none";  // |tau| limit of every joint (N m or N), or none
  std::string output_dir = "results/control";
  std::string name;
  bool paper = false;
  bool no_plot = false;
};

// A pose in rad: the option's values (degrees with --deg), or the default pose.
VectorXd pose(const std::vector<double>& given, bool deg, const VectorXd& default_pose, int n,
              const char* flag) {
  if (given.empty()) {
    if (default_pose.size() != n)
      throw std::invalid_argument(std::string(flag) + ": the default pose has " +
                                  std::to_string(default_pose.size()) +
                                  " values (a PUMA 560 pose), the model has " +
                                  std::to_string(n) + " joints; give --from and --to");
    return default_pose;
  }
  const std::vector<double> v = to_radians(given, deg);
  if (static_cast<int>(v.size()) != n)
    throw std::invalid_argument(std::string(flag) + " has " + std::to_string(v.size()) +
                                " values, the model has " + std::to_string(n) + " joints");
  return Eigen::Map<const VectorXd>(v.data(), n);
}

// The experiment the options describe (the single run's, or the base of the --paper cases).
TrackingExperiment experiment(const ControlOptions& o, int n) {
  TrackingExperiment e;
  e.q_start = pose(o.from, o.deg, lee1982_start_pose(), n, "--from");
  e.q_goal = pose(o.to, o.deg, lee1982_goal_pose(), n, "--to");
  e.move_time = o.move_time;
  e.settle_time = o.settle_time;
  e.profile = manipdyn::from_string<ProfileShape>(o.profile, "--profile");
  e.blend_fraction = o.blend_fraction;
  e.law = control_law_from_string(o.law);
  e.kp = o.kp;
  e.kv = o.kv;
  e.friction = drive_friction_from_string(o.friction);
  e.payload = parse_optional_number(o.payload).value_or(0.0);
  e.inertia_error = o.inertia_error;
  SimulationOptions& so = e.simulation;
  so.control_period = o.control_period;
  so.step = o.integration.step;
  so.integrator = integrator_from_string(o.integration.integrator);
  so.adaptive.atol = o.integration.atol;
  so.adaptive.rtol = o.integration.rtol;
  so.position_bits = o.adc_bits;
  so.position_range = o.adc_range;
  so.velocity_from_positions = o.velocity_from_positions;
  if (const auto limit = parse_optional_number(o.torque_limit))
    so.torque_limit = VectorXd::Constant(n, *limit);
  return e;
}

// The file stems of a run: the single run's, or the --paper cases' (and the summary's).
std::vector<std::string> output_stems(const ControlOptions& o) {
  if (o.paper)
    return {"ideal", "inertia_plus10", "payload_2.5kg", "adc_12bit", "adc_12bit_diff",
            "corke_friction", "payload_identified", "payload_estimate", "summary"};
  const std::string name = o.name.empty() ? o.law : o.name;
  return {name, name + "_summary"};
}

// The checks between options, before anything is loaded or allocated; `given(flag)` says
// whether an option was on the command line.
void check_options(const ControlOptions& o, const std::function<bool(const char*)>& given) {
  if (o.paper) {
    // The paper's cases set these themselves: an option given beside --paper would be lost.
    const std::vector<std::pair<const char*, const char*>> fixed = {
        {"--law", "runs the paper's computed_torque law in every case"},
        {"--name", "names its files itself (ideal, inertia_plus10, ...)"},
        {"--payload", "sets it (2.5 kg in case payload_2.5kg, none in the others)"},
        {"--inertia-error", "sets it (+10% in case inertia_plus10, 0 in the others)"},
        {"--adc-bits", "sets it (12 in cases adc_12bit*, ideal sensors in the others)"},
        {"--velocity-from-positions", "sets it (case adc_12bit_diff)"},
        {"--friction", "sets it (full in case corke_friction, none in the others)"}};
    for (const auto& [flag, reason] : fixed)
      if (given(flag))
        throw UsageError(std::string(flag) + " cannot be combined with --paper, which " + reason);
  }
  const double duration = o.move_time + o.settle_time;
  if (o.control_period > duration)
    throw UsageError("--control-period: " + format_number(o.control_period) +
                     " s is longer than --move-time + --settle-time = " +
                     format_number(duration) + " s");
  check_work(duration, "--move-time + --settle-time", o.control_period, "--control-period",
             "controller samples", kMaxSamples);
  if (o.integration.step > o.control_period)
    throw UsageError("--step: " + format_number(o.integration.step) + " s is longer than --control-period " +
                     format_number(o.control_period) + " s (the plant's step must not exceed "
                     "the controller's period; lower --step or raise --control-period)");
  check_integrator_options(o.integration, duration, "--move-time + --settle-time", given);
  if (o.profile != "lspb" && given("--blend-fraction"))
    throw UsageError("--blend-fraction applies to --profile lspb only");
  if (!o.paper && o.adc_bits == 0 && given("--adc-range"))
    throw UsageError("--adc-range applies to a quantised position sensor only (--adc-bits > 0)");
  if (o.deg && !given("--from") && !given("--to"))
    throw UsageError("--deg switches --from and --to to degrees; give one of them");
  if (o.no_drive && given("--friction"))
    throw UsageError("--friction: the arm has no drive terms with --no-drive");
  prepare_output_dir(o.output_dir, "--output-dir");
  if (given("--name")) check_file_stem(o.name, "--name");
  for (const auto& stem : output_stems(o))
    check_output_file((std::filesystem::path(o.output_dir) / (stem + ".csv")).string(),
                      o.paper ? "--output-dir" : "--name");
}

// The description of a single run: model, law and what differs from the ideal.
std::string describe(const ControlOptions& o) {
  std::ostringstream d;
  d << o.model.model << ", " << o.law;
  if (parse_optional_number(o.payload).value_or(0.0) > 0) d << ", +" << o.payload << " kg payload";
  if (o.inertia_error != 0) d << ", model inertias x" << 1 + o.inertia_error;
  if (o.adc_bits > 0) d << ", " << o.adc_bits << "-bit A/D";
  if (o.velocity_from_positions) d << ", qd by differencing";
  return d.str();
}

// The run the checked options describe, on the loaded arm: the single run, or the study of
// Lee et al. ~1982 with the payload loop closed (control/lee1982_study.hpp).
void run_checked(const ControlOptions& o, const SerialModel& arm, const ControlOutput& out) {
  TrackingExperiment base = experiment(o, arm.dof());
  if (o.paper) {
    write_lee1982_study(arm, base, o.model.model, out);
    return;
  }
  base.name = o.name.empty() ? o.law : o.name;
  base.description = describe(o);
  TrackingExperiment e = base;
  prepare_tracking_run(e, out);
  const TrackingExperimentResult c = run_tracking_experiment(arm, e);
  write_tracking_run(e, c, out);
  write_tracking_summary({c}, (out.dir / (base.name + "_summary.csv")).string(), out.text);
}

void run_control(const ControlOptions& o, const std::function<bool(const char*)>& given) {
  check_options(o, given);
  // The arm, loaded once: built-ins with their drive terms unless --no-drive.
  const SerialModel arm = load_serial_model(o.model, !o.no_drive, true);
  run_checked(o, arm, {o.output_dir, !o.no_plot, std::cout, {}});
}

// The options of `manipdyn control`, each checked when parsed.
// The options of the plant the controller does not know about, and of its sensors and motors.
void add_plant_options(CLI::App& sub, ControlOptions& o) {
  sub.add_option("--payload", o.payload,
                 "kg carried by the plant at 5 cm along the last z axis, unknown to the "
                 "controller [>= 0 and <= 1000 kg, or none; default none]")
      ->check(number_validator(NumberRange{Bound{0.0}, Bound{1e3}, "kg", false, true}));
  add_number(sub, "--inertia-error", o.inertia_error,
             NumberRange{Bound{-1.0, false}, Bound{10.0}, ""},
             "fraction: the controller's masses and inertias are x(1 + e)");
  add_number(sub, "--adc-bits", o.adc_bits, integer_in(0, 52),
             "position A/D bits (0 = ideal sensor)");
  sub.add_flag("--velocity-from-positions", o.velocity_from_positions,
               "no tachometers: qd = backward difference of the measured positions");
  add_number(sub, "--adc-range", o.adc_range, positive(1e3, "rad"),
             "position A/D full scale (resolution = range / 2^bits; 4.26e-4 * 4096 gives "
             "the paper's 4.26e-4 rad at 12 bits)");
  sub.add_option("--torque-limit", o.torque_limit,
                 "|tau| limit of every joint [> 0 and <= 1e6 N m (N for a prismatic "
                 "joint), or none; default none]")
      ->check(number_validator(NumberRange{Bound{0.0, false}, Bound{1e6}, "N m", false,
                                           true}));
}

void add_control_options(CLI::App& sub, ControlOptions& o) {
  sub.add_flag("--paper", o.paper,
               "run the PUMA experiment of Lee et al. ~1982 sec. 5: ideal, controller model "
               "+10% masses/inertias, unmodelled 2.5 kg payload, 12-bit position A/D (with "
               "ideal tachometers and with velocity by differencing), Corke friction");
  add_serial_model_options(sub, o.model,
                           "puma560 (default), stanford, random:N:SEED, or a model file "
                           ".yaml or .urdf (--paper: the paper's PUMA 560 unless given)");
  sub.add_flag("--no-drive", o.no_drive, "rigid arm only (no motor inertia, no friction)");
  sub.add_option("--friction", o.friction,
                 "drive friction of plant and controller model: none (default; motor "
                 "inertia kept), viscous, or full (Corke's viscous + Coulomb)")
      ->check(one_of(manipdyn::names<DriveFriction>()));
  sub.add_flag("--deg", o.deg, "--from and --to in degrees instead of rad");
  sub.add_option("--from", o.from,
                 "start joint values, one per joint: rad (m for a prismatic joint; degrees "
                 "with --deg) [default: PUMA 560 pose (90, 0, 90, 0, 0, 0) deg]")
      ->expected(1, 64)
      ->check(number_validator(finite_number("")));
  sub.add_option("--to", o.to,
                 "goal joint values, one per joint: rad (m; degrees with --deg) [default: "
                 "(45, 30, 0, 45, 60, 90) deg]")
      ->expected(1, 64)
      ->check(number_validator(finite_number("")));
  add_number(sub, "--move-time", o.move_time, positive(kMaxDuration, "s"),
             "duration of the move");
  add_number(sub, "--settle-time", o.settle_time, non_negative(kMaxDuration, "s"),
             "time simulated after the move");
  sub.add_option("--profile", o.profile, "quintic (default) or lspb")
      ->check(one_of(manipdyn::names<ProfileShape>()));
  add_number(sub, "--blend-fraction", o.blend_fraction,
             NumberRange{Bound{0.0, false}, Bound{0.5}, ""},
             "--profile lspb: blend time / move time");
  sub.add_option("--law", o.law,
                 "computed_torque (default), computed_torque_lagrange_euler, pd_gravity, pd")
      ->check(one_of(manipdyn::names<ControlLaw>()));
  add_number(sub, "--kp", o.kp, non_negative(1e6, "1/s^2"),
             "diagonal position gain (PD laws: times the diagonal of M at the start)");
  add_number(sub, "--kv", o.kv, non_negative(1e6, "1/s"),
             "diagonal velocity gain (PD laws: times the diagonal of M at the start)");
  add_number(sub, "--control-period", o.control_period, positive(kMaxDuration, "s"),
             "controller sampling period, <= --move-time + --settle-time; at most 1e6 "
             "samples");
  add_integrator_options(
      sub, o.integration,
      "RK4 step of the plant, <= --control-period; shortened (and said so) to "
      "divide it evenly; at most 1e7 RK4 steps; Dormand-Prince: first trial step");
  add_plant_options(sub, o);
  sub.add_option("--output-dir", o.output_dir,
                 "folder of the CSV and PNG, created if needed (default results/control)");
  sub.add_option("--name", o.name, "file name stem of a single run (default: the law)");
  sub.add_flag("--no-plot", o.no_plot, "write the CSV only");
  sub.footer(
      "Plant: the arm (--model) with its drive terms (motor inertia G^2 Jm and friction). "
      "Controller: sampled every --control-period with zero-order hold, on its own model. "
      "Desired motion: rest-to-rest quintic (or LSPB) over --move-time, then hold. "
      "Outputs: <name>.csv (t, q_d, q, qd, e = q_d - q, tau), <name>_errors.png, "
      "<name>_torques.png, and a summary of the largest error per joint. --paper fixes "
      "--law, --name, --payload, --inertia-error, --adc-bits, --velocity-from-positions "
      "and --friction (its cases set them). Units: SI and radians (--deg: degrees for "
      "--from, --to). Limits: at most 1e7 RK4 steps and 1e6 controller samples. Exit "
      "status: 0 success, 2 usage error, 1 model or computation error (docs/cli.md).");
}

const bool registered = register_command(
    {"control",
     "track a joint trajectory with computed-torque (Lee et al. ~1982) or PD control; CSV + PNG",
     [](CLI::App& sub) {
       auto o = std::make_shared<ControlOptions>();
       add_control_options(sub, *o);
       sub.callback([o, &sub] {
         run_control(*o, [&sub](const char* flag) { return sub.count(flag) > 0; });
       });
     }});

}  // namespace
}  // namespace manipdyn::cli
