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
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "command.hpp"
#include "model_option.hpp"
#include "manipdyn/control/controller.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn::cli {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

struct SimulateOptions {
  ModelSpec model{"puma560", "", ""};
  bool no_drive = false;
  std::string friction = "full";
  std::vector<double> q0_deg, qd0_deg, tau;
  double duration = 2.0, step = 1e-3, log_period = 0.01;
  std::string integrator = "rk4", method = "fastest";
  double atol = 1e-9, rtol = 1e-7;
  std::string output_dir = "results/simulate", name = "simulate";
  bool no_plot = false;
};

VectorXd vector_or_zero(const std::vector<double>& v, int n, double scale, const char* flag) {
  if (v.empty()) return VectorXd::Zero(n);
  if (static_cast<int>(v.size()) != n)
    throw std::invalid_argument(std::string(flag) + " has " + std::to_string(v.size()) +
                                " values, the model has " + std::to_string(n) + " joints");
  return Eigen::Map<const VectorXd>(v.data(), n) * scale;
}

// Constant joint torques (open loop).
class ConstantTorque final : public Controller {
 public:
  explicit ConstantTorque(VectorXd tau) : tau_(std::move(tau)) {}
  int dof() const override { return static_cast<int>(tau_.size()); }
  void compute(double, const VectorXd&, const VectorXd&, VectorXd& tau) override { tau = tau_; }

 private:
  VectorXd tau_;
};

void run_simulate(const SimulateOptions& o) {
  // Built-ins and random arms with their drive terms unless --no-drive.
  SerialModel model = load_serial_model(o.model, !o.no_drive, true);
  if (o.friction == "none" || o.friction == "viscous")
    model = with_friction(model, o.friction == "viscous", false);
  else if (o.friction != "full")
    throw std::invalid_argument("--friction '" + o.friction + "': expected none, viscous or full");
  const int n = model.dof();
  const VectorXd q0 = vector_or_zero(o.q0_deg, n, kDeg, "--q0");
  const VectorXd qd0 = vector_or_zero(o.qd0_deg, n, kDeg, "--qd0");
  ConstantTorque torque(vector_or_zero(o.tau, n, 1.0, "--tau"));
  SimulationOptions so;
  so.duration = o.duration;
  so.control_period = o.log_period;  // the constant torque is "sampled" at the log period
  so.step = o.step;
  so.integrator = integrator_from_string(o.integrator);
  so.adaptive.atol = o.atol;
  so.adaptive.rtol = o.rtol;
  so.method = forward_dynamics_method_from_string(o.method);
  if (isatty(STDERR_FILENO))
    so.progress = [](double t, double total) {
      const int width = 30, done = static_cast<int>(width * t / total + 1e-9);
      std::cerr << "\rsimulate [" << std::string(done, '#') << std::string(width - done, ' ')
                << "] " << std::setw(3) << static_cast<int>(100 * t / total + 1e-9) << "%"
                << (t >= total ? "\n" : "") << std::flush;
    };
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
  std::filesystem::create_directories(o.output_dir);
  const std::string prefix = (std::filesystem::path(o.output_dir) / o.name).string();
  {
    std::ofstream csv(prefix + ".csv");
    if (!csv) throw std::invalid_argument("cannot write '" + prefix + ".csv'");
    write_simulation_csv(csv, r);
  }
  std::cout << model.name << ": " << r.t.size() - 1 << " samples, " << r.plant_steps
            << " integrator steps (" << r.rejected_steps << " rejected), " << r.dynamics_calls
            << " forward-dynamics calls\n"
            << "max |E(t) - E(0)| = " << std::scientific << std::setprecision(3) << drift
            << " J (conserved only without torques and friction)\nwrote " << prefix << ".csv";
  if (!o.no_plot) {
    std::string cols;
    for (int i = 0; i < n; ++i) cols += (i ? ",q" : "q") + std::to_string(i + 1);
    const std::string script = MANIPDYN_PLOT_SCRIPT;
    const std::string cmd = "/usr/bin/python3 '" + script + "' '" + prefix + ".csv' '" + prefix +
                            "_q.png' --x t --y " + cols + " --ylabel 'q (rad or m)' --title '" +
                            model.name + ": joint positions'";
    if (std::system(cmd.c_str()) == 0)
      std::cout << ", " << prefix << "_q.png";
    else
      std::cerr << "\nwarning: plotting failed (" << cmd << ")";
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
       sub.add_option("--friction", o->friction, "full (default), viscous or none");
       sub.add_option("--q0", o->q0_deg, "initial joint values, degrees (default 0)");
       sub.add_option("--qd0", o->qd0_deg, "initial joint velocities, deg/s (default 0)");
       sub.add_option("--tau", o->tau, "constant joint torques, N m (default 0)");
       sub.add_option("--duration", o->duration, "s (default 2)");
       sub.add_option("--step", o->step, "RK4 step, s (default 1e-3)");
       sub.add_option("--log-period", o->log_period, "logging period, s (default 0.01)");
       sub.add_option("--integrator", o->integrator, "rk4 (default) or dormand_prince");
       sub.add_option("--atol", o->atol, "Dormand-Prince absolute tolerance (1e-9)");
       sub.add_option("--rtol", o->rtol, "Dormand-Prince relative tolerance (1e-7)");
       sub.add_option("--method", o->method,
                      "forward dynamics: fastest (default), mass_matrix, articulated_body");
       sub.add_option("--output-dir", o->output_dir, "where CSV and PNG go (results/simulate)");
       sub.add_option("--name", o->name, "file name stem (default simulate)");
       sub.add_flag("--no-plot", o->no_plot, "write the CSV only");
       sub.callback([o] { run_simulate(*o); });
     }});

}  // namespace
}  // namespace manipdyn::cli
