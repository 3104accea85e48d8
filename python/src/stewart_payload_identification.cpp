// Python bindings of the Stewart payload identification (`manipdyn.stewart.identify_payload`,
// `with_payload`, `payload_problem`; stewart/payload_identification.hpp): sampled motions as
// (N, 3) and (N, 3, 3) arrays and the leg forces as (N, 6) in, a dict out; bad input raises
// ValueError with the C++ message.
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "manipdyn/stewart/payload_identification.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using namespace manipdyn::stewart;
constexpr const char* kWhere = "identify_payload";

// `obj` as a C-ordered float64 array of shape (N, dims...) with N = `n` (or any N when n < 0).
py::array_t<double> samples_of(const py::handle& obj, const char* name, std::vector<py::ssize_t> dims,
                               py::ssize_t n) {
  py::array_t<double> a = as_float_array(obj, kWhere, name);
  bool fits = a.ndim() == static_cast<py::ssize_t>(dims.size()) + 1 && (n < 0 || a.shape(0) == n);
  for (std::size_t d = 0; fits && d < dims.size(); ++d) fits = a.shape(static_cast<py::ssize_t>(d) + 1) == dims[d];
  if (!fits) {
    std::string want = "(" + (n < 0 ? std::string("N") : std::to_string(n));
    for (py::ssize_t d : dims) want += ", " + std::to_string(d);
    throw std::invalid_argument(std::string(kWhere) + ": " + name + " must have shape " + want +
                                "), got " + shape_of(a));
  }
  return a;
}

// The N sampled motions from the arrays t, v, omega, a, alpha (N, 3) and R (N, 3, 3).
std::vector<PlatformMotion> motions_of(const py::handle& t, const py::handle& R, const py::handle& v,
                                       const py::handle& omega, const py::handle& a,
                                       const py::handle& alpha) {
  const auto T = samples_of(t, "t", {3}, -1);
  const py::ssize_t n = T.shape(0);
  const auto Rs = samples_of(R, "R", {3, 3}, n);
  const auto V = samples_of(v, "v", {3}, n), W = samples_of(omega, "omega", {3}, n);
  const auto A = samples_of(a, "a", {3}, n), Al = samples_of(alpha, "alpha", {3}, n);
  std::vector<PlatformMotion> out(static_cast<std::size_t>(n));
  const auto vec = [](const py::array_t<double>& x, py::ssize_t k) {
    return Vector3d(x.at(k, 0), x.at(k, 1), x.at(k, 2));
  };
  for (py::ssize_t k = 0; k < n; ++k) {
    PlatformMotion& m = out[static_cast<std::size_t>(k)];
    m.t = vec(T, k);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) m.R(r, c) = Rs.at(k, r, c);
    m.v = vec(V, k);
    m.omega = vec(W, k);
    m.a = vec(A, k);
    m.alpha = vec(Al, k);
  }
  return out;
}

py::dict to_dict(const PayloadIdentification& r) {
  py::dict out;
  out["mass"] = r.mass;
  out["com"] = r.com;
  out["inertia"] = r.inertia;
  out["inertia_origin"] = r.inertia_origin;
  out["parameters"] = r.parameters;
  out["std"] = r.std;
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

void bind(py::module_& root) {
  py::module_ m = root.attr("stewart").cast<py::module_>();
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
