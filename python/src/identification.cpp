// Python bindings of identification's building blocks: the standard parameter vector
// (identification/parameters.hpp) and the joint-torque and energy regressors
// (serial/regressor.hpp). NumPy arrays in and out; errors as ValueError naming the argument.
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "convert.hpp"
#include "registry.hpp"
#include "workspace.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

Vector3d gravity_of(const SerialModel& model, const py::object& gravity, const std::string& where) {
  return gravity.is_none() ? model.gravity : as_fixed<3>(gravity, where, "gravity");
}

MatrixXd py_regressor(const SerialModel& model, const py::object& q, const py::object& qd,
                      const py::object& qdd, const py::object& gravity) {
  const std::string where = "regressor";
  const VectorXd qv = as_vector(q, where, "q"), qdv = as_vector(qd, where, "qd"),
                 qddv = as_vector(qdd, where, "qdd");
  const Vector3d g = gravity_of(model, gravity, where);
  return joint_torque_regressor<double>(model, workspace_for(model), qv, qdv, qddv, g);
}

VectorXd py_energy_regressor(const SerialModel& model, const py::object& q, const py::object& qd,
                             const py::object& gravity) {
  const std::string where = "energy_regressor";
  const VectorXd qv = as_vector(q, where, "q"), qdv = as_vector(qd, where, "qd");
  const Vector3d g = gravity_of(model, gravity, where);
  return energy_regressor<double>(model, workspace_for(model), qv, qdv, g);
}

SerialModel py_model_with_standard_parameters(const SerialModel& model, const py::object& pi,
                                              bool allow_invalid_inertia) {
  return model_with_standard_parameters(
      model, as_vector(pi, "model_with_standard_parameters", "pi"), allow_invalid_inertia);
}

// After the serial part (10): SerialModel is bound.
const bool registered = register_bindings(40, [](py::module_& m) {
  using namespace pybind11::literals;
  m.def("regressor", &py_regressor, "model"_a, "q"_a, "qd"_a, "qdd"_a, "gravity"_a = py::none(),
        R"doc(The joint-torque regressor Y (n, 14 n): Y @ standard_parameters(model) equals
inverse_dynamics(model, q, qd, qdd, gravity=gravity) (with the drive terms, no external wrench).

Columns 10 i .. 10 i + 9: link i + 1's [m, mx, my, mz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz] (first moment
and inertia about the frame origin, in frame i + 1 of the model's own DH convention); columns
10 n + 4 j .. 10 n + 4 j + 3: joint j + 1's drive [Ia, Fv, Fc, Fo] (qdd, qd, sign(qd), 1 if
qd != 0). q, qd, qdd: (n,); gravity: world frame, None = the model's. A chain or a tree on a fixed
root (a tree's link columns are zero in the rows of the joints that do not support the link; its
frames are Khalil & Kleinfinger's, frame i + 1 on joint i + 1); a free-flyer raises ValueError.)doc");
  m.def("energy_regressor", &py_energy_regressor, "model"_a, "q"_a, "qd"_a,
        "gravity"_a = py::none(),
        "The energy regressor e (10 n,): e @ standard_parameters(model)[:10 n] is the kinetic "
        "plus potential energy (J) of the rigid arm or fixed-root tree at (q, qd).");
  m.def("standard_parameters", &standard_parameters, "model"_a,
        R"doc(The model's standard parameters pi (14 n,): per link [m, mx, my, mz, Ixx, Ixy, Iyy,
Ixz, Iyz, Izz] (kg, kg m, kg m^2; inertia about the frame origin, frame of the model's own DH
convention), then per joint [Ia, Fv, Fc, Fo] = G^2 Jm, G^2 B, |G| (Tc+ - Tc-)/2,
|G| (Tc+ + Tc-)/2.)doc");
  m.def("standard_parameter_names", py::overload_cast<const SerialModel&>(&standard_parameter_names), "model"_a,
        "The names of the entries of standard_parameters(model): 'm_1', 'mx_1', ..., 'Fo_n'.");
  m.def("model_with_standard_parameters", &py_model_with_standard_parameters, "model"_a, "pi"_a,
        "allow_invalid_inertia"_a = false,
        R"doc(The model with the inertial and drive data of pi (14 n,) and the kinematics, limits,
base, tool and gravity of `model`: com = h / m, inertia about the COM by the parallel-axis theorem,
gear ratio 1, motor_inertia Ia, viscous Fv, coulomb (Fc + Fo, Fo - Fc). Raises ValueError for a
pi of another size or with a NaN (named), a first moment without mass, and what the model
builder refuses (an inertia that is not physical unless allow_invalid_inertia).)doc");
});

}  // namespace
}  // namespace manipdyn::python
