// Python bindings of the analytic derivatives of a serial arm's dynamics (serial/derivatives.hpp;
// order 30, after the serial part that binds SerialModel): tuples of (nv, nv) NumPy float64 arrays
// (chains, trees and free-flyers);
// bad input raises ValueError with the C++ message.
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>

#include "manipdyn/serial/derivatives.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

// One of the derivative functions, `where`, at (q, qd, third) with the parsed gravity and f_ext
// (defaults: the model's gravity, no wrench); `outputs` picks its three results from the Data.
template <typename Call, typename Outputs>
py::tuple derivatives(const std::string& where, const char* third_name, const SerialModel& model,
                      const py::handle& q, const py::handle& qd, const py::handle& third,
                      const py::object& gravity, const py::object& f_ext, Call call,
                      Outputs outputs) {
  const Vector3d g = gravity.is_none() ? model.gravity : as_fixed<3>(gravity, where, "gravity");
  const Vector6d f = f_ext.is_none() ? Vector6d::Zero() : as_fixed<6>(f_ext, where, "f_ext");
  DerivativesData data(model);
  call(model, data, as_vector(q, where, "q"), as_vector(qd, where, "qd"),
       as_vector(third, where, third_name), g, f);
  return outputs(data);
}

py::tuple py_inverse_dynamics_derivatives(const SerialModel& model, const py::handle& q,
                                          const py::handle& qd, const py::handle& qdd,
                                          const py::object& gravity, const py::object& f_ext,
                                          const py::object& f_links) {
  if (!f_links.is_none()) {
    const std::string where = "inverse_dynamics_derivatives";
    const MatrixXd fl = as_matrix(f_links, where, "f_links");
    return derivatives(
        where, "qdd", model, q, qd, qdd, gravity, f_ext,
        [&](auto&&... a) { inverse_dynamics_derivatives<double>(a..., fl); },
        [](const DerivativesData& d) {
          return py::make_tuple(d.dtau_dq, d.dtau_dqd, d.dtau_dqdd);
        });
  }
  return derivatives(
      "inverse_dynamics_derivatives", "qdd", model, q, qd, qdd, gravity, f_ext,
      [](auto&&... a) { inverse_dynamics_derivatives<double>(a...); },
      [](const DerivativesData& d) { return py::make_tuple(d.dtau_dq, d.dtau_dqd, d.dtau_dqdd); });
}

py::tuple py_forward_dynamics_derivatives(const SerialModel& model, const py::handle& q,
                                          const py::handle& qd, const py::handle& tau,
                                          const py::object& gravity, const py::object& f_ext) {
  return derivatives(
      "forward_dynamics_derivatives", "tau", model, q, qd, tau, gravity, f_ext,
      [](auto&&... a) { forward_dynamics_derivatives<double>(a...); },
      [](const DerivativesData& d) { return py::make_tuple(d.dqdd_dq, d.dqdd_dqd, d.dqdd_dtau); });
}

void bind_derivatives(py::module_& m) {
  m.def("inverse_dynamics_derivatives", &py_inverse_dynamics_derivatives, "model"_a, "q"_a,
        "qd"_a, "qdd"_a, "gravity"_a = py::none(), "f_ext"_a = py::none(),
        "f_links"_a = py::none(),
        R"doc(Analytic derivatives of inverse_dynamics: (dtau_dq, dtau_dqd, dtau_dqdd), (nv, nv) each.

Column j is the derivative with respect to the j-th entry (dtau_dq[i, j] = d tau_i / d q_j);
q has model.nq entries, qd and qdd model.nv. On a free-flyer, dtau_dq is the derivative in the
tangent space of the configuration group: column k = d/deps tau(integrate(q, eps e_k)) at 0.
Takes chains, trees and free-flyers.
dtau_dqdd is the mass matrix M(q) (with G^2 Jm). Drive terms included: viscous friction, and
the derivative of the smooth (tanh) Coulomb model; the switching sign(qd) model contributes
zero. f_ext (6) = [f; n] exerted by the end-effector on the environment, end-effector frame,
held constant in that frame. f_links (6, n joints): the wrenches the links exert on the
environment, as inverse_dynamics' f_links, held constant in the link frames. Carpentier &
Mansard, RSS 2018 (docs/derivatives.md).)doc");
  m.def("forward_dynamics_derivatives", &py_forward_dynamics_derivatives, "model"_a, "q"_a,
        "qd"_a, "tau"_a, "gravity"_a = py::none(), "f_ext"_a = py::none(),
        R"doc(Analytic derivatives of forward_dynamics: (dqdd_dq, dqdd_dqd, dqdd_dtau), (nv, nv) each.

dqdd_dx = -M^-1 dtau_dx at qdd = forward_dynamics(q, qd, tau); dqdd_dtau = M^-1 (one Cholesky
factorisation of M). Conventions as inverse_dynamics_derivatives.)doc");
}

const bool registered = register_bindings(30, &bind_derivatives);

}  // namespace
}  // namespace manipdyn::python
