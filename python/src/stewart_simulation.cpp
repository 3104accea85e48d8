// Python bindings of the Stewart-platform simulation and control (`manipdyn.stewart.simulate`,
// `manipdyn.stewart.control`): dicts of NumPy arrays; bad input raises ValueError with the C++
// message.
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "manipdyn/stewart/control.hpp"
#include "manipdyn/stewart/simulate.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using namespace manipdyn::stewart;

py::dict to_dict(const PlatformSimulationResult& r) {
  py::dict out;
  out["time"] = r.time;
  out["t"] = r.t;
  out["quaternion"] = r.quaternion;
  out["v"] = r.v;
  out["omega"] = r.omega;
  out["F"] = r.F;
  out["L"] = r.L;
  out["L_measured"] = r.L_measured;
  if (r.has_reference) {
    out["t_desired"] = r.t_desired;
    out["quaternion_desired"] = r.quaternion_desired;
    out["position_error"] = r.position_error;
    out["orientation_error"] = r.orientation_error;
    const TrackingSummary s = summarize_tracking(r);
    out["max_position_error"] = s.max_position_error;
    out["rms_position_error"] = s.rms_position_error;
    out["max_orientation_error"] = s.max_orientation_error;
    out["rms_orientation_error"] = s.rms_orientation_error;
  }
  out["plant_steps"] = r.plant_steps;
  out["dynamics_calls"] = r.dynamics_calls;
  return out;
}

void bind(py::module_& root) {
  py::module_ m = root.attr("stewart").cast<py::module_>();

  m.def("simulate",
        [](const StewartModel& platform, const Vector3d& t, const std::optional<Vector3d>& rpy,
           const std::optional<Matrix3d>& R, const Vector3d& v, const Vector3d& omega,
           const Vector6d& F, double duration, double control_period, double step,
           const std::string& integrator, const std::string& model, int length_bits,
           double length_range) {
          if (rpy && R) throw std::invalid_argument("simulate: give rpy or R, not both");
          PlatformMotion x;
          x.t = t;
          x.R = R ? *R : (rpy ? rpy_to_rotation<double>(*rpy) : Matrix3d::Identity());
          x.v = v;
          x.omega = omega;
          PlatformSimulationOptions o;
          o.duration = duration;
          o.control_period = control_period;
          o.step = step;
          o.integrator = integrator_from_string(integrator);
          o.plant = dynamics_model_from(model, "simulate");
          o.length_bits = length_bits;
          o.length_range = length_range;
          ConstantForces c(F);
          return to_dict(simulate(platform, &c, x, o));
        },
        py::arg("platform"), py::arg("t"), py::arg("rpy") = py::none(), py::arg("R") = py::none(),
        py::arg("v") = Vector3d::Zero(), py::arg("omega") = Vector3d::Zero(),
        py::arg("F") = Vector6d::Zero(), py::arg("duration") = 1.0,
        py::arg("control_period") = 1e-3, py::arg("step") = 1e-3, py::arg("integrator") = "rk4",
        py::arg("model") = "improved", py::arg("length_bits") = 0, py::arg("length_range") = 1.0,
        "Simulates the platform from the pose t, rpy|R and twist v, omega (base frame) under "
        "constant leg forces F (6, N) with model='improved' (default) or 'dasgupta', integrator "
        "'rk4' or 'dormand_prince'; the state is integrated as a renormalised quaternion. Returns "
        "a dict of arrays: time (n), t (n, 3), quaternion (n, 4: w x y z), v, omega (n, 3), "
        "F, L, L_measured (n, 6), plant_steps, dynamics_calls.");

  m.def("control",
        [](const StewartModel& platform, const std::variant<std::string, PlannedPath>& path,
           const std::string& law, const std::string& mismatch, double natural_frequency,
           double damping_ratio, double payload, double inertia_scale, int length_bits,
           double length_range, double twist_cutoff, double control_period, double step,
           const std::string& integrator) {
          const PlannedPath p = std::holds_alternative<PlannedPath>(path)
                                    ? std::get<PlannedPath>(path)
                                    : plan_path(paper_path(std::get<std::string>(path)).spec);
          PlatformControlOptions o;
          o.law = stewart::platform_control_law_from_string(law);
          o.mismatch = stewart::mismatch_from_string(mismatch);
          o.gains.natural_frequency = natural_frequency;
          o.gains.damping_ratio = damping_ratio;
          o.payload = payload;
          o.inertia_scale = inertia_scale;
          o.length_bits = length_bits;
          o.length_range = length_range;
          o.twist_cutoff = twist_cutoff;
          o.control_period = control_period;
          o.step = step;
          o.integrator = integrator_from_string(integrator);
          return to_dict(stewart::control(platform, p, o));
        },
        py::arg("platform"), py::arg("path") = "I", py::arg("law") = "computed_torque",
        py::arg("mismatch") = "none", py::arg("natural_frequency") = 40.0,
        py::arg("damping_ratio") = 1.0, py::arg("payload") = 10.0, py::arg("inertia_scale") = 1.2,
        py::arg("length_bits") = 16, py::arg("length_range") = 2.0,
        py::arg("twist_cutoff") = PlatformControlOptions{}.twist_cutoff,
        py::arg("control_period") = 1e-3, py::arg("step") = 1e-3,
        py::arg("integrator") = "dormand_prince",
        (std::string("Closed-loop run along a path (a paper path name 'I', 'II', 'III', ... or a "
                     "PlannedPath): law ") +
         names_text<stewart::PlatformControlLaw>(true, " or ") +
         " (computed_torque: task space, SO(3) pose error; pd: leg space); mismatch " +
         names_text<stewart::Mismatch>(true, " or ") + "; the plant is the improved "
        "model, integrated within each control_period by 'dormand_prince' (adaptive substeps) or "
        "'rk4' (fixed step); twist_cutoff (Hz, 0 = none) low-pass filters the twist differenced "
        "from the quantised sensors. Returns the dict of simulate() plus t_desired, quaternion_desired, "
        "position_error, orientation_error (n, 3) and max/rms position and orientation errors.")
            .c_str());
}

const bool registered = register_bindings(25, bind);

}  // namespace
}  // namespace manipdyn::python
