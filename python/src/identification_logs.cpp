// Python bindings of identification's motion logs and filters (order 50;
// identification/motion_log.hpp, identification/filter.hpp): read_motion_log, MotionLog,
// butterworth, filtfilt, central_difference, resample_uniform, prepare_motion_log. Arrays are
// NumPy float64, one row per sample; bad input raises ValueError with the C++ message.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <string>

#include "convert.hpp"
#include "manipdyn/identification/filter.hpp"
#include "manipdyn/identification/motion_log.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

// A 1-D (N) or 2-D (N, k) array-like as an N x k matrix (k = 1 for 1-D); `was_vector` tells
// which it was.
MatrixXd as_signals(const py::handle& obj, const std::string& where, const std::string& name,
                    bool& was_vector) {
  const auto a = as_float_array(obj, where, name);
  if (a.ndim() != 1 && a.ndim() != 2)
    throw std::invalid_argument(where + ": " + name + " must be a 1-D (N,) or 2-D (N, k) array, " +
                                "got shape " + shape_of(a));
  was_vector = a.ndim() == 1;
  const Eigen::Index rows = a.shape(0), cols = was_vector ? 1 : a.shape(1);
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  return Eigen::Map<const RowMajor>(a.data(), rows, cols);
}

// The matrix as a 1-D array when the input was one, else as (N, k).
py::object as_output(const MatrixXd& x, bool vector) {
  if (vector) return py::cast(VectorXd(x.col(0)));
  return py::cast(x);
}

py::object py_filtfilt(const py::object& b, const py::object& a, const py::object& x) {
  const std::string where = "filtfilt";
  bool vector = false;
  const MatrixXd signals = as_signals(x, where, "x", vector);
  return as_output(filtfilt(as_vector(b, where, "b"), as_vector(a, where, "a"), signals), vector);
}

py::object py_central_difference(const py::object& x, double h) {
  bool vector = false;
  const MatrixXd signals = as_signals(x, "central_difference", "x", vector);
  return as_output(central_difference(signals, h), vector);
}

py::tuple py_resample_uniform(const py::object& t, const py::object& x, double rate) {
  const std::string where = "resample_uniform";
  bool vector = false;
  const MatrixXd signals = as_signals(x, where, "x", vector);
  VectorXd grid;
  const MatrixXd y = resample_uniform(as_vector(t, where, "t"), signals, rate, grid);
  return py::make_tuple(grid, as_output(y, vector));
}

py::dict py_prepare_motion_log(const MotionLog& log, double sample_rate, int filter_order,
                               double cutoff, double tau_cutoff, bool use_measured_qd,
                               const py::object& drive_gains, int trim, int first, int last,
                               int decimate) {
  LogFilterOptions o;
  o.sample_rate = sample_rate;
  o.filter_order = filter_order;
  o.cutoff = cutoff;
  o.tau_cutoff = tau_cutoff;
  o.use_measured_qd = use_measured_qd;
  if (!drive_gains.is_none())
    o.drive_gains = as_vector(drive_gains, "prepare_motion_log", "drive_gains");
  o.trim = trim;
  o.first = first;
  o.last = last;
  o.decimate = decimate;
  const IdentificationSamples s = prepare_motion_log(log, o);
  return py::dict("t"_a = s.t, "q"_a = s.q, "qd"_a = s.qd, "qdd"_a = s.qdd, "tau"_a = s.tau,
                  "sample_rate"_a = s.sample_rate, "source"_a = s.source);
}

// A matrix field of MotionLog as an array, None when the log does not have it.
py::object optional_field(const MatrixXd& x, bool present) {
  return present ? py::cast(x) : py::none();
}

void bind_motion_log(py::module_& m) {
  py::class_<MotionLog>(m, "MotionLog",
                        "A motion log as read by read_motion_log: t (N,), q (N, n) and, when the "
                        "log has them, qd, tau, current (N, n) (None otherwise).")
      .def_property_readonly("source", [](const MotionLog& l) { return l.source; })
      .def_property_readonly("n", [](const MotionLog& l) { return l.n; })
      .def_property_readonly("samples", &MotionLog::samples)
      .def_property_readonly("t", [](const MotionLog& l) { return l.t; })
      .def_property_readonly("q", [](const MotionLog& l) { return l.q; })
      .def_property_readonly("qd",
                             [](const MotionLog& l) { return optional_field(l.qd, l.has_qd); })
      .def_property_readonly("tau",
                             [](const MotionLog& l) { return optional_field(l.tau, l.has_tau); })
      .def_property_readonly(
          "current", [](const MotionLog& l) { return optional_field(l.current, l.has_current); })
      .def_property_readonly("has_qd", [](const MotionLog& l) { return l.has_qd; })
      .def_property_readonly("has_tau", [](const MotionLog& l) { return l.has_tau; })
      .def_property_readonly("has_current", [](const MotionLog& l) { return l.has_current; })
      .def("__repr__", [](const MotionLog& l) {
        return "<MotionLog '" + l.source + "': " + std::to_string(l.samples()) + " samples, " +
               std::to_string(l.n) + " joints" + (l.has_qd ? ", qd" : "") +
               (l.has_tau ? ", tau" : "") + (l.has_current ? ", current" : "") + ">";
      });
  m.def("read_motion_log", &read_motion_log, "path"_a, "n"_a,
        "Reads the CSV motion log of an n-joint arm (header: time (or t), q1..qn, optionally qd1..qdn, "
        "tau1..taun and/or i1..in; other columns ignored) as a MotionLog. ValueError naming the "
        "file, line and column for missing columns, a bad cell, nan/inf, time that does not "
        "increase, too few samples (docs/identification.md).");
  m.def("read_motion_log_text", &read_motion_log_text, "text"_a, "n"_a, "source"_a = "<string>",
        "read_motion_log from CSV text; `source` names it in errors.");
}

const bool registered = register_bindings(50, [](py::module_& m) {
  bind_motion_log(m);
  m.def(
      "butterworth",
      [](int order, double cutoff, double rate) {
        const FilterCoefficients f = butterworth_lowpass(order, cutoff, rate);
        return py::make_tuple(f.b, f.a);
      },
      "order"_a, "cutoff"_a, "rate"_a,
      "Digital Butterworth low-pass (b, a) of `order` (1..10), -3 dB at `cutoff` Hz, for "
      "samples at `rate` Hz: scipy.signal.butter(order, cutoff, fs=rate).");
  m.def("filtfilt", &py_filtfilt, "b"_a, "a"_a, "x"_a,
        "Zero-phase forward-backward filter of x (N,) or (N, k) along axis 0: "
        "scipy.signal.filtfilt(b, a, x, axis=0) with its default odd padding of "
        "3 * max(len(a), len(b)) samples and lfilter_zi initial conditions.");
  m.def("central_difference", &py_central_difference, "x"_a, "h"_a,
        "d/dt of x (N,) or (N, k) sampled every h s: central differences, second-order one-sided "
        "ends (numpy.gradient(x, h, axis=0, edge_order=2)).");
  m.def("resample_uniform", &py_resample_uniform, "t"_a, "x"_a, "rate"_a,
        "x (N,) or (N, k) at increasing times t, interpolated by natural cubic splines at "
        "t[0] + j / rate; returns (times, values).");
  const LogFilterOptions defaults;  // the C++ defaults, documented in filter.hpp
  m.def("prepare_motion_log", &py_prepare_motion_log, "log"_a,
        "sample_rate"_a = defaults.sample_rate, "filter_order"_a = defaults.filter_order,
        "cutoff"_a = defaults.cutoff, "tau_cutoff"_a = defaults.tau_cutoff,
        "use_measured_qd"_a = defaults.use_measured_qd, "drive_gains"_a = py::none(),
        "trim"_a = defaults.trim, "first"_a = defaults.first, "last"_a = defaults.last,
        "decimate"_a = defaults.decimate,
        "A MotionLog made into identification samples: resampled uniformly (sample_rate Hz, 0: "
        "the log's median rate), q (and measured qd) and tau low-passed zero-phase (Butterworth "
        "filter_order, cutoff / tau_cutoff Hz, 0: cutoff), qd and qdd by central differences, "
        "`trim` samples dropped at each end (-1: three periods of the lowest cutoff), log rows "
        "[first, last) kept, every decimate-th sample. drive_gains (n): tau = gain * current. "
        "Returns a dict: t, q, qd, qdd, tau, sample_rate, source (docs/identification.md).");
});

}  // namespace
}  // namespace manipdyn::python
