#pragma once
/// \file platform_samples.hpp
/// N sampled platform motions from NumPy arrays (t, v, omega, a, alpha (N, 3); R (N, 3, 3)), shared
/// by the payload identification of the Stewart platform (manipdyn.stewart.identify_payload) and
/// of the parallel robots (manipdyn.parallel.identify_payload).
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "convert.hpp"
#include "manipdyn/core/platform_motion.hpp"

namespace manipdyn::python {

/// `obj` as a C-ordered float64 array of shape (N, dims...) with N = `n` (or any N when n < 0);
/// std::invalid_argument "<where>: <name> must have shape (...), got (...)" otherwise.
inline pybind11::array_t<double> platform_samples(const char* where, const pybind11::handle& obj, const char* name,
                                                  std::vector<pybind11::ssize_t> dims, pybind11::ssize_t n) {
  pybind11::array_t<double> a = as_float_array(obj, where, name);
  bool fits = a.ndim() == static_cast<pybind11::ssize_t>(dims.size()) + 1 && (n < 0 || a.shape(0) == n);
  for (std::size_t d = 0; fits && d < dims.size(); ++d)
    fits = a.shape(static_cast<pybind11::ssize_t>(d) + 1) == dims[d];
  if (!fits) {
    std::string want = "(" + (n < 0 ? std::string("N") : std::to_string(n));
    for (pybind11::ssize_t d : dims) want += ", " + std::to_string(d);
    throw std::invalid_argument(std::string(where) + ": " + name + " must have shape " + want + "), got " +
                                shape_of(a));
  }
  return a;
}

/// The N sampled motions from the arrays t, v, omega, a, alpha (N, 3) and R (N, 3, 3).
inline std::vector<PlatformMotion> platform_motions(const char* where, const pybind11::handle& t,
                                                    const pybind11::handle& R, const pybind11::handle& v,
                                                    const pybind11::handle& omega, const pybind11::handle& a,
                                                    const pybind11::handle& alpha) {
  const auto T = platform_samples(where, t, "t", {3}, -1);
  const pybind11::ssize_t n = T.shape(0);
  const auto Rs = platform_samples(where, R, "R", {3, 3}, n);
  const auto V = platform_samples(where, v, "v", {3}, n), W = platform_samples(where, omega, "omega", {3}, n);
  const auto A = platform_samples(where, a, "a", {3}, n), Al = platform_samples(where, alpha, "alpha", {3}, n);
  std::vector<PlatformMotion> out(static_cast<std::size_t>(n));
  const auto vec = [](const pybind11::array_t<double>& x, pybind11::ssize_t k) {
    return Vector3d(x.at(k, 0), x.at(k, 1), x.at(k, 2));
  };
  for (pybind11::ssize_t k = 0; k < n; ++k) {
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

}  // namespace manipdyn::python
