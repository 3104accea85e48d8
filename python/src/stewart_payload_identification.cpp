// Python bindings of the Stewart payload identification (`manipdyn.stewart.identify_payload`,
// `with_payload`, `payload_problem`; identification/platform_payload.hpp): sampled motions as
// (N, 3) and (N, 3, 3) arrays and the leg forces as (N, 6) in, a dict out; or a platform log
// (`read_platform_log`, `PlatformLog`, `prepare_platform_log`; identification/platform_log.hpp) as a
// file, a PlatformLog or a dict of arrays. Bad input raises ValueError with the C++ message.
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "manipdyn/identification/platform_payload.hpp"
#include "manipdyn/identification/platform_log.hpp"
#include "convert.hpp"
#include "platform_samples.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

using namespace manipdyn::stewart;
constexpr const char* kWhere = "identify_payload";

// The samples' arrays (platform_samples.hpp), named for this function's messages.
py::array_t<double> samples_of(const py::handle& obj, const char* name, std::vector<py::ssize_t> dims,
                               py::ssize_t n) {
  return platform_samples(kWhere, obj, name, std::move(dims), n);
}

std::vector<PlatformMotion> motions_of(const py::handle& t, const py::handle& R, const py::handle& v,
                                       const py::handle& omega, const py::handle& a,
                                       const py::handle& alpha) {
  return platform_motions(kWhere, t, R, v, omega, a, alpha);
}

py::dict to_dict(const stewart::PayloadEstimate& r) {
  py::dict out;
  out["mass"] = r.mass;
  out["com"] = r.com;
  out["inertia"] = r.inertia;
  out["inertia_origin"] = r.inertia_origin;
  out["parameters"] = r.parameters;
  out["standard_deviation"] = r.standard_deviation;
  py::list names;
  for (std::string_view name : kBodyParameterNames) names.append(std::string(name));
  out["names"] = names;
  out["condition_number"] = r.condition_number;
  out["scaled_condition_number"] = r.scaled_condition_number;
  out["sigma"] = r.sigma;
  out["residual_rms"] = r.residual_rms;
  out["samples"] = r.samples;
  out["physical_problem"] = r.physical_problem;
  out["physically_consistent"] = r.physical_problem.empty();
  return out;
}


// `obj` (N, cols) (or (N,) for cols = 0) as a matrix, named in errors.
MatrixXd log_field(const py::dict& d, const char* key, py::ssize_t cols, py::ssize_t n) {
  const auto a = samples_of(d[key], key, cols > 0 ? std::vector<py::ssize_t>{cols} : std::vector<py::ssize_t>{}, n);
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  return Eigen::Map<const RowMajor>(a.data(), a.shape(0), cols > 0 ? cols : 1);
}

// A platform log from a path (str or os.PathLike: read_platform_log), a PlatformLog, or a dict
// of arrays: time (N), t (N, 3), quaternion (N, 4; w, x, y, z) or rpy (N, 3), F (N, 6).
PlatformLog platform_log_from(const py::handle& obj) {
  if (py::isinstance<PlatformLog>(obj)) return obj.cast<PlatformLog>();
  if (py::isinstance<py::str>(obj) || py::hasattr(obj, "__fspath__"))
    return read_platform_log(obj.cast<std::filesystem::path>());
  if (!py::isinstance<py::dict>(obj))
    throw std::invalid_argument(std::string(kWhere) + ": log must be a path, a PlatformLog or a dict of "
                                "arrays (time, t, quaternion or rpy, F), got " +
                                std::string(py::str(obj.get_type().attr("__name__"))));
  const py::dict d = obj.cast<py::dict>();
  for (const char* key : {"time", "t", "F"})
    if (!d.contains(key)) throw std::invalid_argument(std::string(kWhere) + ": the log dict has no '" + key + "'");
  PlatformLog log;
  log.source = "<dict>";
  log.time = log_field(d, "time", 0, -1).col(0);
  const auto n = static_cast<py::ssize_t>(log.time.size());
  log.t = log_field(d, "t", 3, n);
  log.F = log_field(d, "F", 6, n);
  if (d.contains("quaternion")) {
    log.quaternion = log_field(d, "quaternion", 4, n);
  } else if (d.contains("rpy")) {
    const MatrixXd rpy = log_field(d, "rpy", 3, n);
    log.quaternion.resize(rpy.rows(), 4);
    log.from_rpy = true;
    for (Eigen::Index k = 0; k < rpy.rows(); ++k) {
      const Eigen::Quaterniond q(rpy_to_rotation<double>(rpy.row(k).transpose()));
      log.quaternion.row(k) << q.w(), q.x(), q.y(), q.z();
    }
  } else {
    throw std::invalid_argument(std::string(kWhere) + ": the log dict has neither 'quaternion' nor 'rpy'");
  }
  for (Eigen::Index k = 0; k < log.quaternion.rows(); ++k) {
    const double norm = log.quaternion.row(k).norm();
    if (!(std::abs(norm - 1.0) <= platform_log_quaternion_tolerance))
      throw std::invalid_argument(std::string(kWhere) + ": quaternion[" + std::to_string(k) + "] has norm " +
                                  std::to_string(norm) + ", not 1");
    log.quaternion.row(k) /= norm;
  }
  return log;
}

PlatformLogFilterOptions filter_options(double sample_rate, int filter_order, double cutoff,
                                        double force_cutoff, int trim, int first, int last, int decimate) {
  PlatformLogFilterOptions o;
  o.sample_rate = sample_rate;
  o.filter_order = filter_order;
  o.cutoff = cutoff;
  o.force_cutoff = force_cutoff;
  o.trim = trim;
  o.first = first;
  o.last = last;
  o.decimate = decimate;
  return o;
}

py::dict samples_dict(const PlatformSamples& s) {
  const auto n = static_cast<Eigen::Index>(s.motions.size());
  MatrixXd t(n, 3), v(n, 3), omega(n, 3), a(n, 3), alpha(n, 3);
  py::array_t<double> R({static_cast<py::ssize_t>(n), py::ssize_t{3}, py::ssize_t{3}});
  auto r = R.mutable_unchecked<3>();
  for (Eigen::Index k = 0; k < n; ++k) {
    const PlatformMotion& m = s.motions[static_cast<std::size_t>(k)];
    t.row(k) = m.t.transpose();
    v.row(k) = m.v.transpose();
    omega.row(k) = m.omega.transpose();
    a.row(k) = m.a.transpose();
    alpha.row(k) = m.alpha.transpose();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r(k, i, j) = m.R(i, j);
  }
  return py::dict("time"_a = s.time, "t"_a = t, "R"_a = R, "v"_a = v, "omega"_a = omega, "a"_a = a,
                  "alpha"_a = alpha, "F"_a = s.F, "sample_rate"_a = s.sample_rate, "source"_a = s.source);
}

void bind_platform_log(py::module_& m) {
  py::class_<PlatformLog>(m, "PlatformLog",
                          "A platform log as read by read_platform_log: time (N,), t (N, 3), quaternion "
                          "(N, 4; w, x, y, z, platform -> base), F (N, 6), from_rpy, source, samples.")
      .def_property_readonly("source", [](const PlatformLog& l) { return l.source; })
      .def_property_readonly("samples", &PlatformLog::samples)
      .def_property_readonly("time", [](const PlatformLog& l) { return l.time; })
      .def_property_readonly("t", [](const PlatformLog& l) { return l.t; })
      .def_property_readonly("quaternion", [](const PlatformLog& l) { return l.quaternion; })
      .def_property_readonly("F", [](const PlatformLog& l) { return l.F; })
      .def_property_readonly("from_rpy", [](const PlatformLog& l) { return l.from_rpy; })
      .def("__repr__", [](const PlatformLog& l) {
        return "<PlatformLog '" + l.source + "': " + std::to_string(l.samples()) + " samples, orientation from " +
               (l.from_rpy ? "thx, thy, thz" : "qw, qx, qy, qz") + ">";
      });
  m.def("read_platform_log", &read_platform_log, "path"_a,
        "Reads a platform log CSV (header: time, tx, ty, tz, qw, qx, qy, qz or thx, thy, thz, F1..F6; "
        "other columns ignored) as a PlatformLog. ValueError naming the file, line and column for missing "
        "columns, a bad cell, nan/inf, time that does not increase, a non-unit quaternion, too few samples "
        "(docs/identification.md).");
  m.def("read_platform_log_text", &read_platform_log_text, "text"_a, "source"_a = "<string>",
        "read_platform_log from CSV text; `source` names it in errors.");
  const PlatformLogFilterOptions defaults;  // the C++ defaults, documented in platform_log.hpp
  m.def("prepare_platform_log",
        [](const py::object& log, double sample_rate, int filter_order, double cutoff, double force_cutoff,
           int trim, int first, int last, int decimate) {
          return samples_dict(prepare_platform_log(
              platform_log_from(log),
              filter_options(sample_rate, filter_order, cutoff, force_cutoff, trim, first, last, decimate)));
        },
        "log"_a, "sample_rate"_a = defaults.sample_rate, "filter_order"_a = defaults.filter_order,
        "cutoff"_a = defaults.cutoff, "force_cutoff"_a = defaults.force_cutoff, "trim"_a = defaults.trim,
        "first"_a = defaults.first, "last"_a = defaults.last, "decimate"_a = defaults.decimate,
        "A platform log (path, PlatformLog or dict of time, t, quaternion or rpy, F) made into samples: "
        "quaternions made continuous, resampled uniformly (sample_rate Hz, 0: the log's median rate), pose "
        "and forces low-passed zero-phase (Butterworth filter_order at cutoff / force_cutoff Hz, 0: cutoff), "
        "v, a, omega, alpha by central differences (base frame), `trim` samples dropped at each end (-1: "
        "three periods of the lowest cutoff), log rows [first, last), every decimate-th sample (0: the "
        "largest keeping Nyquist above 1.25 x the cutoffs). Returns a dict: time, t, R (N, 3, 3), v, omega, "
        "a, alpha, F, sample_rate, source.");
}

void bind(py::module_& root) {
  py::module_ m = root.attr("stewart").cast<py::module_>();
  bind_platform_log(m);
  m.def("identify_payload",
        [](const StewartModel& platform, const py::object& t, const py::object& R, const py::object& v,
           const py::object& omega, const py::object& a, const py::object& alpha, const py::object& F,
           const std::string& model, double excitation_tolerance) {
          const std::vector<PlatformMotion> motions = motions_of(t, R, v, omega, a, alpha);
          const auto f = samples_of(F, "F", {6}, static_cast<py::ssize_t>(motions.size()));
          const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, 6, Eigen::RowMajor>> Fm(
              f.data(), f.shape(0), 6);
          PayloadIdentificationOptions o;
          o.model = dynamics_model_from(model, kWhere);
          o.excitation_tolerance = excitation_tolerance;
          return to_dict(identify_payload(platform, motions, MatrixXd(Fm), o));
        },
        py::arg("platform"), py::arg("t"), py::arg("R"), py::arg("v"), py::arg("omega"), py::arg("a"),
        py::arg("alpha"), py::arg("F"), py::arg("model") = "improved",
        py::arg("excitation_tolerance") = 1e-6,
        "Identifies a payload fixed to the platform (docs/identification.md) from N samples of the "
        "motion (base frame: t, v, omega, a, alpha (N, 3); R (N, 3, 3), platform -> base) and the "
        "measured leg forces F (N, 6); `platform` is the model WITHOUT the payload, `model` its "
        "dynamics ('dasgupta' or 'improved'). Returns a dict: parameters, std (10: m, mx, my, mz, "
        "Ixx, Ixy, Iyy, Ixz, Iyz, Izz; platform frame, inertia about the platform-frame origin), names, "
        "mass, com (3), inertia (3x3, about the COM), inertia_origin (3x3), condition_number, "
        "scaled_condition_number, sigma (N, leg-force noise), residual_rms (6), samples, "
        "physical_problem ('' if physical), physically_consistent. ValueError naming the unexcited "
        "parameters, a bad sample and field, or too few samples.");
  const PlatformLogFilterOptions defaults;
  m.def("identify_payload",
        [](const StewartModel& platform, const py::object& log, const std::string& model,
           double excitation_tolerance, double sample_rate, int filter_order, double cutoff,
           double force_cutoff, int trim, int first, int last, int decimate) {
          PayloadIdentificationOptions o;
          o.model = dynamics_model_from(model, kWhere);
          o.excitation_tolerance = excitation_tolerance;
          return to_dict(identify_payload_from_log(
              platform, platform_log_from(log),
              filter_options(sample_rate, filter_order, cutoff, force_cutoff, trim, first, last, decimate), o));
        },
        py::arg("platform"), py::arg("log"), py::arg("model") = "improved",
        py::arg("excitation_tolerance") = 1e-6, "sample_rate"_a = defaults.sample_rate,
        "filter_order"_a = defaults.filter_order, "cutoff"_a = defaults.cutoff,
        "force_cutoff"_a = defaults.force_cutoff, "trim"_a = defaults.trim, "first"_a = defaults.first,
        "last"_a = defaults.last, "decimate"_a = defaults.decimate,
        "Identifies a payload fixed to the platform from a platform LOG (a CSV path, a PlatformLog or a "
        "dict of time, t, quaternion or rpy, F): prepare_platform_log with the filter keywords, then the "
        "sample-based identify_payload. Returns the same dict.");
  m.def("with_payload",
        [](const StewartModel& platform, const BodyParametersd& parameters, bool allow_invalid_inertia) {
          return with_payload(platform, parameters, allow_invalid_inertia);
        },
        py::arg("platform"), py::arg("parameters"), py::arg("allow_invalid_inertia") = false,
        "The platform with a payload of 10 parameters (order of identify_payload's) fixed to it: mass, "
        "COM and inertia combined into the platform's M, R0, I_p. ValueError for a non-physical payload "
        "or platform unless allow_invalid_inertia (then recorded in warnings).");
  m.def("payload_problem", [](const BodyParametersd& parameters) { return payload_problem(parameters); },
        py::arg("parameters"),
        "Why 10 payload parameters are not a physical body (mass <= 0, inertia about the COM not "
        "positive semi-definite or breaking the triangle inequality); '' if they are one.");
}

const bool registered = register_bindings(26, bind);

}  // namespace
}  // namespace manipdyn::python
