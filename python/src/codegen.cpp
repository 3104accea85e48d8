// Python binding of code generation (order 45, after SerialModel): generate_code(model, ...)
// returns the C++ header `manipdyn codegen` writes (codegen/generate.hpp, docs/codegen.md) and
// the operations of each generated function.
#include <string>

#include <pybind11/stl.h>

#include "manipdyn/codegen/generate.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {

py::tuple generate_code(const SerialModel& model, const std::string& name_space,
                        bool inverse_dynamics, bool mass_matrix, bool gravity_torques,
                        bool inverse_dynamics_derivatives, bool forward_dynamics_derivatives) {
  codegen::CodegenOptions options;
  options.name_space = name_space;
  options.inverse_dynamics = inverse_dynamics;
  options.mass_matrix = mass_matrix;
  options.gravity_torques = gravity_torques;
  options.inverse_dynamics_derivatives = inverse_dynamics_derivatives;
  options.forward_dynamics_derivatives = forward_dynamics_derivatives;
  const codegen::GeneratedCode code = codegen::generate_dynamics_code(model, options);
  py::dict counts;
  for (const auto& f : code.functions)
    counts[py::str(f.name)] = py::dict("mul"_a = f.mul, "add"_a = f.add, "div"_a = f.div,
                                       "sqrt"_a = f.sqrt, "sincos"_a = f.sincos,
                                       "select"_a = f.select);
  return py::make_tuple(code.source, counts);
}

const bool registered = register_bindings(45, [](py::module_& m) {
  m.def("generate_code", &generate_code, "model"_a, "namespace"_a = "manipdyn_generated",
        "inverse_dynamics"_a = true, "mass_matrix"_a = true, "gravity_torques"_a = true,
        "inverse_dynamics_derivatives"_a = false, "forward_dynamics_derivatives"_a = false,
        "The arm's default inverse dynamics, mass matrix and gravity torques as a C++ header of "
        "straight-line functions with the model's constants folded in (what `manipdyn codegen` "
        "writes; equal to the library's calls bit for bit, docs/codegen.md); with "
        "inverse_dynamics_derivatives=True also inverse_dynamics_derivatives(q, qd, qdd, "
        "dtau_dq, dtau_dqd, dtau_dqdd) (column-major n x n each); with "
        "forward_dynamics_derivatives=True also bool forward_dynamics_derivatives(q, qd, tau, "
        "qdd, dqdd_dq, dqdd_dqd, dqdd_dtau) (false where M is not positive definite; at most 24 "
        "joints). Returns (source, counts): the header's text and, per function, its mul, add, "
        "div, sqrt, sincos and select counts. ValueError for a namespace that is not a C++ "
        "identifier, or forward_dynamics_derivatives of more than 24 joints.");
});

}  // namespace
}  // namespace manipdyn::python
