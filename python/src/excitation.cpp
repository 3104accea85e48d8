// Python bindings of the Fourier-series trajectory (trajectory/fourier_trajectory.hpp) and of
// the design of exciting trajectories (identification/excitation.hpp), order 35 (after the
// serial part that binds SerialModel). NumPy float64 arrays in and out; bad input raises
// ValueError with the C++ message; an exception raised by a Python cost or progress function
// propagates unchanged.
#include <filesystem>
#include <memory>
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "manipdyn/identification/excitation.hpp"
#include "manipdyn/identification/identify.hpp"
#include "manipdyn/trajectory/fourier_trajectory.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

VectorXd optional_vector(const py::object& obj, const std::string& name) {
  return obj.is_none() ? VectorXd() : as_vector(obj, "design_excitation", name);
}

py::dict extrema_dict(const TrajectoryExtrema& e) {
  return py::dict("q_min"_a = e.q_min, "q_max"_a = e.q_max, "qd_max"_a = e.qd_max,
                  "qdd_max"_a = e.qdd_max);
}

py::dict samples_dict(const TrajectorySamples& s) {
  return py::dict("t"_a = s.t, "q"_a = s.q, "qd"_a = s.qd, "qdd"_a = s.qdd);
}

FourierTrajectory py_fourier_trajectory(const py::handle& a, const py::handle& b,
                                        const py::handle& offset, double base_frequency,
                                        bool rest) {
  const std::string w = "fourier_trajectory";
  FourierTrajectory traj{base_frequency, as_vector(offset, w, "offset"), as_matrix(a, w, "a"),
                         as_matrix(b, w, "b")};
  check_fourier_trajectory(w, traj);
  if (rest) start_at_rest(traj);
  return traj;
}

// (q, qd, qdd) at a time t (arrays (n)) or at times t (N) (arrays (N, n)).
py::tuple py_evaluate(const FourierTrajectory& traj, const py::handle& t) {
  if (py::isinstance<py::float_>(t) || py::isinstance<py::int_>(t)) {
    VectorXd q(traj.dof()), qd(traj.dof()), qdd(traj.dof());
    fourier_trajectory_state(traj, t.cast<double>(), q, qd, qdd);
    return py::make_tuple(q, qd, qdd);
  }
  const VectorXd times = as_vector(t, "FourierTrajectory.evaluate", "t");
  check_finite("FourierTrajectory.evaluate", "t", times);
  check_fourier_trajectory("FourierTrajectory.evaluate", traj);
  TrajectorySamples s;
  sample_fourier_trajectory(traj, fourier_basis(traj.base_frequency, traj.harmonics(), times), s);
  return py::make_tuple(s.q, s.qd, s.qdd);
}

// The Python cost(t, q, qd, qdd) -> float as an ExcitationCost.
ExcitationCost python_cost(const SerialModel& model, const py::object& cost) {
  if (cost.is_none()) {  // log10 cond of the base observation matrix, drive parameters included
    auto base = std::make_shared<const BaseParameters>(
        structural_base_parameters(model, true));
    return [&model, base](const TrajectorySamples& s) {
      return base_condition_log10(model, *base, s, true);
    };
  }
  if (!PyCallable_Check(cost.ptr()))
    throw py::type_error("design_excitation: cost must be a callable (t, q, qd, qdd) -> float");
  return [cost](const TrajectorySamples& s) {
    const py::object value = cost(s.t, s.q, s.qd, s.qdd);
    if (!py::isinstance<py::float_>(value) && !py::isinstance<py::int_>(value) &&
        !py::hasattr(value, "__float__"))
      throw py::type_error("design_excitation: cost must return a number, got " +
                           std::string(py::str(value.get_type().attr("__name__"))));
    return value.cast<double>();
  };
}

py::dict py_design_excitation(const SerialModel& model, const py::object& cost, int harmonics,
                              double base_frequency, double sample_rate, double margin,
                              const py::object& q_min, const py::object& q_max,
                              const py::object& qd_max, const py::object& qdd_max, bool rest,
                              std::uint64_t seed, int evaluations, int restarts,
                              const py::object& progress) {
  ExcitationOptions o;
  o.harmonics = harmonics;
  o.base_frequency = base_frequency;
  o.sample_rate = sample_rate;
  o.margin = margin;
  o.q_min = optional_vector(q_min, "q_min");
  o.q_max = optional_vector(q_max, "q_max");
  o.qd_max = optional_vector(qd_max, "qd_max");
  o.qdd_max = optional_vector(qdd_max, "qdd_max");
  o.start_at_rest = rest;
  o.seed = seed;
  o.evaluations = evaluations;
  o.restarts = restarts;
  // Ctrl-C stops a long design; the user's progress function is called too
  o.progress = [progress](int evaluation, double best) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!progress.is_none()) progress(evaluation, best);
  };
  const ExcitationResult r = design_excitation(model, python_cost(model, cost), o);
  return py::dict("trajectory"_a = r.trajectory, "cost"_a = r.cost,
                  "history"_a = py::array_t<double>(static_cast<py::ssize_t>(r.history.size()),
                                                    r.history.data()),
                  "evaluations"_a = r.evaluations,
                  "limits"_a = py::dict("q_min"_a = r.limits.q_min, "q_max"_a = r.limits.q_max,
                                        "qd_max"_a = r.limits.qd_max,
                                        "qdd_max"_a = r.limits.qdd_max),
                  "sampled"_a = extrema_dict(r.sampled), "bounds"_a = extrema_dict(r.bounds));
}

void bind_fourier_trajectory(py::module_& m) {
  py::class_<FourierTrajectory>(
      m, "FourierTrajectory",
      "Finite Fourier series per joint (Swevers et al. 1997 eq. 9-10): q_i(t) = q_i0 + sum_l "
      "a_il/(w l) sin(w l t) - b_il/(w l) cos(w l t), w = 2 pi base_frequency; periodic.")
      .def_readonly("base_frequency", &FourierTrajectory::base_frequency, "f_f, Hz")
      .def_readonly("offset", &FourierTrajectory::offset, "(n) q_i0")
      .def_readonly("a", &FourierTrajectory::a, "(n, L) cos coefficients of qd")
      .def_readonly("b", &FourierTrajectory::b, "(n, L) sin coefficients of qd")
      .def_property_readonly("dof", &FourierTrajectory::dof)
      .def_property_readonly("harmonics", &FourierTrajectory::harmonics)
      .def_property_readonly("period", &FourierTrajectory::period, "1 / base_frequency, s")
      .def(py::pickle(
          [](const FourierTrajectory& t) {
            return py::make_tuple(t.base_frequency, t.offset, t.a, t.b);
          },
          [](const py::tuple& s) {
            if (s.size() != 4)
              throw std::invalid_argument("FourierTrajectory: the pickled state must have 4 items");
            return py_fourier_trajectory(s[2], s[3], s[1], s[0].cast<double>(), false);
          }))
      .def("__repr__",
           [](const FourierTrajectory& t) {
             return "<FourierTrajectory: " + std::to_string(t.dof()) + " joints, " +
                    std::to_string(t.harmonics()) + " harmonics, period " +
                    py::str(py::float_(t.period())).cast<std::string>() + " s>";
           })
      .def("evaluate", &py_evaluate, "t"_a,
           "(q, qd, qdd) at time t: arrays (n) for a number t, (N, n) for an array t (N).")
      .def(
          "sample",
          [](const FourierTrajectory& traj, double rate, bool include_end) {
            return samples_dict(sample_fourier_trajectory(traj, rate, include_end));
          },
          "sample_rate"_a, "include_end"_a = false,
          "Dict t (N), q, qd, qdd (N, n) at t = k / sample_rate in [0, period) (and the end).")
      .def(
          "bounds", [](const FourierTrajectory& traj) {
            check_fourier_trajectory("FourierTrajectory.bounds", traj);
            return extrema_dict(fourier_trajectory_bounds(traj));
          },
          "Analytic conservative bounds: dict q_min, q_max, qd_max, qdd_max (n each).")
      .def(
          "write_csv",
          [](const FourierTrajectory& traj, const std::filesystem::path& path, double rate) {
            write_excitation_csv(path, traj, rate);
          },
          "path"_a, "sample_rate"_a,
          "Writes one period (both ends) as CSV: t, q1..qn, qd1..qdn, qdd1..qddn.");
  m.def("fourier_trajectory", &py_fourier_trajectory, "a"_a, "b"_a, "offset"_a,
        "base_frequency"_a = 0.1, "start_at_rest"_a = false,
        R"doc(A FourierTrajectory from the coefficients a, b (n, L) and the offsets (n).

With start_at_rest, a[:, 0] and b[:, 0] are replaced so that qd and qdd are zero at t = 0 (and at
the period): a_i1 = -sum_{l>=2} a_il, b_i1 = -sum_{l>=2} l b_il.)doc");
}

void bind_excitation(py::module_& m) {
  bind_fourier_trajectory(m);
  m.def("design_excitation", &py_design_excitation, "model"_a, "cost"_a = py::none(),
        "harmonics"_a = 5, "base_frequency"_a = 0.1, "sample_rate"_a = 20.0, "margin"_a = 0.05,
        "q_min"_a = py::none(), "q_max"_a = py::none(), "qd_max"_a = py::none(),
        "qdd_max"_a = py::none(), "start_at_rest"_a = true, "seed"_a = 1,
        "evaluations"_a = 2000, "restarts"_a = 4, "progress"_a = py::none(),
        R"doc(Designs an exciting trajectory (Swevers et al. 1997): Fourier coefficients that
minimise cost(t, q, qd, qdd) -> float (arrays (N), (N, n) over one period at sample_rate) within
the joint limits (the model's, replaced by q_min, q_max, qd_max arrays (n) if given; qdd_max (n)
optional). cost None: log10 cond of the base observation matrix (the model's base
parameters with the drive parameters; identify.hpp base_condition_log10). Search: (1+1)-CMA-ES with restarts, every
candidate scaled into the limits shrunk by margin; deterministic for a seed. progress(evaluation,
best_cost) is called after each evaluation.
Returns a dict: trajectory (FourierTrajectory), cost, history (evaluations), evaluations, limits,
sampled (extrema on a fine sampling) and bounds (analytic), each a dict q_min, q_max, qd_max,
qdd_max.)doc");
  m.def(
      "decoupled_joint_condition",
      [](const py::handle& t, const py::handle& q, const py::handle& qd, const py::handle& qdd) {
        const std::string w = "decoupled_joint_condition";
        TrajectorySamples s{as_vector(t, w, "t"), as_matrix(q, w, "q"), as_matrix(qd, w, "qd"),
                            as_matrix(qdd, w, "qdd")};
        if (s.qd.rows() != s.q.rows() || s.qd.cols() != s.q.cols() ||
            s.qdd.rows() != s.q.rows() || s.qdd.cols() != s.q.cols())
          throw std::invalid_argument(w + ": q, qd and qdd must have the same shape (N, n)");
        return decoupled_joint_condition(s);
      },
      "t"_a, "q"_a, "qd"_a, "qdd"_a,
      "log10 cond of the block-diagonal matrix of per-joint rows [qdd, qd, sign(qd), sin q, "
      "cos q]: a model-free excitation cost.");
  m.def("write_excitation_csv", &write_excitation_csv, "path"_a, "trajectory"_a,
        "sample_rate"_a,
        "Writes one period of the trajectory (both ends) as CSV: t, q1..qn, qd1..qdn, "
        "qdd1..qddn.");
}

const bool registered = register_bindings(35, &bind_excitation);

}  // namespace
}  // namespace manipdyn::python
