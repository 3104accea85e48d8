#pragma once
/// \file lanes_packets.hpp
/// Eigen packets of the lane scalars (lanes.hpp) shaped as the library's packets of double, so
/// that Eigen evaluates an expression of LanesT in the order it evaluates the same expression
/// of doubles, and every lane equals the double result bit for bit — the device of
/// include/manipdyn/codegen/traced_packets.hpp, applied to the lanes. Included by lanes.hpp
/// only.
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

namespace manipdyn {

/// Two lane values, as Packet2d holds two doubles.
template <typename L>
struct LanesPacket {
  L lane[2];
};

}  // namespace manipdyn

namespace Eigen::internal {

template <bool E, typename A>
struct packet_traits<manipdyn::LanesT<E, A>> : default_packet_traits {
  using type = manipdyn::LanesPacket<manipdyn::LanesT<E, A>>;
  using half = type;
  enum {
    Vectorizable = 1,
    AlignedOnScalar = 1,
    size = 2,
    HasHalfPacket = 0,
    // the operations of double's packets that the algorithms' expressions use; the others take
    // Eigen's scalar paths, as they would for double where a packet operation is missing
    HasAdd = 1,
    HasSub = 1,
    HasMul = 1,
    HasNegate = 1,
    HasAbs2 = 1,
    HasConj = 1,
    HasDiv = 1,
    HasSqrt = 1,
    HasShift = 0,
    HasAbs = 0,
    HasMin = 0,
    HasMax = 0,
    HasSetLinear = 0,
    HasBlend = 0,
    HasCmp = 0
  };
};

template <typename L>
struct unpacket_traits<manipdyn::LanesPacket<L>> {
  using type = L;
  using half = manipdyn::LanesPacket<L>;
  enum {
    size = 2,
    alignment = Aligned16,
    vectorizable = true,
    masked_load_available = false,
    masked_store_available = false
  };
};

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

// The packet operations of one lane type L (full specialisations: Eigen calls several with an
// explicit packet argument, pset1<Packet>(x)), each lane by lane as Packet2d's.
#define MANIPDYN_LANES_PACKET_OPS(L)                                                       \
  namespace Eigen::internal {                                                             \
  using L##Packet = manipdyn::LanesPacket<manipdyn::L>;                                   \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pset1<L##Packet>(const manipdyn::L& a) {                               \
    return {{a, a}};                                                                      \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pload<L##Packet>(const manipdyn::L* p) {                               \
    return {{p[0], p[1]}};                                                                \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet ploadu<L##Packet>(const manipdyn::L* p) {                              \
    return {{p[0], p[1]}};                                                                \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet ploaddup<L##Packet>(const manipdyn::L* p) {                            \
    return {{p[0], p[0]}};                                                                \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE void pstore<manipdyn::L, L##Packet>(manipdyn::L * p, const L##Packet& a) {       \
    p[0] = a.lane[0];                                                                     \
    p[1] = a.lane[1];                                                                     \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE void pstoreu<manipdyn::L, L##Packet>(manipdyn::L * p, const L##Packet& a) {      \
    p[0] = a.lane[0];                                                                     \
    p[1] = a.lane[1];                                                                     \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pgather<manipdyn::L, L##Packet>(const manipdyn::L* p, Index stride) {  \
    return {{p[0], p[stride]}};                                                           \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE void pscatter<manipdyn::L, L##Packet>(manipdyn::L * p, const L##Packet& a,       \
                                               Index stride) {                            \
    p[0] = a.lane[0];                                                                     \
    p[stride] = a.lane[1];                                                                \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE manipdyn::L pfirst<L##Packet>(const L##Packet& a) {                              \
    return a.lane[0];                                                                     \
  }                                                                                       \
  /* Packet2d's predux: lane 0 + lane 1 */                                                \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE manipdyn::L predux<L##Packet>(const L##Packet& a) {                              \
    return a.lane[0] + a.lane[1];                                                         \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet preverse(const L##Packet& a) {                                         \
    return {{a.lane[1], a.lane[0]}};                                                      \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pzero(const L##Packet&) {                                              \
    return {{manipdyn::L(0.0), manipdyn::L(0.0)}};                                        \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet padd<L##Packet>(const L##Packet& a, const L##Packet& b) {              \
    return {{a.lane[0] + b.lane[0], a.lane[1] + b.lane[1]}};                              \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet psub<L##Packet>(const L##Packet& a, const L##Packet& b) {              \
    return {{a.lane[0] - b.lane[0], a.lane[1] - b.lane[1]}};                              \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pmul<L##Packet>(const L##Packet& a, const L##Packet& b) {              \
    return {{a.lane[0] * b.lane[0], a.lane[1] * b.lane[1]}};                              \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pdiv<L##Packet>(const L##Packet& a, const L##Packet& b) {              \
    return {{a.lane[0] / b.lane[0], a.lane[1] / b.lane[1]}};                              \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pnegate(const L##Packet& a) {                                          \
    return {{-a.lane[0], -a.lane[1]}};                                                    \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pconj(const L##Packet& a) {                                            \
    return a;                                                                             \
  }                                                                                       \
  /* SSE2's pmadd (no FMA): a * b, then + c */                                            \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet pmadd(const L##Packet& a, const L##Packet& b, const L##Packet& c) {    \
    return {{a.lane[0] * b.lane[0] + c.lane[0], a.lane[1] * b.lane[1] + c.lane[1]}};      \
  }                                                                                       \
  template <>                                                                             \
  MANIPDYN_ALWAYS_INLINE L##Packet psqrt(const L##Packet& a) {                                            \
    return {{sqrt(a.lane[0]), sqrt(a.lane[1])}};                                          \
  }                                                                                       \
  MANIPDYN_ALWAYS_INLINE void ptranspose(PacketBlock<L##Packet, 2>& b) {                                  \
    std::swap(b.packet[0].lane[1], b.packet[1].lane[0]);                                  \
  }                                                                                       \
  }  // namespace Eigen::internal

MANIPDYN_LANES_PACKET_OPS(Lanes)
MANIPDYN_LANES_PACKET_OPS(LanesFastTrig)
#if defined(__AVX512F__)
MANIPDYN_LANES_PACKET_OPS(Lanes8)
MANIPDYN_LANES_PACKET_OPS(Lanes8FastTrig)
#endif
#undef MANIPDYN_LANES_PACKET_OPS

#endif  // MANIPDYN_LANES_PACKETS
