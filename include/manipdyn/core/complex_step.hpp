#pragma once
/// \file complex_step.hpp
/// `ComplexStep`: a real scalar carried as a complex number x + i y, for the complex-step
/// derivative f'(x) = Im f(x + i h) / h + O(h^2) (Squire & Trapp 1998; Martins, Sturdza & Alonso
/// 2003, "The complex-step derivative approximation", ACM TOMS 29(3)). No difference is taken, so
/// with h = 1e-30 it is exact to rounding wherever the code is real-analytic in its inputs.
///
/// The tests run it through the templated dynamics (tests/unit/*_complex_step.cpp) to check the
/// derivatives (serial/derivatives.hpp, stewart/derivatives.hpp) independently of them and of the
/// dual numbers (core/dual.hpp): the arithmetic and the functions are std::complex<double>'s
/// (libstdc++ and glibc; the product written out, below). The Stewart inverse dynamics is
/// instantiated for it in src/stewart.
/// Wrapped rather than used bare: Eigen treats std::complex as complex, and its cross and dot
/// products conjugate, which is not analytic; ComplexStep is a real scalar to Eigen
/// (IsComplex = 0, conj is the identity). Comparisons, math::value and so the algorithms' branches
/// read the real part, and abs(x) = x or -x by the sign of the real part (Martins et al. 2003
/// sec. 3.2): the branch taken is differentiated as itself.
#include <cmath>
#include <complex>
#include <ostream>

#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/scalar_num_traits.hpp"

namespace manipdyn {

/// x + i y with std::complex<double> arithmetic; seed an input as ComplexStep(x, h).
struct ComplexStep {
  std::complex<double> z;  ///< the value (real part) and its perturbation (imaginary part)

  ComplexStep() = default;
  ComplexStep(double x) : z(x, 0.0) {}  // NOLINT: implicit, as a literal is a constant
  ComplexStep(double x, double y) : z(x, y) {}
  explicit ComplexStep(std::complex<double> c) : z(c) {}

  double real() const { return z.real(); }
  double imag() const { return z.imag(); }
  explicit operator double() const { return z.real(); }

  ComplexStep& operator+=(const ComplexStep& o) { z += o.z; return *this; }
  ComplexStep& operator-=(const ComplexStep& o) { z -= o.z; return *this; }
  /// The textbook product (a + ib)(c + id) = (ac - bd) + i(ad + bc), which std::complex computes
  /// for finite operands, without its C99 Annex G recovery of inf and nan (a branch and a call
  /// at every product: the tests compiled 30 % slower with it).
  ComplexStep& operator*=(const ComplexStep& o) {
    const double a = z.real(), b = z.imag(), c = o.z.real(), d = o.z.imag();
    z = {a * c - b * d, a * d + b * c};
    return *this;
  }
  ComplexStep& operator/=(const ComplexStep& o) { z /= o.z; return *this; }
  ComplexStep operator-() const { return ComplexStep(-z); }
  ComplexStep operator+() const { return *this; }
};

inline ComplexStep operator+(ComplexStep a, const ComplexStep& b) { return a += b; }
inline ComplexStep operator-(ComplexStep a, const ComplexStep& b) { return a -= b; }
inline ComplexStep operator*(ComplexStep a, const ComplexStep& b) { return a *= b; }
inline ComplexStep operator/(ComplexStep a, const ComplexStep& b) { return a /= b; }
inline ComplexStep operator+(const ComplexStep& a, double b) { return ComplexStep(a.z + b); }
inline ComplexStep operator-(const ComplexStep& a, double b) { return ComplexStep(a.z - b); }
inline ComplexStep operator*(const ComplexStep& a, double b) { return ComplexStep(a.z * b); }
inline ComplexStep operator/(const ComplexStep& a, double b) { return ComplexStep(a.z / b); }
inline ComplexStep operator+(double a, const ComplexStep& b) { return ComplexStep(a + b.z); }
inline ComplexStep operator-(double a, const ComplexStep& b) { return ComplexStep(a - b.z); }
inline ComplexStep operator*(double a, const ComplexStep& b) { return ComplexStep(a * b.z); }
inline ComplexStep operator/(double a, const ComplexStep& b) { return ComplexStep(a / b.z); }

// comparisons on the real part (the branch the real computation takes)
inline bool operator==(const ComplexStep& a, const ComplexStep& b) { return a.real() == b.real(); }
inline bool operator!=(const ComplexStep& a, const ComplexStep& b) { return a.real() != b.real(); }
inline bool operator<(const ComplexStep& a, const ComplexStep& b) { return a.real() < b.real(); }
inline bool operator<=(const ComplexStep& a, const ComplexStep& b) { return a.real() <= b.real(); }
inline bool operator>(const ComplexStep& a, const ComplexStep& b) { return a.real() > b.real(); }
inline bool operator>=(const ComplexStep& a, const ComplexStep& b) { return a.real() >= b.real(); }

// functions, found by argument-dependent lookup from math:: and from Eigen
inline ComplexStep sin(const ComplexStep& x) { return ComplexStep(std::sin(x.z)); }
inline ComplexStep cos(const ComplexStep& x) { return ComplexStep(std::cos(x.z)); }
inline ComplexStep tan(const ComplexStep& x) { return ComplexStep(std::tan(x.z)); }
inline ComplexStep tanh(const ComplexStep& x) { return ComplexStep(std::tanh(x.z)); }
inline ComplexStep exp(const ComplexStep& x) { return ComplexStep(std::exp(x.z)); }
inline ComplexStep log(const ComplexStep& x) { return ComplexStep(std::log(x.z)); }
inline ComplexStep sqrt(const ComplexStep& x) { return ComplexStep(std::sqrt(x.z)); }
/// x or -x by the sign of the real part (analytic on each side of 0).
inline ComplexStep abs(const ComplexStep& x) { return x.real() < 0.0 ? -x : x; }
inline bool isfinite(const ComplexStep& x) {
  return std::isfinite(x.real()) && std::isfinite(x.imag());
}
inline bool isnan(const ComplexStep& x) { return std::isnan(x.real()) || std::isnan(x.imag()); }
inline bool isinf(const ComplexStep& x) { return std::isinf(x.real()) || std::isinf(x.imag()); }
inline std::ostream& operator<<(std::ostream& os, const ComplexStep& x) { return os << x.z; }

namespace math {
/// Zero only when the imaginary part is zero as well: an algorithm's shortcut that skips a zero
/// input must not drop its perturbation.
template <>
inline bool is_zero<ComplexStep>(const ComplexStep& x) {
  return x.z == 0.0;
}
}  // namespace math

}  // namespace manipdyn

namespace Eigen {
template <>
struct NumTraits<manipdyn::ComplexStep> : manipdyn::DoubleLikeNumTraits<manipdyn::ComplexStep> {};
MANIPDYN_DOUBLE_LIKE_BINARY_OPS(manipdyn::ComplexStep);
}  // namespace Eigen
