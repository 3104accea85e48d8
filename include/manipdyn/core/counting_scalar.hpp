#pragma once
/// \file counting_scalar.hpp
/// `Counted`: a double that counts the arithmetic done with it, so that the operation counts of
/// an algorithm are measured by running it (Turney et al. 1980, Tables 1-5; Lee et al. 1982,
/// Tables 1-2; Dasgupta 1998, sec. 5) instead of quoted.
///
/// What is counted (into the thread-local `OpCounter`):
///  - `mul`: a * b, a *= b (a Counted times a double constant counts too);
///  - `add`: a + b, a - b, a += b, a -= b;
///  - `div`: a / b, a /= b;
///  - `sin`, `cos`, `sqrt`, `other_fn` (atan2, acos, asin, tan, tanh, exp, log, pow; abs is free).
/// Not counted: negation, comparisons, copies and construction from a constant.
/// Everything is computed in double as well, so the results equal the double run.
#include <cstdint>
#include <iosfwd>
#include <string>

#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/scalar_num_traits.hpp"

namespace manipdyn {

/// The operations counted since the last reset() (thread-local: see op_counter()).
struct OpCounter {
  std::uint64_t mul = 0;       ///< multiplications
  std::uint64_t add = 0;       ///< additions and subtractions
  std::uint64_t div = 0;       ///< divisions
  std::uint64_t sin = 0;       ///< sin calls (sincos counts one sin and one cos)
  std::uint64_t cos = 0;       ///< cos calls
  std::uint64_t sqrt = 0;      ///< sqrt calls
  std::uint64_t other_fn = 0;  ///< atan2, acos, asin, tan calls
  void reset() { *this = OpCounter{}; }
  /// Multiplications plus divisions, the papers' "multiplications" column.
  std::uint64_t mul_div() const { return mul + div; }
  /// Every floating-point operation, function calls counted as one each.
  std::uint64_t flops() const { return mul + add + div + sin + cos + sqrt + other_fn; }
  std::uint64_t functions() const { return sin + cos + sqrt + other_fn; }
};

/// The counter of this thread.
OpCounter& op_counter();

/// A double that counts its arithmetic in op_counter().
class Counted {
 public:
  constexpr Counted() = default;
  constexpr Counted(double v) : v_(v) {}  // NOLINT: implicit, as a literal constant is free
  constexpr double value() const { return v_; }
  explicit constexpr operator double() const { return v_; }

  Counted& operator+=(const Counted& o) { ++op_counter().add; v_ += o.v_; return *this; }
  Counted& operator-=(const Counted& o) { ++op_counter().add; v_ -= o.v_; return *this; }
  Counted& operator*=(const Counted& o) { ++op_counter().mul; v_ *= o.v_; return *this; }
  Counted& operator/=(const Counted& o) { ++op_counter().div; v_ /= o.v_; return *this; }
  Counted operator-() const { return Counted(-v_); }
  Counted operator+() const { return *this; }

 private:
  double v_ = 0.0;
};

inline Counted operator+(Counted a, const Counted& b) { return a += b; }
inline Counted operator-(Counted a, const Counted& b) { return a -= b; }
inline Counted operator*(Counted a, const Counted& b) { return a *= b; }
inline Counted operator/(Counted a, const Counted& b) { return a /= b; }
inline Counted operator+(Counted a, double b) { return a += Counted(b); }
inline Counted operator-(Counted a, double b) { return a -= Counted(b); }
inline Counted operator*(Counted a, double b) { return a *= Counted(b); }
inline Counted operator/(Counted a, double b) { return a /= Counted(b); }
inline Counted operator+(double a, const Counted& b) { return Counted(a) += b; }
inline Counted operator-(double a, const Counted& b) { return Counted(a) -= b; }
inline Counted operator*(double a, const Counted& b) { return Counted(a) *= b; }
inline Counted operator/(double a, const Counted& b) { return Counted(a) /= b; }

inline bool operator==(const Counted& a, const Counted& b) { return a.value() == b.value(); }
inline bool operator!=(const Counted& a, const Counted& b) { return a.value() != b.value(); }
inline bool operator<(const Counted& a, const Counted& b) { return a.value() < b.value(); }
inline bool operator<=(const Counted& a, const Counted& b) { return a.value() <= b.value(); }
inline bool operator>(const Counted& a, const Counted& b) { return a.value() > b.value(); }
inline bool operator>=(const Counted& a, const Counted& b) { return a.value() >= b.value(); }

// Math functions, found by argument-dependent lookup from math:: and from Eigen.
Counted sin(const Counted& x);
Counted cos(const Counted& x);
Counted tan(const Counted& x);
Counted sqrt(const Counted& x);
Counted atan2(const Counted& y, const Counted& x);
Counted acos(const Counted& x);
Counted asin(const Counted& x);
Counted abs(const Counted& x);  ///< not counted (a sign-bit operation)
Counted exp(const Counted& x);
Counted tanh(const Counted& x);
Counted log(const Counted& x);
Counted pow(const Counted& x, const Counted& y);
bool isfinite(const Counted& x);
bool isnan(const Counted& x);
bool isinf(const Counted& x);

std::ostream& operator<<(std::ostream& os, const Counted& x);

namespace math {
/// One sin and one cos counted; the values are math::sincos<double>'s, as the double
/// instantiation of every algorithm gets them.
template <> void sincos<Counted>(const Counted& x, Counted& s, Counted& c);
}  // namespace math

}  // namespace manipdyn

namespace Eigen {
template <>
struct NumTraits<manipdyn::Counted> : manipdyn::DoubleLikeNumTraits<manipdyn::Counted> {};
MANIPDYN_DOUBLE_LIKE_BINARY_OPS(manipdyn::Counted);
}  // namespace Eigen
