#pragma once
/// \file sincos_kernel.hpp
/// sin and cos of four angles in the lanes of one AVX2 register, each lane computed from its own
/// angle alone (no branch on the other lanes), so that an angle gets the same bits whether it
/// comes with the other joints of one state (math::sincos_n, the single-call path of the default
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
/// Private to the translation units compiled with -mavx2 -mfma -ffp-contract=off
/// (src/core/sincos_avx2.cpp, src/serial/inverse_dynamics_lanes.cpp).
#include <immintrin.h>

#include <xsimd/xsimd.hpp>

#include "manipdyn/core/scalar_math.hpp"

#if !defined(__AVX2__) || !defined(__FMA__)
#error "sincos_kernel.hpp needs AVX2 and FMA (compile with -mavx2 -mfma -ffp-contract=off)"
#endif

namespace manipdyn::detail {

using SincosBatch = xsimd::batch<double, xsimd::fma3<xsimd::avx2>>;
static_assert(SincosBatch::size == 4);

/// Largest |x| the kernel reduces itself (k <= 6.4e3 quarter turns).
inline constexpr double kSincosKernelMax = 1.0e4;

/// 1/n! in double (n! is exact in double for n <= 18).
constexpr double inverse_factorial(int n) {
  double f = 1.0;
  for (int i = 2; i <= n; ++i) f *= i;
  return 1.0 / f;
}

/// sin and cos of each lane of x (|x| <= kSincosKernelMax; other lanes give garbage, not traps).
MANIPDYN_ALWAYS_INLINE void sincos_kernel(const SincosBatch& x, SincosBatch& s, SincosBatch& c) {
  using B = SincosBatch;
  constexpr double two_over_pi = 0.63661977236758134308;  // fl(2/pi)
  constexpr double c1 = 0x1.921fb54442d18p+0;             // fl(pi/2)
  constexpr double c2 = 0x1.1a62633145c07p-54;            // fl(pi/2 - c1)
  constexpr double c3 = -0x1.f1976b7ed8fbcp-110;          // fl(pi/2 - c1 - c2)
  // k = round(x 2/pi) by the 1.5 2^52 shift: its low mantissa bits hold k as an integer
  constexpr double shift = 0x1.8p52;
  const B t = xsimd::fma(x, B(two_over_pi), B(shift));
  const B k = t - B(shift);
  B r = xsimd::fnma(k, B(c1), x);
  r = xsimd::fnma(k, B(c2), r);
  r = xsimd::fnma(k, B(c3), r);
  const B z = r * r;
  const B z2 = z * z;
  const B z4 = z2 * z2;
  // sin r = r + r z P(z), P(z) = -1/3! + z/5! - z^2/7! + ... + z^7/17! (to r^17), by Estrin's
  // scheme (pairs, then pairs of pairs: 4 dependent steps after z instead of Horner's 8)
  const B s01 = xsimd::fma(z, B(inverse_factorial(5)), B(-inverse_factorial(3)));
  const B s23 = xsimd::fma(z, B(inverse_factorial(9)), B(-inverse_factorial(7)));
  const B s45 = xsimd::fma(z, B(inverse_factorial(13)), B(-inverse_factorial(11)));
  const B s67 = xsimd::fma(z, B(inverse_factorial(17)), B(-inverse_factorial(15)));
  const B ps = xsimd::fma(z4, xsimd::fma(z2, s67, s45), xsimd::fma(z2, s23, s01));
  const B sin_r = xsimd::fma(r * z, ps, r);
  // cos r = 1 - z/2 + z^2 Q(z), Q(z) = 1/4! - z/6! + ... + z^6/16! (to r^16), Estrin as above;
  // 1 - z/2 rounded once, its error carried into the small term (w + ((1 - w) - z/2)), as
  // fdlibm's __kernel_cos does
  const B c01 = xsimd::fma(z, B(-inverse_factorial(6)), B(inverse_factorial(4)));
  const B c23 = xsimd::fma(z, B(-inverse_factorial(10)), B(inverse_factorial(8)));
  const B c45 = xsimd::fma(z, B(-inverse_factorial(14)), B(inverse_factorial(12)));
  const B pc = xsimd::fma(z4, xsimd::fma(z2, B(inverse_factorial(16)), c45),
                          xsimd::fma(z2, c23, c01));
  const B hz = B(0.5) * z;
  const B w = B(1.0) - hz;
  const B cos_r = w + (((B(1.0) - w) - hz) + z2 * pc);
  // quadrant q = k mod 4: sin x = (sin r, cos r, -sin r, -cos r)[q], cos x = (cos r, -sin r,
  // -cos r, sin r)[q]
  // (integer tests on t's bit pattern, in AVX2 intrinsics: xsimd 8 has no mask cast)
  const __m256i q = _mm256_castpd_si256(t);
  const __m256i one = _mm256_set1_epi64x(1), two = _mm256_set1_epi64x(2);
  const __m256d swap = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(q, one), one));
  const __m256d sin_negative =
      _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(q, two), two));
  const __m256d cos_negative = _mm256_castsi256_pd(
      _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_add_epi64(q, one), two), two));
  const __m256d sign = _mm256_set1_pd(-0.0);
  const __m256d s0 = _mm256_blendv_pd(sin_r, cos_r, swap);
  const __m256d c0 = _mm256_blendv_pd(cos_r, sin_r, swap);
  s = B(_mm256_xor_pd(s0, _mm256_and_pd(sin_negative, sign)));
  c = B(_mm256_xor_pd(c0, _mm256_and_pd(cos_negative, sign)));
}

/// True for the lanes the kernel does not take: |x| > kSincosKernelMax, infinite, NaN.
MANIPDYN_ALWAYS_INLINE auto sincos_needs_fallback(const SincosBatch& x) {
  return !(xsimd::abs(x) <= SincosBatch(kSincosKernelMax));
}

}  // namespace manipdyn::detail
