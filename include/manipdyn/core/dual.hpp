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

/// A value and its N directional derivatives (forward mode). Storage: x[0] the value, x[1 + k] the
/// derivative along direction k, padded to an even count; every operation is one loop over all of
/// x with masks instead of separate value and derivative updates, so that it vectorises without
/// scalar stores that a following vector load would stall on (the Stewart inverse dynamics'
/// derivatives ran 3.6x faster than with a separate value and derivative array, 21 us vs 76 us).
template <int N>
struct Dual {
  static constexpr int kSize = N + 1 + (N + 1) % 2;  ///< stored doubles (value, derivatives, padding)
  alignas(16) std::array<double, kSize> x{};          ///< x[0] value, x[1 + k] d/dz_k, padding 0

  /// 1 at the value, 0 elsewhere; and its complement over the derivatives (padding 0).
  static constexpr std::array<double, kSize> value_mask() {
    std::array<double, kSize> m{};
    m[0] = 1.0;
    return m;
  }
  static constexpr std::array<double, kSize> derivative_mask() {
    std::array<double, kSize> m{};
    for (int k = 1; k <= N; ++k) m[static_cast<std::size_t>(k)] = 1.0;
    return m;
  }

  constexpr Dual() = default;
  /// A constant c (no derivative). Written c * [1, 0, ...] so that it stays one vector store.
  MANIPDYN_ALWAYS_INLINE Dual(double c) {  // NOLINT: implicit, as a literal is a constant
    constexpr std::array<double, kSize> e0 = value_mask();
    for (std::size_t i = 0; i < kSize; ++i) x[i] = c * e0[i];
  }
  /// The input c with derivative e_k (0 <= k < N).
  /// One direction: the value c with derivative d.
  Dual(double c, double d)
    requires(N == 1)
      : Dual(c) {
    x[1] = d;
  }
  static Dual variable(double c, int k) {
    Dual r(c);
    r.set_derivative(k, 1.0);
    return r;
  }
  double value() const { return x[0]; }
  /// d/dz_k (0 <= k < N).
  double derivative(int k = 0) const { return x[static_cast<std::size_t>(k + 1)]; }
  /// Whether the value and every derivative are zero.
  bool all_zero() const {
    bool zero = true;
    for (std::size_t i = 0; i < kSize; ++i) zero = zero && x[i] == 0.0;
    return zero;
  }
  /// Sets d/dz_k (0 <= k < N) to dk (seeding an input along a direction).
  void set_derivative(int k, double dk) { x[static_cast<std::size_t>(k + 1)] = dk; }
  explicit constexpr operator double() const { return x[0]; }

  MANIPDYN_ALWAYS_INLINE Dual& operator+=(const Dual& o) {
    for (std::size_t i = 0; i < kSize; ++i) x[i] += o.x[i];
    return *this;
  }
  MANIPDYN_ALWAYS_INLINE Dual& operator-=(const Dual& o) {
    for (std::size_t i = 0; i < kSize; ++i) x[i] -= o.x[i];
    return *this;
  }
  /// (a b)' = a' b + a b': x = a_i b_0 + a_0 m_i b_i with m the derivative mask.
  MANIPDYN_ALWAYS_INLINE Dual& operator*=(const Dual& o) {
    constexpr std::array<double, kSize> m = derivative_mask();
    const double a0 = x[0], b0 = o.x[0];
    for (std::size_t i = 0; i < kSize; ++i) x[i] = x[i] * b0 + (a0 * m[i]) * o.x[i];
    return *this;
  }
  /// (a / b)' = (a' - (a/b) b') / b: x = (a_i - (a_0/b_0) m_i b_i) / b_0.
  MANIPDYN_ALWAYS_INLINE Dual& operator/=(const Dual& o) {
    constexpr std::array<double, kSize> m = derivative_mask();
    const double inv = 1.0 / o.x[0], q = x[0] * inv;
    for (std::size_t i = 0; i < kSize; ++i) x[i] = (x[i] - (q * m[i]) * o.x[i]) * inv;
    return *this;
  }
  MANIPDYN_ALWAYS_INLINE Dual& operator*=(double c) {
    for (std::size_t i = 0; i < kSize; ++i) x[i] *= c;
    return *this;
  }
  MANIPDYN_ALWAYS_INLINE Dual operator-() const {
    Dual r;
    for (std::size_t i = 0; i < kSize; ++i) r.x[i] = -x[i];
    return r;
  }
  Dual operator+() const { return *this; }
};

template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator+(Dual<N> a, const Dual<N>& b) { return a += b; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator-(Dual<N> a, const Dual<N>& b) { return a -= b; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator*(Dual<N> a, const Dual<N>& b) { return a *= b; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator/(Dual<N> a, const Dual<N>& b) { return a /= b; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator+(Dual<N> a, double b) { return a += Dual<N>(b); }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator-(Dual<N> a, double b) { return a -= Dual<N>(b); }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator*(Dual<N> a, double b) { return a *= b; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator/(Dual<N> a, double b) { return a *= 1.0 / b; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator+(double a, Dual<N> b) { return b += Dual<N>(a); }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator-(double a, const Dual<N>& b) { return Dual<N>(a) -= b; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator*(double a, Dual<N> b) { return b *= a; }
template <int N> MANIPDYN_ALWAYS_INLINE Dual<N> operator/(double a, const Dual<N>& b) { return Dual<N>(a) /= b; }

template <int N> MANIPDYN_ALWAYS_INLINE bool operator==(const Dual<N>& a, const Dual<N>& b) { return a.x[0] == b.x[0]; }
template <int N> MANIPDYN_ALWAYS_INLINE bool operator!=(const Dual<N>& a, const Dual<N>& b) { return a.x[0] != b.x[0]; }
template <int N> MANIPDYN_ALWAYS_INLINE bool operator<(const Dual<N>& a, const Dual<N>& b) { return a.x[0] < b.x[0]; }
template <int N> MANIPDYN_ALWAYS_INLINE bool operator<=(const Dual<N>& a, const Dual<N>& b) { return a.x[0] <= b.x[0]; }
template <int N> MANIPDYN_ALWAYS_INLINE bool operator>(const Dual<N>& a, const Dual<N>& b) { return a.x[0] > b.x[0]; }
template <int N> MANIPDYN_ALWAYS_INLINE bool operator>=(const Dual<N>& a, const Dual<N>& b) { return a.x[0] >= b.x[0]; }

namespace detail {
/// f(x) with f'(x) = `slope`: the chain rule of every unary function below.
template <int N>
MANIPDYN_ALWAYS_INLINE Dual<N> chain(const Dual<N>& x, double value, double slope) {
  constexpr auto m = Dual<N>::derivative_mask();
  constexpr auto e0 = Dual<N>::value_mask();
  Dual<N> r;
  for (std::size_t i = 0; i < Dual<N>::kSize; ++i) r.x[i] = (slope * m[i]) * x.x[i] + value * e0[i];
  return r;
}
}  // namespace detail

// Math functions, found by argument-dependent lookup from math:: and from Eigen.
template <int N> Dual<N> sqrt(const Dual<N>& x) {
  const double r = std::sqrt(x.x[0]);
  return detail::chain(x, r, 0.5 / r);
}
template <int N> Dual<N> sin(const Dual<N>& x) { return detail::chain(x, std::sin(x.x[0]), std::cos(x.x[0])); }
template <int N> Dual<N> cos(const Dual<N>& x) { return detail::chain(x, std::cos(x.x[0]), -std::sin(x.x[0])); }
template <int N> Dual<N> tan(const Dual<N>& x) {
  const double t = std::tan(x.x[0]);
  return detail::chain(x, t, 1.0 + t * t);
}
template <int N> Dual<N> tanh(const Dual<N>& x) {
  const double t = std::tanh(x.x[0]);
  return detail::chain(x, t, 1.0 - t * t);
}
template <int N> Dual<N> exp(const Dual<N>& x) {
  const double e = std::exp(x.x[0]);
  return detail::chain(x, e, e);
}
template <int N> Dual<N> log(const Dual<N>& x) { return detail::chain(x, std::log(x.x[0]), 1.0 / x.x[0]); }
/// |x| with the derivative sign(x) x' (0 at x = 0: the derivative of the smooth part).
template <int N> Dual<N> abs(const Dual<N>& x) {
  return detail::chain(x, std::abs(x.x[0]), x.x[0] > 0 ? 1.0 : (x.x[0] < 0 ? -1.0 : 0.0));
}
template <int N> Dual<N> acos(const Dual<N>& x) {
  return detail::chain(x, std::acos(x.x[0]), -1.0 / std::sqrt(1.0 - x.x[0] * x.x[0]));
}
template <int N> Dual<N> asin(const Dual<N>& x) {
  return detail::chain(x, std::asin(x.x[0]), 1.0 / std::sqrt(1.0 - x.x[0] * x.x[0]));
}
template <int N> Dual<N> atan2(const Dual<N>& y, const Dual<N>& x) {
  // d atan2(y, x) = (x dy - y dx) / (x^2 + y^2)
  const double inv = 1.0 / (x.x[0] * x.x[0] + y.x[0] * y.x[0]);
  Dual<N> r = y * (x.x[0] * inv) - x * (y.x[0] * inv);
  r.x[0] = std::atan2(y.x[0], x.x[0]);
  return r;
}
/// Finite value and derivatives.
template <int N> bool isfinite(const Dual<N>& x) {
  bool ok = true;
  for (std::size_t i = 0; i < Dual<N>::kSize; ++i) ok = ok && std::isfinite(x.x[i]);
  return ok;
}
template <int N> bool isnan(const Dual<N>& x) { return std::isnan(x.x[0]); }
template <int N> bool isinf(const Dual<N>& x) { return std::isinf(x.x[0]); }
template <int N> std::ostream& operator<<(std::ostream& os, const Dual<N>& x) { return os << x.x[0]; }

/// One direction (a + b eps, eps^2 = 0): the scalar the serial algorithms are instantiated for, so
/// that tests/unit/serial_derivatives.cpp checks the analytic derivatives (serial/derivatives.hpp)
/// independently of them.
using Dual1 = Dual<1>;

namespace math {
/// Zero only when the derivatives are zero as well: an algorithm's shortcut that skips a zero
/// input must not drop its derivative.
template <>
inline bool is_zero<Dual<1>>(const Dual<1>& x) {
  return x.all_zero();
}
template <>
inline bool is_zero<Dual<12>>(const Dual<12>& x) {
  return x.all_zero();
}
}  // namespace math

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
