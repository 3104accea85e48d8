// `manipdyn control`: joint-space trajectory tracking of a serial arm with the computed-torque
// law of Lee, Chung, Mudge, Turney (~1982) or a PD baseline, simulated with simulate.hpp, written
// as CSV and PNG. `--paper` runs the paper's PUMA experiment (ideal, mismatched model, payload,
// 12-bit sensors) in one command.
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "command.hpp"
#include "model_option.hpp"
#include "manipdyn/control/controller.hpp"
#include "manipdyn/control/operation_counts.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn::cli {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;
constexpr double kPaperResolution = 4.26e-4;  // rad per bit, Lee et al. ~1982 sec. 5

struct ControlOptions {
  ModelSpec model{"puma560", "", ""};
  bool no_drive = false;
  std::string friction = "none";  // none | viscous | full (plant and controller alike)
  std::vector<double> from_deg = {90, 0, 90, 0, 0, 0};
  std::vector<double> to_deg = {45, 30, 0, 45, 60, 90};
  double move_time = 2.0;     // s
  double settle_time = 0.5;   // s after the move
  std::string profile = "quintic";
  double blend_fraction = 0.25;
  std::string law = "computed_torque";
  double kp = 100.0, kv = 20.0;
  double control_period = 0.01, step = 1e-3;
  std::string integrator = "rk4";
  double atol = 1e-9, rtol = 1e-7;
  double payload = 0.0;        // kg carried by the plant, unknown to the controller
  double inertia_error = 0.0;  // fraction: the controller's masses and inertias x (1 + e)
  int adc_bits = 0;
  bool velocity_from_positions = false;
  double adc_range = kPaperResolution * 4096.0;
  double torque_limit = 0.0;
  std::string output_dir = "results/control";
  std::string name;
  bool paper = false;
  bool no_plot = false;
};

VectorXd degrees(const std::vector<double>& v, int n, const char* flag) {
  if (static_cast<int>(v.size()) != n)
    throw std::invalid_argument(std::string(flag) + " has " + std::to_string(v.size()) +
                                " values, the model has " + std::to_string(n) + " joints");
  VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = v[i] * kDeg;
  return q;
}

// A progress bar on stderr (only when stderr is a terminal).
std::function<void(double, double)> progress_bar(const std::string& label) {
  if (!isatty(STDERR_FILENO)) return {};
  return [label](double t, double total) {
    const int width = 30, done = static_cast<int>(width * t / total + 1e-9);
    std::cerr << "\r" << label << " [" << std::string(done, '#') << std::string(width - done, ' ')
              << "] " << std::setw(3) << static_cast<int>(100 * t / total + 1e-9) << "%  t = "
              << std::fixed << std::setprecision(2) << t << " / " << total << " s"
              << (t >= total ? "\n" : "") << std::flush;
  };
}

std::string plot_script() {
  return (std::filesystem::path(MANIPDYN_PLOT_SCRIPT).parent_path() / "plot_control.py").string();
}

// A shell word in single quotes (a quote inside becomes '\'').
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs plot_control.py on the CSV; returns false (with a warning) if plotting failed.
bool plot(const std::string& csv, const std::string& prefix, const std::string& title) {
  const std::string cmd = "/usr/bin/python3 " + shell_quote(plot_script()) + " " +
                          shell_quote(csv) + " " + shell_quote(prefix) + " --resolution " +
                          std::to_string(kPaperResolution) + " --title " + shell_quote(title);
  if (std::system(cmd.c_str()) != 0) {
    std::cerr << "warning: plotting failed (" << cmd << ")\n";
    return false;
  }
  return true;
}

struct CaseResult {
  std::string name;
  std::string description;
  VectorXd max_error;
  VectorXd max_torque;
};

// One closed-loop run: plant, controller model and hardware options; CSV + PNG in the output dir.
CaseResult run_case(const ControlOptions& o, const SerialModel& arm, const std::string& name,
                    const std::string& description) {
  SerialModel nominal = arm;
  if (o.friction == "none" || o.friction == "viscous")
    nominal = with_friction(nominal, o.friction == "viscous", false);
  else if (o.friction != "full")
    throw std::invalid_argument("--friction '" + o.friction + "': expected none, viscous or full");
  const int n = nominal.dof();
  // The plant may carry a payload the controller does not know about; the controller's model
  // may have an error on every mass and inertia.
  const SerialModel plant =
      o.payload > 0 ? with_payload(nominal, o.payload, Vector3d(0, 0, 0.05)) : nominal;
  const SerialModel controller_model =
      o.inertia_error != 0 ? with_inertial_error(nominal, o.inertia_error) : nominal;
  // The desired motion: rest-to-rest from `from` to `to`, then hold.
  const VectorXd qa = degrees(o.from_deg, n, "--from"), qb = degrees(o.to_deg, n, "--to");
  const JointTrajectory traj =
      o.profile == "quintic" ? JointTrajectory::quintic({qa, qb}, {o.move_time})
      : o.profile == "lspb"
          ? JointTrajectory::lspb_fraction({qa, qb}, {o.move_time}, o.blend_fraction)
          : throw std::invalid_argument("--profile '" + o.profile +
                                        "': expected quintic or lspb");
  // Gains: 1/s^2 and 1/s for computed torque; for the PD baselines the same per-joint bandwidth
  // in torque units, scaled by the diagonal of the controller's M at the start.
  const ControlLaw law = control_law_from_string(o.law);
  VectorXd kp = VectorXd::Constant(n, o.kp), kv = VectorXd::Constant(n, o.kv);
  if (law == ControlLaw::pd || law == ControlLaw::pd_gravity) {
    SerialData s(controller_model);
    const VectorXd m = mass_matrix<double>(controller_model, s, qa).diagonal();
    kp = kp.cwiseProduct(m);
    kv = kv.cwiseProduct(m);
  }
  TrackingController controller(controller_model, traj, law, kp, kv);
  SimulationOptions so;
  so.duration = o.move_time + o.settle_time;
  so.control_period = o.control_period;
  so.step = o.step;
  so.integrator = integrator_from_string(o.integrator);
  so.adaptive.atol = o.atol;
  so.adaptive.rtol = o.rtol;
  so.position_bits = o.adc_bits;
  so.position_range = o.adc_range;
  so.velocity_from_positions = o.velocity_from_positions;
  if (o.torque_limit > 0) so.torque_limit = VectorXd::Constant(n, o.torque_limit);
  so.progress = progress_bar(name);
  const SimulationResult r = simulate(plant, &controller, qa, VectorXd::Zero(n), so);

  // Outputs: CSV and the two figures.
  std::filesystem::create_directories(o.output_dir);
  const std::string prefix = (std::filesystem::path(o.output_dir) / name).string();
  {
    std::ofstream csv(prefix + ".csv");
    if (!csv) throw std::invalid_argument("cannot write '" + prefix + ".csv'");
    write_simulation_csv(csv, r);
  }
  std::cout << "wrote " << prefix << ".csv";
  if (!o.no_plot && plot(prefix + ".csv", prefix, description))
    std::cout << ", " << prefix << "_errors.png, " << prefix << "_torques.png";
  std::cout << "\n";
  return {name, description, r.max_abs_error(), r.tau.cwiseAbs().colwise().maxCoeff()};
}

void print_summary(const std::vector<CaseResult>& cases, const std::string& csv_path) {
  const int n = static_cast<int>(cases.front().max_error.size());
  std::cout << "\nLargest |q_d - q| per joint (rad); 12-bit A/D resolution of Lee et al.: "
            << kPaperResolution << " rad\n";
  std::cout << std::left << std::setw(16) << "case";
  for (int i = 0; i < n; ++i) std::cout << std::right << std::setw(11) << ("joint " + std::to_string(i + 1));
  std::cout << "   within 4.26e-4?\n";
  std::ofstream csv(csv_path);
  csv << "case,description,joint,max_abs_error_rad,max_abs_torque,adc_resolution_rad\n";
  for (const auto& c : cases) {
    std::cout << std::left << std::setw(16) << c.name;
    for (int i = 0; i < n; ++i) {
      std::cout << std::right << std::setw(11) << std::scientific << std::setprecision(2)
                << c.max_error[i];
      csv << c.name << ",\"" << c.description << "\"," << i + 1 << "," << std::setprecision(6)
          << c.max_error[i] << "," << c.max_torque[i] << "," << kPaperResolution << "\n";
    }
    std::cout << "   " << (c.max_error.maxCoeff() <= kPaperResolution ? "yes" : "no") << "\n"
              << std::defaultfloat;
  }
  std::cout << "wrote " << csv_path << "\n";
}

void run_control(ControlOptions o) {
  // The arm, loaded once: built-ins with their drive terms unless --no-drive.
  const SerialModel arm = load_serial_model(o.model, !o.no_drive, true);
  if (!o.paper) {
    const std::string name = o.name.empty() ? o.law : o.name;
    std::ostringstream d;
    d << o.model.model << ", " << o.law;
    if (o.payload > 0) d << ", +" << o.payload << " kg payload";
    if (o.inertia_error != 0) d << ", model inertias x" << 1 + o.inertia_error;
    if (o.adc_bits > 0) d << ", " << o.adc_bits << "-bit A/D";
    if (o.velocity_from_positions) d << ", qd by differencing";
    const CaseResult c = run_case(o, arm, name, d.str());
    print_summary({c}, (std::filesystem::path(o.output_dir) / (name + "_summary.csv")).string());
    return;
  }
  // The experiment of Lee et al. ~1982 sec. 5, and its robustness variants.
  std::vector<CaseResult> cases;
  ControlOptions ideal = o;
  cases.push_back(run_case(ideal, arm, "ideal", "PUMA 560, computed torque, perfect model"));
  ControlOptions mass = o;
  mass.inertia_error = 0.10;
  cases.push_back(run_case(mass, arm, "inertia_plus10",
                           "controller model: masses and inertias +10%"));
  ControlOptions load = o;
  load.payload = 2.5;
  cases.push_back(
      run_case(load, arm, "payload_2.5kg", "plant carries an unmodelled 2.5 kg payload"));
  ControlOptions adc = o;
  adc.adc_bits = 12;
  cases.push_back(run_case(adc, arm, "adc_12bit", "12-bit position A/D (4.26e-4 rad)"));
  ControlOptions diff = adc;
  diff.velocity_from_positions = true;
  cases.push_back(run_case(diff, arm, "adc_12bit_diff",
                           "12-bit position A/D, velocity by differencing positions"));
  ControlOptions full = o;
  full.friction = "full";
  cases.push_back(run_case(full, arm, "corke_friction",
                           "plant and model with Corke's viscous + Coulomb friction (qualitative: see docs)"));
  print_summary(cases, (std::filesystem::path(o.output_dir) / "summary.csv").string());
}

// The control laws join the `manipdyn opcount` report.
const bool counts_registered = (register_control_operation_counts(), true);

const bool registered = register_command(
    {"control",
     "track a joint trajectory with computed-torque (Lee et al. ~1982) or PD control; CSV + PNG",
     [](CLI::App& sub) {
       auto o = std::make_shared<ControlOptions>();
       sub.add_flag("--paper", o->paper,
                    "run the PUMA experiment of Lee et al. ~1982 sec. 5: ideal, controller model "
                    "+10% masses/inertias, unmodelled 2.5 kg payload, 12-bit position A/D (with "
                    "ideal tachometers and with velocity by differencing), Corke friction");
       add_serial_model_options(sub, o->model,
                                "puma560 (default), stanford, random:N:SEED, or a model file "
                                ".yaml or .urdf (--paper: the paper's PUMA 560 unless given)");
       sub.add_flag("--no-drive", o->no_drive, "rigid arm only (no motor inertia, no friction)");
       sub.add_option("--friction", o->friction,
                      "drive friction of plant and controller model: none (default; motor "
                      "inertia kept), viscous, or full (Corke's viscous + Coulomb)");
       sub.add_option("--from", o->from_deg, "start joint angles, degrees")->expected(1, 64);
       sub.add_option("--to", o->to_deg, "goal joint angles, degrees")->expected(1, 64);
       sub.add_option("--move-time", o->move_time, "duration of the move, s (default 2)");
       sub.add_option("--settle-time", o->settle_time, "time simulated after it, s (default 0.5)");
       sub.add_option("--profile", o->profile, "quintic (default) or lspb");
       sub.add_option("--blend-fraction", o->blend_fraction, "LSPB blend time / duration (0.25)");
       sub.add_option("--law", o->law,
                      "computed_torque (default), computed_torque_lagrange_euler, pd_gravity, pd");
       sub.add_option("--kp", o->kp, "diagonal position gain, 1/s^2 (default 100)");
       sub.add_option("--kv", o->kv, "diagonal velocity gain, 1/s (default 20)");
       sub.add_option("--control-period", o->control_period, "controller sampling, s (0.01)");
       sub.add_option("--step", o->step, "RK4 step of the plant, s (0.001)");
       sub.add_option("--integrator", o->integrator, "rk4 (default) or dormand_prince");
       sub.add_option("--atol", o->atol, "Dormand-Prince absolute tolerance (1e-9)");
       sub.add_option("--rtol", o->rtol, "Dormand-Prince relative tolerance (1e-7)");
       sub.add_option("--payload", o->payload,
                      "kg carried by the plant at 5 cm along the last z axis, unknown to the "
                      "controller");
       sub.add_option("--inertia-error", o->inertia_error,
                      "fraction: the controller's masses and inertias are x(1 + e)");
       sub.add_option("--adc-bits", o->adc_bits, "position A/D bits (0 = ideal)");
       sub.add_flag("--velocity-from-positions", o->velocity_from_positions,
                    "no tachometers: qd = backward difference of the measured positions");
       sub.add_option("--adc-range", o->adc_range,
                      "position A/D full scale, rad (default 4.26e-4 * 4096)");
       sub.add_option("--torque-limit", o->torque_limit, "|tau| limit of every joint (0 = none)");
       sub.add_option("--output-dir", o->output_dir, "where CSV and PNG go (results/control)");
       sub.add_option("--name", o->name, "file name stem of a single run (default: the law)");
       sub.add_flag("--no-plot", o->no_plot, "write the CSV only");
       sub.footer(
           "Plant: the arm (--model) with its drive terms (motor inertia G^2 Jm and friction). "
           "Controller: sampled every --control-period with zero-order hold, on its own model. "
           "Desired motion: rest-to-rest quintic (or LSPB) over --move-time, then hold. "
           "Outputs: <name>.csv (t, q_d, q, qd, e = q_d - q, tau), <name>_errors.png, "
           "<name>_torques.png, and a summary of the largest error per joint.");
       sub.callback([o] { run_control(*o); });
     }});

}  // namespace
}  // namespace manipdyn::cli
