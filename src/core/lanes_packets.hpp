#pragma once
/// \file lanes_packets.hpp
/// Eigen packets of the lane scalars (lanes.hpp) shaped as the library's packets of double, so
/// that Eigen evaluates an expression of LanesT in the order it evaluates the same expression
/// of doubles, and every lane equals the double result bit for bit — the code generator's
/// device (codegen/traced_packets.hpp), with the same packet (core/packet2d_mirror.hpp), applied
/// to the lanes. Included by lanes.hpp only.
///
/// The library's double expressions run over SSE2's Packet2d (2 doubles, pmadd = a * b, then
/// + c): a 6-vector's dot product is then (x0 + x2 + x4) + (x1 + x3 + x5), a small matrix
/// product takes packets of sequential multiply-adds, Eigen's GEMM (the forward derivatives'
/// n x n products, n = 8..24) its register-blocked kernel. A packet of two LanesT, whose
/// operations do lane by lane what Packet2d's do, makes Eigen take the same paths for LanesT.
/// The lane files are compiled with -mfma, which would make Eigen's GEMM kernel block 6 rows
/// instead of the library's 4 (gebp_traits::mr); the specialisation of gebp_traits below holds
/// the library's 4.
///
/// Only where the library's double packets are SSE2's (EIGEN_MAX_ALIGN_BYTES = 16, as CMake
/// passes it to the lane files: the baseline x86-64 build). Where the library's flags enable
/// AVX (-march=native), its double packets have 4 lanes and a fused pmadd; the lanes then take
/// Eigen's scalar paths, and the derivative batches can differ from the single call by rounding
/// (MANIPDYN_LANES_PACKETS is 0; tests/unit/serial_derivatives_batch_simd.cpp).
#include <Eigen/Core>

#include "manipdyn/core/packet2d_mirror.hpp"

#if EIGEN_MAX_ALIGN_BYTES == 16 && (defined(__x86_64__) || defined(_M_X64))
#define MANIPDYN_LANES_PACKETS 1
#else
#define MANIPDYN_LANES_PACKETS 0
#endif

namespace manipdyn {

/// a == b in every lane. Eigen's matrix-vector product (the runtime shortcut of its GEMM for a
/// one-column product) compiles a test of its factor against zero, taken only for complex
/// scalars; the algorithms do not branch on it.
template <bool E, typename A>
MANIPDYN_ALWAYS_INLINE bool operator==(const LanesT<E, A>& a, const LanesT<E, A>& b) {
  return xsimd::all(a.batch() == b.batch());
}

}  // namespace manipdyn

#if MANIPDYN_LANES_PACKETS

namespace Eigen::internal {

template <bool E, typename A>
struct packet_traits<manipdyn::LanesT<E, A>>
    : manipdyn::Packet2dMirrorTraits<manipdyn::LanesT<E, A>> {};

/// The library's GEMM register blocking for double on SSE2 without FMA: mr = 2 packets (the
/// lane files' -mfma would give 3), nr = 4; the rest is Eigen's generic gebp_traits. Without it
/// the forward derivatives' lanes differed from the single call by rounding for n = 8..11 and
/// 18..23 (tests/unit/serial_derivatives_batch_simd.cpp, ForwardLanesEqualSingleCallsFor...).
template <bool E, typename A>
class gebp_traits<manipdyn::LanesT<E, A>, manipdyn::LanesT<E, A>, false, false, Architecture::Target,
                  GEBPPacketFull>
    : public gebp_traits<manipdyn::LanesT<E, A>, manipdyn::LanesT<E, A>, false, false,
                         Architecture::Generic, GEBPPacketFull> {
  using Base = gebp_traits<manipdyn::LanesT<E, A>, manipdyn::LanesT<E, A>, false, false,
                           Architecture::Generic, GEBPPacketFull>;

 public:
  enum { mr = 2 * Base::LhsPacketSize, LhsProgress = Base::LhsPacketSize };
};

}  // namespace Eigen::internal

// The packet operations of each lane type (always inlined: out of line, the lane derivatives ran
// 2-3 times slower).
MANIPDYN_PACKET2D_MIRROR_OPS(manipdyn::Lanes)
MANIPDYN_PACKET2D_MIRROR_OPS(manipdyn::LanesFastTrig)
#if defined(__AVX512F__)
MANIPDYN_PACKET2D_MIRROR_OPS(manipdyn::Lanes8)
MANIPDYN_PACKET2D_MIRROR_OPS(manipdyn::Lanes8FastTrig)
#endif

#endif  // MANIPDYN_LANES_PACKETS
