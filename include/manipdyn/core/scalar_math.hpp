#pragma once
/// \file scalar_math.hpp
/// The one shim through which every algorithm calls sin, cos, sqrt, atan2, ... so that the
/// operation-counting scalar (counting_scalar.hpp) sees each call. Algorithms write
/// `using manipdyn::math::sin;` or call `math::sin(x)`; for double these are std's functions.
#include <cmath>

/// Forces inlining of the small fixed-size vector helpers of the O(n) recursions: GCC otherwise
/// keeps some of them out of line in one template instance and not in another (gravity_torques
/// ran 1.5x slower than bias_torques on the PUMA 560 for that reason alone).
#if defined(__GNUC__) || defined(__clang__)
#define MANIPDYN_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define MANIPDYN_ALWAYS_INLINE inline
#endif

namespace manipdyn::math {

template <typename Scalar> inline Scalar sin(const Scalar& x) { using std::sin; return sin(x); }
template <typename Scalar> inline Scalar cos(const Scalar& x) { using std::cos; return cos(x); }
template <typename Scalar> inline Scalar tan(const Scalar& x) { using std::tan; return tan(x); }
template <typename Scalar> inline Scalar sqrt(const Scalar& x) { using std::sqrt; return sqrt(x); }
template <typename Scalar> inline Scalar abs(const Scalar& x) { using std::abs; return abs(x); }
template <typename Scalar> inline Scalar tanh(const Scalar& x) { using std::tanh; return tanh(x); }
template <typename Scalar> inline Scalar atan2(const Scalar& y, const Scalar& x) {
  using std::atan2;
  return atan2(y, x);
}
template <typename Scalar> inline Scalar acos(const Scalar& x) { using std::acos; return acos(x); }
template <typename Scalar> inline Scalar asin(const Scalar& x) { using std::asin; return asin(x); }

/// sin and cos of n angles: s[i] = sin x[i], c[i] = cos x[i] (s or c may be x itself). Where the
/// CPU has AVX2 and FMA, four angles at a time by a vectorised kernel (src/core/sincos_kernel.hpp:
/// within 1 ulp of 1 absolute, 2 ulp relative where |result| >= 2^-26, of glibc's; each angle's
/// result depends on that angle alone); glibc's sincos elsewhere and for |x| > 1e4. The default
/// inverse dynamics, gravity torques and mass matrix take their joint sines and cosines from it.
void sincos_n(const double* x, double* s, double* c, int n);

/// True where sincos_n uses the vectorised kernel (this CPU has AVX2 and FMA, and the library was
/// built with MANIPDYN_SIMD).
bool sincos_n_vectorised();

/// sin and cos of one angle together.
template <typename Scalar> inline void sincos(const Scalar& x, Scalar& s, Scalar& c) {
  s = math::sin(x);
  c = math::cos(x);
}
/// For double, sincos_n's values, so that an angle has the same sine and cosine in every
/// algorithm (and in the counting scalar, core/counting_scalar.hpp), whether it comes alone or
/// with the other joint angles.
template <> inline void sincos<double>(const double& x, double& s, double& c) {
  sincos_n(&x, &s, &c, 1);
}

/// The plain double value of a scalar (for branches on signs, error messages, logging); works for
/// double and for any scalar with an explicit conversion to double (the counting scalar).
template <typename Scalar> inline double value(const Scalar& x) { return static_cast<double>(x); }

/// True when x is zero: the structure tests of the algorithms (skip the terms of a zero input).
/// The lane scalar (src/core/lanes.hpp) specialises it to "zero in every lane", so that a
/// shortcut is taken only where it holds for all the states in the lanes.
template <typename Scalar> inline bool is_zero(const Scalar& x) { return math::value(x) == 0.0; }

/// `pos` if x > 0, `neg` if x < 0, else 0 (sign-dependent Coulomb friction, drive.hpp); the lane
/// scalar specialises it to a select per lane. The constants are not counted by the counting
/// scalar (they are computed in double before).
template <typename Scalar> inline Scalar sign_select(const Scalar& x, double pos, double neg) {
  const double v = math::value(x);
  return Scalar(v > 0.0 ? pos : (v < 0.0 ? neg : 0.0));
}

}  // namespace manipdyn::math
