/// \file sincos_avx2.cpp
/// math::sincos_n on AVX2 + FMA (src/core/sincos_kernel.hpp): compiled with -mavx2 -mfma
/// -ffp-contract=off, called by src/core/sincos.cpp only where the CPU has both.
/// Without xsimd or off x86-64 (MANIPDYN_SIMD_LANES off) it is empty.
#if MANIPDYN_SIMD_LANES
#include <cmath>

#include "sincos_kernel.hpp"

namespace manipdyn::detail {

void sincos_n_avx2(const double* x, double* s, double* c, int n) {
  using B = SincosBatch;
  const __m256i lane = _mm256_set_epi64x(3, 2, 1, 0);
  for (int i = 0; i < n; i += 4) {
    // the last 1..3 angles by masked loads and stores (the other lanes read as 0)
    const bool full = n - i >= 4;
    const __m256i mask = _mm256_cmpgt_epi64(_mm256_set1_epi64x(n - i), lane);
    const B xi = full ? B::load_unaligned(x + i) : B(_mm256_maskload_pd(x + i, mask));
    B si, ci;
    sincos_kernel(xi, si, ci);
    if (xsimd::any(sincos_needs_fallback(xi))) {
      alignas(32) double xs[4], ss[4], cs[4];
      xi.store_aligned(xs);
      si.store_aligned(ss);
      ci.store_aligned(cs);
      sincos_fallback_lanes(xs, ss, cs, 4);
      si = B::load_aligned(ss);
      ci = B::load_aligned(cs);
    }
    // (after the load of x: s or c may alias x)
    if (full) {
      si.store_unaligned(s + i);
      ci.store_unaligned(c + i);
    } else {
      _mm256_maskstore_pd(s + i, mask, si);
      _mm256_maskstore_pd(c + i, mask, ci);
    }
  }
}

}  // namespace manipdyn::detail

#endif  // MANIPDYN_SIMD_LANES
