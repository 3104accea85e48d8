// Python bindings of forward dynamics, simulation, control and trajectories (order 30, after
// the serial part that binds SerialModel). NumPy float64 arrays in and out; bad input raises
// ValueError with the C++ message; a simulation that meets a non-finite state raises
// manipdyn.SimulationError (a RuntimeError) naming the step and the state.
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "manipdyn/control/computed_torque.hpp"
#include "manipdyn/control/controller.hpp"
#include "manipdyn/core/check.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/simulation/energy.hpp"
#include "manipdyn/simulation/simulate.hpp"
#include "manipdyn/trajectory/joint_trajectory.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

// A gain or limit given as a number (every joint) or an array (n).
VectorXd per_joint(const py::handle& obj, int n, const std::string& where,
                   const std::string& name) {
  if (py::isinstance<py::float_>(obj) || py::isinstance<py::int_>(obj))
    return VectorXd::Constant(n, obj.cast<double>());
  return as_vector(obj, where, name);
}

std::vector<VectorXd> as_points(const py::handle& obj, const std::string& where) {
  std::vector<VectorXd> points;
  for (const auto& p : obj) points.push_back(as_vector(p, where, "points[" +
                                                                     std::to_string(points.size()) +
                                                                     "]"));
  return points;
}

VectorXd py_forward_dynamics(const SerialModel& model, const py::handle& q, const py::handle& qd,
                             const py::handle& tau, const py::object& f_ext,
                             const py::object& gravity, const std::string& method) {
  const std::string w = "forward_dynamics";
  const Vector3d g = gravity.is_none() ? model.gravity : as_fixed<3>(gravity, w, "gravity");
  const Vector6d f = f_ext.is_none() ? Vector6d::Zero() : as_fixed<6>(f_ext, w, "f_ext");
  ForwardDynamicsData data(model);
  return forward_dynamics<double>(forward_dynamics_method_from_string(method), model, data,
                                  as_vector(q, w, "q"), as_vector(qd, w, "qd"),
                                  as_vector(tau, w, "tau"), g, f);
}

VectorXd py_computed_torque(const SerialModel& model, const py::handle& q, const py::handle& qd,
                            const py::handle& q_d, const py::handle& qd_d,
                            const py::handle& qdd_d, const py::handle& kp, const py::handle& kv,
                            const py::object& gravity, const std::string& form) {
  const std::string w = "computed_torque";
  const int n = model.dof();
  const Vector3d g = gravity.is_none() ? model.gravity : as_fixed<3>(gravity, w, "gravity");
  ControlData data(model);
  const VectorXd a = as_vector(q, w, "q"), b = as_vector(qd, w, "qd");
  const VectorXd c = as_vector(q_d, w, "q_d"), d = as_vector(qd_d, w, "qd_d");
  const VectorXd e = as_vector(qdd_d, w, "qdd_d");
  const VectorXd p = per_joint(kp, n, w, "kp"), v = per_joint(kv, n, w, "kv");
  if (form == "newton_euler")
    return computed_torque<double>(model, data, a, b, c, d, e, p, v, g);
  if (form == "lagrange_euler")
    return computed_torque_lagrange_euler<double>(model, data, a, b, c, d, e, p, v, g);
  throw std::invalid_argument("computed_torque: form must be 'newton_euler' or "
                              "'lagrange_euler', got '" + form + "'");
}

py::dict py_simulate(const SerialModel& plant, const py::handle& q0, const py::handle& qd0,
                     double duration, const py::object& trajectory, const std::string& law,
                     const py::object& kp, const py::object& kv,
                     const py::object& controller_model, double control_period, double step,
                     const std::string& integrator, double atol, double rtol,
                     const std::string& method, const py::object& torque_limit,
                     int position_bits, double position_range, int velocity_bits,
                     double velocity_range, double log_period, bool velocity_from_positions) {
  const std::string w = "simulate";
  const int n = plant.dof();
  SimulationOptions o;
  o.duration = duration;
  o.control_period = control_period;
  o.log_period = log_period;
  o.step = step;
  o.integrator = integrator_from_string(integrator);
  o.adaptive.atol = atol;
  o.adaptive.rtol = rtol;
  o.method = forward_dynamics_method_from_string(method);
  if (!torque_limit.is_none()) o.torque_limit = per_joint(torque_limit, n, w, "torque_limit");
  o.position_bits = position_bits;
  o.position_range = position_range;
  o.velocity_bits = velocity_bits;
  o.velocity_range = velocity_range;
  o.velocity_from_positions = velocity_from_positions;
  std::unique_ptr<TrackingController> controller;
  if (!trajectory.is_none()) {
    const SerialModel& model =
        controller_model.is_none()
            ? plant
            : cast_bound<SerialModel>(controller_model, w, "controller_model", "SerialModel");
    const JointTrajectory& desired = cast_bound<JointTrajectory>(
        trajectory, w, "trajectory", "JointTrajectory (quintic_trajectory, lspb_trajectory)");
    // The controller's model and the trajectory must have the plant's joints.
    if (model.dof() != n)
      throw std::invalid_argument(w + ": controller_model has " + std::to_string(model.dof()) +
                                  " joints, the plant " + std::to_string(n));
    if (desired.dof() != n)
      throw std::invalid_argument(w + ": trajectory has " + std::to_string(desired.dof()) +
                                  " joints, the plant " + std::to_string(n));
    controller = std::make_unique<TrackingController>(
        model, desired,
        control_law_from_string(law),
        kp.is_none() ? VectorXd::Constant(n, 100.0) : per_joint(kp, n, w, "kp"),
        kv.is_none() ? VectorXd::Constant(n, 20.0) : per_joint(kv, n, w, "kv"));
  }
  const VectorXd y0 = as_vector(q0, w, "q0"), yd0 = as_vector(qd0, w, "qd0");
  SimulationResult r;
  {
    py::gil_scoped_release release;
    r = simulate(plant, controller.get(), y0, yd0, o);
  }
  py::dict out("t"_a = r.t, "q"_a = r.q, "qd"_a = r.qd, "tau"_a = r.tau,
               "plant_steps"_a = r.plant_steps, "rejected_steps"_a = r.rejected_steps,
               "dynamics_calls"_a = r.dynamics_calls);
  if (r.has_reference) {
    out["q_desired"] = r.q_desired;
    out["qd_desired"] = r.qd_desired;
    out["error"] = r.error();
    out["max_abs_error"] = r.max_abs_error();
  }
  return out;
}

// JointTrajectory.quintic / quintic_trajectory and JointTrajectory.lspb / lspb_trajectory.
JointTrajectory py_quintic(const py::object& points, const std::vector<double>& durations,
                           double start) {
  return JointTrajectory::quintic(as_points(points, "quintic"), durations, start);
}

JointTrajectory py_lspb(const py::object& points, const std::vector<double>& durations,
                        double blend_time, double start) {
  return JointTrajectory::lspb(as_points(points, "lspb"), durations, blend_time, start);
}

// Forward dynamics and its method names.
void bind_forward_dynamics(py::module_& m) {
  m.def("forward_dynamics", &py_forward_dynamics, "model"_a, "q"_a, "qd"_a, "tau"_a,
        "f_ext"_a = py::none(), "gravity"_a = py::none(), "method"_a = "fastest",
        R"doc(Joint accelerations qdd (n) = M^-1 (tau - C qd - G - friction - J^T f_ext).

method: 'fastest' (default), 'mass_matrix' (M by CRBA + LDL^T), 'strobing' (M by strobing the
Newton-Euler equations + LDL^T, Turney et al. 1980 sec. 7) or
'articulated_body' (Featherstone's O(n) algorithm). f_ext (6) = [f; n] that the end-effector
exerts on the environment, in the end-effector frame. Coulomb friction is zero at qd_i = 0.)doc");
  m.def("forward_dynamics_methods", &names<ForwardDynamicsMethod>, "The names accepted by forward_dynamics(method=...) and simulate(method=...), as a list "
     "of str: fastest, mass_matrix, strobing, articulated_body.");
}

// Joint-space trajectories.
void bind_trajectories(py::module_& m) {
  py::class_<JointTrajectory>(m, "JointTrajectory",
                              "Joint-space trajectory through via points, rest-to-rest per "
                              "segment (quintic or LSPB).")
      .def_static(
          "quintic",
          &py_quintic,
          "points"_a, "durations"_a, "start_time"_a = 0.0)
      .def_static(
          "lspb",
          &py_lspb,
          "points"_a, "durations"_a, "blend_time"_a, "start_time"_a = 0.0)
      .def_property_readonly("dof", &JointTrajectory::dof)
      .def_property_readonly("start_time", &JointTrajectory::start_time)
      .def_property_readonly("end_time", &JointTrajectory::end_time)
      .def_property_readonly("duration", &JointTrajectory::duration)
      .def_property_readonly("shape", [](const JointTrajectory& t) { return to_string(t.shape()); })
      .def(
          "evaluate",
          [](const JointTrajectory& traj, double t) {
            const auto s = traj(t);
            return py::make_tuple(s.q, s.qd, s.qdd);
          },
          "t"_a, "(q, qd, qdd) at time t (s).");
  m.def(
      "quintic_trajectory",
      &py_quintic,
      "points"_a, "durations"_a, "start_time"_a = 0.0,
      "Rest-to-rest quintic segments through the points (k >= 2 arrays of n).");
  m.def(
      "lspb_trajectory",
      &py_lspb,
      "points"_a, "durations"_a, "blend_time"_a, "start_time"_a = 0.0,
      "Rest-to-rest linear segments with parabolic blends (0 < blend_time <= duration/2).");
}

// The computed-torque law and the closed-loop simulation.
void bind_control(py::module_& m) {
  m.def("computed_torque", &py_computed_torque, "model"_a, "q"_a, "qd"_a, "q_d"_a, "qd_d"_a,
        "qdd_d"_a, "kp"_a = 100.0, "kv"_a = 20.0, "gravity"_a = py::none(),
        "form"_a = "newton_euler",
        R"doc(Computed-torque PD law of Lee et al. ~1982 eq. 4.1 (torques, n).

tau = D (qdd_d + kv (qd_d - qd) + kp (q_d - q)) + H + G (+ drive terms); form 'newton_euler'
(O(n), the recursion driven by eq. 4.4) or 'lagrange_euler' (closed-form D, H, G). kp, kv:
numbers or arrays (n), diagonal gains in 1/s^2 and 1/s.)doc");

  m.def("simulate", &py_simulate, "plant"_a, "q0"_a, "qd0"_a, "duration"_a,
        "trajectory"_a = py::none(), "law"_a = "computed_torque", "kp"_a = py::none(),
        "kv"_a = py::none(), "controller_model"_a = py::none(), "control_period"_a = 0.01,
        "step"_a = 1e-3, "integrator"_a = "rk4", "atol"_a = 1e-9, "rtol"_a = 1e-7,
        "method"_a = "fastest", "torque_limit"_a = py::none(), "position_bits"_a = 0,
        "position_range"_a = 4.26e-4 * 4096.0, "velocity_bits"_a = 0,
        "velocity_range"_a = 10.0, "log_period"_a = 0.01, "velocity_from_positions"_a = false,
        (R"doc(Simulates the plant from (q0, qd0) for `duration` s; returns a dict of arrays.

With a trajectory, a TrackingController (law: )doc" + names_text<ControlLaw>() +
         R"doc(; gains kp, kv; its own controller_model, default the plant) is sampled every
control_period s with zero-order hold (0 = continuous); without one, tau = 0. The plant is
integrated by 'rk4' (step) or 'dormand_prince' (atol, rtol). torque_limit saturates tau;
position_bits / velocity_bits quantise the sensors over position_range / velocity_range;
velocity_from_positions measures qd by differencing the measured positions.
Keys: t, q, qd, tau, and with a trajectory q_desired, qd_desired, error (= q_desired - q),
max_abs_error; plant_steps, rejected_steps, dynamics_calls. Raises SimulationError when the
state becomes non-finite.)doc")
            .c_str());
}

// Model variants for mismatch studies, and the mechanical energy.
void bind_model_variants(py::module_& m) {
  m.def("with_payload", &with_payload, "model"_a, "mass"_a, "com"_a,
        "The arm with a point mass (kg) at com (last link frame) added to its last link.");
  m.def("with_inertial_error", &with_inertial_error, "model"_a, "fraction"_a,
        "The arm with every mass and inertia scaled by (1 + fraction).");
  m.def("with_friction", &with_friction, "model"_a, "viscous"_a, "coulomb"_a,
        "The arm with viscous and/or Coulomb friction kept (motor inertia always kept).");
  m.def(
      "mechanical_energy",
      [](const SerialModel& model, const py::handle& q, const py::handle& qd,
         const py::object& gravity) {
        const std::string w = "mechanical_energy";
        const Vector3d g = gravity.is_none() ? model.gravity : as_fixed<3>(gravity, w, "gravity");
        SerialData data(model);
        const auto e = mechanical_energy(model, data, as_vector(q, w, "q"), as_vector(qd, w, "qd"), g);
        return py::make_tuple(e.kinetic, e.potential);
      },
      "model"_a, "q"_a, "qd"_a, "gravity"_a = py::none(),
      "(kinetic, potential) energy in J; kinetic from M (with motor inertia).");
}

void bind_simulation(py::module_& m) {
  py::register_exception<SimulationError>(m, "SimulationError", PyExc_RuntimeError);
  bind_forward_dynamics(m);
  bind_trajectories(m);
  bind_control(m);
  bind_model_variants(m);
}

const bool registered = register_bindings(30, &bind_simulation);

}  // namespace
}  // namespace manipdyn::python
