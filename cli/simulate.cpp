// `manipdyn simulate`: open-loop simulation of a serial arm, built-in or from a model file (free
// motion or constant joint torques), by RK4 or Dormand-Prince 5(4), written as CSV and PNG, with
// the energy balance.
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "manipdyn/io/csv.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "python_scripts.hpp"
#include "manipdyn/control/controller.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/simulation/constant_torque.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn::cli {
namespace {

struct SimulateOptions {
  ModelSpec model{"puma560", "", ""};
  bool no_drive = false;
  std::string friction = "full";
  bool deg = false;  // --q0/--qd0 in degrees and deg/s
  std::vector<double> q0, qd0, tau;
  double duration = 2.0, log_period = 0.01;
  IntegratorCliOptions integration;  // --step, --integrator, --atol, --rtol
  std::string method = "fastest";
  std::string output_dir = "results/simulate", name = "simulate";
  bool no_plot = false;
};

VectorXd vector_or_zero(const std::vector<double>& v, int n, const char* flag) {
  if (v.empty()) return VectorXd::Zero(n);
  if (static_cast<int>(v.size()) != n)
    throw std::invalid_argument(std::string(flag) + " has " + std::to_string(v.size()) +
                                " values, the model has " + std::to_string(n) + " joints");
  return Eigen::Map<const VectorXd>(v.data(), n);
}

// The checks between options, before anything is loaded or allocated; `given(flag)` says
// whether an option was on the command line.
void check_options(const SimulateOptions& o, const std::function<bool(const char*)>& given) {
  if (o.log_period > o.duration)
    throw UsageError("--log-period: " + format_number(o.log_period) +
                     " s is longer than --duration " + format_number(o.duration) + " s");
  check_work(o.duration, "--duration", o.log_period, "--log-period", "logged samples",
             kMaxSamples);
  if (o.integration.step > o.log_period)
    throw UsageError("--step: " + format_number(o.integration.step) + " s is longer than --log-period " +
                     format_number(o.log_period) + " s (the integrator step must not exceed the "
                     "logging period; lower --step or raise --log-period)");
  check_integrator_options(o.integration, o.duration, "--duration", given);
  if (o.deg && !given("--q0") && !given("--qd0"))
    throw UsageError("--deg switches --q0 and --qd0 to degrees; give one of them");
  if (o.no_drive && given("--friction"))
    throw UsageError("--friction: the arm has no drive terms with --no-drive");
  prepare_output_dir(o.output_dir, "--output-dir");
  check_file_stem(o.name, "--name");
  check_output_file((std::filesystem::path(o.output_dir) / (o.name + ".csv")).string(), "--name");
}

void run_simulate(const SimulateOptions& o, const std::function<bool(const char*)>& given) {
  check_options(o, given);
  // Built-ins and random arms with their drive terms unless --no-drive.
  SerialModel model = load_serial_model(o.model, !o.no_drive, true);
  if (o.friction == "none" || o.friction == "viscous")
    model = with_friction(model, o.friction == "viscous", false);
  const int n = model.dof();
  // A free-flyer starts at the neutral base pose and at rest unless --q0 (nq) or --qd0 (nv) give
  // the whole state; n values give the joints only.
  VectorXd q0 = neutral(model), qd0 = VectorXd::Zero(model.nv());
  if (model.root == RootJoint::free_flyer && o.q0.size() == static_cast<std::size_t>(model.nq()))
    q0 = vector_or_zero(o.q0, model.nq(), "--q0");
  else
    q0.tail(n) = vector_or_zero(to_radians(o.q0, o.deg), n, "--q0");
  if (model.root == RootJoint::free_flyer && o.qd0.size() == static_cast<std::size_t>(model.nv()))
    qd0 = vector_or_zero(o.qd0, model.nv(), "--qd0");
  else
    qd0.tail(n) = vector_or_zero(to_radians(o.qd0, o.deg), n, "--qd0");
  ConstantTorque torque(vector_or_zero(o.tau, n, "--tau"));
  SimulationOptions so;
  so.duration = o.duration;
  so.control_period = o.log_period;  // the constant torque is "sampled" at the log period
  so.step = o.integration.step;
  so.integrator = integrator_from_string(o.integration.integrator);
  so.adaptive.atol = o.integration.atol;
  so.adaptive.rtol = o.integration.rtol;
  so.method = forward_dynamics_method_from_string(o.method);
  if (isatty(STDERR_FILENO))
    so.progress = [](double t, double total) {
      const int width = 30, done = static_cast<int>(width * t / total + 1e-9);
      std::cerr << "\rsimulate [" << std::string(done, '#') << std::string(width - done, ' ')
                << "] " << std::setw(3) << static_cast<int>(100 * t / total + 1e-9) << "%"
                << (t >= total ? "\n" : "") << std::flush;
    };
  // The RK4 step divides each logging period evenly: say so when that shortens --step.
  if (so.integrator == IntegratorType::rk4)
    if (const std::string note = rk4_step_note(o.integration.step, o.log_period, "--log-period");
        !note.empty())
      std::cout << note << "\n";
  const SimulationResult r = simulate(model, &torque, q0, qd0, so);

  // Energy balance: E(t) - E(0) - work of the torques (zero without friction for free motion).
  SerialData data(model);
  const double e0 = mechanical_energy(model, data, q0, qd0, model.gravity).total();
  double drift = 0.0;
  for (Eigen::Index k = 0; k < r.t.size(); ++k)
    drift = std::max(drift, std::abs(mechanical_energy(model, data, r.q.row(k).transpose(),
                                                       r.qd.row(k).transpose(), model.gravity)
                                         .total() -
                                     e0));
  const std::string prefix = (std::filesystem::path(o.output_dir) / o.name).string();
  {
    CsvWriter csv(prefix + ".csv");
    write_simulation_csv(csv.out, r);
    csv.finish();
  }
  std::cout << model.name << ": " << r.t.size() - 1 << " samples, " << r.plant_steps
            << " integrator steps (" << r.rejected_steps << " rejected), " << r.dynamics_calls
            << " forward-dynamics calls\n"
            << "max |E(t) - E(0)| = " << std::scientific << std::setprecision(3) << drift
            << " J (conserved only without torques and friction)\nwrote " << prefix << ".csv";
  if (!o.no_plot) {
    std::string cols;  // the joints' q columns (write_simulation_csv's header)
    for (int i = 0; i < n; ++i)
      cols += (i ? ",q" : "q") + (r.joint_names.empty() ? std::to_string(i + 1)
                                                         : "_" + r.joint_names[i]);
    const ScriptRun run = run_python_script(
        python_script("plot_csv.py"),
        {prefix + ".csv", prefix + "_q.png", "--x", "t", "--y", cols, "--ylabel", "q (rad or m)",
         "--title", model.name + ": joint positions"});
    if (run.ok())
      std::cout << ", " << prefix << "_q.png";
    else
      std::cerr << "\nwarning: plotting failed (" << run.command << ")";
  }
  std::cout << "\n";
}

const bool registered = register_command(
    {"simulate",
     "open-loop simulation of a serial arm (free motion or constant torques), CSV + PNG",
     [](CLI::App& sub) {
       auto o = std::make_shared<SimulateOptions>();
       add_serial_model_options(sub, o->model,
                                "puma560 (default), stanford, random:N:SEED, or a model file "
                                ".yaml or .urdf");
       sub.add_flag("--no-drive", o->no_drive, "rigid arm only (no motor inertia, no friction)");
       sub.add_option("--friction", o->friction,
                      "drive friction: full (default: viscous + Coulomb), viscous or none")
           ->check(one_of({"full", "viscous", "none"}));
       sub.add_flag("--deg", o->deg, "--q0 in degrees and --qd0 in deg/s instead of rad, rad/s");
       sub.add_option("--q0", o->q0,
                      "initial joint values, one per joint: rad (m for a prismatic joint; "
                      "degrees with --deg) [default 0]")
           ->check(number_validator(finite_number("")));
       sub.add_option("--qd0", o->qd0,
                      "initial joint velocities, one per joint: rad/s (m/s; deg/s with --deg) "
                      "[default 0]")
           ->check(number_validator(finite_number("")));
       sub.add_option("--tau", o->tau,
                      "constant joint torques, one per joint: N m (N for a prismatic joint) "
                      "[default 0]")
           ->check(number_validator(finite_number("")));
       add_number(sub, "--duration", o->duration, positive(kMaxDuration, "s"), "simulated time");
       add_integrator_options(
           sub, o->integration,
           "RK4 step, <= --log-period; shortened (and said so) to divide the logging "
           "period evenly; at most 1e7 RK4 steps (--duration / --step); Dormand-Prince: "
           "the first trial step");
       add_number(sub, "--log-period", o->log_period, positive(kMaxDuration, "s"),
                  "logging period, <= --duration; at most 1e6 samples (--duration / "
                  "--log-period)");
       sub.add_option("--method", o->method,
                      "forward dynamics: " + names_text<ForwardDynamicsMethod>() +
                          " (default fastest)")
           ->check(one_of(names<ForwardDynamicsMethod>()));
       sub.add_option("--output-dir", o->output_dir,
                      "folder of the CSV and PNG, created if needed (default results/simulate)");
       sub.add_option("--name", o->name,
                      "file name stem: <output-dir>/<name>.csv, <name>_q.png (default simulate)");
       sub.add_flag("--no-plot", o->no_plot, "write the CSV only");
       sub.footer("Units: SI and radians (--deg: degrees for --q0, --qd0). Limits: --duration "
                  "<= 1e6 s, at most 1e7 RK4 steps and 1e6 logged samples. Exit status: 0 "
                  "success, 2 usage error, 1 model or computation error (docs/cli.md).");
       sub.callback([o, &sub] {
         run_simulate(*o, [&sub](const char* flag) { return sub.count(flag) > 0; });
       });
     }});

}  // namespace
}  // namespace manipdyn::cli
