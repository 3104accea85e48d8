// Python bindings of the analytic derivatives of a serial arm's dynamics (serial/derivatives.hpp;
// order 30, after the serial part that binds SerialModel): tuples of (n, n) NumPy float64 arrays;
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

py::tuple py_inverse_dynamics_derivatives(const SerialModel& model, const py::handle& q,
                                          const py::handle& qd, const py::handle& qdd,
                                          const py::object& gravity, const py::object& f_ext) {
  const std::string w = "inverse_dynamics_derivatives";
  const Vector3d g = gravity.is_none() ? model.gravity : as_fixed<3>(gravity, w, "gravity");
  const Vector6d f = f_ext.is_none() ? Vector6d::Zero() : as_fixed<6>(f_ext, w, "f_ext");
  DerivativesData data(model);
  inverse_dynamics_derivatives<double>(model, data, as_vector(q, w, "q"), as_vector(qd, w, "qd"),
                                       as_vector(qdd, w, "qdd"), g, f);
  return py::make_tuple(data.dtau_dq, data.dtau_dqd, data.dtau_dqdd);
}

py::tuple py_forward_dynamics_derivatives(const SerialModel& model, const py::handle& q,
                                          const py::handle& qd, const py::handle& tau,
                                          const py::object& gravity, const py::object& f_ext) {
  const std::string w = "forward_dynamics_derivatives";
  const Vector3d g = gravity.is_none() ? model.gravity : as_fixed<3>(gravity, w, "gravity");
  const Vector6d f = f_ext.is_none() ? Vector6d::Zero() : as_fixed<6>(f_ext, w, "f_ext");
  DerivativesData data(model);
  forward_dynamics_derivatives<double>(model, data, as_vector(q, w, "q"), as_vector(qd, w, "qd"),
                                       as_vector(tau, w, "tau"), g, f);
  return py::make_tuple(data.dqdd_dq, data.dqdd_dqd, data.dqdd_dtau);
}

void bind_derivatives(py::module_& m) {
  m.def("inverse_dynamics_derivatives", &py_inverse_dynamics_derivatives, "model"_a, "q"_a,
        "qd"_a, "qdd"_a, "gravity"_a = py::none(), "f_ext"_a = py::none(),
        R"doc(Analytic derivatives of inverse_dynamics: (dtau_dq, dtau_dqd, dtau_dqdd), (n, n) each.

Column j is the derivative with respect to the j-th entry (dtau_dq[i, j] = d tau_i / d q_j);
dtau_dqdd is the mass matrix M(q) (with G^2 Jm). Drive terms included: viscous friction, and
the derivative of the smooth (tanh) Coulomb model; the switching sign(qd) model contributes
zero. f_ext (6) = [f; n] exerted by the end-effector on the environment, end-effector frame,
held constant in that frame. Carpentier & Mansard, RSS 2018 (docs/derivatives.md).)doc");
  m.def("forward_dynamics_derivatives", &py_forward_dynamics_derivatives, "model"_a, "q"_a,
        "qd"_a, "tau"_a, "gravity"_a = py::none(), "f_ext"_a = py::none(),
        R"doc(Analytic derivatives of forward_dynamics: (dqdd_dq, dqdd_dqd, dqdd_dtau), (n, n) each.

dqdd_dx = -M^-1 dtau_dx at qdd = forward_dynamics(q, qd, tau); dqdd_dtau = M^-1 (one Cholesky
factorisation of M). Conventions as inverse_dynamics_derivatives.)doc");
}

const bool registered = register_bindings(30, &bind_derivatives);

}  // namespace
}  // namespace manipdyn::python
