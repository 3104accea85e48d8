// `manipdyn inverse-dynamics`: the main job. Inverse dynamics of a serial arm (PUMA 560 by
// default; any --model) by every formulation at the model's named configurations; prints the
// torques of each formulation, their largest relative disagreement, and the operation-count
// table for n joints. A tree or a free-flyer runs the default inverse dynamics only (the papers'
// formulations are written for fixed-root chains), its rows and CSV columns named by the joints.
#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "coordinate_names.hpp"
#include "model_option.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"

namespace manipdyn::cli {
namespace {

struct InverseDynamicsOptions {
  ModelSpec model{"puma560", "", ""};
  bool no_drive = false;
  std::vector<double> qd = {0.5};
  std::vector<double> qdd = {1.0};
  std::string csv;
  bool csv_given = false;
  bool no_opcount = false;
};

struct Configuration {
  std::string name;
  std::string source;
  VectorXd q;
};

// The configurations: the model's named configurations (Corke's PUMA 560 poses qz, qr, qs,
// qn; those of a model file), or for an arm without any the zero pose and a generic one
// (revolute q_i = 0.3 (i+1) rad, prismatic q_i = 0.2 m).
std::vector<Configuration> configurations(const SerialModel& model) {
  const int n = model.dof();
  std::vector<Configuration> list;
  if (!model.configurations.empty()) {
    for (const auto& c : model.configurations) list.push_back({c.name, c.description, c.q});
    return list;
  }
  list.push_back({"qz", "all joint values zero", VectorXd::Zero(n)});
  VectorXd q(n);
  for (int i = 0; i < n; ++i)
    q[i] = model.links[i].type == JointType::revolute ? 0.3 * (i + 1) : 0.2;
  list.push_back({"qa", "revolute q_i = 0.3 (i+1) rad, prismatic q_i = 0.2 m", q});
  return list;
}

// A joint vector from one value (repeated) or n values.
VectorXd joint_vector(const std::vector<double>& values, int n, const std::string& flag) {
  if (values.size() != 1 && static_cast<int>(values.size()) != n)
    throw std::invalid_argument(flag + ": give 1 or " + std::to_string(n) + " values, got " +
                                std::to_string(values.size()));
  VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = values.size() == 1 ? values[0] : values[i];
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(v[i]))
      throw std::invalid_argument(flag + ": value " + std::to_string(i + 1) + " is not finite");
  return v;
}

std::string vector_text(const VectorXd& v, int precision = 4) {
  std::ostringstream os;
  os << "(" << std::setprecision(precision);
  for (int i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
  os << ")";
  return os.str();
}

const std::vector<InverseDynamicsMethod>& compared_methods() {
  static const std::vector<InverseDynamicsMethod> methods = {
      InverseDynamicsMethod::lagrange_euler, InverseDynamicsMethod::newton_euler,
      InverseDynamicsMethod::modified_newton_euler, InverseDynamicsMethod::craig,
      InverseDynamicsMethod::fastest};
  return methods;
}

std::string model_name(const SerialModel& model, const InverseDynamicsOptions& o) {
  return model.name.empty() ? o.model.model : model.name;
}

void print_header(const SerialModel& model, const InverseDynamicsOptions& o, const VectorXd& qd,
                  const VectorXd& qdd) {
  std::cout << "model " << model_name(model, o) << ": " << model.dof() << " joints, "
            << to_string(model.convention) << " DH, drive terms "
            << (model.has_drive ? "included" : "none") << ", gravity "
            << vector_text(model.gravity) << " m/s^2 (world frame)\n";
  for (const auto& w : model.warnings) std::cout << "warning: " << w << "\n";
  std::cout << "qd  = " << vector_text(qd) << " (rad/s or m/s)\n"
            << "qdd = " << vector_text(qdd) << " (rad/s^2 or m/s^2)\n"
            << "tau in N m (revolute) or N (prismatic); no external wrench\n";
}

// Prints the torques of every formulation at one configuration (and writes them to `csv`
// when given); returns the largest disagreement with Newton-Euler, relative to the largest
// |tau| of Newton-Euler.
double compare_at(const SerialModel& model, SerialData& data, const Configuration& config,
                  const VectorXd& qd, const VectorXd& qdd, CsvWriter* csv) {
  const std::vector<InverseDynamicsMethod>& methods = compared_methods();
  const int n = model.dof();
  std::vector<VectorXd> tau;
  for (auto m : methods)
    tau.push_back(inverse_dynamics(m, model, data, config.q, qd, qdd, model.gravity,
                                   Vector6d::Zero()));

  std::cout << "\nconfiguration " << config.name
            << (config.source.empty() ? "" : " (" + config.source + ")") << "\n  q = "
            << vector_text(config.q) << "\n";
  const int w = 22;
  std::cout << "  " << std::left << std::setw(6) << "joint" << std::right;
  for (auto m : methods) std::cout << std::setw(w) << to_string(m);
  std::cout << "\n";
  for (int i = 0; i < n; ++i) {
    std::cout << "  " << std::left << std::setw(6) << i + 1 << std::right;
    for (const auto& t : tau)
      std::cout << std::setw(w) << std::scientific << std::setprecision(12) << t[i];
    std::cout << std::defaultfloat << "\n";
    if (csv) {
      csv->out << csv_text(config.name) << "," << i + 1 << "," << csv_number(config.q[i]) << ","
               << csv_number(qd[i]) << "," << csv_number(qdd[i]);
      for (const auto& t : tau) csv->out << "," << csv_number(t[i]);
      csv->out << "\n";
    }
  }
  const VectorXd& reference = tau[1];
  const double scale = std::max(reference.cwiseAbs().maxCoeff(), 1e-300);
  double worst = 0.0;
  std::string worst_method = "-";
  for (std::size_t k = 0; k < methods.size(); ++k) {
    const double e = (tau[k] - reference).cwiseAbs().maxCoeff() / scale;
    if (e > worst) {
      worst = e;
      worst_method = to_string(methods[k]);
    }
  }
  std::cout << "  largest relative disagreement max_i |tau_m,i - tau_ne,i| / max_i |tau_ne,i| = "
            << std::setprecision(3) << worst
            << (worst > 0 ? " (" + worst_method + " vs newton_euler)" : " (all identical)")
            << std::defaultfloat << "\n";
  return worst;
}

// The generic cost at this n, then the cost on this very arm (whose DH structure the default
// formulation exploits), both without drive terms as in the papers.
void print_counts(const SerialModel& model, const InverseDynamicsOptions& o) {
  const int n = model.dof();
  const std::vector<std::string> formulations = inverse_dynamics_count_names();
  std::cout << "\noperation counts of one inverse dynamics, n = " << n
            << ", generic all-revolute arm:\n";
  print_operation_counts(std::cout, operation_count_report(n, n, formulations));
  const SerialModel rigid = model.without_drive();
  std::cout << "\noperation counts on " << model_name(model, o) << " itself (no drive terms):\n";
  print_operation_counts(std::cout, operation_counts_for_model(rigid, formulations),
                         model_name(model, o) + " without drive terms");
}

// A velocity or acceleration of a tree or a free-flyer (nv): one value for every joint or n
// values (a free-flyer's base at rest), or nv values (the base's six first).
VectorXd velocity_vector(const std::vector<double>& values, const SerialModel& model,
                         const std::string& flag) {
  const int n = model.dof(), nv = model.nv();
  if (static_cast<int>(values.size()) == nv && nv != n) return joint_vector(values, nv, flag);
  if (values.size() != 1 && static_cast<int>(values.size()) != n)
    throw std::invalid_argument(flag + ": give 1 or " + std::to_string(n) + " values (the joints)" +
                                (nv != n ? " or " + std::to_string(nv) + " (the base's six first)"
                                         : std::string()) +
                                ", got " + std::to_string(values.size()));
  VectorXd v = VectorXd::Zero(nv);
  v.tail(n) = joint_vector(values, n, flag);
  return v;
}

// The inverse dynamics of a tree or a free-flyer at each configuration (the joints' values of
// configurations(), a free-flyer's base at the neutral pose), printed by coordinate and, with
// `csv`, written one row per configuration with the named columns of coordinate_names.hpp.
void run_named_inverse_dynamics(const SerialModel& model, const InverseDynamicsOptions& o) {
  const int n = model.dof(), nv = model.nv(), base = nv - n;
  const bool free_flyer = model.root == RootJoint::free_flyer;
  const VectorXd qd = velocity_vector(o.qd, model, "--qd");
  const VectorXd qdd = velocity_vector(o.qdd, model, "--qdd");
  std::cout << "model " << model_name(model, o) << ": " << n << " joints, "
            << (model.is_chain() ? "a serial chain" : "a tree (Khalil & Kleinfinger)") << ", "
            << (free_flyer ? "free-flyer root (nq = " + std::to_string(model.nq()) +
                                 ", nv = " + std::to_string(nv) + ")"
                           : std::string("fixed root"))
            << ", drive terms " << (model.has_drive ? "included" : "none") << ", gravity "
            << vector_text(model.gravity) << " m/s^2 (world frame)\n";
  for (const auto& w : model.warnings) std::cout << "warning: " << w << "\n";
  std::cout << "the default inverse dynamics (fastest): the papers' formulations are written for "
               "fixed-root serial chains\n"
            << "qd  = " << vector_text(qd) << " (rad/s or m/s" << (free_flyer ? "; base: "
               "linear, angular velocity in the base frame" : "") << ")\n"
            << "qdd = " << vector_text(qdd) << " (rad/s^2 or m/s^2)\n"
            << "tau in N m (revolute) or N (prismatic)"
            << (free_flyer ? "; the base wrench fx..tz (N, N m) on the base in the base frame"
                           : "")
            << "; no external wrench\n";

  std::optional<CsvWriter> csv;
  if (!o.csv.empty()) {
    csv.emplace(o.csv);
    csv->out << "configuration";
    for (const std::string group : {"q", "qd", "qdd", "tau"})
      for (const std::string& column : column_names(model, group))
        csv->out << "," << csv_text(column);
    csv->out << "\n";
  }
  const std::vector<std::string> v_names = velocity_names(model);
  const std::vector<std::string> f_names = generalized_force_names(model);
  std::size_t width = 10;
  for (std::size_t i = 0; i < v_names.size(); ++i)
    width = std::max(width, v_names[i].size() + (static_cast<int>(i) < base ? 3 + f_names[i].size() : 0) + 2);
  SerialData data(model);
  for (const auto& config : configurations(model)) {
    VectorXd q = neutral(model);
    q.tail(n) = config.q;
    const VectorXd tau = inverse_dynamics(model, data, q, qd, qdd);
    std::cout << "\nconfiguration " << config.name
              << (config.source.empty() ? "" : " (" + config.source + ")") << "\n";
    if (free_flyer)
      std::cout << "  base q = " << vector_text(q.head(7)) << " (position m; quaternion x y z w)\n";
    const int w = 22;
    std::cout << "  " << std::left << std::setw(static_cast<int>(width)) << "coordinate"
              << std::right << std::setw(w) << "q" << std::setw(w) << "qd" << std::setw(w)
              << "qdd" << std::setw(w) << "tau" << "\n";
    for (int i = 0; i < nv; ++i) {
      const auto k = static_cast<std::size_t>(i);
      const std::string label = i < base ? v_names[k] + " / " + f_names[k] : v_names[k];
      std::cout << "  " << std::left << std::setw(static_cast<int>(width)) << label << std::right
                << std::scientific << std::setprecision(12);
      if (i < base) std::cout << std::setw(w) << "-";
      else std::cout << std::setw(w) << q[model.nq() - nv + i];
      std::cout << std::setw(w) << qd[i] << std::setw(w) << qdd[i] << std::setw(w) << tau[i]
                << std::defaultfloat << "\n";
    }
    if (csv) {
      csv->out << csv_text(config.name);
      for (const VectorXd* v : std::array<const VectorXd*, 4>{&q, &qd, &qdd, &tau})
        for (Eigen::Index i = 0; i < v->size(); ++i) csv->out << "," << csv_number((*v)[i]);
      csv->out << "\n";
    }
  }
  if (csv) {
    csv->finish();
    std::cout << "\nwrote " << o.csv << "\n";
  }
  if (!o.no_opcount)
    std::cout << "\n(no operation-count tables: the counted formulations are written for "
                 "fixed-root serial chains)\n";
}

void run_inverse_dynamics(const InverseDynamicsOptions& o) {
  // The output file first, so that no work is wasted on a path that cannot be written.
  if (!o.csv.empty() || o.csv_given) check_output_file(o.csv, "--csv");
  // Built-ins with their drive terms unless --no-drive; random arms without (rigid bodies).
  const SerialModel model = load_serial_model(o.model, !o.no_drive, false);
  if (uses_named_coordinates(model)) return run_named_inverse_dynamics(model, o);
  const int n = model.dof();
  const VectorXd qd = joint_vector(o.qd, n, "--qd");
  const VectorXd qdd = joint_vector(o.qdd, n, "--qdd");
  print_header(model, o, qd, qdd);

  std::optional<CsvWriter> csv;
  if (!o.csv.empty()) {
    csv.emplace(o.csv);
    csv->out << "configuration,joint,q,qd,qdd";
    for (auto m : compared_methods()) csv->out << "," << to_string(m);
    csv->out << "\n";
  }
  SerialData data(model);
  double worst_overall = 0.0;
  for (const auto& config : configurations(model))
    worst_overall = std::max(
        worst_overall, compare_at(model, data, config, qd, qdd, csv ? &*csv : nullptr));
  std::cout << "\nlargest relative disagreement over all configurations: " << std::setprecision(3)
            << worst_overall << std::defaultfloat << "\n";
  if (csv) {
    csv->finish();
    std::cout << "wrote " << o.csv << "\n";
  }
  if (!o.no_opcount) print_counts(model, o);
}

const bool registered = register_command(
    {"inverse-dynamics",
     "inverse dynamics of a serial arm (PUMA 560 by default) by every formulation, their "
     "agreement, and the operation counts",
     [](CLI::App& sub) {
       auto options = std::make_shared<InverseDynamicsOptions>();
       add_serial_model_options(sub, options->model,
                                "puma560 (default), stanford, random:N:SEED (random valid arm, N "
                                "joints), a model file .yaml or .urdf");
       sub.add_flag("--no-drive", options->no_drive,
                    "drop motor inertia and friction (rigid-body torques only)");
       sub.add_option("--qd", options->qd,
                      "joint velocities, rad/s (m/s for a prismatic joint): one value for all "
                      "joints or n values [finite; default 0.5]")
           ->check(number_validator(finite_number("")));
       sub.add_option("--qdd", options->qdd,
                      "joint accelerations, rad/s^2 (m/s^2): one value for all joints or n "
                      "values [finite; default 1.0]")
           ->check(number_validator(finite_number("")));
       sub.add_option("--csv", options->csv,
                      "write configuration,joint,q,qd,qdd and tau of each formulation to FILE "
                      "(its folder must exist)");
       sub.add_flag("--no-opcount", options->no_opcount, "skip the operation-count table");
       sub.footer(
           "Configurations: the model's own (PUMA 560, Corke's mdl_puma560.m: qz = 0; qr = (0, "
           "pi/2, -pi/2, 0, 0, 0); qs = (0, 0, -pi/2, 0, 0, 0); qn = (0, pi/4, pi, 0, pi/4, 0); "
           "Stanford arm: qz; a model file: its `configurations`). Arms without any: qz = 0 and "
           "qa (revolute q_i = 0.3 (i+1) rad, prismatic 0.2 m). Gravity: the model's (built-ins "
           "(0, 0, -9.81) m/s^2), world frame; no external wrench. A random arm has no drive "
           "terms; --base-link/--tip-link choose the chain of a URDF file. A tree (--whole-tree) or "
           "a free-flyer (--floating-base) runs the default inverse dynamics only, its rows and "
           "CSV columns named by the joints (q_<joint>, ...; a free-flyer's base q_base_x.. "
           "q_base_qw, qd_base_vx..qd_base_wz and its wrench tau_fx..tau_tz), with --qd/--qdd "
           "of 1 or n values (the base at rest) or nv (the base's six first). Units: SI and radians. "
           "Exit status: 0 success, 2 usage error, 1 model or computation error "
           "(docs/cli.md).");
       sub.callback([options, &sub] {
         options->csv_given = sub.count("--csv") > 0;
         run_inverse_dynamics(*options);
       });
     }});

}  // namespace
}  // namespace manipdyn::cli
