// `manipdyn dh MODEL`: the standard and the modified DH tables of any serial arm (built-in, YAML
// or URDF), or a tree's Khalil-Kleinfinger table (parent, gamma, b), with the base and tool
// transforms, the free-flyer root's body, the joint limits, and for a URDF file the link
// each body stands for and the links merged into it; `--yaml OUT` saves the model.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "manipdyn/core/rotation.hpp"
#include "manipdyn/io/model_file.hpp"
#include "manipdyn/io/urdf.hpp"
#include "model_option.hpp"

namespace manipdyn::cli {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;

struct DhOptions {
  ModelSpec model;
  std::string yaml;
  bool yaml_given = false;
};

// x with `precision` decimals, never "-0.000000".
std::string fixed(double x, int precision = 6) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(precision) << x;
  std::string s = os.str();
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

// An angle as "rad (deg)", e.g. "1.570796 (90.0000)".
std::string angle(double rad) { return fixed(rad) + " (" + fixed(rad * kDegPerRad, 4) + ")"; }

// A limit, "-" when there is none (infinite).
std::string limit(double x) { return std::isinf(x) ? std::string("-") : fixed(x, 4); }

// A rigid transform: translation, RPY and the 4x4 matrix, indented.
void print_transform(std::ostream& os, const std::string& title, const Eigen::Isometry3d& x) {
  const Vector3d t = x.translation(), rpy = rpy_from_rotation(x.linear());
  os << "  " << title << "\n"
     << "    xyz (m)         " << std::setw(22) << fixed(t[0]) << std::setw(22)
     << fixed(t[1]) << std::setw(22) << fixed(t[2]) << "\n"
     << "    rpy rad (deg)   ";
  for (int k = 0; k < 3; ++k) os << std::setw(22) << angle(rpy[k]);
  os << "\n";
  for (int r = 0; r < 4; ++r) {
    os << (r == 0 ? "    4x4            [[" : "                    [");
    for (int c = 0; c < 4; ++c) os << std::setw(12) << fixed(x.matrix()(r, c));
    os << " ]" << (r == 3 ? "]" : "") << "\n";
  }
}

// The DH table of one chain of the model, with its base and tool transforms.
void print_table(std::ostream& os, const SerialModel& model, const DhChain& chain,
                 const std::vector<std::string>& names,
                 const std::vector<std::string>& urdf_links) {
  const int n = chain.n;
  const bool standard = chain.convention == DhConvention::standard;
  os << (standard ? "standard DH: T(i-1 <- i) = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i); joint i "
                    "moves about z_{i-1}"
                  : "modified DH (Craig): T(i-1 <- i) = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) "
                    "Tz(d_i); joint i moves about z_i")
     << (model.convention == chain.convention ? " [the model's own table]" : " [converted]")
     << "\n";
  std::size_t name_width = 5;
  for (const auto& s : names) name_width = std::max(name_width, s.size());
  const int nw = static_cast<int>(name_width) + 2;
  os << "  " << std::right << std::setw(3) << "i" << "  " << std::left << std::setw(nw)
     << "joint" << std::setw(11) << "type" << std::right << std::setw(12)
     << (standard ? "a_i (m)" : "a_i-1 (m)") << std::setw(24)
     << (standard ? "alpha_i rad (deg)" : "alpha_i-1 rad (deg)") << std::setw(12) << "d_i (m)"
     << std::setw(24) << "theta_i rad (deg)" << (urdf_links.empty() ? "" : "  URDF link") << "\n";
  for (int i = 0; i < n; ++i) {
    os << "  " << std::right << std::setw(3) << i + 1 << "  " << std::left << std::setw(nw)
       << (names[i].empty() ? "-" : names[i]) << std::setw(11) << to_string(chain.type[i])
       << std::right << std::setw(12) << fixed(chain.a[i]) << std::setw(24)
       << angle(chain.alpha[i]) << std::setw(12) << fixed(chain.d[i]) << std::setw(24)
       << angle(chain.theta[i]);
    if (!urdf_links.empty()) os << "  " << urdf_links[i + 1];
    os << "\n";
  }
  os << "  joint value q_i adds to theta_i (revolute) or d_i (prismatic)\n";
  print_transform(os, "base: world <- frame 0", chain.base);
  print_transform(os, "tool: frame " + std::to_string(n) + " <- end-effector", chain.tool);
}

// A tree's table in Khalil & Kleinfinger's notation: each joint's antecedent, gamma and b, then
// its modified DH row (a tree has no standard-DH form).
void print_tree_table(std::ostream& os, const SerialModel& model,
                      const std::vector<std::string>& names,
                      const std::vector<std::string>& urdf_links) {
  const DhChain& chain = model.modified;
  os << "tree (Khalil & Kleinfinger 1986): T(a(i) <- i) = Rz(gamma_i) Tz(b_i) Rx(alpha_i) "
        "Tx(a_i) Rz(theta_i) Tz(d_i); joint i moves about z_i; a(i) = parent (0 = the base); "
        "a tree has no standard-DH form\n";
  std::size_t name_width = 5;
  for (const auto& s : names) name_width = std::max(name_width, s.size());
  const int nw = static_cast<int>(name_width) + 2;
  os << "  " << std::right << std::setw(3) << "i" << "  " << std::left << std::setw(nw)
     << "joint" << std::setw(11) << "type" << std::right << std::setw(7) << "parent"
     << std::setw(24) << "gamma_i rad (deg)" << std::setw(12) << "b_i (m)" << std::setw(12)
     << "a_i (m)" << std::setw(24) << "alpha_i rad (deg)" << std::setw(12) << "d_i (m)"
     << std::setw(24) << "theta_i rad (deg)" << (urdf_links.empty() ? "" : "  URDF link")
     << "\n";
  for (int i = 0; i < chain.n; ++i) {
    os << "  " << std::right << std::setw(3) << i + 1 << "  " << std::left << std::setw(nw)
       << (names[i].empty() ? "-" : names[i]) << std::setw(11) << to_string(chain.type[i])
       << std::right << std::setw(7) << chain.parent[i] + 1 << std::setw(24)
       << angle(chain.gamma[i]) << std::setw(12) << fixed(chain.b[i]) << std::setw(12)
       << fixed(chain.a[i]) << std::setw(24) << angle(chain.alpha[i]) << std::setw(12)
       << fixed(chain.d[i]) << std::setw(24) << angle(chain.theta[i]);
    if (!urdf_links.empty()) os << "  " << urdf_links[i + 1];
    os << "\n";
  }
  os << "  joint value q_i adds to theta_i (revolute) or d_i (prismatic)\n";
  print_transform(os, "base: world <- frame 0", chain.base);
  print_transform(os, "tool: frame " + std::to_string(chain.n) + " <- end-effector", chain.tool);
}

// The free-flyer root's body, when the model floats.
void print_root(std::ostream& os, const SerialModel& model) {
  if (model.root != RootJoint::free_flyer) return;
  const BodyInertia& b = model.base_inertia;
  os << "root: free_flyer (nq = " << model.nq() << ", nv = " << model.nv()
     << "); base body mass " << fixed(b.mass) << " kg, com (" << fixed(b.com[0]) << ", "
     << fixed(b.com[1]) << ", " << fixed(b.com[2]) << ") m in the base frame; the base "
     << "transform below is base body <- frame 0\n";
}

// The joint limits, when the model has any, and its named configurations.
void print_limits_and_configurations(std::ostream& os, const SerialModel& model) {
  const int n = model.dof();
  // Joint limits, when the model has any.
  bool any_limit = false;
  for (const auto& l : model.links)
    any_limit = any_limit || !std::isinf(l.q_min) || !std::isinf(l.q_max) ||
                !std::isinf(l.qd_max) || !std::isinf(l.tau_max);
  if (any_limit) {
    os << "\njoint limits (rad, rad/s, N m for revolute; m, m/s, N for prismatic; - = none)\n"
       << "  " << std::setw(3) << "i" << std::setw(14) << "q_min" << std::setw(14) << "q_max"
       << std::setw(14) << "qd_max" << std::setw(14) << "tau_max" << "\n";
    for (int i = 0; i < n; ++i) {
      const auto& l = model.links[i];
      os << "  " << std::setw(3) << i + 1 << std::setw(14) << limit(l.q_min) << std::setw(14)
         << limit(l.q_max) << std::setw(14) << limit(l.qd_max) << std::setw(14)
         << limit(l.tau_max) << "\n";
    }
  }

  // Named configurations.
  if (!model.configurations.empty()) {
    os << "\nconfigurations\n";
    for (const auto& c : model.configurations) {
      os << "  " << std::left << std::setw(8) << c.name << std::right << " q = (";
      for (int i = 0; i < c.q.size(); ++i) os << (i ? ", " : "") << c.q[i];
      os << ")" << (c.description.empty() ? "" : "  " + c.description) << "\n";
    }
  }
}

// URDF: the link of each body, the links merged into it, and the constant offset.
void print_urdf_bodies(std::ostream& os, const SerialModel& model, const UrdfArm& urdf) {
  const int n = model.dof();
  os << "\nURDF bodies: body i moves with joint i and holds the listed URDF links; offset = DH "
        "frame i (" << to_string(model.convention) << ") <- URDF frame of the body's link\n";
  for (int i = 0; i <= n; ++i) {
    std::string list;
    for (const auto& m : urdf.merged_links[i]) list += (list.empty() ? "" : ", ") + m;
    os << "  body " << std::setw(2) << i << "  " << urdf.link_names[i] << " ("
       << (i == 0 ? std::string(model.root == RootJoint::free_flyer ? "floating base" : "fixed base")
                  : "joint " + urdf.joint_names[i - 1])
       << "), links: " << (list.empty() ? "-" : list) << "\n";
    const Eigen::Isometry3d& x = urdf.link_offsets[i];
    const Vector3d t = x.translation(), rpy = rpy_from_rotation(x.linear());
    os << "           offset xyz (m)" << std::setw(12) << fixed(t[0]) << std::setw(12)
       << fixed(t[1]) << std::setw(12) << fixed(t[2]) << "   rpy rad (deg)";
    for (int k = 0; k < 3; ++k) os << std::setw(22) << angle(rpy[k]);
    os << "\n";
  }
}

void run_dh(const DhOptions& o) {
  // The output file first, so that no work is wasted on a path that cannot be written.
  if (o.yaml_given) {
    check_output_file(o.yaml, "--yaml");
    if (!is_yaml_path(o.yaml))
      throw UsageError("--yaml '" + o.yaml + "': model files are written as YAML; give a path "
                       "ending in .yaml or .yml");
  }
  // The arm; for a URDF file also what the conversion found beside it.
  const ModelSpecKind kind = model_spec_kind(o.model.model, "MODEL");
  std::optional<UrdfArm> urdf;
  if (kind == ModelSpecKind::urdf_file)
    urdf = urdf_arm_from_file(o.model.model, urdf_options(o.model));
  const SerialModel model =
      urdf ? urdf->model : load_serial_model(o.model, true, false, "MODEL");
  const int n = model.dof();
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i)
    names.push_back(urdf && i < static_cast<int>(urdf->joint_names.size())
                        ? urdf->joint_names[i]
                        : model.links[i].name);
  const std::vector<std::string> urdf_links =
      urdf ? urdf->link_names : std::vector<std::string>{};

  // Summary, warnings.
  std::ostream& os = std::cout;
  const Vector3d g = model.gravity;
  os << "model " << (model.name.empty() ? o.model.model : model.name) << ": " << n
     << " joints, given in " << to_string(model.convention) << " DH, drive terms "
     << (model.has_drive ? "included" : "none") << ", gravity (" << g[0] << ", " << g[1] << ", "
     << g[2] << ") m/s^2 (world frame)\n";
  if (urdf) {
    os << "URDF " << o.model.model << ": "
       << (o.model.whole_tree || (o.model.floating_base && o.model.tip_link.empty())
               ? "whole tree below link "
               : "chain from link ")
       << urdf_links.front() << (o.model.tip_link.empty() ? "" : " to link " + o.model.tip_link)
       << ", joints";
    for (const auto& j : urdf->joint_names) os << " " << j;
    os << "\n";
  }
  print_root(os, model);
  for (const auto& w : model.warnings) os << "warning: " << w << "\n";

  // Both tables of a chain; a tree's own table.
  os << "\n";
  if (model.is_chain()) {
    print_table(os, model, model.standard, names, urdf_links);
    os << "\n";
    print_table(os, model, model.modified, names, urdf_links);
  } else {
    print_tree_table(os, model, names, urdf_links);
  }

  print_limits_and_configurations(os, model);
  if (urdf) print_urdf_bodies(os, model, *urdf);

  // The model as YAML.
  if (o.yaml_given) {
    save_model(o.yaml, model);
    os << "\nwrote " << o.yaml << "\n";
  }
}

const bool registered = register_command(
    {"dh",
     "the standard and modified DH tables of a serial arm (built-in, .yaml or .urdf), base and "
     "tool transforms; --yaml writes the model file",
     [](CLI::App& sub) {
       auto o = std::make_shared<DhOptions>();
       sub.add_option("MODEL", o->model.model,
                      "puma560, stanford, random:N:SEED, or a model file .yaml or .urdf")
           ->required();
       add_urdf_chain_options(sub, o->model);
       sub.add_option("--yaml", o->yaml,
                      "also write the model as a YAML model file to OUT (.yaml or .yml; its "
                      "folder must exist)");
       sub.footer(
           "Angles in rad with degrees in parentheses; lengths in m. Both tables describe the "
           "same arm: the one the model was given in, and its exact conversion (the last "
           "standard row's a, alpha move into the modified tool; the first modified row's a, "
           "alpha into the standard base). RPY: R = Rz(yaw) Ry(pitch) Rx(roll), as in URDF. Exit "
           "status: 0 success, 2 usage error, 1 model or computation error (docs/cli.md).");
       sub.callback([o, &sub] {
         o->yaml_given = sub.count("--yaml") > 0;
         run_dh(*o);
       });
     }});

}  // namespace
}  // namespace manipdyn::cli
