// Python bindings of the Stewart-platform part (`manipdyn.stewart`): the built-in test platform,
// a model builder, RPY helpers, inverse kinematics, inverse dynamics by both models, the path
// planner and whole-path evaluation. NumPy float64 in and out; bad input raises ValueError with
// the C++ message.
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "manipdyn/analysis/workspace_atlas.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "manipdyn/stewart/derivatives.hpp"
#include "manipdyn/stewart/energy.hpp"
#include "manipdyn/stewart/forward_dynamics.hpp"
#include "manipdyn/stewart/forward_kinematics.hpp"
#include "manipdyn/stewart/inverse_dynamics_dasgupta.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/model.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "manipdyn/stewart/trajectory.hpp"
#include "atlas_limits.hpp"
#include "convert.hpp"
#include "platform_motion_args.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using namespace manipdyn::stewart;
using Mat36 = Eigen::Matrix<double, 3, 6>;
using Opt3 = std::optional<Vector3d>;

// legs as rows: a (3 x 6) column-per-leg matrix returned as a (6, 3) array
Eigen::Matrix<double, 6, 3> rows(const Mat36& m) { return m.transpose(); }

Mat36 legs_from(const Eigen::MatrixXd& a, const char* name) {
  if (a.rows() == 6 && a.cols() == 3) return a.transpose();
  if (a.rows() == 3 && a.cols() == 6) return a;
  throw std::invalid_argument(std::string("build_model: ") + name + " must have shape (6, 3), got (" +
                              std::to_string(a.rows()) + ", " + std::to_string(a.cols()) + ")");
}

TaskSpaceMethod parse_method(const std::string& s, const char* where) {
  return enum_from<TaskSpaceMethod>(s, where, "method");
}

py::dict fk_dict(const ForwardKinematicsResult& r) {
  py::dict out;
  out["t"] = r.t;
  out["R"] = r.R;
  out["rpy"] = r.rpy;
  out["iterations"] = r.iterations;
  out["residual_log"] = r.residual_log;
  out["residual"] = r.residual;
  out["condition_number"] = r.condition_number;
  out["near_singular"] = r.near_singular;
  return out;
}

py::dict kinematics_dict(const StewartData& d) {
  py::dict out;
  out["L"] = Vector6d(d.L);
  out["Ld"] = Vector6d(d.Ld);
  out["Ldd"] = Vector6d(d.Ldd);
  out["S"] = rows(d.S_);
  out["s"] = rows(d.s);
  out["q"] = rows(d.q);
  out["W"] = rows(d.W);
  out["A"] = rows(d.A);
  out["omega_l"] = rows(d.omega_l);
  out["alpha_l"] = rows(d.alpha_l);
  out["c"] = rows(d.c);
  out["spin"] = Vector6d(d.spin);
  out["spin_acc"] = Vector6d(d.spin_acc);
  py::list T;
  for (const auto& t : d.T) T.append(Matrix3d(t));
  out["T"] = T;
  return out;
}

// The atlas as workspace_atlas() returns it: a dict of arrays (see its docstring).
py::dict atlas_dict(const analysis::WorkspaceAtlas& a, const Eigen::MatrixXd& orientations) {
  const auto n = static_cast<Eigen::Index>(a.points.size());
  Eigen::Matrix<bool, Eigen::Dynamic, 1> reachable(n);
  Eigen::VectorXi leg(n), limit(n);
  Eigen::VectorXd cond(n), fs(n), fe(n), ua(n), sa(n);
  for (Eigen::Index j = 0; j < n; ++j) {
    const analysis::AtlasPoint& p = a.points[static_cast<std::size_t>(j)];
    reachable(j) = p.reachable;
    leg(j) = p.leg + 1;
    limit(j) = static_cast<int>(p.limit);
    cond(j) = p.condition_number;
    fs(j) = p.max_static_force;
    fe(j) = p.max_envelope_force;
    ua(j) = p.max_u_joint_angle;
    sa(j) = p.max_s_joint_angle;
  }
  // Arrays shaped (orientations, nz, ny, nx), C order = the atlas index.
  const std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(a.orientations.size()),
                                       static_cast<py::ssize_t>(a.z.size()),
                                       static_cast<py::ssize_t>(a.y.size()),
                                       static_cast<py::ssize_t>(a.x.size())};
  const auto shaped = [&](auto&& v) { return py::array(py::cast(v)).attr("reshape")(shape); };
  py::dict out;
  out["x"] = a.x;
  out["y"] = a.y;
  out["z"] = a.z;
  out["orientations"] = orientations;
  out["reachable"] = shaped(reachable);
  out["limit"] = shaped(limit);
  out["leg"] = shaped(leg);
  out["condition_number"] = shaped(cond);
  out["max_static_force"] = shaped(fs);
  out["max_envelope_force"] = shaped(fe);
  out["max_u_joint_angle"] = shaped(ua);
  out["max_s_joint_angle"] = shaped(sa);
  Eigen::VectorXd volume(static_cast<Eigen::Index>(a.summary.size()));
  Eigen::VectorXi count(volume.size());
  for (std::size_t q = 0; q < a.summary.size(); ++q) {
    volume(static_cast<Eigen::Index>(q)) = a.summary[q].volume;
    count(static_cast<Eigen::Index>(q)) = static_cast<int>(a.summary[q].reachable);
  }
  out["volume"] = volume;
  out["reachable_count"] = count;
  out["cell_volume"] = a.cell_volume;
  out["limits_rule"] = a.limits_rule;
  Eigen::MatrixXd lim(6, 4);
  for (int i = 0; i < 6; ++i)
    lim.row(i) << a.limits[i].length_min, a.limits[i].length_max, a.limits[i].u_joint_angle_max,
        a.limits[i].s_joint_angle_max;
  out["limits"] = lim;
  return out;
}

const char* kMotionDoc =
    "Motion arguments (base frame, SI units): t (3); orientation as rpy = [theta_x, theta_y, "
    "theta_z] (R = Rz Ry Rx, Dasgupta 1998 eq. 38) or R (3x3); v (3); angular velocity as omega "
    "(3) or RPY rates rpy_d; a (3); angular acceleration as alpha (3) or RPY accelerations rpy_dd.";

// The StewartModel class: its fields, YAML text and pickling.
void bind_stewart_model(py::module_& m) {
  py::class_<StewartModel>(m, "StewartModel", "Immutable Stewart-platform model (see model.hpp)")
      .def_readonly("name", &StewartModel::name)
      .def_property_readonly("b", [](const StewartModel& s) { return rows(s.b); }, "base points (6, 3)")
      .def_property_readonly("k", [](const StewartModel& s) { return rows(s.k); }, "unit U-joint axes (6, 3)")
      .def_property_readonly("p", [](const StewartModel& s) { return rows(s.p); }, "platform points (6, 3)")
      .def_readonly("M", &StewartModel::M)
      .def_readonly("R0", &StewartModel::R0)
      .def_readonly("I_p", &StewartModel::I_p)
      .def_readonly("Cu", &StewartModel::Cu)
      .def_readonly("Cp", &StewartModel::Cp)
      .def_readonly("Cs", &StewartModel::Cs)
      .def_readonly("gravity", &StewartModel::gravity, "gravity in the base frame (3, m/s^2)")
      .def_readonly("g", &StewartModel::gravity, "the old name of gravity (kept for existing code)")
      .def_readonly("warnings", &StewartModel::warnings)
      .def_property_readonly("legs", [](const StewartModel& s) {
        py::list out;
        for (const auto& l : s.legs) {
          py::dict d;
          d["m_d"] = l.m_d;
          d["m_u"] = l.m_u;
          d["r_d0"] = l.r_d0;
          d["r_u0"] = l.r_u0;
          d["I_d0"] = l.I_d0;
          d["I_u0"] = l.I_u0;
          out.append(d);
        }
        return out;
      }, "per-leg mass properties (list of 6 dicts)")
      .def_property_readonly("limits", [](const StewartModel& s) {
        py::list out;
        for (const auto& l : s.limits) {
          py::dict d;
          d["length_min"] = l.length_min;
          d["length_max"] = l.length_max;
          d["u_joint_angle_max"] = l.u_joint_angle_max;
          d["s_joint_angle_max"] = l.s_joint_angle_max;
          d["force_max"] = l.force_max;
          d["u_joint_normal"] = l.u_joint_normal;
          d["s_joint_normal"] = l.s_joint_normal;
          out.append(d);
        }
        return out;
      }, "designer's limits of each leg (list of 6 dicts; inf = no limit, length_min 0 = none): "
         "length_min, length_max (m), u_joint_angle_max, s_joint_angle_max (rad, cone half-angle "
         "between the leg and the joint's mounting normal), force_max (N), u_joint_normal (3, "
         "base frame), s_joint_normal (3, platform frame); not used by the dynamics")
      .def_readonly("allow_invalid_inertia", &StewartModel::allow_invalid_inertia,
                    "the builder's allow_invalid_inertia option")
      .def("to_yaml", [](const StewartModel& s) { return stewart_model_to_yaml(s); },
           "The platform as YAML text (from_yaml_string reads it back to the same model).")
      // Pickling (for multiprocessing and Dask workers): the YAML text, read back bit for bit,
      // and the warnings as recorded (a normalised-axis warning is not raised again on reading).
      .def(py::pickle(
          [](const StewartModel& s) {
            return py::make_tuple(stewart_model_to_yaml(s), s.warnings);
          },
          [](const py::tuple& state) {
            if (state.size() != 2)
              throw std::invalid_argument(
                  "StewartModel.__setstate__: state must be (yaml, warnings)");
            StewartModel s =
                stewart_model_from_yaml_string(state[0].cast<std::string>(), "<pickle>");
            s.warnings = state[1].cast<std::vector<std::string>>();
            return s;
          }))
      .def("__repr__", [](const StewartModel& s) { return "<StewartModel '" + s.name + "'>"; });
}

// Model files (docs/model_files.md; a malformed file raises ValueError
// "<file>:<line>:<column>: <field>: <problem>"), the built-in test platforms and the builder.
void bind_stewart_model_files(py::module_& m) {
  const auto from_file = [](const std::filesystem::path& path) {
    return stewart_model_from_yaml_file(path.string());
  };
  m.def("load_platform", from_file, py::arg("path"),
        "Reads a Stewart-platform YAML model file (e.g. models/dasgupta_platform.yaml).");
  m.def("from_yaml", from_file, py::arg("path"),
        "Same as load_platform(path): a StewartModel read from a `kind: stewart_platform` YAML "
        "file (docs/model_files.md); ValueError naming file, line, column and field.");
  m.def("from_yaml_string",
        [](const std::string& text) { return stewart_model_from_yaml_string(text, "<string>"); },
        py::arg("text"), "As load_platform, from the YAML text.");
  m.def("to_yaml", [](const StewartModel& s) { return stewart_model_to_yaml(s); },
        py::arg("platform"),
        "The platform as the text of a `kind: stewart_platform` YAML model file (SI units, "
        "radians); reading it back gives the same model bit for bit.");

  m.def("test_platform", [](bool printed, const std::string& variant) {
        if (variant == "dasgupta") return dasgupta_test_platform(printed);
        if (variant == "pedrammehr") return pedrammehr_test_platform(printed);
        throw std::invalid_argument("test_platform: variant must be 'dasgupta' or 'pedrammehr', got '" + variant + "'");
      },
      py::arg("printed_inertias") = true, py::arg("variant") = "dasgupta",
      "The test manipulator of Dasgupta 1998 (appendix). printed_inertias=True keeps the printed "
      "(non-physical) inertias with warnings; False gives the corrected variant. variant='pedrammehr' "
      "uses r_u0 z = -0.08 (Pedrammehr 2012 appendix 2).");

  m.def("build_model",
        [](const Eigen::MatrixXd& b, const Eigen::MatrixXd& k, const Eigen::MatrixXd& p, double m_d,
           double m_u, const Vector3d& r_d0, const Vector3d& r_u0, const Matrix3d& I_d0,
           const Matrix3d& I_u0, double M, const Vector3d& R0, const Matrix3d& I_p, double Cu,
           double Cp, double Cs, const Vector3d& gravity, bool allow_invalid_inertia,
           const std::string& name) {
          StewartParameters prm;
          prm.name = name;
          prm.b = legs_from(b, "b");
          prm.k = legs_from(k, "k");
          prm.p = legs_from(p, "p");
          LegMassProperties leg{m_d, m_u, r_d0, r_u0, I_d0, I_u0};
          prm.legs.fill(leg);
          prm.M = M;
          prm.R0 = R0;
          prm.I_p = I_p;
          prm.Cu = Cu;
          prm.Cp = Cp;
          prm.Cs = Cs;
          prm.gravity = gravity;
          return build_model(prm, allow_invalid_inertia);
        },
        py::arg("b"), py::arg("k"), py::arg("p"), py::arg("m_d"), py::arg("m_u"), py::arg("r_d0"),
        py::arg("r_u0"), py::arg("I_d0"), py::arg("I_u0"), py::arg("M"), py::arg("R0"), py::arg("I_p"),
        py::arg("Cu") = 0.0, py::arg("Cp") = 0.0, py::arg("Cs") = 0.0,
        py::arg("gravity") = Vector3d(0, 0, -9.81), py::arg("allow_invalid_inertia") = false,
        py::arg("name") = "stewart",
        "Builds a model (identical legs); b, k, p have shape (6, 3). Raises ValueError naming the "
        "leg and field for bad input or a non-physical inertia (unless allow_invalid_inertia).");
}

// RPY helpers and inverse kinematics.
void bind_stewart_kinematics(py::module_& m) {
  m.def("rpy_to_rotation", [](const Vector3d& th) { return rpy_to_rotation<double>(th); }, py::arg("rpy"),
        "R = Rz(theta_z) Ry(theta_y) Rx(theta_x) (Dasgupta 1998 eq. 38)");
  m.def("angular_velocity_from_rpy", [](const Vector3d& th, const Vector3d& thd) {
        return angular_velocity_from_rpy<double>(th, thd); }, py::arg("rpy"), py::arg("rpy_d"),
        "Angular velocity omega (3, rad/s, base frame) of the platform whose orientation is "
        "R = rpy_to_rotation(rpy) (rpy: 3, rad) turning at RPY rates rpy_d (3, rad/s).");
  m.def("angular_acceleration_from_rpy", [](const Vector3d& th, const Vector3d& thd, const Vector3d& thdd) {
        return angular_acceleration_from_rpy<double>(th, thd, thdd); },
        py::arg("rpy"), py::arg("rpy_d"), py::arg("rpy_dd"),
        "Angular acceleration alpha (3, rad/s^2, base frame) for RPY angles rpy (3, rad), rates "
        "rpy_d (3, rad/s) and second derivatives rpy_dd (3, rad/s^2); the derivative of "
        "angular_velocity_from_rpy.");

  m.def("inverse_kinematics",
        [](const StewartModel& platform, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const Vector3d& v, const Opt3& omega, const Opt3& rpy_d, const Vector3d& a, const Opt3& alpha,
           const Opt3& rpy_dd) {
          StewartData d(platform);
          inverse_kinematics(platform, d, make_motion("inverse_kinematics", t, rpy, R, v, omega, rpy_d, a, alpha, rpy_dd));
          return kinematics_dict(d);
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = py::none(), py::arg("rpy_d") = py::none(),
        py::arg("a") = Vector3d::Zero(), py::arg("alpha") = py::none(), py::arg("rpy_dd") = py::none(),
        (std::string("Leg kinematics (Dasgupta 1998 eqs. 1-10; exact U joint, Pedrammehr 2012 eqs. 12-25). ") +
         kMotionDoc + " Returns a dict: L, Ld, Ldd (6); S, s, q, W, A, omega_l, alpha_l, c (6, 3); spin, spin_acc (6); T (list of 6 3x3).").c_str());
}

// Inverse dynamics by both models.
void bind_stewart_inverse_dynamics(py::module_& m) {
  m.def("inverse_dynamics",
        [](const StewartModel& platform, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const Vector3d& v, const Opt3& omega, const Opt3& rpy_d, const Vector3d& a, const Opt3& alpha,
           const Opt3& rpy_dd, const Vector3d& f_ext, const Vector3d& m_ext, const std::string& model,
           bool constraint_forces, double condition_warning, bool eq16_literal) {
          StewartData d(platform);
          InverseDynamicsOptions opt;
          opt.dasgupta_eq16_literal = eq16_literal;
          opt.constraint_forces = constraint_forces;
          opt.condition_warning = condition_warning;
          ExternalWrench w;
          w.f = f_ext;
          w.m = m_ext;
          const DynamicsModel which = dynamics_model_from(model, "inverse_dynamics");
          inverse_dynamics(which, platform, d,
                           make_motion("inverse_dynamics", t, rpy, R, v, omega, rpy_d, a, alpha, rpy_dd), w, opt);
          py::dict out;
          out["F"] = Vector6d(d.F);
          out["F0"] = Vector6d(d.F0);
          out["Fd"] = Vector6d(d.Fd);
          out["dynamic_fraction"] = Vector6d(d.dynamic_fraction);
          out["condition_number"] = d.condition_number;
          out["ill_conditioned"] = d.ill_conditioned;
          out["H"] = Matrix6<double>(d.H);
          if (constraint_forces) {
            out["F_s"] = rows(d.F_s);
            out["F_p"] = rows(d.F_p);
            out["F_u"] = rows(d.F_u);
            out["F_c"] = rows(d.F_c);
            out["M_u"] = Vector6d(d.M_u);
            out["M_u_axis"] = rows(d.M_u_axis);
          }
          return out;
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = py::none(), py::arg("rpy_d") = py::none(),
        py::arg("a") = Vector3d::Zero(), py::arg("alpha") = py::none(), py::arg("rpy_dd") = py::none(),
        py::arg("f_ext") = Vector3d::Zero(), py::arg("m_ext") = Vector3d::Zero(),
        py::arg("model") = "dasgupta", py::arg("constraint_forces") = false,
        py::arg("condition_warning") = 1e3, py::arg("eq16_literal") = false,
        (std::string("Actuator forces by model='dasgupta' (Dasgupta 1998) or 'improved' (Pedrammehr 2012). ") +
         kMotionDoc + " f_ext, m_ext: external force and moment in the platform frame. Returns a dict: F, F0, Fd, "
         "dynamic_fraction (6), condition_number, ill_conditioned, H (6x6) and, with constraint_forces=True, "
         "F_s, F_p, F_u, F_c (6, 3), M_u (6), M_u_axis (6, 3). eq16_literal=True applies Dasgupta's eq. 16 "
         "as printed (double counts the upper part's transport inertia; for comparison only).").c_str());
}

// Derivatives of both dynamics (derivatives.hpp): x = [t; phi] with R <- exp([phi]x) R, xd = [v;
// omega], xdd = [a; alpha], all in the base frame.
void bind_stewart_derivatives(py::module_& m) {
  m.def("inverse_dynamics_derivatives",
        [](const StewartModel& platform, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const Vector3d& v, const Opt3& omega, const Opt3& rpy_d, const Vector3d& a, const Opt3& alpha,
           const Opt3& rpy_dd, const Vector3d& f_ext, const Vector3d& m_ext, const std::string& model) {
          const char* where = "inverse_dynamics_derivatives";
          const auto d = std::make_unique<StewartDerivativesData>(platform);
          const ExternalWrench w{f_ext, m_ext};
          inverse_dynamics_derivatives(dynamics_model_from(model, where), platform, *d,
                                       make_motion(where, t, rpy, R, v, omega, rpy_d, a, alpha, rpy_dd), w);
          py::dict out;
          out["F"] = d->F;
          out["dF_dx"] = d->dF_dx;
          out["dF_dxd"] = d->dF_dxd;
          out["dF_dxdd"] = d->dF_dxdd;
          out["H"] = d->dual.H.unaryExpr([](const StewartDual& z) { return z.value(); }).eval();
          out["Lambda"] = Matrix6<double>(d->plain.Lambda);
          out["condition_number"] = d->dual.condition_number;
          return out;
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = py::none(), py::arg("rpy_d") = py::none(),
        py::arg("a") = Vector3d::Zero(), py::arg("alpha") = py::none(), py::arg("rpy_dd") = py::none(),
        py::arg("f_ext") = Vector3d::Zero(), py::arg("m_ext") = Vector3d::Zero(), py::arg("model") = "dasgupta",
        (std::string("Leg forces and their derivatives by model='dasgupta' or 'improved' (forward-mode automatic "
                     "differentiation, exact to rounding). ") +
         kMotionDoc +
         " f_ext, m_ext: external force and moment in the platform frame (held in the platform frame). "
         "Variables: x = [t; phi] with the rotation perturbed as R <- exp([phi]x) R (phi in the base frame), "
         "xd = [v; omega], xdd = [a; alpha], base frame. Returns a dict: F (6), dF_dx, dF_dxd, dF_dxdd, H, "
         "Lambda (6x6; H dF_dxdd = Lambda), condition_number.").c_str());
  m.def("forward_dynamics_derivatives",
        [](const StewartModel& platform, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const Vector3d& v, const Opt3& omega, const Opt3& rpy_d, const Vector6d& F, const Vector3d& f_ext,
           const Vector3d& m_ext, const std::string& model) {
          const char* where = "forward_dynamics_derivatives";
          const auto d = std::make_unique<StewartDerivativesData>(platform);
          const ExternalWrench w{f_ext, m_ext};
          const PlatformMotion state = make_motion(where, t, rpy, R, v, omega, rpy_d, Vector3d::Zero(),
                                                   std::nullopt, std::nullopt);
          forward_dynamics_derivatives(dynamics_model_from(model, where), platform, *d, state, F, w);
          py::dict out;
          out["xdd"] = d->xdd;
          out["a"] = Vector3d(d->xdd.head<3>());
          out["alpha"] = Vector3d(d->xdd.tail<3>());
          out["dxdd_dx"] = d->dxdd_dx;
          out["dxdd_dxd"] = d->dxdd_dxd;
          out["dxdd_dF"] = d->dxdd_dF;
          out["Lambda"] = Matrix6<double>(d->plain.Lambda);
          out["H"] = Matrix6<double>(d->plain.H);
          return out;
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = py::none(), py::arg("rpy_d") = py::none(),
        py::arg("F") = Vector6d::Zero(), py::arg("f_ext") = Vector3d::Zero(), py::arg("m_ext") = Vector3d::Zero(),
        py::arg("model") = "dasgupta",
        "Platform acceleration for the actuator forces F (6, N) at the pose t, rpy|R and twist v, omega|rpy_d "
        "(base frame), as forward_dynamics, and its derivatives (x = [t; phi] with R <- exp([phi]x) R, xd = "
        "[v; omega]). Returns a dict: xdd (6), a, alpha (3), dxdd_dx, dxdd_dxd, dxdd_dF (6x6; dxdd_dF = "
        "Lambda^-1 H), Lambda, H (6x6).");
}

// Forward kinematics: one assembly from a guess, or all of them.
void bind_stewart_forward_kinematics(py::module_& m) {
  const auto fk_options = [](int max_iterations, double tolerance, double condition_warning) {
    ForwardKinematicsOptions o;
    o.max_iterations = max_iterations;
    o.tolerance = tolerance;
    o.condition_warning = condition_warning;
    return o;
  };
  m.def("forward_kinematics",
        [fk_options](const StewartModel& platform, const Vector6d& leg_lengths, const Vector3d& t_guess,
                     const Opt3& rpy_guess, const std::optional<Matrix3d>& R_guess, int max_iterations,
                     double tolerance, double condition_warning) {
          if (rpy_guess.has_value() == R_guess.has_value())
            throw std::invalid_argument("forward_kinematics: give exactly one of rpy_guess and R_guess");
          const Matrix3d R0 = rpy_guess ? rpy_to_rotation<double>(*rpy_guess) : *R_guess;
          return fk_dict(forward_kinematics(platform, leg_lengths, t_guess, R0,
                                            fk_options(max_iterations, tolerance, condition_warning)));
        },
        py::arg("platform"), py::arg("leg_lengths"), py::arg("t_guess"), py::arg("rpy_guess") = py::none(),
        py::arg("R_guess") = py::none(), py::arg("max_iterations") = 50, py::arg("tolerance") = 1e-13,
        py::arg("condition_warning") = 1e3,
        "Platform pose with the leg lengths (6, m) by Newton-Raphson from the guess t_guess (3) and "
        "rpy_guess (3) or R_guess (3x3). Returns a dict: t, R, rpy, iterations, residual_log (max|L - L*| "
        "per iteration, m), residual, condition_number (cond H), near_singular. ValueError when it does "
        "not converge (naming the residual) or for bad input.");
  m.def("forward_kinematics_all",
        [fk_options](const StewartModel& platform, const Vector6d& leg_lengths, int starts, unsigned seed,
                     double position_bound, double orientation_bound, double distinct_tolerance,
                     int max_iterations, double tolerance, double condition_warning) {
          ForwardKinematicsOptions o = fk_options(max_iterations, tolerance, condition_warning);
          o.starts = starts;
          o.seed = seed;
          o.position_bound = position_bound;
          o.orientation_bound = orientation_bound;
          o.distinct_tolerance = distinct_tolerance;
          py::list out;
          for (const auto& r : forward_kinematics_all(platform, leg_lengths, o)) out.append(fk_dict(r));
          return out;
        },
        py::arg("platform"), py::arg("leg_lengths"), py::arg("starts") = 200, py::arg("seed") = 1,
        py::arg("position_bound") = 0.0, py::arg("orientation_bound") = 3.141592653589793,
        py::arg("distinct_tolerance") = 1e-6, py::arg("max_iterations") = 50, py::arg("tolerance") = 1e-13,
        py::arg("condition_warning") = 1e3,
        "Every distinct assembly with the leg lengths (6, m) found from `starts` seeded starts, within "
        "position_bound (m from the base centroid; 0: automatic) and orientation_bound (rad), distinct "
        "by distinct_tolerance; a list of dicts as forward_kinematics returns, highest t_z first. "
        "ValueError naming the smallest residual when none converges.");
}

// Task-space inertia, forward dynamics and kinetic energy.
void bind_stewart_forward_dynamics(py::module_& m) {
  m.def("task_space_inertia",
        [](const StewartModel& platform, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const std::string& model, const std::string& method) {
          StewartData d(platform);
          const PlatformMotion pose = make_motion("task_space_inertia", t, rpy, R, Vector3d::Zero(), std::nullopt,
                                                  std::nullopt, Vector3d::Zero(), std::nullopt, std::nullopt);
          return Matrix6<double>(task_space_inertia(dynamics_model_from(model, "task_space_inertia"),
                                                    platform, d, pose,
                                                    parse_method(method, "task_space_inertia")));
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("model") = "dasgupta", py::arg("method") = "direct",
        "Task-space inertia Lambda (6x6, symmetric) at the pose t, rpy|R for xdd = [a; alpha]: "
        "Lambda xdd + mu = H F; method 'direct' (closed form) or 'strobing' (inverse dynamics at unit "
        "accelerations, Turney et al. 1980; 'strobe' is its old name).");

  m.def("task_space_methods", &names<TaskSpaceMethod>,
        "names accepted by task_space_inertia(method=...) and forward_dynamics(method=...)");
  m.def("dynamics_models", &names<DynamicsModel>,
        "names accepted by the model=... argument of the Stewart dynamics");

  m.def("forward_dynamics",
        [](const StewartModel& platform, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const Vector3d& v, const Opt3& omega, const Opt3& rpy_d, const Vector6d& F, const Vector3d& f_ext,
           const Vector3d& m_ext, const std::string& model, const std::string& method) {
          StewartData d(platform);
          ForwardDynamicsOptions o;
          o.method = parse_method(method, "forward_dynamics");
          ExternalWrench w;
          w.f = f_ext;
          w.m = m_ext;
          const PlatformMotion state = make_motion("forward_dynamics", t, rpy, R, v, omega, rpy_d, Vector3d::Zero(),
                                                   std::nullopt, std::nullopt);
          const Vector6d xdd =
              forward_dynamics(dynamics_model_from(model, "forward_dynamics"), platform, d, state, F, w, o);
          py::dict out;
          out["a"] = Vector3d(xdd.head<3>());
          out["alpha"] = Vector3d(xdd.tail<3>());
          out["xdd"] = xdd;
          out["Lambda"] = Matrix6<double>(d.Lambda);
          out["mu"] = Vector6d(d.mu);
          out["H"] = Matrix6<double>(d.H);
          out["positive_definite"] = d.Lambda_positive_definite;
          if (rpy) {
            // alpha = E rpy_dd + alpha(rpy, rpy_d, 0) (pose.hpp)
            const Vector3d th_d = rpy_d ? *rpy_d
                                        : Vector3d(rpy_rate_matrix<double>(*rpy).lu().solve(state.omega));
            const Vector3d rest = angular_acceleration_from_rpy<double>(*rpy, th_d, Vector3d::Zero());
            out["rpy_dd"] = Vector3d(rpy_rate_matrix<double>(*rpy).lu().solve(Vector3d(xdd.tail<3>() - rest)));
          }
          return out;
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = py::none(), py::arg("rpy_d") = py::none(),
        py::arg("F") = Vector6d::Zero(), py::arg("f_ext") = Vector3d::Zero(), py::arg("m_ext") = Vector3d::Zero(),
        py::arg("model") = "dasgupta", py::arg("method") = "direct",
        "Platform acceleration for the actuator forces F (6, N) at the pose t, rpy|R and twist v, "
        "omega|rpy_d (base frame), external force/moment f_ext, m_ext (platform frame), by model="
        "'dasgupta' or 'improved'; the exact inverse of inverse_dynamics. Returns a dict: a, alpha (3), "
        "xdd (6), Lambda (6x6), mu (6), H (6x6), positive_definite, and rpy_dd (3) when rpy is given.");

  m.def("kinetic_energy",
        [](const StewartModel& platform, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const Vector3d& v, const Opt3& omega, const Opt3& rpy_d, const std::string& model) {
          StewartData d(platform);
          const PlatformMotion state = make_motion("kinetic_energy", t, rpy, R, v, omega, rpy_d, Vector3d::Zero(),
                                                   std::nullopt, std::nullopt);
          return kinetic_energy(dynamics_model_from(model, "kinetic_energy"), platform, d, state);
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = py::none(), py::arg("rpy_d") = py::none(),
        py::arg("model") = "dasgupta",
        "Kinetic energy (J) of the platform and the 12 leg parts, body by body, with the leg angular "
        "velocity of model='dasgupta' (no spin) or 'improved' (exact U joint).");
}

// The path planner.
void bind_stewart_paths(py::module_& m) {
  py::class_<PlannedPath>(m, "PlannedPath", "A straight-line path with parabolic blends (Dasgupta 1998 eqs. 39-40)")
      .def_readonly("tau_t", &PlannedPath::tau_t)
      .def_readonly("tau_theta", &PlannedPath::tau_theta)
      .def_readonly("a_t", &PlannedPath::a_t)
      .def_readonly("a_theta", &PlannedPath::a_theta)
      .def_property_readonly("tau_f", [](const PlannedPath& p) { return p.spec.tau_f; })
      .def("times", [](const PlannedPath& p) { return path_times(p); })
      .def("sample", [](const PlannedPath& p, double time) {
        const PathSample s = sample_path(p, time);
        py::dict d;
        d["time"] = s.time;
        d["t"] = s.t;
        d["v"] = s.v;
        d["a"] = s.a;
        d["rpy"] = s.theta;
        d["rpy_d"] = s.theta_d;
        d["rpy_dd"] = s.theta_dd;
        return d;
      }, py::arg("time"), "dict with t, v, a, rpy, rpy_d, rpy_dd at `time`");

  m.def("plan_path",
        [](const Vector3d& t0, const Vector3d& theta0, const Vector3d& t1, const Vector3d& theta1, double tau_f,
           double V, double Omega, double dt, const std::string& profile) {
          PathSpec s;
          s.t0 = t0;
          s.theta0 = theta0;
          s.t1 = t1;
          s.theta1 = theta1;
          s.tau_f = tau_f;
          s.V = V;
          s.Omega = Omega;
          s.dt = dt;
          if (profile == "constant_velocity") s.profile = PathProfile::constant_velocity;
          else if (profile != "parabolic_blend")
            throw std::invalid_argument("plan_path: profile must be 'parabolic_blend' or 'constant_velocity'");
          return plan_path(s);
        },
        py::arg("t0"), py::arg("theta0"), py::arg("t1"), py::arg("theta1"), py::arg("tau_f"), py::arg("V"),
        py::arg("Omega"), py::arg("dt"), py::arg("profile") = "parabolic_blend",
        "Plans a straight-line path in position and RPY; ValueError for an infeasible request.");

  m.def("paper_path", [](const std::string& name) { return plan_path(paper_path(name).spec); }, py::arg("name"),
        "The planned path 'I', 'II', 'III' (Dasgupta 1998) or '1', '2', '3' (Pedrammehr 2012).");
}

// Both models along a planned path.
void bind_stewart_path_evaluation(py::module_& m) {
  m.def("evaluate_path",
        [](const StewartModel& platform, const PlannedPath& path, double condition_warning) {
          InverseDynamicsOptions opt;
          opt.condition_warning = condition_warning;
          const auto rows_ = evaluate_path(platform, path, opt);
          const auto n = static_cast<Eigen::Index>(rows_.size());
          Eigen::VectorXd time(n), cond(n);
          Eigen::MatrixXd F(n, 6), F0(n, 6), Fimp(n, 6), L(n, 6), spin(n, 6), tt(n, 3), th(n, 3);
          for (Eigen::Index j = 0; j < n; ++j) {
            const auto& r = rows_[static_cast<std::size_t>(j)];
            time(j) = r.time;
            cond(j) = r.condition_number;
            F.row(j) = r.F.transpose();
            F0.row(j) = r.F0.transpose();
            Fimp.row(j) = r.F_improved.transpose();
            L.row(j) = r.L.transpose();
            spin.row(j) = r.spin.transpose();
            tt.row(j) = r.t.transpose();
            th.row(j) = r.theta.transpose();
          }
          py::dict out;
          out["time"] = time;
          out["t"] = tt;
          out["rpy"] = th;
          out["L"] = L;
          out["F"] = F;
          out["F0"] = F0;
          out["Fd"] = Eigen::MatrixXd(F - F0);
          out["F_improved"] = Fimp;
          out["condition_number"] = cond;
          out["spin"] = spin;
          return out;
        },
        py::arg("platform"), py::arg("path"), py::arg("condition_warning") = 1e3,
        "Both models along a planned path: dict of arrays time (n), t, rpy (n, 3), L, F, F0, Fd, "
        "F_improved, spin (n, 6), condition_number (n).");
}

// The workspace atlas (analysis/workspace_atlas.hpp).
void bind_stewart_atlas(py::module_& m) {
  m.def("workspace_atlas",
        [](const StewartModel& platform, const std::optional<Vector3d>& lower,
           const std::optional<Vector3d>& upper, int resolution, const Eigen::MatrixXd& orientations,
           const Vector3d& linear_envelope, const Vector3d& angular_envelope, const std::string& model,
           std::optional<double> half_stroke, std::optional<double> u_cone, std::optional<double> s_cone,
           bool forces, double max_poses, int threads) {
          analysis::WorkspaceAtlasOptions o;
          o.threads = threads;
          if (lower) o.lower = *lower;
          if (upper) o.upper = *upper;
          o.resolution = {resolution, resolution, resolution};
          if (orientations.cols() != 3)
            throw std::invalid_argument("workspace_atlas: orientations must have shape (n, 3), got (" +
                                        std::to_string(orientations.rows()) + ", " +
                                        std::to_string(orientations.cols()) + ")");
          o.orientations.clear();
          for (Eigen::Index r = 0; r < orientations.rows(); ++r) o.orientations.emplace_back(orientations.row(r).transpose());
          o.settings.envelope.linear = linear_envelope;
          o.settings.envelope.angular = angular_envelope;
          o.settings.dynamics = dynamics_model_from(model, "workspace_atlas");
          o.settings.forces = forces;
          o.max_poses = max_poses;
          apply_atlas_limit_rule(platform, half_stroke, u_cone, s_cone, o);
          analysis::WorkspaceAtlas a;
          {
            py::gil_scoped_release release;  // the poses run on `threads` threads
            a = analysis::workspace_atlas(platform, o);
          }
          return atlas_dict(a, orientations);
        },
        py::arg("platform"), py::arg("lower") = py::none(), py::arg("upper") = py::none(),
        py::arg("resolution") = 21, py::arg("orientations") = Eigen::MatrixXd::Zero(1, 3),
        py::arg("linear_envelope") = Vector3d::Constant(2.0),
        py::arg("angular_envelope") = Vector3d::Constant(5.0), py::arg("model") = "dasgupta",
        py::arg("half_stroke") = py::none(), py::arg("u_cone") = py::none(), py::arg("s_cone") = py::none(),
        py::arg("forces") = true, py::arg("max_poses") = 2e6, py::arg("threads") = 0,
        "Workspace atlas (docs/stewart/atlas.md) over a resolution^3 grid between lower and upper (m; "
        "default home +- 0.5 r in x, y, +- 0.35 r in z) at each orientation (n, 3) RPY, rad. Limits: the "
        "model's, or the default rule (half_stroke m, u_cone, s_cone rad) when the model has none or any is "
        "given. Returns a dict: x, y, z; reachable, limit (0 none, 1 length_min, 2 length_max, 3 "
        "u_joint_angle, 4 s_joint_angle, 5 singular), leg (1-based, 0 none), condition_number, "
        "max_static_force, max_envelope_force, max_u_joint_angle, max_s_joint_angle shaped "
        "(orientations, nz, ny, nx); volume, reachable_count (orientations); cell_volume; limits (6, 4: "
        "length_min, length_max, u cone, s cone); limits_rule. threads: 0 = one per hardware thread (the "
        "poses run through atlas_poses_batch; the atlas does not depend on it).");
}

void bind(py::module_& root) {
  py::module_ m = root.def_submodule(
      "stewart", "Stewart platform (6-UPS): Dasgupta & Mruthyunjaya 1998 and Pedrammehr et al. 2012");
  bind_stewart_model(m);
  bind_stewart_model_files(m);
  bind_stewart_kinematics(m);
  bind_stewart_inverse_dynamics(m);
  bind_stewart_forward_kinematics(m);
  bind_stewart_forward_dynamics(m);
  bind_stewart_derivatives(m);
  bind_stewart_paths(m);
  bind_stewart_path_evaluation(m);
  bind_stewart_atlas(m);
}

const bool registered = register_bindings(20, bind);

}  // namespace
}  // namespace manipdyn::python
