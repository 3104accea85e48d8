// Peer benchmark: Debian's Orocos KDL (liborocos-kdl-dev 1.5.1) beside manipdyn in the same
// binary, on the PUMA 560 without drive terms (KDL models neither motor inertia nor friction).
//
//   inverse dynamics: KDL::ChainIdSolver_RNE::CartToJnt  vs  manipdyn::inverse_dynamics (the
//                     default) and manipdyn::inverse_dynamics_newton_euler;
//   mass matrix:      KDL::ChainDynParam::JntToMass      vs  manipdyn::mass_matrix.
//
// The KDL chain is built from manipdyn::puma560(false): one segment per link,
// Segment(Joint(RotZ), Frame::DH(a, alpha, d, theta), RigidBodyInertia(m, com, I_com)).
// KDL's segment pose is joint.pose(q) * f_tip = Rz(q) Rz(theta) Tz(d) Tx(a) Rx(alpha), the
// standard DH transform of manipdyn (Rz Tz Tx Rx), so segment i's tip frame is DH frame i, where
// manipdyn's COM and inertia are given. RigidBodyInertia's rotational inertia is "the rotational
// inertia in the cog" (kdl/rigidbodyinertia.hpp); the constructor moves it to the frame origin,
// so manipdyn's inertia about the COM goes in unchanged. Gravity (0, 0, -9.81) is passed to KDL
// as is (KDL uses -grav as the base acceleration, as manipdyn does).
//
// Before anything is timed, main() checks that KDL and manipdyn agree on tau and M at several
// random states (relative 1e-9; the same check is the regression test
// tests/regression/serial_kdl_peer.cpp) and exits with status 1 if they do not.
//
// Alignment: CLARIFICATIONS.md warns that Eigen objects passed between code built with
// -march=native (AVX-512, 64-byte alignment) and Debian's generic-x86-64 KDL (16-byte) can corrupt
// the heap. manipdyn does not build with -march=native, so this translation unit uses the same
// flags as Debian's KDL and the pitfall does not apply; KDL is timed in this shared binary.
//
// Names: <library>_<algorithm>/puma560. Run:
//   build/bench/bench_kdl --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <kdl/chain.hpp>
#include <kdl/chaindynparam.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/frames.hpp>
#include <kdl/jntarray.hpp>
#include <kdl/jntspaceinertiamatrix.hpp>
#include <kdl/rigidbodyinertia.hpp>
#include <kdl/rotationalinertia.hpp>
#include <kdl/segment.hpp>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <stdexcept>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace {

using namespace manipdyn;

// The KDL chain of a standard-DH, all-revolute manipdyn model (see the header comment).
KDL::Chain kdl_chain(const SerialModel& model) {
  if (model.convention != DhConvention::standard)
    throw std::invalid_argument("kdl_chain: standard DH table expected");
  KDL::Chain chain;
  for (const LinkParameters& l : model.links) {
    if (l.type != JointType::revolute)
      throw std::invalid_argument("kdl_chain: revolute joints only");
    const Matrix3d& I = l.inertia;  // about the COM, in frame i
    const KDL::RotationalInertia inertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2));
    chain.addSegment(KDL::Segment(KDL::Joint(KDL::Joint::RotZ),
                                  KDL::Frame::DH(l.a, l.alpha, l.d, l.theta),
                                  KDL::RigidBodyInertia(l.mass,
                                                        KDL::Vector(l.com.x(), l.com.y(),
                                                                    l.com.z()),
                                                        inertia)));
  }
  return chain;
}

KDL::Vector kdl_vector(const Vector3d& v) { return KDL::Vector(v.x(), v.y(), v.z()); }

// The PUMA 560 in both libraries, one state in both representations, and the solvers' state.
struct Setup {
  SerialModel model = puma560(false);
  KDL::Chain chain = kdl_chain(model);
  int n = model.dof();
  VectorXd q, qd, qdd;
  Vector6d f_ext = Vector6d::Zero();
  KDL::JntArray kq, kqd, kqdd, ktau;
  KDL::Wrenches kf_ext;
  KDL::JntSpaceInertiaMatrix kM;
  KDL::ChainIdSolver_RNE rne{chain, kdl_vector(model.gravity)};
  KDL::ChainDynParam dyn{chain, kdl_vector(model.gravity)};
  SerialData data{model};

  Setup()
      : q(n), qd(n), qdd(n), kq(n), kqd(n), kqdd(n), ktau(n),
        kf_ext(n, KDL::Wrench::Zero()), kM(n) {
    // The same generic state as bench_serial.
    for (int i = 0; i < n; ++i) {
      q[i] = 0.3 + 0.17 * i;
      qd[i] = 0.5 - 0.11 * i;
      qdd[i] = -0.4 + 0.07 * i;
    }
    to_kdl();
  }
  void to_kdl() {
    for (int i = 0; i < n; ++i) {
      kq(i) = q[i];
      kqd(i) = qd[i];
      kqdd(i) = qdd[i];
    }
  }
};

// ---- non-inlined wrappers -------------------------------------------------------------------
__attribute__((noinline)) const KDL::JntArray& call_kdl_rne(Setup& s) {
  s.rne.CartToJnt(s.kq, s.kqd, s.kqdd, s.kf_ext, s.ktau);
  return s.ktau;
}
__attribute__((noinline)) const KDL::JntSpaceInertiaMatrix& call_kdl_mass(Setup& s) {
  s.dyn.JntToMass(s.kq, s.kM);
  return s.kM;
}
__attribute__((noinline)) const VectorXd& call_inverse_dynamics(Setup& s) {
  return inverse_dynamics(s.model, s.data, s.q, s.qd, s.qdd, s.model.gravity, s.f_ext);
}
__attribute__((noinline)) const VectorXd& call_inverse_dynamics_newton_euler(Setup& s) {
  return inverse_dynamics_newton_euler(s.model, s.data, s.q, s.qd, s.qdd, s.model.gravity,
                                       s.f_ext);
}
__attribute__((noinline)) const MatrixXd& call_mass_matrix(Setup& s) {
  return mass_matrix(s.model, s.data, s.q);
}

// Largest relative difference (to max(1, |reference|_inf)) of KDL's tau and M from manipdyn's
// over `states` random states in [-pi, pi]^n, qd and qdd in [-2, 2]^n.
struct Agreement {
  double tau = 0.0, tau_ne = 0.0, M = 0.0;
};
Agreement check_agreement(int states) {
  Setup s;
  std::mt19937_64 rng(20261121);
  std::uniform_real_distribution<double> angle(-3.14159, 3.14159), rate(-2.0, 2.0);
  Agreement worst;
  for (int k = 0; k < states; ++k) {
    for (int i = 0; i < s.n; ++i) {
      s.q[i] = angle(rng);
      s.qd[i] = rate(rng);
      s.qdd[i] = rate(rng);
    }
    s.to_kdl();
    call_kdl_rne(s);
    call_kdl_mass(s);
    const VectorXd tau = call_inverse_dynamics(s);
    const VectorXd tau_ne = call_inverse_dynamics_newton_euler(s);
    const MatrixXd M = call_mass_matrix(s);
    const double tau_scale = std::max(1.0, tau.cwiseAbs().maxCoeff());
    const double m_scale = std::max(1.0, M.cwiseAbs().maxCoeff());
    for (int i = 0; i < s.n; ++i) {
      worst.tau = std::max(worst.tau, std::abs(s.ktau(i) - tau[i]) / tau_scale);
      worst.tau_ne = std::max(worst.tau_ne, std::abs(s.ktau(i) - tau_ne[i]) / tau_scale);
      for (int j = 0; j < s.n; ++j)
        worst.M = std::max(worst.M, std::abs(s.kM(i, j) - M(i, j)) / m_scale);
    }
  }
  return worst;
}

template <typename Call>
void register_bench(const char* name, Call call) {
  benchmark::RegisterBenchmark(name,
                               [call](benchmark::State& state) {
                                 auto s = std::make_unique<Setup>();
                                 call(*s);  // sizes lazily allocated buffers
                                 for (auto _ : state) {
                                   benchmark::DoNotOptimize(call(*s));
                                   benchmark::ClobberMemory();
                                 }
                               })
      ->MinTime(0.1)
      ->MinWarmUpTime(0.02);
}

}  // namespace

int main(int argc, char** argv) {
  constexpr double kTolerance = 1e-9;
  const Agreement a = check_agreement(20);
  std::fprintf(stderr,
               "bench_kdl: KDL vs manipdyn on puma560 (no drive), 20 random states: max relative "
               "difference tau %.2e (newton_euler %.2e), M %.2e\n",
               a.tau, a.tau_ne, a.M);
  if (!(a.tau <= kTolerance && a.tau_ne <= kTolerance && a.M <= kTolerance)) {
    std::fprintf(stderr, "bench_kdl: KDL and manipdyn disagree (> %.0e); not timing\n",
                 kTolerance);
    return 1;
  }

  register_bench("kdl_rne/puma560", &call_kdl_rne);
  register_bench("inverse_dynamics/puma560", &call_inverse_dynamics);
  register_bench("inverse_dynamics_newton_euler/puma560", &call_inverse_dynamics_newton_euler);
  register_bench("kdl_jnt_to_mass/puma560", &call_kdl_mass);
  register_bench("mass_matrix/puma560", &call_mass_matrix);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
