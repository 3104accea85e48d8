#pragma once
/// \file traced_packets.hpp
/// Eigen packets of codegen::Traced shaped as Eigen's packets of double, so that Eigen evaluates
/// an expression of Traced in the order it evaluates the same expression of doubles, and the
/// generated code reproduces the library's numbers bit for bit.
///
/// Eigen vectorises double expressions over packets of 2 lanes (SSE2, Packet2d): a 6-vector's
/// dot product is then (x0 + x2 + x4) + (x1 + x3 + x5), not the scalar ((x0 + (x1 + x2)) + ...);
/// a small matrix-vector product computes its first rows as packets of sequential multiply-adds
/// and its last row as a scalar sum. Which path an expression takes is decided by Eigen's traits
/// from the scalar's packet traits; giving Traced the same packet size, and packet operations
/// that do lane by lane what Packet2d's do (predux: lane 0 + lane 1; pmadd: a * b + c, as SSE2
/// without FMA), makes Eigen take the same paths for Traced; the general matrix product kernel
/// (forward_dynamics_derivatives' M^-1 dtau/dx from n = 8) packs its operands with ptranspose,
/// which moves values only. tests/crosscheck/codegen_generated.cpp compares every generated
/// output with the library's bit for bit.
///
/// Only for the baseline x86-64 build (SSE2 packets, no FMA: the library's default flags). Where
/// the flags enable AVX or FMA (e.g. -march=native), double packets have 4 lanes and pmadd is
/// fused; Traced then stays without packets, and the generated derivatives may differ from the
/// library's by rounding (MANIPDYN_TRACED_PACKETS is 0).
#include <utility>

#include <Eigen/Core>

#if (defined(__x86_64__) || defined(_M_X64)) && !defined(__AVX__) && !defined(__FMA__)
#define MANIPDYN_TRACED_PACKETS 1
#else
#define MANIPDYN_TRACED_PACKETS 0
#endif

#if MANIPDYN_TRACED_PACKETS

namespace manipdyn::codegen {

/// Two Traced lanes, as Packet2d holds two doubles.
struct TracedPacket {
  Traced lane[2];
};

}  // namespace manipdyn::codegen

namespace Eigen::internal {

using manipdyn::codegen::Traced;
using manipdyn::codegen::TracedPacket;

static_assert(packet_traits<double>::size == 2,
              "traced_packets.hpp mirrors a double packet of 2 lanes (SSE2)");

template <>
struct packet_traits<Traced> : default_packet_traits {
  using type = TracedPacket;
  using half = TracedPacket;
  enum {
    Vectorizable = 1,
    AlignedOnScalar = 1,
    size = 2,
    HasHalfPacket = 0,
    // the operations of double's packets that the algorithms' expressions use; the others (abs,
    // min, max, comparisons, ...) take the scalar path, which refuses a node anyway
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

template <>
struct unpacket_traits<TracedPacket> {
  using type = Traced;
  using half = TracedPacket;
  enum {
    size = 2,
    alignment = Aligned16,
    vectorizable = true,
    masked_load_available = false,
    masked_store_available = false
  };
};

/// p with f applied lane by lane.
template <typename F>
inline TracedPacket traced_lanes(F&& f) {
  return TracedPacket{{f(0), f(1)}};
}

template <> inline TracedPacket pset1<TracedPacket>(const Traced& a) { return {{a, a}}; }
template <> inline TracedPacket pload<TracedPacket>(const Traced* p) { return {{p[0], p[1]}}; }
template <> inline TracedPacket ploadu<TracedPacket>(const Traced* p) { return {{p[0], p[1]}}; }
template <> inline TracedPacket ploaddup<TracedPacket>(const Traced* p) { return {{p[0], p[0]}}; }
template <> inline void pstore<Traced, TracedPacket>(Traced* p, const TracedPacket& a) {
  p[0] = a.lane[0];
  p[1] = a.lane[1];
}
template <> inline void pstoreu<Traced, TracedPacket>(Traced* p, const TracedPacket& a) {
  p[0] = a.lane[0];
  p[1] = a.lane[1];
}
template <>
inline TracedPacket pgather<Traced, TracedPacket>(const Traced* p, Index stride) {
  return {{p[0], p[stride]}};
}
template <>
inline void pscatter<Traced, TracedPacket>(Traced* p, const TracedPacket& a, Index stride) {
  p[0] = a.lane[0];
  p[stride] = a.lane[1];
}
template <> inline Traced pfirst<TracedPacket>(const TracedPacket& a) { return a.lane[0]; }
/// Packet2d's predux: lane 0 + lane 1.
template <> inline Traced predux<TracedPacket>(const TracedPacket& a) {
  return a.lane[0] + a.lane[1];
}
template <> inline TracedPacket preverse(const TracedPacket& a) { return {{a.lane[1], a.lane[0]}}; }
/// The 2 x 2 transpose of two packets (the GEMM kernels' packing: moves values, computes none).
inline void ptranspose(PacketBlock<TracedPacket, 2>& kernel) {
  std::swap(kernel.packet[0].lane[1], kernel.packet[1].lane[0]);
}
template <> inline TracedPacket pzero(const TracedPacket&) { return {{Traced(0.0), Traced(0.0)}}; }

template <>
inline TracedPacket padd<TracedPacket>(const TracedPacket& a, const TracedPacket& b) {
  return traced_lanes([&](int l) { return a.lane[l] + b.lane[l]; });
}
template <>
inline TracedPacket psub<TracedPacket>(const TracedPacket& a, const TracedPacket& b) {
  return traced_lanes([&](int l) { return a.lane[l] - b.lane[l]; });
}
template <>
inline TracedPacket pmul<TracedPacket>(const TracedPacket& a, const TracedPacket& b) {
  return traced_lanes([&](int l) { return a.lane[l] * b.lane[l]; });
}
template <>
inline TracedPacket pdiv<TracedPacket>(const TracedPacket& a, const TracedPacket& b) {
  return traced_lanes([&](int l) { return a.lane[l] / b.lane[l]; });
}
template <> inline TracedPacket pnegate(const TracedPacket& a) {
  return traced_lanes([&](int l) { return -a.lane[l]; });
}
template <> inline TracedPacket pconj(const TracedPacket& a) { return a; }
/// SSE2's pmadd (no FMA): a * b, then + c.
template <>
inline TracedPacket pmadd(const TracedPacket& a, const TracedPacket& b, const TracedPacket& c) {
  return traced_lanes([&](int l) { return a.lane[l] * b.lane[l] + c.lane[l]; });
}
template <> inline TracedPacket psqrt(const TracedPacket& a) {
  return traced_lanes([&](int l) { return sqrt(a.lane[l]); });
}

}  // namespace Eigen::internal

#endif  // MANIPDYN_TRACED_PACKETS
