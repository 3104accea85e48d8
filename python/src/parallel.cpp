// Python bindings of the parallel-robot part (`manipdyn.parallel`): the model (read-only), its
// Data, from_stewart and the built-ins by name, YAML model files, inverse kinematics and inverse
// dynamics in actuator space. NumPy float64 in and out; bad input raises ValueError with the C++
// message.
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "manipdyn/io/model_file.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/builtin_registry.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "convert.hpp"
#include "platform_motion_args.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using namespace manipdyn::parallel;
using Opt3 = std::optional<Vector3d>;

const char* kParallelMotionDoc =
    "Motion arguments (base frame, SI units), the keywords of manipdyn.stewart: t (3); orientation "
    "as rpy = [theta_x, theta_y, theta_z] (R = Rz Ry Rx) or R (3x3), neither for the identity (a "
    "translating platform); v (3); angular velocity as omega (3) or RPY rates rpy_d (zero if "
    "neither); a (3); angular acceleration as alpha (3) or RPY accelerations rpy_dd (zero if "
    "neither). The components the platform's mobility fixes must be zero.";

// The Data to use: `data` when given (built for `model`), else a new one.
ParallelData& data_for(const ParallelModel& model, const py::object& data, std::optional<ParallelData>& own,
                       const char* where) {
  if (data.is_none()) return own.emplace(model);
  cast_bound<ParallelData>(data, where, "data", "ParallelData");  // TypeError for another type
  ParallelData& d = data.cast<ParallelData&>();
  if (d.model != &model)
    throw std::invalid_argument(std::string(where) + ": data was made for another model (ParallelData(model))");
  return d;
}

// The ParallelModel class (read-only), its YAML text and pickling; the ParallelData class.
void bind_parallel_model(py::module_& m) {
  py::class_<ParallelModel>(m, "ParallelModel",
                            "A parallel robot by description (docs/parallel.md): plain, read-only data. Build it "
                            "with from_stewart, builtin(name) or load_model(path).")
      .def_readonly("name", &ParallelModel::name)
      .def_property_readonly("mobility", [](const ParallelModel& p) { return std::string(to_string(p.mobility)); },
                             "'spatial', 'translation', 'planar' or 'planar_translation'")
      .def_property_readonly("leg_count", &ParallelModel::leg_count, "number of legs")
      .def_property_readonly("joint_count", &ParallelModel::joint_count, "number of leg joints, all legs")
      .def_property_readonly("actuated_count", &ParallelModel::actuated_count,
                             "number of actuated joints (= platform_dof)")
      .def_property_readonly("platform_dof", &ParallelModel::platform_dof, "number of platform coordinates")
      .def_readonly("warnings", &ParallelModel::warnings, "accepted oddities (invalid inertias allowed, ...)")
      .def_readonly("allow_invalid_inertia", &ParallelModel::allow_invalid_inertia)
      .def_readonly("gravity", &ParallelModel::gravity, "(3) m/s^2, base frame")
      .def_property_readonly("home", [](const ParallelModel& p) { return Matrix4d(p.home.matrix()); },
                             "(4, 4) world <- platform frame at the home pose")
      .def_property_readonly("platform", [](const ParallelModel& p) {
            py::dict d;
            d["mass"] = p.platform.mass;
            d["com"] = p.platform.com;
            d["inertia"] = p.platform.inertia;
            return d;
          }, "dict: mass (kg), com (3, m), inertia (3x3, kg m^2, about the COM), platform frame")
      .def_property_readonly("actuators", [](const ParallelModel& p) { return p.actuators; },
                             "the actuated joints as (leg, joint) pairs, 0-based, in the order of the forces")
      .def_property_readonly("legs", [](const ParallelModel& p) {
            py::list out;
            for (const Leg& leg : p.legs) {
              py::dict d;
              d["name"] = leg.name;
              py::list joints;
              for (const LinkParameters& l : leg.chain.links) joints.append(l.name);
              d["joints"] = joints;
              d["types"] = [&] {
                py::list types;
                for (const LinkParameters& l : leg.chain.links) types.append(std::string(to_string(l.type)));
                return types;
              }();
              d["actuated"] = leg.actuated;
              d["platform_point"] = leg.platform_point;
              d["base"] = Matrix4d(leg.chain.base.matrix());
              d["end"] = Matrix4d(leg.chain.tool.matrix());
              d["cut_viscous"] = leg.cut_viscous;
              d["home_q"] = leg.home_q;
              out.append(d);
            }
            return out;
          }, "list of dicts per leg: name, joints (names), types, actuated (0-based), platform_point (3), "
             "base and end (4, 4), cut_viscous, home_q (n)")
      .def("to_yaml", [](const ParallelModel& p) { return parallel_model_to_yaml(p); },
           "The robot as YAML text (from_yaml_string reads it back to the same model, bit for bit).")
      .def(py::pickle([](const ParallelModel& p) { return parallel_model_to_yaml(p); },
                      [](const std::string& text) { return parallel_model_from_yaml_string(text, "<pickle>"); }))
      .def("__repr__", [](const ParallelModel& p) {
        return "<ParallelModel '" + p.name + "': " + std::string(to_string(p.mobility)) + ", " +
               std::to_string(p.leg_count()) + " legs, " + std::to_string(p.actuated_count()) + " actuators>";
      });

  py::class_<ParallelData>(m, "ParallelData",
                           "Per-call buffers of one ParallelModel (pass as data= to reuse them along a motion: the "
                           "legs' joint values seed the next inverse kinematics).")
      .def(py::init<const ParallelModel&>(), py::arg("model"), py::keep_alive<1, 2>())
      .def_property_readonly("tau", [](const ParallelData& d) { return VectorXd(d.tau); },
                             "actuator forces or torques of the last inverse dynamics")
      .def_property_readonly("q", [](const ParallelData& d) { return d.q; }, "each leg's joint values")
      .def_property_readonly("qd", [](const ParallelData& d) { return d.qd; }, "each leg's joint rates")
      .def_property_readonly("qdd", [](const ParallelData& d) { return d.qdd; }, "each leg's joint accelerations")
      .def_property_readonly("A", [](const ParallelData& d) { return MatrixXd(d.A); },
                             "actuation Jacobian (actuated_count x platform_dof): qd_a = A xd");
}

// Built-ins and model files.
void bind_parallel_models(py::module_& m) {
  m.def("from_stewart",
        [](const stewart::StewartModel& platform, const py::object& home) {
          if (home.is_none()) return from_stewart(platform);
          return from_stewart(platform, as_transform(home, "from_stewart", "home"));
        },
        py::arg("platform"), py::arg("home") = py::none(),
        "The Stewart platform (manipdyn.stewart.StewartModel) as a general parallel robot with the improved "
        "U-joint legs; home (4, 4) picks the assembly (default: stewart_home_pose).");
  m.def("builtin", &builtin_model, py::arg("name"), "The built-in parallel robot `name` (builtin_names()).");
  m.def("builtin_names", [] {
        std::vector<std::string> names;
        for (const BuiltinModel& b : builtin_models()) names.push_back(b.name);
        return names;
      }, "The names of the built-in parallel robots.");
  m.def("load_model",
        [](const std::filesystem::path& path, bool allow_invalid_inertia) {
          UrdfOptions options;
          options.allow_invalid_inertia = allow_invalid_inertia;
          AnyModel any = load_model(path.string(), options);
          if (auto* robot = std::get_if<ParallelModel>(&any)) return std::move(*robot);
          throw std::invalid_argument("load_model: '" + path.string() + "' is not a parallel robot (kind: parallel); "
                                      "manipdyn.load_model reads every kind");
        },
        py::arg("path"), py::arg("allow_invalid_inertia") = false,
        "Reads a `kind: parallel` YAML model file (docs/model_files.md); ValueError "
        "'<file>:<line>:<column>: <field>: <problem>' naming the leg and joint for a malformed file.");
  m.def("from_yaml_string", [](const std::string& text) { return parallel_model_from_yaml_string(text, "<string>"); },
        py::arg("text"), "As load_model, from the YAML text.");
  m.def("to_yaml", [](const ParallelModel& p) { return parallel_model_to_yaml(p); }, py::arg("model"),
        "The robot as the text of a `kind: parallel` YAML model file; read back bit for bit.");
  m.def("save_model", [](const std::filesystem::path& path, const ParallelModel& p) { save_model(path.string(), p); },
        py::arg("path"), py::arg("model"), "Writes the robot as a YAML model file (.yaml or .yml).");
}

// Inverse kinematics and inverse dynamics.
void bind_parallel_algorithms(py::module_& m) {
  m.def("inverse_kinematics",
        [](const ParallelModel& model, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const py::object& data) {
          std::optional<ParallelData> own;
          ParallelData& d = data_for(model, data, own, "inverse_kinematics");
          const PlatformMotion pose = make_motion("inverse_kinematics", t, rpy, R, Vector3d::Zero(), std::nullopt,
                                                  std::nullopt, Vector3d::Zero(), std::nullopt, std::nullopt, false);
          return inverse_kinematics(model, d, pose.t, pose.R);
        },
        py::arg("model"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("data") = py::none(),
        "Each leg's joint values (a list of arrays) closing the loops at the platform pose t (3), rpy or R "
        "(identity if neither); Newton from the last solution in data (the home assembly for a new one).");
  m.def("inverse_dynamics",
        [](const ParallelModel& model, const Vector3d& t, const Opt3& rpy, const std::optional<Matrix3d>& R,
           const Vector3d& v, const Opt3& omega, const Opt3& rpy_d, const Vector3d& a, const Opt3& alpha,
           const Opt3& rpy_dd, const Vector3d& f_ext, const Vector3d& m_ext, const py::object& data) {
          std::optional<ParallelData> own;
          ParallelData& d = data_for(model, data, own, "inverse_dynamics");
          ExternalWrench w;
          w.f = f_ext;
          w.m = m_ext;
          return VectorXd(inverse_dynamics(
              model, d, make_motion("inverse_dynamics", t, rpy, R, v, omega, rpy_d, a, alpha, rpy_dd, false), w));
        },
        py::arg("model"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = py::none(), py::arg("rpy_d") = py::none(),
        py::arg("a") = Vector3d::Zero(), py::arg("alpha") = py::none(), py::arg("rpy_dd") = py::none(),
        py::arg("f_ext") = Vector3d::Zero(), py::arg("m_ext") = Vector3d::Zero(), py::arg("data") = py::none(),
        (std::string("The actuator forces or torques (actuated_count, in the order of model.actuators) that drive "
                     "the platform along the motion against gravity and the external wrench (Khalil & Ibrahim "
                     "2007). ") +
         kParallelMotionDoc +
         " f_ext, m_ext: external force and moment on the platform, platform frame. data: a ParallelData(model) "
         "to reuse along a motion.")
            .c_str());
}

void bind(py::module_& root) {
  py::module_ m = root.def_submodule("parallel", "Parallel robots by description (docs/parallel.md)");
  bind_parallel_model(m);
  bind_parallel_models(m);
  bind_parallel_algorithms(m);
}

const bool registered = register_bindings(25, bind);

}  // namespace
}  // namespace manipdyn::python
