#pragma once
/// \file sincos_kernel.hpp
/// sin and cos of four (AVX2) or eight (AVX-512) angles in the lanes of one register, each lane
/// computed from its own angle alone (no branch on the other lanes), so that an angle gets the
/// same bits whether it comes with the other joints of one state (math::sincos_n, the single-call path of the default
/// inverse dynamics, gravity, mass matrix) or with the same joint of three other states (the
/// lane scalar of the batch functions, src/core/lanes.hpp). glibc's sincos is about 10 ns per
/// angle on this project's machines; this is about 2 ns per angle.
///
/// Method (the textbook Cody-Waite scheme with fused multiply-adds):
///  - k = nearest integer to x 2/pi; r = x - k pi/2 with pi/2 = C1 + C2 + C3 (three doubles,
///    C1 = fl(pi/2), C2 = fl(pi/2 - C1), C3 = fl(pi/2 - C1 - C2), computed with mpmath at 300
///    bits), subtracted by three FMAs: |r| <= pi/4 (+ 1 ulp), with an absolute error about
///    |k| 2^-106;
///  - sin r and cos r by their Taylor series to r^17 and r^16 (coefficients 1/n!, computed here in
///    double: truncation error below 1e-19 on |r| <= pi/4), evaluated by Estrin's scheme in r^2
///    (the polynomial's dependency chain is latency, not throughput, bound: 6 angles take two
///    registers whose chains the CPU overlaps);
///  - the quadrant k mod 4 swaps and negates them.
/// Angles with |x| > kSincosKernelMax, infinite or NaN are left to the caller, which takes glibc's
/// sincos for them (sincos_needs_fallback): the reduction above is accurate for small k only.
/// Measured against glibc (tests/unit/sincos.cpp): within 1 ulp of 1 absolute everywhere on
/// |x| <= kSincosKernelMax, and within 2 ulp relative where |result| >= 2^-26.
///
/// The same operations in the same order on either register width, with the fused
/// multiply-adds spelled as intrinsics (xsimd 8's fma on AVX-512 is a separate multiply and add),
/// so an angle gets the same bits on both.
///
/// Private to the translation units compiled with -mavx2 -mfma -ffp-contract=off
/// (src/core/sincos_avx2.cpp, src/serial/inverse_dynamics_lanes.cpp) or with -mavx512f in
/// addition (src/serial/inverse_dynamics_lanes_avx512.cpp).
#include <immintrin.h>

#include <cmath>

#include <xsimd/xsimd.hpp>

#include "manipdyn/core/scalar_math.hpp"

#if !defined(__AVX2__) || !defined(__FMA__)
#error "sincos_kernel.hpp needs AVX2 and FMA (compile with -mavx2 -mfma -ffp-contract=off)"
#endif

namespace manipdyn::detail {

using SincosBatch = xsimd::batch<double, xsimd::fma3<xsimd::avx2>>;
static_assert(SincosBatch::size == 4);

/// a b + c and c - a b, each rounded once (fused multiply-add), on an AVX2 or AVX-512 register.
MANIPDYN_ALWAYS_INLINE __m256d fused_mul_add(__m256d a, __m256d b, __m256d c) {
  return _mm256_fmadd_pd(a, b, c);
}
MANIPDYN_ALWAYS_INLINE __m256d fused_neg_mul_add(__m256d a, __m256d b, __m256d c) {
  return _mm256_fnmadd_pd(a, b, c);
}
#if defined(__AVX512F__)
MANIPDYN_ALWAYS_INLINE __m512d fused_mul_add(__m512d a, __m512d b, __m512d c) {
  return _mm512_fmadd_pd(a, b, c);
}
MANIPDYN_ALWAYS_INLINE __m512d fused_neg_mul_add(__m512d a, __m512d b, __m512d c) {
  return _mm512_fnmadd_pd(a, b, c);
}
#endif

/// Largest |x| the kernel reduces itself (k <= 6.4e3 quarter turns).
inline constexpr double kSincosKernelMax = 1.0e4;

/// 1/n! in double (n! is exact in double for n <= 18).
constexpr double inverse_factorial(int n) {
  double f = 1.0;
  for (int i = 2; i <= n; ++i) f *= i;
  return 1.0 / f;
}

/// sin and cos of each lane of x (|x| <= kSincosKernelMax; other lanes give garbage, not traps).
/// B: an xsimd batch of doubles on AVX2 (SincosBatch) or AVX-512.
template <typename B>
MANIPDYN_ALWAYS_INLINE void sincos_kernel(const B& x, B& s, B& c) {
  using R = typename B::register_type;
  const auto fma = [](const B& a, const B& b, const B& d) {
    return B(fused_mul_add(R(a), R(b), R(d)));
  };
  const auto fnma = [](const B& a, const B& b, const B& d) {
    return B(fused_neg_mul_add(R(a), R(b), R(d)));
  };
  constexpr double two_over_pi = 0.63661977236758134308;  // fl(2/pi)
  constexpr double c1 = 0x1.921fb54442d18p+0;             // fl(pi/2)
  constexpr double c2 = 0x1.1a62633145c07p-54;            // fl(pi/2 - c1)
  constexpr double c3 = -0x1.f1976b7ed8fbcp-110;          // fl(pi/2 - c1 - c2)
  // k = round(x 2/pi) by the 1.5 2^52 shift
  constexpr double shift = 0x1.8p52;
  const B k = fma(x, B(two_over_pi), B(shift)) - B(shift);
  B r = fnma(k, B(c1), x);
  r = fnma(k, B(c2), r);
  r = fnma(k, B(c3), r);
  const B z = r * r;
  const B z2 = z * z;
  const B z4 = z2 * z2;
  // sin r = r + r z P(z), P(z) = -1/3! + z/5! - z^2/7! + ... + z^7/17! (to r^17), by Estrin's
  // scheme (pairs, then pairs of pairs: 4 dependent steps after z instead of Horner's 8)
  const B s01 = fma(z, B(inverse_factorial(5)), B(-inverse_factorial(3)));
  const B s23 = fma(z, B(inverse_factorial(9)), B(-inverse_factorial(7)));
  const B s45 = fma(z, B(inverse_factorial(13)), B(-inverse_factorial(11)));
  const B s67 = fma(z, B(inverse_factorial(17)), B(-inverse_factorial(15)));
  const B ps = fma(z4, fma(z2, s67, s45), fma(z2, s23, s01));
  const B sin_r = fma(r * z, ps, r);
  // cos r = 1 - z/2 + z^2 Q(z), Q(z) = 1/4! - z/6! + ... + z^6/16! (to r^16), Estrin as above;
  // 1 - z/2 rounded once, its error carried into the small term (w + ((1 - w) - z/2)), as
  // fdlibm's __kernel_cos does
  const B c01 = fma(z, B(-inverse_factorial(6)), B(inverse_factorial(4)));
  const B c23 = fma(z, B(-inverse_factorial(10)), B(inverse_factorial(8)));
  const B c45 = fma(z, B(-inverse_factorial(14)), B(inverse_factorial(12)));
  const B pc = fma(z4, fma(z2, B(inverse_factorial(16)), c45), fma(z2, c23, c01));
  const B hz = B(0.5) * z;
  const B w = B(1.0) - hz;
  const B cos_r = w + (((B(1.0) - w) - hz) + z2 * pc);
  // quadrant q = k mod 4 (exact in double: k is an integer of at most 6.4e3): sin x = (sin r,
  // cos r, -sin r, -cos r)[q], cos x = (cos r, -sin r, -cos r, sin r)[q]
  const B q = k - B(4.0) * xsimd::floor(k * B(0.25));
  const auto swap = (q == B(1.0)) | (q == B(3.0));
  const auto sin_negative = q >= B(2.0);
  const auto cos_negative = (q == B(1.0)) | (q == B(2.0));
  const B s0 = xsimd::select(swap, cos_r, sin_r);
  const B c0 = xsimd::select(swap, sin_r, cos_r);
  s = xsimd::select(sin_negative, -s0, s0);
  c = xsimd::select(cos_negative, -c0, c0);
}

/// glibc's sincos for the lanes the kernel does not take (sincos_needs_fallback): x, s, c hold
/// `lanes` doubles each, s and c the kernel's results.
inline void sincos_fallback_lanes(const double* x, double* s, double* c, int lanes) {
  for (int j = 0; j < lanes; ++j)
    if (!(std::abs(x[j]) <= kSincosKernelMax)) ::sincos(x[j], &s[j], &c[j]);
}

/// True for the lanes the kernel does not take: |x| > kSincosKernelMax, infinite, NaN.
template <typename B>
MANIPDYN_ALWAYS_INLINE auto sincos_needs_fallback(const B& x) {
  return !(xsimd::abs(x) <= B(kSincosKernelMax));
}

}  // namespace manipdyn::detail
