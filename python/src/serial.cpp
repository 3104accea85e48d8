// Python bindings of the serial-arm part: models, kinematics, inverse dynamics by every
// formulation, the dynamics terms and the operation-count report. NumPy float64 arrays in and
// out; bad input raises ValueError with the C++ message (pybind11 maps std::invalid_argument to
// ValueError). Each model keeps one SerialData workspace (workspace.hpp), built on first use.
#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "manipdyn/core/check.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"
#include "convert.hpp"
#include "workspace.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using namespace pybind11::literals;

Vector3d gravity_or_default(const SerialModel& model, const py::object& gravity,
                            const std::string& where) {
  return gravity.is_none() ? model.gravity : as_fixed<3>(gravity, where, "gravity");
}

DhConvention convention_from_string(const std::string& s, const std::string& where) {
  return enum_from<DhConvention>(s, where, "convention");
}

// ---- SerialModel.from_dh: a list of dicts -> LinkParameters ---------------------------------

// The keys of a joint's dict: the YAML link's (docs/model_files.md: drive and limits nested)
// and, flat, the keys of earlier releases (motor_inertia ... tau_max at the top level).
const std::vector<std::string> kJointKeys = {
    "name", "type", "parent", "gamma", "b", "a", "alpha", "d", "theta", "mass", "com", "inertia", "drive", "limits",
    "motor_inertia", "gear_ratio", "viscous", "coulomb", "coulomb_velocity_scale", "q_min", "q_max",
    "qd_max", "tau_max"};
const std::vector<std::string> kDriveKeys = {"motor_inertia", "gear_ratio", "viscous", "coulomb",
                                             "coulomb_velocity_scale"};
const std::vector<std::string> kLimitKeys = {"q", "qd", "tau"};

std::string joint_where(std::size_t i) {
  return "from_dh: joints[" + std::to_string(i) + "] (link " + std::to_string(i + 1) + ")";
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

double as_number(const py::handle& value, const std::string& where, const std::string& key) {
  if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::float_>(value) ||
                                            py::isinstance<py::int_>(value) ||
                                            py::hasattr(value, "__float__")))
    throw std::invalid_argument(where + ": '" + key + "' must be a number");
  try {
    return value.cast<double>();
  } catch (const py::cast_error&) {
    throw std::invalid_argument(where + ": '" + key + "' must be a number");
  }
}

// A joint limit: a number, +-inf or None for no limit (`lower`: None is -inf).
double as_limit(const py::handle& value, const std::string& where, const std::string& key,
                bool lower) {
  const double inf = std::numeric_limits<double>::infinity();
  return value.is_none() ? (lower ? -inf : inf) : as_number(value, where, key);
}

// The inertia about the COM in frame i: 3x3, its diagonal (3), or the YAML mapping
// {ixx, iyy, izz, ixy, ixz, iyz} (products optional, 0).
Matrix3d as_inertia(const py::handle& value, const std::string& where) {
  if (py::isinstance<py::dict>(value)) {
    Matrix3d I = Matrix3d::Zero();
    const std::vector<std::string> keys = {"ixx", "iyy", "izz", "ixy", "ixz", "iyz"};
    const int row[] = {0, 1, 2, 0, 0, 1}, col[] = {0, 1, 2, 1, 2, 2};
    for (const auto& kv : py::reinterpret_borrow<py::dict>(value)) {
      const std::string key = py::str(kv.first).cast<std::string>();
      const auto k = std::find(keys.begin(), keys.end(), key);
      if (k == keys.end())
        throw std::invalid_argument(where + ": unknown key 'inertia." + key + "' (known keys: " +
                                    joined(keys) + ")");
      const auto j = static_cast<std::size_t>(k - keys.begin());
      I(row[j], col[j]) = I(col[j], row[j]) = as_number(kv.second, where, "inertia." + key);
    }
    for (std::size_t j = 0; j < 3; ++j)
      if (!py::reinterpret_borrow<py::dict>(value).contains(keys[j]))
        throw std::invalid_argument(where + ": 'inertia' is missing '" + keys[j] + "'");
    return I;
  }
  const auto arr = as_float_array(value, where, "'inertia'");
  if (arr.ndim() == 2 && arr.shape(0) == 3 && arr.shape(1) == 3) {
    Matrix3d I;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) I(r, c) = arr.at(r, c);
    return I;
  }
  if (arr.ndim() == 1 && arr.shape(0) == 3)
    return Vector3d(arr.at(0), arr.at(1), arr.at(2)).asDiagonal();
  throw std::invalid_argument(where + ": 'inertia' must be 3x3 (or its diagonal, 3, or a dict "
                              "ixx, iyy, izz, ixy, ixz, iyz), got shape " + shape_of(arr));
}

// One drive key (flat, or inside `drive`) into l.
void set_drive_field(LinkParameters& l, const std::string& key, const py::handle& value,
                     const std::string& where) {
  if (key == "motor_inertia") {
    l.motor_inertia = as_number(value, where, key);
  } else if (key == "gear_ratio") {
    l.gear_ratio = as_number(value, where, key);
  } else if (key == "viscous") {
    l.viscous = as_number(value, where, key);
  } else if (key == "coulomb_velocity_scale") {
    l.coulomb_velocity_scale = as_number(value, where, key);
  } else {
    // coulomb: a number c means Tc+ = c, Tc- = -c; a pair is [Tc+, Tc-].
    if (py::isinstance<py::float_>(value) || py::isinstance<py::int_>(value)) {
      const double c = as_number(value, where, key);
      l.coulomb_positive = c;
      l.coulomb_negative = -c;
    } else {
      const VectorXd c = as_vector(value, where, "'coulomb'");
      if (c.size() != 2)
        throw std::invalid_argument(where + ": 'coulomb' must be a number or a pair "
                                    "[Tc+, Tc-], got " + std::to_string(c.size()) + " values");
      l.coulomb_positive = c[0];
      l.coulomb_negative = c[1];
    }
  }
}

// The YAML `limits` mapping {q: [min, max], qd: max, tau: max} into l.
void set_limits(LinkParameters& l, const py::handle& value, const std::string& where) {
  if (!py::isinstance<py::dict>(value))
    throw std::invalid_argument(where + ": 'limits' must be a dict with keys " +
                                joined(kLimitKeys));
  for (const auto& kv : py::reinterpret_borrow<py::dict>(value)) {
    const std::string key = py::str(kv.first).cast<std::string>();
    if (key == "q") {
      if (!py::isinstance<py::sequence>(kv.second) || py::isinstance<py::str>(kv.second) ||
          py::len(kv.second) != 2)
        throw std::invalid_argument(where + ": 'limits.q' must be a pair [min, max]");
      const auto pair = py::reinterpret_borrow<py::sequence>(kv.second);
      l.q_min = as_limit(pair[0], where, "limits.q[0]", true);
      l.q_max = as_limit(pair[1], where, "limits.q[1]", false);
    } else if (key == "qd") {
      l.qd_max = as_limit(kv.second, where, "limits.qd", false);
    } else if (key == "tau") {
      l.tau_max = as_limit(kv.second, where, "limits.tau", false);
    } else {
      throw std::invalid_argument(where + ": unknown key 'limits." + key + "' (known keys: " +
                                  joined(kLimitKeys) + ")");
    }
  }
}

// parent_name: set to the name given as the joint's parent (model_from_dh resolves it).
LinkParameters link_from_dict(const py::handle& item, std::size_t i, std::string& parent_name) {
  const std::string where = joint_where(i);
  if (!py::isinstance<py::dict>(item))
    throw std::invalid_argument(where + ": each joint must be a dict");
  const auto dict = py::reinterpret_borrow<py::dict>(item);
  LinkParameters l;
  for (const auto& kv : dict) {
    if (!py::isinstance<py::str>(kv.first))
      throw std::invalid_argument(where + ": keys must be strings");
    const std::string key = kv.first.cast<std::string>();
    const py::handle value = kv.second;
    const bool drive_key = std::find(kDriveKeys.begin(), kDriveKeys.end(), key) != kDriveKeys.end();
    if (key == "type") {
      const std::string t = py::isinstance<py::str>(value) ? value.cast<std::string>() : "";
      l.type = enum_from<JointType>(t, where, "'type'");
    } else if (key == "parent") {
      // An earlier joint's 0-based index (-1: the base), its name, or None (the previous joint).
      if (value.is_none()) {
        l.parent = kPreviousJoint;
      } else if (py::isinstance<py::str>(value)) {
        parent_name = value.cast<std::string>();
      } else if (py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)) {
        l.parent = value.cast<int>();
        if (l.parent < kBaseParent)
          throw std::invalid_argument(where + ": 'parent' must be an earlier joint's index, -1 "
                                      "(the base), its name or None");
      } else {
        throw std::invalid_argument(where + ": 'parent' must be an earlier joint's index, -1 "
                                    "(the base), its name or None");
      }
    } else if (key == "gamma") {
      l.gamma = as_number(value, where, key);
    } else if (key == "b") {
      l.b = as_number(value, where, key);
    } else if (key == "a") {
      l.a = as_number(value, where, key);
    } else if (key == "alpha") {
      l.alpha = as_number(value, where, key);
    } else if (key == "d") {
      l.d = as_number(value, where, key);
    } else if (key == "theta") {
      l.theta = as_number(value, where, key);
    } else if (key == "mass") {
      l.mass = as_number(value, where, key);
    } else if (key == "com") {
      const VectorXd c = as_vector(value, where, "'com'");
      check_size(where, "'com'", c, 3);
      l.com = c;
    } else if (key == "inertia") {
      l.inertia = as_inertia(value, where);
    } else if (drive_key) {
      set_drive_field(l, key, value, where);
    } else if (key == "drive") {
      // the YAML form: {motor_inertia, gear_ratio, viscous, coulomb}, each optional
      if (!py::isinstance<py::dict>(value))
        throw std::invalid_argument(where + ": 'drive' must be a dict with keys " +
                                    joined(kDriveKeys));
      for (const auto& d : py::reinterpret_borrow<py::dict>(value)) {
        const std::string sub = py::str(d.first).cast<std::string>();
        if (std::find(kDriveKeys.begin(), kDriveKeys.end(), sub) == kDriveKeys.end())
          throw std::invalid_argument(where + ": unknown key 'drive." + sub + "' (known keys: " +
                                      joined(kDriveKeys) + ")");
        set_drive_field(l, sub, d.second, where);
      }
    } else if (key == "limits") {
      set_limits(l, value, where);
    } else if (key == "q_min" || key == "q_max" || key == "qd_max" || key == "tau_max") {
      // Joint limits: a number, +-inf or None for no limit.
      const double x = as_limit(value, where, key, key == "q_min");
      if (key == "q_min") l.q_min = x;
      else if (key == "q_max") l.q_max = x;
      else if (key == "qd_max") l.qd_max = x;
      else l.tau_max = x;
    } else if (key == "name") {
      if (!py::isinstance<py::str>(value))
        throw std::invalid_argument(where + ": 'name' must be a string");
      l.name = value.cast<std::string>();
    } else {
      throw std::invalid_argument(where + ": unknown key '" + key + "' (known keys: " +
                                  joined(kJointKeys) + ")");
    }
  }
  return l;
}

SerialModel model_from_dh(const py::iterable& joints, const std::string& convention,
                          const py::object& gravity, bool allow_invalid_inertia,
                          const std::string& name, const py::object& base,
                          const py::object& tool, const py::object& configurations,
                          const std::string& root, const py::object& base_inertia) {
  std::vector<LinkParameters> links;
  if (py::isinstance<py::dict>(joints) || py::isinstance<py::str>(joints))
    throw std::invalid_argument("from_dh: joints must be a list of dicts, one per joint");
  std::size_t i = 0;
  std::vector<std::string> parent_names;
  for (const auto& item : joints) {
    parent_names.emplace_back();
    links.push_back(link_from_dict(item, i++, parent_names.back()));
  }
  // Parents given by name: an earlier joint's.
  for (std::size_t j = 0; j < links.size(); ++j) {
    if (parent_names[j].empty()) continue;
    int found = -2;
    for (std::size_t k = 0; k < j; ++k)
      if (links[k].name == parent_names[j]) found = static_cast<int>(k);
    if (found < 0)
      throw std::invalid_argument(joint_where(j) + ": 'parent' names '" + parent_names[j] +
                                  "', not an earlier joint's name");
    links[j].parent = found;
  }
  SerialModelOptions options;
  options.root = enum_from<RootJoint>(root, "from_dh", "root");
  if (!base_inertia.is_none()) {
    if (!py::isinstance<py::dict>(base_inertia))
      throw std::invalid_argument("from_dh: base_inertia must be a dict with keys mass, com, "
                                  "inertia");
    for (const auto& kv : py::reinterpret_borrow<py::dict>(base_inertia)) {
      const std::string key = py::str(kv.first).cast<std::string>();
      if (key == "mass") {
        options.base_inertia.mass = as_number(kv.second, "from_dh: base_inertia", key);
      } else if (key == "com") {
        options.base_inertia.com = as_fixed<3>(kv.second, "from_dh", "base_inertia['com']");
      } else if (key == "inertia") {
        options.base_inertia.inertia = as_inertia(kv.second, "from_dh: base_inertia");
      } else {
        throw std::invalid_argument("from_dh: base_inertia: unknown key '" + key +
                                    "' (known keys: mass, com, inertia)");
      }
    }
  }
  options.name = name;
  options.allow_invalid_inertia = allow_invalid_inertia;
  if (!gravity.is_none()) options.gravity = as_fixed<3>(gravity, "from_dh", "gravity");
  if (!base.is_none()) options.base = as_transform(base, "from_dh", "base");
  if (!tool.is_none()) options.tool = as_transform(tool, "from_dh", "tool");
  if (!configurations.is_none()) {
    // A dict name -> q (n), in the dict's order.
    if (!py::isinstance<py::dict>(configurations))
      throw std::invalid_argument("from_dh: configurations must be a dict name -> q");
    for (const auto& kv : py::reinterpret_borrow<py::dict>(configurations)) {
      if (!py::isinstance<py::str>(kv.first))
        throw std::invalid_argument("from_dh: configuration names must be strings");
      const std::string conf = kv.first.cast<std::string>();
      options.configurations.push_back(
          {conf, as_vector(kv.second, "from_dh", "configurations['" + conf + "']"), ""});
    }
  }
  return SerialModel::from_table(links, convention_from_string(convention, "from_dh"), options);
}

py::list links_as_dicts(const SerialModel& model) {
  py::list out;
  for (const auto& l : model.links) {
    py::dict d;
    d["name"] = l.name;
    d["type"] = to_string(l.type);
    d["parent"] = model.parent[&l - model.links.data()];
    d["gamma"] = l.gamma;
    d["b"] = l.b;
    d["a"] = l.a;
    d["alpha"] = l.alpha;
    d["d"] = l.d;
    d["theta"] = l.theta;
    d["mass"] = l.mass;
    d["com"] = VectorXd(l.com);
    d["inertia"] = MatrixXd(l.inertia);
    d["motor_inertia"] = l.motor_inertia;
    d["gear_ratio"] = l.gear_ratio;
    d["viscous"] = l.viscous;
    d["coulomb"] = py::make_tuple(l.coulomb_positive, l.coulomb_negative);
    d["coulomb_velocity_scale"] = l.coulomb_velocity_scale;
    d["q_min"] = l.q_min;
    d["q_max"] = l.q_max;
    d["qd_max"] = l.qd_max;
    d["tau_max"] = l.tau_max;
    out.append(d);
  }
  return out;
}

// One limit of every joint as a NumPy array (n); +-inf where there is none.
VectorXd limits(const SerialModel& model, double LinkParameters::*field) {
  VectorXd v(model.dof());
  for (int i = 0; i < model.dof(); ++i) v[i] = model.links[i].*field;
  return v;
}

py::dict configurations_as_dict(const SerialModel& model) {
  py::dict out;
  for (const auto& c : model.configurations) out[py::str(c.name)] = VectorXd(c.q);
  return out;
}

// ---- algorithms -----------------------------------------------------------------------------

VectorXd py_inverse_dynamics(const SerialModel& model, const py::object& q, const py::object& qd,
                             const py::object& qdd, const py::object& f_ext,
                             const py::object& gravity, const std::string& method,
                             const py::object& f_links) {
  const std::string where = "inverse_dynamics";
  const InverseDynamicsMethod m = inverse_dynamics_method_from_string(method);
  const VectorXd qv = as_vector(q, where, "q"), qdv = as_vector(qd, where, "qd"),
                 qddv = as_vector(qdd, where, "qdd");
  const Vector3d g = gravity_or_default(model, gravity, where);
  const Vector6d f = f_ext.is_none() ? Vector6d::Zero() : as_fixed<6>(f_ext, where, "f_ext");
  SerialData& data = workspace_for(model);
  if (f_links.is_none()) return inverse_dynamics(m, model, data, qv, qdv, qddv, g, f);
  if (m != InverseDynamicsMethod::fastest)
    throw std::invalid_argument(where + ": f_links is taken by method 'fastest' only (the "
                                "recursive Newton-Euler algorithm with the parents), got '" +
                                method + "'");
  const MatrixXd fl = as_matrix(f_links, where, "f_links");
  return inverse_dynamics<double>(model, data, qv, qdv, qddv, g, f, fl);
}

MatrixXd py_mass_matrix(const SerialModel& model, const py::object& q,
                        const std::string& method) {
  const MassMatrixMethod m = from_string<MassMatrixMethod>(method, "mass_matrix", "method");
  const VectorXd qv = as_vector(q, "mass_matrix", "q");
  SerialData& data = workspace_for(model);
  switch (m) {
    case MassMatrixMethod::fastest: return mass_matrix(model, data, qv);
    case MassMatrixMethod::strobing: return mass_matrix_strobing(model, data, qv);
    case MassMatrixMethod::lagrange_euler: return mass_matrix_lagrange_euler(model, data, qv);
  }
  throw std::logic_error("mass_matrix: unhandled method");
}

VectorXd py_gravity_torques(const SerialModel& model, const py::object& q,
                            const py::object& gravity, const std::string& method) {
  const std::string where = "gravity_torques";
  const GravityTorquesMethod m = from_string<GravityTorquesMethod>(method, where, "method");
  const VectorXd qv = as_vector(q, where, "q");
  const Vector3d g = gravity_or_default(model, gravity, where);
  SerialData& data = workspace_for(model);
  if (m == GravityTorquesMethod::lagrange_euler)
    return gravity_torques_lagrange_euler(model, data, qv, g);
  return gravity_torques(model, data, qv, g);
}

VectorXd py_bias_torques(const SerialModel& model, const py::object& q, const py::object& qd,
                         const py::object& gravity) {
  const std::string where = "bias_torques";
  const VectorXd qv = as_vector(q, where, "q"), qdv = as_vector(qd, where, "qd");
  const Vector3d g = gravity_or_default(model, gravity, where);
  SerialData& data = workspace_for(model);
  return bias_torques(model, data, qv, qdv, g);
}

MatrixXd py_coriolis_matrix(const SerialModel& model, const py::object& q, const py::object& qd) {
  const std::string where = "coriolis_matrix";
  const VectorXd qv = as_vector(q, where, "q"), qdv = as_vector(qd, where, "qd");
  SerialData& data = workspace_for(model);
  return coriolis_matrix(model, data, qv, qdv);
}

std::vector<MatrixXd> py_velocity_coupling(const SerialModel& model, const py::object& q,
                                           const std::string& method) {
  // the mass matrix's methods; the fastest C^k are the strobed ones
  const MassMatrixMethod m = from_string<MassMatrixMethod>(method, "velocity_coupling", "method");
  const VectorXd qv = as_vector(q, "velocity_coupling", "q");
  SerialData& data = workspace_for(model);
  if (m == MassMatrixMethod::lagrange_euler) return velocity_coupling_lagrange_euler(model, data, qv);
  return velocity_coupling_strobing(model, data, qv);
}

py::array_t<double> py_link_transforms(const SerialModel& model, const py::object& q) {
  const VectorXd qv = as_vector(q, "link_transforms", "q");
  SerialData& data = workspace_for(model);
  const auto& T = link_transforms(model, data, qv);
  py::array_t<double> out({static_cast<py::ssize_t>(T.size()), py::ssize_t{4}, py::ssize_t{4}});
  auto o = out.mutable_unchecked<3>();
  for (std::size_t i = 0; i < T.size(); ++i)
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) o(static_cast<py::ssize_t>(i), r, c) = T[i](r, c);
  return out;
}

Matrix4d py_end_effector_pose(const SerialModel& model, const py::object& q) {
  const VectorXd qv = as_vector(q, "end_effector_pose", "q");
  SerialData& data = workspace_for(model);
  return end_effector_pose(model, data, qv);
}

MatrixXd py_jacobian(const SerialModel& model, const py::object& q) {
  const VectorXd qv = as_vector(q, "jacobian", "q");
  SerialData& data = workspace_for(model);
  return jacobian(model, data, qv);
}

VectorXd py_friction_torques(const SerialModel& model, const py::object& qd) {
  const VectorXd qdv = as_vector(qd, "friction_torques", "qd");
  VectorXd out = VectorXd::Zero(model.dof());
  friction_torques<double>(model, qdv, out);
  return out;
}

std::vector<std::string> names_or_empty(const py::object& algorithms) {
  std::vector<std::string> only;
  if (algorithms.is_none()) return only;
  if (py::isinstance<py::str>(algorithms)) return {algorithms.cast<std::string>()};
  for (const auto& a : algorithms) only.push_back(py::str(a).cast<std::string>());
  return only;
}

py::list py_operation_counts(int n_max, int n_min, const py::object& algorithms,
                             const SerialModel* model) {
  const auto rows = model ? operation_counts_for_model(*model, names_or_empty(algorithms))
                          : operation_count_report(n_min, n_max, names_or_empty(algorithms));
  py::list out;
  for (const auto& r : rows) {
    py::dict d;
    d["algorithm"] = r.algorithm;
    d["n"] = r.n;
    d["mul"] = r.counted.mul;
    d["add"] = r.counted.add;
    d["div"] = r.counted.div;
    d["sin"] = r.counted.sin;
    d["cos"] = r.counted.cos;
    d["sqrt"] = r.counted.sqrt;
    d["other_fn"] = r.counted.other_fn;
    d["paper_mul"] = r.paper_mul ? py::cast(*r.paper_mul) : py::none();
    d["paper_add"] = r.paper_add ? py::cast(*r.paper_add) : py::none();
    out.append(d);
  }
  return out;
}

std::string py_operation_counts_table(int n_max, int n_min, const py::object& algorithms) {
  std::ostringstream os;
  print_operation_counts(os, operation_count_report(n_min, n_max, names_or_empty(algorithms)));
  return os.str();
}

// SerialModel.from_dh
const char* const kFromDhDoc = R"doc(Builds a model from a DH table.

joints: list of dicts, one per joint, with the keys of a YAML model file's link
  (docs/model_files.md; SI units, radians): name, type ("revolute" | "prismatic"), a, alpha,
  d, theta (m, rad; the joint value is added to theta or d), mass (kg), com (3, m, in frame
  i), inertia (about the COM in frame i: 3x3, its diagonal, or a dict ixx, iyy, izz, ixy,
  ixz, iyz), drive (a dict motor_inertia (Jm), gear_ratio (G), viscous (B), coulomb (a
  number c for Tc+ = c, Tc- = -c, or a pair [Tc+, Tc-]), coulomb_velocity_scale (v_s,
  joint side; 0: Tc switches at qd = 0, > 0: the smooth tanh(qd / v_s) model)), limits (a dict q: [min, max]
  (rad or m), qd (rad/s or m/s), tau (N m or N); inf or None: no limit). The drive and limit
  keys are also accepted flat, as in earlier releases: motor_inertia, gear_ratio, viscous,
  coulomb, q_min, q_max, qd_max, tau_max. Missing keys take 0 (gear_ratio 1, type revolute,
  limits none); an unknown key raises ValueError naming the key and the joint.
convention: "standard" (Rz Tz Tx Rx) or "modified" (Craig: Rx Tx Rz Tz).
gravity: (3) m/s^2 in the world frame, default (0, 0, -9.81).
allow_invalid_inertia: accept an inertia that breaks the triangle inequality or is not
  positive semi-definite (a warning is recorded in .warnings).
base: (4, 4) rigid transform world <- frame 0 of the table (default identity).
tool: (4, 4) rigid transform frame n <- end-effector (default identity).
configurations: dict name -> q (n), named joint configurations carried by the model.
root: "fixed" (default) or "free_flyer" (Pinocchio's conventions: q = [position (3),
  quaternion x y z w (4), joints], v = [linear, angular velocity of the base in its frame,
  joint rates]).
base_inertia: the floating base's dict mass (kg), com (3, m), inertia (about the COM), for
  root = "free_flyer".

A tree (Khalil & Kleinfinger 1986) is written in the modified convention with, per joint,
"parent" (an earlier joint's index or name, -1 for the base; default: the previous joint),
"gamma" and "b" (rad, m: Rz(gamma) Tz(b) before the modified row).)doc";

// The SerialModel class: builders, fields and pickling.
void bind_serial_model(py::module_& m) {
  py::class_<SerialModel>(m, "SerialModel",
                          "A serial manipulator (immutable). Build with SerialModel.from_dh, "
                          "SerialModel.from_urdf, SerialModel.from_yaml, load_model(), puma560(), "
                          "stanford_arm() or random_arm().")
      .def_static("from_dh", &model_from_dh, "joints"_a, "convention"_a = "standard",
                  "gravity"_a = py::none(), "allow_invalid_inertia"_a = false, "name"_a = "",
                  "base"_a = py::none(), "tool"_a = py::none(), "configurations"_a = py::none(),
                  "root"_a = "fixed", "base_inertia"_a = py::none(), kFromDhDoc)
      .def_property_readonly("joint_names", &SerialModel::joint_names,
                             "the joint names in the order of q and v (without the free-flyer)")
      .def_property_readonly("parent", [](const SerialModel& s) { return s.parent; },
                             "the antecedent of each joint (n): an earlier joint's index, -1 for "
                             "the base")
      .def_property_readonly("is_chain", &SerialModel::is_chain,
                             "True for a serial chain (each joint on the previous one, no gamma "
                             "or b): the chain formulations take only these")
      .def_property_readonly("root",
                             [](const SerialModel& s) { return std::string(to_string(s.root)); },
                             "'fixed' or 'free_flyer'")
      .def_property_readonly("base_inertia",
                             [](const SerialModel& s) {
                               py::dict d;
                               d["mass"] = s.base_inertia.mass;
                               d["com"] = Vector3d(s.base_inertia.com);
                               d["inertia"] = Matrix3d(s.base_inertia.inertia);
                               return d;
                             },
                             "a free-flyer's base body: dict mass (kg), com (3, m, base frame), "
                             "inertia (3, 3, kg m^2, about the COM); from_dh's base_inertia keys")
      .def_property_readonly("nq", &SerialModel::nq, "size of q (dof, + 7 for a free-flyer)")
      .def_property_readonly("nv", &SerialModel::nv, "size of v and tau (dof, + 6 for a free-flyer)")
      .def_property_readonly("frames",
                             [](const SerialModel& s) {
                               py::dict out;
                               for (const auto& f : s.frames)
                                 out[py::str(f.name)] =
                                     py::make_tuple(f.joint, Matrix4d(f.placement.matrix()));
                               return out;
                             },
                             "named frames: dict name -> (joint, placement (4, 4) joint frame <- "
                             "frame); joint -1 is the base")
      .def(
          "frame",
          [](const SerialModel& s, const std::string& name) {
            const NamedFrame& f = s.frame(name);
            return py::make_tuple(f.joint, Matrix4d(f.placement.matrix()));
          },
          "name"_a,
          "the named frame `name`: (joint, placement (4, 4) joint frame <- frame), joint -1 the "
          "base; ValueError listing the known names for an unknown one")
      .def_property_readonly("dof", &SerialModel::dof, "number of joints")
      .def_property_readonly("name", [](const SerialModel& s) { return s.name; })
      .def_property_readonly("convention",
                             [](const SerialModel& s) { return std::string(to_string(s.convention)); })
      .def_property_readonly("gravity", [](const SerialModel& s) { return Vector3d(s.gravity); },
                             "gravitational acceleration (3), m/s^2, world frame")
      .def_property_readonly("warnings", [](const SerialModel& s) { return s.warnings; })
      .def_property_readonly("has_drive", [](const SerialModel& s) { return s.has_drive; })
      .def_property_readonly("links", &links_as_dicts,
                             "the DH table as given, as a list of dicts (from_dh's keys)")
      .def_property_readonly("base", [](const SerialModel& s) { return Matrix4d(s.base.matrix()); },
                             "world <- frame 0 of the table as given (4, 4)")
      .def_property_readonly("tool", [](const SerialModel& s) { return Matrix4d(s.tool.matrix()); },
                             "frame n of the table as given <- end-effector (4, 4)")
      .def_property_readonly("configurations", &configurations_as_dict,
                             "named joint configurations: dict name -> q (n), in file order")
      .def("configuration",
           [](const SerialModel& s, const std::string& name) {
             return VectorXd(s.configuration(name).q);
           },
           "name"_a, "q (n) of the named configuration; ValueError listing the known names")
      .def_property_readonly("allow_invalid_inertia",
                             [](const SerialModel& s) { return s.allow_invalid_inertia; },
                             "the builder's allow_invalid_inertia option")
      .def_property_readonly("q_min", [](const SerialModel& s) { return limits(s, &LinkParameters::q_min); },
                             "lower position limits (n), rad or m; -inf: none")
      .def_property_readonly("q_max", [](const SerialModel& s) { return limits(s, &LinkParameters::q_max); },
                             "upper position limits (n), rad or m; inf: none")
      .def_property_readonly("qd_max", [](const SerialModel& s) { return limits(s, &LinkParameters::qd_max); },
                             "speed limits (n), rad/s or m/s; inf: none")
      .def_property_readonly("tau_max", [](const SerialModel& s) { return limits(s, &LinkParameters::tau_max); },
                             "effort limits (n), N m or N; inf: none")
      .def("without_drive", &SerialModel::without_drive,
           "the same arm without motor inertia and friction")
      .def("with_gravity",
           [](const SerialModel& s, const py::object& g) {
             return s.with_gravity(as_fixed<3>(g, "with_gravity", "gravity"));
           },
           "gravity"_a, "the same arm with another gravity vector (world frame)")
      // Pickling (for multiprocessing and Dask workers): the state is the YAML text of the
      // model, read back bit for bit (yaml_model.hpp), and its warnings as recorded.
      .def(py::pickle(
          [](const SerialModel& s) {
            return py::make_tuple(serial_model_to_yaml(s), s.warnings);
          },
          [](const py::tuple& state) {
            if (state.size() != 2)
              throw std::invalid_argument(
                  "SerialModel.__setstate__: state must be (yaml, warnings)");
            SerialModel s =
                serial_model_from_yaml_string(state[0].cast<std::string>(), "<pickle>");
            s.warnings = state[1].cast<std::vector<std::string>>();
            return s;
          }))
      .def("__repr__", [](const SerialModel& s) {
        return "<manipdyn.SerialModel '" + s.name + "': " + std::to_string(s.dof()) +
               " joints, " + to_string(s.convention) + " DH" +
               (s.has_drive ? ", drive terms" : "") + (s.is_chain() ? "" : ", tree") +
               (s.root == RootJoint::free_flyer ? ", free-flyer root" : "") + ">";
      });
}

// The built-in arms.
void bind_serial_arms(py::module_& m) {
  m.def("puma560", &puma560, "with_drive"_a = true,
        "PUMA 560 in standard DH, Corke's numbers (links 1 and 3: published, physically "
        "invalid inertias, kept with a warning).");
  m.def("stanford_arm", &stanford_arm, "with_drive"_a = true, "corrected_inertia"_a = false,
        "The Stanford arm in standard DH (joint 3 prismatic), Corke's numbers.");
  m.def(
      "random_arm",
      [](int n, std::uint64_t seed, const std::string& convention, double prismatic_fraction,
         bool with_drive) {
        if (!(prismatic_fraction >= 0.0 && prismatic_fraction <= 1.0))
          throw std::invalid_argument("random_arm: prismatic_fraction must be in [0, 1]");
        RandomArmOptions options;
        options.prismatic_fraction = prismatic_fraction;
        options.with_drive = with_drive;
        return random_arm(n, seed, convention_from_string(convention, "random_arm"), options);
      },
      "n"_a, "seed"_a, "convention"_a = "standard", "prismatic_fraction"_a = 0.3,
      "with_drive"_a = false, "A random, physically valid arm of n joints, reproducible from seed.");
  m.def(
      "random_tree",
      [](int n, std::uint64_t seed, double prismatic_fraction, bool with_drive, double branching) {
        return random_tree(n, seed, {prismatic_fraction, with_drive, branching});
      },
      "n"_a, "seed"_a, "prismatic_fraction"_a = 0.3, "with_drive"_a = false, "branching"_a = 0.4,
      "A random, physically valid tree of n joints (Khalil-Kleinfinger notation), reproducible "
      "from seed; branching: the probability that a joint starts a branch.");
}

// Dynamics and kinematics of one state.
void bind_serial_dynamics(py::module_& m) {
  m.def("inverse_dynamics", &py_inverse_dynamics, "model"_a, "q"_a, "qd"_a, "qdd"_a,
        "f_ext"_a = py::none(), "gravity"_a = py::none(), "method"_a = "fastest",
        "f_links"_a = py::none(),
        R"doc(Joint torques/forces tau (nv) = M qdd + C qd + G + friction + J^T f_ext.

q (nq), qd, qdd (nv): nq = nv = n on a fixed root; for a free-flyer q = [base position (3),
quaternion x y z w (4), joints], qd and qdd = [linear, angular velocity (acceleration) of the
base in the base frame, joints] and tau starts with the wrench [force; torque] on the base in the
base frame (Pinocchio's conventions; docs/trees.md).
f_ext: (6) [force; moment] exerted BY the end-effector ON the environment, in the
end-effector frame, moment about its origin (default zero).
f_links: (6, n) column i = [force; moment] that link i exerts ON the environment, in frame i
(link_transforms(model, q)[i + 1]), moment about its origin: tau += sum_i J_i^T f_links[:, i]
(method 'fastest' only).
gravity: (3) world frame (default model.gravity).
method: one of inverse_dynamics_methods(): "fastest", "lagrange_euler", "newton_euler",
"modified_newton_euler", "craig".)doc");
  m.def("mass_matrix", &py_mass_matrix, "model"_a, "q"_a, "method"_a = "fastest",
        "M(q) (nv x nv; q: nq), including G^2 Jm on the diagonal; method: one of "
        "mass_matrix_methods() (fastest, strobing, lagrange_euler).");
  m.def("gravity_torques", &py_gravity_torques, "model"_a, "q"_a, "gravity"_a = py::none(),
        "method"_a = "fastest",
        "G(q) (nv; q: nq): the torques that hold the arm still against gravity (world frame, default "
        "model.gravity); method: one of gravity_torques_methods() (fastest, lagrange_euler).");
  m.def("bias_torques", &py_bias_torques, "model"_a, "q"_a, "qd"_a, "gravity"_a = py::none(),
        "b(q, qd) = C qd + G + friction(qd) (nv), so that tau = M qdd + b.");
  m.def("coriolis_matrix", &py_coriolis_matrix, "model"_a, "q"_a, "qd"_a,
        "C(q, qd) (n x n), Christoffel form: dM/dt - 2C is skew-symmetric.");
  m.def("velocity_coupling", &py_velocity_coupling, "model"_a, "q"_a, "method"_a = "fastest",
        "The C^k matrices (list of n arrays n x n): velocity term of joint k = qd^T C^k qd; "
        "method: one of mass_matrix_methods(), fastest (= strobing), strobing, lagrange_euler.");
  m.def("link_transforms", &py_link_transforms, "model"_a, "q"_a,
        "world <- frame i for i = 0..n, array (n+1, 4, 4), in the model's own DH convention "
        "(q: nq; a free-flyer's frame 0 is carried by the base body).");
  m.def("end_effector_pose", &py_end_effector_pose, "model"_a, "q"_a,
        "The end-effector pose world <- end-effector as a 4 x 4 homogeneous matrix (rotation "
        "and translation in m) at joint values q (n: rad or m); the model's tool transform "
        "included.");
  m.def("jacobian", &py_jacobian, "model"_a, "q"_a,
        "geometric Jacobian (6 x nv), [linear; angular], world frame, end-effector origin (the last "
        "joint's frame times the tool); for a free-flyer the first six columns take the base twist.");
  m.def("friction_torques", &py_friction_torques, "model"_a, "qd"_a,
        "friction torque the joints must overcome (n), Corke's conventions (zero at qd = 0).");
}

// Method names, operation counts and the workspace count.
void bind_serial_methods(py::module_& m) {
  m.def("_workspace_count", &workspace_count,
        "Number of per-model workspaces alive (tests: one per live model that was used).");
  m.def("inverse_dynamics_methods", &names<InverseDynamicsMethod>,
        "names accepted by inverse_dynamics(method=...)");
  m.def("mass_matrix_methods", &names<MassMatrixMethod>,
        "names accepted by mass_matrix(method=...) and velocity_coupling(method=...)");
  m.def("gravity_torques_methods", &names<GravityTorquesMethod>,
        "names accepted by gravity_torques(method=...)");
  m.def("operation_counts", &py_operation_counts, "n_max"_a = 12, "n_min"_a = 1,
        "algorithms"_a = py::none(), "model"_a = nullptr,
        "Operation counts measured with the counting scalar on random all-revolute arms, "
        "n = n_min..n_max (or once on `model` if given; n_min/n_max are then ignored): list of "
        "dicts (algorithm, n, mul, add, div, sin, cos, sqrt, other_fn, paper_mul, paper_add; "
        "paper_* None where nothing is published).");
  m.def("operation_counts_table", &py_operation_counts_table, "n_max"_a = 12, "n_min"_a = 1,
        "algorithms"_a = py::none(), "The operation-count report as an aligned text table.");
}

void bind_serial(py::module_& m) {
  bind_serial_model(m);
  bind_serial_arms(m);
  bind_serial_dynamics(m);
  bind_serial_methods(m);
}

const bool registered = register_bindings(10, &bind_serial);

}  // namespace
}  // namespace manipdyn::python
