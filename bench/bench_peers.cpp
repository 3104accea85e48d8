// Peer benchmark (issue 10): manipdyn against every peer Debian packages, in one binary:
// Orocos KDL 1.5.1 (liborocos-kdl-dev), MuJoCo 2.2.2 (libmujoco-dev) and DART 6.12 (libdart-dev).
//
// Robots: the PUMA 560 without drive terms (puma560(false); no peer models motor inertia or
// friction) and random all-revolute, drive-free arms of n = 6, 12, 24, 48, 96, 128 joints
// (random_arm(n, 1, standard) with prismatic_fraction 0: full inertia tensors, random COMs).
// Each is converted into each peer:
//   KDL:    one Segment(Joint(RotZ), Frame::DH(a, alpha, d, theta), RigidBodyInertia(m, com,
//           I_com)) per link, as bench_kdl.cpp (segment i's tip frame is DH frame i);
//   MuJoCo: an MJCF string with one body per link, a hinge about the body's z axis at its origin,
//           body i's frame = DH frame i-1 rotated by q_i about z, placed in body i-1 by the fixed
//           part of DH transform i-1, Rz(theta) Tz(d) Tx(a) Rx(alpha) (by the base for body 1).
//           MuJoCo's compiler rejects the PUMA's published inertias (zero mass of link 1, the
//           triangle inequality), so every body is compiled with a placeholder inertial (mass 1,
//           unit diagonal inertia, off the body frame so that no body is compiled "sameframe" or
//           "simple", shortcuts that would ignore the real COM), and body_mass, body_inertia,
//           body_ipos and body_iquat are then overwritten with the link's (COM and inertia moved
//           into the body frame; the inertia diagonalised by a symmetric eigen-decomposition, the
//           principal axes as body_iquat) before mj_setConst. No armature, damping, geoms (hence
//           contacts) or limits; gravity from the model. MuJoCo's XML parser refuses nesting
//           deeper than 100, so long chains are split over <include>d files (mjcf_files);
////   DART:   a Skeleton of RevoluteJoints about z, each BodyNode's frame as MuJoCo's body frame
//           (joint transform from the parent body = the fixed DH part of the parent link, or the
//           base), its Inertia(mass, com, I_com) with the full tensor in that frame. DART
//           warns at start-up about the PUMA's link 1 (mass 0, zero moments); it computes with
//           them all the same, as the agreement check shows.
//
// Before anything is timed, main() checks, on every robot at kCheckStates random states, that
// all four libraries agree on tau (inverse dynamics), M, G and qdd (forward dynamics) to
// kTolerance relative (to max(1, |manipdyn's result|_inf)); forward dynamics is also checked
// against the qdd from which its tau was made. Any disagreement prints the peer, the quantity, the
// robot and the difference, and the program exits with status 1 without timing.
//
// What is timed (each call through a non-inlined wrapper, workspaces built once, inputs from a
// ring of kRing precomputed random states cycled call by call, in each library's own containers;
// a call includes copying the state into the library where its API needs that):
//   inverse_dynamics: manipdyn::inverse_dynamics | KDL ChainIdSolver_RNE::CartToJnt |
//       mujoco: mj_kinematics, mj_comPos, mj_comVel, mj_rne(flg_acc = 1) (MuJoCo's RNEA) |
//       mujoco_api: mj_inverse (the whole inverse pipeline) |
//       DART setPositions/Velocities/Accelerations + computeInverseDynamics;
//   mass_matrix: manipdyn::mass_matrix | KDL ChainDynParam::JntToMass |
//       mujoco: mj_kinematics, mj_comPos, mj_crb, mj_fullM (dense, as the others) |
//       DART setPositions + getMassMatrix;
//   gravity_torques: manipdyn::gravity_torques | KDL ChainDynParam::JntToGravity |
//       mujoco: mj_kinematics, mj_comPos, mj_rne(flg_acc = 0) on an mjData whose qvel stays 0 |
//       DART setPositions + getGravityForces;
//   forward_dynamics: manipdyn::forward_dynamics (fastest method) | KDL ChainFdSolver_RNE |
//       mujoco: mj_kinematics, mj_comPos, mj_crb, mj_factorM, mj_comVel, mj_rne(0), mj_solveM |
//       mujoco_api: mj_forward (the whole forward pipeline) |
//       DART setPositions/Velocities/Forces + computeForwardDynamics.
// Names: <quantity>/<library>/<robot>, e.g. mass_matrix/kdl/n:48 or
// inverse_dynamics/manipdyn/puma560. manipdyn's rows carry the counter `flops`: the additions,
// multiplications and divisions of the same call counted with the counting scalar on the same
// robot (operation_counts_for_model; sin/cos not included), from which the report computes the
// achieved flops per cycle.
//
// Trees (issue 27): a random 31-joint revolute tree (random_tree(31, 7), 30 % branching) and
// Romeo's upper body (tests/data/urdf/romeo_small.urdf, whole tree, no friction), rows
// <quantity>/<library>/tree:31 and <quantity>/<library>/romeo: inverse_dynamics by manipdyn (the recursive Newton-Euler
// algorithm with parents) and by KDL's TreeIdSolver_RNE::CartToJnt (checked to agree first),
// and manipdyn's mass_matrix, gravity_torques, forward_dynamics (fastest) and
// forward_dynamics_articulated_body (checked: fd(id(qdd)) = qdd), inverse_ and
// forward_dynamics_derivatives (the tree body, src/serial/tree_derivatives.cpp; no peer has
// analytic tree derivatives here: compare with inverse_dynamics/manipdyn of the same robot);
// the free-flyer rows <quantity>/<library>/romeo:free, solo12:free likewise.
//
// Also timed, for issue 10's other targets (no peer offers them; the ratios are to KDL's PUMA 560
// inverse dynamics of the same run):
//   parallel_inverse_dynamics/manipdyn/stewart: the same platform and ring in the general
//       parallel engine (parallel::from_stewart; checked equal to the improved model first);
//       parallel_inverse_dynamics/manipdyn/delta: the RL5-1450 Delta (parallel::delta_rl5_1450)
//       on a ring of a smooth motion (issue 28's targets: 1.5 x the improved model, 0.5 x KDL's
//       PUMA 560); parallel_forward_dynamics/manipdyn/stewart|delta: the forward dynamics of
//       both at the rings' states and forces (checked: FD(ID) gives the ring's accelerations);
//   stewart_inverse_dynamics/manipdyn/dasgupta|improved: one inverse dynamics of the Stewart
//       test platform of Dasgupta & Mruthyunjaya 1998 (printed inertias, with its viscous
//       friction, no cond(H)), cycling through kRing poses of their Path I;
//   batch/<variant>/puma560: kBatchStates PUMA 560 inverse dynamics per iteration, wall time
//       (counter `per_state_ns`): `loop` calls the single-state function for each row,
//       `simd_t1`, `simd_t2` are inverse_dynamics_batch with the default SIMD lanes on 1 and 2
//       threads (8 lanes on AVX-512, else 4), `fast_t1` with BatchSimd::fast, `scalar_t1`
//       without lanes, `simd4_t1` (AVX-512 machines only) 4 lanes on 1 thread;
//       batch/<variant>/romeo and romeo:free the same (but simd_t2) on Romeo's whole tree (31
//       joints, with its friction), fixed and on a free-flyer: the lanes run the tree body. The 2-thread run
//       needs both cores: scripts/run_peer_benchmarks.sh runs `batch/` (with KDL's PUMA 560
//       inverse dynamics, for the throughput ratio of the same run) unpinned, separately from
//       the single-call benchmarks pinned to one core.
//   batch_derivatives/id|fd/loop|t1|t2/puma560: kBatchStates PUMA 560 states of inverse_ (id)
//       or forward_dynamics_derivatives (fd) per iteration: `loop` the single-state calls (the
//       peer), `t1`, `t2` the batch function on 1 and 2 threads without SIMD lanes, `simd_t1`,
//       `simd_t2` with the default lanes, `simd4_t1` (AVX-512 only) 4 lanes on 1 thread;
//   inverse_dynamics_derivatives/manipdyn|central_differences/<robot>,
//       forward_dynamics_derivatives/manipdyn/<robot>: issue 20's derivatives (serial/
//       derivatives.hpp) on every robot above and on puma560_drive (the PUMA with its drive terms);
//       central_differences: 4 n calls of manipdyn's inverse dynamics for dtau/dq and dtau/dqd;
//       manipdyn_codegen (puma560 only): the generated inverse_ and forward_dynamics_derivatives
//       (`manipdyn codegen --derivatives --forward-derivatives`), checked equal to the library's
//       bit for bit before timing.
// scripts/run_peer_benchmarks.sh runs it and writes docs/performance.md.
//
// Alignment (CLARIFICATIONS.md): Debian builds KDL and DART for generic x86-64 (16-byte Eigen
// alignment). manipdyn is not built with -march=native, and neither is this translation unit,
// so every Eigen object passed to KDL or DART (DART's API takes Eigen types) has the layout
// those libraries were compiled for; all peers are therefore timed in this one binary. MuJoCo's
// API is C (plain double arrays) and has no such constraint.
#include <benchmark/benchmark.h>

#include "gen_puma560_rigid.hpp"  // `manipdyn codegen --model puma560 --no-drive` (build time)

#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/Inertia.hpp>
#include <dart/dynamics/RevoluteJoint.hpp>
#include <dart/dynamics/Skeleton.hpp>
#include <kdl/chain.hpp>
#include <kdl/chaindynparam.hpp>
#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/frames.hpp>
#include <kdl/jntarray.hpp>
#include <kdl/jntspaceinertiamatrix.hpp>
#include <kdl/rigidbodyinertia.hpp>
#include <kdl/rotationalinertia.hpp>
#include <kdl/segment.hpp>
#include <kdl/tree.hpp>
#include <kdl/treeidsolver_recursive_newton_euler.hpp>
#include <mujoco/mujoco.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "manipdyn/codegen/generate.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/analysis/operation_count_report.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/parallel/builtin_models.hpp"
#include "manipdyn/parallel/forward_dynamics.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/stewart/inverse_dynamics.hpp"
#include "manipdyn/stewart/studies.hpp"
#include "manipdyn/stewart/trajectory.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/articulated_body.hpp"
#include "../tests/support/kdl_tree.hpp"
#include "../tests/support/mujoco_peer.hpp"
#include "manipdyn/serial/configuration.hpp"

namespace {

using namespace manipdyn;

constexpr double kTolerance = 1e-9;  // largest relative difference accepted between libraries
constexpr int kCheckStates = 10;     // random states per robot in the agreement check
constexpr int kRing = 64;            // precomputed states cycled through while timing

// The fixed part of standard DH transform i: Rz(theta) Tz(d) Tx(a) Rx(alpha) (docs/conventions.md).
Eigen::Isometry3d dh_fixed(const LinkParameters& l) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.rotate(Eigen::AngleAxisd(l.theta, Vector3d::UnitZ()));
  T.translate(Vector3d(0.0, 0.0, l.d));
  T.translate(Vector3d(l.a, 0.0, 0.0));
  T.rotate(Eigen::AngleAxisd(l.alpha, Vector3d::UnitX()));
  return T;
}

void require_revolute_standard(const SerialModel& model, const char* who) {
  if (model.convention != DhConvention::standard)
    throw std::invalid_argument(std::string(who) + ": standard DH table expected");
  for (const LinkParameters& l : model.links)
    if (l.type != JointType::revolute)
      throw std::invalid_argument(std::string(who) + ": revolute joints only");
  if (model.has_drive)
    throw std::invalid_argument(std::string(who) + ": model without drive terms expected");
}

// ---- KDL: as bench_kdl.cpp, with the base as a leading fixed segment -----------------------
KDL::Vector kdl_vector(const Vector3d& v) { return KDL::Vector(v.x(), v.y(), v.z()); }

KDL::Chain kdl_chain(const SerialModel& model) {
  require_revolute_standard(model, "kdl_chain");
  KDL::Chain chain;
  if (!model.base.isApprox(Eigen::Isometry3d::Identity(), 0.0)) {
    const Eigen::Matrix3d R = model.base.linear();
    const Vector3d p = model.base.translation();
    chain.addSegment(KDL::Segment(
        KDL::Joint(KDL::Joint::None),
        KDL::Frame(KDL::Rotation(R(0, 0), R(0, 1), R(0, 2), R(1, 0), R(1, 1), R(1, 2), R(2, 0),
                                 R(2, 1), R(2, 2)),
                   kdl_vector(p))));
  }
  for (const LinkParameters& l : model.links) {
    const Matrix3d& I = l.inertia;  // about the COM, in frame i
    const KDL::RotationalInertia inertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2));
    chain.addSegment(KDL::Segment(KDL::Joint(KDL::Joint::RotZ),
                                  KDL::Frame::DH(l.a, l.alpha, l.d, l.theta),
                                  KDL::RigidBodyInertia(l.mass, kdl_vector(l.com), inertia)));
  }
  return chain;
}

// ---- MuJoCo ---------------------------------------------------------------------------------
// Link i's COM and inertia about it, in the frame of body i (DH frame i-1 rotated by q_i).
struct BodyInertia {
  double mass;
  Vector3d com;
  Matrix3d inertia;
};
BodyInertia body_inertia(const LinkParameters& l) {
  const Eigen::Isometry3d T = dh_fixed(l);
  const Matrix3d R = T.linear();
  return {l.mass, T * l.com, R * l.inertia * R.transpose()};
}

void append_pose(std::ostringstream& xml, const Eigen::Isometry3d& T) {
  const Eigen::Quaterniond quat(T.linear());
  const Vector3d p = T.translation();
  xml << " pos=\"" << p.x() << ' ' << p.y() << ' ' << p.z() << "\" quat=\"" << quat.w() << ' '
      << quat.x() << ' ' << quat.y() << ' ' << quat.z() << '"';
}

// The MJCF of the arm (placeholder inertials; see the file comment), as files for MuJoCo's
// virtual file system: "arm.xml" and, since MuJoCo's XML parser (TinyXML-2) refuses elements
// nested more than 100 deep, the chain cut into parts of kBodiesPerFile bodies, each part
// <include>d inside the last body of the previous one.
constexpr int kBodiesPerFile = 50;
std::vector<std::pair<std::string, std::string>> mjcf_files(const SerialModel& model) {
  std::vector<std::pair<std::string, std::string>> files;
  const int n = model.dof();
  for (int first = 0; first < n; first += kBodiesPerFile) {
    const int last = std::min(n, first + kBodiesPerFile);
    std::ostringstream xml;
    xml.precision(17);
    xml << "<mujoco model=\"arm\">\n";
    if (first == 0)
      xml << "  <compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
          << "  <option gravity=\"" << model.gravity.x() << ' ' << model.gravity.y() << ' '
          << model.gravity.z() << "\"/>\n  <worldbody>\n";
    for (int i = first; i < last; ++i) {
      xml << "<body name=\"link" << i + 1 << '"';
      append_pose(xml, i == 0 ? model.base : dh_fixed(model.links[i - 1]));
      xml << "><joint name=\"q" << i + 1 << "\" type=\"hinge\" axis=\"0 0 1\" pos=\"0 0 0\" "
          << "armature=\"0\" damping=\"0\" limited=\"false\"/>"
          << "<inertial pos=\"0.1 0.2 0.3\" quat=\"0.9 0.1 0.2 0.3\" mass=\"1\" "
          << "diaginertia=\"1 1 1\"/>\n";
    }
    if (last < n) xml << "<include file=\"arm_" << last << ".xml\"/>\n";
    for (int i = first; i < last; ++i) xml << "</body>";
    if (first == 0) xml << "\n  </worldbody>";
    xml << "\n</mujoco>\n";
    files.emplace_back(first == 0 ? "arm.xml" : "arm_" + std::to_string(first) + ".xml",
                       xml.str());
  }
  return files;
}

struct MjModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct MjDataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};
using MjModelPtr = std::unique_ptr<mjModel, MjModelDeleter>;
using MjDataPtr = std::unique_ptr<mjData, MjDataDeleter>;

MjModelPtr mujoco_model(const SerialModel& model) {
  require_revolute_standard(model, "mujoco_model");
  // Compile the MJCF from memory.
  auto vfs = std::make_unique<mjVFS>();
  mj_defaultVFS(vfs.get());
  for (const auto& [file, xml] : mjcf_files(model)) {
    if (mj_makeEmptyFileVFS(vfs.get(), file.c_str(), static_cast<int>(xml.size())) != 0)
      throw std::runtime_error("mujoco_model: mj_makeEmptyFileVFS failed for " + file);
    std::memcpy(vfs->filedata[vfs->nfile - 1], xml.data(), xml.size());
  }
  char error[1000] = "";
  MjModelPtr m(mj_loadXML("arm.xml", vfs.get(), error, sizeof(error)));
  mj_deleteVFS(vfs.get());
  if (!m) throw std::runtime_error(std::string("mujoco_model: ") + error);
  // Overwrite the placeholder inertials (body 0 is the world). The placeholder's pose is not the
  // body frame, so the compiler has marked no body "sameframe" (which would make mj_kinematics
  // skip body_ipos/body_iquat) or "simple" (diagonal M); checked here.
  for (int i = 0; i < model.dof(); ++i) {
    if (m->body_sameframe[i + 1] != 0 || m->body_simple[i + 1] != 0)
      throw std::runtime_error("mujoco_model: body " + std::to_string(i + 1) +
                               " compiled as sameframe or simple");
    const BodyInertia b = body_inertia(model.links[i]);
    const Eigen::SelfAdjointEigenSolver<Matrix3d> eig(b.inertia);
    Matrix3d axes = eig.eigenvectors();
    if (axes.determinant() < 0.0) axes.col(2) = -axes.col(2);
    const Eigen::Quaterniond iquat(axes);
    const int body = i + 1;
    m->body_mass[body] = b.mass;
    for (int k = 0; k < 3; ++k) {
      m->body_inertia[3 * body + k] = eig.eigenvalues()[k];
      m->body_ipos[3 * body + k] = b.com[k];
    }
    m->body_iquat[4 * body + 0] = iquat.w();
    m->body_iquat[4 * body + 1] = iquat.x();
    m->body_iquat[4 * body + 2] = iquat.y();
    m->body_iquat[4 * body + 3] = iquat.z();
  }
  MjDataPtr d(mj_makeData(m.get()));
  mj_setConst(m.get(), d.get());
  return m;
}

// ---- DART -----------------------------------------------------------------------------------
dart::dynamics::SkeletonPtr dart_skeleton(const SerialModel& model) {
  require_revolute_standard(model, "dart_skeleton");
  using namespace dart::dynamics;
  SkeletonPtr skeleton = Skeleton::create("arm");
  BodyNode* parent = nullptr;
  Eigen::Isometry3d parent_to_joint = model.base;
  for (int i = 0; i < model.dof(); ++i) {
    const auto [joint, body] = skeleton->createJointAndBodyNodePair<RevoluteJoint>(parent);
    joint->setName("q" + std::to_string(i + 1));
    joint->setAxis(Vector3d::UnitZ());
    joint->setTransformFromParentBodyNode(parent_to_joint);
    joint->setTransformFromChildBodyNode(Eigen::Isometry3d::Identity());
    body->setName("link" + std::to_string(i + 1));
    const BodyInertia b = body_inertia(model.links[i]);
    body->setInertia(Inertia(b.mass, b.com, b.inertia));
    parent = body;
    parent_to_joint = dh_fixed(model.links[i]);
  }
  skeleton->setGravity(model.gravity);
  return skeleton;
}

// ---- one robot in all four libraries, with the ring of states --------------------------------
struct State {
  VectorXd q, qd, qdd, tau;  // tau = manipdyn's inverse dynamics at (q, qd, qdd)
};

// The ring of kRing states of a robot: q in [-pi, pi]^n, qd and qdd in [-2, 2]^n, tau by
// manipdyn's inverse dynamics (with the end-effector wrench f_ext).
std::vector<State> random_ring(const SerialModel& model, SerialData& data, std::uint64_t seed,
                               const Vector6d& f_ext) {
  const int n = model.dof();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI), rate(-2.0, 2.0);
  std::vector<State> ring;
  for (int k = 0; k < kRing; ++k) {
    State s{VectorXd(n), VectorXd(n), VectorXd(n), VectorXd(n)};
    for (int i = 0; i < n; ++i) {
      s.q[i] = angle(rng);
      s.qd[i] = rate(rng);
      s.qdd[i] = rate(rng);
    }
    s.tau = inverse_dynamics(model, data, s.q, s.qd, s.qdd, model.gravity, f_ext);
    ring.push_back(s);
  }
  return ring;
}

// The position in a ring of states that the next call uses.
struct RingCursor {
  int next = 0;  // index of the ring state the next call uses
  // The ring index for this call, advancing the ring.
  int advance() {
    const int k = next;
    next = (next + 1) % kRing;
    return k;
  }
};

struct Robot : RingCursor {
  std::string name;
  SerialModel model;
  int n;
  Vector6d f_ext = Vector6d::Zero();
  std::vector<State> ring;
  // manipdyn
  SerialData data;
  ForwardDynamicsData fd_data;
  // KDL
  KDL::Chain chain;
  KDL::ChainIdSolver_RNE kdl_rne;
  KDL::ChainDynParam kdl_dyn;
  KDL::ChainFdSolver_RNE kdl_fd;
  std::vector<KDL::JntArray> kq, kqd, kqdd, ktau;  // the ring in KDL's containers
  KDL::Wrenches kf_ext;
  KDL::JntArray kout;
  KDL::JntSpaceInertiaMatrix kM;
  // MuJoCo (d: the general workspace; d_gravity: one whose qvel stays zero)
  MjModelPtr mj;
  MjDataPtr d, d_gravity;
  std::vector<double> mM;  // (n x n) dense mass matrix
  std::vector<double> mout;  // (n)
  // DART
  dart::dynamics::SkeletonPtr skeleton;

  Robot(std::string robot_name, SerialModel m, std::uint64_t seed)
      : name(std::move(robot_name)),
        model(std::move(m)),
        n(model.dof()),
        data(model),
        fd_data(model),
        chain(kdl_chain(model)),
        kdl_rne(chain, kdl_vector(model.gravity)),
        kdl_dyn(chain, kdl_vector(model.gravity)),
        kdl_fd(chain, kdl_vector(model.gravity)),
        kf_ext(chain.getNrOfSegments(), KDL::Wrench::Zero()),
        kout(n),
        kM(n),
        mj(mujoco_model(model)),
        d(mj_makeData(mj.get())),
        d_gravity(mj_makeData(mj.get())),
        mM(static_cast<std::size_t>(n) * n),
        mout(n),
        skeleton(dart_skeleton(model)) {
    ring = random_ring(model, data, seed, f_ext);
    for (const State& s : ring) {
      kq.push_back(to_kdl(s.q));
      kqd.push_back(to_kdl(s.qd));
      kqdd.push_back(to_kdl(s.qdd));
      ktau.push_back(to_kdl(s.tau));
    }
  }
  static KDL::JntArray to_kdl(const VectorXd& v) {
    KDL::JntArray a(static_cast<unsigned>(v.size()));
    a.data = v;
    return a;
  }
};

// ---- non-inlined wrappers: one per library and quantity; each returns its result as a pointer
// to the first element (n, or n x n) -------------------------------------------------------------
__attribute__((noinline)) const double* manipdyn_id(Robot& r) {
  const State& s = r.ring[r.advance()];
  return inverse_dynamics(r.model, r.data, s.q, s.qd, s.qdd, r.model.gravity, r.f_ext).data();
}
// The joint-torque regressor Y (n x 14 n, serial/regressor.hpp), issue 19's item 1: its row
// regressor/manipdyn/puma560 is timed against KDL's inverse dynamics of the same run
// (CLARIFICATIONS: at most 0.5 x).
__attribute__((noinline)) const double* manipdyn_regressor(Robot& r) {
  const State& s = r.ring[r.advance()];
  return joint_torque_regressor(r.model, r.data, s.q, s.qd, s.qdd, r.model.gravity).data();
}
__attribute__((noinline)) const double* manipdyn_mass(Robot& r) {
  return mass_matrix(r.model, r.data, r.ring[r.advance()].q).data();
}
__attribute__((noinline)) const double* manipdyn_gravity(Robot& r) {
  return gravity_torques(r.model, r.data, r.ring[r.advance()].q, r.model.gravity).data();
}
__attribute__((noinline)) const double* manipdyn_fd(Robot& r) {
  const State& s = r.ring[r.advance()];
  return forward_dynamics(r.model, r.fd_data, s.q, s.qd, s.tau, r.model.gravity, r.f_ext).data();
}

// manipdyn's generated code for the PUMA 560 (codegen/generate.hpp; bench/CMakeLists.txt runs
// `manipdyn codegen` at build time): the same numbers as the calls above, bit for bit.
std::vector<double>& codegen_out() {
  static std::vector<double> out(36);
  return out;
}
__attribute__((noinline)) const double* codegen_id(Robot& r) {
  const State& s = r.ring[r.advance()];
  gen_puma560_rigid::inverse_dynamics(s.q.data(), s.qd.data(), s.qdd.data(), codegen_out().data());
  return codegen_out().data();
}
__attribute__((noinline)) const double* codegen_mass(Robot& r) {
  gen_puma560_rigid::mass_matrix(r.ring[r.advance()].q.data(), codegen_out().data());
  return codegen_out().data();
}
__attribute__((noinline)) const double* codegen_gravity(Robot& r) {
  gen_puma560_rigid::gravity_torques(r.ring[r.advance()].q.data(), codegen_out().data());
  return codegen_out().data();
}

__attribute__((noinline)) const double* kdl_id(Robot& r) {
  const int k = r.advance();
  r.kdl_rne.CartToJnt(r.kq[k], r.kqd[k], r.kqdd[k], r.kf_ext, r.kout);
  return r.kout.data.data();
}
__attribute__((noinline)) const double* kdl_mass(Robot& r) {
  r.kdl_dyn.JntToMass(r.kq[r.advance()], r.kM);
  return r.kM.data.data();
}
__attribute__((noinline)) const double* kdl_gravity(Robot& r) {
  r.kdl_dyn.JntToGravity(r.kq[r.advance()], r.kout);
  return r.kout.data.data();
}
__attribute__((noinline)) const double* kdl_fd(Robot& r) {
  const int k = r.advance();
  r.kdl_fd.CartToJnt(r.kq[k], r.kqd[k], r.ktau[k], r.kf_ext, r.kout);
  return r.kout.data.data();
}

void mj_set(const Robot& r, mjtNum* dst, const VectorXd& v) { mju_copy(dst, v.data(), r.n); }

__attribute__((noinline)) const double* mujoco_id(Robot& r) {
  const State& s = r.ring[r.advance()];
  mjData* d = r.d.get();
  mj_set(r, d->qpos, s.q);
  mj_set(r, d->qvel, s.qd);
  mj_set(r, d->qacc, s.qdd);
  mj_kinematics(r.mj.get(), d);
  mj_comPos(r.mj.get(), d);
  mj_comVel(r.mj.get(), d);
  mj_rne(r.mj.get(), d, 1, r.mout.data());
  return r.mout.data();
}
__attribute__((noinline)) const double* mujoco_api_id(Robot& r) {
  const State& s = r.ring[r.advance()];
  mjData* d = r.d.get();
  mj_set(r, d->qpos, s.q);
  mj_set(r, d->qvel, s.qd);
  mj_set(r, d->qacc, s.qdd);
  mj_inverse(r.mj.get(), d);
  return d->qfrc_inverse;
}
__attribute__((noinline)) const double* mujoco_mass(Robot& r) {
  mjData* d = r.d.get();
  mj_set(r, d->qpos, r.ring[r.advance()].q);
  mj_kinematics(r.mj.get(), d);
  mj_comPos(r.mj.get(), d);
  mj_crb(r.mj.get(), d);
  mj_fullM(r.mj.get(), r.mM.data(), d->qM);
  return r.mM.data();
}
__attribute__((noinline)) const double* mujoco_gravity(Robot& r) {
  mjData* d = r.d_gravity.get();  // qvel = 0 from mj_makeData on, never written
  mj_set(r, d->qpos, r.ring[r.advance()].q);
  mj_kinematics(r.mj.get(), d);
  mj_comPos(r.mj.get(), d);
  mj_rne(r.mj.get(), d, 0, r.mout.data());
  return r.mout.data();
}
__attribute__((noinline)) const double* mujoco_fd(Robot& r) {
  const State& s = r.ring[r.advance()];
  mjData* d = r.d.get();
  mj_set(r, d->qpos, s.q);
  mj_set(r, d->qvel, s.qd);
  mj_kinematics(r.mj.get(), d);
  mj_comPos(r.mj.get(), d);
  mj_crb(r.mj.get(), d);
  mj_factorM(r.mj.get(), d);
  mj_comVel(r.mj.get(), d);
  mj_rne(r.mj.get(), d, 0, r.mout.data());  // bias C qd + G
  for (int i = 0; i < r.n; ++i) r.mout[i] = s.tau[i] - r.mout[i];
  mj_solveM(r.mj.get(), d, r.mout.data(), r.mout.data(), 1);
  return r.mout.data();
}
__attribute__((noinline)) const double* mujoco_api_fd(Robot& r) {
  const State& s = r.ring[r.advance()];
  mjData* d = r.d.get();
  mj_set(r, d->qpos, s.q);
  mj_set(r, d->qvel, s.qd);
  mj_set(r, d->qfrc_applied, s.tau);
  mj_forward(r.mj.get(), d);
  return d->qacc;
}

__attribute__((noinline)) const double* dart_id(Robot& r) {
  const State& s = r.ring[r.advance()];
  r.skeleton->setPositions(s.q);
  r.skeleton->setVelocities(s.qd);
  r.skeleton->setAccelerations(s.qdd);
  r.skeleton->computeInverseDynamics();
  r.kout.data = r.skeleton->getForces();
  return r.kout.data.data();
}
__attribute__((noinline)) const double* dart_mass(Robot& r) {
  r.skeleton->setPositions(r.ring[r.advance()].q);
  return r.skeleton->getMassMatrix().data();
}
__attribute__((noinline)) const double* dart_gravity(Robot& r) {
  r.skeleton->setPositions(r.ring[r.advance()].q);
  return r.skeleton->getGravityForces().data();
}
__attribute__((noinline)) const double* dart_fd(Robot& r) {
  const State& s = r.ring[r.advance()];
  r.skeleton->setPositions(s.q);
  r.skeleton->setVelocities(s.qd);
  r.skeleton->setForces(s.tau);
  r.skeleton->computeForwardDynamics();
  r.kout.data = r.skeleton->getAccelerations();
  return r.kout.data.data();
}

using Call = const double* (*)(Robot&);
struct Implementation {
  const char* quantity;  // inverse_dynamics, mass_matrix, gravity_torques, forward_dynamics
  const char* library;   // manipdyn, manipdyn_codegen (PUMA 560 only), kdl, mujoco, mujoco_api, dart
  Call call;
  bool square;  // result n x n (else n)
  bool puma_only = false;  // generated for the PUMA 560: timed and checked on it alone
};
const Implementation kImplementations[] = {
    {"inverse_dynamics", "manipdyn", &manipdyn_id, false},
    {"inverse_dynamics", "manipdyn_codegen", &codegen_id, false, true},
    {"inverse_dynamics", "kdl", &kdl_id, false},
    {"inverse_dynamics", "mujoco", &mujoco_id, false},
    {"inverse_dynamics", "mujoco_api", &mujoco_api_id, false},
    {"inverse_dynamics", "dart", &dart_id, false},
    {"mass_matrix", "manipdyn", &manipdyn_mass, true},
    {"mass_matrix", "manipdyn_codegen", &codegen_mass, true, true},
    {"mass_matrix", "kdl", &kdl_mass, true},
    {"mass_matrix", "mujoco", &mujoco_mass, true},
    {"mass_matrix", "dart", &dart_mass, true},
    {"gravity_torques", "manipdyn", &manipdyn_gravity, false},
    {"gravity_torques", "manipdyn_codegen", &codegen_gravity, false, true},
    {"gravity_torques", "kdl", &kdl_gravity, false},
    {"gravity_torques", "mujoco", &mujoco_gravity, false},
    {"gravity_torques", "dart", &dart_gravity, false},
    {"forward_dynamics", "manipdyn", &manipdyn_fd, false},
    {"forward_dynamics", "kdl", &kdl_fd, false},
    {"forward_dynamics", "mujoco", &mujoco_fd, false},
    {"forward_dynamics", "mujoco_api", &mujoco_api_fd, false},
    {"forward_dynamics", "dart", &dart_fd, false},
};

// The agreement check on one robot: every implementation of a quantity against manipdyn's at
// kCheckStates ring states (all MuJoCo and DART matrices are column-major or symmetric, so the
// flat comparison is exact), and manipdyn's forward dynamics against the ring's qdd. Prints one
// line per robot; returns false (after printing what disagrees) on a difference > kTolerance.
bool check_agreement(Robot& r) {
  bool ok = true;
  double worst_of[4] = {0.0, 0.0, 0.0, 0.0};  // tau, M, G, qdd over all peers
  for (const Implementation& ref : kImplementations) {
    if (std::strcmp(ref.library, "manipdyn") != 0) continue;
    const std::size_t size = static_cast<std::size_t>(r.n) * (ref.square ? r.n : 1);
    for (const Implementation& peer : kImplementations) {
      if (std::strcmp(peer.quantity, ref.quantity) != 0 || &peer == &ref) continue;
      if (peer.puma_only && r.name != "puma560") continue;
      double worst = 0.0;
      for (int k = 0; k < kCheckStates; ++k) {
        r.next = k;
        const double* a = ref.call(r);
        const std::vector<double> expected(a, a + size);
        r.next = k;
        const double* b = peer.call(r);
        double scale = 1.0;
        for (double x : expected) scale = std::max(scale, std::abs(x));
        for (std::size_t i = 0; i < size; ++i)
          worst = std::max(worst, std::abs(b[i] - expected[i]) / scale);
        if (!std::isfinite(worst)) worst = INFINITY;
      }
      const int q = ref.call == &manipdyn_id ? 0 : ref.call == &manipdyn_mass ? 1
                    : ref.call == &manipdyn_gravity ? 2 : 3;
      worst_of[q] = std::max(worst_of[q], worst);
      if (!(worst <= kTolerance)) {
        std::fprintf(stderr,
                     "bench_peers: %s disagrees with manipdyn on %s for %s (n = %d): max relative "
                     "difference %.3e > %.0e\n",
                     peer.library, peer.quantity, r.name.c_str(), r.n, worst, kTolerance);
        ok = false;
      }
    }
  }
  // manipdyn's forward dynamics returns the qdd its tau was made from.
  double worst_fd = 0.0;
  for (int k = 0; k < kCheckStates; ++k) {
    r.next = k;
    const double* qdd = manipdyn_fd(r);
    const VectorXd& expected = r.ring[k].qdd;
    const double scale = std::max(1.0, expected.cwiseAbs().maxCoeff());
    for (int i = 0; i < r.n; ++i)
      worst_fd = std::max(worst_fd, std::abs(qdd[i] - expected[i]) / scale);
  }
  if (!(worst_fd <= kTolerance)) {
    std::fprintf(stderr,
                 "bench_peers: manipdyn forward_dynamics(inverse_dynamics(qdd)) != qdd for %s "
                 "(n = %d): max relative difference %.3e\n",
                 r.name.c_str(), r.n, worst_fd);
    ok = false;
  }
  r.next = 0;
  std::fprintf(stderr,
               "bench_peers: %-8s n = %3d, %d states: largest relative difference of a peer from "
               "manipdyn: tau %.1e, M %.1e, G %.1e, qdd %.1e (manipdyn fd(id(qdd)) - qdd %.1e)%s\n",
               r.name.c_str(), r.n, kCheckStates, worst_of[0], worst_of[1], worst_of[2],
               worst_of[3], worst_fd, ok ? "" : "  FAILED");
  return ok;
}

// ---- counted operations of manipdyn's calls (the counter `flops`) ------------------------------
// The arithmetic operations (mul + add + div) of manipdyn's call for `quantity` on `model`,
// counted with the counting scalar; 0 when the registry does not count it at this n.
double counted_flops(const SerialModel& model, const std::string& quantity) {
  std::string name = quantity;
  if (quantity == "forward_dynamics")
    name = model.dof() < forward_dynamics_crossover() ? "forward_dynamics_mass_matrix"
                                                      : "forward_dynamics_articulated_body";
  const std::vector<OperationCountRow> rows = operation_counts_for_model(model, {name});
  if (rows.empty()) return 0.0;
  const OpCounter& c = rows.front().counted;
  return static_cast<double>(c.mul + c.add + c.div);
}

// ---- the Stewart platform's inverse dynamics -----------------------------------------------------
struct Platform {
  stewart::StewartModel model = stewart::dasgupta_test_platform(true);
  stewart::StewartData data{model};
  std::vector<stewart::PlatformMotion> ring;  // kRing samples of Path I
  int next = 0;
  Platform() {
    const stewart::PlannedPath path = stewart::plan_path(stewart::paper_path("I").spec);
    for (int k = 0; k < kRing; ++k)
      ring.push_back(
          stewart::sample_path(path, path.spec.tau_f * (k + 0.5) / kRing).motion());
  }
};

__attribute__((noinline)) const double* stewart_id(Platform& p, stewart::DynamicsModel which) {
  const stewart::PlatformMotion& x = p.ring[p.next];
  p.next = (p.next + 1) % kRing;
  stewart::InverseDynamicsOptions o;
  o.condition_number = false;
  return stewart::inverse_dynamics(which, p.model, p.data, x, {}, o).data();
}

// The same platform in the general parallel engine (parallel::from_stewart, home at Path I's
// start), the same ring: one actuator-space inverse dynamics (Khalil & Ibrahim 2007) per call.
struct GeneralPlatform {
  Platform stewart;
  parallel::ParallelModel model;
  parallel::ParallelData data;
  int next = 0;
  static Eigen::Isometry3d home() {
    const stewart::PlatformMotion x0 =
        stewart::sample_path(stewart::plan_path(stewart::paper_path("I").spec), 0.0).motion();
    Eigen::Isometry3d h = Eigen::Isometry3d::Identity();
    h.linear() = x0.R;
    h.translation() = x0.t;
    return h;
  }
  GeneralPlatform() : model(parallel::from_stewart(stewart.model, home())), data(model) {}
};

// The Delta robot of the CIIRC RL5-1450 (parallel::delta_rl5_1450) on a ring of kRing states of a
// smooth motion through its workspace (0.2 m across, 0.1 m deep, about 3 m/s and 60 m/s^2).
struct DeltaRobot {
  parallel::ParallelModel model = parallel::delta_rl5_1450();
  parallel::ParallelData data{model};
  std::vector<PlatformMotion> ring;
  int next = 0;
  DeltaRobot() {
    const Vector3d centre = model.home.translation();
    for (int k = 0; k < kRing; ++k) {
      const double s = 2 * 3.14159265358979323846 * (k + 0.5) / kRing, w = 15.0;
      PlatformMotion x;
      x.t = centre + Vector3d(0.1 * std::sin(s), 0.05 * std::sin(2 * s), -0.05 * std::cos(s));
      x.v = w * Vector3d(0.1 * std::cos(s), 0.1 * std::cos(2 * s), 0.05 * std::sin(s));
      x.a = w * w * Vector3d(-0.1 * std::sin(s), -0.2 * std::sin(2 * s), 0.05 * std::cos(s));
      ring.push_back(x);
    }
  }
};

__attribute__((noinline)) const double* parallel_delta_id(DeltaRobot& p) {
  const PlatformMotion& x = p.ring[p.next];
  p.next = (p.next + 1) % kRing;
  return parallel::inverse_dynamics(p.model, p.data, x).data();
}

// One forward dynamics of the general engine at a ring state with its inverse dynamics' forces
// (tau_ring), so that the result is the ring's acceleration.
template <typename Robot>
__attribute__((noinline)) const double* parallel_fd(Robot& p, const std::vector<PlatformMotion>& ring,
                                                    const std::vector<VectorXd>& tau_ring) {
  const PlatformMotion& x = ring[p.next];
  const VectorXd& tau = tau_ring[p.next];
  p.next = (p.next + 1) % kRing;
  return parallel::forward_dynamics(p.model, p.data, x, tau).data();
}

__attribute__((noinline)) const double* parallel_stewart_id(GeneralPlatform& p) {
  const stewart::PlatformMotion& x = p.stewart.ring[p.next];
  p.next = (p.next + 1) % kRing;
  return parallel::inverse_dynamics(p.model, p.data, x).data();
}

// ---- many PUMA 560 states at once ---------------------------------------------------------------
constexpr Eigen::Index kBatchStates = 10000;

struct BatchStates {
  RowMatrixXd q, qd, qdd, tau;
  explicit BatchStates(int n)
      : q(kBatchStates, n), qd(kBatchStates, n), qdd(kBatchStates, n), tau(kBatchStates, n) {
    std::mt19937_64 rng(20261124);
    std::uniform_real_distribution<double> angle(-M_PI, M_PI), rate(-2.0, 2.0);
    for (Eigen::Index i = 0; i < kBatchStates; ++i)
      for (int k = 0; k < n; ++k) {
        q(i, k) = angle(rng);
        qd(i, k) = rate(rng);
        qdd(i, k) = rate(rng);
      }
  }
  /// The states of `model`: n columns each for a fixed root (as BatchStates(n)); on a free-flyer
  /// q = [random_configuration's base pose, the joint angles], nq columns, the others nv.
  explicit BatchStates(const SerialModel& model) : BatchStates(model.nv()) {
    if (model.root != RootJoint::free_flyer) return;
    const RowMatrixXd joints = q.rightCols(model.dof());
    q.resize(kBatchStates, model.nq());
    q.rightCols(model.dof()) = joints;
    for (Eigen::Index i = 0; i < kBatchStates; ++i)
      q.row(i).head<7>() =
          random_configuration(model, static_cast<std::uint64_t>(i)).head<7>().transpose();
  }
};

__attribute__((noinline)) void batch_loop(const SerialModel& m, SerialData& d, BatchStates& s) {
  for (Eigen::Index i = 0; i < kBatchStates; ++i)
    s.tau.row(i) = inverse_dynamics(m, d, s.q.row(i).transpose(), s.qd.row(i).transpose(),
                                    s.qdd.row(i).transpose())
                       .transpose();
}

__attribute__((noinline)) void batch_call(const SerialModel& m, BatchWorkspace& w, BatchStates& s,
                                          int threads, BatchSimd simd, int lanes) {
  inverse_dynamics_batch(m, w, s.q, s.qd, s.qdd, s.tau,
                         {.threads = threads, .simd = simd, .simd_lanes = lanes});
}

// batch/<variant>/<robot>: the PUMA 560 (every variant) and, with `tree_variants`, Romeo's
// whole tree, fixed and free-flyer (loop, simd_t1, fast_t1, scalar_t1, simd4_t1: the lanes
// against the threads-of-one path in the same run).
void register_batch(const SerialModel& puma, const std::string& robot = "puma560",
                    bool tree_variants = false) {
  // the states per iteration, for the report's time per state (real time / states)
  const auto per_state = [](benchmark::State& state) {
    state.counters["states"] = static_cast<double>(kBatchStates);
  };
  benchmark::RegisterBenchmark(("batch/loop/" + robot).c_str(),
                               [puma, per_state](benchmark::State& state) {
                                 SerialData data(puma);
                                 BatchStates s(puma);
                                 batch_loop(puma, data, s);
                                 for (auto _ : state) {
                                   batch_loop(puma, data, s);
                                   benchmark::ClobberMemory();
                                 }
                                 per_state(state);
                               })
      ->UseRealTime()
      ->MinTime(0.2);
  struct Variant {
    const char* name;
    int threads;
    BatchSimd simd;
    int lanes = 0;
  };
  std::vector<Variant> variants{{"simd_t1", 1, BatchSimd::exact},
                                {"simd_t2", 2, BatchSimd::exact},
                                {"fast_t1", 1, BatchSimd::fast},
                                {"scalar_t1", 1, BatchSimd::off}};
  if (tree_variants) variants.erase(variants.begin() + 1);  // no simd_t2
  if (batch_simd_lanes() == 8) variants.push_back({"simd4_t1", 1, BatchSimd::exact, 4});
  for (const Variant& v : variants)
    benchmark::RegisterBenchmark((std::string("batch/") + v.name + "/" + robot).c_str(),
                                 [puma, per_state, v](benchmark::State& state) {
                                   BatchWorkspace workspace(puma);
                                   BatchStates s(puma);
                                   batch_call(puma, workspace, s, v.threads, v.simd, v.lanes);  // warm
                                   for (auto _ : state) {
                                     batch_call(puma, workspace, s, v.threads, v.simd, v.lanes);
                                     benchmark::ClobberMemory();
                                   }
                                   per_state(state);
                                 })
        ->UseRealTime()
        ->MinTime(0.2);
}

// batch_derivatives/<fn>/<variant>/puma560: kBatchStates PUMA 560 states per iteration of
// inverse_ (id) or forward_dynamics_derivatives (fd): `loop` calls the single-state function for
// each row (the peer), `t1`, `t2` the batch function on 1 and 2 threads without SIMD lanes,
// `simd_t1`, `simd_t2` with the default lanes (8 on AVX-512, else 4), `simd4_t1` (AVX-512
// machines only) 4 lanes on 1 thread.
struct DerivativeBatchStates : BatchStates {
  RowMatrixXd A, B, C;  // the three (N x n*n) outputs
  explicit DerivativeBatchStates(int n)
      : BatchStates(n), A(kBatchStates, n * n), B(kBatchStates, n * n), C(kBatchStates, n * n) {}
};

__attribute__((noinline)) void derivative_batch_loop(const SerialModel& m, DerivativesData& d,
                                                     DerivativeBatchStates& s, bool forward) {
  const int n = m.dof();
  for (Eigen::Index i = 0; i < kBatchStates; ++i) {
    const auto q = s.q.row(i).transpose(), qd = s.qd.row(i).transpose(),
               third = s.qdd.row(i).transpose();
    if (forward) {
      forward_dynamics_derivatives<double>(m, d, q, qd, third);
      Eigen::Map<RowMatrixXd>(s.A.row(i).data(), n, n) = d.dqdd_dq;
      Eigen::Map<RowMatrixXd>(s.B.row(i).data(), n, n) = d.dqdd_dqd;
      Eigen::Map<RowMatrixXd>(s.C.row(i).data(), n, n) = d.dqdd_dtau;
    } else {
      inverse_dynamics_derivatives<double>(m, d, q, qd, third);
      Eigen::Map<RowMatrixXd>(s.A.row(i).data(), n, n) = d.dtau_dq;
      Eigen::Map<RowMatrixXd>(s.B.row(i).data(), n, n) = d.dtau_dqd;
      Eigen::Map<RowMatrixXd>(s.C.row(i).data(), n, n) = d.dtau_dqdd;
    }
  }
}

__attribute__((noinline)) void derivative_batch_call(const SerialModel& m, BatchWorkspace& w,
                                                     DerivativeBatchStates& s, bool forward,
                                                     const BatchOptions& options) {
  if (forward)
    forward_dynamics_derivatives_batch(m, w, s.q, s.qd, s.qdd, s.A, s.B, s.C, options);
  else
    inverse_dynamics_derivatives_batch(m, w, s.q, s.qd, s.qdd, s.A, s.B, s.C, options);
}

void register_derivative_batch(const SerialModel& puma) {
  struct Variant {
    std::string name;
    int threads;  // 0: the single-call loop
    BatchSimd simd;
    int lanes = 0;
  };
  std::vector<Variant> variants{{"loop", 0, BatchSimd::off},
                                {"t1", 1, BatchSimd::off},
                                {"t2", 2, BatchSimd::off}};
  if (batch_simd_available()) {
    variants.push_back({"simd_t1", 1, BatchSimd::exact});
    variants.push_back({"simd_t2", 2, BatchSimd::exact});
  }
  if (batch_simd_lanes() == 8) variants.push_back({"simd4_t1", 1, BatchSimd::exact, 4});
  for (const bool forward : {false, true})
    for (const Variant& v : variants) {
      const std::string name = std::string("batch_derivatives/") + (forward ? "fd/" : "id/") +
                               v.name + "/puma560";
      const int threads = v.threads;
      const BatchOptions options{.threads = threads, .simd = v.simd, .simd_lanes = v.lanes};
      benchmark::RegisterBenchmark(name.c_str(), [puma, forward, threads,
                                                  options](benchmark::State& st) {
        DerivativeBatchStates s(puma.dof());
        DerivativesData data(puma);
        BatchWorkspace workspace(puma);
        auto run = [&] {
          if (threads == 0)
            derivative_batch_loop(puma, data, s, forward);
          else
            derivative_batch_call(puma, workspace, s, forward, options);
        };
        run();  // warm
        for (auto _ : st) {
          run();
          benchmark::ClobberMemory();
        }
        st.counters["states"] = static_cast<double>(kBatchStates);
      })->UseRealTime()->MinTime(0.2);
    }
}

// ---- derivatives of the dynamics (serial/derivatives.hpp), issue 20 item 4 ----------------------
// Per robot (the ring's states; for puma560_drive the PUMA 560 with its drive terms, tau
// recomputed with them): inverse_dynamics_derivatives (dtau/dq, dtau/dqd, M), forward_dynamics_
// derivatives (qdd, dqdd/dq, dqdd/dqd, M^-1) and, for scale, central differences of manipdyn's own
// inverse dynamics for dtau/dq and dtau/dqd (4 n calls). Checked against the central differences
// (1e-5 relative) before timing; ratios are read against inverse_dynamics/kdl/<robot>.
struct DerivativeBench {
  SerialModel model;
  std::vector<State> ring;
  int next = 0;
  Vector6d f_ext = Vector6d::Zero();
  DerivativesData data;
  SerialData id_data;
  MatrixXd cd;  // (n x 2n) [dtau/dq, dtau/dqd] by central differences
  MatrixXd generated_m;  // (n x n) dtau/dqdd (dqdd/dtau) of the generated code
  VectorXd generated_qdd;  // (n) qdd of the generated forward_dynamics_derivatives
  VectorXd x;
  DerivativeBench(SerialModel m, const std::vector<State>& states)
      : model(std::move(m)), ring(states), data(model), id_data(model),
        cd(model.dof(), 2 * model.dof()), generated_m(model.dof(), model.dof()),
        generated_qdd(model.dof()), x(model.dof()) {
    for (State& s : ring)
      s.tau = inverse_dynamics(model, id_data, s.q, s.qd, s.qdd, model.gravity, f_ext);
  }
  const State& advance() {
    const State& s = ring[next];
    next = (next + 1) % kRing;
    return s;
  }
};

__attribute__((noinline)) const double* manipdyn_id_derivatives(DerivativeBench& b) {
  const State& s = b.advance();
  return inverse_dynamics_derivatives(b.model, b.data, s.q, s.qd, s.qdd, b.model.gravity, b.f_ext)
      .dtau_dq.data();
}
__attribute__((noinline)) const double* manipdyn_fd_derivatives(DerivativeBench& b) {
  const State& s = b.advance();
  return forward_dynamics_derivatives(b.model, b.data, s.q, s.qd, s.tau, b.model.gravity, b.f_ext)
      .dqdd_dq.data();
}
__attribute__((noinline)) const double* central_id_derivatives(DerivativeBench& b) {
  const State& s = b.advance();
  const int n = b.model.dof();
  for (int arg = 0; arg < 2; ++arg)
    for (int j = 0; j < n; ++j) {
      b.x = arg == 0 ? s.q : s.qd;
      const double h = 1e-6 * std::max(1.0, std::abs(b.x[j]));
      const VectorXd& q = arg == 0 ? b.x : s.q;
      const VectorXd& qd = arg == 0 ? s.qd : b.x;
      b.x[j] += h;
      b.cd.col(arg * n + j) =
          inverse_dynamics(unchecked, b.model, b.id_data, q, qd, s.qdd, b.model.gravity, b.f_ext);
      b.x[j] -= 2.0 * h;
      b.cd.col(arg * n + j) -=
          inverse_dynamics(unchecked, b.model, b.id_data, q, qd, s.qdd, b.model.gravity, b.f_ext);
      b.cd.col(arg * n + j) /= 2.0 * h;
    }
  return b.cd.data();
}

// The generated inverse_dynamics_derivatives of the PUMA 560 (no drive terms, no wrench; the
// bench's f_ext is zero), bit for bit the call above.
__attribute__((noinline)) const double* codegen_id_derivatives(DerivativeBench& b) {
  const State& s = b.advance();
  double* out = b.cd.data();  // dtau/dq, dtau/dqd, then dtau/dqdd in the first 3 n^2 entries
  const int n2 = b.model.dof() * b.model.dof();
  gen_puma560_rigid::inverse_dynamics_derivatives(s.q.data(), s.qd.data(), s.qdd.data(), out,
                                                  out + n2, b.generated_m.data());
  return out;
}

// The generated forward_dynamics_derivatives of the PUMA 560 (as above); nullptr if it returns
// false (M not positive definite: not on the bench's states).
__attribute__((noinline)) const double* codegen_fd_derivatives(DerivativeBench& b) {
  const State& s = b.advance();
  double* out = b.cd.data();  // dqdd/dq, dqdd/dqd, then dqdd/dtau in the first 3 n^2 entries
  const int n2 = b.model.dof() * b.model.dof();
  return gen_puma560_rigid::forward_dynamics_derivatives(s.q.data(), s.qd.data(), s.tau.data(),
                                                         b.generated_qdd.data(), out, out + n2,
                                                         b.generated_m.data())
             ? out
             : nullptr;
}

// The generated derivatives equal the library's (== on every entry) at the first ring states.
bool check_generated_derivatives(DerivativeBench& b) {
  bool ok = true;
  const int n = b.model.dof();
  for (int k = 0; k < 4; ++k) {
    b.next = k;
    codegen_id_derivatives(b);
    b.next = k;
    manipdyn_id_derivatives(b);
    ok = ok && b.cd.leftCols(n) == b.data.dtau_dq && b.cd.rightCols(n) == b.data.dtau_dqd &&
         b.generated_m == b.data.dtau_dqdd;
    b.next = k;
    ok = ok && codegen_fd_derivatives(b) != nullptr;
    b.next = k;
    manipdyn_fd_derivatives(b);
    ok = ok && b.generated_qdd == b.data.qdd && b.cd.leftCols(n) == b.data.dqdd_dq &&
         b.cd.rightCols(n) == b.data.dqdd_dqd && b.generated_m == b.data.dqdd_dtau;
  }
  std::fprintf(stderr, "bench_peers: generated PUMA 560 derivatives %s the library's\n",
               ok ? "equal" : "DIFFER FROM");
  return ok;
}

// The analytic dtau/dq, dtau/dqd against the central differences at the first ring state.
bool check_derivatives(DerivativeBench& b, const std::string& name) {
  b.next = 0;
  const int n = b.model.dof();
  central_id_derivatives(b);
  b.next = 0;
  manipdyn_id_derivatives(b);
  b.next = 0;
  MatrixXd analytic(n, 2 * n);
  analytic << b.data.dtau_dq, b.data.dtau_dqd;
  const double scale = std::max(1.0, analytic.cwiseAbs().maxCoeff());
  const double worst = (analytic - b.cd).cwiseAbs().maxCoeff() / scale;
  std::fprintf(stderr, "bench_peers: %-14s derivatives vs central differences: %.1e\n",
               name.c_str(), worst);
  return worst <= 1e-5;
}

bool register_derivatives(const std::vector<std::shared_ptr<Robot>>& robots) {
  using DerivativeCall = const double* (*)(DerivativeBench&);
  std::vector<std::pair<std::string, std::shared_ptr<DerivativeBench>>> benches;
  for (const auto& r : robots)
    benches.emplace_back(r->name, std::make_shared<DerivativeBench>(r->model, r->ring));
  benches.emplace_back("puma560_drive",
                       std::make_shared<DerivativeBench>(puma560(true), robots.front()->ring));
  const std::pair<const char*, DerivativeCall> rows[] = {
      {"inverse_dynamics_derivatives/manipdyn/", &manipdyn_id_derivatives},
      {"forward_dynamics_derivatives/manipdyn/", &manipdyn_fd_derivatives},
      {"inverse_dynamics_derivatives/central_differences/", &central_id_derivatives}};
  bool ok = true;
  for (auto& [name, bench] : benches) ok = check_derivatives(*bench, name) && ok;
  // the generated code of the rigid PUMA 560 (bench/generate/codegen_puma560.cpp)
  const auto& puma = benches.front().second;
  ok = check_generated_derivatives(*puma) && ok;
  auto register_row = [](const std::string& name, const std::shared_ptr<DerivativeBench>& bench,
                         DerivativeCall call) {
    benchmark::RegisterBenchmark(name.c_str(),
                                 [bench, call](benchmark::State& state) {
                                   call(*bench);
                                   for (auto _ : state) {
                                     benchmark::DoNotOptimize(call(*bench));
                                     benchmark::ClobberMemory();
                                   }
                                 })
        ->MinTime(0.1)
        ->MinWarmUpTime(0.02);
  };
  register_row("inverse_dynamics_derivatives/manipdyn_codegen/puma560", puma,
               &codegen_id_derivatives);
  register_row("forward_dynamics_derivatives/manipdyn_codegen/puma560", puma,
               &codegen_fd_derivatives);
  for (const auto& [prefix, call] : rows)
    for (auto& [name, bench] : benches) register_row(prefix + name, bench, call);
  return ok;
}


// ---- trees (issue 27, item 7): a random 31-joint tree and Romeo's upper body (its whole URDF
// tree), manipdyn against KDL's tree inverse dynamics (TreeIdSolver_RNE; KDL has no tree mass
// matrix or forward dynamics). The tree is converted by tests/support/kdl_tree.hpp; rows
// <quantity>/<library>/tree:31 and .../romeo. ----------------------------------------------------
struct TreeRobot;
using TreeCall = const double* (*)(TreeRobot&);

struct TreeRobot : RingCursor {
  std::string name;
  SerialModel model;
  int n;
  std::vector<State> ring;
  SerialData data;
  ForwardDynamicsData fd_data;
  DerivativesData derivatives;
  KDL::Tree tree;
  KDL::TreeIdSolver_RNE kdl_rne;
  std::vector<KDL::JntArray> kq, kqd, kqdd;
  KDL::JntArray kout;
  KDL::WrenchMap kf_ext;  // empty: no external wrench

  TreeRobot(std::string tree_name, SerialModel m, std::uint64_t seed)
      : name(std::move(tree_name)),
        model(std::move(m)),
        n(model.dof()),
        data(model),
        fd_data(model),
        derivatives(model),
        tree(test_support::kdl_tree(model)),
        kdl_rne(tree, kdl_vector(model.gravity)),
        kout(n) {
    ring = random_ring(model, data, seed, Vector6d::Zero());
    for (const State& s : ring) {
      kq.push_back(Robot::to_kdl(s.q));
      kqd.push_back(Robot::to_kdl(s.qd));
      kqdd.push_back(Robot::to_kdl(s.qdd));
    }
  }
};

__attribute__((noinline)) const double* tree_manipdyn_id(TreeRobot& r) {
  const State& s = r.ring[r.advance()];
  return inverse_dynamics(r.model, r.data, s.q, s.qd, s.qdd).data();
}
__attribute__((noinline)) const double* tree_kdl_id(TreeRobot& r) {
  const int k = r.advance();
  r.kdl_rne.CartToJnt(r.kq[k], r.kqd[k], r.kqdd[k], r.kf_ext, r.kout);
  return r.kout.data.data();
}
__attribute__((noinline)) const double* tree_manipdyn_mass(TreeRobot& r) {
  return mass_matrix(r.model, r.data, r.ring[r.advance()].q).data();
}
__attribute__((noinline)) const double* tree_manipdyn_gravity(TreeRobot& r) {
  return gravity_torques(r.model, r.data, r.ring[r.advance()].q, r.model.gravity).data();
}
__attribute__((noinline)) const double* tree_manipdyn_fd(TreeRobot& r) {
  const State& s = r.ring[r.advance()];
  return forward_dynamics(r.model, r.fd_data, s.q, s.qd, s.tau).data();
}
__attribute__((noinline)) const double* tree_manipdyn_id_derivatives(TreeRobot& r) {
  const State& s = r.ring[r.advance()];
  return inverse_dynamics_derivatives(r.model, r.derivatives, s.q, s.qd, s.qdd).dtau_dq.data();
}
__attribute__((noinline)) const double* tree_manipdyn_fd_derivatives(TreeRobot& r) {
  const State& s = r.ring[r.advance()];
  return forward_dynamics_derivatives(r.model, r.derivatives, s.q, s.qd, s.tau).dqdd_dq.data();
}
__attribute__((noinline)) const double* tree_manipdyn_aba(TreeRobot& r) {
  const State& s = r.ring[r.advance()];
  return forward_dynamics_articulated_body(r.model, r.fd_data, s.q, s.qd, s.tau,
                                           Vector3d(r.model.gravity), Vector6d::Zero())
      .data();
}

// Registers one benchmark "<prefix><robot name>" per (prefix, call) of `rows` on robot r (a
// TreeRobot or a FreeRobot), each call timed after a first one that sizes lazy buffers.
template <typename R, typename CallT, std::size_t N>
void register_robot_rows(const std::shared_ptr<R>& r,
                         const std::pair<const char*, CallT> (&rows)[N]) {
  for (const auto& [prefix, call] : rows)
    benchmark::RegisterBenchmark((std::string(prefix) + r->name).c_str(),
                                 [r, call](benchmark::State& state) {
                                   call(*r);  // sizes lazily allocated buffers
                                   for (auto _ : state) {
                                     benchmark::DoNotOptimize(call(*r));
                                     benchmark::ClobberMemory();
                                   }
                                 })
        ->MinTime(0.1)
        ->MinWarmUpTime(0.02);
}

// KDL's tree inverse dynamics against manipdyn's, and manipdyn's forward dynamics (both
// methods) against the ring's qdd, at kCheckStates states; registers the rows if they agree.
bool register_trees() {
  RandomTreeOptions options;
  options.prismatic_fraction = 0.0;
  options.branching = 0.3;
  UrdfOptions urdf;  // Romeo's upper body, its whole tree (no friction: KDL has none)
  urdf.whole_tree = true;
  urdf.friction = false;
  urdf.allow_invalid_inertia = true;
  const std::shared_ptr<TreeRobot> robots[] = {
      std::make_shared<TreeRobot>("tree:31", random_tree(31, 7, options), 20261128),
      std::make_shared<TreeRobot>(
          "romeo",
          serial_model_from_urdf_file(MANIPDYN_SOURCE_DIR "/tests/data/urdf/romeo_small.urdf", urdf),
          20261129)};
  for (const auto& r : robots) {
    double worst_id = 0.0, worst_fd = 0.0;
    for (int k = 0; k < kCheckStates; ++k) {
      r->next = k;
      const VectorXd tau = Eigen::Map<const VectorXd>(tree_manipdyn_id(*r), r->n);
      r->next = k;
      const VectorXd kdl = Eigen::Map<const VectorXd>(tree_kdl_id(*r), r->n);
      worst_id = std::max(worst_id, (tau - kdl).cwiseAbs().maxCoeff() /
                                        std::max(1.0, tau.cwiseAbs().maxCoeff()));
      const VectorXd& qdd = r->ring[k].qdd;
      for (TreeCall fd : {&tree_manipdyn_fd, &tree_manipdyn_aba}) {
        r->next = k;
        const VectorXd x = Eigen::Map<const VectorXd>(fd(*r), r->n);
        worst_fd = std::max(worst_fd, (x - qdd).cwiseAbs().maxCoeff() /
                                          std::max(1.0, qdd.cwiseAbs().maxCoeff()));
      }
    }
    r->next = 0;
    std::fprintf(stderr,
                 "bench_peers: %-8s n = %3d, %d states: KDL's tree inverse dynamics from "
                 "manipdyn's %.1e, manipdyn fd(id(qdd)) - qdd %.1e\n",
                 r->name.c_str(), r->n, kCheckStates, worst_id, worst_fd);
    if (!(worst_id <= kTolerance && worst_fd <= kTolerance)) return false;
    const std::pair<const char*, TreeCall> rows[] = {
        {"inverse_dynamics/manipdyn/", &tree_manipdyn_id},
        {"inverse_dynamics/kdl/", &tree_kdl_id},
        {"mass_matrix/manipdyn/", &tree_manipdyn_mass},
        {"gravity_torques/manipdyn/", &tree_manipdyn_gravity},
        {"forward_dynamics/manipdyn/", &tree_manipdyn_fd},
        {"forward_dynamics_articulated_body/manipdyn/", &tree_manipdyn_aba},
        {"inverse_dynamics_derivatives/manipdyn/", &tree_manipdyn_id_derivatives},
        {"forward_dynamics_derivatives/manipdyn/", &tree_manipdyn_fd_derivatives}};
    register_robot_rows(r, rows);
  }
  return true;
}

// ---- free-flyer trees (issue 27, item 7): Romeo and Solo 12 on a floating base (their whole
// URDF trees), manipdyn against MuJoCo on the same model (tests/support/mujoco_peer.hpp: the
// bodies nested as the tree, a free joint on the base body, the real inertias). MuJoCo's inputs
// are converted to its conventions (qpos, qvel, qacc, qfrc) before timing; its calls are those of
// the chain rows: ID mj_kinematics, mj_comPos, mj_comVel, mj_rne(1); M mj_crb, mj_fullM; FD
// mj_crb, mj_factorM, mj_comVel, mj_rne(0), mj_solveM. Rows <quantity>/<library>/<robot>:free.
struct FreeRobot;
using FreeCall = const double* (*)(FreeRobot&);

struct FreeState {
  VectorXd q, v, a, tau;             // ours (Pinocchio's conventions), tau = ID(q, v, a)
  VectorXd qpos, qvel, qacc, qfrc;   // MuJoCo's
  MatrixXd B;                        // qvel = B v, qfrc = B tau
};

struct FreeRobot : RingCursor {
  std::string name;
  SerialModel model;
  int nv;
  std::vector<FreeState> ring;
  SerialData data;
  ForwardDynamicsData fd_data;
  DerivativesData derivatives;
  test_support::MujocoPeer peer;
  std::vector<mjtNum> mout, mM;

  FreeRobot(std::string robot_name, SerialModel m, std::uint64_t seed)
      : name(std::move(robot_name)),
        model(std::move(m)),
        nv(model.nv()),
        data(model),
        fd_data(model),
        derivatives(model),
        peer(test_support::mujoco_peer(model)),
        mout(nv),
        mM(static_cast<std::size_t>(nv) * nv) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> rate(-2.0, 2.0);
    for (int k = 0; k < kRing; ++k) {
      FreeState s;
      s.q = random_configuration(model, rng);
      s.v = VectorXd::NullaryExpr(nv, [&] { return rate(rng); });
      s.a = VectorXd::NullaryExpr(nv, [&] { return rate(rng); });
      s.tau = inverse_dynamics(model, data, s.q, s.v, s.a);
      s.qpos = test_support::to_mujoco_qpos(peer, model, s.q);
      s.B = test_support::mujoco_velocity_map(peer, model, s.q);
      s.qvel = s.B * s.v;
      s.qacc = test_support::to_mujoco_qacc(peer, model, s.q, s.v, s.a);
      s.qfrc = s.B * s.tau;
      ring.push_back(std::move(s));
    }
  }
  void set(mjtNum* dst, const VectorXd& x) const { mju_copy(dst, x.data(), static_cast<int>(x.size())); }
};

__attribute__((noinline)) const double* free_manipdyn_id(FreeRobot& r) {
  const FreeState& s = r.ring[r.advance()];
  return inverse_dynamics(r.model, r.data, s.q, s.v, s.a).data();
}
__attribute__((noinline)) const double* free_manipdyn_mass(FreeRobot& r) {
  return mass_matrix(r.model, r.data, r.ring[r.advance()].q).data();
}
__attribute__((noinline)) const double* free_manipdyn_fd(FreeRobot& r) {
  const FreeState& s = r.ring[r.advance()];
  return forward_dynamics(r.model, r.fd_data, s.q, s.v, s.tau).data();
}
__attribute__((noinline)) const double* free_manipdyn_aba(FreeRobot& r) {
  const FreeState& s = r.ring[r.advance()];
  return forward_dynamics_articulated_body(r.model, r.fd_data, s.q, s.v, s.tau,
                                           Vector3d(r.model.gravity), Vector6d::Zero())
      .data();
}
__attribute__((noinline)) const double* free_manipdyn_id_derivatives(FreeRobot& r) {
  const FreeState& s = r.ring[r.advance()];
  return inverse_dynamics_derivatives(r.model, r.derivatives, s.q, s.v, s.a).dtau_dq.data();
}
__attribute__((noinline)) const double* free_manipdyn_fd_derivatives(FreeRobot& r) {
  const FreeState& s = r.ring[r.advance()];
  return forward_dynamics_derivatives(r.model, r.derivatives, s.q, s.v, s.tau).dqdd_dq.data();
}
__attribute__((noinline)) const double* free_mujoco_id(FreeRobot& r) {
  const FreeState& s = r.ring[r.advance()];
  mjModel* m = r.peer.m.get();
  mjData* d = r.peer.d.get();
  r.set(d->qpos, s.qpos);
  r.set(d->qvel, s.qvel);
  r.set(d->qacc, s.qacc);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_comVel(m, d);
  mj_rne(m, d, 1, r.mout.data());
  return r.mout.data();
}
__attribute__((noinline)) const double* free_mujoco_mass(FreeRobot& r) {
  mjModel* m = r.peer.m.get();
  mjData* d = r.peer.d.get();
  r.set(d->qpos, r.ring[r.advance()].qpos);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_crb(m, d);
  mj_fullM(m, r.mM.data(), d->qM);
  return r.mM.data();
}
__attribute__((noinline)) const double* free_mujoco_fd(FreeRobot& r) {
  const FreeState& s = r.ring[r.advance()];
  mjModel* m = r.peer.m.get();
  mjData* d = r.peer.d.get();
  r.set(d->qpos, s.qpos);
  r.set(d->qvel, s.qvel);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_crb(m, d);
  mj_factorM(m, d);
  mj_comVel(m, d);
  mj_rne(m, d, 0, r.mout.data());  // bias
  for (int i = 0; i < r.nv; ++i) r.mout[i] = s.qfrc[i] - r.mout[i];
  mj_solveM(m, d, r.mout.data(), r.mout.data(), 1);
  return r.mout.data();
}

// The timed calls of both libraries agree (MuJoCo's converted back: tau = B^T qfrc, M = B^T M_mj
// B, a from qacc) at kCheckStates states; registers the rows if they do.
bool register_free_flyers() {
  UrdfOptions urdf;
  urdf.floating_base = true;  // the whole tree on a free-flyer
  urdf.friction = false;
  urdf.allow_invalid_inertia = true;  // Romeo's and the floating ANYmal's published inertias
  const std::shared_ptr<FreeRobot> robots[] = {
      std::make_shared<FreeRobot>(
          "romeo:free",
          serial_model_from_urdf_file(MANIPDYN_SOURCE_DIR "/tests/data/urdf/romeo_small.urdf", urdf),
          20261130),
      std::make_shared<FreeRobot>(
          "solo12:free",
          serial_model_from_urdf_file(MANIPDYN_SOURCE_DIR "/tests/data/urdf/solo12.urdf", urdf),
          20261131)};
  auto relative = [](const auto& x, const auto& ref) {
    return (x - ref).cwiseAbs().maxCoeff() / std::max(1.0, ref.cwiseAbs().maxCoeff());
  };
  for (const auto& r : robots) {
    const int nv = r->nv;
    double worst = 0.0;
    for (int k = 0; k < kCheckStates; ++k) {
      const FreeState& s = r->ring[k];
      r->next = k;
      const VectorXd qfrc = Eigen::Map<const VectorXd>(free_mujoco_id(*r), nv);
      worst = std::max(worst, relative(VectorXd(s.B.transpose() * qfrc), s.tau));
      r->next = k;
      const MatrixXd M = Eigen::Map<const MatrixXd>(free_manipdyn_mass(*r), nv, nv);
      r->next = k;
      const MatrixXd Mmj = Eigen::Map<const MatrixXd>(free_mujoco_mass(*r), nv, nv);
      worst = std::max(worst, relative(MatrixXd(s.B.transpose() * Mmj * s.B), M));
      r->next = k;
      const VectorXd qacc = Eigen::Map<const VectorXd>(free_mujoco_fd(*r), nv);
      const VectorXd a_mj = test_support::from_mujoco_qacc(r->peer, r->model, s.q, s.v, qacc);
      worst = std::max(worst, relative(a_mj, s.a));
      for (FreeCall fd : {&free_manipdyn_fd, &free_manipdyn_aba}) {
        r->next = k;
        worst = std::max(worst, relative(Eigen::Map<const VectorXd>(fd(*r), nv), s.a));
      }
    }
    r->next = 0;
    std::fprintf(stderr,
                 "bench_peers: %-12s nv = %3d, %d states: MuJoCo's ID, M and FD from "
                 "manipdyn's %.1e\n",
                 r->name.c_str(), nv, kCheckStates, worst);
    if (!(worst <= kTolerance)) return false;
    const std::pair<const char*, FreeCall> rows[] = {
        {"inverse_dynamics/manipdyn/", &free_manipdyn_id},
        {"inverse_dynamics/mujoco/", &free_mujoco_id},
        {"mass_matrix/manipdyn/", &free_manipdyn_mass},
        {"mass_matrix/mujoco/", &free_mujoco_mass},
        {"forward_dynamics/manipdyn/", &free_manipdyn_fd},
        {"forward_dynamics_articulated_body/manipdyn/", &free_manipdyn_aba},
        {"forward_dynamics/mujoco/", &free_mujoco_fd},
        {"inverse_dynamics_derivatives/manipdyn/", &free_manipdyn_id_derivatives},
        {"forward_dynamics_derivatives/manipdyn/", &free_manipdyn_fd_derivatives}};
    register_robot_rows(r, rows);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::shared_ptr<Robot>> robots;
  robots.push_back(std::make_shared<Robot>("puma560", puma560(false), 20261123));
  RandomArmOptions revolute;
  revolute.prismatic_fraction = 0.0;
  for (int n : {6, 12, 24, 48, 96, 128})
    robots.push_back(std::make_shared<Robot>(
        "n:" + std::to_string(n), random_arm(n, 1, DhConvention::standard, revolute),
        20261123 + n));

  std::fprintf(stderr, "bench_peers: KDL 1.5.1, MuJoCo %s, DART %s\n", mj_versionString(),
               DART_VERSION);
  bool ok = true;
  for (const auto& robot : robots) ok = check_agreement(*robot) && ok;
  if (!ok) {
    std::fprintf(stderr, "bench_peers: the libraries disagree (> %.0e); not timing\n",
                 kTolerance);
    return 1;
  }

  // the operations of the generated PUMA 560 functions, as counted by the generator
  const codegen::GeneratedCode generated = codegen::generate_dynamics_code(puma560(false));
  auto generated_flops = [&generated](const std::string& quantity) {
    for (const auto& f : generated.functions)
      if (f.name == quantity) return static_cast<double>(f.mul + f.add + f.div);
    return 0.0;
  };
  for (const Implementation& impl : kImplementations)
    for (const auto& robot : robots) {
      if (impl.puma_only && robot->name != "puma560") continue;
      const Call call = impl.call;
      const double flops = std::strcmp(impl.library, "manipdyn") == 0
                               ? counted_flops(robot->model, impl.quantity)
                           : impl.puma_only ? generated_flops(impl.quantity)
                                            : 0.0;
      benchmark::RegisterBenchmark(
          (std::string(impl.quantity) + "/" + impl.library + "/" + robot->name).c_str(),
          [robot, call, flops](benchmark::State& state) {
            call(*robot);  // sizes lazily allocated buffers
            for (auto _ : state) {
              benchmark::DoNotOptimize(call(*robot));
              benchmark::ClobberMemory();
            }
            if (flops > 0) state.counters["flops"] = flops;
          })
          ->MinTime(0.1)
          ->MinWarmUpTime(0.02);
    }
  const auto platform = std::make_shared<Platform>();
  for (const auto which : {stewart::DynamicsModel::dasgupta, stewart::DynamicsModel::improved})
    benchmark::RegisterBenchmark(
        (std::string("stewart_inverse_dynamics/manipdyn/") +
         (which == stewart::DynamicsModel::dasgupta ? "dasgupta" : "improved"))
            .c_str(),
        [platform, which](benchmark::State& state) {
          stewart_id(*platform, which);
          for (auto _ : state) {
            benchmark::DoNotOptimize(stewart_id(*platform, which));
            benchmark::ClobberMemory();
          }
        })
        ->MinTime(0.1)
        ->MinWarmUpTime(0.02);
  // the general engine's Stewart platform: equal to the improved model on the ring, then timed
  const auto general = std::make_shared<GeneralPlatform>();
  for (int k = 0; k < kRing; ++k) {
    const Eigen::VectorXd a = Eigen::Map<const Eigen::VectorXd>(parallel_stewart_id(*general), 6);
    const Eigen::VectorXd b =
        Eigen::Map<const Eigen::VectorXd>(stewart_id(general->stewart, stewart::DynamicsModel::improved), 6);
    if ((a - b).norm() > 1e-9 * std::max(1.0, b.norm())) {
      std::fprintf(stderr, "parallel_inverse_dynamics/stewart: differs from the improved model by %g\n",
                   (a - b).norm());
      std::exit(1);
    }
  }
  benchmark::RegisterBenchmark("parallel_inverse_dynamics/manipdyn/stewart",
                               [general](benchmark::State& state) {
                                 parallel_stewart_id(*general);
                                 for (auto _ : state) {
                                   benchmark::DoNotOptimize(parallel_stewart_id(*general));
                                   benchmark::ClobberMemory();
                                 }
                               })
      ->MinTime(0.1)
      ->MinWarmUpTime(0.02);
  const auto delta = std::make_shared<DeltaRobot>();
  benchmark::RegisterBenchmark("parallel_inverse_dynamics/manipdyn/delta",
                               [delta](benchmark::State& state) {
                                 parallel_delta_id(*delta);
                                 for (auto _ : state) {
                                   benchmark::DoNotOptimize(parallel_delta_id(*delta));
                                   benchmark::ClobberMemory();
                                 }
                               })
      ->MinTime(0.1)
      ->MinWarmUpTime(0.02);
  // forward dynamics of both: the ring's forces, checked to give the ring's accelerations back
  {
    struct Fd {
      std::vector<PlatformMotion> ring;
      std::vector<VectorXd> tau;
    };
    const auto fd_stewart = std::make_shared<Fd>();
    const auto fd_delta = std::make_shared<Fd>();
    for (int k = 0; k < kRing; ++k) {
      fd_stewart->ring.push_back(general->stewart.ring[k]);
      fd_stewart->tau.push_back(parallel::inverse_dynamics(general->model, general->data, general->stewart.ring[k]));
      fd_delta->ring.push_back(delta->ring[k]);
      fd_delta->tau.push_back(parallel::inverse_dynamics(delta->model, delta->data, delta->ring[k]));
    }
    general->next = delta->next = 0;
    for (int k = 0; k < kRing; ++k) {
      const VectorXd xdd = Eigen::Map<const VectorXd>(parallel_fd(*general, fd_stewart->ring, fd_stewart->tau), 6);
      Vector6d expected;
      expected << fd_stewart->ring[k].a, fd_stewart->ring[k].alpha;
      if ((xdd - expected).norm() > 1e-8 * (1.0 + expected.norm())) {
        std::fprintf(stderr, "parallel_forward_dynamics/stewart: FD(ID) differs by %g\n", (xdd - expected).norm());
        std::exit(1);
      }
    }
    benchmark::RegisterBenchmark("parallel_forward_dynamics/manipdyn/stewart",
                                 [general, fd_stewart](benchmark::State& state) {
                                   for (auto _ : state) {
                                     benchmark::DoNotOptimize(parallel_fd(*general, fd_stewart->ring, fd_stewart->tau));
                                     benchmark::ClobberMemory();
                                   }
                                 })
        ->MinTime(0.1)
        ->MinWarmUpTime(0.02);
    benchmark::RegisterBenchmark("parallel_forward_dynamics/manipdyn/delta",
                                 [delta, fd_delta](benchmark::State& state) {
                                   for (auto _ : state) {
                                     benchmark::DoNotOptimize(parallel_fd(*delta, fd_delta->ring, fd_delta->tau));
                                     benchmark::ClobberMemory();
                                   }
                                 })
        ->MinTime(0.1)
        ->MinWarmUpTime(0.02);
  }
  // the regressor of the PUMA 560: Y pi = tau at the ring states, checked before timing
  const auto puma = robots.front();
  const VectorXd pi = standard_parameters(puma->model);
  double worst_y = 0.0;
  for (int k = 0; k < kCheckStates; ++k) {
    puma->next = k;
    const VectorXd y_pi = Eigen::Map<const MatrixXd>(manipdyn_regressor(*puma), puma->n,
                                                     14 * puma->n) * pi;
    worst_y = std::max(worst_y, (y_pi - puma->ring[k].tau).cwiseAbs().maxCoeff() /
                                    std::max(1.0, puma->ring[k].tau.cwiseAbs().maxCoeff()));
  }
  puma->next = 0;
  if (!(worst_y <= kTolerance)) {
    std::fprintf(stderr, "bench_peers: regressor Y pi != tau on the PUMA 560 (%.3e)\n", worst_y);
    return 1;
  }
  benchmark::RegisterBenchmark("regressor/manipdyn/puma560", [puma](benchmark::State& state) {
    manipdyn_regressor(*puma);  // sizes data.Y
    for (auto _ : state) {
      benchmark::DoNotOptimize(manipdyn_regressor(*puma));
      benchmark::ClobberMemory();
    }
  })
      ->MinTime(0.1)
      ->MinWarmUpTime(0.02);
  if (!register_free_flyers()) {
    std::fprintf(stderr, "bench_peers: MuJoCo's free-flyer dynamics disagrees with manipdyn's\n");
    return 1;
  }
  if (!register_trees()) {
    std::fprintf(stderr, "bench_peers: KDL's tree inverse dynamics disagrees with manipdyn's\n");
    return 1;
  }
  register_batch(robots.front()->model);
  {
    UrdfOptions urdf;  // Romeo's upper body, its whole tree, fixed and on a free-flyer
    urdf.whole_tree = true;
    urdf.allow_invalid_inertia = true;
    const std::string romeo = MANIPDYN_SOURCE_DIR "/tests/data/urdf/romeo_small.urdf";
    register_batch(serial_model_from_urdf_file(romeo, urdf), "romeo", true);
    urdf.floating_base = true;
    register_batch(serial_model_from_urdf_file(romeo, urdf), "romeo:free", true);
  }
  register_derivative_batch(robots.front()->model);
  if (!register_derivatives(robots)) {
    std::fprintf(stderr, "bench_peers: the derivatives disagree with central differences\n");
    return 1;
  }

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
