// Python bindings of the batch functions (serial/batch.hpp): NumPy (N, nq) configurations and
// (N, nv) velocities, accelerations or torques in (nq = nv = n joints on a fixed root; 7 + n and
// 6 + n on a free-flyer), (N, nv) or (N, nv, nv) arrays out, no Python loop; the GIL is released while the rows are computed (on
// `threads` threads). Inputs are converted once to C-ordered float64 (no copy when they already
// are); the outputs are new arrays, their size checked (kMaxBatchBytes) before allocating.
#include <array>
#include <string>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "manipdyn/core/batch_rows.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/stewart/batch.hpp"
#include "convert.hpp"
#include "registry.hpp"

namespace py = pybind11;

namespace manipdyn::python {
namespace {

using ConstRows = Eigen::Map<const RowMatrixXd>;
using Rows = Eigen::Map<RowMatrixXd>;
using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// `obj` as a C-ordered float64 2-D array; "where: name must be a 2-D array (N, n), got shape
/// (6,)" otherwise.
Array as_rows(const py::handle& obj, const std::string& where, const std::string& name) {
  Array a = as_float_array(obj, where, name);
  if (a.ndim() != 2)
    throw std::invalid_argument(where + ": " + name + " must be a 2-D array (N, n), got shape " +
                                shape_of(a));
  return a;
}

ConstRows rows_of(const Array& a) { return ConstRows(a.data(), a.shape(0), a.shape(1)); }

/// A new (N, cols) array, or (N, n, n) for `square` n, after the size check.
Array new_output(const std::string& where, const std::string& name, py::ssize_t N, int n,
                 bool square) {
  const double cols = square ? static_cast<double>(n) * n : n;
  check_batch_size(where, name, static_cast<double>(N), cols);
  if (square) return Array({N, static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(n)});
  return Array({N, static_cast<py::ssize_t>(n)});
}

/// A new output as new_output() makes it, filled by `compute(rows)` (its rows as an (N, n) or
/// (N, n * n) map) with the GIL released.
template <class Compute>
Array computed_output(const std::string& where, const std::string& name, py::ssize_t N, int n,
                      bool square, Compute&& compute) {
  Array result = new_output(where, name, N, n, square);
  Rows out(result.mutable_data(), N, square ? static_cast<Eigen::Index>(n) * n : n);
  {
    py::gil_scoped_release release;
    compute(out);
  }
  return result;
}

Array py_inverse_dynamics_batch(const SerialModel& model, const py::object& q,
                                const py::object& qd, const py::object& qdd, int threads,
                                const std::string& method) {
  const std::string where = "inverse_dynamics_batch";
  const BatchOptions options{.threads = threads,
                             .inverse_dynamics_method = inverse_dynamics_method_from_string(method)};
  const Array qa = as_rows(q, where, "q"), qda = as_rows(qd, where, "qd"),
              qdda = as_rows(qdd, where, "qdd");
  return computed_output(where, "tau", qa.shape(0), model.nv(), false, [&](Rows& out) {
    inverse_dynamics_batch(model, rows_of(qa), rows_of(qda), rows_of(qdda), out, options);
  });
}

Array py_mass_matrix_batch(const SerialModel& model, const py::object& q, int threads) {
  const std::string where = "mass_matrix_batch";
  const int n = model.nv();
  const Array qa = as_rows(q, where, "q");
  return computed_output(where, "M", qa.shape(0), n, true, [&](Rows& out) {
    mass_matrix_batch(model, rows_of(qa), out, {.threads = threads});
  });
}

Array py_gravity_torques_batch(const SerialModel& model, const py::object& q, int threads) {
  const std::string where = "gravity_torques_batch";
  const Array qa = as_rows(q, where, "q");
  return computed_output(where, "G", qa.shape(0), model.nv(), false, [&](Rows& out) {
    gravity_torques_batch(model, rows_of(qa), out, {.threads = threads});
  });
}

Array py_forward_dynamics_batch(const SerialModel& model, const py::object& q,
                                const py::object& qd, const py::object& tau, int threads,
                                const std::string& method) {
  const std::string where = "forward_dynamics_batch";
  const BatchOptions options{.threads = threads,
                             .forward_dynamics_method = forward_dynamics_method_from_string(method)};
  const Array qa = as_rows(q, where, "q"), qda = as_rows(qd, where, "qd"),
              taua = as_rows(tau, where, "tau");
  return computed_output(where, "qdd", qa.shape(0), model.nv(), false, [&](Rows& out) {
    forward_dynamics_batch(model, rows_of(qa), rows_of(qda), rows_of(taua), out, options);
  });
}

/// The three (N, n, n) derivative arrays of `batch(model, q, qd, third, D1, D2, D3, options)`
/// (inverse_ or forward_dynamics_derivatives_batch), named `names`, with the GIL released.
template <class Batch>
py::tuple derivatives_batch(const SerialModel& model, const std::string& where,
                            const py::object& q, const py::object& qd, const py::object& third,
                            const std::string& third_name,
                            const std::array<std::string, 3>& names, int threads,
                            const std::string& simd, Batch&& batch) {
  const BatchOptions options{.threads = threads,
                             .simd = from_string<BatchSimd>(simd, where, "simd")};
  const int n = model.nv();
  const Array qa = as_rows(q, where, "q"), qda = as_rows(qd, where, "qd"),
              thirda = as_rows(third, where, third_name);
  const py::ssize_t N = qa.shape(0);
  std::array<Array, 3> out{new_output(where, names[0], N, n, true),
                           new_output(where, names[1], N, n, true),
                           new_output(where, names[2], N, n, true)};
  const Eigen::Index cols = static_cast<Eigen::Index>(n) * n;
  Rows D1(out[0].mutable_data(), N, cols), D2(out[1].mutable_data(), N, cols),
      D3(out[2].mutable_data(), N, cols);
  {
    py::gil_scoped_release release;
    batch(model, rows_of(qa), rows_of(qda), rows_of(thirda), D1, D2, D3, options);
  }
  return py::make_tuple(out[0], out[1], out[2]);
}

py::tuple py_inverse_dynamics_derivatives_batch(const SerialModel& model, const py::object& q,
                                                const py::object& qd, const py::object& qdd,
                                                int threads, const std::string& simd) {
  return derivatives_batch(
      model, "inverse_dynamics_derivatives_batch", q, qd, qdd, "qdd",
      {"dtau_dq", "dtau_dqd", "dtau_dqdd"}, threads, simd,
      [](const SerialModel& m, RowsIn a, RowsIn b, RowsIn c, RowsOut d1, RowsOut d2, RowsOut d3,
         const BatchOptions& o) { inverse_dynamics_derivatives_batch(m, a, b, c, d1, d2, d3, o); });
}

py::tuple py_forward_dynamics_derivatives_batch(const SerialModel& model, const py::object& q,
                                                const py::object& qd, const py::object& tau,
                                                int threads, const std::string& simd) {
  return derivatives_batch(
      model, "forward_dynamics_derivatives_batch", q, qd, tau, "tau",
      {"dqdd_dq", "dqdd_dqd", "dqdd_dtau"}, threads, simd,
      [](const SerialModel& m, RowsIn a, RowsIn b, RowsIn c, RowsOut d1, RowsOut d2, RowsOut d3,
         const BatchOptions& o) { forward_dynamics_derivatives_batch(m, a, b, c, d1, d2, d3, o); });
}

Array py_regressor_batch(const SerialModel& model, const py::object& q, const py::object& qd,
                         const py::object& qdd, const py::object& gravity, int threads) {
  const std::string where = "regressor_batch";
  const int n = model.nv();  // the rows of one state's Y: n joints on a fixed root
  const Array qa = as_rows(q, where, "q"), qda = as_rows(qd, where, "qd"),
              qdda = as_rows(qdd, where, "qdd");
  const py::ssize_t N = qa.shape(0), p = 14 * static_cast<py::ssize_t>(model.dof());
  // another gravity than the model's: the same arm with that gravity (the batch layer reads it)
  const SerialModel with_g =
      gravity.is_none() ? SerialModel() : model.with_gravity(as_fixed<3>(gravity, where, "gravity"));
  const SerialModel& arm = gravity.is_none() ? model : with_g;
  check_batch_size(where, "W", static_cast<double>(N) * n, static_cast<double>(p));
  Array result({N, static_cast<py::ssize_t>(n), p});
  Rows W(result.mutable_data(), N * n, p);
  {
    py::gil_scoped_release release;
    joint_torque_regressor_batch(arm, rows_of(qa), rows_of(qda), rows_of(qdda), W,
                                 {.threads = threads});
  }
  return result;
}

Array py_stewart_inverse_dynamics_batch(const stewart::StewartModel& platform,
                                        const py::object& motion, const std::string& model,
                                        int threads) {
  const std::string where = "inverse_dynamics_batch";
  stewart::StewartBatchOptions options;
  options.threads = threads;
  options.model = dynamics_model_from(model, where);
  const Array ma = as_rows(motion, where, "motion");
  return computed_output(where, "F", ma.shape(0), 6, false, [&](Rows& out) {
    stewart::inverse_dynamics_batch(platform, rows_of(ma), out, options);
  });
}

// After the serial part (10) and simulation (30): SerialModel is bound.
const bool registered = register_bindings(40, [](py::module_& m) {
  using namespace pybind11::literals;
  m.def("inverse_dynamics_batch", &py_inverse_dynamics_batch, "model"_a, "q"_a, "qd"_a, "qdd"_a,
        "threads"_a = 0, "method"_a = "fastest",
        R"doc(Inverse dynamics over N states: tau (N, nv), row i = inverse_dynamics(model, q[i],
qd[i], qdd[i], method=method) bit for bit (model gravity, no external wrench).

q: (N, nq), qd, qdd: (N, nv) (n joints on a fixed root, a chain or a tree; on a free-flyer
nq = 7 + n with each row's quaternion unit, nv = 6 + n, tau's first six the base wrench; the
textbook methods take chains only). threads: 0 = one per hardware thread; the result does not depend on it.
The GIL is released during the computation.)doc");
  m.def("mass_matrix_batch", &py_mass_matrix_batch, "model"_a, "q"_a, "threads"_a = 0,
        "M(q) over N states: (N, nv, nv), M[i] = mass_matrix(model, q[i]); q: (N, nq) (nq = nv "
        "= n on a fixed root; 7 + n and 6 + n on a free-flyer).");
  m.def("gravity_torques_batch", &py_gravity_torques_batch, "model"_a, "q"_a, "threads"_a = 0,
        "G(q) over N states: (N, nv), row i = gravity_torques(model, q[i]); q: (N, nq) (nq = nv "
        "= n on a fixed root; 7 + n and 6 + n on a free-flyer).");
  m.def("forward_dynamics_batch", &py_forward_dynamics_batch, "model"_a, "q"_a, "qd"_a, "tau"_a,
        "threads"_a = 0, "method"_a = "fastest",
        "Forward dynamics over N states: qdd (N, nv), row i = forward_dynamics(model, q[i], qd[i], "
        "tau[i], method=method) (model gravity, no external wrench); q: (N, nq), qd, tau: (N, nv) "
        "(n on a fixed root; 7 + n and 6 + n on a free-flyer; strobing takes chains only).");
  m.def("inverse_dynamics_derivatives_batch", &py_inverse_dynamics_derivatives_batch, "model"_a,
        "q"_a, "qd"_a, "qdd"_a, "threads"_a = 0, "simd"_a = "exact",
        R"doc(The derivatives of the inverse dynamics over N states: a tuple (dtau_dq, dtau_dqd,
dtau_dqdd) of three (N, n, n) arrays, [i] = inverse_dynamics_derivatives(model, q[i], qd[i],
qdd[i]) bit for bit (model gravity, no external wrench).

q, qd, qdd: (N, n). threads: 0 = one per hardware thread; the result does not depend on it.
simd: "exact" (default) or "fast" run 4 (AVX2) or 8 (AVX-512) states in the lanes of one call
where the CPU has them, bit for bit the same numbers; "off" one state per call. The GIL is
released during the computation.)doc");
  m.def("forward_dynamics_derivatives_batch", &py_forward_dynamics_derivatives_batch, "model"_a,
        "q"_a, "qd"_a, "tau"_a, "threads"_a = 0, "simd"_a = "exact",
        R"doc(The derivatives of the forward dynamics over N states: a tuple (dqdd_dq, dqdd_dqd,
dqdd_dtau) of three (N, n, n) arrays, [i] = forward_dynamics_derivatives(model, q[i], qd[i],
tau[i]) bit for bit (model gravity, no external wrench; dqdd_dtau = M^-1).

q, qd, tau: (N, n). threads: 0 = one per hardware thread; the result does not depend on it.
simd: "exact" (default) or "fast" run 4 or 8 states in the lanes of one call where the CPU has
them (n <= 24), bit for bit the same numbers; "off" one state per call. The GIL is released
during the computation.)doc");
  m.def("regressor_batch", &py_regressor_batch, "model"_a, "q"_a, "qd"_a, "qdd"_a,
        "gravity"_a = py::none(), "threads"_a = 0,
        R"doc(The joint-torque regressor over N states: (N, n, 14 n), [k] = regressor(model, q[k],
qd[k], qdd[k], gravity) bit for bit; reshaped to (N n, 14 n) it is the observation matrix of
identification (rows k n .. k n + n - 1 are state k).

q, qd, qdd: (N, n). gravity: world frame, None = the model's. threads: 0 = one per hardware
thread; the result does not depend on it. The GIL is released during the computation.)doc");
  // The Stewart part (bound at 20) has its submodule already.
  py::module_ stewart = m.attr("stewart");
  stewart.def("inverse_dynamics_batch", &py_stewart_inverse_dynamics_batch, "platform"_a,
              "motion"_a, "model"_a = "dasgupta", "threads"_a = 0,
              R"doc(Actuator forces over N platform motions: F (N, 6), row i = inverse_dynamics(
platform, t, rpy=rpy, v=v, omega=omega, a=a, alpha=alpha, model=model)["F"] bit for bit (no
external wrench). motion: (N, 18), columns t (3), rpy (3), v, omega, a, alpha (3 each), base
frame. threads: 0 = one per hardware thread. The GIL is released during the computation.)doc");
});

}  // namespace
}  // namespace manipdyn::python
