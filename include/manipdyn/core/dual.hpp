#pragma once
/// \file dual.hpp
/// `Dual`: a forward-mode dual number a + b eps (eps^2 = 0), the value and one directional
/// derivative carried together, so that running an algorithm on Dual inputs whose derivative
/// parts are a direction x gives its exact directional derivative (to rounding) beside its value
/// (Griewank & Walther, Evaluating Derivatives, 2008, ch. 3). The serial-arm algorithms are
/// explicitly instantiated for it (inverse dynamics, mass matrix, gravity torques, forward
/// dynamics), which is how tests/unit/serial_derivatives.cpp checks the analytic derivatives
/// (serial/derivatives.hpp) independently of them.
///
/// Branches on signs and zero tests read the value (math::value); math::is_zero is true only when
/// both parts are zero, so that an algorithm's "skip a zero input" shortcut never drops a
/// derivative. math::sign_select has a zero derivative (sign(x) is flat away from 0).
#include <cmath>
#include <iosfwd>
#include <ostream>

#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/scalar_num_traits.hpp"

namespace manipdyn {

/// A dual number: value v and derivative d.
class Dual {
 public:
  constexpr Dual() = default;
  constexpr Dual(double v) : v_(v) {}  // NOLINT: implicit, a constant has zero derivative
  constexpr Dual(double v, double d) : v_(v), d_(d) {}
  constexpr double value() const { return v_; }
  constexpr double derivative() const { return d_; }
  explicit constexpr operator double() const { return v_; }

  Dual& operator+=(const Dual& o) { v_ += o.v_; d_ += o.d_; return *this; }
  Dual& operator-=(const Dual& o) { v_ -= o.v_; d_ -= o.d_; return *this; }
  Dual& operator*=(const Dual& o) {
    d_ = d_ * o.v_ + v_ * o.d_;
    v_ *= o.v_;
    return *this;
  }
  Dual& operator/=(const Dual& o) {
    d_ = (d_ * o.v_ - v_ * o.d_) / (o.v_ * o.v_);
    v_ /= o.v_;
    return *this;
  }
  Dual operator-() const { return Dual(-v_, -d_); }
  Dual operator+() const { return *this; }

 private:
  double v_ = 0.0;
  double d_ = 0.0;
};

inline Dual operator+(Dual a, const Dual& b) { return a += b; }
inline Dual operator-(Dual a, const Dual& b) { return a -= b; }
inline Dual operator*(Dual a, const Dual& b) { return a *= b; }
inline Dual operator/(Dual a, const Dual& b) { return a /= b; }
inline Dual operator+(Dual a, double b) { return a += Dual(b); }
inline Dual operator-(Dual a, double b) { return a -= Dual(b); }
inline Dual operator*(const Dual& a, double b) { return Dual(a.value() * b, a.derivative() * b); }
inline Dual operator/(const Dual& a, double b) { return Dual(a.value() / b, a.derivative() / b); }
inline Dual operator+(double a, const Dual& b) { return Dual(a) += b; }
inline Dual operator-(double a, const Dual& b) { return Dual(a) -= b; }
inline Dual operator*(double a, const Dual& b) { return b * a; }
inline Dual operator/(double a, const Dual& b) { return Dual(a) /= b; }

inline bool operator==(const Dual& a, const Dual& b) { return a.value() == b.value(); }
inline bool operator!=(const Dual& a, const Dual& b) { return a.value() != b.value(); }
inline bool operator<(const Dual& a, const Dual& b) { return a.value() < b.value(); }
inline bool operator<=(const Dual& a, const Dual& b) { return a.value() <= b.value(); }
inline bool operator>(const Dual& a, const Dual& b) { return a.value() > b.value(); }
inline bool operator>=(const Dual& a, const Dual& b) { return a.value() >= b.value(); }

// Math functions (chain rule), found by argument-dependent lookup from math:: and from Eigen.
inline Dual sin(const Dual& x) { return Dual(std::sin(x.value()), std::cos(x.value()) * x.derivative()); }
inline Dual cos(const Dual& x) { return Dual(std::cos(x.value()), -std::sin(x.value()) * x.derivative()); }
inline Dual tan(const Dual& x) {
  const double t = std::tan(x.value());
  return Dual(t, (1.0 + t * t) * x.derivative());
}
inline Dual sqrt(const Dual& x) {
  const double r = std::sqrt(x.value());
  return Dual(r, x.derivative() / (2.0 * r));
}
inline Dual abs(const Dual& x) { return x.value() < 0.0 ? -x : x; }
inline Dual exp(const Dual& x) {
  const double e = std::exp(x.value());
  return Dual(e, e * x.derivative());
}
inline Dual log(const Dual& x) { return Dual(std::log(x.value()), x.derivative() / x.value()); }
inline Dual tanh(const Dual& x) {
  const double t = std::tanh(x.value());
  return Dual(t, (1.0 - t * t) * x.derivative());
}
inline Dual atan2(const Dual& y, const Dual& x) {
  const double r2 = x.value() * x.value() + y.value() * y.value();
  return Dual(std::atan2(y.value(), x.value()),
              (x.value() * y.derivative() - y.value() * x.derivative()) / r2);
}
inline Dual acos(const Dual& x) {
  return Dual(std::acos(x.value()), -x.derivative() / std::sqrt(1.0 - x.value() * x.value()));
}
inline Dual asin(const Dual& x) {
  return Dual(std::asin(x.value()), x.derivative() / std::sqrt(1.0 - x.value() * x.value()));
}
inline Dual pow(const Dual& x, const Dual& y) { return exp(y * log(x)); }
inline bool isfinite(const Dual& x) { return std::isfinite(x.value()) && std::isfinite(x.derivative()); }
inline bool isnan(const Dual& x) { return std::isnan(x.value()) || std::isnan(x.derivative()); }
inline bool isinf(const Dual& x) { return std::isinf(x.value()) || std::isinf(x.derivative()); }

inline std::ostream& operator<<(std::ostream& os, const Dual& x) {
  return os << x.value() << " + " << x.derivative() << " eps";
}

namespace math {
/// Zero only when the derivative is zero as well: a shortcut that skips a zero input must not
/// drop its derivative.
template <>
inline bool is_zero<Dual>(const Dual& x) {
  return x.value() == 0.0 && x.derivative() == 0.0;
}
}  // namespace math

}  // namespace manipdyn

namespace Eigen {
template <>
struct NumTraits<manipdyn::Dual> : manipdyn::DoubleLikeNumTraits<manipdyn::Dual> {};
MANIPDYN_DOUBLE_LIKE_BINARY_OPS(manipdyn::Dual);
}  // namespace Eigen
