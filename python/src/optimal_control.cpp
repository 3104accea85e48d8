// Python bindings of optimal control with the derivatives (control/lqr.hpp, control/ilqr.hpp,
// control/arm_optimal_control.hpp, simulation/linearized_step.hpp), order 35 (after the serial
// part that binds SerialModel): NumPy float64 arrays in and out, dicts of results; bad input
// raises ValueError with the C++ message.
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "manipdyn/control/arm_optimal_control.hpp"
#include "manipdyn/control/lqr.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

py::dict py_discrete_lqr(const py::handle& A, const py::handle& B, const py::handle& Q,
                         const py::handle& R) {
  const std::string w = "discrete_lqr";
  const LqrGain g = discrete_lqr(as_matrix(A, w, "A"), as_matrix(B, w, "B"), as_matrix(Q, w, "Q"),
                                 as_matrix(R, w, "R"));
  return py::dict("K"_a = g.K, "P"_a = g.P, "spectral_radius"_a = g.spectral_radius,
                  "iterations"_a = g.iterations);
}

py::dict py_linearized_step(const SerialModel& model, const py::handle& q, const py::handle& qd,
                            const py::handle& tau, double period, int substeps,
                            const std::string& method) {
  const std::string w = "linearized_step";
  const int n = model.dof();
  const VectorXd qv = as_vector(q, w, "q"), qdv = as_vector(qd, w, "qd");
  if (qv.size() != n || qdv.size() != n)
    throw std::invalid_argument(w + ": q and qd must have " + std::to_string(n) + " entries");
  VectorXd x(2 * n);
  x << qv, qdv;
  DerivativesData dd(model);
  LinearizedStepData data(2 * n, n);
  linearized_step(model, dd, x, as_vector(tau, w, "tau"), period, substeps,
                  from_string<StepMethod>(method, w), data);
  return py::dict("q"_a = VectorXd(data.y_next.head(n)), "qd"_a = VectorXd(data.y_next.tail(n)),
                  "A"_a = data.A, "B"_a = data.B);
}

py::dict py_plan_minimum_effort_motion(const SerialModel& model, const py::handle& q_start,
                                       const py::handle& q_goal, double duration,
                                       double control_period, double step,
                                       const py::object& tau_max, double position_weight,
                                       double velocity_weight, int max_iterations,
                                       double tolerance,
                                       const std::function<void(int, double)>& progress) {
  const std::string w = "plan_minimum_effort_motion";
  MinimumEffortProblem p;
  p.q_start = as_vector(q_start, w, "q_start");
  p.q_goal = as_vector(q_goal, w, "q_goal");
  p.duration = duration;
  p.control_period = control_period;
  p.step = step;
  if (!tau_max.is_none()) p.tau_max = as_vector(tau_max, w, "tau_max");
  p.position_weight = position_weight;
  p.velocity_weight = velocity_weight;
  p.ilqr.max_iterations = max_iterations;
  p.ilqr.tolerance = tolerance;
  if (progress) p.ilqr.progress = progress;
  const MinimumEffortMotion m = plan_minimum_effort_motion(model, p);
  return py::dict("t"_a = m.t, "q"_a = m.q, "qd"_a = m.qd, "tau"_a = m.tau,
                  "tau_max"_a = m.tau_max, "tau_initial"_a = m.tau_initial,
                  "cost"_a = m.solution.cost, "iterations"_a = m.solution.iterations,
                  "converged"_a = m.solution.converged, "effort"_a = m.effort,
                  "final_position_error"_a = m.final_position_error,
                  "final_velocity_error"_a = m.final_velocity_error);
}

py::dict py_lqr_pose_regulator(const SerialModel& model, const py::handle& q,
                               double control_period, int substeps, const py::handle& Q,
                               const py::handle& R) {
  const std::string w = "lqr_pose_regulator";
  const PoseRegulator r = lqr_pose_regulator(model, as_vector(q, w, "q"), control_period,
                                             substeps, as_matrix(Q, w, "Q"), as_matrix(R, w, "R"));
  return py::dict("x"_a = r.x, "tau"_a = r.tau, "A"_a = r.A, "B"_a = r.B, "K"_a = r.lqr.K,
                  "P"_a = r.lqr.P, "spectral_radius"_a = r.lqr.spectral_radius);
}

void bind_optimal_control(py::module_& m) {
  m.def("discrete_lqr", &py_discrete_lqr, "A"_a, "B"_a, "Q"_a, "R"_a,
        R"doc(Infinite-horizon discrete LQR: dict K (m, n), P (n, n), spectral_radius, iterations.

u = -K x minimises sum x^T Q x + u^T R u for x+ = A x + B u; P solves the discrete algebraic
Riccati equation (structure-preserving doubling). Raises ValueError for bad sizes, Q or R not
symmetric, R not positive definite; RuntimeError when (A, B) is not stabilisable.)doc");
  m.def("linearized_step", &py_linearized_step, "model"_a, "q"_a, "qd"_a, "tau"_a, "period"_a,
        "substeps"_a = 1, "method"_a = "rk4",
        R"doc(One control period of the arm with tau held: dict q, qd (after the period), A (2n, 2n) = dx+/dx, B (2n, n) = dx+/dtau.

x = [q; qd]; `substeps` equal steps of "rk4" or "euler", the Jacobians those of the integrator's
own arithmetic (exact for the step `simulate` takes), from forward_dynamics_derivatives.)doc");
  m.def("plan_minimum_effort_motion", &py_plan_minimum_effort_motion, "model"_a, "q_start"_a,
        "q_goal"_a, "duration"_a = 1.5, "control_period"_a = 0.02, "step"_a = 0.005,
        "tau_max"_a = py::none(), "position_weight"_a = 1e6, "velocity_weight"_a = 1e4,
        "max_iterations"_a = 200, "tolerance"_a = 1e-7, "progress"_a = nullptr,
        R"doc(A rest-to-rest move of least effort under |tau| <= tau_max, by control-limited iLQR.

Returns dict t (N+1), q, qd (N+1, n), tau (N, n), tau_max, tau_initial (the computed-torque
first guess), cost (per accepted iteration), iterations, converged, effort, final_position_error,
final_velocity_error. tau_max: (n), default the model's limits. progress(iteration, cost) is
called after every iteration.)doc");
  m.def("lqr_pose_regulator", &py_lqr_pose_regulator, "model"_a, "q"_a, "control_period"_a,
        "substeps"_a, "Q"_a, "R"_a,
        R"doc(The LQR that holds the arm at q: dict x = [q; 0], tau = the torques at rest there, A, B (the linearised step), K, P, spectral_radius.)doc");
}

const bool registered = register_bindings(35, &bind_optimal_control);

}  // namespace
}  // namespace manipdyn::python
