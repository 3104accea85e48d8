#pragma once
/// \file mujoco_peer.hpp
/// MuJoCo (Debian's libmujoco-dev 2.2.2) as an independent peer of the tests: any SerialModel --
/// a chain or a tree, on a fixed or a free-flyer root -- converted into an mjModel, the
/// conversions between our q, v, a, tau and MuJoCo's qpos, qvel, qacc, qfrc, and MuJoCo's inverse
/// dynamics, mass matrix and forward dynamics returned in our conventions:
///   mujoco_inverse_dynamics(model, q, v, a), mujoco_mass_matrix(model, q),
///   mujoco_forward_dynamics(model, q, v, tau)  (each also taking a MujocoPeer built once);
/// and mujoco_compile(xml) for a test that writes its own MJCF (a closed-loop robot).
/// Compiled only where CMake found MuJoCo (MANIPDYN_HAVE_MUJOCO=1, tests/CMakeLists.txt: a test
/// file whose name contains "mujoco"); elsewhere such a file skips its tests with a message.
///
/// The model (mujoco_peer): one body per joint, nested as the tree (a body inside its antecedent's,
/// the root joints' bodies inside the base body, or the world for a fixed root). Body j's frame is
/// our frame j of the modified (Khalil-Kleinfinger) convention, model.modified: placed in its
/// parent's by tree_transform(gamma, b, a, alpha, d, theta) at q_j = 0 (model.modified.base before
/// the root joints), a hinge (revolute) or slide (prismatic) along its z axis at its origin, which
/// is exactly Rz(theta + q) Tz(d) or Rz(theta) Tz(d + q). A free-flyer's base body carries a free
/// joint and base_inertia. Gravity from the model; no armature, damping, limits, geoms (hence no
/// contacts). MuJoCo's compiler rejects some published inertias (CLARIFICATIONS.md), so every body
/// is compiled with a placeholder inertial off its frame (so that no body is "sameframe" or
/// "simple") and body_mass, body_inertia, body_ipos, body_iquat are then overwritten (the inertia
/// diagonalised, its principal axes as body_iquat) before mj_setConst, as bench/bench_peers.cpp
/// does for chains. Drive terms (motor inertia, friction) have no MuJoCo counterpart here: a
/// model with them is refused (compare model.without_drive()).
///
/// The conventions (MuJoCo's documentation, "free joint"; checked by tests/regression/
/// serial_mujoco_peer.cpp against finite differences of mj_integratePos and our kinematics):
///   qpos = [p (world), quaternion (w, x, y, z) of world <- base, joints in MuJoCo's body order],
///   qvel = [linear velocity of the base origin in the WORLD frame, angular velocity in the BASE
///           frame, joint rates], qacc = d/dt qvel, qfrc dual to qvel (power qfrc . qvel).
/// Ours (Pinocchio's): q = [p, (x, y, z, w), joints], v = [R^T pdot, w_base, qd], a = d/dt v,
/// tau dual to v. So qvel = B v with B = blockdiag(R, I_3, P) (R = world <- base, P the joints'
/// permutation), qacc = B a + [R (w x v_lin); 0], qfrc = B tau, tau = B^T qfrc, M = B^T M_mj B.
#if MANIPDYN_HAVE_MUJOCO
#include <mujoco/mujoco.h>

#include <cstring>
#include <functional>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/model.hpp"

namespace manipdyn::test_support {

struct MjModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct MjDataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

/// A SerialModel in MuJoCo: the compiled mjModel, one mjData, and where each of our joints is.
struct MujocoPeer {
  std::unique_ptr<mjModel, MjModelDeleter> m;
  std::unique_ptr<mjData, MjDataDeleter> d;
  bool free_flyer = false;
  std::vector<int> body;      ///< (n) MuJoCo body id of our joint j's link
  std::vector<int> qpos_adr;  ///< (n) index of q_j in qpos
  std::vector<int> dof_adr;   ///< (n) index of v_j in qvel
  int base_body = 0;          ///< the base body's id (0, the world, for a fixed root)
};

namespace mujoco_detail {

inline void append_pose(std::ostringstream& xml, const Eigen::Isometry3d& T) {
  const Eigen::Quaterniond quat(T.linear());
  const Vector3d p = T.translation();
  xml << " pos=\"" << p.x() << ' ' << p.y() << ' ' << p.z() << "\" quat=\"" << quat.w() << ' '
      << quat.x() << ' ' << quat.y() << ' ' << quat.z() << '"';
}

// A placeholder inertial off the body frame (overwritten after compiling; see the file comment).
constexpr const char* kPlaceholderInertial =
    "<inertial pos=\"0.1 0.2 0.3\" quat=\"0.9 0.1 0.2 0.3\" mass=\"1\" diaginertia=\"1 1 1\"/>";

// MuJoCo's XML parser refuses elements nested more than 100 deep.
constexpr int kMaxDepth = 90;

inline std::string mjcf(const SerialModel& model) {
  const DhChain& c = model.modified;
  const int n = model.dof();
  std::vector<std::vector<int>> children(n + 1);  // children[a + 1]: the joints on a
  for (int j = 0; j < n; ++j) children[c.parent[j] + 1].push_back(j);
  std::ostringstream xml;
  xml.precision(17);
  xml << "<mujoco model=\"peer\">\n  <compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
      << "  <option gravity=\"" << model.gravity.x() << ' ' << model.gravity.y() << ' '
      << model.gravity.z() << "\"/>\n  <worldbody>\n";
  std::function<void(int, int)> write_subtree = [&](int j, int depth) {
    if (depth > kMaxDepth)
      throw std::invalid_argument("mujoco_peer: the tree is deeper than " +
                                  std::to_string(kMaxDepth) + " bodies (MuJoCo's XML limit)");
    const bool revolute = c.type[j] == JointType::revolute;
    Eigen::Isometry3d placement =
        tree_transform(c.gamma[j], c.b[j], c.a[j], c.alpha[j], c.d[j], c.theta[j]);
    if (c.parent[j] < 0) placement = c.base * placement;
    xml << "<body name=\"j" << j << '"';
    append_pose(xml, placement);
    xml << "><joint name=\"j" << j << "\" type=\"" << (revolute ? "hinge" : "slide")
        << "\" axis=\"0 0 1\" pos=\"0 0 0\" armature=\"0\" damping=\"0\" limited=\"false\"/>"
        << kPlaceholderInertial << '\n';
    for (int k : children[j + 1]) write_subtree(k, depth + 1);
    xml << "</body>\n";
  };
  if (model.root == RootJoint::free_flyer)
    xml << "<body name=\"base\" pos=\"0 0 0\"><freejoint name=\"base\"/>" << kPlaceholderInertial
        << '\n';
  for (int j : children[0]) write_subtree(j, 1);
  if (model.root == RootJoint::free_flyer) xml << "</body>\n";
  xml << "  </worldbody>\n</mujoco>\n";
  return xml.str();
}

// Overwrites body b's inertial with (mass, com, inertia about the com), all in the body frame.
inline void set_body_inertia(mjModel* m, int b, double mass, const Vector3d& com,
                             const Matrix3d& inertia) {
  if (m->body_sameframe[b] != 0 || m->body_simple[b] != 0)
    throw std::runtime_error("mujoco_peer: body " + std::to_string(b) +
                             " compiled as sameframe or simple");
  const Eigen::SelfAdjointEigenSolver<Matrix3d> eig(0.5 * (inertia + inertia.transpose()));
  Matrix3d axes = eig.eigenvectors();
  if (axes.determinant() < 0.0) axes.col(2) = -axes.col(2);
  const Eigen::Quaterniond iquat(axes);
  m->body_mass[b] = mass;
  for (int k = 0; k < 3; ++k) {
    m->body_inertia[3 * b + k] = eig.eigenvalues()[k];
    m->body_ipos[3 * b + k] = com[k];
  }
  m->body_iquat[4 * b + 0] = iquat.w();
  m->body_iquat[4 * b + 1] = iquat.x();
  m->body_iquat[4 * b + 2] = iquat.y();
  m->body_iquat[4 * b + 3] = iquat.z();
}

}  // namespace mujoco_detail

/// An MJCF document compiled from memory; throws std::runtime_error with MuJoCo's message.
inline std::unique_ptr<mjModel, MjModelDeleter> mujoco_compile(const std::string& xml) {
  auto vfs = std::make_unique<mjVFS>();
  mj_defaultVFS(vfs.get());
  if (mj_makeEmptyFileVFS(vfs.get(), "peer.xml", static_cast<int>(xml.size())) != 0)
    throw std::runtime_error("mujoco_peer: mj_makeEmptyFileVFS failed");
  std::memcpy(vfs->filedata[vfs->nfile - 1], xml.data(), xml.size());
  char error[1000] = "";
  std::unique_ptr<mjModel, MjModelDeleter> m(mj_loadXML("peer.xml", vfs.get(), error, sizeof(error)));
  mj_deleteVFS(vfs.get());
  if (!m) throw std::runtime_error(std::string("mujoco_peer: ") + error);
  return m;
}

/// The model in MuJoCo (file comment). Throws std::invalid_argument for a model with drive terms
/// or deeper than 90 bodies, std::runtime_error if MuJoCo's compiler fails.
inline MujocoPeer mujoco_peer(const SerialModel& model) {
  if (model.has_drive)
    throw std::invalid_argument("mujoco_peer: model '" + model.name +
                                "' has drive terms (motor inertia, friction), which the MuJoCo "
                                "peer does not model; compare model.without_drive()");
  MujocoPeer peer;
  peer.m = mujoco_compile(mujoco_detail::mjcf(model));
  mjModel* m = peer.m.get();
  // Where each joint went (MuJoCo numbers bodies depth first).
  const int n = model.dof();
  peer.free_flyer = model.root == RootJoint::free_flyer;
  if (peer.free_flyer) {
    peer.base_body = mj_name2id(m, mjOBJ_BODY, "base");
    const BodyInertia& b = model.base_inertia;
    mujoco_detail::set_body_inertia(m, peer.base_body, b.mass, b.com, b.inertia);
  }
  for (int j = 0; j < n; ++j) {
    const std::string name = "j" + std::to_string(j);
    const int body = mj_name2id(m, mjOBJ_BODY, name.c_str());
    const int joint = mj_name2id(m, mjOBJ_JOINT, name.c_str());
    peer.body.push_back(body);
    peer.qpos_adr.push_back(m->jnt_qposadr[joint]);
    peer.dof_adr.push_back(m->jnt_dofadr[joint]);
    mujoco_detail::set_body_inertia(m, body, model.modified.mass[j], model.modified.com[j],
                                    model.modified.inertia_com[j]);
  }
  peer.d.reset(mj_makeData(m));
  mj_setConst(m, peer.d.get());
  return peer;
}

/// MuJoCo's qpos of our q (nq; the quaternion normalised).
inline VectorXd to_mujoco_qpos(const MujocoPeer& peer, const SerialModel& model,
                               const VectorXd& q) {
  VectorXd qpos(peer.m->nq);
  const int offset = model.nq() - model.dof();
  if (peer.free_flyer) {
    const VectorXd unit = normalize(model, q);
    qpos.head<3>() = unit.head<3>();
    qpos.segment<4>(3) << unit[6], unit[3], unit[4], unit[5];  // (w, x, y, z)
  }
  for (int j = 0; j < model.dof(); ++j) qpos[peer.qpos_adr[j]] = q[offset + j];
  return qpos;
}

/// B (nv x nv) of the file comment: qvel = B v, qfrc = B tau, M = B^T M_mj B, at q.
inline MatrixXd mujoco_velocity_map(const MujocoPeer& peer, const SerialModel& model,
                                    const VectorXd& q) {
  const int nv = model.nv(), offset = nv - model.dof();
  MatrixXd B = MatrixXd::Zero(nv, nv);
  if (peer.free_flyer) {
    B.topLeftCorner<3, 3>() = base_pose(model, q).topLeftCorner<3, 3>();
    B.block<3, 3>(3, 3).setIdentity();
  }
  for (int j = 0; j < model.dof(); ++j) B(peer.dof_adr[j], offset + j) = 1.0;
  return B;
}

/// MuJoCo's qacc of our (q, v, a): B a + [R (w x v_lin); 0].
inline VectorXd to_mujoco_qacc(const MujocoPeer& peer, const SerialModel& model,
                               const VectorXd& q, const VectorXd& v, const VectorXd& a) {
  const MatrixXd B = mujoco_velocity_map(peer, model, q);
  VectorXd qacc = B * a;
  if (peer.free_flyer)
    qacc.head<3>() += B.topLeftCorner<3, 3>() * v.segment<3>(3).cross(v.head<3>());
  return qacc;
}

/// Our a of MuJoCo's qacc at (q, v): B^T (qacc - [R (w x v_lin); 0]).
inline VectorXd from_mujoco_qacc(const MujocoPeer& peer, const SerialModel& model,
                                 const VectorXd& q, const VectorXd& v, const VectorXd& qacc) {
  const MatrixXd B = mujoco_velocity_map(peer, model, q);
  VectorXd a = B.transpose() * qacc;
  if (peer.free_flyer) a.head<3>() -= v.segment<3>(3).cross(v.head<3>());
  return a;
}

/// Loads (q, v) into peer.d (qpos, qvel; qacc and qfrc_applied zero).
inline void set_mujoco_state(MujocoPeer& peer, const SerialModel& model, const VectorXd& q,
                             const VectorXd& v) {
  const int nv = peer.m->nv;
  const VectorXd qpos = to_mujoco_qpos(peer, model, q);
  const VectorXd qvel = mujoco_velocity_map(peer, model, q) * v;
  mju_copy(peer.d->qpos, qpos.data(), peer.m->nq);
  mju_copy(peer.d->qvel, qvel.data(), nv);
  mju_zero(peer.d->qacc, nv);
  mju_zero(peer.d->qfrc_applied, nv);
}

/// MuJoCo's inverse dynamics (mj_inverse: M qacc + bias) in our conventions: tau (nv) at q (nq),
/// v, a (nv).
inline VectorXd mujoco_inverse_dynamics(MujocoPeer& peer, const SerialModel& model,
                                        const VectorXd& q, const VectorXd& v, const VectorXd& a) {
  set_mujoco_state(peer, model, q, v);
  const VectorXd qacc = to_mujoco_qacc(peer, model, q, v, a);
  mju_copy(peer.d->qacc, qacc.data(), peer.m->nv);
  mj_inverse(peer.m.get(), peer.d.get());
  const Eigen::Map<const VectorXd> qfrc(peer.d->qfrc_inverse, peer.m->nv);
  return mujoco_velocity_map(peer, model, q).transpose() * qfrc;
}

/// MuJoCo's mass matrix (mj_crb, mj_fullM) in our conventions: M (nv x nv) at q (nq).
inline MatrixXd mujoco_mass_matrix(MujocoPeer& peer, const SerialModel& model, const VectorXd& q) {
  const int nv = peer.m->nv;
  set_mujoco_state(peer, model, q, VectorXd::Zero(nv));
  mj_kinematics(peer.m.get(), peer.d.get());
  mj_comPos(peer.m.get(), peer.d.get());
  mj_crb(peer.m.get(), peer.d.get());
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> M(nv, nv);
  mj_fullM(peer.m.get(), M.data(), peer.d->qM);
  const MatrixXd B = mujoco_velocity_map(peer, model, q);
  return B.transpose() * M * B;
}

/// MuJoCo's forward dynamics (mj_forward's qacc with qfrc_applied = B tau) in our conventions:
/// a (nv) at q (nq), v, tau (nv).
inline VectorXd mujoco_forward_dynamics(MujocoPeer& peer, const SerialModel& model,
                                        const VectorXd& q, const VectorXd& v,
                                        const VectorXd& tau) {
  set_mujoco_state(peer, model, q, v);
  const VectorXd qfrc = mujoco_velocity_map(peer, model, q) * tau;
  mju_copy(peer.d->qfrc_applied, qfrc.data(), peer.m->nv);
  mj_forward(peer.m.get(), peer.d.get());
  const Eigen::Map<const VectorXd> qacc(peer.d->qacc, peer.m->nv);
  return from_mujoco_qacc(peer, model, q, v, qacc);
}

/// mujoco_inverse_dynamics on a peer built for this call.
inline VectorXd mujoco_inverse_dynamics(const SerialModel& model, const VectorXd& q,
                                        const VectorXd& v, const VectorXd& a) {
  MujocoPeer peer = mujoco_peer(model);
  return mujoco_inverse_dynamics(peer, model, q, v, a);
}
/// mujoco_mass_matrix on a peer built for this call.
inline MatrixXd mujoco_mass_matrix(const SerialModel& model, const VectorXd& q) {
  MujocoPeer peer = mujoco_peer(model);
  return mujoco_mass_matrix(peer, model, q);
}
/// mujoco_forward_dynamics on a peer built for this call.
inline VectorXd mujoco_forward_dynamics(const SerialModel& model, const VectorXd& q,
                                        const VectorXd& v, const VectorXd& tau) {
  MujocoPeer peer = mujoco_peer(model);
  return mujoco_forward_dynamics(peer, model, q, v, tau);
}

}  // namespace manipdyn::test_support
#endif  // MANIPDYN_HAVE_MUJOCO
