#pragma once
/// \file dual.hpp
/// `Dual<N>`: a forward-mode automatic-differentiation scalar, a value and its derivatives along N
/// directions at once (first-order truncated Taylor arithmetic, Griewank & Walther, "Evaluating
/// Derivatives", 2nd ed. 2008, ch. 3). Run through a templated algorithm it gives the algorithm's
/// Jacobian along the N seeded directions, exact to rounding: `Dual<N>::variable(x, k)` is an input
/// x with derivative e_k. Fixed size: nothing is allocated. Branches of the algorithm follow the
/// values (math::value), so a derivative is that of the branch taken.
#include <array>
#include <cmath>
#include <iosfwd>
#include <ostream>

#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/scalar_num_traits.hpp"

namespace manipdyn {

/// A value v and its N directional derivatives d (forward mode).
template <int N>
struct Dual {
  double v = 0.0;              ///< value
  std::array<double, N> d{};   ///< derivatives along the N seeded directions

  constexpr Dual() = default;
  constexpr Dual(double x) : v(x) {}  // NOLINT: implicit, a constant has no derivative
  /// The input x with derivative e_k (0 <= k < N).
  static Dual variable(double x, int k) {
    Dual r(x);
    r.d[static_cast<std::size_t>(k)] = 1.0;
    return r;
  }
  explicit constexpr operator double() const { return v; }

  Dual& operator+=(const Dual& o) {
    v += o.v;
    for (int k = 0; k < N; ++k) d[k] += o.d[k];
    return *this;
  }
  Dual& operator-=(const Dual& o) {
    v -= o.v;
    for (int k = 0; k < N; ++k) d[k] -= o.d[k];
    return *this;
  }
  Dual& operator*=(const Dual& o) {
    for (int k = 0; k < N; ++k) d[k] = d[k] * o.v + v * o.d[k];
    v *= o.v;
    return *this;
  }
  Dual& operator/=(const Dual& o) {
    const double inv = 1.0 / o.v, r = v * inv;
    for (int k = 0; k < N; ++k) d[k] = (d[k] - r * o.d[k]) * inv;
    v = r;
    return *this;
  }
  Dual& operator*=(double s) {
    v *= s;
    for (int k = 0; k < N; ++k) d[k] *= s;
    return *this;
  }
  Dual operator-() const {
    Dual r;
    r.v = -v;
    for (int k = 0; k < N; ++k) r.d[k] = -d[k];
    return r;
  }
  Dual operator+() const { return *this; }
};

template <int N> Dual<N> operator+(Dual<N> a, const Dual<N>& b) { return a += b; }
template <int N> Dual<N> operator-(Dual<N> a, const Dual<N>& b) { return a -= b; }
template <int N> Dual<N> operator*(Dual<N> a, const Dual<N>& b) { return a *= b; }
template <int N> Dual<N> operator/(Dual<N> a, const Dual<N>& b) { return a /= b; }
template <int N> Dual<N> operator+(Dual<N> a, double b) { a.v += b; return a; }
template <int N> Dual<N> operator-(Dual<N> a, double b) { a.v -= b; return a; }
template <int N> Dual<N> operator*(Dual<N> a, double b) { return a *= b; }
template <int N> Dual<N> operator/(Dual<N> a, double b) { return a *= 1.0 / b; }
template <int N> Dual<N> operator+(double a, Dual<N> b) { b.v += a; return b; }
template <int N> Dual<N> operator-(double a, const Dual<N>& b) { return -b + a; }
template <int N> Dual<N> operator*(double a, Dual<N> b) { return b *= a; }
template <int N> Dual<N> operator/(double a, const Dual<N>& b) { return Dual<N>(a) /= b; }

template <int N> bool operator==(const Dual<N>& a, const Dual<N>& b) { return a.v == b.v; }
template <int N> bool operator!=(const Dual<N>& a, const Dual<N>& b) { return a.v != b.v; }
template <int N> bool operator<(const Dual<N>& a, const Dual<N>& b) { return a.v < b.v; }
template <int N> bool operator<=(const Dual<N>& a, const Dual<N>& b) { return a.v <= b.v; }
template <int N> bool operator>(const Dual<N>& a, const Dual<N>& b) { return a.v > b.v; }
template <int N> bool operator>=(const Dual<N>& a, const Dual<N>& b) { return a.v >= b.v; }

namespace detail {
/// f(x) with f'(x) = `slope`: the chain rule of every unary function below.
template <int N>
Dual<N> chain(const Dual<N>& x, double value, double slope) {
  Dual<N> r(value);
  for (int k = 0; k < N; ++k) r.d[k] = slope * x.d[k];
  return r;
}
}  // namespace detail

// Math functions, found by argument-dependent lookup from math:: and from Eigen.
template <int N> Dual<N> sqrt(const Dual<N>& x) {
  const double r = std::sqrt(x.v);
  return detail::chain(x, r, 0.5 / r);
}
template <int N> Dual<N> sin(const Dual<N>& x) { return detail::chain(x, std::sin(x.v), std::cos(x.v)); }
template <int N> Dual<N> cos(const Dual<N>& x) { return detail::chain(x, std::cos(x.v), -std::sin(x.v)); }
template <int N> Dual<N> tan(const Dual<N>& x) {
  const double t = std::tan(x.v);
  return detail::chain(x, t, 1.0 + t * t);
}
template <int N> Dual<N> tanh(const Dual<N>& x) {
  const double t = std::tanh(x.v);
  return detail::chain(x, t, 1.0 - t * t);
}
template <int N> Dual<N> exp(const Dual<N>& x) {
  const double e = std::exp(x.v);
  return detail::chain(x, e, e);
}
template <int N> Dual<N> log(const Dual<N>& x) { return detail::chain(x, std::log(x.v), 1.0 / x.v); }
/// |x| with the derivative sign(x) x' (0 at x = 0: the derivative of the smooth part).
template <int N> Dual<N> abs(const Dual<N>& x) {
  return detail::chain(x, std::abs(x.v), x.v > 0 ? 1.0 : (x.v < 0 ? -1.0 : 0.0));
}
template <int N> Dual<N> acos(const Dual<N>& x) {
  return detail::chain(x, std::acos(x.v), -1.0 / std::sqrt(1.0 - x.v * x.v));
}
template <int N> Dual<N> asin(const Dual<N>& x) {
  return detail::chain(x, std::asin(x.v), 1.0 / std::sqrt(1.0 - x.v * x.v));
}
template <int N> Dual<N> atan2(const Dual<N>& y, const Dual<N>& x) {
  Dual<N> r(std::atan2(y.v, x.v));
  const double inv = 1.0 / (x.v * x.v + y.v * y.v);
  for (int k = 0; k < N; ++k) r.d[k] = (x.v * y.d[k] - y.v * x.d[k]) * inv;
  return r;
}
/// Finite value and derivatives.
template <int N> bool isfinite(const Dual<N>& x) {
  bool ok = std::isfinite(x.v);
  for (int k = 0; k < N; ++k) ok = ok && std::isfinite(x.d[k]);
  return ok;
}
template <int N> bool isnan(const Dual<N>& x) { return std::isnan(x.v); }
template <int N> bool isinf(const Dual<N>& x) { return std::isinf(x.v); }
template <int N> std::ostream& operator<<(std::ostream& os, const Dual<N>& x) { return os << x.v; }

}  // namespace manipdyn

namespace Eigen {
template <int N>
struct NumTraits<manipdyn::Dual<N>> : manipdyn::DoubleLikeNumTraits<manipdyn::Dual<N>> {};
template <int N, typename BinaryOp>
struct ScalarBinaryOpTraits<manipdyn::Dual<N>, double, BinaryOp> {
  using ReturnType = manipdyn::Dual<N>;
};
template <int N, typename BinaryOp>
struct ScalarBinaryOpTraits<double, manipdyn::Dual<N>, BinaryOp> {
  using ReturnType = manipdyn::Dual<N>;
};
}  // namespace Eigen
