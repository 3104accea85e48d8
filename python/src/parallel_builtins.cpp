// Python bindings of the built-in parallel robots with named parameters (`manipdyn.parallel.delta(...)`,
// six_rus, three_prs, planar_3rrr, five_bar): each takes its parameters as keywords (the fields of its
// parameter struct, SI units), the others at their defaults (the Delta's: the CIIRC RL5-1450's), and
// the kinematics the Stewart module also offers: forward kinematics, the conditioning of both kinds of
// singularity, and complete_motion for a platform whose legs fix some of its coordinates.
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "manipdyn/identification/parallel_payload.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "manipdyn/parallel/forward_kinematics.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "platform_motion_args.hpp"
#include "platform_samples.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using namespace manipdyn::parallel;

// The parameters `defaults` with each keyword set as the struct's field of that name; an unknown
// keyword raises ValueError naming it and the struct.
template <typename Parameters>
Parameters with_keywords(const char* where, const Parameters& defaults, const py::kwargs& kwargs) {
  py::object p = py::cast(defaults);
  for (const auto& item : kwargs) {
    const std::string key = py::str(item.first);
    if (key.rfind("__", 0) == 0 || !py::hasattr(p, key.c_str()))
      throw std::invalid_argument(std::string(where) + ": unknown parameter '" + key + "' (the fields of " +
                                  py::str(py::type::of(p).attr("__name__")).cast<std::string>() + ")");
    p.attr(key.c_str()) = item.second;
  }
  return p.cast<Parameters>();
}

void bind(py::module_& root) {
  py::module_ m = root.attr("parallel").cast<py::module_>();
  py::class_<DeltaParameters>(m, "DeltaParameters", "The named parameters of delta() (SI units; docs/parallel.md).")
      .def(py::init<>())
      .def_readwrite("name", &DeltaParameters::name)
      .def_readwrite("base_radius", &DeltaParameters::base_radius)
      .def_readwrite("platform_radius", &DeltaParameters::platform_radius)
      .def_readwrite("upper_arm_length", &DeltaParameters::upper_arm_length)
      .def_readwrite("upper_arm_mass", &DeltaParameters::upper_arm_mass)
      .def_readwrite("upper_arm_com", &DeltaParameters::upper_arm_com)
      .def_readwrite("upper_arm_inertia", &DeltaParameters::upper_arm_inertia)
      .def_readwrite("forearm_length", &DeltaParameters::forearm_length)
      .def_readwrite("forearm_bar_mass", &DeltaParameters::forearm_bar_mass)
      .def_readwrite("forearm_spacing", &DeltaParameters::forearm_spacing)
      .def_readwrite("elbow_mass", &DeltaParameters::elbow_mass)
      .def_readwrite("platform_mass", &DeltaParameters::platform_mass)
      .def_readwrite("motor_inertia", &DeltaParameters::motor_inertia)
      .def_readwrite("gear_ratio", &DeltaParameters::gear_ratio)
      .def_readwrite("gravity", &DeltaParameters::gravity);
  m.def(
      "delta",
      [](const py::kwargs& kwargs) { return delta(with_keywords("delta", delta_rl5_1450_parameters(), kwargs)); },
      "delta(**parameters): the built-in delta with the fields of DeltaParameters as keywords (defaults: the CIIRC RL5-1450's published numbers, delta_rl5_1450_parameters()); ValueError naming a bad or unknown parameter.");
  py::class_<SixRusParameters>(m, "SixRusParameters", "The named parameters of six_rus() (SI units; docs/parallel.md).")
      .def(py::init<>())
      .def_readwrite("name", &SixRusParameters::name)
      .def_readwrite("base_radius", &SixRusParameters::base_radius)
      .def_readwrite("platform_radius", &SixRusParameters::platform_radius)
      .def_readwrite("base_spacing", &SixRusParameters::base_spacing)
      .def_readwrite("platform_spacing", &SixRusParameters::platform_spacing)
      .def_readwrite("crank_length", &SixRusParameters::crank_length)
      .def_readwrite("rod_length", &SixRusParameters::rod_length)
      .def_readwrite("crank_mass", &SixRusParameters::crank_mass)
      .def_readwrite("crank_com", &SixRusParameters::crank_com)
      .def_readwrite("crank_inertia", &SixRusParameters::crank_inertia)
      .def_readwrite("rod_mass", &SixRusParameters::rod_mass)
      .def_readwrite("motor_inertia", &SixRusParameters::motor_inertia)
      .def_readwrite("gear_ratio", &SixRusParameters::gear_ratio)
      .def_readwrite("motor_viscous", &SixRusParameters::motor_viscous)
      .def_readwrite("motor_coulomb", &SixRusParameters::motor_coulomb)
      .def_readwrite("cut_viscous", &SixRusParameters::cut_viscous)
      .def_readwrite("gravity", &SixRusParameters::gravity);
  m.def(
      "six_rus",
      [](const py::kwargs& kwargs) { return six_rus(with_keywords("six_rus", SixRusParameters{}, kwargs)); },
      "six_rus(**parameters): the built-in six_rus with the fields of SixRusParameters as keywords (the others at their defaults); ValueError naming a bad or unknown parameter.");
  py::class_<Planar3rrrParameters>(m, "Planar3rrrParameters", "The named parameters of planar_3rrr() (SI units; docs/parallel.md).")
      .def(py::init<>())
      .def_readwrite("name", &Planar3rrrParameters::name)
      .def_readwrite("base_radius", &Planar3rrrParameters::base_radius)
      .def_readwrite("platform_radius", &Planar3rrrParameters::platform_radius)
      .def_readwrite("proximal_length", &Planar3rrrParameters::proximal_length)
      .def_readwrite("distal_length", &Planar3rrrParameters::distal_length)
      .def_readwrite("proximal_mass", &Planar3rrrParameters::proximal_mass)
      .def_readwrite("distal_mass", &Planar3rrrParameters::distal_mass)
      .def_readwrite("motor_inertia", &Planar3rrrParameters::motor_inertia)
      .def_readwrite("gear_ratio", &Planar3rrrParameters::gear_ratio)
      .def_readwrite("motor_viscous", &Planar3rrrParameters::motor_viscous)
      .def_readwrite("motor_coulomb", &Planar3rrrParameters::motor_coulomb)
      .def_readwrite("elbow_viscous", &Planar3rrrParameters::elbow_viscous)
      .def_readwrite("cut_viscous", &Planar3rrrParameters::cut_viscous)
      .def_readwrite("gravity", &Planar3rrrParameters::gravity)
      .def_readwrite("elbow", &Planar3rrrParameters::elbow);
  m.def(
      "planar_3rrr",
      [](const py::kwargs& kwargs) { return planar_3rrr(with_keywords("planar_3rrr", Planar3rrrParameters{}, kwargs)); },
      "planar_3rrr(**parameters): the built-in planar_3rrr with the fields of Planar3rrrParameters as keywords (the others at their defaults); ValueError naming a bad or unknown parameter.");
  py::class_<FiveBarParameters>(m, "FiveBarParameters", "The named parameters of five_bar() (SI units; docs/parallel.md).")
      .def(py::init<>())
      .def_readwrite("name", &FiveBarParameters::name)
      .def_readwrite("base_spacing", &FiveBarParameters::base_spacing)
      .def_readwrite("proximal_length", &FiveBarParameters::proximal_length)
      .def_readwrite("distal_length", &FiveBarParameters::distal_length)
      .def_readwrite("proximal_mass", &FiveBarParameters::proximal_mass)
      .def_readwrite("distal_mass", &FiveBarParameters::distal_mass)
      .def_readwrite("motor_inertia", &FiveBarParameters::motor_inertia)
      .def_readwrite("gear_ratio", &FiveBarParameters::gear_ratio)
      .def_readwrite("motor_viscous", &FiveBarParameters::motor_viscous)
      .def_readwrite("motor_coulomb", &FiveBarParameters::motor_coulomb)
      .def_readwrite("elbow_viscous", &FiveBarParameters::elbow_viscous)
      .def_readwrite("payload_mass", &FiveBarParameters::payload_mass)
      .def_readwrite("home_height", &FiveBarParameters::home_height)
      .def_readwrite("gravity", &FiveBarParameters::gravity);
  m.def(
      "five_bar",
      [](const py::kwargs& kwargs) { return five_bar(with_keywords("five_bar", FiveBarParameters{}, kwargs)); },
      "five_bar(**parameters): the built-in five_bar with the fields of FiveBarParameters as keywords (the others at their defaults); ValueError naming a bad or unknown parameter.");
  py::class_<ThreePrsParameters>(m, "ThreePrsParameters", "The named parameters of three_prs() (SI units; docs/parallel.md).")
      .def(py::init<>())
      .def_readwrite("name", &ThreePrsParameters::name)
      .def_readwrite("base_radius", &ThreePrsParameters::base_radius)
      .def_readwrite("platform_radius", &ThreePrsParameters::platform_radius)
      .def_readwrite("rod_length", &ThreePrsParameters::rod_length)
      .def_readwrite("carriage_mass", &ThreePrsParameters::carriage_mass)
      .def_readwrite("rod_mass", &ThreePrsParameters::rod_mass)
      .def_readwrite("platform_mass", &ThreePrsParameters::platform_mass)
      .def_readwrite("home_height", &ThreePrsParameters::home_height)
      .def_readwrite("gravity", &ThreePrsParameters::gravity);
  m.def(
      "three_prs",
      [](const py::kwargs& kwargs) { return three_prs(with_keywords("three_prs", ThreePrsParameters{}, kwargs)); },
      "three_prs(**parameters): the built-in three_prs with the fields of ThreePrsParameters as keywords (the others at their defaults); ValueError naming a bad or unknown parameter.");
  m.def(
      "forward_kinematics",
      [](const ParallelModel& model, const VectorXd& q_actuated, const std::optional<Vector3d>& t_guess,
         const std::optional<Matrix3d>& R_guess) {
        ParallelData data(model);
        const ForwardKinematicsResult r =
            forward_kinematics(model, data, q_actuated, t_guess.value_or(model.home.translation()),
                               R_guess.value_or(model.home.linear()));
        py::dict d;
        d["t"] = r.t;
        d["R"] = r.R;
        d["q"] = r.q;
        d["iterations"] = r.iterations;
        d["residual"] = r.residual;
        return d;
      },
      py::arg("model"), py::arg("q_actuated"), py::arg("t_guess") = py::none(), py::arg("R_guess") = py::none(),
      "The platform pose with the actuated joint values q_actuated (model.actuators' order) nearest by Newton's "
      "method to the guess (default: the home pose): a dict t, R, q (each leg's joint values), iterations, residual.");
  m.def(
      "conditioning",
      [](const ParallelModel& model, const Vector3d& t, const std::optional<Matrix3d>& R) {
        ParallelData data(model);
        const Conditioning c = conditioning(model, data, t, R.value_or(Matrix3d::Identity()));
        py::dict d;
        d["actuation"] = c.actuation;
        d["legs"] = c.legs;
        d["worst_leg"] = c.worst_leg;
        d["characteristic_length"] = c.characteristic_length;
        return d;
      },
      py::arg("model"), py::arg("t"), py::arg("R") = py::none(),
      "Inverse condition numbers in [0, 1] of the two kinds of singularity (Gosselin & Angeles 1990) at pose t, R: "
      "actuation (type 2) and legs (type 1, the worst leg).");
  m.def(
      "complete_motion",
      [](const ParallelModel& model, const Vector3d& t, const std::optional<Matrix3d>& R, const Vector3d& v,
         const Vector3d& omega, const Vector3d& a, const Vector3d& alpha) {
        ParallelData data(model);
        PlatformMotion x;
        x.t = t;
        x.R = R.value_or(Matrix3d::Identity());
        x.v = v;
        x.omega = omega;
        x.a = a;
        x.alpha = alpha;
        const PlatformMotion done = complete_motion(model, data, x);
        py::dict d;
        d["t"] = done.t;
        d["R"] = done.R;
        d["v"] = done.v;
        d["omega"] = done.omega;
        d["a"] = done.a;
        d["alpha"] = done.alpha;
        return d;
      },
      py::arg("model"), py::arg("t"), py::arg("R") = py::none(), py::arg("v") = Vector3d::Zero(),
      py::arg("omega") = Vector3d::Zero(), py::arg("a") = Vector3d::Zero(), py::arg("alpha") = Vector3d::Zero(),
      "The motion with its dependent components (the parasitic motions of a platform whose legs fix some of its "
      "coordinates, e.g. the 3-PRS's x, y and rotation about z) solved so that the legs close; a dict t, R, v, omega, a, "
      "alpha to pass on to inverse_dynamics.");
}

void bind_dynamics(py::module_& root) {
  py::module_ m = root.attr("parallel").cast<py::module_>();
  m.def(
      "forward_dynamics",
      [](const ParallelModel& model, const VectorXd& tau, const Vector3d& t, const std::optional<Matrix3d>& R,
         const Vector3d& v, const Vector3d& omega, const Vector3d& f_ext, const Vector3d& m_ext) {
        ParallelData data(model);
        PlatformMotion x;
        x.t = t;
        x.R = R.value_or(Matrix3d::Identity());
        x.v = v;
        x.omega = omega;
        ExternalWrench w;
        w.f = f_ext;
        w.m = m_ext;
        return VectorXd(forward_dynamics(model, data, x, tau, w));
      },
      py::arg("model"), py::arg("tau"), py::arg("t"), py::arg("R") = py::none(), py::arg("v") = Vector3d::Zero(),
      py::arg("omega") = Vector3d::Zero(), py::arg("f_ext") = Vector3d::Zero(), py::arg("m_ext") = Vector3d::Zero(),
      "The platform's accelerations (platform_dof: the free components of [a; alpha], base frame) under the actuator "
      "forces tau (actuated_count) at the pose t, R and velocity v, omega, against gravity and the external wrench "
      "(platform frame): Lambda xdd = A^T tau - mu (docs/parallel_forward.md).");
  m.def(
      "identify_payload",
      [](const ParallelModel& model, const py::object& t, const py::object& R, const py::object& v,
         const py::object& omega, const py::object& a, const py::object& alpha, const py::object& tau,
         const std::vector<int>& parameters, double excitation_tolerance) {
        static constexpr const char* where = "identify_payload";
        const std::vector<PlatformMotion> motions = platform_motions(where, t, R, v, omega, a, alpha);
        const auto f = platform_samples(where, tau, "tau", {model.actuated_count()},
                                        static_cast<py::ssize_t>(motions.size()));
        const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> T(
            f.data(), f.shape(0), model.actuated_count());
        PayloadIdentificationOptions o;
        o.parameters = parameters;
        o.excitation_tolerance = excitation_tolerance;
        const PayloadEstimate e = identify_payload(model, motions, MatrixXd(T), o);
        py::dict d;
        d["parameters"] = e.parameters;
        d["standard_deviation"] = e.standard_deviation;
        d["fitted"] = e.fitted;
        d["mass"] = e.mass;
        d["com"] = e.com;
        d["condition_number"] = e.condition_number;
        d["scaled_condition_number"] = e.scaled_condition_number;
        d["sigma"] = e.sigma;
        d["residual_rms"] = e.residual_rms;
        d["samples"] = e.samples;
        return d;
      },
      py::arg("model"), py::arg("t"), py::arg("R"), py::arg("v"), py::arg("omega"), py::arg("a"), py::arg("alpha"),
      py::arg("tau"), py::arg("parameters") = std::vector<int>{}, py::arg("excitation_tolerance") = 1e-6,
      "Identifies a payload fixed to the platform (identification/parallel_payload.hpp) from N samples of the motion "
      "(t, v, omega, a, alpha (N, 3), R (N, 3, 3), base frame) and the measured actuator forces tau (N, "
      "actuated_count); `model` is the robot WITHOUT the payload; `parameters` the indices fitted (default: those the "
      "mobility shows: the mass alone for a translating platform). Returns a dict: parameters, standard_deviation (10: "
      "m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz, platform frame, about its origin), fitted, mass, com, "
      "condition_number, scaled_condition_number, sigma, residual_rms, samples.");
}

const bool registered = register_bindings(26, bind);
const bool registered_dynamics = register_bindings(27, bind_dynamics);

}  // namespace
}  // namespace manipdyn::python
